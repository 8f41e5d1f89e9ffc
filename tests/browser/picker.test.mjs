// The legal-action picker on its own (no browser): narrowing by chosen words in any order,
// the words that come next, automatic choice of a word every action shares, complete actions,
// taking choices back, and completion of typed text.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Picker, clickWord, match, words } from '../../web/picker.js';
import { wordKinds as arrowPartyKinds } from '../../web/games/arrow-party.js';
import { wordKinds as threeArrowsKinds } from '../../web/games/three-arrows.js';

const TA = [
  'bonus 2',
  'place A b2 N',
  'place A b2 N covered',
  'place A b2 E',
  'place Y b2 N',
  'place Y b2 N covered',
  'place Y b2 N shielded',
  'place Y b2 N covered shielded',
  'place Y c3 S',
  'attack c1 c2',
  'attack c1 d2',
  'attack d1 c2',
];

test('words are matched in order when they can be, else anywhere', () => {
  assert.deepEqual(match(words('attack c1 c2'), ['c1', 'c2']), [1, 2]);
  assert.deepEqual(match(words('attack c1 c2'), ['c2', 'c1']), [2, 1]);
  assert.equal(match(words('attack c1 c2'), ['c3']), null);
  assert.deepEqual(match(words('mulligan a a b'), ['a', 'a']), [1, 2]);
  assert.equal(match(words('mulligan a b'), ['a', 'a']), null);
});

test('a square chosen first narrows to what names it; the next words are offered', () => {
  const p = new Picker(TA);
  assert.deepEqual(p.chosen, []);
  assert.deepEqual(
    p.options().next.map((n) => n.word),
    ['bonus', 'place', 'attack'],
  );
  assert.ok(p.choose('b2'));
  // every action with b2 is a placement: "place" is no choice and is taken at once
  assert.deepEqual(p.chosen, ['b2', 'place']);
  const o = p.options();
  assert.equal(o.complete, null);
  assert.deepEqual(
    o.next.map((n) => n.word),
    ['A', 'Y'],
  );
  assert.ok(p.choose('Y'));
  assert.deepEqual(p.chosen, ['b2', 'place', 'Y', 'N'], 'Y on b2 has one facing: chosen at once');
  const o2 = p.options();
  assert.equal(o2.complete, 'place Y b2 N');
  assert.deepEqual(
    o2.next.map((n) => n.word),
    ['covered', 'shielded'],
  );
  assert.ok(p.choose('shielded'));
  assert.equal(p.options().complete, 'place Y b2 N shielded');
  assert.equal(p.options().remaining, 2, 'with or without a cover');
  assert.deepEqual(
    p.options().next.map((n) => n.word),
    ['covered'],
  );
  assert.ok(p.choose('covered'));
  assert.equal(p.options().complete, 'place Y b2 N covered shielded');
  assert.equal(p.options().remaining, 1);
});

test('a word that fits nothing is refused and changes nothing', () => {
  const p = new Picker(TA);
  p.choose('b2');
  const before = [...p.chosen];
  assert.equal(p.choose('d1'), false);
  assert.deepEqual(p.chosen, before);
});

test('two squares in either order pick the attack; targets are the words still open', () => {
  const p = new Picker(TA);
  assert.ok(p.choose('c1'));
  assert.deepEqual(p.chosen, ['c1', 'attack']);
  assert.deepEqual([...p.options().targets].sort(), ['c2', 'd2']);
  assert.ok(p.choose('d2'));
  assert.equal(p.options().complete, 'attack c1 d2');
  const q = new Picker(TA);
  assert.ok(q.choose('d2'));
  assert.equal(q.options().complete, 'attack c1 d2', 'd2 alone names one action');
});

test('back takes a choice back with what was chosen automatically after it', () => {
  const p = new Picker(TA);
  p.choose('b2');
  p.choose('Y');
  p.back();
  assert.deepEqual(p.chosen, ['b2', 'place']);
  p.back();
  assert.deepEqual(p.chosen, []);
  p.choose('c3');
  p.clear();
  assert.deepEqual(p.chosen, []);
});

test('a single verb is chosen at once; an empty list offers nothing', () => {
  const p = new Picker(['start striker-r', 'start scout-p']);
  assert.deepEqual(p.chosen, ['start']);
  assert.deepEqual(
    p.options().next.map((n) => n.word),
    ['striker-r', 'scout-p'],
  );
  const none = new Picker([]);
  assert.deepEqual(none.options(), {
    complete: null,
    next: [],
    targets: new Set(),
    squares: new Set(),
    things: new Set(),
    remaining: 0,
  });
});

test('typed text is completed as far as the legal actions agree', () => {
  const p = new Picker(TA);
  assert.equal(p.complete('pl'), 'place ');
  assert.equal(p.complete('place y b2 n c'), 'place Y b2 N covered');
  assert.equal(p.complete('att'), 'attack ');
  assert.equal(p.complete('attack c1 c'), 'attack c1 c2');
  assert.equal(p.complete('zzz'), 'zzz');
  assert.deepEqual(p.completions('ATTACK C1'), ['attack c1 c2', 'attack c1 d2']);
});

test('a click matches only words of its kind: square d4 never picks the die d4 (F11)', () => {
  const AP = ['use dice d4', 'use dice d8', 'use x2', 'ready'];
  const p = new Picker(AP, arrowPartyKinds);
  const o = p.options();
  assert.deepEqual([...o.squares], [], 'no square of the area is a choice');
  assert.ok(o.things.has('d4') && o.things.has('d8'), 'the dice items are');
  assert.equal(p.choose('d4', 'square'), false, 'a click on the square picks nothing');
  assert.deepEqual(p.chosen, []);
  assert.equal(clickWord(p, 'd4', 'square'), null);
  const r = clickWord(p, 'd4', 'word');
  assert.ok(r && r.chose, 'a click on the die item picks it');
  assert.equal(r.picker.options().complete, 'use dice d4');
  assert.deepEqual([...r.picker.chosenByKind().squares], [], 'and marks no square as chosen');
  assert.ok(r.picker.chosenByKind().things.has('d4'));
  // a word button (no kind) still picks the word wherever it stands
  const q = new Picker(AP, arrowPartyKinds);
  assert.ok(q.choose('d8'));
  assert.equal(q.options().complete, 'use dice d8');
});

test('squares and other words are told apart by the game notation', () => {
  const p = new Picker(TA, threeArrowsKinds);
  assert.ok(p.options().squares.has('b2') && !p.options().things.has('b2'));
  assert.ok(p.options().things.has('A') && !p.options().squares.has('A'));
  assert.ok(p.choose('c1', 'square'));
  assert.deepEqual([...p.options().squares].sort(), ['c2', 'd2']);
  assert.equal(p.choose('Y', 'square'), false, 'a piece word is no square');
  assert.deepEqual(
    p.options().next.map((n) => n.kind),
    ['square', 'square'],
  );
});
