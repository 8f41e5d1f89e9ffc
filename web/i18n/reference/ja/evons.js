// evons のリファレンスの日本語版 (形式は web/reference-words.js、ja.js が各ゲームをまとめる)：
// 各キーはエンジンの項目 (src/games/evons/reference.c) の一行（段落）の英語の書式。

/** 属性。ページの言い方（web/i18n/play/ja.js の ev.el.*）*/
const ELEMENT = { Fire: '火', Water: '水', Earth: '土', Electric: '電気', Nature: '自然', Darkness: '闇' };

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // モンスターの 1 行目：属性、コスト、攻撃、防御
  '%s: %s monster, cost %d, ATK %d, DEF %d': {
    t: '%1：%2のモンスター、コスト %3、攻撃 %4、防御 %5',
    args: { 2: ELEMENT },
  },
  // ブロック
  '%s: %s block': { t: '%1：%2のブロック', args: { 2: ELEMENT } },
  'No cost, ATK, DEF or arrows. It reaches the board only through a Block ability, face up (it cannot be played, covered or revealed), and stays until an ability removes it. It fills a cell; arrows pointing at it do nothing in conflicts and flips.':
    'コスト、攻撃、防御、矢印はありません。盤に置かれるのは Block の能力によってだけで、表向きに置かれます（出すことも、伏せることも、表にすることもできません）。能力で取り除かれるまで盤に残ります。マスを 1 つ占め、これを指す矢印は衝突でもフリップでも何もしません。',
  // カードの矢印（カードに印刷された向き。例「N Firestorm, E, S, W」）。ほかのゲームの行に
  // 当たらないよう、キーは最後の矢印（方向かその能力）の形で分ける
  'arrows: ': '矢印：なし',
  'arrows: %c': '矢印：%1',
  'arrows: %c%c': '矢印：%1%2',
  'arrows: %s, %c': '矢印：%1、%2',
  'arrows: %s, %c%c': '矢印：%1、%2%3',
  'arrows: %s Remove': '矢印：%1 Remove',
  'arrows: %s Block': '矢印：%1 Block',
  'arrows: %s Firestorm': '矢印：%1 Firestorm',
  'arrows: %s Swap': '矢印：%1 Swap',
  'arrows: %s Shockwave': '矢印：%1 Shockwave',
  'arrows: %s Magnetism': '矢印：%1 Magnetism',
  'arrows: %s Growth': '矢印：%1 Growth',
  'arrows: %s Resurrection': '矢印：%1 Resurrection',
  'arrows: %s Firestorm (%d points)': '矢印：%1 Firestorm（%2 ダメージ）',
  'arrows: %s Firestorm (%d point)': '矢印：%1 Firestorm（%2 ダメージ）',
  'arrows: %s Resurrection (budget %d)': '矢印：%1 Resurrection（予算 %2）',
  // 一覧の矢印 1 本と、その能力
  '%c Remove': '%1 Remove',
  '%c%c Remove': '%1%2 Remove',
  '%c Block': '%1 Block',
  '%c%c Block': '%1%2 Block',
  '%c Firestorm': '%1 Firestorm',
  '%c%c Firestorm': '%1%2 Firestorm',
  '%c Swap': '%1 Swap',
  '%c%c Swap': '%1%2 Swap',
  '%c Shockwave': '%1 Shockwave',
  '%c%c Shockwave': '%1%2 Shockwave',
  '%c Magnetism': '%1 Magnetism',
  '%c%c Magnetism': '%1%2 Magnetism',
  '%c Growth': '%1 Growth',
  '%c%c Growth': '%1%2 Growth',
  '%c Resurrection': '%1 Resurrection',
  '%c%c Resurrection': '%1%2 Resurrection',
  '%c Firestorm (%d points)': '%1 Firestorm（%2 ダメージ）',
  '%c%c Firestorm (%d points)': '%1%2 Firestorm（%3 ダメージ）',
  '%c Firestorm (%d point)': '%1 Firestorm（%2 ダメージ）',
  '%c%c Firestorm (%d point)': '%1%2 Firestorm（%3 ダメージ）',
  '%c Resurrection (budget %d)': '%1 Resurrection（予算 %2）',
  '%c%c Resurrection (budget %d)': '%1%2 Resurrection（予算 %3）',
  // 矢印の能力と、その働き（説明文は下のキー）
  'Remove: %s': 'Remove：%1',
  'Block: %s': 'Block：%1',
  'Firestorm: %s': 'Firestorm：%1',
  'Swap: %s': 'Swap：%1',
  'Shockwave: %s': 'Shockwave：%1',
  'Magnetism: %s': 'Magnetism：%1',
  'Growth: %s': 'Growth：%1',
  'Resurrection: %s': 'Resurrection：%1',
  // カードの組が能力に独自の値を与えるとき
  "The %s arrow's Firestorm deals %d points, whatever the card's DEF.":
    '%1 の矢印の Firestorm は、カードの防御にかかわらず %2 ダメージを与えます。',
  "The %s arrow's Firestorm deals %d point, whatever the card's DEF.":
    '%1 の矢印の Firestorm は、カードの防御にかかわらず %2 ダメージを与えます。',
  "The %s arrow's Resurrection may bring back costs up to %d, not the card's cost.":
    '%1 の矢印の Resurrection で戻せるのは、カードのコストではなく、コスト %2 までです。',
  // 能力の項目：どんな矢印か、その働き、その能力を持つカード
  "%s: a plain arrow (every card's arrows act this way)": '%1：普通の矢印（すべてのカードの矢印がこう働きます）',
  '%s: an ability arrow (a double arrow on the board, ⇑)': '%1：能力の矢印（盤上では二重の矢印 ⇑）',
  'On: %s.': 'この能力を持つカード：%1。',
  "A plain arrow points at the cell next to the card in its direction. When the card activates in the main zone, an opponent face-up monster it points at that points back defends its position: both deal their ATK to the other's DEF at once (damage lasts until the end of the turn; DEF 0 or less is destroyed). Opponent cards it points at that do not point back are flipped to its controller; a covered one is destroyed instead, unless Growth-placed. Every arrow, ability arrows too, does this. Arrows are printed as the card's controller sees it: N points away from them, so the N arrow of a p2 card points S on the board, and a flipped card turns round.":
    '普通の矢印は、カードの隣にある、矢印の向きのマスを指します。カードがメインゾーンで発動したとき、矢印が指す相手の表向きのモンスターがこちらに矢印を向け返していれば、そのモンスターは迎え撃ちます：両者が同時に自分の攻撃を相手の防御に与えます（ダメージはターンの終わりまで残り、防御が 0 以下になると破壊されます）。矢印が指す相手のカードのうち、矢印を向け返していないものはフリップされ、このカードのコントローラーのものになります。ただし裏向きのカードは、Growth で配置されたものでない限り、代わりに破壊されます。能力の矢印も含め、すべての矢印がこう働きます。矢印はカードのコントローラーから見た向きで印刷されています：N はコントローラーから遠ざかる向きなので、p2 のカードの N の矢印は盤上では S を指し、フリップされたカードは向きが反対になります。',
  'Destroys the monster on the target (any controller, face up or covered). Write: ability <dir>.':
    '対象のマスのモンスターを破壊します（コントローラーを問わず、表向きでも裏向きでも）。入力：`ability <dir>`。',
  "Target empty: puts a block card from the hand there, face up (ability <dir> <block-card>). Target holding a block: sends it to its owner's graveyard (ability <dir>). Blocks reach the board only this way.":
    '対象のマスが空いているとき：手札のブロックカードをそこに表向きで置きます（`ability <dir> <block-card>`）。対象のマスにブロックがあるとき：そのブロックを持ち主の墓地へ送ります（`ability <dir>`）。ブロックが盤に置かれるのはこの方法だけです。',
  "Deals as many points as the card's current DEF, one `burn <cell>` each, split among opponent monsters (face up or covered) on the target and the cells orthogonally next to it; usable only if there is one. A face-up monster at DEF 0 or less is destroyed, a covered one by a single point. Points with no target left are lost. Write: ability <dir>.":
    'カードの現在の防御と同じ数のダメージを、1 ダメージごとに `burn <cell>` で、対象のマスとその N、E、S、W の隣のマスにいる相手のモンスター（表向きでも裏向きでも）に振り分けて与えます。そのようなモンスターがいるときだけ使えます。表向きのモンスターは防御が 0 以下になると破壊され、裏向きのモンスターは 1 ダメージで破壊されます。与える相手が残っていないダメージは失われます。入力：`ability <dir>`。',
  "The target holds a monster (face up or covered, any controller): it and the card exchange cells. The other card, if it is the active player's and face up, reactivates (once a turn). Write: ability <dir>.":
    '対象のマスにモンスター（表向きでも裏向きでも、コントローラーを問わず）がいるとき：そのモンスターとこのカードのマスを入れ替えます。もう一方のカードは、手番のプレイヤーのもので表向きなら、再発動します（1 ターンに 1 回）。入力：`ability <dir>`。',
  "The target holds a card: pushes it one cell further in the arrow's direction. A card on the landing cell is destroyed; a card pushed off the board leaves the game. The pushed card, if the active player's and face up, reactivates (once a turn). Write: ability <dir>.":
    '対象のマスにカードがあるとき：そのカードを矢印の向きにもう 1 マス押し出します。押し出された先のマスにあるカードは破壊され、盤の外へ押し出されたカードはゲームから除外されます。押し出されたカードは、手番のプレイヤーのもので表向きなら、再発動します（1 ターンに 1 回）。入力：`ability <dir>`。',
  "The target is empty: moves onto it a card (not a block, not the card itself) from a cell orthogonally next to the target. The moved card, if the active player's and face up, reactivates (once a turn). Write: ability <dir> <source-cell>.":
    '対象のマスが空いているとき：その N、E、S、W の隣のマスから、カード（ブロックとこのカード自身は除く）を 1 枚、対象のマスへ移動させます。移動したカードは、手番のプレイヤーのもので表向きなら、再発動します（1 ターンに 1 回）。入力：`ability <dir> <source-cell>`。',
  'The target is empty: puts a monster from the hand there face down, without paying. It is Growth-placed: flips do not affect it, and revealing it costs nothing. Write: ability <dir> <card>.':
    '対象のマスが空いているとき：手札のモンスターを 1 体、コストを払わずにそこへ裏向きで置きます。そのモンスターは Growth で配置されたものになり、フリップの影響を受けず、表にするときもコストがかかりません。入力：`ability <dir> <card>`。',
  "The target is empty: puts a monster from the own graveyard there face up; its cost must fit the card's cost less what this activation already brought back. It activates at once, on top of the chain. Write: ability <dir> <card>.":
    '対象のマスが空いているとき：自分の墓地のモンスターを 1 体、そこへ表向きで置きます。そのコストは、このカードのコストから、この発動ですでに戻したモンスターのコストを引いた値以下でなければなりません。置いたモンスターはすぐに、チェーンの一番上で発動します。入力：`ability <dir> <card>`。',
};
