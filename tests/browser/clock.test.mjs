// The clock's arithmetic on its own (no browser): times in words (m:ss, tenths under 10 s,
// h:mm:ss, days), the settings in words, low time, the count-down between frames corrected for
// the offset between the server's clock and the page's (a frame that arrives late gives no
// time back), away times in words, and the rule a player's name is checked by before it is kept.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Clocks, clockText, clockName, lowTime } from '../../web/clock.js';
import { awayText, claimAt } from '../../web/people.js';
import { nameProblem } from '../../web/names.js';

test('times read m:ss, with tenths under 10 s, h:mm:ss past an hour, days past a day', () => {
  assert.equal(clockText(0), '0:00.0');
  assert.equal(clockText(-5), '0:00.0');
  assert.equal(clockText(9999), '0:09.9');
  assert.equal(clockText(10000), '0:10');
  assert.equal(clockText(61500), '1:01');
  assert.equal(clockText(59 * 60000 + 59999), '59:59');
  assert.equal(clockText(3600000), '1:00:00');
  assert.equal(clockText(3723000), '1:02:03');
  assert.equal(clockText(86400000 * 2 + 3600000 * 4 + 5000), '2 d 4 h');
});

test('a clock in words', () => {
  assert.equal(clockName({ kind: 'move', seconds: 30 }), '30 s per move');
  assert.equal(clockName({ kind: 'move', seconds: 120 }), '2 min per move');
  assert.equal(clockName({ kind: 'fischer', base: 300, increment: 3 }), '5 min + 3 s per move');
  assert.equal(clockName({ kind: 'fischer', base: 3600, increment: 30 }), '1 h + 30 s per move');
  assert.equal(clockName({ kind: 'days', days: 1 }), '1 day per move');
  assert.equal(clockName({ kind: 'days', days: 3 }), '3 days per move');
  assert.equal(clockName({ kind: 'none' }), 'no clock');
});

test('low time: under 10 s, or under a tenth of a per-move time', () => {
  const move = { kind: /** @type {'move'} */ ('move'), seconds: 300, left: {}, running: [], now: 0 };
  assert.equal(lowTime(move, 29000), true);
  assert.equal(lowTime(move, 31000), false);
  const fischer = {
    kind: /** @type {'fischer'} */ ('fischer'),
    base: 300,
    increment: 2,
    left: {},
    running: [],
    now: 0,
  };
  assert.equal(lowTime(fischer, 9000), true);
  assert.equal(lowTime(fischer, 29000), false);
  const days = { kind: /** @type {'days'} */ ('days'), days: 1, left: {}, running: [], now: 0 };
  assert.equal(lowTime(days, 2 * 3600000), true);
  assert.equal(lowTime(days, 3 * 3600000), false);
});

test("a running clock counts down from the server's time, not the page's", () => {
  const c = new Clocks();
  // the page's clock is 5 s behind the server's; the frame took 40 ms to come
  const skew = 5000;
  const base = { kind: /** @type {'move'} */ ('move'), seconds: 60, running: ['p1'] };
  c.update({ ...base, left: { p1: 60000, p2: 60000 }, now: 1_000_000 }, 1_000_000 - skew + 40);
  assert.equal(c.on, true);
  // one frame cannot tell its time on the way from the offset: it counts from its arrival
  assert.equal(c.left('p1', 1_000_000 - skew + 40), 60000);
  assert.equal(c.left('p1', 1_000_000 - skew + 1040), 59000, "the page's 5 s behind do not count");
  assert.equal(c.left('p2', 1_000_000 - skew + 1040), 60000, 'a clock that does not run stands');
  assert.equal(c.left('p3'), null, 'a seat without a clock');
  // a later frame that took 2 s to arrive: the fastest frame's offset is kept, so its 2 s on the
  // way (less the first frame's 40 ms) are counted and it gives no time back
  c.update({ ...base, left: { p1: 50000, p2: 60000 }, now: 1_010_000 }, 1_010_000 - skew + 2000);
  assert.equal(c.left('p1', 1_010_000 - skew + 2000), 48040);
  // never below zero
  assert.equal(c.left('p1', 1_010_000 - skew + 90000), 0);
  c.update({ kind: 'none', left: {}, running: [], now: 1_020_000 }, 1_020_000 - skew);
  assert.equal(c.on, false);
  assert.equal(c.left('p1'), null);
});

test("when the server takes a claim: the later of away and to move, plus the table's limit", () => {
  const seat = { seat: 'p2', kind: 'human', claimed: true, online: false };
  assert.equal(claimAt({ ...seat, away_since: 5000, turn_since: 2000 }, 3), 8000);
  assert.equal(claimAt({ ...seat, away_since: 5000, turn_since: 9000 }, 3), 12000);
  assert.equal(claimAt({ ...seat, away_since: 5000, turn_since: 2000 }, null), 305000, "the server's default");
  assert.equal(claimAt({ ...seat, away_since: null, turn_since: 2000 }, 3), null, 'online');
  assert.equal(claimAt({ ...seat, away_since: 5000, turn_since: null }, 3), null, 'not to move');
});

test('away times in words', () => {
  assert.equal(awayText(12500), '12 s');
  assert.equal(awayText(125000), '2 min');
  assert.equal(awayText(3900000), '1 h 5 min');
  assert.equal(awayText(7200000), '2 h');
  assert.equal(awayText(3 * 86400000), '3 d');
});

test("a name: the server's rule", () => {
  assert.equal(nameProblem('  Alex  '), '');
  assert.equal(nameProblem('Zoë Ωmega'), '');
  assert.equal(nameProblem('x'.repeat(24)), '');
  assert.equal(nameProblem('a\u0301\u0301'), '');
  assert.equal(nameProblem('p6'), '');
  assert.equal(nameProblem('\u{1F642} Ann'), '');
  assert.match(nameProblem('   '), /1 to 24/);
  assert.match(nameProblem('x'.repeat(25)), /at most 24/);
  assert.match(nameProblem('a\u0007b'), /control/);
  assert.match(nameProblem('a\nb'), /control/);
  for (const c of ['\u200b', '\u200f', '\u061c', '\u2060', '\u{E0041}', '\u{E0000}'])
    assert.match(nameProblem(`Ann${c}x`), /format characters/);
  assert.match(nameProblem('\u3164'), /show nothing/);
  assert.match(nameProblem('A\u2800'), /show nothing/);
  assert.match(nameProblem('a\u0301\u0301\u0301'), /at most 2/);
  assert.match(nameProblem('!!!'), /letter or digit/);
  for (const w of ['p2', 'P5', 'Hard', 'spectator', 'CHANCE', 'game', 'beginner'])
    assert.match(nameProblem(w), /choose another name/);
});
