// What this browser keeps in localStorage as one JSON object per key (the lessons finished, the
// levels chosen). A storage that cannot be read or written (private browsing, a full quota)
// only forgets: reading gives an empty object, writing does nothing.

/**
 * The object kept under `key`, or {} when there is none or it cannot be read.
 * @param {string} key
 * @returns {Record<string, unknown>}
 */
export function loadObject(key) {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/**
 * Keeps `value` under `key`, when the storage lets it.
 * @param {string} key
 * @param {Record<string, unknown>} value
 */
export function saveObject(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* a convenience: without storage it is not kept */
  }
}
