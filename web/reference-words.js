// The reference entries in the page's language (docs/web/narration.md, "What a thing is"): what
// a piece, card or item is, as the engine writes it for the terminal (each game's reference.c)
// and the detail sheet shows it. The sheet first joins the lines the terminal's wrapping broke
// (details.js's reflow); each line then is a sentence (or a row of columns) whose values the
// game puts in, translated by its format from the catalogs web/i18n/reference/LANG.js, as the
// notes' are (web/reasons.js's recognition). An entry is translated whole or not at all: one
// line no format says, and the sheet shows the engine's English (marked so).

import { LANG } from './i18n.js';
import { byFormat } from './reasons.js';
import es from './i18n/reference/es.js';
import ja from './i18n/reference/ja.js';

/** @type {Record<string, import('./narration.js').NarrationCatalog>} */
export const REFERENCE = { es, ja };

/**
 * An entry's lines (reflowed) in the language lang (the page's by default), or null when a line
 * of it has no translation there.
 * @param {string[]} lines
 * @param {string} [lang]
 * @returns {string[] | null}
 */
export function referenceLines(lines, lang = LANG) {
  const catalog = REFERENCE[lang];
  if (!catalog) return null;
  const out = lines.map((l) => (l === '' ? '' : byFormat(l, catalog, lang)));
  return out.some((l) => l === null) ? null : /** @type {string[]} */ (out);
}
