// The server's refusals in the page's language (docs/web.md, "Languages"). The server answers
// in English, one sentence per refusal with the values in it ("not your turn: p2 is to move,
// and you are p1"). What the play page can be told is recognised here by its form, a pattern
// per sentence whose values become the places of a catalog message (`server.*`; for the pages
// about people, `account.s-*`, `friends.s-*`, `challenge.s-*` and `tournaments.s-*`); the
// prefixes "cannot claim: " and the like are peeled and translated apart, and so are the
// engine's words for the moves a takeback would cross ("your 'attack c3 c4'", "the chance
// outcome 'die +1'"), whose notation stays as it is. Why a game's rules refuse a move (the
// `why` of "illegal action '…': why", or a sentence of its own when the move cannot be read)
// is the game's, translated by its format (web/reasons.js). A sentence of no known form is
// shown as the server said it.
// tests/browser/server-text.test.mjs checks each form against the server's own sentences.

import { LANG, t } from './i18n.js';
import { reasonText } from './reasons.js';

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
  // why a takeback is refused (the engine's match: src/engine/match/takeback.c)
  [new RegExp(`^nothing to undo: ${SEAT} has not decided anything yet$`), 'server.undo-nothing'],
  [
    /^(?<chance>.+) came after (?<mover>.+), and no undo crosses a chance outcome \(it would be known before the move is made again\)$/s,
    'server.undo-chance',
  ],
  [
    /^(?<reveal>.+) after (?<mover>.+) showed you something that was hidden, and no undo crosses a reveal$/s,
    'server.undo-reveal-after-you',
  ],
  [
    new RegExp(
      `^(?<reveal>.+) after (?<mover>.+) showed (?<whom>p\\d+) something that was hidden, and no undo crosses a reveal$`,
      's',
    ),
    'server.undo-reveal-after',
  ],
  [/^(?<mover>.+) showed you something that was hidden, and no undo crosses a reveal$/s, 'server.undo-reveal-you'],
  [
    new RegExp(`^(?<mover>.+) showed (?<whom>p\\d+) something that was hidden, and no undo crosses a reveal$`, 's'),
    'server.undo-reveal',
  ],
  [new RegExp(`^${SEAT} has decided since (?<you>p\\d+)'s last move$`), 'server.undo-decided'],
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
 * The engine's words for a move in a takeback's refusal (the places `chance`, `mover` and
 * `reveal`): each a form, the move's notation kept as it is.
 * @type {[RegExp, string][]}
 */
const MOVES = [
  [/^the chance outcome '(?<text>.*)'$/s, 'server.move-chance'],
  [/^a chance outcome$/, 'server.move-chance-hidden'],
  [/^your '(?<text>.*)'$/s, 'server.move-yours'],
  [new RegExp(`^${SEAT}'s '(?<text>.*)'$`, 's'), 'server.move-seat'],
  [new RegExp(`^a move of ${SEAT}$`), 'server.move-hidden'],
];

/** The places whose values are moves in the engine's words (MOVES). */
const MOVE_PLACES = new Set(['chance', 'mover', 'reveal']);

/**
 * A value through the forms: the first that matches gives its message, with the groups in
 * their places (a group's value one of WORDS translated); the value unchanged when none does.
 * @param {string} value
 * @param {[RegExp, string][]} forms
 * @param {Lookup} lookup
 * @param {string} lang the language of lookup's catalog (for a game's reason)
 * @returns {string | null}
 */
function byForm(value, forms, lookup, lang) {
  for (const [re, key] of forms) {
    const m = re.exec(value);
    if (!m) continue;
    /** @type {Record<string, string>} */
    const values = {};
    for (const [name, v] of Object.entries(m.groups ?? {}))
      values[name] = WORDS[v]
        ? lookup(WORDS[v])
        : MOVE_PLACES.has(name)
          ? (byForm(v, MOVES, lookup, lang) ?? v)
          : key === 'server.illegal' && name === 'why'
            ? (reasonText(v, lang) ?? v)
            : v;
    return lookup(key, values);
  }
  return null;
}

/** The refusals the pages about people are told (account, friends, challenges, tournaments). */
const PEOPLE_PREFIXES = /** @type {const} */ ([['you cannot join: ', 'tournaments.s-cannot-join']]);

/** @type {[RegExp, string][]} */
const PEOPLE_FORMS = [
  [/^wrong username or password$/, 'account.s-wrong-password'],
  [/^wrong username or recovery code \(or a code used already\)$/, 'account.s-wrong-code'],
  [/^username: '(?<name>.*)' is taken \(in some case\); choose another$/s, 'account.s-taken'],
  [
    /^username: '(?<name>.*)' looks like the username '(?<other>.*)' \(their letters are confusable, as Unicode's confusables list them: UTS #39\); choose another$/s,
    'account.s-confusable',
  ],
  [/^(?<field>\w+): not your current password$/, 'account.s-not-current'],
  [
    /^(?<field>\w+): expected (?<min>\d+) to (?<max>\d+) characters \(at most (?<bytes>\d+) bytes\), got (?<n>\d+) characters$/,
    'account.s-length',
  ],
  [/^(?<field>\w+): must not be the username$/, 'account.s-is-username'],
  [
    /^(?<field>\w+): one of the most common passwords, the first ones tried against any account; choose another$/,
    'account.s-common',
  ],
  [
    /^too many failed attempts to sign in from your address or to this account: try again in (?<s>\d+) s$/,
    'account.s-attempts',
  ],
  [/^no player '(?<name>.*)' \(a player is an account's username\)$/s, 'friends.s-no-player'],
  [
    /^you cannot follow (?<name>.+): you block them; unblock them on your account page first$/s,
    'friends.s-follow-blocked',
  ],
  [/^you cannot follow (?<name>.+): they do not accept it$/s, 'friends.s-follow-refused'],
  [/^username: you cannot challenge yourself$/, 'challenge.s-yourself'],
  [
    /^you cannot challenge (?<name>.+): you block them; unblock them on your account page first$/s,
    'challenge.s-blocked',
  ],
  [/^you cannot challenge (?<name>.+): they do not accept games with you$/s, 'challenge.s-refused'],
  [
    /^you have challenged (?<name>.+) already: wait for the answer, or cancel that challenge first$/s,
    'challenge.s-already',
  ],
  [/^the tournament is over$/, 'tournaments.s-over'],
  [/^a Swiss tournament takes no players once it began$/, 'tournaments.s-swiss-began'],
  [/^the tournament is full$/, 'tournaments.s-full'],
  [/^you did not join this tournament$/, 'tournaments.s-not-joined'],
  [/^the tournament is over: there is nothing to withdraw from$/, 'tournaments.s-nothing'],
  [
    /^you have (?<n>\d+) tournaments not over already, the most there may be: cancel one or wait for one to end$/,
    'tournaments.s-too-many',
  ],
  [
    /^clock: an arena's games need a clock of minutes: \{"kind": "fischer", \.\.\.\} or \{"kind": "move", \.\.\.\}$/,
    'tournaments.s-arena-clock',
  ],
  [/^clock: a tournament's games need a clock: "move", "fischer" or "days"$/, 'tournaments.s-clock'],
];

/**
 * A server's sentence through a catalog's lookup: its prefixes and its form translated, its
 * values in their places, or a game's reason for refusing a move; unchanged when its form is
 * not known.
 * @param {string} message
 * @param {Lookup} lookup
 * @param {string} [lang] the language of lookup's catalog
 * @returns {string}
 */
export function translateServer(message, lookup, lang = LANG) {
  for (const [prefix, key] of [...PREFIXES, ...PEOPLE_PREFIXES])
    if (message.startsWith(prefix))
      return lookup(key, { why: translateServer(message.slice(prefix.length), lookup, lang) });
  return byForm(message, [...FORMS, ...PEOPLE_FORMS], lookup, lang) ?? reasonText(message, lang) ?? message;
}

/**
 * A server's sentence in the page's language.
 * @param {string} message
 */
export function serverText(message) {
  return LANG === 'en' ? message : translateServer(message, t);
}
