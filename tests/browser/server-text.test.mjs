// The server's refusals in the page's language on their own (no browser, web/server-text.js):
// each sentence a page can be told is written here as the server's C source writes it
// (its format, checked to be in src/, and values for its %s and %d), and must come back unchanged
// through the English catalog (its pattern and en.js's template agree with the server) and
// whole in Spanish and Japanese (no place left unfilled, never the English sentence).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './support.mjs';
import { translateServer } from '../../web/server-text.js';
import en from '../../web/i18n/en.js';
import es from '../../web/i18n/es.js';
import ja from '../../web/i18n/ja.js';

/** [the C format, its values]: every sentence server-text.js knows, as the server makes it. */
const SAMPLES = [
  ['not your turn: a chance event is being drawn'],
  ['not your turn: %s is to move, and you are %s', 'p2', 'p1'],
  ['the game is over'],
  ['the game at table %s is over', 'abc123'],
  ['table %s is over already', 'abc123'],
  ['the table is waiting for players: seat %s is not taken yet', 'p2'],
  ['the table has stopped: %s', 'nobody came'],
  ["illegal action '%s': %s", 'place Q z9 N', 'no such square'],
  ['a spectator cannot %s: join a seat to play', 'act'],
  ["unknown action '%s': expected one of %s", 'zzz', 'place <piece> <sq> <facing>, stay'],
  ["unknown action '%.20s' (expected %s)", 'zzz', 'throw, walk <dir> <n>'],
  ['you have resigned already'],
  ['you resigned: a resignation is final'],
  ['you resigned: the server plays your seat'],
  ['your clock has run out'],
  ["%s's time has run out already", 'p2'],
  ['%s has left the game already', 'p3'],
  ['%s is online: only an absent seat may be claimed', 'p2'],
  ['%s is not to move: only a seat that keeps the game waiting may be claimed', 'p2'],
  ['seat: %s is your own seat; claim an absent one', 'p1'],
  ['seat %s is played by the server (%s)', 'p2', 'easy'],
  ['seat %s is already taken', 'p2'],
  ['this table has a clock: %s times out when its clock runs out, without a claim', 'p2'],
  [
    "too early: %s has been away and to move for %.0f s; it may be claimed after %.0f s (the server's --away-limit), in %.0f s",
    'p2',
    '40',
    '60',
    '20',
  ],
  ['no choice of yours to take back'],
  ['nothing to undo: %s has not decided anything yet', 'p1'],
  [
    '%s came after %s, and no undo crosses a chance outcome (it would be known before the move is made again)',
    "the chance outcome 'die +1'",
    "your 'attack c3 c4'",
  ],
  [
    '%s came after %s, and no undo crosses a chance outcome (it would be known before the move is made again)',
    'a chance outcome',
    "p2's 'uncover c5'",
  ],
  ['%s showed %s something that was hidden, and no undo crosses a reveal', "your 'uncover c5'", 'you'],
  ['%s showed %s something that was hidden, and no undo crosses a reveal', "your 'play striker-r c3'", 'p2'],
  [
    '%s after %s showed %s something that was hidden, and no undo crosses a reveal',
    "p2's 'uncover c5'",
    "your 'attack c3 c4'",
    'you',
  ],
  [
    '%s after %s showed %s something that was hidden, and no undo crosses a reveal',
    'a move of p3',
    "your 'throw 4'",
    'p2',
  ],
  ["%s has decided since %s's last move", 'p2', 'p1'],
  ['this table has no clock, so there is no time to give'],
  ['rematch: the rematch is made already: table %s', 'abc123'],
  ['rematch: the game is not over; a rematch is asked for at its end'],
  ['there is no %s request to answer', 'draw'],
  ['the %s request is yours: the others answer it', 'takeback'],
  ['you have answered this %s request already', 'draw'],
  ['you have asked for a %s already; it waits for %s to answer', 'takeback', 'p2'],
  ['%s: empty; expected 1 to %d characters', 'text', '500'],
  ['%s: %d characters; at most %d', 'text', '523', '500'],
  ['chat: at most %d lines in %d seconds from a connection; wait %.1f s', '5', '10', '3.2'],
  [
    'too many mutes, reports, blocks, follows, challenges and tournament changes %s: %d go on at once, then one a minute (at a table, %d, then one every %d s, and %d more from each address, then one every %d minutes); try again in %d s',
    'at this table',
    '4',
    '3',
    '20',
    '2',
    '5',
    '17',
  ],
  [
    'not rated: the accounts at %s and %s were made from one address within a day of each other',
    'Ann (p1)',
    'Bob (p2)',
  ],
  [
    'not rated: the accounts at %s and %s played %d rated games together in the last day, the most that are rated',
    'Ann',
    'Bob',
    '6',
  ],
  ['not rated: the accounts at %s and %s were used from one browser (its player key or device cookie)', 'Ann', 'Bob'],
  ['not rated: the database failed checking the accounts at %s and %s', 'Ann', 'Bob'],
  ['not rated: the database failed reading the accounts'],
  ['cannot claim: %s', "p2's time has run out already"],
  ['cannot resign: %s', 'you have resigned already'],
  ['cannot answer: %s', 'there is no takeback request to answer'],
  ['cannot undo: %s', 'no choice of yours to take back'],
  ['cannot undo: %s', "p2 has decided since p1's last move"],
  ['cannot take back: %s', 'the game is over'],
  ['cannot abort: %s', 'the game is over'],
  ['cannot offer a draw: %s', 'the game is over'],
  ['cannot give time: %s', 'this table has no clock, so there is no time to give'],
  ['cannot return: %s', 'the game is over'],
  ['%s: you block %s, who plays at this table; unblock them on your account page first', 'no rematch', 'Bob'],
  ['%s: a player at this table does not accept games with you', 'no rematch'],
  ['%s: two players of this table do not play together (one blocks the other)', 'you cannot take a seat here'],
  [
    '%s: you block %s, who plays at this table; unblock them on your account page first',
    'you cannot take a seat here',
    'Bob',
  ],
  [
    'not rated: every account here is new (younger than a day, or fewer than %d rated games of this kind): the game counts toward the %d, the ratings stay as they were',
    '5',
    '5',
  ],
  [
    'rated for the new accounts only: the ratings at %s stay as they were, since the account at %s is new (younger than a day, or fewer than %d rated games of this kind)',
    'p1, p3',
    'p2',
    '5',
  ],
  ['stale version %lld: the table is at version %lld (act on the latest update)', '5', '6'],
  ['too late to abort: every player has moved; resign instead with {"type": "resign", "v"}'],
  ['cannot abort: %s', 'too late to abort: every player has moved; resign instead with {"type": "resign", "v"}'],
  [
    '%s %s: answer that first with {"type": "answer", "v": %lld, "accept": true or false}',
    'p2',
    'asks to take back a move',
    '12',
  ],
  ['%s %s: answer that first with {"type": "answer", "v": %lld, "accept": true or false}', 'p2', 'offers a draw', '12'],
  ['you ran out of time: the server plays your seat; send {"type": "return"} to play again'],
  ['you ran out of time and the server plays your seat: send {"type": "return"} first'],
  ['you are playing: return is for a seat the server plays after its time ran out'],
  ['rematch: you have asked for it already; it begins when every player has'],
  [
    'cannot take back: your clock would run out: a takeback sets every clock back to before your move, and the %.1f s since then count against you, who had %.1f s left then',
    '12.5',
    '3.0',
  ],
  ['history: the log changed with an undo; the whole log follows in a snapshot, ask again with a line of it'],
  ["expired: no game began within %.0f %s of the table's creation; start a new table", '30', 'minutes'],
  ["expired: no game began within %.0f %s of the table's creation; start a new table", '90', 'seconds'],
  [
    'the server stopped %d times while an AI seat of this table was thinking, so the table was stopped; start a new table',
    '3',
  ],
  ['the table has stopped: %s', "expired: no game began within 30 minutes of the table's creation; start a new table"],
  ["no table '%s'", 'abc123'],
  ["no puzzle '%s'", 'abc123'],
  ['rated: sign in to make a rated table (POST /api/session)'],
  ['rated: a rated table needs a clock ("clock")'],
  ['rated: a rated table has people\'s seats only ("invite" or "human"), no AI seat'],
  ['clock.%s: expected a whole number of %s from %lld to %lld', 'seconds', 'seconds', '1', '86400'],
  ['clock.%s: expected a whole number of %s from %lld to %lld', 'days', 'days', '1', '30'],
  ['params: %s', "bad value '10' for max_turns: expected a whole number from 50 to 5000"],
  ["too many open tables (%d, the server's limit); try again when a game has ended", '500'],
  [
    "too many open tables from your address: %d of at most %d (the server's --address-tables); finish, resign or abort one of your games (GET /api/me lists them) or wait for a waiting table to expire",
    '8',
    '8',
  ],
  [
    'the server is nearly full (%d of its %d tables open) and your address holds %d of them: an address that holds some may hold at most 1 in %d of the free ones, and the last %d are kept for newcomers; finish, resign or abort one of your games (GET /api/me lists them) or try again later',
    '450',
    '500',
    '6',
    '8',
    '25',
  ],
  [
    'the server is nearly full (%d of its %d tables open) and the addresses of your network (%s) hold %d of them: one network may hold at most 1 in %d of the free ones; try again later',
    '450',
    '500',
    '203.0.113.0/24',
    '7',
    '8',
  ],
  [
    "too many tables with AI seats (easy, medium, hard) from your address: %d of at most %d (the server's --address-ai-tables); finish, resign or abort one first (GET /api/me lists yours)",
    '4',
    '4',
  ],
  [
    "too many tables created from your address: at most %d a minute (the server's --create-rate); try again in %.0f s",
    '6',
    '9',
  ],
  [
    "too many tables, variant records and accounts made from your address: at most %d a minute (the server's --create-rate); try again in %.0f s",
    '6',
    '9',
  ],
  [
    "too many variants from your address: its open tables play %d variants, the most one address may at once (the server's limit); play one of those or a built-in set, or finish a game that plays one first",
    '4',
  ],
  [
    'too many replays from your address: %d running or waiting, at most %d at once per address; wait for one to end',
    '2',
    '2',
  ],
  [
    "too many replays at once: %d running (the server's --threads) and %d waiting, the most it queues; try again in a moment",
    '4',
    '16',
  ],
  [
    "too many replays at once: %d running (the server's --threads), and this one waited %d s for its turn; try again in a moment",
    '4',
    '10',
  ],
  [
    'the game at table %s is not over: a %s everything hidden, so it is given only at the end',
    'abc123',
    'replay shows',
  ],
  ['broken JSON at line %d, column %d: %s', '1', '1', "'[' or '{' expected near 'hello'"],
  ['not a record quiver can replay: %s', "game: missing (expected the game's name)"],
  [
    "too many AI searches from your address: %d reviews being made and tables with AI seats, of at most %d (the server's --address-ai-tables); wait for a review to be made or a game to end",
    '4',
    '4',
  ],
  ["too many reviews being made (%d, the server's limit); try again in a minute", '32'],
  ['too many reviews being made; try again in a minute'],
  [
    'too many puzzle attempts %s: %d go on at once, then one every %d s; try again in %d s',
    'from your browser (its player key or session)',
    '6',
    '2',
    '3',
  ],
  ["at most %d reports an hour from one address; the site's moderators read every one", '10'],
  ['line: the table keeps no chat line %lld of %s', '12', 'p2'],
  [
    '%s: character U+%04X is not allowed (no control characters, tabs, line breaks or direction controls)',
    'reason',
    '000A',
  ],
  ['%s: empty; expected 1 to %d characters', 'name', '60'],
  ['username: %s', 'empty; expected 1 to 24 characters'],
  ['%s: %d characters; at most %d', 'username', '30', '24'],
  [
    'name: character U+%04X is not allowed: no format characters (direction marks, zero-width spaces and joiners, tags)',
    '200B',
  ],
  ['name: character U+%04X shows nothing; a name may not hold invisible fillers', '3164'],
  ['name: %d combining marks in a row; at most %d on one character', '3', '2'],
  ['name: no letter or digit; a name needs at least one'],
  ['username: %s', 'no letter or digit; a name needs at least one'],
  [
    "name: '%s' is a word the table shows for something else; a name may not be a seat (p1 to p%d), a level, spectator, chance or game",
    'easy',
    '5',
  ],
  [
    "name: '%s' is or looks like '%s', an account's username, and a guest may not play under an account's name (names look alike as Unicode's confusables say: UTS #39); choose another, or sign in as %s",
    'Ann1',
    'Annl',
    'Annl',
  ],
  ['your address (%s) is banned from this site by its operator%s%s', '203.0.113.5', '', ''],
  ['your address (%s) is banned from this site by its operator%s%s', '203.0.113.5', ': ', 'spam'],
  ['the server is stopping; try again in a moment'],
];

/** The same for the refusals of the pages about people (account, friends, challenges, tournaments). */
const PEOPLE_SAMPLES = [
  ['wrong username or password'],
  ['wrong username or recovery code (or a code used already)'],
  ["username: '%s' is taken (in some case); choose another", 'Ann'],
  [
    "username: '%s' looks like the username '%s' (their letters are confusable, as Unicode's confusables list them: UTS #39); choose another",
    'Ann1',
    'Annl',
  ],
  ['%s: not your current password', 'old'],
  ['%s: expected %d to %d characters (at most %d bytes), got %zu characters', 'password', '8', '256', '1024', '3'],
  ['%s: must not be the username', 'new'],
  ['%s: one of the most common passwords, the first ones tried against any account; choose another', 'password'],
  ['too many failed attempts to sign in from your address or to this account: try again in %ld s', '30'],
  ["no player '%s' (a player is an account's username)", 'Zed'],
  ['you cannot follow %s: you block them; unblock them on your account page first', 'Bob'],
  ['you cannot follow %s: they do not accept it', 'Bob'],
  ['username: you cannot challenge yourself'],
  ['you cannot challenge %s: you block them; unblock them on your account page first', 'Bob'],
  ['you cannot challenge %s: they do not accept games with you', 'Bob'],
  ['you have challenged %s already: wait for the answer, or cancel that challenge first', 'Bob'],
  ['you cannot join: %s', 'the tournament is over'],
  ['you cannot join: %s', 'a Swiss tournament takes no players once it began'],
  ['you cannot join: %s', 'the tournament is full'],
  ['you did not join this tournament'],
  ['the tournament is over: there is nothing to withdraw from'],
  ['you have %d tournaments not over already, the most there may be: cancel one or wait for one to end', '5'],
  ['clock: an arena\'s games need a clock of minutes: {"kind": "fischer", ...} or {"kind": "move", ...}'],
  ['clock: a tournament\'s games need a clock: "move", "fischer" or "days"'],
  ["this account is suspended by the site's operator%s%s", '', ''],
  ["this account is suspended by the site's operator%s%s", ': ', 'cheating'],
  ["sign in first: this needs an account's session (POST /api/session)"],
  ['password: at most %d bytes', '1024'],
  ['%s: at most %d bytes', 'old', '1024'],
  [
    'too many password requests from your address: one goes on every %d ms and at most %d wait their turn; try again in %d s',
    '200',
    '8',
    '2',
  ],
  [
    'too many passwords being checked: %d running and %d waiting, the most the server queues; try again in a second',
    '2',
    '64',
  ],
  [
    'too many passwords from your address being checked: %d, at most %d at once per address; wait for an answer before you send another',
    '2',
    '2',
  ],
  ['username: you cannot %s yourself', 'block'],
  ['username: you cannot %s yourself', 'follow'],
  ['you %s %d accounts already, the most there may be: %s first', 'block', '1000', 'unblock one'],
  ['you %s %d accounts already, the most there may be: %s first', 'follow', '1000', 'stop following one'],
  ["you do not %s '%s'", 'block', 'Bob'],
  ["you do not %s '%s'", 'follow', 'Bob'],
  [
    'you have %d challenges waiting for an answer, the most there may be: cancel one, or wait for its answer or its end',
    '20',
  ],
  [
    "too many %s from your account: at most %d a minute (the server's --create-rate); try again in %.0f s",
    'challenges',
    '6',
    '9',
  ],
  ["no challenge '%s' %s", 'abc123', 'from you'],
  ["no challenge '%s' %s", 'abc123', 'to you'],
  ["no challenge '%s' %s", 'abc123', 'of yours'],
  ['this challenge was accepted already: its table is %s', 'being made'],
  ['this challenge was accepted already: its table is %s', 'abc123'],
  ['this challenge is no longer open: it was %s', 'declined'],
  ['this challenge is no longer open: it was %s', 'cancelled'],
  ['this challenge is no longer open: it was %s', 'expired'],
  [
    'this challenge was taken over by another accept while this one made its table (which is not kept); GET /api/challenges says what it is now',
  ],
  ['%s: expected a whole number from %lld to %lld', 'minutes', '1', '720'],
  [
    "too many %s from your account: at most %d a minute (the server's --create-rate); try again in %.0f s",
    'tournaments',
    '6',
    '9',
  ],
  ["no tournament '%s'", 'abc123'],
  ['the tournament began already: it cannot be %s', 'started'],
  ['the tournament began already: it cannot be %s', 'cancelled'],
];

/** The server's C sources as one text, each string literal split over lines joined. */
function cSources() {
  let all = '';
  for (const f of fs.readdirSync(path.join(ROOT, 'src'), { recursive: true }).map(String))
    if (f.endsWith('.c')) all += fs.readFileSync(path.join(ROOT, 'src', f), 'utf8');
  return all.replace(/"\s*\n\s*"/g, '');
}

/**
 * A catalog's lookup, as i18n.js's t() (plural forms are not used by these messages).
 * @param {Record<string, unknown>} cat
 * @param {Set<string>} [used]
 */
function lookup(cat, used) {
  return (/** @type {string} */ key, /** @type {Record<string, string | number>} */ values = {}) => {
    used?.add(key);
    const msg = cat[key];
    assert.equal(typeof msg, 'string', `the catalog has ${key}`);
    return String(msg).replace(/\{(\w+)\}/g, (w, k) => (k in values ? String(values[k]) : w));
  };
}

/** @param {string[]} sample */
function said(sample) {
  const [format, ...values] = sample;
  let i = 0;
  return format.replace(/%(?:\.\d|0\d)?(?:ll|[lz])?[sdfuX]/g, () => values[i++]);
}

test('every sentence known is one the server makes', () => {
  const src = cSources();
  for (const [format] of [...SAMPLES, ...PEOPLE_SAMPLES]) {
    // a prefix ("cannot claim: ") is a literal of its own, put before the engine's sentence;
    // a quote is written \" in C
    const literal = /^cannot [^:]+: %s$/.test(format) ? `"${format.slice(0, -2)}"` : format.replace(/"/g, '\\"');
    assert.ok(src.includes(literal), `src/ has no sentence ${literal}: the page's pattern is stale`);
  }
});

/** The engine's words for a move that a takeback's refusal names, as takeback.c writes them. */
const MOVE_FORMATS = ["the chance outcome '%s'", 'a chance outcome', "your '%s'", "%s's '%s'", 'a move of %s'];

test('every move in words known is one the engine makes', () => {
  const src = fs.readFileSync(path.join(ROOT, 'src/engine/match/takeback.c'), 'utf8');
  for (const f of MOVE_FORMATS) assert.ok(src.includes(`"${f}"`), `takeback.c has no "${f}": the page's form is stale`);
});

test('a takeback refused names the moves in the page language, their notation kept', () => {
  const message = said([
    '%s after %s showed %s something that was hidden, and no undo crosses a reveal',
    "p2's 'uncover c5'",
    "your 'attack c3 c4'",
    'you',
  ]);
  const out = { es: translateServer(message, lookup(es)), ja: translateServer(message, lookup(ja)) };
  for (const text of Object.values(out)) {
    for (const kept of ["'uncover c5'", "'attack c3 c4'", 'p2'])
      assert.ok(text.includes(kept), `"${text}" keeps ${kept}`);
    assert.doesNotMatch(text, /your|showed|'s /, `"${text}" has no English words of the engine's`);
  }
  assert.equal(
    out.es,
    "'uncover c5' de p2, después de tu 'attack c3 c4', te mostró algo que estaba oculto, y no se deshace nada por encima de lo que se ha mostrado",
  );
});

test('the English catalog gives back the server’s sentence', () => {
  const used = new Set();
  for (const s of [...SAMPLES, ...PEOPLE_SAMPLES]) assert.equal(translateServer(said(s), lookup(en, used)), said(s));
  // every sentence of the catalog's server section (and the people pages' s- messages) is met by a sample
  const sentences = Object.keys(en).filter(
    (k) => (k.startsWith('server.') && !/^server\.(what|kind)-/.test(k)) || /^\w+\.s-/.test(k),
  );
  for (const k of sentences) assert.ok(used.has(k), `no sample of ${k}`);
});

for (const [lang, cat] of /** @type {const} */ ([
  ['es', es],
  ['ja', ja],
])) {
  test(`the sentences in ${lang}`, () => {
    for (const s of [...SAMPLES, ...PEOPLE_SAMPLES]) {
      const out = translateServer(said(s), lookup(cat));
      assert.notEqual(out, said(s), `"${said(s)}" is translated`);
      assert.doesNotMatch(out, /\{\w+\}/, `"${out}" has every place filled`);
      // a value of words is translated; one of punctuation alone (": " before a reason) is the sentence's
      for (const v of s.slice(1))
        if (!/[a-z]{3}/.test(v) && /\w/.test(v)) assert.ok(out.includes(v), `"${out}" keeps the value ${v}`);
    }
  });
}

test('a sentence of no known form is shown as the server said it', () => {
  const odd = 'something the page has never heard of';
  assert.equal(translateServer(odd, lookup(ja)), odd);
});
