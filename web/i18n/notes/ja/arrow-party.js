// arrow-party の手の説明（手が何をするか）の日本語版 (形式は web/notes.js、ja.js が各ゲームをまとめる)：
// 各キーはエンジンのノートの一部 (src/games/arrow_party/note.c) の英語の書式。

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // use: a movement item's steps formula, with the uses already chosen
  'steps this round: roll x %d': 'このラウンドの歩数：出目 × %1',
  'steps this round: roll / %d (down)': 'このラウンドの歩数：出目 ÷ %1（切り捨て）',
  'steps this round: roll - %d (at least 0)': 'このラウンドの歩数：出目 − %1（最低 0）',
  'steps this round: roll x %d, / %d (down)': 'このラウンドの歩数：出目 × %1、÷ %2（切り捨て）',
  'steps this round: roll x %d, - %d (at least 0)': 'このラウンドの歩数：出目 × %1、− %2（最低 0）',
  'steps this round: roll / %d (down), - %d (at least 0)': 'このラウンドの歩数：出目 ÷ %1（切り捨て）、− %2（最低 0）',
  'steps this round: roll x %d, / %d (down), - %d (at least 0)':
    'このラウンドの歩数：出目 × %1、÷ %2（切り捨て）、− %3（最低 0）',
  // use: the other items
  "you may also go opposite to your landed card's arrows": '着地したカードの矢印と逆向きにも進めます',
  'draws %d cards, each the top card of a random non-empty arrow stack':
    '空でない矢印カードの山をランダムに選び、一番上のカードを 1 枚ずつ、計 %1 枚引きます',
  'draws the top card of a random non-empty arrow stack':
    '空でない矢印カードの山をランダムに選び、一番上のカードを引きます',
  'your %s becomes a %s: rolls 1-%d, %s at the end': 'あなたの %1 が %2 になります：出目は 1〜%3、終了時 %4',
  "gives your %s to p%d, takes one of p%d's items at random":
    'あなたの %1 を p%2 に渡し、p%3 のアイテムをランダムに 1 枚取ります',
  "gives your %s to p%d, takes one of p%d's items at random (unless %s)":
    'あなたの %1 を p%2 に渡し、p%3 のアイテムをランダムに 1 枚取ります（%4 が使われた場合を除く）',
  'no swap or bump exchange involves you this round':
    'このラウンドは swap にも、ぶつかったときのアイテム交換にも巻き込まれません',
  'you pick up no items this round (stars and skulls still)':
    'このラウンドはアイテムを拾いません（スターとドクロは拾います）',
  'you trade places with p%d (now on %s)': 'p%1 と位置を入れ替えます（p%1 は今 %2 にいます）',
  // ready: the uses chosen, each as the player typed it
  'no item this round': 'このラウンドはアイテムなし',
  'your items this round: %s': 'このラウンドのアイテム：%1',
  'dice %s': 'dice（%1 に変更）',
  'dice %s, %s': 'dice（%1 に変更）、%2',
  'swap p%d %s': 'swap（p%1 に %2 を渡す）',
  'swap p%d %s, %s': 'swap（p%1 に %2 を渡す）、%3',
  'exchange p%d': 'exchange（p%1 と位置交換）',
  // throw
  'arrows %s before it lands turned': '着地で回転する前の矢印は %1',
  '-%d point%s from your hand': '手札の得点が %1 点減ります',
  // go: where the direction leads, and what lies on the way
  '0 steps: you stay on %s': '0 歩：%1 にとどまります',
  'off the area: you stay on %s, %d step%s lost': '場の外へ出る方向：%1 にとどまり、%2 歩を失います',
  'to %s, the edge, after %d of %d steps': '端の %1 まで（%3 歩のうち %2 歩）',
  'to %s, the edge, after %d of %d steps: %s': '端の %1 まで（%3 歩のうち %2 歩）：%4',
  '%d step%s to %s': '%3 まで %1 歩',
  '%d step%s to %s: %s': '%3 まで %1 歩：%4',
  '%d star': 'スター %1 個',
  '%d stars': 'スター %1 個',
  '%d skull': 'ドクロ %1 個',
  '%d skulls': 'ドクロ %1 個',
  '%d item': 'アイテム %1 個',
  '%d items': 'アイテム %1 個',
};
