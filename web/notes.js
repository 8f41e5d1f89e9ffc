// What a move would do, in the page's language (docs/web/narration.md, "What a move would
// do"). The engine words it in English for the player choosing (each game's note.c: the move
// panel's words beside a move, the review's and the puzzles' previews): parts joined by "; "
// ("your Tee (attack 4) against p2's Angle (defence 3): captures; it is p2's last piece"),
// each a sentence whose values (names, squares, numbers, lists of them) the game puts in.
// The catalogs web/i18n/notes/LANG.js translate a part by its format, as the reasons' do
// (web/reasons.js): each format read as a pattern of its English, the most specific first,
// a value that is a part of its own or a list of them ("p2's Angle on c5 and p3's Tee on d4")
// translated too. A note is translated whole or not at all: one part no format says, and the
// page shows the engine's English (marked so).

import { LANG } from './i18n.js';
import { byFormat } from './reasons.js';
import es from './i18n/notes/es.js';
import ja from './i18n/notes/ja.js';

/** @type {Record<string, import('./narration.js').NarrationCatalog>} */
export const NOTES = { es, ja };

/** How each language joins a note's parts. */
const SEPARATOR = /** @type {Record<string, string>} */ ({ ja: '。' });

/**
 * A note in the language lang (the page's by default), or null when a part of it has no
 * translation there (the page shows the engine's English then).
 * @param {string} text the note as the engine said it
 * @param {string} [lang]
 * @returns {string | null}
 */
export function noteText(text, lang = LANG) {
  const catalog = NOTES[lang];
  if (!catalog || typeof text !== 'string' || !text) return null;
  const parts = text.split('; ').map((p) => byFormat(p, catalog, lang));
  if (parts.some((p) => p === null)) return null;
  return parts.join(SEPARATOR[lang] ?? '; ');
}
