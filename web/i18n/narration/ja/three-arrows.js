// three-arrows の手の説明の日本語版（形は web/narration.js が述べる。ja.js が各ゲームをまとめる）：
// 各キーは src/games/ の書式で、scripts/narration-formats.mjs が一覧にする。

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  "p%d's piece on %s %s: %s facing %s": {
    t: 'p%1 の %2 の駒が%3：%4、%5 向き',
    args: {
      3: {
        'is uncovered': '表になる',
      },
    },
  },
  'the game ends: %s': {
    t: '対局終了：%1',
    args: {
      1: {
        'the turn limit is reached': 'ターン数の上限に達した',
        'only one player is left': '残るプレイヤーが 1 人になった',
        'nobody can act': '誰も行動できない',
      },
    },
  },
  'final order: %s': '最終順位：%1',
  "p%d captures p%d's %s%s on %s (p%d has captured %d)": {
    t: 'p%1 が %5 の p%2 の%3 %4 を取る（p%6 の取った駒は %7 個）',
    args: {
      3: {
        '': '',
        'covered ': 'カバー付きの',
      },
    },
  },
  'p%d has no piece left on the board and is eliminated': 'p%1 は盤上の駒がなくなり、脱落',
  'p%d takes an extra turn (%d more after this one)': 'p%1 が追加ターンを行う（このあと残り %2 回）',
  'p%d cannot act, so the extra turns are lost': 'p%1 は行動できないので、追加ターンは失われる',
  'p%d can neither act nor uncover and is skipped': 'p%1 は行動も表にすることもできず、飛ばされる',
  'attack %d %s %d = %d against defence %d': '攻撃 %1 %2 %3 = %4 対 防御 %5',
  'the die decided it: p%d gains a bonus piece': 'ダイスが決め手：p%1 がボーナス駒を得る',
  'the die showed %d and the attack failed: p%d gains a bonus piece':
    'ダイスの目は %1 で攻撃は失敗：p%2 がボーナス駒を得る',
  'a draw: nothing is captured': '同点：どちらも取られない',
  "side %s becomes p%d's home side": '辺 %1 が p%2 の自陣の辺になる',
  'a %s is on the board: from now on only %s are placed': {
    t: '盤上に %1 がある：これからは %2 しか置けない',
    args: {
      2: {
        Terminators: 'Terminator',
      },
    },
  },
  "p%d's %s on %s attacks p%d's %s%s on %s: %d against defence %d%s": {
    t: 'p%1 の %3 の %2 が p%4 の %7 を攻撃：%5%6、攻撃 %8 対 防御 %9%10',
    args: {
      5: {
        '': '',
        'covered piece': 'カバー付きの駒',
      },
      10: {
        '': '',
        ' before the die': '（ダイスの前）',
      },
    },
  },
  'p%d may uncover covered pieces before defending': 'p%1 は防御の前にカバー付きの駒を表にできる',
  "p%d's %s moves from %s to %s, facing %s": 'p%1 の %2 が %3 から %4 へ進み、%5 向きになる',
  'p%d has nothing left to do this turn': 'p%1 はこのターンにすることがもうない',
  "p%d's piece on %s loses its shield": 'p%1 の %2 の駒のシールドが外れる',
  'p%d spends %d bonus pieces for %d extra turn%s': 'p%1 がボーナス駒 %2 個を使い、追加ターン %3 回を得る',
  'p%d defends with %d': 'p%1 が %2 で防御',
};
