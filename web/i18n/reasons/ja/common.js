// 各ゲーム共通の手を拒む理由の日本語版 (形式は web/reasons.js、ja.js が各部をまとめる)：
// 各キーは scripts/narration-formats.mjs --reasons が挙げる src/ の書式。

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'the game is over': '対局は終了しました',
  'not an action of this game': 'このゲームにはない手です',
  'p%d does not hold %s': 'p%1 は %2 を持っていません',
  'expected %s': '%1 の形で入力してください',
  'not now: %s': '今はできません：%1',
  "'%s' takes no argument": "'%1' の後には何も書きません",
  "expected 'coin p1' or 'coin p2'": "'coin p1' または 'coin p2' と入力してください",
  "unknown action '%.20s': expected one of %s": "'%1' は不明な手です：入力できるのは %2 のいずれかです",
  "'%s' is not a square: expected a file letter and a rank, a1-%s":
    "'%1' はマスではありません：列の文字と行の数字で書きます（a1〜%2）",
  "square '%s' is off the %dx%d board (a1-%s)": "マス '%1' は %2×%3 の盤の外です（a1〜%4）",
  'action too long: expected one of %s': '手が長すぎます：入力できるのは %1 のいずれかです',
  'empty action: expected one of %s': '手が空です：入力できるのは %1 のいずれかです',
};
