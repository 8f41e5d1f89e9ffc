// Lists of people in a sentence on their own (no browser, web/grammar.js): names joined with
// commas and "and", and the verb after them agreeing with one name or several; the invite
// page's sentence (web/invite.js), which names the game, who invites and the seat.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { andList, withVerb } from '../../web/grammar.js';
import { invitation } from '../../web/invite.js';

test('names joined for a sentence', () => {
  assert.equal(andList([]), '');
  assert.equal(andList(['Ann (p1)']), 'Ann (p1)');
  assert.equal(andList(['Ann (p1)', 'Bob (p2)']), 'Ann (p1) and Bob (p2)');
  assert.equal(andList(['Ann', 'Bob', 'Cy']), 'Ann, Bob and Cy');
  assert.equal(andList(['Ann', 'Bob', 'Cy', 'Dee']), 'Ann, Bob, Cy and Dee');
});

test('the verb agrees with one name or several', () => {
  assert.equal(withVerb(['Ann (p1)'], 'wants', 'want'), 'Ann (p1) wants');
  assert.equal(withVerb(['Ann (p1)', 'Bob (p2)'], 'wants', 'want'), 'Ann (p1) and Bob (p2) want');
  assert.equal(withVerb(['Ann', 'Bob', 'Cy'], 'wants', 'want'), 'Ann, Bob and Cy want');
  assert.equal(withVerb(['Ann', 'Bob', 'Cy', 'Dee'], 'chooses', 'choose'), 'Ann, Bob, Cy and Dee choose');
});

test('an invitation names the game, who invites and the seat', () => {
  /** @param {any[]} seats @param {any} [clock] */
  const table = (seats, clock) =>
    /** @type {import('../../web/types.js').TableInfo} */ ({
      id: 't',
      game: 'concardia',
      title: 'ConCardia',
      params: {},
      seats,
      status: 'waiting',
      v: 0,
      private: true,
      result: null,
      clock,
    });
  const ann = { seat: 'p1', kind: 'human', claimed: true, online: true, name: 'Ann' };
  const p2 = { seat: 'p2', kind: 'human', claimed: false, online: false, name: 'p2' };
  const bob = { seat: 'p3', kind: 'human', claimed: true, online: false, name: 'Bob' };
  const ai = { seat: 'p3', kind: 'medium', claimed: true, online: true, name: 'medium' };
  assert.deepEqual(invitation(table([ann, p2]), 'p2'), { title: 'Ann invites you to play ConCardia as p2', clock: '' });
  assert.equal(invitation(table([ann, p2, bob]), 'p2').title, 'Ann and Bob invite you to play ConCardia as p2');
  assert.equal(
    invitation(table([ann, p2, ai]), 'p2').title,
    'Ann invites you to play ConCardia as p2',
    'not the computer',
  );
  assert.equal(
    invitation(table([{ ...ann, claimed: false, name: 'p1' }, p2]), 'p2').title,
    'You are invited to play ConCardia as p2',
  );
  assert.equal(invitation(table([{ ...ann, name: 'p1' }, p2]), 'p2').title, 'p1 invites you to play ConCardia as p2');
  const clock = { kind: 'fischer', base: 300, increment: 3, left: {}, running: [], now: 0 };
  assert.equal(invitation(table([ann, p2], clock), 'p2').clock, 'Clock: 5 min + 3 s per move');
});
