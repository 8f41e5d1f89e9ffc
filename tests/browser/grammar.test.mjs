// Lists of people in a sentence on their own (no browser, web/grammar.js): names joined with
// commas and "and", and the verb after them agreeing with one name or several.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { andList, withVerb } from '../../web/grammar.js';

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
