// The action a premove's words stand for at the turn (premove.js's actionOf), in node: the
// action itself as typed, or the one action made of exactly the words clicks give (the verb the
// turn leaves no choice of added, in any order), never a longer form of it, and none where the
// same words make two actions or none.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Picker } from '../../web/picker.js';
import { actionOf } from '../../web/premove.js';
import { wordKinds } from '../../web/games/three-arrows.js';

// a THREE ARROWS first turn (its shape: every action a placement, each with its longer forms)
const FIRST = ['A', 'T'].flatMap((p) =>
  ['b1', 'c1'].flatMap((sq) =>
    ['N', 'E'].flatMap((f) =>
      ['', ' covered', ' shielded', ' covered shielded'].map((x) => `place ${p} ${sq} ${f}${x}`),
    ),
  ),
);
const picker = (/** @type {string[]} */ legal) => new Picker(legal, wordKinds);

test('the notation clicks make: piece, square and facing stand for the placement', () => {
  assert.equal(actionOf(picker(FIRST), 'A c1 N'), 'place A c1 N');
  assert.equal(actionOf(picker(FIRST), 'c1 A N'), 'place A c1 N', 'in the order clicked');
  assert.equal(actionOf(picker(FIRST), 'T b1 E shielded covered'), 'place T b1 E covered shielded');
  assert.equal(actionOf(picker(FIRST), 'place a c1 n'), 'place A c1 N', 'typed, case aside');
});

test('words that make no action, or two, stand for none', () => {
  assert.equal(actionOf(picker(FIRST), 'A c1'), null, 'the facing missing');
  assert.equal(actionOf(picker(FIRST), 'A d1 N'), null, 'a square not legal');
  assert.equal(actionOf(picker(FIRST), ''), null);
  const attacks = picker(['attack c1 c2', 'attack c2 c1', 'place A b2 N']);
  assert.equal(actionOf(attacks, 'c1 c2'), null, 'the same words in two orders');
  assert.equal(actionOf(attacks, 'attack c2 c1'), 'attack c2 c1', 'the action itself');
});
