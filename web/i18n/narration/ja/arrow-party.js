// arrow-party の手の説明の日本語版（形は web/narration.js が述べる。ja.js が各ゲームをまとめる）：
// 各キーは src/games/ の書式で、scripts/narration-formats.mjs が一覧にする。

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'p%d uses no item': 'p%1 はアイテムを使わない',
  '%s: p%d and p%d trade places, p%d now on %s, p%d on %s':
    '%1：p%2 と p%3 が位置を入れ替える。p%4 は %5 に、p%6 は %7 に',
  "p%d's %s with p%d does nothing: %s": {
    t: 'p%1 の p%3 への %2 は効果なし：%4',
    args: {
      4: {
        'both use noswap': '両者が noswap を使用',
        'p1 uses noswap': 'p1 が noswap を使用',
        'p2 uses noswap': 'p2 が noswap を使用',
        'p3 uses noswap': 'p3 が noswap を使用',
        'p4 uses noswap': 'p4 が noswap を使用',
        'p5 uses noswap': 'p5 が noswap を使用',
      },
    },
  },
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
  "p%d's %s %s: p%d may go%s%s": {
    t: 'p%1 の %2 が%3：p%4 は%5 に進める%6',
    args: {
      3: {
        'lands upright': 'そのままの向きで着地',
        'lands turned 45°': '時計回りに 45° 回転して着地',
        'lands turned 90°': '時計回りに 90° 回転して着地',
        'lands turned 135°': '時計回りに 135° 回転して着地',
        'lands turned 180°': '時計回りに 180° 回転して着地',
        'lands turned 225°': '時計回りに 225° 回転して着地',
        'lands turned 270°': '時計回りに 270° 回転して着地',
        'lands turned 315°': '時計回りに 315° 回転して着地',
      },
      6: {
        '': '',
        ' (with reverse)': '（reverse を使用）',
      },
    },
  },
  'p%d rolls %d on a %s: %d step%s%s': 'p%1 が %3 で %2 を出す：%4 歩%6',
  'p%d stands still on %s (0 steps)': 'p%1 は %2 にとどまる（0 歩）',
  'p%d and p%d bump %s': 'p%1 と p%2 が %3ぶつかる',
  'p%d and p%d bump %s: no exchange, %s': {
    t: 'p%1 と p%2 が %3ぶつかる：交換なし、%4',
    args: {
      4: {
        'both use noswap': '両者が noswap を使用',
        'p1 uses noswap': 'p1 が noswap を使用',
        'p2 uses noswap': 'p2 が noswap を使用',
        'p3 uses noswap': 'p3 が noswap を使用',
        'p4 uses noswap': 'p4 が noswap を使用',
        'p5 uses noswap': 'p5 が noswap を使用',
      },
    },
  },
  'neither p%d nor p%d holds an item to give': 'p%1 も p%2 も渡すアイテムを持っていない',
  'round %d ends%s': {
    t: 'ラウンド %1 終了%2',
    args: {
      2: {
        '': '',
        ": the thrown cards go to their stacks' discards": '：投げたカードはそれぞれの山の捨て札へ',
      },
    },
  },
  'round %d of %d begins with the redistribution': 'ラウンド %1 / %2 開始：まず再配分',
  'round %d of %d begins': 'ラウンド %1 / %2 開始',
  'stack %d is refilled with its %d returned card%s': '山 %1 に、戻されたカード %2 枚が補充される',
  'p%d is dealt nothing: every stack is empty': 'p%1 には何も配られない：山はすべて空',
  'p%d is dealt {%x:%s|one arrow card of each value}': 'p%1 に{%2: %3 が|各値の矢印カードが 1 枚ずつ}配られる',
  'p%d is dealt {%x:%s|%d arrow card%s (value%s %s)}': 'p%1 に{%2: %3 が|矢印カード %4 枚（値 %7）が}配られる',
  "the game ends after round %d; every hand's items are shown":
    'ラウンド %1 で対局終了：全員の手札のアイテムが公開される',
};
