// What the reference catalogs of three-arrows (reference/LANG/three-arrows.js) share: the keys of
// a line that lists a piece's arrows, one a count of them (1 to 8), each arrow said relative to
// its facing.

/**
 * The keys `arrows: %s, …, %s` + tail for 1 to 8 arrows, for each tail of tails (its English,
 * with its translation as a line of its own: '%1' its first place). The translation: head, the
 * arrows joined by sep, each said by rel, then the tail's with its places numbered after them.
 * @param {string} head what comes before the arrows ('flechas: ')
 * @param {string} sep what joins them (', ')
 * @param {Record<string, string>} rel an arrow's direction in the language
 * @param {Record<string, string>} tails what follows the arrows, English to translation ('': nothing)
 * @returns {import('../../narration.js').NarrationCatalog}
 */
export function arrowLists(head, sep, rel, tails) {
  /** @type {import('../../narration.js').NarrationCatalog} */
  const out = {};
  for (const [tail, said] of Object.entries(tails))
    for (let n = 1; n <= 8; n++) {
      const places = Array.from({ length: n }, (_, i) => i + 1);
      out[`arrows: ${places.map(() => '%s').join(', ')}${tail}`] = {
        t: head + places.map((i) => `%${i}`).join(sep) + said.replace(/%(\d+)/g, (_, k) => `%${n + Number(k)}`),
        args: Object.fromEntries(places.map((i) => [i, rel])),
      };
    }
  return out;
}
