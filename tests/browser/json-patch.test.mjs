// A replay's changes on their own (no browser): web/json-patch.js applies RFC 6902's `add`,
// `remove` and `replace` as the RFC's examples (appendix A) say, refuses an operation that does
// not apply with its path, never lets a key reach an object's prototype, and copies the values
// it puts in; web/replay-views.js gives every step's view of a long replay, in any order, each
// a new object, from its start's view and each step's changes (or a step's whole view).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyPatch, pointerTokens } from '../../web/json-patch.js';
import { ReplayViews, CHECKPOINT } from '../../web/replay-views.js';

/**
 * @param {unknown} doc
 * @param {any[]} ops
 */
const patched = (doc, ops) => applyPatch(structuredClone(doc), ops);

test("RFC 6902's examples of add, remove and replace", () => {
  // A.1 to A.5, A.10 (a nested value), A.16 (an array as a value)
  assert.deepEqual(patched({ foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }]), { foo: 'bar', baz: 'qux' });
  assert.deepEqual(patched({ foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }]), {
    foo: ['bar', 'qux', 'baz'],
  });
  assert.deepEqual(patched({ baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }]), { foo: 'bar' });
  assert.deepEqual(patched({ foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }]), {
    foo: ['bar', 'baz'],
  });
  assert.deepEqual(patched({ baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }]), {
    baz: 'boo',
    foo: 'bar',
  });
  assert.deepEqual(patched({ foo: 'bar' }, [{ op: 'add', path: '/child', value: { grandchild: {} } }]), {
    foo: 'bar',
    child: { grandchild: {} },
  });
  assert.deepEqual(patched({ foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }]), {
    foo: ['bar', ['abc', 'def']],
  });
  // the whole document, and RFC 6901's escapes and empty key
  assert.deepEqual(patched([1], [{ op: 'replace', path: '', value: { a: 1 } }]), { a: 1 });
  assert.deepEqual(pointerTokens('/a~1b/~0c/'), ['a/b', '~c', '']);
  assert.deepEqual(patched({ 'a/b': { '~c': 1 }, '': 0 }, [{ op: 'replace', path: '/a~1b/~0c', value: 2 }]), {
    'a/b': { '~c': 2 },
    '': 0,
  });
  // in order: each operation sees the document the ones before left
  assert.deepEqual(
    patched({ x: [1, 2, 3, 4] }, [
      { op: 'remove', path: '/x/3' },
      { op: 'remove', path: '/x/2' },
      { op: 'add', path: '/x/2', value: 9 },
    ]),
    { x: [1, 2, 9] },
  );
});

test('an operation that does not apply is refused, naming its path', () => {
  const doc = { a: { b: [1, 2] } };
  for (const [op, words] of /** @type {[any, RegExp][]} */ ([
    [{ op: 'remove', path: '/a/c' }, /\/a\/c: no member 'c'/],
    [{ op: 'replace', path: '/a/c', value: 1 }, /\/a\/c: no member 'c'/],
    [{ op: 'add', path: '/a/b/3', value: 1 }, /\/a\/b\/3: no element 3/],
    [{ op: 'replace', path: '/a/b/2', value: 1 }, /\/a\/b\/2: no element 2/],
    [{ op: 'remove', path: '/a/b/01' }, /'01' is not an array index/],
    [{ op: 'add', path: '/x/y', value: 1 }, /\/x\/y: no member 'x'/],
    [{ op: 'add', path: 'a', value: 1 }, /not a JSON Pointer/],
    [{ op: 'move', path: '/a', from: '/b' }, /not an add, remove or replace/],
    [{ op: 'add', path: '/z' }, /add without a value/],
    [{ op: 'remove', path: '' }, /cannot be removed/],
    [{ op: 'add', path: '/a/b/0/x', value: 1 }, /not inside an object or an array/],
  ])) {
    assert.throws(() => patched(doc, [op]), words, JSON.stringify(op));
  }
  assert.throws(() => applyPatch(doc, /** @type {any} */ ({})), /an array of operations/);
});

test("a key named __proto__ is the object's own, and a value put in is a copy", () => {
  const doc = /** @type {any} */ (patched({}, [{ op: 'add', path: '/__proto__', value: { polluted: true } }]));
  assert.equal(Object.getPrototypeOf(doc), Object.prototype);
  assert.deepEqual(Object.keys(doc), ['__proto__']);
  assert.equal(/** @type {any} */ ({}).polluted, undefined);
  assert.throws(() => patched({}, [{ op: 'replace', path: '/constructor', value: 1 }]), /no member/);
  const ops = [{ op: 'add', path: '/x', value: { n: [1] } }];
  const one = /** @type {any} */ (patched({}, ops));
  applyPatch(one, [{ op: 'add', path: '/x/n/1', value: 2 }]);
  assert.deepEqual(ops[0].value, { n: [1] }, 'the patch is as it came');
});

/**
 * A long replay: step k's view has k pieces on its board and says whose turn it is; each step
 * after 0 sends its changes, but step 50 sends its whole view (both forms are read).
 * @param {number} n
 */
function longReplay(n) {
  /** @param {number} k */
  const view = (k) => ({
    board: Array.from({ length: k }, (_, i) => ({ sq: `a${i}`, piece: i % 3 })),
    turn: k % 2 ? 'p2' : 'p1',
  });
  const steps = [{ who: null, action: null, automatic: false, view: view(0) }];
  for (let k = 1; k <= n; k++) {
    const changes = [
      { op: 'add', path: `/board/${k - 1}`, value: { sq: `a${k - 1}`, piece: (k - 1) % 3 } },
      { op: 'replace', path: '/turn', value: k % 2 ? 'p2' : 'p1' },
    ];
    steps.push(
      k === 50
        ? { who: 'p1', action: `place ${k}`, automatic: false, view: view(k) }
        : { who: 'p1', action: `place ${k}`, automatic: false, changes },
    );
  }
  return { steps: /** @type {any[]} */ (steps), view };
}

test('every step of a long replay, in any order, each view a new object', () => {
  const { steps, view } = longReplay(100);
  const views = new ReplayViews(steps);
  assert.ok(views.saved.length <= Math.ceil(101 / CHECKPOINT), 'a view kept every CHECKPOINT steps');
  for (const k of [0, 1, 100, 99, 15, 16, 17, 50, 51, 49, 3, 64, 63, 100, 0]) {
    assert.deepEqual(views.view(k), view(k), `step ${k}`);
    const { view: now, previous } = views.pair(k);
    assert.deepEqual(now, view(k));
    assert.deepEqual(previous, k ? view(k - 1) : null);
  }
  // a page that changes what it was given changes nothing of the replay
  const mine = /** @type {any} */ (views.view(40));
  mine.board.length = 0;
  mine.turn = 'nobody';
  assert.deepEqual(views.view(40), view(40));
  assert.deepEqual(views.view(41), view(41));
});

test('a replay whose changes do not apply is refused when read, naming the step', () => {
  const { steps } = longReplay(20);
  steps[7].changes = [{ op: 'remove', path: '/board/99' }];
  assert.throws(() => new ReplayViews(steps), /step 7 that do not apply: \/board\/99: no element 99/);
  const again = longReplay(3).steps;
  delete again[2].changes;
  assert.throws(() => new ReplayViews(again), /step 2 with neither a view nor its changes/);
});
