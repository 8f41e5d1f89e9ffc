// The pages' words in the player's language (docs/web.md, "Languages"): every sentence a page
// shows is a key of the catalogs web/i18n/<lang>.js, looked up here with t(key, {place: value}),
// never a literal in the code. A message is one template with named places ("{name} resigned")
// or, where a count changes the words, one template per plural category of the language
// (CLDR's one/other/…, chosen by the browser's Intl.PluralRules; a category a catalog leaves
// out falls back to its `other`). The language is the one chosen in the language menu (kept
// in localStorage as `quiver.lang`), else the first of navigator.languages that has a catalog,
// else English; <html lang> follows it. Every catalog is a module of its own, so that the app
// built by `make web` caches them with the pages and needs no network for any language. The
// HTML says which element shows which key: `data-i18n="key"` (its text) and
// `data-i18n-attr="attr:key attr:key"` (attributes), filled when this module loads.

import en from './i18n/en.js';
import es from './i18n/es.js';
import ja from './i18n/ja.js';

/** @typedef {string | Record<string, string>} Message a template, or one per plural category */
/** @typedef {Record<string, Message>} Catalog */
/** @typedef {Record<string, string | number>} Values */

/** The languages offered, each by its own name. */
export const LANGUAGES = /** @type {const} */ ({ en: 'English', es: 'Español', ja: '日本語' });

/** @typedef {keyof typeof LANGUAGES} Lang */

/** @type {Record<Lang, Catalog>} */
const CATALOGS = { en, es, ja };

const KEY = 'quiver.lang';

/**
 * A language code ('es-MX', 'ja', 'EN') as one of ours, or null.
 * @param {string | null | undefined} code
 * @returns {Lang | null}
 */
function ours(code) {
  const base = String(code ?? '')
    .toLowerCase()
    .split('-')[0];
  return base in LANGUAGES ? /** @type {Lang} */ (base) : null;
}

/** The language kept in this browser's setting, or null (none, or no storage). */
export function keptLanguage() {
  try {
    return ours(localStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/**
 * The language of the pages: the setting, else the browser's first language we have, else
 * English.
 * @returns {Lang}
 */
export function chosenLanguage() {
  const kept = keptLanguage();
  if (kept) return kept;
  const asked = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const code of asked) {
    const lang = ours(code);
    if (lang) return lang;
  }
  return 'en';
}

export const LANG = chosenLanguage();
const catalog = CATALOGS[LANG];
const plurals = new Intl.PluralRules(LANG);

/**
 * The template with each {place} replaced by its value (a place without one stays as it is).
 * @param {string} template
 * @param {Values} values
 */
function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/**
 * The message `key` in the page's language, its places filled; a message with plural forms
 * takes the one of `values.n`. A key no catalog has shows as ⟦key⟧ (and says so in the
 * console), so that a missing string is seen rather than silently English.
 * @param {string} key
 * @param {Values} [values]
 * @returns {string}
 */
export function t(key, values = {}) {
  const msg = catalog[key] ?? en[key];
  if (msg === undefined) {
    console.error(`no message ${key}`);
    return `⟦${key}⟧`;
  }
  if (typeof msg === 'string') return fill(msg, values);
  const n = Number(values.n ?? 0);
  return fill(msg[plurals.select(n)] ?? msg.other ?? '', values);
}

/**
 * The message `key` as the parts of a sentence to put into an element: its text, with each
 * {place} whose value is a node (a link, a <strong>) that node, the others filled as t() does.
 * @param {string} key
 * @param {Record<string, string | number | Node>} [values]
 * @returns {(string | Node)[]}
 */
export function tParts(key, values = {}) {
  /** @type {Values} */
  const text = {};
  for (const [k, v] of Object.entries(values)) if (typeof v !== 'object') text[k] = v;
  return t(key, text)
    .split(/(\{\w+\})/)
    .filter(Boolean)
    .map((part) => {
      const v = values[part.slice(1, -1)];
      return typeof v === 'object' && /^\{\w+\}$/.test(part) ? v : part;
    });
}

/**
 * Whether the catalogs have a message `key` (for words that come from the server, as a seat's
 * or level's name, translated when there is a message for them).
 * @param {string} key
 */
export function has(key) {
  return key in en;
}

/**
 * Puts a message into an element: its text, where each {place} is the element's own child
 * marked `data-place="place"` (a command in <code>, a link), kept as it is.
 * @param {Element} el
 * @param {string} key
 */
function fillElement(el, key) {
  const kept = Object.fromEntries(
    [...el.querySelectorAll('[data-place]')].map((c) => [c.getAttribute('data-place'), c]),
  );
  el.replaceChildren(...tParts(key, kept));
}

/**
 * Fills the elements under `root` that name their keys (`data-i18n`, `data-i18n-attr`).
 * @param {ParentNode} root
 */
export function translate(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) fillElement(el, el.getAttribute('data-i18n') ?? '');
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of (el.getAttribute('data-i18n-attr') ?? '').split(/\s+/).filter(Boolean)) {
      const [attr, key] = pair.split(':');
      el.setAttribute(attr, t(key));
    }
  }
}

/**
 * Keeps the language chosen in the menu (null: follow the browser again).
 * @param {Lang | null} lang
 */
export function keepLanguage(lang) {
  try {
    if (lang) localStorage.setItem(KEY, lang);
    else localStorage.removeItem(KEY);
  } catch {
    /* a convenience: without storage the browser's language is used */
  }
}

if (typeof document !== 'undefined') {
  document.documentElement.lang = LANG;
  translate(document);
}
