// arrow-party の手を拒む理由の日本語版 (形式は web/reasons.js、ja.js が各部をまとめる)：
// 各キーは scripts/narration-formats.mjs --reasons が挙げる src/ の書式。

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'not an item of this game': 'このゲームのアイテムではありません',
  '%s is not a player of this game (p1-p%d)': '%1 はこのゲームのプレイヤーではありません（p1〜p%2）',
  'p%d cannot %s with itself (name another player)':
    'p%1 は自分自身に %2 を使えません（他のプレイヤーを指名してください）',
  'p%d already uses a %s this round (at most one copy of each kind)':
    'p%1 はこのラウンドすでに %2 を使っています（同じ種類は 1 枚まで）',
  'p%d already uses a %s this round (at most one item of each effect, here %s)':
    'p%1 はこのラウンドすでに %2 を使っています（同じ効果のアイテムは 1 枚まで。ここでは %3）',
  'p%d does not hold a %s': 'p%1 は %2 を持っていません',
  "p%d's %s is already given by its swap this round": 'p%1 の %2 は、このラウンドの swap で渡すことになっています',
  'use %s takes a die of this game': 'use %1 にはこのゲームのダイスを指定してください',
  'p%d already has a %s (%s replaces the die by a different kind)':
    'p%1 のダイスはすでに %2 です（%3 はダイスを別の種類に替えます）',
  'p%d does not hold a %s to give': 'p%1 は渡せる %2 を持っていません',
  'p%d has no %s left to give that is not used this round':
    'p%1 には、このラウンドに使わずに渡せる %2 が残っていません',
  'not a valid use of %s': '%1 の正しい使い方ではありません',
  'go takes a direction N NE E SE S SW W NW': 'go には方向（N NE E SE S SW W NW）を指定してください',
  "%s is not an arrow of p%d's landed card %s (it points:%s)":
    '%1 は p%2 の着地したカード %3 の矢印ではありません（矢印は%4）',
  'not now: the game waits for the items phase (use <item> ... then ready)':
    '今はできません：アイテムフェイズの手を待っています（use <アイテム> ... の後に ready）',
  "not now: the game waits for a swap's random take (chance: take <item>)":
    '今はできません：swap でランダムに取るアイテムの決定を待っています（chance: take <アイテム>）',
  'not now: the game waits for a draw (chance: stack <value>)':
    '今はできません：ドローの結果を待っています（chance: stack <値>）',
  'not now: the game waits for the throw (throw <card>)':
    '今はできません：矢印カードを投げる手を待っています（throw <カード>）',
  'not now: the game waits for a landing (chance: land <k>)':
    '今はできません：カードの着地の結果を待っています（chance: land <k>）',
  'not now: the game waits for a roll (chance: roll <n>)':
    '今はできません：ダイスの出目を待っています（chance: roll <n>）',
  'not now: the game waits for the direction (go <dir>)': '今はできません：歩く方向の選択を待っています（go <方向>）',
  'not now: the game waits for a bump (chance: give <item|none> <item|none>)':
    '今はできません：ぶつかったときのアイテム交換の結果を待っています（chance: give <アイテム|none> <アイテム|none>）',
  'throw takes an arrow card': 'throw には矢印カードを指定してください',
  "p%d's %s rolls 1-%d": 'p%1 の %2 の出目は 1〜%3 です',
  'a card lands turned by k = 0-7': 'カードは k = 0〜7 の回転で着地します',
  'stack %d is empty or no stack': '山 %1 は空か、存在しません',
  'p%d holds no such item to be taken': 'p%1 はそのアイテムを持っていないので、取れません',
  'the bump of p%d and p%d cannot give that (each gives an item it holds, or none when it holds none)':
    'p%1 と p%2 のぶつかりでは、それは渡せません（それぞれ持っているアイテムを 1 枚渡し、持っていなければ none です）',
  'not now': '今はできません',
  "unknown item '%.20s' in %s (items: %s)": "%2 の '%1' は不明なアイテムです（アイテム：%3）",
  "'%.20s' is not a player of this game in %s (p1-p%d)": "%2 の '%1' はこのゲームのプレイヤーではありません（p1〜p%3）",
  'expected use %s <die> (%s)': "'use %1 <ダイス>' と入力してください（%2）",
  'expected use %s <player> <item> (e.g. use %s p3 %s)':
    "'use %1 <プレイヤー> <アイテム>' と入力してください（例：use %2 p3 %3）",
  'expected use %s <player> (e.g. use %s p2)': "'use %1 <プレイヤー>' と入力してください（例：use %2 p2）",
  'use %s takes no argument': 'use %1 の後には何も書きません',
  "unknown die '%.20s' (dice: %s)": "'%1' は不明なダイスです（ダイス：%2）",
  "%s takes a number %ld-%ld, not '%.20s'": "%1 には %2〜%3 の数を指定してください（'%4' ではなく）",
  'expected throw <card> (an arrow card %s-%s)': "'throw <カード>' と入力してください（矢印カード %1〜%2）",
  "unknown card '%.20s' (arrow cards are %s-%s, %s-%s, ..., %s-%s)":
    "'%1' は不明なカードです（矢印カードは %2〜%3、%4〜%5、…、%6〜%7）",
  '%s is an item card: throw takes an arrow card (%s-%s)':
    '%1 はアイテムカードです：throw には矢印カード（%2〜%3）を指定してください',
  'expected go <dir> with a direction N, NE, E, SE, S, SW, W or NW':
    "'go <方向>' と入力してください（方向：N、NE、E、SE、S、SW、W、NW）",
  "unknown direction '%.20s' (expected go <dir> with N, NE, E, SE, S, SW, W or NW)":
    "'%1' は不明な方向です（'go <方向>' の方向は N、NE、E、SE、S、SW、W、NW のいずれか）",
  'expected %s <%s>': "'%1 <%2>' と入力してください",
  'expected give <item|none> <item|none>': "'give <アイテム|none> <アイテム|none>' と入力してください",
  'ready takes no argument': 'ready の後には何も書きません',
  'expected take <item>': "'take <アイテム>' と入力してください",
  "unknown action '%.20s' (expected %s)": "'%1' は不明なアクションです（次のいずれか：%2）",
};
