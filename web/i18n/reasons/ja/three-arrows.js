// three-arrows の手を拒む理由の日本語版 (形式は web/reasons.js、ja.js が各部をまとめる)：
// 各キーは scripts/narration-formats.mjs --reasons が挙げる src/ の書式。

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'p%d has no %c left to place': 'p%1 の持ち駒に %2 はもう残っていません',
  'a %s has been placed: the only piece anyone may place now is their own %s':
    '%1 が置かれました：今は誰もが自分の %2 しか置けません',
  'the %s (%c) may be placed only when your %d other pieces have left the holder, or once any %s has been placed':
    '%1（%2）を置けるのは、ほかの駒 %3 個がすべて持ち駒から出たとき、または誰かが %4 を置いた後だけです',
  'tactical mode has no covers': 'タクティカルではカバーを使えません',
  'the %s cannot be covered': '%1 にはカバーをかけられません',
  'p%d has no covers left': 'p%1 にはもうカバーがありません',
  'p%d has no shields left': 'p%1 にはもうシールドがありません',
  '%s is occupied': '%1 にはすでに駒があります',
  'the first piece goes on an edge square that is not a corner, on a side where no player has placed a first piece':
    '最初の駒は、まだ誰も最初の駒を置いていない辺の、角以外のマスに置きます',
  'no uncovered piece of p%d has an arrow pointing at %s':
    '%2 を矢印で指している、カバーのかかっていない p%1 の駒がありません',
  '%s holds no piece of p%d': '%1 に p%2 の駒はありません',
  '%s is covered: uncover it first (uncover %s)': '%1 の駒はカバー付きです：先に表にしてください（uncover %2）',
  '%s holds no opposing piece': '%1 に相手の駒はありません',
  'the piece on %s has no arrow pointing at %s': '%1 の駒には %2 を指す矢印がありません',
  '%s is shielded: remove the shield first (unshield %s)':
    '%1 の駒はシールド付きです：先にシールドを外してください（unshield %2）',
  '%s has no shield': '%1 の駒にはシールドがありません',
  'no uncovered piece of p%d has an arrow pointing at %s, so its shield cannot be removed':
    '%2 を矢印で指している、カバーのかかっていない p%1 の駒がないので、そのシールドは外せません',
  '%s is not a covered piece of p%d': '%1 に p%2 のカバー付きの駒はありません',
  'p%d must answer the attack on %s: uncover covered pieces, then defend':
    'p%1 は %2 への攻撃に応じなければなりません：カバー付きの駒を表にしてから、防御してください',
  'advance takes a facing: N, E, S or W': 'advance には向き（N、E、S、W のいずれか）が必要です',
  'p%d captured on %s and must choose: stay, or advance <facing>':
    'p%1 は %2 で駒を取ったので、stay か advance <向き> を選ばなければなりません',
  'not a placement of this game': 'このゲームにはない置き方です',
  'that facing is written %s for this piece': 'この駒では、その向きは %1 と書きます',
  'not an attack of this game': 'このゲームにはない攻撃です',
  'not a square of this board': 'この盤にはないマスです',
  'bonus pieces are spent only at the very start of a turn': 'ボーナス駒を使えるのは手番のいちばん初めだけです',
  'bonus k needs 2 <= k <= the bonus pieces held (p%d holds %d)':
    'bonus k の k は 2 以上、持っているボーナス駒の数以下です（p%1 のボーナス駒は %2 個）',
  'no attack to defend against': '防御する攻撃がありません',
  'stay and advance follow a capture only': 'stay と advance は駒を取った後にだけ使えます',
  'the die must be rolled first: %s': '先にダイスを振らなければなりません：%1',
  'no die roll is pending': '今はダイスを振る場面ではありません',
  "expected 'place <piece> <sq> <facing> [covered] [shielded]', e.g. place Y c1 N":
    "'place <駒> <マス> <向き> [covered] [shielded]' の形で入力してください（例：place Y c1 N）",
  "'%s' is not a piece: expected %s": "'%1' は駒ではありません：駒の文字は %2 です",
  "'%s' is not a facing: expected N, E, S or W": "'%1' は向きではありません：N、E、S、W のいずれかを入力してください",
  "'%s' after the facing: expected 'covered' and/or 'shielded'":
    "向きの後の '%1' は使えません：書けるのは 'covered' と 'shielded'（片方または両方）です",
  "expected 'advance <facing>' with facing N, E, S or W":
    "'advance <向き>' の形で入力してください（向きは N、E、S、W のいずれか）",
  "expected '%s <sq>'": "'%1 <マス>' の形で入力してください",
  "expected 'attack <from> <to>', e.g. attack c3 c4":
    "'attack <攻撃元> <攻撃先>' の形で入力してください（例：attack c3 c4）",
  "expected 'bonus <k>' with a whole number k >= 2": "'bonus <k>' の形で入力してください（k は 2 以上の整数）",
  "unknown action '%s': expected one of %s": "'%1' は不明な手です：入力できるのは %2 のいずれかです",
};
