// three-arrows の手の説明の日本語版（形は web/narration.js が述べる。ja.js が各ゲームをまとめる）：
// 各キーは src/games/ の書式で、scripts/narration-formats.mjs が一覧にする。

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  "p%d's piece on %s is uncovered: %s facing %s": 'p%1 の %2 の駒が表になる：%3、%4 向き',
  "p%d's %s on %s attacks p%d's covered piece on %s: %d against defence %d before the die":
    'p%1 の %3 の %2 が p%4 の %5 を攻撃：カバー付きの駒、攻撃 %6 対 防御 %7（ダイスの前）',
  "p%d's %s on %s attacks p%d's covered piece on %s: %d against defence %d":
    'p%1 の %3 の %2 が p%4 の %5 を攻撃：カバー付きの駒、攻撃 %6 対 防御 %7',
  "p%d's %s on %s attacks p%d's %s on %s: %d against defence %d before the die":
    'p%1 の %3 の %2 が p%4 の %6 を攻撃：%5、攻撃 %7 対 防御 %8（ダイスの前）',
  "p%d's %s on %s attacks p%d's %s on %s: %d against defence %d":
    'p%1 の %3 の %2 が p%4 の %6 を攻撃：%5、攻撃 %7 対 防御 %8',
  'a %s is on the board: from now on only %ss are placed': '盤上に %1 がある：これからは %2 しか置けない',
  'a %s is on the board: from now on only %ss or %ss are placed': '盤上に %1 がある：これからは %2 か %3 しか置けない',
  'a %s is on the board: from now on only %ss, %ss or %ss are placed':
    '盤上に %1 がある：これからは %2、%3 か %4 しか置けない',
  'a %s is on the board: from now on only %ss, %ss, %ss or %ss are placed':
    '盤上に %1 がある：これからは %2、%3、%4 か %5 しか置けない',
  'a %s is on the board: from now on only %ss, %ss, %ss, %ss or %ss are placed':
    '盤上に %1 がある：これからは %2、%3、%4、%5 か %6 しか置けない',
  'a %s is on the board: from now on only %ss, %ss, %ss, %ss, %ss or %ss are placed':
    '盤上に %1 がある：これからは %2、%3、%4、%5、%6 か %7 しか置けない',
  'a %s is on the board: from now on only %ss, %ss, %ss, %ss, %ss, %ss or %ss are placed':
    '盤上に %1 がある：これからは %2、%3、%4、%5、%6、%7 か %8 しか置けない',
  'a %s is on the board: from now on only %ss, %ss, %ss, %ss, %ss, %ss, %ss or %ss are placed':
    '盤上に %1 がある：これからは %2、%3、%4、%5、%6、%7、%8 か %9 しか置けない',
  'the game ends: the turn limit is reached': '対局終了：ターン数の上限に達した',
  'the game ends: only one player is left': '対局終了：残るプレイヤーが 1 人になった',
  'the game ends: nobody can act': '対局終了：誰も行動できない',
  '%d. p%d (%d captured, eliminated)': '%1. p%2（取った駒 %3 個、脱落）',
  '%d. p%d (%d captured)': '%1. p%2（取った駒 %3 個）',
  'final order: %s, %s': '最終順位：%1、%2',
  'final order: %s, %s, %s': '最終順位：%1、%2、%3',
  'final order: %s, %s, %s, %s': '最終順位：%1、%2、%3、%4',
  "p%d captures p%d's covered %s on %s (p%d has captured %d)":
    'p%1 が %4 の p%2 のカバー付きの %3 を取る（p%5 の取った駒は %6 個）',
  "p%d captures p%d's %s on %s (p%d has captured %d)": 'p%1 が %4 の p%2 の %3 を取る（p%5 の取った駒は %6 個）',
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
  'p%d may uncover covered pieces before defending': 'p%1 は防御の前にカバー付きの駒を表にできる',
  "p%d's %s moves from %s to %s, facing %s": 'p%1 の %2 が %3 から %4 へ進み、%5 向きになる',
  'p%d has nothing left to do this turn': 'p%1 はこのターンにすることがもうない',
  "p%d's piece on %s loses its shield": 'p%1 の %2 の駒のシールドが外れる',
  'p%d spends %d bonus pieces for %d extra turn%s': 'p%1 がボーナス駒 %2 個を使い、追加ターン %3 回を得る',
  'p%d defends with %d': 'p%1 が %2 で防御',
};
