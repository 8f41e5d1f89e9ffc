// arrow-party のリファレンスの日本語版 (形式は web/reference-words.js、ja.js が各ゲームをまとめる)：
// 各キーはエンジンの項目 (src/games/arrow_party/reference.c) の一行（段落）の英語の書式。
// ページは端末の折り返しをつなぐ (details.js の reflow)：手で折ったアイテムの効果の行は、バリアントの
// id や数の長さしだいでつながったりつながらなかったりするので、単独でもつながっても訳せるよう、
// 区間ごとにキーを持つ。コマンド（use …）は記法としてバッククォートで囲む。

// アイテムの枚数（エンジンは 10 までを英語の数詞で書く）
const COPIES = {
  'one copy': '全 1 枚',
  'two copies': '全 2 枚',
  'three copies': '全 3 枚',
  'four copies': '全 4 枚',
  'five copies': '全 5 枚',
  'six copies': '全 6 枚',
  'seven copies': '全 7 枚',
  'eight copies': '全 8 枚',
  'nine copies': '全 9 枚',
  'ten copies': '全 10 枚',
};

// 各アイテムの効果のあとの一文
const USED = '使ったアイテムは使用の公開のときに手札から離れます。1 ラウンドに使えるのは各種類 1 枚までです。';

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // 矢印カード：値（点数）、矢印、着地のしかた、同じカード
  '%s: arrow card, value %d (+%d point%s in hand at the end), arrows %s':
    '%1：矢印カード、値 %2（終了時に手札にあれば +%3 点）、矢印 %5',
  'thrown, it lands turned k x 45 degrees (k = 0-7)': '投げると k × 45 度（k = 0〜7）回転して着地します',
  'thrown, it lands turned k x 45 degrees (k = 0-7); like %s':
    '投げると k × 45 度（k = 0〜7）回転して着地します。同じカード：%1',
  '%s: arrow card, value %d (+%d point%s in hand at the end), arrows %s thrown, it lands turned k x 45 degrees (k = 0-7)':
    '%1：矢印カード、値 %2（終了時に手札にあれば +%3 点）、矢印 %5。投げると k × 45 度（k = 0〜7）回転して着地します',
  '%s: arrow card, value %d (+%d point%s in hand at the end), arrows %s thrown, it lands turned k x 45 degrees (k = 0-7); like %s':
    '%1：矢印カード、値 %2（終了時に手札にあれば +%3 点）、矢印 %5。投げると k × 45 度（k = 0〜7）回転して着地します。同じカード：%6',

  // アイテムの種類：終了時の点数、枚数（10 までは数詞）
  '%s: item card, +%d point%s in hand at the end (%s)': {
    t: '%1：アイテムカード、終了時に手札にあれば +%2 点（%4）',
    args: { 4: COPIES },
  },
  '%s: item card, %d point%s in hand at the end (%s)': {
    t: '%1：アイテムカード、終了時に手札にあれば %2 点（%4）',
    args: { 4: COPIES },
  },
  '%s: item card, +%d point%s in hand at the end (%d copies)':
    '%1：アイテムカード、終了時に手札にあれば +%2 点（全 %4 枚）',
  '%s: item card, %d point%s in hand at the end (%d copies)':
    '%1：アイテムカード、終了時に手札にあれば %2 点（全 %4 枚）',
  'A used item leaves the hand at the reveal; one use of each kind a round.': USED,

  // multiply：出目の 2 倍か n 倍。divide と subtract より先
  'use %s: this round your steps are twice the roll (%s applies before':
    '`use %1`：このラウンドの歩数は出目の 2 倍になります（%2 は次より先に適用されます：',
  'use %s: this round your steps are %d times the roll (%s applies before':
    '`use %1`：このラウンドの歩数は出目の %2 倍になります（%3 は次より先に適用されます：',
  '%s and %s).': '%1 と %2）。',
  'use %s: this round your steps are twice the roll (%s applies before %s and %s).':
    '`use %1`：このラウンドの歩数は出目の 2 倍になります（%2 は %3 と %4 より先に適用されます）。',
  'use %s: this round your steps are %d times the roll (%s applies before %s and %s).':
    '`use %1`：このラウンドの歩数は出目の %2 倍になります（%3 は %4 と %5 より先に適用されます）。',

  // divide：出目の半分か 1/n、切り捨て
  'use %s: this round your steps are half the roll, rounded down (after':
    '`use %1`：このラウンドの歩数は出目の半分（切り捨て）になります（適用の順は',
  'use %s: this round your steps are 1/%d of the roll, rounded down (after':
    '`use %1`：このラウンドの歩数は出目の 1/%2（切り捨て）になります（適用の順は',
  '%s, before %s).': '%1 の後、%2 の前）。',
  'use %s: this round your steps are half the roll, rounded down (after %s, before %s).':
    '`use %1`：このラウンドの歩数は出目の半分（切り捨て）になります（%2 の後、%3 の前に適用されます）。',
  'use %s: this round your steps are 1/%d of the roll, rounded down (after %s, before %s).':
    '`use %1`：このラウンドの歩数は出目の 1/%2（切り捨て）になります（%3 の後、%4 の前に適用されます）。',

  // subtract
  'use %s: this round your steps are the roll minus %d, at least 0':
    '`use %1`：このラウンドの歩数は出目 − %2 になります（最低 0）',
  '(after %s and %s).': '（%1 と %2 の後に適用されます）。',
  'use %s: this round your steps are the roll minus %d, at least 0 (after %s and %s).':
    '`use %1`：このラウンドの歩数は出目 − %2 になります（最低 0。%3 と %4 の後に適用されます）。',

  // reverse
  'use %s: this round you may also go opposite to any arrow of your': '`use %1`：このラウンドは、',
  'landed card.': '着地したカードのどの矢印とも逆向きにも進めます。',
  'use %s: this round you may also go opposite to any arrow of your landed card.':
    '`use %1`：このラウンドは、着地したカードのどの矢印とも逆向きにも進めます。',

  // draw：1 枚か n 枚（n 枚の行は長いので、いつもつながる）
  'use %s: draw the top card of a random non-empty arrow stack into':
    '`use %1`：空でない矢印カードの山をランダムに選び、一番上のカードを引いて',
  'your hand (after the exchanges, swaps and dice).': '手札に加えます（位置の入れ替え、swap、ダイスの変更の後）。',
  'use %s: draw the top card of a random non-empty arrow stack into your hand (after the exchanges, swaps and dice).':
    '`use %1`：空でない矢印カードの山をランダムに選び、一番上のカードを引いて手札に加えます（位置の入れ替え、swap、ダイスの変更の後）。',
  'use %s: draw %d cards, each the top of a random non-empty arrow stack into your hand (after the exchanges, swaps and dice).':
    '`use %1`：空でない矢印カードの山をランダムに選び、一番上のカードを 1 枚ずつ、計 %2 枚引いて手札に加えます（位置の入れ替え、swap、ダイスの変更の後）。',

  // dice：セットのダイス。5 個目の前で行が折れる（長ければ次の行もつながる）
  'use %s d<n>: replace your die by one of another kind (%s': '`use %1 d<n>`：あなたのダイスを別の種類のもの（%2',
  'use %s <die>: replace your die by one of another kind (%s': '`use %1 <ダイス>`：あなたのダイスを別の種類のもの（%2',
  "%s) for this round's roll and the rest of the game.":
    '%1）に替えます。このラウンドの出目から対局の終わりまで有効です。',
  "use %s d<n>: replace your die by one of another kind (%s) for this round's roll and the rest of the game.":
    '`use %1 d<n>`：あなたのダイスを別の種類のもの（%2）に替えます。このラウンドの出目から対局の終わりまで有効です。',
  "use %s <die>: replace your die by one of another kind (%s) for this round's roll and the rest of the game.":
    '`use %1 <ダイス>`：あなたのダイスを別の種類のもの（%2）に替えます。このラウンドの出目から対局の終わりまで有効です。',
  "%s) for this round's roll and the rest of the game. A used item leaves the hand at the reveal; one use of each kind a round.": `%1）に替えます。このラウンドの出目から対局の終わりまで有効です。${USED}`,
  "use %s d<n>: replace your die by one of another kind (%s) for this round's roll and the rest of the game. A used item leaves the hand at the reveal; one use of each kind a round.": `\`use %1 d<n>\`：あなたのダイスを別の種類のもの（%2）に替えます。このラウンドの出目から対局の終わりまで有効です。${USED}`,
  "use %s <die>: replace your die by one of another kind (%s) for this round's roll and the rest of the game. A used item leaves the hand at the reveal; one use of each kind a round.": `\`use %1 <ダイス>\`：あなたのダイスを別の種類のもの（%2）に替えます。このラウンドの出目から対局の終わりまで有効です。${USED}`,

  // swap：4 行。後の 3 行はいつもつながる
  'use %s <player> <item>: give that player one of your items (not one':
    '`use %1 <プレイヤー> <アイテム>`：そのプレイヤーにあなたのアイテムを 1 枚渡し（このラウンドに',
  'used this round) and take one of their items at random, from their hand before yours arrives (nothing if they hold none). It does nothing if either of you uses %s. Swaps resolve in seat order after exchanges.':
    '使うものは渡せません）、相手のアイテムをランダムに 1 枚取ります。取るのは、あなたのアイテムが届く前の相手の手札からです（相手が何も持っていなければ何も取りません）。どちらかが %1 を使うと何も起きません。swap は位置の入れ替えの後、席順に処理されます。',
  'used this round) and take one of their items at random, from their hand before yours arrives (nothing if they hold none). It does nothing if either of you uses %s. Swaps resolve in seat order after exchanges. A used item leaves the hand at the reveal; one use of each kind a round.': `使うものは渡せません）、相手のアイテムをランダムに 1 枚取ります。取るのは、あなたのアイテムが届く前の相手の手札からです（相手が何も持っていなければ何も取りません）。どちらかが %1 を使うと何も起きません。swap は位置の入れ替えの後、席順に処理されます。${USED}`,
  'use %s <player> <item>: give that player one of your items (not one used this round) and take one of their items at random, from their hand before yours arrives (nothing if they hold none). It does nothing if either of you uses %s. Swaps resolve in seat order after exchanges.':
    '`use %1 <プレイヤー> <アイテム>`：そのプレイヤーにあなたのアイテムを 1 枚渡し（このラウンドに使うものは渡せません）、相手のアイテムをランダムに 1 枚取ります。取るのは、あなたのアイテムが届く前の相手の手札からです（相手が何も持っていなければ何も取りません）。どちらかが %2 を使うと何も起きません。swap は位置の入れ替えの後、席順に処理されます。',
  'use %s <player> <item>: give that player one of your items (not one used this round) and take one of their items at random, from their hand before yours arrives (nothing if they hold none). It does nothing if either of you uses %s. Swaps resolve in seat order after exchanges. A used item leaves the hand at the reveal; one use of each kind a round.': `\`use %1 <プレイヤー> <アイテム>\`：そのプレイヤーにあなたのアイテムを 1 枚渡し（このラウンドに使うものは渡せません）、相手のアイテムをランダムに 1 枚取ります。取るのは、あなたのアイテムが届く前の相手の手札からです（相手が何も持っていなければ何も取りません）。どちらかが %2 を使うと何も起きません。swap は位置の入れ替えの後、席順に処理されます。${USED}`,

  // noswap：3 行。後の 2 行はいつもつながる
  'use %s: from the reveal on, no item exchange involves you this': '`use %1`：使用の公開の時点から、このラウンドは',
  'round: a swap aimed at you does nothing, and a bump with you exchanges nothing either way.':
    'あなたが関わるアイテム交換は起きません：あなたに向けた swap は何もせず、あなたとぶつかっても、どちらからも何も交換されません。',
  'use %s: from the reveal on, no item exchange involves you this round: a swap aimed at you does nothing, and a bump with you exchanges nothing either way.':
    '`use %1`：使用の公開の時点から、このラウンドはあなたが関わるアイテム交換は起きません：あなたに向けた swap は何もせず、あなたとぶつかっても、どちらからも何も交換されません。',

  // nopickup
  'use %s: this round you pick up no item cards on your walk (stars':
    '`use %1`：このラウンドは歩く途中でアイテムカードを拾いません（スター',
  'and skulls still); the items stay on the ground.': 'とドクロは拾います）。アイテムは地面に残ります。',
  'use %s: this round you pick up no item cards on your walk (stars and skulls still); the items stay on the ground.':
    '`use %1`：このラウンドは歩く途中でアイテムカードを拾いません（スターとドクロは拾います）。アイテムは地面に残ります。',

  // exchange
  'use %s <player>: you and that player trade positions at once':
    '`use %1 <プレイヤー>`：あなたとそのプレイヤーの位置をただちに入れ替えます',
  '(exchanges resolve first, in seat order).': '（位置の入れ替えは最初に、席順に処理されます）。',
  'use %s <player>: you and that player trade positions at once (exchanges resolve first, in seat order).':
    '`use %1 <プレイヤー>`：あなたとそのプレイヤーの位置をただちに入れ替えます（位置の入れ替えは最初に、席順に処理されます）。',

  // ダイス：面の数と点数。最初に持つダイスか、替えるアイテム
  '%s: die, rolls 1-%d, each as likely; +%d point%s at the end':
    '%1：ダイス、出目は 1〜%2 で、どれも同じ確率です。終了時 +%3 点',
  '%s: die, rolls 1-%d, each as likely; %d point%s at the end':
    '%1：ダイス、出目は 1〜%2 で、どれも同じ確率です。終了時 %3 点',
  'Everyone starts with a %s.': '全員が %1 を持って始めます。',
  'Everyone starts with a %s; the item %s changes it.': '全員が %1 を持って始めます。アイテム %2 で替えられます。',
  'Taken with the item %s (use %s d<n>).': 'アイテム %1 で手に入ります（`use %2 d<n>`）。',
  'Taken with the item %s (use %s <die>).': 'アイテム %1 で手に入ります（`use %2 <ダイス>`）。',
  'No item of this set changes a die to it.': 'このセットには、ダイスをこれに替えるアイテムはありません。',

  // 地面のカード（名前はそのまま、記法としてバッククォートで囲む）
  'star: ground card, +%d point%s at the end': '`star`（スター）：地面のカード、終了時 +%1 点',
  'star: ground card, %d point%s at the end': '`star`（スター）：地面のカード、終了時 %1 点',
  'skull: ground card, +%d point%s at the end': '`skull`（ドクロ）：地面のカード、終了時 +%1 点',
  'skull: ground card, %d point%s at the end': '`skull`（ドクロ）：地面のカード、終了時 %1 点',
  'Lies face up; whoever enters its cell picks it up.': '表向きに置かれ、そのマスに入ったプレイヤーが拾います。',
  'Lies face up; whoever enters its cell picks it up (%s too).':
    '表向きに置かれ、そのマスに入ったプレイヤーが拾います（%1 を使っていても拾います）。',
};
