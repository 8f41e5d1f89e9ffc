// three-arrows のリファレンスの日本語版 (形式は web/reference-words.js、ja.js が各ゲームをまとめる)：
// 各キーはエンジンの項目 (src/games/three_arrows/reference.c) の一行（段落）の英語の書式。
// ページは端末の折り返しをつなぐ (details.js の reflow)：手で折った段落はつながりうる区間ごとにキーを持ち、
// 前の行につながった行（バリアントの長い名前やリスト）は "%s" と続く行のキーで部分ごとに訳す。

import { arrowLists } from '../arrow-lists.js';

// 駒の向きから見た矢印の方向
const REL = {
  ahead: '前',
  'ahead-right': '右前',
  right: '右',
  'behind-right': '右後ろ',
  behind: '後ろ',
  'behind-left': '左後ろ',
  left: '左',
  'ahead-left': '左前',
};
// ダイスの面の数（エンジンは英語の数詞で書く）
const FACES = {
  one: '1 面',
  two: '2 面',
  three: '3 面',
  four: '4 面',
  five: '5 面',
  six: '6 面',
  seven: '7 面',
  eight: '8 面',
  nine: '9 面',
  ten: '10 面',
  eleven: '11 面',
  twelve: '12 面',
};
// ボーナス駒を得るダイスの目（ない場合）と、攻撃側が取るときの差
const NEVER_BELOW = { 'less than 0 (never)': '0 未満（ありえません）' };
const NEVER_ABOVE = { 'more than 0 (never)': '0 より大きい値（ありえません）' };
const BY = { 'exactly one': 'ちょうど 1 の差', 'no more than the die': 'ダイスの目以下の差' };

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // a kind: its letter, name, copies in each holder and arrows (a line of its own)
  '%c: %s, %d in each holder at the start, %d arrow': '%1：%2、最初は各持ち駒に %3 個、矢印 %4 本',
  '%c: %s, %d in each holder at the start, %d arrow %s': '%1：%2、最初は各持ち駒に %3 個、矢印 %4 本 %5',
  '%c: %s, %d in each holder at the start, %d arrows': '%1：%2、最初は各持ち駒に %3 個、矢印 %4 本',
  '%c: %s, %d in each holder at the start, %d arrows %s': '%1：%2、最初は各持ち駒に %3 個、矢印 %4 本 %5',
  // its arrows relative to its facing (REL), one key a count (1 to 8): alone, then with the facings
  ...arrowLists('矢印：', '、', REL, {
    '': '',
    ' facing %s: %s   facing %s: %s': ' %1 向き：%2   %3 向き：%4',
    ' the same in every facing (written N): %s': ' どの向きでも同じです（N と書きます）：%1',
  }),
  // an arrow that counts more than one
  'ahead ×%d': '前 ×%1',
  'ahead-right ×%d': '右前 ×%1',
  'right ×%d': '右 ×%1',
  'behind-right ×%d': '右後ろ ×%1',
  'behind ×%d': '後ろ ×%1',
  'behind-left ×%d': '左後ろ ×%1',
  'left ×%d': '左 ×%1',
  'ahead-left ×%d': '左前 ×%1',
  // two facings a line
  'facing %s: %s   facing %s: %s': '%1 向き：%2   %3 向き：%4',
  'facing %s: %s   facing %s: %s facing %s: %s   facing %s: %s': '%1 向き：%2   %3 向き：%4 %5 向き：%6   %7 向き：%8',
  '%s facing %s: %s   facing %s: %s': '%1 %2 向き：%3   %4 向き：%5',
  'the same in every facing (written N): %s': 'どの向きでも同じです（N と書きます）：%1',
  // how its arrows count
  "The %s's arrow counts %d in an attack or a defence.": '%1 の矢印は、攻撃でも防御でも %2 と数えます。',
  'Each arrow marked ×n counts n in an attack or a defence.': '×n の付いた矢印は、攻撃でも防御でも n と数えます。',
  "%s The %s's arrow counts %d in an attack or a defence.": '%1 %2 の矢印は、攻撃でも防御でも %3 と数えます。',
  '%s Each arrow marked ×n counts n in an attack or a defence.':
    '%1 ×n の付いた矢印は、攻撃でも防御でも n と数えます。',
  // the last piece (the Terminator): a paragraph, whose lines the page may join
  'Placed last: only by a player whose %d other pieces have left the':
    '最後に置く駒です：置けるのは、自分のほかの駒 %1 個がすべて',
  'Placed last: only by a player whose %d other pieces have left the holder, or once any %s is on the board. From then on every':
    '最後に置く駒です：置けるのは、自分のほかの駒 %1 個がすべて持ち駒から出たとき、または誰かの %2 が盤上にあるときだけです。それ以降は',
  'Placed last: only by a player whose %d other pieces have left the holder, or once any %s is on the board. From then on every player may place only their own %s, and a piece that captures':
    '最後に置く駒です：置けるのは、自分のほかの駒 %1 個がすべて持ち駒から出たとき、または誰かの %2 が盤上にあるときだけです。それ以降は全員が自分の %3 しか置けず、駒を取った駒は',
  'Placed last: only by a player whose %d other pieces have left the holder, or once any %s is on the board. From then on every player may place only their own %s, and a piece that captures stays where it is. It cannot be covered; it can be shielded.':
    '最後に置く駒です：置けるのは、自分のほかの駒 %1 個がすべて持ち駒から出たとき、または誰かの %2 が盤上にあるときだけです。それ以降は全員が自分の %3 しか置けず、駒を取った駒はその場にとどまります。この駒にはカバーをかけられませんが、シールドは付けられます。',
  'holder, or once any %s is on the board. From then on every':
    '持ち駒から出たとき、または誰かの %1 が盤上にあるときだけです。それ以降は',
  'holder, or once any %s is on the board. From then on every player may place only their own %s, and a piece that captures':
    '持ち駒から出たとき、または誰かの %1 が盤上にあるときだけです。それ以降は全員が自分の %2 しか置けず、駒を取った駒は',
  'holder, or once any %s is on the board. From then on every player may place only their own %s, and a piece that captures stays where it is. It cannot be covered; it can be shielded.':
    '持ち駒から出たとき、または誰かの %1 が盤上にあるときだけです。それ以降は全員が自分の %2 しか置けず、駒を取った駒はその場にとどまります。この駒にはカバーをかけられませんが、シールドは付けられます。',
  'player may place only their own %s, and a piece that captures': '全員が自分の %1 しか置けず、駒を取った駒は',
  'player may place only their own %s, and a piece that captures stays where it is. It cannot be covered; it can be shielded.':
    '全員が自分の %1 しか置けず、駒を取った駒はその場にとどまります。この駒にはカバーをかけられませんが、シールドは付けられます。',
  'stays where it is. It cannot be covered; it can be shielded.':
    'その場にとどまります。この駒にはカバーをかけられませんが、シールドは付けられます。',
  '%s Placed last: only by a player whose %d other pieces have left the':
    '%1 最後に置く駒です：置けるのは、自分のほかの駒 %2 個がすべて',
  '%s Placed last: only by a player whose %d other pieces have left the holder, or once any %s is on the board. From then on every':
    '%1 最後に置く駒です：置けるのは、自分のほかの駒 %2 個がすべて持ち駒から出たとき、または誰かの %3 が盤上にあるときだけです。それ以降は',
  '%s Placed last: only by a player whose %d other pieces have left the holder, or once any %s is on the board. From then on every player may place only their own %s, and a piece that captures':
    '%1 最後に置く駒です：置けるのは、自分のほかの駒 %2 個がすべて持ち駒から出たとき、または誰かの %3 が盤上にあるときだけです。それ以降は全員が自分の %4 しか置けず、駒を取った駒は',
  '%s Placed last: only by a player whose %d other pieces have left the holder, or once any %s is on the board. From then on every player may place only their own %s, and a piece that captures stays where it is. It cannot be covered; it can be shielded.':
    '%1 最後に置く駒です：置けるのは、自分のほかの駒 %2 個がすべて持ち駒から出たとき、または誰かの %3 が盤上にあるときだけです。それ以降は全員が自分の %4 しか置けず、駒を取った駒はその場にとどまります。この駒にはカバーをかけられませんが、シールドは付けられます。',
  // the holder
  "holder: a player's pieces not yet placed, %d at the start":
    '持ち駒：プレイヤーのまだ置いていない駒です。最初は %1 個',
  "holder: a player's pieces not yet placed, %d at the start (%s). Its owner sees them by kind, the others only how":
    '持ち駒：プレイヤーのまだ置いていない駒です。最初は %1 個（%2）。持ち主には種類ごとに見え、ほかのプレイヤーには',
  "holder: a player's pieces not yet placed, %d at the start (%s). Its owner sees them by kind, the others only how many are left.":
    '持ち駒：プレイヤーのまだ置いていない駒です。最初は %1 個（%2）。持ち主には種類ごとに見え、ほかのプレイヤーには残りの数だけが見えます。',
  '(%s). Its owner sees them by kind, the others only how': '（%1）。持ち主には種類ごとに見え、ほかのプレイヤーには',
  '(%s). Its owner sees them by kind, the others only how many are left.':
    '（%1）。持ち主には種類ごとに見え、ほかのプレイヤーには残りの数だけが見えます。',
  'many are left.': '残りの数だけが見えます。',
  // the covers (one paragraph), then the pieces that cannot be covered
  'cover: %d for each player (none in the tactical mode), placed with a piece (place <piece> <sq> <facing> covered). The others see only "a covered piece of pN" (1? on the board; its owner sees 1a, lower case): not its kind nor its facing. A covered piece has no arrows at all (no placing from it, no attack, nothing added to a defence) but holds its square and keeps a line unbroken. Its owner uncovers it for free (uncover <sq>) in their turn before the action, or as the defender of an attack; the cover is gone.':
    'カバー：各プレイヤーに %1 個（タクティカルではなし）。駒を置くときにかけます（`place <駒> <マス> <向き> covered`）。ほかのプレイヤーには「pN のカバー付きの駒」としか見えず（盤上では 1?、持ち主には小文字の 1a と見えます）、種類も向きもわかりません。カバー付きの駒には矢印がまったくありません（そこから駒を置けず、攻撃もできず、防御にも何も加えません）が、マスを占め、駒の列を途切れさせません。持ち主は自分の手番の行動の前か、攻撃の防御側として、無料で表にできます（`uncover <マス>`）。そのときカバーはなくなります。',
  'cover: %d for each player (none in the tactical mode), placed with a piece (place <piece> <sq> <facing> covered). The others see only "a covered piece of pN" (1? on the board; its owner sees 1a, lower case): not its kind nor its facing. A covered piece has no arrows at all (no placing from it, no attack, nothing added to a defence) but holds its square and keeps a line unbroken. Its owner uncovers it for free (uncover <sq>) in their turn before the action, or as the defender of an attack; the cover is gone. %s':
    'カバー：各プレイヤーに %1 個（タクティカルではなし）。駒を置くときにかけます（`place <駒> <マス> <向き> covered`）。ほかのプレイヤーには「pN のカバー付きの駒」としか見えず（盤上では 1?、持ち主には小文字の 1a と見えます）、種類も向きもわかりません。カバー付きの駒には矢印がまったくありません（そこから駒を置けず、攻撃もできず、防御にも何も加えません）が、マスを占め、駒の列を途切れさせません。持ち主は自分の手番の行動の前か、攻撃の防御側として、無料で表にできます（`uncover <マス>`）。そのときカバーはなくなります。%2',
  'The %s cannot be covered.': '%1 にはカバーをかけられません。',
  'The %s and the %s cannot be covered.': '%1、%2 にはカバーをかけられません。',
  'The %s and the %s and the %s cannot be covered.': '%1、%2、%3 にはカバーをかけられません。',
  'The %s and the %s and the %s and the %s cannot be covered.': '%1、%2、%3、%4 にはカバーをかけられません。',
  'The %s and the %s and the %s and the %s and the %s cannot be covered.':
    '%1、%2、%3、%4、%5 にはカバーをかけられません。',
  'The %s and the %s and the %s and the %s and the %s and the %s cannot be covered.':
    '%1、%2、%3、%4、%5、%6 にはカバーをかけられません。',
  'The %s and the %s and the %s and the %s and the %s and the %s and the %s cannot be covered.':
    '%1、%2、%3、%4、%5、%6、%7 にはカバーをかけられません。',
  'The %s and the %s and the %s and the %s and the %s and the %s and the %s and the %s cannot be covered.':
    '%1、%2、%3、%4、%5、%6、%7、%8 にはカバーをかけられません。',
  // the shields
  'shield: %d for each player, placed with a piece (place <piece> <sq> <facing> shielded; s on the board). A shielded piece cannot be attacked until an opponent with an uncovered arrow pointing at it spends a whole action on unshield <sq>, which throws the shield away. A shielded piece that attacks and loses is still captured; one that captures and advances keeps it.':
    'シールド：各プレイヤーに %1 個。駒を置くときに付けます（`place <駒> <マス> <向き> shielded`、盤上では s）。シールド付きの駒は、その駒を指すカバーのかかっていない矢印を持つ相手が、1 回の行動をまるごと使って `unshield <マス>` でシールドを捨てるまで攻撃されません。シールド付きの駒でも、攻撃して負ければ取られます。駒を取って進んだ駒は、シールドを付けたままです。',
  // the bonus pieces: the values of the die that win one, or never
  'bonus: a bonus piece; each player starts with %d. The attacker wins one when the die shows %s and the attack does not capture; the defender wins one when the die shows %s and the attacker captures by %s. At the very start of a turn, bonus <k> (2 <= k <= held) spends k for k-1 extra turns. Unused bonus pieces break ties between players equal in captures.':
    {
      t: 'ボーナス：ボーナス駒のことです。各プレイヤーは最初に %1 個持っています。ダイスの目が %2 で攻撃が駒を取れなかったとき、攻撃側が 1 個得ます。ダイスの目が %3 で攻撃側が%4で駒を取ったとき、防御側が 1 個得ます。手番のいちばん初めに `bonus <k>`（2 <= k <= 持っている数）で k 個を使うと、k-1 回の追加ターンを得ます。使わなかったボーナス駒は、取った駒の数が同じプレイヤーの間で順位を決めます。',
      args: { 2: NEVER_BELOW, 3: NEVER_ABOVE, 4: BY },
    },
  // the die: one value
  'die: %s face%s, all %s (die %s), rolled after every attack and added to': {
    t: 'ダイス：%1、常に %3（die %4）。攻撃のたびに振り、',
    args: { 1: FACES },
  },
  "die: %s face%s, all %s (die %s), rolled after every attack and added to the attack's strength; none in the tactical mode. Higher captures the":
    {
      t: 'ダイス：%1、常に %3（die %4）。攻撃のたびに振り、攻撃の強さに加えます。タクティカルでは使いません。攻撃が防御を上回れば',
      args: { 1: FACES },
    },
  "die: %s face%s, all %s (die %s), rolled after every attack and added to the attack's strength; none in the tactical mode. Higher captures the other piece, equal does nothing.":
    {
      t: 'ダイス：%1、常に %3（die %4）。攻撃のたびに振り、攻撃の強さに加えます。タクティカルでは使いません。攻撃が防御を上回れば相手の駒を取り、同じなら何も起きません。',
      args: { 1: FACES },
    },
  "the attack's strength; none in the tactical mode. Higher captures the":
    '攻撃の強さに加えます。タクティカルでは使いません。攻撃が防御を上回れば',
  "the attack's strength; none in the tactical mode. Higher captures the other piece, equal does nothing.":
    '攻撃の強さに加えます。タクティカルでは使いません。攻撃が防御を上回れば相手の駒を取り、同じなら何も起きません。',
  'other piece, equal does nothing.': '相手の駒を取り、同じなら何も起きません。',
  // the die: values equally likely
  'die: %s faces, %s each of %s (%s: %d in %d': {
    t: 'ダイス：%1、%3 が %2ずつ（%4：%6 回に %5 回',
    args: { 1: FACES, 2: FACES },
  },
  "die: %s faces, %s each of %s (%s: %d in %d each), rolled after every attack and added to the attack's strength; none":
    {
      t: 'ダイス：%1、%3 が %2ずつ（%4：%6 回に %5 回ずつ）。攻撃のたびに振り、攻撃の強さに加えます。タクティカルでは',
      args: { 1: FACES, 2: FACES },
    },
  "die: %s faces, %s each of %s (%s: %d in %d each), rolled after every attack and added to the attack's strength; none in the tactical mode. Higher captures the other piece, equal does nothing.":
    {
      t: 'ダイス：%1、%3 が %2ずつ（%4：%6 回に %5 回ずつ）。攻撃のたびに振り、攻撃の強さに加えます。タクティカルでは使いません。攻撃が防御を上回れば相手の駒を取り、同じなら何も起きません。',
      args: { 1: FACES, 2: FACES },
    },
  "each), rolled after every attack and added to the attack's strength; none":
    'ずつ）。攻撃のたびに振り、攻撃の強さに加えます。タクティカルでは',
  "each), rolled after every attack and added to the attack's strength; none in the tactical mode. Higher captures the other piece, equal does nothing.":
    'ずつ）。攻撃のたびに振り、攻撃の強さに加えます。タクティカルでは使いません。攻撃が防御を上回れば相手の駒を取り、同じなら何も起きません。',
  'in the tactical mode. Higher captures the other piece, equal does nothing.':
    '使いません。攻撃が防御を上回れば相手の駒を取り、同じなら何も起きません。',
  // the die: values of their own chances ("two of +1", "die +1: 1 in 3")
  'die: %s faces, %s (%s),': { t: 'ダイス：%1、%2（%3）。', args: { 1: FACES } },
  "die: %s faces, %s (%s), rolled after every attack and added to the attack's strength; none": {
    t: 'ダイス：%1、%2（%3）。攻撃のたびに振り、攻撃の強さに加えます。タクティカルでは',
    args: { 1: FACES },
  },
  "die: %s faces, %s (%s), rolled after every attack and added to the attack's strength; none in the tactical mode. Higher captures the other piece, equal does nothing.":
    {
      t: 'ダイス：%1、%2（%3）。攻撃のたびに振り、攻撃の強さに加えます。タクティカルでは使いません。攻撃が防御を上回れば相手の駒を取り、同じなら何も起きません。',
      args: { 1: FACES },
    },
  "rolled after every attack and added to the attack's strength; none":
    '攻撃のたびに振り、攻撃の強さに加えます。タクティカルでは',
  "rolled after every attack and added to the attack's strength; none in the tactical mode. Higher captures the other piece, equal does nothing.":
    '攻撃のたびに振り、攻撃の強さに加えます。タクティカルでは使いません。攻撃が防御を上回れば相手の駒を取り、同じなら何も起きません。',
  'one of +%d': '+%1 が 1 面',
  'one of %d': '%1 が 1 面',
  'two of +%d': '+%1 が 2 面',
  'two of %d': '%1 が 2 面',
  'three of +%d': '+%1 が 3 面',
  'three of %d': '%1 が 3 面',
  'four of +%d': '+%1 が 4 面',
  'four of %d': '%1 が 4 面',
  'five of +%d': '+%1 が 5 面',
  'five of %d': '%1 が 5 面',
  'six of +%d': '+%1 が 6 面',
  'six of %d': '%1 が 6 面',
  'seven of +%d': '+%1 が 7 面',
  'seven of %d': '%1 が 7 面',
  'eight of +%d': '+%1 が 8 面',
  'eight of %d': '%1 が 8 面',
  'nine of +%d': '+%1 が 9 面',
  'nine of %d': '%1 が 9 面',
  'ten of +%d': '+%1 が 10 面',
  'ten of %d': '%1 が 10 面',
  'eleven of +%d': '+%1 が 11 面',
  'eleven of %d': '%1 が 11 面',
  'twelve of +%d': '+%1 が 12 面',
  'twelve of %d': '%1 が 12 面',
  'die +%d: %d in %d': 'die +%1：%3 回に %2 回',
  'die %d: %d in %d': 'die %1：%3 回に %2 回',
  // the legend of `quiver play` (asked for by name only)
  'legend: the pieces by their codes (A3 by a holder: 3 A pieces left in it), their arrows as they point facing N, and the copies in each holder':
    '凡例：駒をコードで示します（持ち駒の横の A3 は、A の駒が 3 個残っていることです）。N 向きのときの矢印と、各持ち駒の個数も示します',
  '%c %s  %s  %d each': '%1 %2  %3  各 %4 個',
  '%c %s  %s  %d each    %c %s  %s  %d each': '%1 %2  %3  各 %4 個    %5 %6  %7  各 %8 個',
  "('piece A' says more of one piece, 'piece' names the other things)":
    '（`piece A` で 1 つの駒を詳しく、`piece` でほかの物の名前を示します）',
  "%s ('piece A' says more of one piece, 'piece' names the other things)":
    '%1 （`piece A` で 1 つの駒を詳しく、`piece` でほかの物の名前を示します）',
};
