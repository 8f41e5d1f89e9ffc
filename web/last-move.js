// The last move, for its highlight on the board, and the last chance event, for the line under
// the status: both read from the log's entries as the server worded them for this viewer, so
// that they say nothing the log does not. The board marks the squares among the words
// (`last`). For a player, the "last move" is everything the others did since the player's own
// last decision (an Evons turn is several actions, its last one `end`, which names no square);
// after the player's own move, that move.

import { t } from './i18n.js';

/** @typedef {{who: string, text: string}} LogEntry */

/**
 * Whether an entry is a seat's decision (`p1`…), not chance's or the rules'.
 * @param {LogEntry} e
 */
function bySeat(e) {
  return /^p\d+$/.test(e.who);
}

/**
 * The first entry of the last move: the other seats' decisions since the viewer's own last one
 * (what the rules and chance did right after the viewer's decision belongs to it, not to them),
 * or else the last mover's whole turn: its run of decisions with the rules' lines between them.
 * @param {LogEntry[]} entries
 * @param {string} seat the viewer (p1…, or `public`)
 */
function lastMoveStart(entries, seat) {
  let i = entries.length - 1;
  while (i >= 0 && entries[i].who === 'game') i--;
  if (i < 0) return 0;
  const mover = entries[i].who;
  if (mover !== seat) {
    let mine = -1;
    for (let k = entries.length - 1; k >= 0 && mine < 0; k--) if (entries[k].who === seat) mine = k;
    if (mine >= 0) {
      for (let k = mine + 1; k < entries.length; k++) if (bySeat(entries[k]) && entries[k].who !== seat) return k;
    }
  }
  while (i >= 0 && (entries[i].who === mover || entries[i].who === 'game')) i--;
  i++;
  while (i < entries.length && entries[i].who === 'game') i++;
  return i;
}

/**
 * The words of the last move's lines (see lastMoveStart), with the lines the rules applied
 * after it.
 * @param {LogEntry[]} entries the log so far
 * @param {string} [seat] the viewer (p1…, or `public`: then the last mover's turn)
 * @returns {string[]}
 */
export function lastMoveWords(entries, seat = 'public') {
  return entries
    .slice(lastMoveStart(entries, seat))
    .flatMap((e) => String(e.text).split(/[^A-Za-z0-9-?+]+/))
    .filter(Boolean);
}

/**
 * Whether a `chance` entry is a chance event's notation (`die 0`, `coin p2`, `roll 4`,
 * `stack 3`: a verb and at most two words) rather than a sentence chance said of it (`p2 goes
 * first: …`, `p1's 2b lands upright: …`), which names a player first or has a colon. The log's
 * entries carry no other mark of the difference.
 * @param {LogEntry} e
 */
function chanceNotation(e) {
  return e.who === 'chance' && /^[a-z]+( [^\s:]+){0,2}$/.test(e.text) && !/^p\d/.test(e.text);
}

/**
 * The last chance event in words: the sentences chance itself said of it (`p2 goes first: no
 * credits…`, `p1 rolls 3 on a d6: 6 steps`) when it said some, else its notation with the
 * rules' lines that followed (THREE ARROWS: `the die showed 0: attack 3 + 0 = 3 against
 * defence 3`), and how many decisions were made since. Null when the log has none, or when the
 * event is stale: a player has made a decision since it (what chance did is news until one's
 * next decision, like the last move), a spectator once every seat has.
 * @param {LogEntry[]} entries
 * @param {string} [seat] the viewer (p1…, or `public`)
 * @param {string[]} [seats] the table's seats (for a spectator)
 * @returns {{text: string, since: number} | null}
 */
export function lastChance(entries, seat = 'public', seats = []) {
  let at = -1;
  for (let k = entries.length - 1; k >= 0 && at < 0; k--) if (chanceNotation(entries[k])) at = k;
  if (at < 0) return null;
  let end = at + 1;
  while (end < entries.length && !bySeat(entries[end]) && !chanceNotation(entries[end])) end++;
  const after = entries.slice(end).filter(bySeat);
  const decided = (/** @type {string} */ s) => after.some((e) => e.who === s);
  const stale = bySeat({ who: seat, text: '' }) ? decided(seat) : seats.length > 0 && seats.every(decided);
  if (stale) return null;
  const said = entries.slice(at + 1, end).filter((e) => e.who === 'chance');
  const rules = entries.slice(at + 1, end).filter((e) => e.who === 'game');
  const die = /^die (\S+)$/.exec(entries[at].text);
  const action = die ? t('log.die-showed', { value: die[1] }) : entries[at].text;
  const text = said.length
    ? said.map((e) => e.text).join('; ')
    : [action, rules.map((e) => e.text).join('; ')].filter(Boolean).join(': ');
  return { text, since: after.length };
}
