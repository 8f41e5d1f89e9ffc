// Sentences with places for what changes: every sentence a page says is one template with named
// places ("{name} challenges you to {game}"), filled here, never a sentence put together from
// pieces, so that a catalogue of translations can replace each template whole, with the places
// where its language wants them.

/**
 * The template with each {place} replaced by its value (a place without one stays as it is).
 * @param {string} template
 * @param {Record<string, string | number>} [values]
 * @returns {string}
 */
export function fill(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/**
 * One of two templates by a count (1 or other), filled with the count as {n} and the values.
 * @param {number} n
 * @param {string} one
 * @param {string} other
 * @param {Record<string, string | number>} [values]
 */
export function count(n, one, other, values = {}) {
  return fill(n === 1 ? one : other, { ...values, n });
}
