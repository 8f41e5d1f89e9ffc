// evons の手を拒む理由の日本語版 (形式は web/reasons.js、ja.js が各部をまとめる)：
// 各キーは scripts/narration-formats.mjs --reasons が挙げる src/ の書式。

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'p%d keeps or mulligans: keep or mulligan <card>...':
    'p%1 が最初の手札をそのまま使うか、カードをデッキに戻して引き直すかを決める番です（keep または mulligan <カード>...）',
  'a coin picks the first player: coin p1|p2': 'コインで先手を決めるところです（coin p1|p2）',
  "p%d has made the turn's hand play and must end":
    'p%1 はこのターンの手札からのプレイを済ませたので、ターンを終えなければなりません',
  'p%d makes a hand play (play <card> <cell>, cover <card> <cell>, reveal <cell>) or ends the turn (end)':
    'p%1 が手札からのプレイ（play <カード> <マス>、cover <カード> <マス>、reveal <マス>）をするか、ターンを終える（end）番です',
  'p%d deals Firestorm points (%d left): burn <cell>':
    'p%1 が Firestorm のダメージを与える番です（残り %2。burn <マス>）',
  'p%d chooses the next conflict of the card on %s: conflict <cell>':
    'p%1 が %2 のカードの、次に解決する衝突を選ぶ番です（conflict <マス>）',
  'the card on %s is in Ability Phase %d: ability <dir> [args] or next':
    '%1 のカードは能力フェイズ %2 です（ability <方向> [引数] または next）',
  'the active card has no arrow pointing %s': 'アクティブなカードに %1 の矢印はありません',
  'the %s arrow of the active card is plain': 'アクティブなカードの %1 の矢印は普通の矢印で、能力がありません',
  "the %s arrow's ability was already used in this activation": '%1 の矢印の能力は、この発動ですでに使われています',
  'Remove ability %s cannot be used that way: Remove needs a monster on the target: ability <dir>':
    '%1 の矢印の Remove の能力は、そのようには使えません：Remove には対象のマスにモンスターがいる必要があります（ability <方向>）',
  'Block ability %s cannot be used that way: Block needs an empty target and a block card in hand (ability <dir> <block-card>) or a block on the target (ability <dir>)':
    '%1 の矢印の Block の能力は、そのようには使えません：Block には、対象のマスが空いていて手札にブロックカードがある（ability <方向> <ブロックカード>）か、対象のマスにブロックがある（ability <方向>）必要があります',
  'Firestorm ability %s cannot be used that way: Firestorm needs an opponent monster on the target or orthogonally next to it: ability <dir>':
    '%1 の矢印の Firestorm の能力は、そのようには使えません：Firestorm には、対象のマスか、その N、E、S、W の隣のマスに相手のモンスターがいる必要があります（ability <方向>）',
  'Swap ability %s cannot be used that way: Swap needs a monster on the target: ability <dir>':
    '%1 の矢印の Swap の能力は、そのようには使えません：Swap には対象のマスにモンスターがいる必要があります（ability <方向>）',
  'Shockwave ability %s cannot be used that way: Shockwave needs a card on the target: ability <dir>':
    '%1 の矢印の Shockwave の能力は、そのようには使えません：Shockwave には対象のマスにカードがある必要があります（ability <方向>）',
  'Magnetism ability %s cannot be used that way: Magnetism needs an empty target and a card (not a block, not the active card) orthogonally next to it: ability <dir> <source-cell>':
    '%1 の矢印の Magnetism の能力は、そのようには使えません：Magnetism には、対象のマスが空いていて、その N、E、S、W の隣のマスにカード（ブロックとアクティブなカードは除く）がある必要があります（ability <方向> <引き寄せ元のマス>）',
  'Growth ability %s cannot be used that way: Growth needs an empty target and a monster in hand: ability <dir> <card>':
    '%1 の矢印の Growth の能力は、そのようには使えません：Growth には、対象のマスが空いていて、手札にモンスターがある必要があります（ability <方向> <カード>）',
  'Resurrection ability %s cannot be used that way: Resurrection needs an empty target and a monster in the own graveyard whose cost fits the budget left: ability <dir> <card>':
    '%1 の矢印の Resurrection の能力は、そのようには使えません：Resurrection には、対象のマスが空いていて、自分の墓地に残りの予算で払えるコストのモンスターがある必要があります（ability <方向> <カード>）',
  'a block reaches the board only by a Block ability': 'ブロックは Block の能力でしか盤に置けません',
  '%s is not an empty cell': '%1 は空いているマスではありません',
  "p%d cannot pay %s's cost %d (credits: %d)": 'p%1 は %2 のコスト %3 を支払えません（クレジット：%4）',
  '%s holds no covered card of p%d': '%1 に p%2 の裏向きのカードはありません',
  'p%d cannot pay the cost %d (credits: %d)': 'p%1 はコスト %2 を支払えません（クレジット：%3）',
  'p%d can only return cards from the hand (each as often as held)':
    'p%1 がデッキに戻せるのは手札のカードだけです（同じカードは持っている枚数まで）',
  'a Firestorm point goes to an opponent monster on the target or a cell orthogonally next to it; now: %s':
    'Firestorm の 1 ダメージは、対象のマスか、その N、E、S、W の隣のマスにいる相手のモンスターに与えます。現在：%1',
  '%s is not a pending conflict; now: %s': '%1 に未解決の衝突はありません。現在：%2',
  "bad cell '%.20s': a cell is a column x, a, b, c, d, e or y and a row 0-6, e.g. c3 or x0":
    "'%1' は正しいマスではありません：マスは列 x、a、b、c、d、e、y のいずれかと行 0〜6 で書きます（例：c3、x0）",
  "unknown card '%.40s': expected a card id of the card table (e.g. cinder-pup, tide-sprite, sentry, block-fire)":
    "'%1' というカードはありません：カード一覧のカード ID を入力してください（例：cinder-pup、tide-sprite、sentry、block-fire）",
  "expected 'mulligan <card>...' naming 1 to 5 cards of the hand, e.g. mulligan cinder-pup block-fire":
    "'mulligan <カード>...' の形で、手札のカードを 1〜5 枚指定してください（例：mulligan cinder-pup block-fire）",
  "expected 'ability <dir>' or 'ability <dir> <card>|<cell>', e.g. ability N, ability NE b4, ability S block-fire":
    "'ability <方向>' または 'ability <方向> <カード>|<マス>' の形で入力してください（例：ability N、ability NE b4、ability S block-fire）",
  "bad direction '%.10s': expected N, NE, E, SE, S, SW, W or NW (board directions)":
    "'%1' は正しい方向ではありません：N、NE、E、SE、S、SW、W、NW のいずれか（盤上での向き）を入力してください",
  "'%.40s' is neither a card id nor a cell: ability <dir> takes a card (Block, Growth, Resurrection) or a source cell (Magnetism; a cell is a column x, a, b, c, d, e or y and a row 0-6, e.g. c3 or x0)":
    "'%1' はカード ID でもマスでもありません：ability <方向> の後にはカード（Block、Growth、Resurrection）か引き寄せ元のマス（Magnetism。マスは列 x、a、b、c、d、e、y のいずれかと行 0〜6 で、例えば c3、x0）を指定します",
  "expected '%s <card> <cell>', e.g. %s seedling c3":
    "'%1 <カード> <マス>' の形で入力してください（例：%2 seedling c3）",
  "expected '%s <cell>', e.g. %s c3": "'%1 <マス>' の形で入力してください（例：%2 c3）",
};
