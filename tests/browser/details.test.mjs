// The detail sheet's reflowing of a reference text (details.js) on its own (no browser): a
// line the terminal's wrapping broke joins the one before, so that a narrow screen wraps it
// again; lines ended on purpose, columns and indentation stay; no word is lost.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reflow } from '../../web/details.js';

/** The words of a text, in order. */
const words = (/** @type {string} */ t) => t.split(/\s+/).filter(Boolean);

// `card saboteur-r` in the terminal (ConCardia wraps at 80 columns)
const SABOTEUR =
  "saboteur-r: Rock saboteur (on the board: 1R sab for p1, 2R sab for p2)\n  trait Rock (beats Scissors, loses to Paper) · Strength 1 · Defense 2\n  arrows N E W (on the board: p1 ↑→←, p2 ↓←→) · type Maker\n  Immediate - Cost X: Remove an opponent card in the Play Area whose Defense <=\n  Power.\n  cost: X = the target's Defense - 1 (at least 0), paid one unit at a time: a\n    card from hand or a Charge Counter; Power = X + 1 (the saboteur itself). The\n    saboteur is set aside while paying, then discarded\n  use: immediate saboteur-r <target's square>\n";
// `piece A` and `piece cover` (THREE ARROWS's texts are wrapped by hand, within 76 columns)
const ANGLE =
  'A: Angle, 3 in each holder at the start, 2 arrows\n    arrows: ahead, right\n    facing N: N E  ↑→                  facing E: E S  →↓\n    facing S: S W  ↓←                  facing W: W N  ←↑\n';
const COVER =
  'cover: 3 for each player (none in the tactical mode), placed with a piece\n    (place <piece> <sq> <facing> covered). The others see only "a covered piece\n    of pN" (1? on the board; its owner sees 1a, lower case): not its kind nor\n    its facing. A covered piece has no arrows at all (no placing from it, no\n    attack, nothing added to a defence) but holds its square and keeps a line\n    unbroken. Its owner uncovers it for free (uncover <sq>) in their turn\n    before the action, or as the defender of an attack; the cover is gone.\n    The Terminator cannot be covered.\n';

test('a wrapped paragraph becomes one line; separate facts stay separate', () => {
  const lines = reflow(SABOTEUR, 80);
  assert.deepEqual(
    lines.map((l) => [l.indent, l.text.split(' ').slice(0, 2).join(' ')]),
    [
      [0, 'saboteur-r: Rock'],
      [2, 'trait Rock'],
      [2, 'arrows N'],
      [2, 'Immediate -'],
      [2, 'cost: X'],
      [2, 'use: immediate'],
    ],
  );
  assert.match(lines[3].text, /whose Defense <= Power\.$/);
  assert.match(lines[4].text, /a card from hand .* then discarded$/);
  assert.deepEqual(words(lines.map((l) => l.text).join(' ')), words(SABOTEUR));
});

test('lines ended on purpose keep their columns', () => {
  const lines = reflow(ANGLE, 76);
  assert.equal(lines.length, ANGLE.trim().split('\n').length);
  assert.deepEqual(
    lines.map((l) => l.text),
    ANGLE.trim()
      .split('\n')
      .map((l) => l.trimStart()),
  );
  assert.equal(lines[2].indent, 4);
});

test('a hand-wrapped entry becomes one paragraph with every word', () => {
  const lines = reflow(COVER, 76);
  assert.equal(lines.length, 1);
  assert.deepEqual(words(lines[0].text), words(COVER));
});
