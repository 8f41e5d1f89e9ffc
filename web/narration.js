// The engine's narration in the page's language (docs/web.md, "The engine's narration"). Each
// consequence in a log line comes with its message (`msg`: the format the game said it with,
// printf's, then each argument as the engine wrote it for this viewer, core.h). The catalogs
// web/i18n/narration/LANG.js key a translation by that format, gettext's way: the English is
// the id, so a sentence the engine changes is seen as new, never shown with an old meaning.
//
// A translation is a template with the arguments by position, %1 … %9 and %10 on, "%%" for a
// per cent sign, and the secret parts of the format in the same place: {%M:secret|public},
// where %M is the part's mask (empty for a viewer who may not read the secret: the public
// reading is shown then). Or an object: `t` the template, or one per plural category of the
// language (`one`, `other`, …, chosen by Intl.PluralRules on argument `n`), and `args`, for an
// argument that is English words the engine chose (", paid unit by unit", "is"), what each
// value becomes: { 5: { ', paid unit by unit': ', pagado unidad a unidad' } }.
//
// A viewer who may not read a secret part is sent the format without the secret's own words
// (core.h: they could tell what the secret is), so each key is also found by that form.
//
// An argument may be a phrase: a piece of the line that says something of its own ("p2's
// covered card on b4"), sent as "\x1d" and its own format and arguments, each after "\x1c"
// (core.h's qv_phrase). It is worded by its own format's translation, else in English.

import { LANG } from './i18n.js';
import es from './i18n/narration/es.js';
import ja from './i18n/narration/ja.js';

/**
 * @typedef {{t?: string, n?: number, args?: Record<string, Record<string, string>>, zero?: string,
 *   one?: string, two?: string, few?: string, many?: string, other?: string}} Forms
 * @typedef {string | Forms} Translation
 */
/** @typedef {Record<string, Translation>} NarrationCatalog */

/** @type {Record<string, NarrationCatalog>} */
export const NARRATION = { es, ja };

/** A printf conversion of a format (as core/say.c reads one), or "%%". */
const CONVERSION = /%%|%[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?:hh|h|ll|l|z)?[dicuxXs]/g;

/**
 * The format as a viewer who may not read the secret parts of `hidden` (bit k: the k-th part)
 * is sent it: those parts' secrets without their own words, their conversions kept.
 * @param {string} format
 * @param {number} hidden
 */
export function withoutSecrets(format, hidden) {
  let part = -1;
  return format.replace(
    /\{([^:{}]*):([^|{}]*)\|/g,
    (whole, /** @type {string} */ mask, /** @type {string} */ secret) => {
      part++;
      if (!((hidden >> part) & 1)) return whole;
      const kept = (secret.match(CONVERSION) ?? []).filter((c) => c !== '%%');
      return `{${mask}:${kept.join('')}|`;
    },
  );
}

/** @type {Map<NarrationCatalog, Map<string, Translation>>} */
const indexes = new Map();

/**
 * The catalog's translations by every form their format is sent in.
 * @param {NarrationCatalog} catalog
 */
function index(catalog) {
  let found = indexes.get(catalog);
  if (found) return found;
  found = new Map();
  for (const [format, tr] of Object.entries(catalog)) {
    const parts = (format.match(/\{[^:{}]*:/g) ?? []).length;
    for (let hidden = (1 << parts) - 1; hidden >= 0; hidden--) found.set(withoutSecrets(format, hidden), tr);
  }
  indexes.set(catalog, found);
  return found;
}

/**
 * A template with its arguments put in: %N the N-th, {%M:secret|public} the secret when
 * argument M is not empty, else the public reading.
 * @param {string} template
 * @param {string[]} args
 */
export function fillTemplate(template, args) {
  const put = (/** @type {string} */ text) =>
    text.replace(/%(%|\d+)/g, (_, n) => (n === '%' ? '%' : (args[Number(n) - 1] ?? '')));
  return template.replace(/\{%(\d+):([^|{}]*)\|([^{}]*)\}|[^{]+|\{/g, (whole, mask, secret, pub) => {
    if (mask === undefined) return put(whole);
    return put((args[Number(mask) - 1] ?? '') !== '' ? secret : pub);
  });
}

const PHRASE = '\x1d';
const PART = '\x1c';

/**
 * A format with its arguments put in, as the engine wrote it in English: each conversion by
 * its argument, a secret part by its secret when its mask argument is not empty.
 * @param {string} format
 * @param {string[]} args
 */
export function english(format, args) {
  let k = 0;
  const put = (/** @type {string} */ text) =>
    text.replace(new RegExp(CONVERSION.source, 'g'), (c) => (c === '%%' ? '%' : (args[k++] ?? '')));
  return format.replace(/\{([^:{}]*):([^|{}]*)\|([^{}]*)\}|[^{]+|\{/g, (whole, mask, secret, pub) => {
    if (mask === undefined) return put(whole);
    const known = put(mask) !== '';
    const s = put(secret);
    const p = put(pub);
    return known ? s : p;
  });
}

/**
 * An argument as the page shows it: a phrase worded by its own format, the rest as they are.
 * @param {string} arg
 * @param {string} lang
 */
function argument(arg, lang) {
  if (!arg.startsWith(PHRASE)) return arg;
  const [format, ...parts] = arg.slice(1).split(PART);
  return narrate([format, ...parts], lang) ?? english(format, parts);
}

/**
 * A log line's message in the language `lang` (the page's by default), or null when that
 * language has no translation of it (the page shows the engine's English then).
 * @param {unknown} msg the line's `msg`: [format, ...arguments]
 * @param {string} [lang]
 * @returns {string | null}
 */
export function narrate(msg, lang = LANG) {
  const catalog = NARRATION[lang];
  if (!catalog || !Array.isArray(msg) || typeof msg[0] !== 'string') return null;
  const tr = index(catalog).get(msg[0]);
  if (tr === undefined) return null;
  return wordTranslation(
    tr,
    msg.slice(1).map((a) => argument(String(a), lang)),
    lang,
  );
}

/**
 * A translation (a catalog's value) with its arguments put in, in the language lang: its
 * template, or the one of its plural category, its English arguments translated by `args`;
 * null when it has no template for the count.
 * @param {Translation} tr
 * @param {string[]} args
 * @param {string} lang
 * @returns {string | null}
 */
export function wordTranslation(tr, args, lang) {
  if (typeof tr === 'string') return fillTemplate(tr, args);
  args = [...args];
  for (const [at, values] of Object.entries(tr.args ?? {})) {
    const i = Number(at) - 1;
    if (args[i] in values) args[i] = values[args[i]];
  }
  let template = tr.t;
  if (template === undefined) {
    const form = new Intl.PluralRules(lang).select(Number(args[(tr.n ?? 1) - 1]));
    template = tr[/** @type {Intl.LDMLPluralRule} */ (form)] ?? tr.other;
  }
  return typeof template === 'string' ? fillTemplate(template, args) : null;
}
