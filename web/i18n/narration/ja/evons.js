// evons の手の説明の日本語版（形は web/narration.js が述べる。ja.js が各ゲームをまとめる）：
// 各キーは src/games/ の書式で、scripts/narration-formats.mjs が一覧にする。

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'the %sactivation of %s ends': {
    t: '%2 の%1発動が打ち切られる',
    args: {
      1: {
        '': '',
        'waiting ': '待機中の',
      },
    },
  },
  "%s%s%s (to p%d's graveyard)": {
    t: '%1%2%3（p%4 の墓地へ）',
    args: {
      1: {
        '': '',
        'Remove destroys ': 'Remove で破壊：',
        'the flip destroys ': 'フリップで破壊：',
        '1 point destroys ': '1 ダメージで破壊：',
      },
      3: {
        '': '',
        ' is crushed': ' が押しつぶされる',
      },
    },
  },
  'a draw: %d face-up monster%s each in the main zone': '引き分け：メインゾーンの表向きのモンスターはともに %1 体',
  'p%d wins: %d face-up monster%s in the main zone to %d':
    'p%1 の勝ち：メインゾーンの表向きのモンスター %2 体 対 %4 体',
  'p%d goes first: no credits and no draw on this turn': 'p%1 が先手：このターンはクレジットもドローもなし',
  '%s; the deck is empty: no draw': '%1。デッキが空：ドローなし',
  '%s and draws %s': {
    t: '%1、ドロー：%2',
    args: {
      2: {
        'a card': 'カード 1 枚',
      },
    },
  },
  'p%d draws %s (no credits on a first turn)': {
    t: 'p%1 のドロー：%2（最初のターンなのでクレジットなし）',
    args: {
      2: {
        'a card': 'カード 1 枚',
      },
    },
  },
  'p%d puts %d card%s %s and draws %d': {
    t: 'p%1 がカード %2 枚を%4、%5 枚引く',
    args: {
      4: {
        'back, shuffles the deck': 'デッキに戻してシャッフルし',
        'under the deck': 'デッキの下に置き',
      },
    },
  },
  '{%c:p%d draws %s|}': '{%1:p%2 が %3 を引く|}',
  'Shockwave pushes %s off the board': 'Shockwave が %1 を盤の外へ押し出す',
  "%s is out of the game (p%d's removed cards)": '%1 はゲームから除外（p%2 の除外カードへ）',
  'Shockwave pushes %s from %s to %s': 'Shockwave が %1 を %2 から %3 へ押し出す',
  "Block puts %s from p%d's hand on %s": 'Block：p%2 の手札の %1 を %3 に置く',
  "Block sends %s to p%d's graveyard": 'Block が %1 を p%2 の墓地へ送る',
  "Firestorm around %s: %d point%s to deal (%s's %s)": {
    t: '%1 の周りに Firestorm：与えるダメージ %2（%4 の%5の値）',
    args: {
      5: {
        Firestorm: ' Firestorm ',
        DEF: '防御',
      },
    },
  },
  'Swap: %s and %s change places': 'Swap：%1 と %2 が入れ替わる',
  'Magnetism pulls %s from %s to %s': 'Magnetism が %1 を %2 から %3 へ引き寄せる',
  "Growth puts {%c:%s|a monster} from p%d's hand face down on %s":
    'Growth：p%3 の手札から{%1: %2 を|モンスターを 1 体} %4 に裏向きで置く',
  "Resurrection: %s from p%d's graveyard to %s (cost %d of %d spent)":
    'Resurrection：p%2 の墓地の %1 を %3 へ（%5 のうちコスト %4 を使用）',
  '%s takes %d: DEF %d this turn': '%1 が %2 ダメージを受ける：このターンの防御 %3',
  "%s takes %d: DEF %d, destroyed (to p%d's graveyard)": '%1 が %2 ダメージを受ける：防御 %3 で破壊（p%4 の墓地へ）',
  'the chain goes back to %s (%s)': {
    t: 'チェーンは %1 に戻る（%2）',
    args: {
      2: {
        'Firestorm points': 'Firestorm のダメージ',
        conflicts: '衝突',
        'Ability Phase 1': '能力フェイズ 1',
        'Ability Phase 2': '能力フェイズ 2',
      },
    },
  },
  '%s: the game ends%s': {
    t: '%1：対局終了%2',
    args: {
      1: {
        '': '',
        'the main zone is full': 'メインゾーンが埋まった',
        'two ends in a row without a hand play': '2 ターン続けて手札からのプレイがなかった',
        'the turn cap is reached': 'ターン数の上限に達した',
      },
      2: {
        '': '',
        ' (the chain stack is dropped)': '（チェーンのスタックは破棄）',
      },
    },
  },
  '%d Firestorm point%s %s lost: no target is left': {
    t: 'Firestorm のダメージ %1 が失われる%3：対象が残っていない',
    args: {
      3: {
        is: '',
        are: '',
      },
    },
  },
  'all damage clears': 'すべてのダメージが消える',
  'p%d made no hand play: if p%d makes none either, the game ends':
    'p%1 は手札からのプレイをしなかった：p%2 もしなければ対局終了',
  '%s is Growth-placed: not flipped': '%1 は Growth で配置：フリップされない',
  '%s points back: not flipped': '%1 は矢印を向け返している：フリップされない',
  '%s flips to p%d': '%1 がフリップされ、p%2 のものになる',
  '%s: nothing to flip': '%1：フリップするカードはない',
  '%s reactivates (moved, then flipped): chain %d deep': '%1 が再発動（移動後にフリップ）：チェーンの深さ %2',
  '%s reactivates after it (moved, then flipped)': '続いて %1 も再発動（移動後にフリップ）',
  '%d Firestorm point%s left': 'Firestorm のダメージは残り %1',
  '1 point to %s: DEF %d this turn%s': '%1 に 1 ダメージ：このターンの防御 %2%3',
  '%s (ATK %d) and %s (ATK %d) clash': '%1（攻撃 %2）と %3（攻撃 %4）が衝突',
  '%s is in the out zone: no conflicts, no flips': '%1 は外側ゾーンにある：衝突もフリップもなし',
  '%s points back: it defends its position': '%1 は矢印を向け返し、迎え撃つ',
  'p%d pays %d credits (%d left)': 'p%1 が %2 クレジットを払う（残り %3）',
  'the card is %s, Growth-placed: no cost': 'カードは %1、Growth で配置：コストなし',
  'the card is %s: p%d pays %d credits (%d left)': 'カードは %1：p%2 が %3 クレジットを払う（残り %4）',
  'the activation of %s is over': '%1 の発動が終わる',
};
