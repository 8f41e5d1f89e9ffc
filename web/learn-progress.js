// The learner's progress in the tutorials, kept in this browser's localStorage (the terminal's
// `quiver learn` keeps its own in a file): for each game, the lessons finished. A storage that
// cannot be read or written (private browsing, a full quota) only forgets progress.

import { loadObject, saveObject } from './storage.js';

const KEY = 'quiver.learn';

/**
 * The lessons of a game finished in this browser.
 * @param {string} game
 * @returns {Set<string>}
 */
export function finished(game) {
  const list = loadObject(KEY)[game];
  return new Set(Array.isArray(list) ? list.filter((x) => typeof x === 'string') : []);
}

/**
 * Remembers that a lesson was finished.
 * @param {string} game
 * @param {string} id
 */
export function markFinished(game, id) {
  const all = loadObject(KEY);
  const done = finished(game);
  done.add(id);
  all[game] = [...done].sort();
  saveObject(KEY, all);
}
