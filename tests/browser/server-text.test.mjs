// The server's refusals in the page's language on their own (no browser, web/server-text.js):
// each sentence the play page can be told is written here as the server's C source writes it
// (its format, checked to be in src/, and values for its %s), and must come back unchanged
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
  return format.replace(/%(?:\.\d)?[lz]?[sdfu]/g, () => values[i++]);
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
      for (const v of s.slice(1)) if (!/[a-z]{3}/.test(v)) assert.ok(out.includes(v), `"${out}" keeps the value ${v}`);
    }
  });
}

test('a sentence of no known form is shown as the server said it', () => {
  const odd = 'something the page has never heard of';
  assert.equal(translateServer(odd, lookup(ja)), odd);
});
