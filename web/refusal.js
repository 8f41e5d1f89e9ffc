// A refused act in words for the player. The server refuses an act sent on a version the table
// has left ("stale version 5: the table is at version 6 ..."): another tab or window of the same
// seat played first, or the game went on before the move arrived. The move was not played, and
// the page must say so where it was made, then show the table as it is (resync). A takeback
// the server refuses (never across a chance outcome or a reveal) is said with the engine's
// reason, once, without the server's prefixes.

import { t } from './i18n.js';
import { serverText } from './server-text.js';

/**
 * @param {string} message the server's error message
 * @returns {{text: string, stale: boolean, at: number | null}} what to show; for a stale act,
 *   the table's version the server named (the page resyncs if no frame brings it)
 */
export function refusal(message) {
  const tb = /^(?:cannot (?:undo|take back)(?: that)?: )+(.*)$/s.exec(message);
  if (tb)
    return { text: t('refusal.takeback', { why: serverText(tb[1]) }).replace(/\.\.$/, '.'), stale: false, at: null };
  const m = /^stale version \d+: the table is at version (\d+)/.exec(message);
  if (!m) return { text: serverText(message), stale: false, at: null };
  return { text: t('refusal.stale'), stale: true, at: Number(m[1]) };
}
