// concardia のリファレンスの日本語版 (形式は web/reference-words.js、ja.js が各ゲームをまとめる)：
// 各キーはエンジンの項目 (src/games/concardia/reference.c) の一行（段落）の英語の書式。

const TRAITS = { Rock: 'グー', Paper: 'パー', Scissors: 'チョキ' };
const TYPES = { Adventurer: '冒険者', Airship: '飛行船', Maker: '職人' };

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // the card: its id, trait, name and the code the board shows
  '%s: %s %s (on the board: 1%c %s for p1, 2%c %s for p2)': {
    t: '%1：%2の %3（盤上の表示：p1 は 1%4 %5、p2 は 2%6 %7）',
    args: { 2: TRAITS },
  },
  'trait %s (beats %s, loses to %s) · Strength %d · Defense %d': {
    t: '特性 %1（%2に勝ち、%3に負けます）· 攻撃力 %4 · 防御力 %5',
    args: { 1: TRAITS, 2: TRAITS, 3: TRAITS },
  },
  'arrows %s (on the board: p1 %s, p2 %s) · type %s': {
    t: '矢印 %1（盤上の向き：p1 %2、p2 %3）· タイプ %4',
    args: { 4: TYPES },
  },
  'no arrows · type %s': { t: '矢印なし · タイプ %1', args: { 1: TYPES } },
  'no ability; playing it costs nothing': '能力はありません。出すのにコストはかかりません',
  // the card's text (the cards' own words, cc.ability.* in web/i18n/play/ja.js)
  'Action: Slide this card, or Jump it over an adjacent card.':
    'アクション：このカードをスライドするか、隣のカードを飛び越えてジャンプさせます。',
  'Action - Cost %d: Slide a card adjacent to this card one square directly away from it.':
    'アクション — コスト %1：このカードに隣接するカードを、このカードから真っすぐ離れる向きに 1 マススライドします。',
  'Immediate - Cost X: Remove an opponent card in the Play Area whose Defense <= Power.':
    '即時 — コスト X：プレイエリアにある、防御力 ≤ パワーの相手のカードを 1 枚取り除きます。',
  'Persistent: put a Charge Counter on this card (at most %d). Action - Cost %d: this card has +%d Strength until end of turn.':
    '永続：このカードにチャージカウンターを置きます（最大 %1）。アクション — コスト %2：ターン終了まで攻撃力 +%3。',
  'Play: this card is Superior to cards of its own trait.': 'プレイ時：このカードは同じ特性のカードに対して優位です。',
  'Play: your other cards adjacent to this card have +%d Defense.':
    'プレイ時：このカードに隣接するあなたの他のカードは防御力 +%1。',
  'Hand Reaction: when one of your cards would be captured, discard this card: that card is not captured this Capture Step.':
    '手札からのリアクション：あなたのカードが取られそうなとき、このカードを捨てると、そのカードはこのキャプチャーステップでは取られません。',
  // its cost
  'cost: none': 'コスト：なし',
  'cost: none (always in effect on the grid)': 'コスト：なし（グリッド上では常に効果があります）',
  'cost: %d, paid one unit at a time: a card from hand or a Charge Counter':
    'コスト：%1（1 単位ずつ支払います：手札を 1 枚捨てるか、チャージカウンターを 1 個取り除きます）',
  "cost: X = the target's Defense - 1 (at least 0), paid one unit at a time: a card from hand or a Charge Counter; Power = X + 1 (the %s itself). The %s is set aside while paying, then discarded":
    'コスト：X = 対象の防御力 - 1（最低 0）。1 単位ずつ支払います：手札を 1 枚捨てるか、チャージカウンターを 1 個取り除きます。パワー = X + 1（1 はこの %1 自身の分）。%2 は支払いの間は脇に置かれ、その後捨てられます',
  'cost: %d for the boost, paid one unit at a time: a card from hand or a Charge Counter (its own included); charging is free':
    'コスト：強化に %1（1 単位ずつ支払います：手札を 1 枚捨てるか、チャージカウンターを 1 個取り除きます。このカード自身のカウンターも使えます）。チャージは無料です',
  'cost: the %s itself, discarded from hand': 'コスト：この %1 自身を手札から捨てます',
  // how to use it (the notation as it is typed)
  'use: act <its square> slide <to> (to an empty adjacent square), act <its square> jump <to> (over an adjacent card to the empty square beyond)':
    '使い方：`act <マス> slide <移動先>`（隣接する空きマスへ）、`act <マス> jump <移動先>`（隣接するカードを飛び越えて、その向こうの空きマスへ）',
  'use: act <its square> shove <square of the card pushed> (a card of either player; it moves one square directly away, onto an empty square)':
    '使い方：`act <マス> shove <押すカードのマス>`（どちらのプレイヤーのカードでも押せます。そのカードは真っすぐ離れる向きに 1 マス、空きマスへ動きます）',
  "use: immediate %s <target's square>": '使い方：`immediate %1 <対象のマス>`',
  'use: persist %s, or play it; act <its square> boost, act persistent %s boost':
    '使い方：`persist %1` で永続エリアに置くか、普通に出します。強化は `act <マス> boost`、永続エリアからは `act persistent %2 boost`',
  'use: react %s <square>, when the engine offers it; or decline':
    '使い方：エンジンが機会を示したときに `react %1 <マス>`、または `decline` で見送ります',
};
