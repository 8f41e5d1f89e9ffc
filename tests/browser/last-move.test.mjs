// The last move's highlight and the last chance event (web/last-move.js) on their own (no
// browser), from logs worded as the server words them: an Evons turn of several actions ending
// in `end`, the viewer's own move, and the chance events of the games in words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastChance, lastMoveWords } from '../../web/last-move.js';

/** @param {string} who @param {string} text */
const e = (who, text) => ({ who, text });

const EVONS = [
  e('p1', 'keep'),
  e('p2', 'keep'),
  e('chance', 'coin p2'),
  e('chance', 'p2 goes first: no credits and no draw on this turn'),
  e('p2', 'cover ? c5'),
  e('p2', 'end'),
  e('game', 'p1 draws storm-coil (no credits on a first turn)'),
];

test("the opponent's whole turn is the last move, not only its final end (F10)", () => {
  const words = lastMoveWords(EVONS, 'p1');
  assert.ok(words.includes('c5'), `c5 is marked: ${words}`);
  const more = [
    ...EVONS,
    e('p1', 'play tide-sprite b2'),
    e('game', 'p1 pays 2 credits'),
    e('p1', 'end'),
    e('game', 'p2 draws a card'),
    e('p2', 'play cinder-pup a1'),
    e('p2', 'ability N'),
    e('game', "p2's cinder-pup moves p1's tide-sprite from b2 to b3"),
    e('p2', 'end'),
  ];
  const seen = lastMoveWords(more, 'p1');
  for (const sq of ['a1', 'b2', 'b3']) assert.ok(seen.includes(sq), `${sq} is marked: ${seen}`);
  assert.ok(!seen.includes('c5'), 'not what came before my own turn');
  // my own move, once made, is the last move: the whole turn
  const mine = lastMoveWords(more.slice(0, 10), 'p1');
  assert.ok(mine.includes('b2'), `my own turn is marked: ${mine}`);
  assert.ok(!mine.includes('c5'));
  // a spectator sees the last mover's whole turn, with the rules' lines between its actions
  const watched = lastMoveWords(more, 'public');
  for (const sq of ['a1', 'b3']) assert.ok(watched.includes(sq), `${sq} is marked for a spectator: ${watched}`);
  assert.ok(!watched.includes('c5'));
});

test('a chance event is told in the engine’s words, with how many moves ago', () => {
  assert.deepEqual(lastChance(EVONS, 'p1'), { text: 'p2 goes first: no credits and no draw on this turn', since: 2 });
  assert.equal(lastChance(EVONS, 'p2'), null, 'stale for p2, who has decided since');
  assert.equal(lastChance(EVONS, 'public', ['p1', 'p2'])?.since, 2, 'not yet stale for a spectator');
  assert.equal(lastChance([...EVONS, e('p1', 'play tide-sprite b2')], 'p1'), null, 'stale once p1 decides (F10)');
  assert.equal(
    lastChance([...EVONS, e('p1', 'end')], 'public', ['p1', 'p2']),
    null,
    'stale for a spectator once every seat has decided',
  );
  assert.equal(lastChance(EVONS.slice(0, 2), 'p1'), null, 'no chance event yet');
  const die = [
    e('p1', 'attack c3 c4'),
    e('p2', 'defend'),
    e('chance', 'die 0'),
    e('game', 'attack 3 + 0 = 3 against defence 3'),
    e('game', 'a draw: nothing is captured'),
  ];
  assert.deepEqual(lastChance(die, 'p2'), {
    text: 'the die showed 0: attack 3 + 0 = 3 against defence 3; a draw: nothing is captured',
    since: 0,
  });
  const walk = [
    e('chance', 'land 0'),
    e('chance', "p1's 2b lands upright: p1 may go N S"),
    e('p1', 'go N'),
    e('chance', 'roll 1'),
    e('chance', 'p1 rolls 1 on a d6: 1 step'),
    e('game', 'p1 walks to c4'),
  ];
  assert.equal(lastChance(walk, 'p1')?.text, 'p1 rolls 1 on a d6: 1 step');
  assert.equal(lastChance(walk.slice(0, 3), 'p2')?.text, "p1's 2b lands upright: p1 may go N S");
  assert.equal(lastChance(walk.slice(0, 3), 'p2')?.since, 1);
  assert.equal(lastChance(walk.slice(0, 3), 'p1'), null, 'p1 has gone since its landing');
});
