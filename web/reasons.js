// Why a game refuses a move, in the page's language (docs/web/narration.md, "Why a game refuses
// a move"); its recognition (byFormat) serves notes.js too. The engine says a reason in
// English, made in C by the game that reads and checks the move (its notation.c and legal.c,
// and core.c's readers of squares and actions: scripts/narration-formats.mjs --reasons lists
// their formats), and a table's refusal quotes it ("illegal action 'place Y a1 N': a1 is
// occupied"). The catalogs web/i18n/reasons/LANG.js translate a reason by its format,
// gettext's way, as the narration's do (web/narration.js: the same templates, %1 … for the
// arguments, a plural form by its count): the English is the key, so a reason the engine words
// anew is English until it is translated, never shown with an old meaning.
//
// A refusal carries no message of its own, so the format is found from the English: each
// format read as a pattern (a conversion matches its argument: digits for %d, one character
// for %c, any text for %s), the most specific first (the most words of its own), the whole
// sentence matched. An argument that is a reason itself ("not now: the game waits for p2")
// is translated too; names, squares and notation stay as they are.

import { LANG } from './i18n.js';
import { wordTranslation } from './narration.js';
import es from './i18n/reasons/es.js';
import ja from './i18n/reasons/ja.js';

/** @typedef {import('./narration.js').NarrationCatalog} NarrationCatalog */

/** @type {Record<string, NarrationCatalog>} */
export const REASONS = { es, ja };

/** A printf conversion (as core/say.c reads one), or "%%". */
const CONVERSION = /%%|%[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?:hh|h|ll|l|z)?[dicuxXs]/g;

/**
 * A format as a pattern of its English: its words as they are, each conversion its argument.
 * @param {string} format
 */
export function formatPattern(format) {
  let source = '^';
  let at = 0;
  for (const m of format.matchAll(CONVERSION)) {
    source += format.slice(at, m.index).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const letter = m[0].at(-1);
    source +=
      m[0] === '%%'
        ? '%'
        : /[diu]/.test(letter ?? '')
          ? '(-?\\d+)'
          : /[xX]/.test(letter ?? '')
            ? '([0-9a-fA-F]+)'
            : letter === 'c'
              ? '(.)'
              : '(.*?)';
    at = m.index + m[0].length;
  }
  source += format.slice(at).replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$';
  return new RegExp(source, 's');
}

/** @type {Map<NarrationCatalog, {re: RegExp, format: string}[]>} */
const patterns = new Map();

/**
 * The catalog's formats as patterns, the most specific first: the one with the most
 * characters of its own (a tie by the format, for one order everywhere).
 * @param {NarrationCatalog} catalog
 */
function compiled(catalog) {
  let found = patterns.get(catalog);
  if (found) return found;
  const own = (/** @type {string} */ f) => f.replace(CONVERSION, '').length;
  found = Object.keys(catalog)
    .sort((a, b) => own(b) - own(a) || (a < b ? -1 : a > b ? 1 : 0))
    .map((format) => ({ re: formatPattern(format), format }));
  patterns.set(catalog, found);
  return found;
}

/** Words that make a choice a phrase of English rather than notation or a name. */
const PHRASE = new Set('a an the and of to on in at by for from with is are be its it this that not no one'.split(' '));

/**
 * A list of choices the engine joins in English ("A, T, X or Y", "die +1 or die 0 or die -1")
 * joined in the language lang (Intl.ListFormat's disjunction), each choice as it is: its
 * notation or its name; any other text as it is.
 * @param {string} text
 * @param {string} lang
 */
export function choices(text, lang) {
  if (!/ or /.test(text)) return text;
  const items = text.split(/, | or /);
  // a choice is notation or a name (a few words), never a phrase of English words
  if (items.some((i) => !i || /[.;:()]/.test(i) || i.split(' ').length > 4 || i.split(' ').some((w) => PHRASE.has(w))))
    return text;
  return new Intl.ListFormat(lang, { type: 'disjunction' }).format(items);
}

/**
 * A game's reason for refusing a move in the language lang (the page's by default), or null
 * when that language has no translation of its format (the page shows the English then).
 * @param {string} text the reason as the engine said it
 * @param {string} [lang]
 * @returns {string | null}
 */
export function reasonText(text, lang = LANG) {
  const catalog = REASONS[lang];
  if (!catalog || typeof text !== 'string') return null;
  return byFormat(text, catalog, lang);
}

/**
 * Text the engine wrote in English, in the language lang of catalog (whose keys are its
 * formats), or null when no format of the catalog says it. An argument is translated too when
 * it is a sentence of the catalog (shorter than the text: this ends), or a list of them ("p2's
 * Angle on c5 and p3's Tee on d4", joined again in the language), or a list of choices.
 * @param {string} text
 * @param {NarrationCatalog} catalog
 * @param {string} lang
 * @returns {string | null}
 */
export function byFormat(text, catalog, lang) {
  const found = recognise(text, catalog);
  if (!found) return null;
  const args = found.args.map((a) => {
    if (!/\s/.test(a) || a.length >= text.length) return a;
    const said = byFormat(a, catalog, lang);
    if (said !== null) return said;
    const items = a.split(/, | and /);
    // (each a sentence of the catalog, or a value: a square, a direction, a name)
    const each = items.length > 1 ? items.map((i) => (/\s/.test(i) ? byFormat(i, catalog, lang) : i)) : [];
    if (each.length && each.every((i) => i !== null)) {
      const words = /** @type {string[]} */ (each);
      // a list with "and" joined as the language joins one; one of commas alone, by its commas
      if (/ and /.test(a)) return new Intl.ListFormat(lang, { type: 'conjunction' }).format(words);
      return words.join(lang === 'ja' ? '、' : ', ');
    }
    return choices(a, lang);
  });
  return wordTranslation(catalog[found.format], args, lang);
}

/**
 * The format of the catalog that says text, the most specific first, and its arguments as
 * text has them; null when none does.
 * @param {string} text
 * @param {NarrationCatalog} catalog
 * @returns {{format: string, args: string[]} | null}
 */
export function recognise(text, catalog) {
  for (const { re, format } of compiled(catalog)) {
    const m = re.exec(text);
    if (m) return { format, args: m.slice(1) };
  }
  return null;
}
