// arrow-party の手の説明の日本語版（形は web/narration.js が述べる。ja.js が各ゲームをまとめる）：
// 各キーは src/games/ の書式で、scripts/narration-formats.mjs が一覧にする。

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'p%d uses no item': 'p%1 はアイテムを使わない',
  'p%d uses %s': 'p%1 は %2 を使う',
  '%s: p%d and p%d trade places, p%d now on %s, p%d on %s':
    '%1：p%2 と p%3 が位置を入れ替える。p%4 は %5 に、p%6 は %7 に',
  "p%d's %s with p%d does nothing: both use %s": 'p%1 の p%3 への %2 は効果なし：両者が %4 を使用',
  "p%d's %s with p%d does nothing: p%d uses %s": 'p%1 の p%3 への %2 は効果なし：p%4 が %5 を使用',
  "p%d's %s with p%d does nothing: p%d no longer holds %s":
    'p%1 の p%3 への %2 は効果なし：p%4 はもう %5 を持っていない',
  'p%d gives %s to p%d and takes nothing: p%d holds no item':
    'p%1 が %2 を p%3 に渡すが、何も取らない：p%4 はアイテムを持っていない',
  'p%d gives %s to p%d and takes {%x:%s|an item} from p%d':
    'p%1 が %2 を p%3 に渡し、p%6 から{%4: %5 を|アイテムを 1 枚}取る',
  "p%d's die becomes a %s": 'p%1 のダイスが %2 になる',
  'p%d draws {%x:%s (%s)|a card} from stack %d': 'p%1 が山 %5 から{%2: %3（%4）を|カードを 1 枚}引く',
  "p%d's draw takes nothing: every arrow stack is empty": 'p%1 は何も引けない：矢印カードの山はすべて空',
  'p%d holds no arrow card: p%d neither throws nor walks this round':
    'p%1 は矢印カードを持っていない：p%2 はこのラウンド、投げも歩きもしない',
  'p%d throws %s (%s)': 'p%1 が %2（%3）を投げる',
  "p%d's %s lands upright: p%d may go %s": 'p%1 の %2 がそのままの向きで着地：p%3 は %4 に進める',
  "p%d's %s lands turned %d°: p%d may go %s": 'p%1 の %2 が時計回りに %3° 回転して着地：p%4 は %5 に進める',
  "p%d's %s lands upright: p%d may go %s (with %s)":
    'p%1 の %2 がそのままの向きで着地：p%3 は %4 に進める（%5 を使用）',
  "p%d's %s lands turned %d°: p%d may go %s (with %s)":
    'p%1 の %2 が時計回りに %3° 回転して着地：p%4 は %5 に進める（%6 を使用）',
  'p%d rolls %d on a %s: %d step%s': 'p%1 が %3 で %2 を出す：%4 歩',
  'p%d rolls %d on a %s: %d step%s (%s)': 'p%1 が %3 で %2 を出す：%4 歩（%6）',
  'p%d rolls %d on a %s: %d step%s (%s, %s)': 'p%1 が %3 で %2 を出す：%4 歩（%6、%7）',
  'p%d rolls %d on a %s: %d step%s (%s, %s, %s)': 'p%1 が %3 で %2 を出す：%4 歩（%6、%7、%8）',
  'p%d stands still on %s (0 steps)': 'p%1 は %2 にとどまる（0 歩）',
  'p%d walks %s %d: %s': 'p%1 が %2 へ %3 歩進む：%4',
  'p%d walks %s %d: %s %s': 'p%1 が %2 へ %3 歩進む：%4 %5',
  'p%d walks %s %d: %s %s %s': 'p%1 が %2 へ %3 歩進む：%4 %5 %6',
  'p%d walks %s %d: %s %s %s %s': 'p%1 が %2 へ %3 歩進む：%4 %5 %6 %7',
  'p%d walks on: %s': 'p%1 がさらに進む：%2',
  'p%d walks on: %s %s': 'p%1 がさらに進む：%2 %3',
  'p%d walks on: %s %s %s': 'p%1 がさらに進む：%2 %3 %4',
  'p%d walks on: %s %s %s %s': 'p%1 がさらに進む：%2 %3 %4 %5',
  '%s (picks up a star)': '%1（スターを拾う）',
  '%s (picks up a skull)': '%1（ドクロを拾う）',
  '%s (picks up %s)': '%1（%2 を拾う）',
  '%s (picks up a face-down item)': '%1（裏向きのアイテムを拾う）',
  '%s (leaves the item there: %s)': '%1（アイテムはそのまま：%2）',
  '%s (stops at the edge: %d step%s lost)': '%1（端で止まる：%2 歩を失う）',
  '(stops at the edge: %d step%s lost)': '（端で止まる：%1 歩を失う）',
  'p%d stays on %s: its direction leads off the area (%d step%s lost)':
    'p%1 は %2 にとどまる：その方向は場の外へ出る（%3 歩を失う）',
  "{%x:p%d's face-down pick-up is %s|}": '{%1:p%2 が拾った裏向きのアイテムは %3|}',
  'on %s': '%1 で',
  'passing between %s and %s': '%1 と %2 の間ですれ違って',
  'p%d and p%d bump %s': 'p%1 と p%2 が %3ぶつかる',
  'p%d and p%d bump %s: no exchange, both use %s': 'p%1 と p%2 が %3ぶつかる：交換なし、両者が %4 を使用',
  'p%d and p%d bump %s: no exchange, p%d uses %s': 'p%1 と p%2 が %3ぶつかる：交換なし、p%4 が %5 を使用',
  'p%d gives {%x:%s|an item} to p%d; p%d gives {%x:%s|an item} to p%d':
    'p%1 が p%4 に{%2: %3 を|アイテムを 1 枚}渡し、p%5 が p%8 に{%6: %7 を|アイテムを 1 枚}渡す',
  'p%d gives {%x:%s|an item} to p%d; p%d has no item to give':
    'p%1 が p%4 に{%2: %3 を|アイテムを 1 枚}渡す。p%5 は渡すアイテムを持っていない',
  'p%d has no item to give; p%d gives {%x:%s|an item} to p%d':
    'p%1 は渡すアイテムを持っていない。p%2 が p%5 に{%3: %4 を|アイテムを 1 枚}渡す',
  'neither p%d nor p%d holds an item to give': 'p%1 も p%2 も渡すアイテムを持っていない',
  "round %d ends: the thrown cards go to their stacks' discards":
    'ラウンド %1 終了：投げたカードはそれぞれの山の捨て札へ',
  'round %d ends': 'ラウンド %1 終了',
  'round %d of %d begins with the redistribution': 'ラウンド %1 / %2 開始：まず再配分',
  'round %d of %d begins': 'ラウンド %1 / %2 開始',
  'stack %d is refilled with its %d returned card%s': '山 %1 に、戻されたカード %2 枚が補充される',
  'p%d is dealt nothing: every stack is empty': 'p%1 には何も配られない：山はすべて空',
  'p%d is dealt {%x:%s|1 arrow card (value %d)}': 'p%1 に{%2: %3 が|矢印カード 1 枚（値 %4）が}配られる',
  'p%d is dealt {%x:%s %s|2 arrow cards (values %d %d)}': 'p%1 に{%2: %3 %4 が|矢印カード 2 枚（値 %5 %6）が}配られる',
  'p%d is dealt {%x:%s %s %s|3 arrow cards (values %d %d %d)}':
    'p%1 に{%2: %3 %4 %5 が|矢印カード 3 枚（値 %6 %7 %8）が}配られる',
  'p%d is dealt {%x:%s %s %s %s|4 arrow cards (values %d %d %d %d)}':
    'p%1 に{%2: %3 %4 %5 %6 が|矢印カード 4 枚（値 %7 %8 %9 %10）が}配られる',
  'p%d is dealt {%x:%s %s %s %s %s|one arrow card of each value}':
    'p%1 に{%2: %3 %4 %5 %6 %7 が|各値の矢印カードが 1 枚ずつ}配られる',
  "the game ends after round %d; every hand's items are shown":
    'ラウンド %1 で対局終了：全員の手札のアイテムが公開される',
  'p%d scores %d: %s': 'p%1 の得点は %2：%3',
  'p%d scores %d: %s, %s': 'p%1 の得点は %2：%3、%4',
  'p%d scores %d: %s, %s, %s': 'p%1 の得点は %2：%3、%4、%5',
  'p%d scores %d: %s, %s, %s, %s': 'p%1 の得点は %2：%3、%4、%5、%6',
  'p%d scores %d: %s, %s, %s, %s, %s': 'p%1 の得点は %2：%3、%4、%5、%6、%7',
  "p%d's score, continued: %s": 'p%1 の得点（続き）：%2',
  "p%d's score, continued: %s, %s": 'p%1 の得点（続き）：%2、%3',
  "p%d's score, continued: %s, %s, %s": 'p%1 の得点（続き）：%2、%3、%4',
  "p%d's score, continued: %s, %s, %s, %s": 'p%1 の得点（続き）：%2、%3、%4、%5',
  'arrows %d': '矢印 %1',
  'items %s': 'アイテム %1',
  '%d star%s %s': 'スター %1 個 %3',
  '%d skull%s %s': 'ドクロ %1 個 %3',
  'final order: %s': '最終順位：%1',
  'final order: %s, %s': '最終順位：%1、%2',
  'final order: %s, %s, %s': '最終順位：%1、%2、%3',
  'final order: %s, %s, %s, %s': '最終順位：%1、%2、%3、%4',
  'final order: %s, %s, %s, %s, %s': '最終順位：%1、%2、%3、%4、%5',
  'final order, continued: %s': '最終順位（続き）：%1',
  'final order, continued: %s, %s': '最終順位（続き）：%1、%2',
  'final order, continued: %s, %s, %s': '最終順位（続き）：%1、%2、%3',
  'final order, continued: %s, %s, %s, %s': '最終順位（続き）：%1、%2、%3、%4',
  '1st p%d (%d)': '1 位 p%1（%2）',
  '2nd p%d (%d)': '2 位 p%1（%2）',
  '3rd p%d (%d)': '3 位 p%1（%2）',
  '4th p%d (%d)': '4 位 p%1（%2）',
  '5th p%d (%d)': '5 位 p%1（%2）',
};
