// The last move, for its highlight on the board: the words of the log's last entry (the move
// and the lines that follow from it), as the server worded them for this viewer, so that the
// highlight says nothing the log does not. The board marks the squares among them (`last`).

/** @typedef {{who: string, text: string}} LogEntry */

/**
 * The words of the last move's lines: the lines at the end of the log that belong to one
 * move, that is the run of lines under the same `who` (a seat or chance), with the lines the
 * rules applied after it (`game`).
 * @param {LogEntry[]} entries the log so far
 * @returns {string[]}
 */
export function lastMoveWords(entries) {
  let i = entries.length - 1;
  while (i >= 0 && entries[i].who === 'game') i--;
  const who = i >= 0 ? entries[i].who : null;
  while (i >= 0 && entries[i].who === who) i--;
  return entries
    .slice(i + 1)
    .flatMap((e) => String(e.text).split(/[^A-Za-z0-9-]+/))
    .filter(Boolean);
}
