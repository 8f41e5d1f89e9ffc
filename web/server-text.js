// The server's refusals in the page's language (docs/web.md, "Languages"). The server answers
// in English, one sentence per refusal with the values in it ("not your turn: p2 is to move,
// and you are p1"); the engine's own words (why a move is illegal, the narration of moves) are
// made in C per game and per viewer, and stay in English: translating them would mean a second
// copy of every game's wording here. What the play page can be told is recognised here by its
// form, a pattern per sentence whose values become the places of a catalog message
// (`server.*`); the prefixes "cannot claim: " and the like are peeled and translated apart. A
// sentence of no known form is shown as the server said it. tests/browser/server-text.test.mjs
// checks each form against the server's own sentences.

import { LANG, t } from './i18n.js';

/** @typedef {(key: string, values?: Record<string, string | number>) => string} Lookup */

/** A refusal's first words, saying what could not be done: each translated apart. */
const PREFIXES = /** @type {const} */ ([
  ['cannot undo: ', 'server.cannot-undo'],
  ['cannot take back: ', 'server.cannot-take-back'],
  ['cannot answer: ', 'server.cannot-answer'],
  ['cannot abort: ', 'server.cannot-abort'],
  ['cannot offer a draw: ', 'server.cannot-draw'],
  ['cannot give time: ', 'server.cannot-give-time'],
  ['cannot claim: ', 'server.cannot-claim'],
  ['cannot resign: ', 'server.cannot-resign'],
  ['cannot return: ', 'server.cannot-return'],
]);

const SEAT = '(?<seat>p\\d+)';

/**
 * The sentences, each a pattern whose named groups are its message's places. A group named
 * `what` or `kind` holds one of the server's words, translated by WORDS.
 * @type {[RegExp, string][]}
 */
const FORMS = [
  [/^not your turn: a chance event is being drawn$/, 'server.turn-chance'],
  [/^not your turn: (?<seat>\S+) is to move, and you are (?<you>\S+)$/, 'server.turn'],
  [/^the game is over$/, 'server.over'],
  [/^the game at table (?<id>\S+) is over$/, 'server.table-over'],
  [/^table (?<id>\S+) is over already$/, 'server.table-over-already'],
  [new RegExp(`^the table is waiting for players: seat ${SEAT} is not taken yet$`), 'server.waiting'],
  [/^the table has stopped: (?<why>.*)$/s, 'server.stopped'],
  [/^illegal action '(?<action>.*)': (?<why>.*)$/s, 'server.illegal'],
  [/^unknown action '(?<action>.*)': expected one of (?<forms>.*)$/s, 'server.unknown'],
  [/^unknown action '(?<action>.*)' \(expected (?<forms>.*)\)$/s, 'server.unknown-expected'],
  [/^a spectator cannot (?<act>\S+): join a seat to play$/, 'server.spectator'],
  [/^you have resigned already$/, 'server.resigned'],
  [/^you resigned: a resignation is final$/, 'server.resign-final'],
  [/^you resigned: the server plays your seat$/, 'server.resign-played'],
  [/^your clock has run out$/, 'server.your-clock'],
  [new RegExp(`^${SEAT}'s time has run out already$`), 'server.time-out'],
  [new RegExp(`^${SEAT} has left the game already$`), 'server.left'],
  [new RegExp(`^${SEAT} is online: only an absent seat may be claimed$`), 'server.online'],
  [new RegExp(`^${SEAT} is not to move: only a seat that keeps the game waiting may be claimed$`), 'server.not-moving'],
  [new RegExp(`^seat: ${SEAT} is your own seat; claim an absent one$`), 'server.own-seat'],
  [new RegExp(`^seat ${SEAT} is played by the server \\((?<level>[^)]*)\\)$`), 'server.ai-seat'],
  [new RegExp(`^seat ${SEAT} is already taken$`), 'server.taken'],
  [
    new RegExp(`^this table has a clock: ${SEAT} times out when its clock runs out, without a claim$`),
    'server.clock-claim',
  ],
  [
    new RegExp(
      `^too early: ${SEAT} has been away and to move for (?<waited>\\d+) s; it may be claimed after (?<limit>\\d+) s \\(the server's --away-limit\\), in (?<left>\\d+) s$`,
    ),
    'server.too-early',
  ],
  [/^no choice of yours to take back$/, 'server.no-choice'],
  [/^this table has no clock, so there is no time to give$/, 'server.no-clock'],
  [/^rematch: the rematch is made already: table (?<id>\S+)$/, 'server.rematch-made'],
  [/^rematch: the game is not over; a rematch is asked for at its end$/, 'server.rematch-early'],
  [/^there is no (?<kind>\w+) request to answer$/, 'server.no-request'],
  [/^the (?<kind>\w+) request is yours: the others answer it$/, 'server.request-yours'],
  [/^you have answered this (?<kind>\w+) request already$/, 'server.answered'],
  [/^you have asked for a (?<kind>\w+) already; it waits for (?<seats>.+) to answer$/, 'server.asked'],
  [/^text: empty; expected 1 to (?<max>\d+) characters$/, 'server.chat-empty'],
  [/^text: (?<n>\d+) characters; at most (?<max>\d+)$/, 'server.chat-long'],
  [
    /^chat: at most (?<lines>\d+) lines in (?<s>\d+) seconds from a connection; wait (?<wait>[\d.]+) s$/,
    'server.chat-pace',
  ],
  [
    /^too many mutes, reports, blocks, follows, challenges and tournament changes (?<what>.+?): (?<ahead>\d+) go on at once, then one a minute \(at a table, (?<table>\d+), then one every (?<every>\d+) s, and (?<own>\d+) more from each address, then one every (?<minutes>\d+) minutes\); try again in (?<wait>\d+) s$/,
    'server.writes-pace',
  ],
  [
    /^not rated: the accounts at (?<a>.+?) and (?<b>.+?) were made from one address within a day of each other$/,
    'server.unrated-address',
  ],
  [
    /^not rated: the accounts at (?<a>.+?) and (?<b>.+?) played (?<n>\d+) rated games together in the last day, the most that are rated$/,
    'server.unrated-pair',
  ],
  [
    /^not rated: the accounts at (?<a>.+?) and (?<b>.+?) were used from one browser \(its player key or device cookie\)$/,
    'server.unrated-browser',
  ],
  [/^not rated: the database failed checking the accounts at (?<a>.+?) and (?<b>.+?)$/, 'server.unrated-check'],
  [/^not rated: the database failed reading the accounts$/, 'server.unrated-read'],
];

/** The server's words that go into a sentence's places. */
const WORDS = /** @type {Record<string, string>} */ ({
  'from your address': 'server.what-address',
  'from your browser (its player key or session)': 'server.what-browser',
  'at this table': 'server.what-table',
  takeback: 'server.kind-takeback',
  draw: 'server.kind-draw',
  abort: 'server.kind-abort',
});

/**
 * A server's sentence through a catalog's lookup: its prefixes and its form translated, its
 * values in their places; unchanged when its form is not known.
 * @param {string} message
 * @param {Lookup} lookup
 * @returns {string}
 */
export function translateServer(message, lookup) {
  for (const [prefix, key] of PREFIXES)
    if (message.startsWith(prefix)) return lookup(key, { why: translateServer(message.slice(prefix.length), lookup) });
  for (const [re, key] of FORMS) {
    const m = re.exec(message);
    if (!m) continue;
    /** @type {Record<string, string>} */
    const values = {};
    for (const [name, v] of Object.entries(m.groups ?? {})) values[name] = WORDS[v] ? lookup(WORDS[v]) : v;
    return lookup(key, values);
  }
  return message;
}

/**
 * A server's sentence in the page's language.
 * @param {string} message
 */
export function serverText(message) {
  return LANG === 'en' ? message : translateServer(message, t);
}
