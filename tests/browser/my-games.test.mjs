// What the lobby and games.html signal of the tables in GET /api/me (web/my-games.js's
// WaitingSignal), on their own (no browser): a table that starts waiting for me after the first
// look rings (the first look only badges), a table that waited for its players tells when it
// begins, and a days clock under 12 hours tells once a turn; a per-move clock never does.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WaitingSignal } from '../../web/my-games.js';

/** A TurnSignal that records what it was asked. */
function recorder() {
  return {
    /** @type {string[]} */
    said: [],
    /** @param {boolean} mine @param {string} where */
    set(mine, where) {
      this.said.push(`set ${mine} ${where}`);
    },
    /** @param {string} title @param {string} body */
    tell(title, body) {
      this.said.push(`tell ${title}: ${body}`);
    },
  };
}

/**
 * A row of GET /api/me.
 * @param {Partial<import('../../web/api.js').MyTable>} o
 * @returns {import('../../web/api.js').MyTable}
 */
function table(o) {
  return {
    id: 't1',
    game: 'three-arrows',
    title: 'THREE ARROWS',
    seat: 'p1',
    status: 'playing',
    my_turn: false,
    left_ms: null,
    clock: null,
    abortable: false,
    people: [
      { seat: 'p1', name: 'Ann', kind: 'human' },
      { seat: 'p2', name: 'Bob', kind: 'human' },
    ],
    result: null,
    finished: null,
    ...o,
  };
}

test('a turn after the first look rings; the first look only badges', () => {
  const r = recorder();
  const w = new WaitingSignal(/** @type {any} */ (r));
  w.update([table({ my_turn: true })]);
  assert.deepEqual(r.said, ['set true '], 'the first look: the badge, no news');
  w.update([table({ my_turn: false })]);
  w.update([table({ my_turn: true })]);
  assert.deepEqual(r.said.slice(-2), ['set false ', 'set true THREE ARROWS with you and Bob']);
});

test('a table that waited for its players tells when it begins', () => {
  const r = recorder();
  const w = new WaitingSignal(/** @type {any} */ (r));
  w.update([table({ status: 'waiting' })]);
  w.update([table({ status: 'playing' })]);
  assert.ok(r.said.includes('tell Your game begins: THREE ARROWS with you and Bob'), r.said.join('\n'));
});

test('a days clock under 12 hours tells once a turn; a move clock never', () => {
  const r = recorder();
  const w = new WaitingSignal(/** @type {any} */ (r));
  const low = table({ my_turn: true, clock: 'days', left_ms: 11 * 3600e3 });
  w.update([low]);
  w.update([low]);
  assert.equal(r.said.filter((s) => s.startsWith('tell Less than 12 hours')).length, 1, r.said.join('\n'));
  w.update([table({ my_turn: false, clock: 'days', left_ms: 86400e3 })]);
  w.update([low]);
  assert.equal(r.said.filter((s) => s.startsWith('tell Less than 12 hours')).length, 2, 'again on the next turn');
  w.update([table({ id: 't2', my_turn: true, clock: 'move', left_ms: 10e3 })]);
  w.update([table({ id: 't3', my_turn: true, clock: 'days', left_ms: 13 * 3600e3 })]);
  assert.equal(r.said.filter((s) => s.startsWith('tell Less than 12 hours')).length, 2);
});
