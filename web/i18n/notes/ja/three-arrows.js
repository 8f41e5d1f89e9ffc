// three-arrows の手の説明（手が何をするか）の日本語版 (形式は web/notes.js、ja.js が各ゲームをまとめる)：
// 各キーはエンジンのノートの一部 (src/games/three_arrows/note.c) の英語の書式。

// プレイヤーの順位と、それを言う行
const PLACE = { '1st': '1', '2nd': '2', '3rd': '3', '4th': '4' };
/** @param {string} t */
const finish = (t) => ({ t, args: { 1: PLACE } });

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  "your %s (attack %d) against p%d's %s (defence %d): the die adds %s, so it captures whatever the die":
    'あなたの %1（攻撃 %2）対 p%3 の %4（防御 %5）：ダイスで %6 が加わり、どの目でも取れます',
  "your %s (attack %d) against p%d's %s (defence %d): the die adds %s, so it does nothing whatever the die":
    'あなたの %1（攻撃 %2）対 p%3 の %4（防御 %5）：ダイスで %6 が加わり、どの目でも何も起きません',
  "your %s (attack %d) against p%d's %s (defence %d): the die adds %s, so it loses your %c whatever the die":
    'あなたの %1（攻撃 %2）対 p%3 の %4（防御 %5）：ダイスで %6 が加わり、どの目でもあなたの %7 が取られます',
  "your %s (attack %d) against p%d's %s (defence %d): the die adds %s, so it captures on %s (%d face%s in %d), does nothing on %s":
    'あなたの %1（攻撃 %2）対 p%3 の %4（防御 %5）：ダイスで %6 が加わり、%7 なら取れ（%10 回に %8 回）、%11 なら何も起きません',
  "your %s (attack %d) against p%d's %s (defence %d): the die adds %s, so it captures on %s (%d face%s in %d), loses your %c on %s":
    'あなたの %1（攻撃 %2）対 p%3 の %4（防御 %5）：ダイスで %6 が加わり、%7 なら取れ（%10 回に %8 回）、%12 ならあなたの %11 が取られます',
  "your %s (attack %d) against p%d's %s (defence %d): the die adds %s, so it does nothing on %s, loses your %c on %s":
    'あなたの %1（攻撃 %2）対 p%3 の %4（防御 %5）：ダイスで %6 が加わり、%7 なら何も起きず、%9 ならあなたの %8 が取られます',
  "your %s (attack %d) against p%d's %s (defence %d): the die adds %s, so it captures on %s (%d face%s in %d), does nothing on %s, loses your %c on %s":
    'あなたの %1（攻撃 %2）対 p%3 の %4（防御 %5）：ダイスで %6 が加わり、%7 なら取れ（%10 回に %8 回）、%11 なら何も起きず、%13 ならあなたの %12 が取られます',
  "your %s (attack %d) against p%d's %s (defence %d): captures":
    'あなたの %1（攻撃 %2）対 p%3 の %4（防御 %5）：取れます',
  "your %s (attack %d) against p%d's %s (defence %d): does nothing":
    'あなたの %1（攻撃 %2）対 p%3 の %4（防御 %5）：何も起きません',
  "your %s (attack %d) against p%d's %s (defence %d): loses your %c":
    'あなたの %1（攻撃 %2）対 p%3 の %4（防御 %5）：あなたの %6 が取られます',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): the die adds %s, so it captures whatever the die":
    'あなたの %1（攻撃 %2）対 p%3 のカバー付きの駒（見えている防御 %4）：ダイスで %5 が加わり、どの目でも取れます',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): the die adds %s, so it does nothing whatever the die":
    'あなたの %1（攻撃 %2）対 p%3 のカバー付きの駒（見えている防御 %4）：ダイスで %5 が加わり、どの目でも何も起きません',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): the die adds %s, so it loses your %c whatever the die":
    'あなたの %1（攻撃 %2）対 p%3 のカバー付きの駒（見えている防御 %4）：ダイスで %5 が加わり、どの目でもあなたの %6 が取られます',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): the die adds %s, so it captures on %s (%d face%s in %d), does nothing on %s":
    'あなたの %1（攻撃 %2）対 p%3 のカバー付きの駒（見えている防御 %4）：ダイスで %5 が加わり、%6 なら取れ（%9 回に %7 回）、%10 なら何も起きません',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): the die adds %s, so it captures on %s (%d face%s in %d), loses your %c on %s":
    'あなたの %1（攻撃 %2）対 p%3 のカバー付きの駒（見えている防御 %4）：ダイスで %5 が加わり、%6 なら取れ（%9 回に %7 回）、%11 ならあなたの %10 が取られます',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): the die adds %s, so it does nothing on %s, loses your %c on %s":
    'あなたの %1（攻撃 %2）対 p%3 のカバー付きの駒（見えている防御 %4）：ダイスで %5 が加わり、%6 なら何も起きず、%8 ならあなたの %7 が取られます',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): the die adds %s, so it captures on %s (%d face%s in %d), does nothing on %s, loses your %c on %s":
    'あなたの %1（攻撃 %2）対 p%3 のカバー付きの駒（見えている防御 %4）：ダイスで %5 が加わり、%6 なら取れ（%9 回に %7 回）、%10 なら何も起きず、%12 ならあなたの %11 が取られます',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): captures":
    'あなたの %1（攻撃 %2）対 p%3 のカバー付きの駒（見えている防御 %4）：取れます',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): does nothing":
    'あなたの %1（攻撃 %2）対 p%3 のカバー付きの駒（見えている防御 %4）：何も起きません',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): loses your %c":
    'あなたの %1（攻撃 %2）対 p%3 のカバー付きの駒（見えている防御 %4）：あなたの %5 が取られます',
  '%d against %d before the die: p%d captures your %c whatever the die':
    '防御 %1 対 攻撃 %2（ダイスの前）：どの目でも p%3 にあなたの %4 を取られます',
  '%d against %d before the die: nothing happens whatever the die':
    '防御 %1 対 攻撃 %2（ダイスの前）：どの目でも何も起きません',
  "%d against %d before the die: p%d's %c is captured whatever the die":
    '防御 %1 対 攻撃 %2（ダイスの前）：どの目でも p%3 の %4 が取られます',
  '%d against %d before the die: p%d captures your %c on %s, nothing on %s':
    '防御 %1 対 攻撃 %2（ダイスの前）：%5 なら p%3 にあなたの %4 を取られ、%6 なら何も起きません',
  "%d against %d before the die: p%d captures your %c on %s, p%d's %c is captured on %s":
    '防御 %1 対 攻撃 %2（ダイスの前）：%5 なら p%3 にあなたの %4 を取られ、%8 なら p%6 の %7 が取られます',
  "%d against %d before the die: nothing on %s, p%d's %c is captured on %s":
    '防御 %1 対 攻撃 %2（ダイスの前）：%3 なら何も起きず、%6 なら p%4 の %5 が取られます',
  "%d against %d before the die: p%d captures your %c on %s, nothing on %s, p%d's %c is captured on %s":
    '防御 %1 対 攻撃 %2（ダイスの前）：%5 なら p%3 にあなたの %4 を取られ、%6 なら何も起きず、%9 なら p%7 の %8 が取られます',
  '%d against %d: p%d captures your %c': '防御 %1 対 攻撃 %2：p%3 にあなたの %4 を取られます',
  '%d against %d: nothing happens': '防御 %1 対 攻撃 %2：何も起きません',
  "%d against %d: p%d's %c is captured": '防御 %1 対 攻撃 %2：p%3 の %4 が取られます',
  'adds nothing to this defence': 'この防御には何も加わりません',
  'adds %d to the defence': '防御が %1 増えます',
  'p%d may first uncover %d piece%s of the line': 'p%1 は先にこの列の駒を %2 個表にできます',
  "it is p%d's last piece": 'p%1 の最後の駒です',
  'losing it eliminates you': 'この駒を失うと脱落します',
  'the game ends with this turn (turn limit)': 'このターンで対局が終わります（ターン数の上限）',
  'a capture ends the game': '取れば対局が終わります',
  'ends the game (turn limit): you finish %s': finish('対局が終わります（ターン数の上限）：あなたは %1 位です'),
  'ends the game (turn limit): you finish shared %s': finish(
    '対局が終わります（ターン数の上限）：あなたは同率 %1 位です',
  ),
  'ends the game (one player left): you finish %s': finish('対局が終わります（残りは 1 人）：あなたは %1 位です'),
  'ends the game (one player left): you finish shared %s': finish(
    '対局が終わります（残りは 1 人）：あなたは同率 %1 位です',
  ),
  'ends the game (nobody can act): you finish %s': finish('対局が終わります（誰も行動できない）：あなたは %1 位です'),
  'ends the game (nobody can act): you finish shared %s': finish(
    '対局が終わります（誰も行動できない）：あなたは同率 %1 位です',
  ),
  'covered: it points at nothing until you uncover it': 'カバー付き：表にするまで何も指しません',
  'points at %s': '%1 を指します',
  '%d more': 'ほか %1 マス',
  'points off the board (%s)': '盤の外を指します（%1）',
  'arrow %s points off the board': '矢印 %1 は盤の外を指します',
  'arrows %s point off the board': '矢印 %1 は盤の外を指します',
  'points only at your own pieces': '自分の駒しか指しません',
  "p%d's %s on %s": 'p%1 の %3 の %2',
  "p%d's covered piece on %s": 'p%1 の %2 のカバー付きの駒',
  'threatens %s': '%1 を狙います',
  'threatens %s and %s': '%1、%2 を狙います',
  'threatens %s, %s and %s': '%1、%2、%3 を狙います',
  'threatens %s, %s, %s and %s': '%1、%2、%3、%4 を狙います',
  'threatens %s, %s, %s, %s and %s': '%1、%2、%3、%4、%5 を狙います',
  '%s is shielded (unshield first)': '%1 はシールド付きです（先にシールドを外してください）',
  '%s and %s are shielded (unshield first)': '%1、%2 はシールド付きです（先にシールドを外してください）',
  '%s, %s and %s are shielded (unshield first)': '%1、%2、%3 はシールド付きです（先にシールドを外してください）',
  '%s, %s, %s and %s are shielded (unshield first)':
    '%1、%2、%3、%4 はシールド付きです（先にシールドを外してください）',
  '%s, %s, %s, %s and %s are shielded (unshield first)':
    '%1、%2、%3、%4、%5 はシールド付きです（先にシールドを外してください）',
  'no square left for your next piece and nothing to attack next turn: you would be skipped':
    '次の駒を置けるマスも、次のターンに攻撃できる相手もありません：手番が飛ばされます',
  'no piece left to place and nothing to attack next turn: you would be skipped':
    '置ける持ち駒も、次のターンに攻撃できる相手もありません：手番が飛ばされます',
  'after this, no square is left for your next piece': 'これで次の駒を置けるマスがなくなります',
  'after this, you can place only at %s': 'これで次の駒を置けるのは %1 だけになります',
  '%d extra turn%s': '追加ターン %1 回',
  '%d bonus piece%s left (they break ties)': 'ボーナス駒は残り %1 個（同点のときに順位を決めます）',
  "removes the shield of p%d's covered piece on %s": 'p%1 の %2 のカバー付きの駒のシールドを外します',
  "removes the shield of p%d's %s on %s": 'p%1 の %3 の %2 のシールドを外します',
};
