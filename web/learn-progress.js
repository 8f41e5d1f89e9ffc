// The learner's progress in the tutorials, kept in this browser's localStorage (the terminal's
// `quiver learn` keeps its own in a file): for each game, the lessons finished. A storage that
// cannot be read or written (private browsing, a full quota) only forgets progress.

const KEY = 'quiver.learn';

/** @returns {Record<string, string[]>} */
function load() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/**
 * The lessons of a game finished in this browser.
 * @param {string} game
 * @returns {Set<string>}
 */
export function finished(game) {
  const list = load()[game];
  return new Set(Array.isArray(list) ? list.filter((x) => typeof x === 'string') : []);
}

/**
 * Remembers that a lesson was finished.
 * @param {string} game
 * @param {string} id
 */
export function markFinished(game, id) {
  const all = load();
  const done = finished(game);
  done.add(id);
  all[game] = [...done].sort();
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* progress is a convenience: without storage it is not kept */
  }
}
