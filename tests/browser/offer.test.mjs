// The words of takebacks and rematches on their own (no browser): what became of a takeback
// request (taken back, declined, lapsed) for the asker, the one asked and the others, and of a
// draw offer (declined, lapsed); the spectators counted and whether Abort is still possible; the
// server's refusal of a takeback worded with the engine's reason, without its prefixes; the
// people's seats of a table (grammar.test.mjs: names joined for a sentence).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { offerOutcome } from '../../web/takeback.js';
import { refusal } from '../../web/refusal.js';
import { peopleSeats } from '../../web/rematch.js';
import { someoneYetToMove, watchingText } from '../../web/courtesy.js';

const name = (/** @type {string} */ seat) => (seat === 'p1' ? 'Ada (p1)' : seat === 'p2' ? 'Grace (p2)' : seat);
const offer = { kind: /** @type {'takeback'} */ ('takeback'), by: 'p1', to: 9, waiting: ['p2'] };

test('a takeback made: the log is shorter', () => {
  assert.equal(offerOutcome(offer, 'p1', name, 12, 9), 'Your last move was taken back.');
  assert.equal(offerOutcome(offer, 'p2', name, 12, 9), "Ada (p1)'s last move was taken back.");
  assert.equal(offerOutcome(offer, 'public', name, 12, 9), "Ada (p1)'s last move was taken back.");
});

test('a request lapsed: someone moved, the log is longer', () => {
  assert.equal(offerOutcome(offer, 'p1', name, 12, 13), 'Your takeback request lapsed: the game went on.');
  assert.equal(offerOutcome(offer, 'p2', name, 12, 14), 'The takeback request lapsed: the game went on.');
});

test('a request declined: the log is the same', () => {
  assert.equal(offerOutcome(offer, 'p1', name, 12, 12), 'Grace (p2) declined your takeback.');
  assert.equal(offerOutcome(offer, 'p2', name, 12, 12), 'You declined the takeback.');
  assert.equal(offerOutcome(offer, 'public', name, 12, 12), "Grace (p2) declined Ada (p1)'s takeback.");
  const two = { ...offer, waiting: ['p2', 'p3'] };
  assert.equal(offerOutcome(two, 'p1', name, 12, 12), 'A player declined your takeback.');
});

test("a refused takeback says the engine's reason once, without the server's prefixes", () => {
  const why =
    "p2's 'uncover c6' after your 'place Z b1 N' showed you something that was hidden, and no undo crosses a reveal";
  for (const prefix of ['cannot take back: ', 'cannot undo: ', 'cannot undo: cannot undo: ']) {
    const r = refusal(prefix + why);
    assert.equal(r.text, `Your move cannot be taken back: ${why}.`);
    assert.equal(r.stale, false);
  }
  assert.equal(refusal('cannot take back: nothing to undo.').text, 'Your move cannot be taken back: nothing to undo.');
  // a stale act is still said as one, and any other message as it is
  assert.equal(refusal('stale version 5: the table is at version 6').stale, true);
  assert.equal(
    refusal('cannot answer: there is no takeback request to answer').text,
    'cannot answer: there is no takeback request to answer',
  );
});

test("a table's people are its human seats", () => {
  const seats = [
    { seat: 'p1', kind: 'human', claimed: true, online: true },
    { seat: 'p2', kind: 'easy', claimed: true, online: true },
    { seat: 'p3', kind: 'human', claimed: true, online: false },
  ];
  const table = /** @type {import('../../web/types.js').TableInfo} */ (/** @type {unknown} */ ({ seats }));
  assert.deepEqual(peopleSeats(table), ['p1', 'p3']);
});

test('a draw offer declined or lapsed', () => {
  const draw = { ...offer, kind: /** @type {'draw'} */ ('draw') };
  assert.equal(offerOutcome(draw, 'p1', name, 12, 12), 'Grace (p2) declined your draw offer.');
  assert.equal(offerOutcome(draw, 'p2', name, 12, 12), 'You declined the draw offer.');
  assert.equal(offerOutcome(draw, 'public', name, 12, 12), "Grace (p2) declined Ada (p1)'s draw offer.");
  assert.equal(offerOutcome(draw, 'p1', name, 12, 13), 'Your draw offer lapsed: Grace (p2) moved.');
  assert.equal(offerOutcome(draw, 'public', name, 12, 13), 'The draw offer lapsed: the game went on.');
});

test('spectators in words, and whether a person has yet to move', () => {
  assert.equal(watchingText(0), '');
  assert.equal(watchingText(1), '1 spectator is watching.');
  assert.equal(watchingText(3), '3 spectators are watching.');
  const seats = [
    { seat: 'p1', kind: 'human', claimed: true, online: true },
    { seat: 'p2', kind: 'human', claimed: true, online: true },
    { seat: 'p3', kind: 'hard', claimed: true, online: true },
  ];
  const table = /** @type {import('../../web/types.js').TableInfo} */ (/** @type {unknown} */ ({ seats }));
  assert.equal(someoneYetToMove(table, [{ who: 'p1' }]), true);
  assert.equal(someoneYetToMove(table, [{ who: 'p1' }, { who: 'p3' }, { who: 'p2' }]), false);
  const gone = { ...table, seats: seats.map((s) => (s.seat === 'p2' ? { ...s, zombie: true } : s)) };
  assert.equal(someoneYetToMove(gone, [{ who: 'p1' }]), false, 'a seat the server plays does not count');
  // the server's own word wins over the log: a move made for a seat, or a secret pick
  const told = (/** @type {boolean} */ abortable) =>
    /** @type {import('../../web/types.js').TableInfo} */ (/** @type {unknown} */ ({ seats, abortable }));
  assert.equal(someoneYetToMove(told(true), [{ who: 'p1' }, { who: 'p3' }, { who: 'p2' }]), true);
  assert.equal(someoneYetToMove(told(false), [{ who: 'p1' }]), false);
});
