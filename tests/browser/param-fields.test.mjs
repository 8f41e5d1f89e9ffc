// The create form's fields, made from each parameter's kind and bounds (no reading of English
// text): first on parameters written here, then on every parameter of every game as a real
// `quiver serve` describes it in GET /api/games, whose defaults, typed as the page sends them,
// make a table whose info gives them back. It runs in node, without a browser.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, budget } from './support.mjs';
import { fieldShape, typedValue } from '../../web/param-fields.js';

/**
 * @param {string} key
 * @param {any} rest
 * @returns {import('../../web/param-fields.js').ParamDef}
 */
const def = (key, rest) => ({ key, default: '', allowed: 'words for people', ...rest });

test('each kind makes its field', () => {
  assert.deepEqual(fieldShape(def('players', { kind: 'integer', min: 2, max: 4, step: 1 })), {
    kind: 'choice',
    values: ['2', '3', '4'],
  });
  assert.deepEqual(fieldShape(def('rounds', { kind: 'integer', min: 2, max: 10, step: 2 })), {
    kind: 'choice',
    values: ['2', '4', '6', '8', '10'],
  });
  assert.deepEqual(
    fieldShape(def('n', { kind: 'integer', min: 1, max: 6, step: 1 })),
    { kind: 'choice', values: ['1', '2', '3', '4', '5', '6'] },
    'six values are still buttons',
  );
  assert.deepEqual(
    fieldShape(def('n', { kind: 'integer', min: 1, max: 7, step: 1 })),
    { kind: 'number', min: 1, max: 7, step: 1 },
    'seven make a number box',
  );
  assert.deepEqual(
    fieldShape(def('stars', { kind: 'integer', min: 0, max: 40, step: 1, choices: ['auto'] })),
    { kind: 'text', suggestions: ['auto'] },
    'a number or a name: text, the name suggested',
  );
  assert.deepEqual(fieldShape(def('time', { kind: 'real', min: 0, max: 300 })), {
    kind: 'number',
    min: 0,
    max: 300,
    step: 'any',
  });
  assert.deepEqual(fieldShape(def('shuffle', { kind: 'boolean' })), { kind: 'choice', values: ['true', 'false'] });
  assert.deepEqual(fieldShape(def('mode', { kind: 'choice', choices: ['standard', 'tactical'] })), {
    kind: 'choice',
    values: ['standard', 'tactical'],
  });
  assert.deepEqual(fieldShape(def('deck1', { kind: 'text', choices: ['blaze', 'bedrock'] })), {
    kind: 'text',
    suggestions: ['blaze', 'bedrock'],
  });
  assert.deepEqual(
    fieldShape(def('ground', { kind: 'text', allowed: 'random, or 2, 3 or 4' })),
    { kind: 'text', suggestions: [] },
    'the allowed words are not read',
  );
});

test('values are typed by their kind, as records type them', () => {
  const int = def('size', { kind: 'integer', min: 6, max: 8, step: 1 });
  assert.equal(typedValue(int, '7'), 7);
  assert.equal(typedValue(int, 'auto'), 'auto');
  assert.equal(typedValue(int, ''), '');
  assert.equal(typedValue(def('c', { kind: 'real', min: 0, max: 1 }), '0.25'), 0.25);
  assert.equal(typedValue(def('shuffle', { kind: 'boolean' }), 'false'), false);
  assert.equal(typedValue(def('shuffle', { kind: 'boolean' }), 'maybe'), 'maybe');
  assert.equal(typedValue(def('mode', { kind: 'choice', choices: ['1', '2'] }), '1'), '1');
  assert.equal(typedValue(def('deck1', { kind: 'text' }), '12'), '12');
});

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

/**
 * @param {string} method
 * @param {string} p
 * @param {unknown} [body]
 */
async function api(method, p, body) {
  const r = await fetch(server.url.replace(/\/$/, '') + p, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(budget(5000)),
  });
  return { status: r.status, body: await r.json() };
}

test('every parameter of every game gets a field that holds its default', { timeout: budget(20000) }, async () => {
  const { body } = await api('GET', '/api/games');
  assert.equal(body.games.length, 4);
  /** @type {Record<string, Record<string, any>>} */
  const shapes = {};
  for (const g of body.games) {
    shapes[g.name] = {};
    /** @type {Record<string, string | number | boolean>} */
    const params = {};
    for (const p of g.params) {
      const shape = fieldShape(p);
      shapes[g.name][p.key] = shape;
      if (shape.kind === 'choice')
        assert.ok(shape.values.includes(p.default), `${g.name} ${p.key}: default among the buttons`);
      if (shape.kind === 'number') {
        assert.ok(
          Number(p.default) >= shape.min && Number(p.default) <= shape.max,
          `${g.name} ${p.key}: default in the box's range`,
        );
      }
      params[p.key] = typedValue(p, p.default);
    }
    // the defaults, typed as the page sends them, come back as the table's parameters
    const made = await api('POST', '/api/tables', { game: g.name, params, private: true });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.deepEqual(made.body.params, params);
  }
  assert.deepEqual(shapes['three-arrows'].players, { kind: 'choice', values: ['2', '3', '4'] });
  assert.deepEqual(shapes['three-arrows'].mode, { kind: 'choice', values: ['standard', 'tactical'] });
  assert.deepEqual(shapes['arrow-party'].rounds, { kind: 'choice', values: ['2', '4', '6', '8', '10'] });
  assert.deepEqual(shapes['arrow-party'].size, { kind: 'number', min: 9, max: 26, step: 1 });
  assert.deepEqual(shapes['arrow-party'].stars, { kind: 'text', suggestions: ['auto'] });
  assert.deepEqual(shapes.evons.deck1, { kind: 'text', suggestions: ['blaze', 'bedrock'] });
  assert.deepEqual(shapes.concardia.shuffle, { kind: 'choice', values: ['true', 'false'] });
  assert.deepEqual(shapes.concardia.max_turns, { kind: 'number', min: 20, max: 5000, step: 1 });
});

test('a value of the wrong kind is refused, naming the key and the form', { timeout: budget(10000) }, async () => {
  const bad = await api('POST', '/api/tables', { game: 'three-arrows', params: { size: true } });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error, 'params.size: expected 6, 7 or 8, not true/false');
  const out = await api('POST', '/api/tables', { game: 'arrow-party', params: { rounds: 5 } });
  assert.equal(out.status, 400);
  assert.equal(out.body.error, "params: bad value '5' for rounds: expected 2, 4, 6, 8 or 10");
});
