// concardia の手を拒む理由の日本語版 (形式は web/reasons.js、ja.js が各部をまとめる)：
// 各キーは scripts/narration-formats.mjs --reasons が挙げる src/ の書式。

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'p%d must choose a starting card: start <card>': 'p%1 が最初のカードを選ぶ番です（start <カード>）',
  'the coin decides who plays first: coin p1 or coin p2': 'コインで先手を決めるところです（coin p1 または coin p2）',
  "p%d chooses the turn's action: play, persist, act, immediate or pass":
    'p%1 がこのターンの行動を選ぶ番です（play、persist、act、immediate、pass のいずれか）',
  'p%d is paying a cost (%d left): discard <card>, counter <sq> or counter persistent <card>':
    'p%1 がコストを支払う番です（残り %2。discard <カード>、counter <マス>、counter persistent <カード> のいずれか）',
  'p%d may react to %s being captured: react <card> %s or decline':
    '%2 のカードが取られそうなので、p%1 はリアクションできます（react <カード> %3 または decline）',
  'not a square of the 6 x 6 grid': '6×6 のグリッドのマスではありません',
  '%s is not an empty square': '%1 は空きマスではありません',
  '%s is not adjacent to a card on the grid (a card is played next to one already there)':
    '%1 はグリッド上のどのカードにも隣接していません（カードはすでにあるカードの隣に出します）',
  '%s is not a Persistent card': '%1 は永続カードではありません',
  "p%d's Persistent Area is full: it holds at most %d cards":
    'p%1 の永続エリアはいっぱいです：置けるのは最大 %2 枚です',
  "p%d's Persistent Area already holds a card of that name": 'p%1 の永続エリアにはすでに同じ名前のカードがあります',
  '%s holds no card of p%d': '%1 に p%2 のカードはありません',
  'the card on %s has no such Action (it takes a %s)':
    '%1 のカードにはそのアクションがありません（それができるのは %2 です）',
  'p%d cannot pay the cost (cards in hand and Charge Counters: %d)':
    'p%1 はコストを支払えません（手札とチャージカウンターは合わせて %2）',
  'a slide goes to an empty adjacent square': 'スライドで動けるのは隣接する空きマスだけです',
  'a jump goes over an adjacent card to the empty square directly beyond it':
    'ジャンプは隣接するカードを飛び越えて、そのすぐ向こうの空きマスへ動きます',
  'a shove pushes an adjacent card one square directly away, onto an empty square':
    '押し出しは、隣接するカードを真っすぐ離れる向きに 1 マス、空きマスへ動かします',
  "p%d's Persistent Area holds no such card": 'p%1 の永続エリアにそのカードはありません',
  "p%d's Persistent Area holds no %s": 'p%1 の永続エリアに %2 はありません',
  'p%d cannot pay the cost %d': 'p%1 はコスト %2 を支払えません',
  '%s has no Immediate ability': '%1 には即時能力がありません',
  'the target must be an opponent card in the Play Area': '対象はプレイエリアにある相手のカードでなければなりません',
  'p%d cannot pay X = %d': 'p%1 は X = %2 を支払えません',
  'p%d does not hold that card': 'p%1 はそのカードを持っていません',
  '%s holds no card of p%d with a Charge Counter': '%1 にはチャージカウンターの置かれた p%2 のカードがありません',
  "no card %s with a Charge Counter in p%d's Persistent Area":
    'p%2 の永続エリアに、チャージカウンターの置かれたカード %1 はありません',
  '%s has no reaction to a card being captured': '%1 には、カードが取られそうなときのリアクションがありません',
  "unknown card '%.40s': a card id is a template and a trait r, p or s, e.g. striker-p (templates: %s)":
    "不明なカード '%1'：カード ID はテンプレートと特性 r・p・s を組み合わせたものです（例：striker-p。テンプレート：%2）",
  "expected '%s <card>', e.g. %s striker-p": "'%1 <カード>' の形で入力してください（例：%2 striker-p）",
  "expected '%s <card> <sq>', e.g. %s striker-p c4":
    "'%1 <カード> <マス>' の形で入力してください（例：%2 striker-p c4）",
  "expected 'act persistent <card> boost'": "'act persistent <カード> boost' の形で入力してください",
  "expected 'act <sq> slide|jump|shove <sq>', 'act <sq> boost' or 'act persistent <card> boost'":
    "'act <マス> slide|jump|shove <マス>'、'act <マス> boost' または 'act persistent <カード> boost' の形で入力してください",
  "'act <sq> boost' takes nothing more": "'act <マス> boost' の後には何も付けません",
  "'%.20s' is not an Action: expected slide, jump, shove or boost":
    "'%1' はアクションではありません：slide、jump、shove または boost を入力してください",
  "expected 'act <sq> %s <sq>'": "'act <マス> %1 <マス>' の形で入力してください",
  "expected 'counter <sq>' or 'counter persistent <card>'":
    "'counter <マス>' または 'counter persistent <カード>' の形で入力してください",
};
