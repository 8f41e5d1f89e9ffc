// evons の手の説明（手が何をするか）の日本語版 (形式は web/notes.js、ja.js が各ゲームをまとめる)：
// 各キーはエンジンのノートの一部 (src/games/evons/note.c) の英語の書式。

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // 相手の裏向きのカード（手を選ぶ人から見て）
  'a covered card': '裏向きのカード',
  // 出す・伏せる・表にするときのコスト
  'costs %d (%d left)': 'コスト %1（残り %2）',
  '%s costs %d (%d left)': '%1 のコスト %2（残り %3）',
  '%s, free (Growth-placed)': '%1：コストなし（Growth で配置）',
  'face down, free': '裏向きに伏せます（コストなし）',
  'revealing it costs %d': '表にするときのコストは %1 です',
  '%d back into the deck, %d new drawn': '%1 枚をデッキに戻し、新たに %2 枚引きます',
  'no hand play: the game ends if p%d makes none either':
    '手札からプレイせずに終えます：p%1 もプレイしなければ対局が終わります',
  // カードが出会う衝突とフリップ
  'out zone: no conflicts, no flips': '外側ゾーン：衝突もフリップもありません',
  'conflict %s %d/%d (falls)': '衝突：%1 %2/%3（倒れる）',
  'conflict %s %d/%d (holds)': '衝突：%1 %2/%3（耐える）',
  '%s %d/%d (falls)': '%1 %2/%3（倒れる）',
  '%s %d/%d (holds)': '%1 %2/%3（耐える）',
  'it takes %d and falls': '%1 ダメージを受けて倒れます',
  'flips %s': '%1 をフリップします',
  'destroys covered %s': '%1 の裏向きのカードを破壊します',
  'destroys covered %s %s': '%1 %2 の裏向きのカードを破壊します',
  'no conflict, nothing to flip': '衝突もフリップもありません',
  // 能力
  'Remove: destroys %s on %s': 'Remove：%2 の %1 を破壊します',
  'Block: puts %s on %s': 'Block：%2 に %1 を置きます',
  'Block: sends %s on %s to the graveyard': 'Block：%2 の %1 を墓地へ送ります',
  'Firestorm: %d points around %s': 'Firestorm：%2 の周りに %1 ダメージを与えます',
  'Firestorm: %d point around %s': 'Firestorm：%2 の周りに %1 ダメージを与えます',
  'Swap: changes places with %s on %s': 'Swap：%2 の %1 と入れ替わります',
  'Shockwave: pushes %s off the board': 'Shockwave：%1 を盤の外へ押し出します',
  'Shockwave: pushes %s to %s': 'Shockwave：%1 を %2 へ押し出します',
  'crushes %s there': 'そこにある %1 を押しつぶします',
  'Magnetism: pulls %s from %s to %s': 'Magnetism：%1 を %2 から %3 へ引き寄せます',
  'Growth: %s face down on %s': 'Growth：%1 を %2 に裏向きで置きます',
  'Resurrection: %s on %s, which activates': 'Resurrection：%1 を %2 に出し、発動させます',
  'ends the activation of %s': '%1 の発動を終えます',
  // Firestorm の 1 ダメージ
  'destroys %s on %s': '%2 の %1 を破壊します',
  '%s on %s to DEF %d': '%2 の %1 の防御が %3 になります',
  // 相手の裏向きのカードのとき
  'Remove: destroys a covered card on %s': 'Remove：%1 の裏向きのカードを破壊します',
  'Swap: changes places with a covered card on %s': 'Swap：%1 の裏向きのカードと入れ替わります',
  'Shockwave: pushes a covered card off the board': 'Shockwave：裏向きのカードを盤の外へ押し出します',
  'Shockwave: pushes a covered card to %s': 'Shockwave：裏向きのカードを %1 へ押し出します',
  'crushes a covered card there': 'そこにある裏向きのカードを押しつぶします',
  'Magnetism: pulls a covered card from %s to %s': 'Magnetism：裏向きのカードを %1 から %2 へ引き寄せます',
  'destroys a covered card on %s': '%1 の裏向きのカードを破壊します',
  // アクティブなカードの衝突
  '%d against DEF %d: it falls': '攻撃 %1 対 防御 %2：相手は倒れます',
  '%d against DEF %d: it holds': '攻撃 %1 対 防御 %2：相手は耐えます',
  '%d against your DEF %d: yours falls': '攻撃 %1 対 こちらの防御 %2：こちらは倒れます',
  '%d against your DEF %d: yours holds': '攻撃 %1 対 こちらの防御 %2：こちらは耐えます',
  // 対局の終わり
  'the game ends and you win %d-%d': '対局が終わり、あなたの勝ちです（%1-%2）',
  'the game ends and p%d wins %d-%d': '対局が終わり、p%1 の勝ちです（%2-%3）',
  'the game ends in a draw, %d-%d': '対局が終わり、引き分けです（%1-%2）',
  'p%d has made no hand play either, so the game ends and you win %d-%d':
    'p%1 も手札からのプレイをしていないので、対局が終わり、あなたの勝ちです（%2-%3）',
  'p%d has made no hand play either, so the game ends and p%d wins %d-%d':
    'p%1 も手札からのプレイをしていないので、対局が終わり、p%2 の勝ちです（%3-%4）',
  'p%d has made no hand play either, so the game ends in a draw, %d-%d':
    'p%1 も手札からのプレイをしていないので、対局が終わり、引き分けです（%2-%3）',
  'it fills the main zone, so the game ends and you win %d-%d':
    'メインゾーンが埋まるので、対局が終わり、あなたの勝ちです（%1-%2）',
  'it fills the main zone, so the game ends and p%d wins %d-%d':
    'メインゾーンが埋まるので、対局が終わり、p%1 の勝ちです（%2-%3）',
  'it fills the main zone, so the game ends in a draw, %d-%d':
    'メインゾーンが埋まるので、対局が終わり、引き分けです（%1-%2）',
  'it is the last turn of max_turns, so the game ends and you win %d-%d':
    'ターン数の上限に達するので、対局が終わり、あなたの勝ちです（%1-%2）',
  'it is the last turn of max_turns, so the game ends and p%d wins %d-%d':
    'ターン数の上限に達するので、対局が終わり、p%1 の勝ちです（%2-%3）',
  'it is the last turn of max_turns, so the game ends in a draw, %d-%d':
    'ターン数の上限に達するので、対局が終わり、引き分けです（%1-%2）',
};
