// concardia の手の説明の日本語版（形は web/narration.js が述べる。ja.js が各ゲームをまとめる）：
// 各キーは src/games/ の書式で、scripts/narration-formats.mjs が一覧にする。

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  "turn %d: p%d's deck is empty, no card is drawn": 'ターン %1：p%2 のデッキは空で、カードを引かない',
  'turn %d: p%d draws {%x:%s|a card}': 'ターン %1：p%2 が{%3: %4 を|カードを 1 枚}引く',
  '%s on %s': '%2 の %1',
  "%s in p%d's Persistent Area": 'p%2 の永続エリアの %1',
  '%s gets a Charge Counter (%d now)': '%1 にチャージカウンターが 1 個置かれる（計 %2 個）',
  '%s has no Charge Counter left': '%1 のチャージカウンターはなくなった',
  '%s has %d Charge Counter%s left': '%1 のチャージカウンターは残り %2 個',
  "p%d's starting card: %s (%s, Strength %d, Defense %d), on %s": {
    t: 'p%1 の最初のカード：%2（%3、攻撃力 %4、防御力 %5）、%6 に',
    args: {
      3: {
        Rock: 'グー',
        Paper: 'パー',
        Scissors: 'チョキ',
      },
    },
  },
  'p%d plays first: %s loses to %s': {
    t: 'p%1 が先手：%2は%3に負ける',
    args: {
      2: {
        Rock: 'グー',
        Paper: 'パー',
        Scissors: 'チョキ',
      },
      3: {
        Rock: 'グー',
        Paper: 'パー',
        Scissors: 'チョキ',
      },
    },
  },
  'p%d plays first: both %s, lower Defense (%d against %d)': {
    t: 'p%1 が先手：どちらも%2で、防御力が低い（%3 対 %4）',
    args: {
      2: {
        Rock: 'グー',
        Paper: 'パー',
        Scissors: 'チョキ',
      },
    },
  },
  'p%d plays first: both %s, Defense %d each, lower Strength %d against %d': {
    t: 'p%1 が先手：どちらも%2で防御力 %3、攻撃力が低い（%4 対 %5）',
    args: {
      2: {
        Rock: 'グー',
        Paper: 'パー',
        Scissors: 'チョキ',
      },
    },
  },
  'both %s, Strength %d, Defense %d: a coin names the first player': {
    t: 'どちらも%1、攻撃力 %2、防御力 %3：コインで先手を決める',
    args: {
      1: {
        Rock: 'グー',
        Paper: 'パー',
        Scissors: 'チョキ',
      },
    },
  },
  '%s is set aside until the end of the turn': '%1 はターン終了まで脇に置かれる',
  'cost X = %d (Defense %d of %s on %s, less 1), paid unit by unit':
    'コスト X = %1（%4 の %3 の防御力 %2 から 1 を引く）、1 単位ずつ支払う',
  'cost X = %d (Defense %d of %s on %s, less 1): nothing to pay':
    'コスト X = %1（%4 の %3 の防御力 %2 から 1 を引く）：支払いなし',
  'cost %d, paid one unit at a time: a card from hand or a Charge Counter':
    'コスト %1 を 1 単位ずつ支払う：手札を 1 枚捨てるか、チャージカウンターを 1 個取り除く',
  '%s on %s pushes %s from %s to %s': '%2 の %1 が %3 を %4 から %5 へ押し出す',
  '%s on %s cannot push %s: the square beyond is taken': '%2 の %1 は %3 を押し出せない：その先のマスが埋まっている',
  '%s on %s has Strength %d until the end of the turn': '%2 の %1 はターン終了まで攻撃力 %3',
  '%s is in the Persistent Area: its +%d Strength changes nothing': '%1 は永続エリアにある：攻撃力 +%2 に効果はない',
  '%s finds no card on %s': '%1：%2 にカードがない',
  '%s cannot remove %s on %s: Defense %d against Power %d': '%1 は %3 の %2 を取り除けない：防御力 %4 対 パワー %5',
  '%s removes %s from %s: Defense %d against Power %d': '%1 が %3 の %2 を取り除く：防御力 %4 対 パワー %5',
  '%s on %s would be captured: %s = %d superior Strength against Defense %d':
    '%2 の %1 が取られる予定：優位な攻撃力 %3 = %4 対 防御力 %5',
  '%s on %s would be captured: %d superior Strength against Defense %d':
    '%2 の %1 が取られる予定：優位な攻撃力 %3 対 防御力 %4',
  'p%d captures %s on %s: %s = %d superior Strength against Defense %d':
    'p%1 が %3 の %2 を取る：優位な攻撃力 %4 = %5 対 防御力 %6',
  'p%d captures %s on %s: %d superior Strength against Defense %d':
    'p%1 が %3 の %2 を取る：優位な攻撃力 %4 対 防御力 %5',
  '%s on %s is not captured this Capture Step': '%2 の %1 はこのキャプチャーステップでは取られない',
  "%s goes to p%d's victory pile: p%d has %d point%s": '%1 は p%2 の勝利の山へ：p%3 は %4 点',
  "%s and %s go to p%d's victory pile: p%d has %d points": '%1 と %2 は p%3 の勝利の山へ：p%4 は %5 点',
  "%d cards go to p%d's victory pile: p%d has %d points": 'カード %1 枚が p%2 の勝利の山へ：p%3 は %4 点',
  "%s goes to p%d's discard pile": '%1 は p%2 の捨て札へ',
  'the game ends: neither player has a card on the Board': '対局終了：どちらのプレイヤーも盤上にカードがない',
  'the game ends: p%d has no card on the Board (third-turn rule)':
    '対局終了：p%1 の盤上のカードがなくなった（3 ターン目以降のルール）',
  'the game ends: both players reach the target of %d points': '対局終了：両プレイヤーが目標の %1 点に達した',
  'the game ends: p%d reaches the target of %d point%s': '対局終了：p%1 が目標の %2 点に達した',
  'the game ends: both players passed in a row': '対局終了：両プレイヤーが続けてパスした',
  'the game ends: the cap of %d turns is reached': '対局終了：ターン数の上限 %1 に達した',
  'a draw: both players lose at once': '引き分け：両プレイヤーが同時に負け',
  'p%d wins: p%d loses by the third-turn rule': 'p%1 の勝ち：p%2 は 3 ターン目以降のルールで負け',
  'a draw: %d point%s and %d card%s on the Board each': '引き分け：ともに %1 点、盤上のカード %3 枚',
  'p%d wins with %d point%s against %d': 'p%1 の勝ち：%2 点 対 %4 点',
  'p%d wins: %d point%s each, %d cards on the Board against %d':
    'p%1 の勝ち：ともに %2 点、盤上のカード %4 枚 対 %5 枚',
  'p%d passed; if p%d passes too, the game ends': 'p%1 がパスした：p%2 もパスすると対局終了',
  'p%d plays first': 'p%1 が先手',
  '%d unit%s left to pay': '支払いは残り %1',
};
