// The server's refusals in the page's language (docs/web.md, "Languages"). The server answers
// in English, one sentence per refusal with the values in it ("not your turn: p2 is to move,
// and you are p1"). What a page can be told (the play page, the lobby and its create form, the
// replay, the review, the puzzles, and the limits and states of the site) is recognised here by
// its form, a pattern per sentence whose values become the places of a catalog message
// (`server.*`; for the pages about people, `account.s-*`, `friends.s-*`, `challenge.s-*` and
// `tournaments.s-*`); the prefixes "cannot claim: " and the like are peeled and translated
// apart, as is why a table stopped ("the table has stopped: expired: ..."), and so are the
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
  ['no rematch: ', 'server.no-rematch'],
  ['you cannot take a seat here: ', 'server.cannot-seat'],
  ['not a record quiver can replay: ', 'server.not-a-record'],
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
  [
    /^not rated: every account here is new \(younger than a day, or fewer than (?<n>\d+) rated games of this kind\): the game counts toward the \k<n>, the ratings stay as they were$/,
    'server.unrated-new',
  ],
  [
    new RegExp(
      `^rated for the new accounts only: the ratings at (?<seats>.+?) stay as they were, since the account at ${SEAT} is new \\(younger than a day, or fewer than (?<n>\\d+) rated games of this kind\\)$`,
    ),
    'server.rated-new-only',
  ],
  // a move or an act sent on a version the table has left (refusal.js says it at a table)
  [/^stale version (?<v>\d+): the table is at version (?<at>\d+) \(act on the latest update\)$/, 'server.stale'],
  [/^too late to abort: every player has moved; resign instead with \{"type": "resign", "v"\}$/, 'server.abort-late'],
  [
    new RegExp(
      `^${SEAT} asks to take back a move: answer that first with \\{"type": "answer", "v": (?<v>\\d+), "accept": true or false\\}$`,
    ),
    'server.answer-takeback-first',
  ],
  [
    new RegExp(
      `^${SEAT} offers a draw: answer that first with \\{"type": "answer", "v": (?<v>\\d+), "accept": true or false\\}$`,
    ),
    'server.answer-draw-first',
  ],
  [/^you ran out of time: the server plays your seat; send \{"type": "return"\} to play again$/, 'server.timed-out'],
  [/^you ran out of time and the server plays your seat: send \{"type": "return"\} first$/, 'server.timed-out-return'],
  [/^you are playing: return is for a seat the server plays after its time ran out$/, 'server.return-playing'],
  [/^rematch: you have asked for it already; it begins when every player has$/, 'server.rematch-asked'],
  [
    /^your clock would run out: a takeback sets every clock back to before your move, and the (?<since>\d+(?:\.\d+)?) s since then count against you, who had (?<had>\d+(?:\.\d+)?) s left then$/,
    'server.undo-clock',
  ],
  [
    /^history: the log changed with an undo; the whole log follows in a snapshot, ask again with a line of it$/,
    'server.history-undone',
  ],
  // why a table stopped (the place `why` of "the table has stopped: …", and the table's info)
  [
    /^expired: no game began within (?<n>\d+) minutes of the table's creation; start a new table$/,
    'server.expired-minutes',
  ],
  [
    /^expired: no game began within (?<n>\d+) seconds of the table's creation; start a new table$/,
    'server.expired-seconds',
  ],
  [
    /^the server stopped (?<n>\d+) times while an AI seat of this table was thinking, so the table was stopped; start a new table$/,
    'server.ai-crashes',
  ],
  // a seat refused for a block between people (after "you cannot take a seat here: " or "no rematch: ")
  [
    /^you block (?<name>.+), who plays at this table; unblock them on your account page first$/s,
    'server.apart-you-block',
  ],
  [/^a player at this table does not accept games with you$/, 'server.apart-blocked'],
  [/^two players of this table do not play together \(one blocks the other\)$/, 'server.apart-others'],
  [/^no table '(?<id>.*)'$/s, 'server.no-table'],
  [/^no puzzle '(?<id>.*)'$/s, 'server.no-puzzle'],
  // a table's creation: its settings, and the server's room for it
  [/^rated: sign in to make a rated table \(POST \/api\/session\)$/, 'server.rated-sign-in'],
  [/^rated: a rated table needs a clock \("clock"\)$/, 'server.rated-clock'],
  [/^rated: a rated table has people's seats only \("invite" or "human"\), no AI seat$/, 'server.rated-people'],
  [/^clock\.(?<field>\w+): expected a whole number of seconds from (?<lo>\d+) to (?<hi>\d+)$/, 'server.clock-seconds'],
  [/^clock\.(?<field>\w+): expected a whole number of days from (?<lo>\d+) to (?<hi>\d+)$/, 'server.clock-days'],
  [
    /^params: bad value '(?<value>.*)' for (?<key>\S+): expected a whole number from (?<lo>-?\d+) to (?<hi>-?\d+)$/s,
    'server.param-whole',
  ],
  [/^too many open tables \((?<n>\d+), the server's limit\); try again when a game has ended$/, 'server.tables-full'],
  [
    /^too many open tables from your address: (?<n>\d+) of at most (?<max>\d+) \(the server's --address-tables\); finish, resign or abort one of your games \(GET \/api\/me lists them\) or wait for a waiting table to expire$/,
    'server.tables-yours',
  ],
  [
    /^the server is nearly full \((?<open>\d+) of its (?<max>\d+) tables open\) and your address holds (?<mine>\d+) of them: an address that holds some may hold at most 1 in (?<share>\d+) of the free ones, and the last (?<reserve>\d+) are kept for newcomers; finish, resign or abort one of your games \(GET \/api\/me lists them\) or try again later$/,
    'server.nearly-full-address',
  ],
  [
    /^the server is nearly full \((?<open>\d+) of its (?<max>\d+) tables open\) and the addresses of your network \((?<net>[^)]*)\) hold (?<held>\d+) of them: one network may hold at most 1 in (?<share>\d+) of the free ones; try again later$/,
    'server.nearly-full-network',
  ],
  [
    /^too many tables with AI seats \(easy, medium, hard\) from your address: (?<n>\d+) of at most (?<max>\d+) \(the server's --address-ai-tables\); finish, resign or abort one first \(GET \/api\/me lists yours\)$/,
    'server.ai-tables-yours',
  ],
  [
    /^too many tables created from your address: at most (?<n>\d+) a minute \(the server's --create-rate\); try again in (?<wait>\d+) s$/,
    'server.create-rate',
  ],
  [
    /^too many tables, variant records and accounts made from your address: at most (?<n>\d+) a minute \(the server's --create-rate\); try again in (?<wait>\d+) s$/,
    'server.made-rate',
  ],
  [
    /^too many variants from your address: its open tables play (?<n>\d+) variants, the most one address may at once \(the server's limit\); play one of those or a built-in set, or finish a game that plays one first$/,
    'server.variants-yours',
  ],
  // the replays, the reviews and the puzzles
  [
    /^too many replays from your address: (?<n>\d+) running or waiting, at most (?<max>\d+) at once per address; wait for one to end$/,
    'server.replays-yours',
  ],
  [
    /^too many replays at once: (?<running>\d+) running \(the server's --threads\) and (?<waiting>\d+) waiting, the most it queues; try again in a moment$/,
    'server.replays-busy',
  ],
  [
    /^too many replays at once: (?<running>\d+) running \(the server's --threads\), and this one waited (?<s>\d+) s for its turn; try again in a moment$/,
    'server.replays-waited',
  ],
  [
    /^the game at table (?<id>\S+) is not over: a replay shows everything hidden, so it is given only at the end$/,
    'server.replay-not-over',
  ],
  [/^broken JSON at line (?<line>\d+), column (?<column>\d+): (?<why>.*)$/s, 'server.broken-json'],
  [/^game: missing \(expected the game's name\)$/, 'server.no-game-named'],
  [
    /^too many AI searches from your address: (?<n>\d+) reviews being made and tables with AI seats, of at most (?<max>\d+) \(the server's --address-ai-tables\); wait for a review to be made or a game to end$/,
    'server.review-searches',
  ],
  [/^too many reviews being made \((?<n>\d+), the server's limit\); try again in a minute$/, 'server.reviews-busy'],
  [/^too many reviews being made; try again in a minute$/, 'server.reviews-full'],
  [
    /^too many puzzle attempts (?<what>.+?): (?<ahead>\d+) go on at once, then one every (?<every>\d+) s; try again in (?<wait>\d+) s$/,
    'server.puzzle-pace',
  ],
  // a report of a seat (its reason is a text: no line breaks)
  [/^at most (?<n>\d+) reports an hour from one address; the site's moderators read every one$/, 'server.report-pace'],
  [new RegExp(`^line: the table keeps no chat line (?<line>\\d+) of ${SEAT}$`), 'server.report-line'],
  // a text's characters, and the rules of a name (a guest's, an account's username, a tournament's)
  [
    /^(?<field>\w+): character U\+(?<code>[0-9A-F]{4,6}) is not allowed \(no control characters, tabs, line breaks or direction controls\)$/,
    'server.char-control',
  ],
  [/^(?<field>username|name): empty; expected 1 to (?<max>\d+) characters$/, 'server.name-empty'],
  [/^(?<field>username|name): (?<n>\d+) characters; at most (?<max>\d+)$/, 'server.name-long'],
  [
    /^(?<field>username|name): character U\+(?<code>[0-9A-F]{4,6}) is not allowed: no format characters \(direction marks, zero-width spaces and joiners, tags\)$/,
    'server.name-format',
  ],
  [
    /^(?<field>username|name): character U\+(?<code>[0-9A-F]{4,6}) shows nothing; a name may not hold invisible fillers$/,
    'server.name-filler',
  ],
  [
    /^(?<field>username|name): (?<n>\d+) combining marks in a row; at most (?<max>\d+) on one character$/,
    'server.name-marks',
  ],
  [/^(?<field>username|name): no letter or digit; a name needs at least one$/, 'server.name-letter'],
  [
    /^(?<field>username|name): '(?<name>.*)' is a word the table shows for something else; a name may not be a seat \(p1 to p(?<max>\d+)\), a level, spectator, chance or game$/s,
    'server.name-reserved',
  ],
  [
    /^name: '(?<name>.*)' is or looks like '(?<other>.*)', an account's username, and a guest may not play under an account's name \(names look alike as Unicode's confusables say: UTS #39\); choose another, or sign in as \k<other>$/s,
    'server.name-account',
  ],
  // the site's own state
  [/^your address \((?<address>[^)]*)\) is banned from this site by its operator$/, 'server.banned'],
  [/^your address \((?<address>[^)]*)\) is banned from this site by its operator: (?<why>.*)$/s, 'server.banned-why'],
  [/^the server is stopping; try again in a moment$/, 'server.stopping'],
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

/** The places whose values are the server's words (WORDS): never a name a person chose. */
const WORD_PLACES = new Set(['what', 'kind']);

/** The places whose values are moves in the engine's words (MOVES). */
const MOVE_PLACES = new Set(['chance', 'mover', 'reveal']);

/** The messages whose place `why` is a sentence of the server's own (why a table stopped). */
const SENTENCE_WHY = new Set(['server.stopped']);

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
      values[name] =
        WORD_PLACES.has(name) && WORDS[v]
          ? lookup(WORDS[v])
          : MOVE_PLACES.has(name)
            ? (byForm(v, MOVES, lookup, lang) ?? v)
            : key === 'server.illegal' && name === 'why'
              ? (reasonText(v, lang) ?? v)
              : SENTENCE_WHY.has(key) && name === 'why'
                ? (byForm(v, FORMS, lookup, lang) ?? v)
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
  // signing in, and a password's work
  [/^this account is suspended by the site's operator$/, 'account.s-suspended'],
  [/^this account is suspended by the site's operator: (?<why>.*)$/s, 'account.s-suspended-why'],
  [/^sign in first: this needs an account's session \(POST \/api\/session\)$/, 'account.s-sign-in-first'],
  [/^(?<field>\w+): at most (?<bytes>\d+) bytes$/, 'account.s-bytes'],
  [
    /^too many password requests from your address: one goes on every (?<ms>\d+) ms and at most (?<ahead>\d+) wait their turn; try again in (?<wait>\d+) s$/,
    'account.s-password-pace',
  ],
  [
    /^too many passwords being checked: (?<running>\d+) running and (?<waiting>\d+) waiting, the most the server queues; try again in a second$/,
    'account.s-busy',
  ],
  [
    /^too many passwords from your address being checked: (?<n>\d+), at most (?<max>\d+) at once per address; wait for an answer before you send another$/,
    'account.s-checking',
  ],
  // the lists of accounts: blocks and follows
  [/^username: you cannot block yourself$/, 'account.s-block-yourself'],
  [/^you block (?<n>\d+) accounts already, the most there may be: unblock one first$/, 'account.s-blocks-most'],
  [/^you do not block '(?<name>.*)'$/s, 'account.s-not-blocking'],
  [/^username: you cannot follow yourself$/, 'friends.s-follow-yourself'],
  [
    /^you follow (?<n>\d+) accounts already, the most there may be: stop following one first$/,
    'friends.s-follows-most',
  ],
  [/^you do not follow '(?<name>.*)'$/s, 'friends.s-not-following'],
  // challenges
  [
    /^you have (?<n>\d+) challenges waiting for an answer, the most there may be: cancel one, or wait for its answer or its end$/,
    'challenge.s-most',
  ],
  [
    /^too many challenges from your account: at most (?<n>\d+) a minute \(the server's --create-rate\); try again in (?<wait>\d+) s$/,
    'challenge.s-pace',
  ],
  [/^no challenge '(?<id>.*)' from you$/s, 'challenge.s-none-from'],
  [/^no challenge '(?<id>.*)' to you$/s, 'challenge.s-none-to'],
  [/^no challenge '(?<id>.*)' of yours$/s, 'challenge.s-none-of'],
  [/^this challenge was accepted already: its table is being made$/, 'challenge.s-being-made'],
  [/^this challenge was accepted already: its table is (?<id>\S+)$/, 'challenge.s-accepted'],
  [/^this challenge is no longer open: it was declined$/, 'challenge.s-declined'],
  [/^this challenge is no longer open: it was cancelled$/, 'challenge.s-cancelled'],
  [/^this challenge is no longer open: it was expired$/, 'challenge.s-expired'],
  [
    /^this challenge was taken over by another accept while this one made its table \(which is not kept\); GET \/api\/challenges says what it is now$/,
    'challenge.s-taken-over',
  ],
  // tournaments
  [/^(?<field>\w+): expected a whole number from (?<lo>\d+) to (?<hi>\d+)$/, 'tournaments.s-whole'],
  [
    /^too many tournaments from your account: at most (?<n>\d+) a minute \(the server's --create-rate\); try again in (?<wait>\d+) s$/,
    'tournaments.s-pace',
  ],
  [/^no tournament '(?<id>.*)'$/s, 'tournaments.s-none'],
  [/^the tournament began already: it cannot be started$/, 'tournaments.s-began-start'],
  [/^the tournament began already: it cannot be cancelled$/, 'tournaments.s-began-cancel'],
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
