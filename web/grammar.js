// Lists of people in a sentence, in one place so that every "X wants …" and "waiting for …" of
// the pages agrees with its subject: "Ann wants", "Ann and Bob want", "Ann, Bob and Cy want".
// In another language than English, the browser's own list of that language (Intl.ListFormat).

import { LANG } from './i18n.js';

/**
 * Names joined for a sentence: "p2", "p2 and p3", "p2, p3 and p4" ('' for none).
 * @param {string[]} names
 */
export function andList(names) {
  if (names.length < 2) return names.join('');
  if (LANG !== 'en') return new Intl.ListFormat(LANG, { type: 'conjunction' }).format(names);
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Names as the subject of a verb that agrees with them: `withVerb(['Ann'], 'wants', 'want')` is
 * "Ann wants", `withVerb(['Ann', 'Bob'], 'wants', 'want')` "Ann and Bob want".
 * @param {string[]} names at least one
 * @param {string} one the verb after a single name
 * @param {string} many the verb after two names or more
 */
export function withVerb(names, one, many) {
  return `${andList(names)} ${names.length === 1 ? one : many}`;
}
