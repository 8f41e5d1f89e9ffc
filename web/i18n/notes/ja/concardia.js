// concardia の手の説明（手が何をするか）の日本語版 (形式は web/notes.js、ja.js が各ゲームをまとめる)：
// 各キーはエンジンのノートの一部 (src/games/concardia/note.c) の英語の書式。

const TRAITS = { Rock: 'グー', Paper: 'パー', Scissors: 'チョキ' };

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // start
  'goes on %s': '%1 に置かれます',
  'you play first against %s, second against %s': {
    t: '相手が%1なら先手、%2なら後手です',
    args: { 1: TRAITS, 2: TRAITS },
  },
  // the cost of an action and its effect
  'cost %d': 'コスト %1',
  'cost X = %d': 'コスト X = %1',
  '%d more to pay after this': 'この後の支払いは残り %1 です',
  'pushes %s from %s to %s': '%1 を %2 から %3 へ押し出します',
  '%s on %s gets Strength %d this turn': '%2 の %1 はこのターン攻撃力 %3 になります',
  'changes nothing: the card is not on the grid': '効果はありません：そのカードはグリッド上にありません',
  '%s removes %s from %s': '%1 が %3 の %2 を取り除きます',
  // the Capture Step after it: a list of the cards it captures, "lancer-p on e5 (2 against 2), ...".
  // A whole part names its first card in its key (a key "captures %s" would lose to the card's
  // own, longer); the rest of the list, after ", ", is its first card and the rest again.
  '%s on %s (%d against %d)': '%2 の %1（%3 対 %4）',
  '%s on %s (%d against %d), %s': '%2 の %1（%3 対 %4）、%5',
  'captures %s on %s (%d against %d)': '%2 の %1（%3 対 %4）を取ります',
  'captures %s on %s (%d against %d), %s': '%2 の %1（%3 対 %4）、%5を取ります',
  'captures %s on %s (%d against %d) unless p%d holds an aegis':
    '%2 の %1（%3 対 %4）を取ります（p%5 がイージスを持っていなければ）',
  'captures %s on %s (%d against %d), %s unless p%d holds an aegis':
    '%2 の %1（%3 対 %4）、%5を取ります（p%6 がイージスを持っていなければ）',
  'captures %s on %s (%d against %d) unless p%d holds a %s':
    '%2 の %1（%3 対 %4）を取ります（p%5 が %6 を持っていなければ）',
  'captures %s on %s (%d against %d), %s unless p%d holds a %s':
    '%2 の %1（%3 対 %4）、%5を取ります（p%6 が %7 を持っていなければ）',
  'captures %s on %s (%d against %d) unless p%d holds an %s':
    '%2 の %1（%3 対 %4）を取ります（p%5 が %6 を持っていなければ）',
  'captures %s on %s (%d against %d), %s unless p%d holds an %s':
    '%2 の %1（%3 対 %4）、%5を取ります（p%6 が %7 を持っていなければ）',
  'p%d captures %s on %s (%d against %d)': 'p%1 が %3 の %2（%4 対 %5）を取ります',
  'p%d captures %s on %s (%d against %d), %s': 'p%1 が %3 の %2（%4 対 %5）、%6を取ります',
  'p%d captures %s on %s (%d against %d) unless you react with an aegis':
    'p%1 が %3 の %2（%4 対 %5）を取ります（イージスで守らなければ）',
  'p%d captures %s on %s (%d against %d), %s unless you react with an aegis':
    'p%1 が %3 の %2（%4 対 %5）、%6を取ります（イージスで守らなければ）',
  'p%d captures %s on %s (%d against %d) unless you react with a %s':
    'p%1 が %3 の %2（%4 対 %5）を取ります（%6 で守らなければ）',
  'p%d captures %s on %s (%d against %d), %s unless you react with a %s':
    'p%1 が %3 の %2（%4 対 %5）、%6を取ります（%7 で守らなければ）',
  'p%d captures %s on %s (%d against %d) unless you react with an %s':
    'p%1 が %3 の %2（%4 対 %5）を取ります（%6 で守らなければ）',
  'p%d captures %s on %s (%d against %d), %s unless you react with an %s':
    'p%1 が %3 の %2（%4 対 %5）、%6を取ります（%7 で守らなければ）',
  // react and decline
  'saves %s on %s this Capture Step': 'このキャプチャーステップで %2 の %1 を守ります',
  'the aegis is discarded': 'イージスは捨て札になります',
  'the %s is discarded': '%1 は捨て札になります',
  "%s on %s is captured: it goes to p%d's victory pile": '%2 の %1 が取られます：p%3 の勝利の山に入ります',
  // the end of the game
  'ends the game (%s): you win %d-%d': '対局が終わります（%1）：%2-%3 であなたの勝ちです',
  'ends the game (%s): you lose %d-%d': '対局が終わります（%1）：%2-%3 であなたの負けです',
  'ends the game (%s): a draw %d-%d': '対局が終わります（%1）：%2-%3 で引き分けです',
  'neither player has a card on the Board': 'どちらのプレイヤーも盤上にカードがない',
  'you have no card left on the Board': 'あなたの盤上のカードがなくなる',
  'p%d has no card left on the Board': 'p%1 の盤上のカードがなくなる',
  'both players reach the target': '両プレイヤーが目標点に達する',
  'you reach the target': 'あなたが目標点に達する',
  'p%d reaches the target': 'p%1 が目標点に達する',
  'both players pass': '両プレイヤーがパス',
  'the turn cap': 'ターン数の上限',
  'ends the game: both players pass': '対局が終わります：両プレイヤーがパスします',
  'you could lose: no card left on the Board (third-turn rule)':
    '負けるおそれがあります：盤上にあなたのカードが残りません（3 ターン目以降のルール）',
};
