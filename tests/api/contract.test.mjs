// contract.test.mjs - checks docs/api/openapi.yaml against a running `quiver serve` (ctest's
// api/contract). Three checks:
//  - the description and the server's route table (`quiver serve --routes`, printed from
//    http.c's table as compiled) name the same routes, both ways, so a route added to the
//    server and not described (or described and gone) fails here;
//  - every case of contract-cases.mjs is sent to a server of its own (a fresh database on a
//    free port of 127.0.0.1), and its answer must have the case's status, a status the
//    description gives that operation, and a body valid against that answer's schema (ajv,
//    JSON Schema 2020-12, the description's own $refs); WebSocket frames are checked against
//    docs/api/frames.schema.json;
//  - every operation of the description has a case answered with success, and every one that
//    takes a body or a parameter a case of a refused input (4xx).
// Data-driven: a new route is a path in the YAML and its cases in contract-cases.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import Ajv2020 from 'ajv/dist/2020.js';
import { QUIVER, ROOT, startServer } from '../browser/support.mjs';
import { cases, setup } from './contract-cases.mjs';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'];
const spec = /** @type {any} */ (parseYaml(fs.readFileSync(path.join(ROOT, 'docs', 'api', 'openapi.yaml'), 'utf8')));
const frames = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs', 'api', 'frames.schema.json'), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(spec, 'openapi.yaml');
ajv.addSchema(frames, 'frames.json');

/** A JSON Pointer's escaping of one key. */
const esc = (/** @type {string} */ k) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** The object a local $ref names, and its pointer. */
function deref(/** @type {any} */ node, /** @type {string} */ at) {
  while (node && node.$ref) {
    at = node.$ref.slice(1);
    node = at
      .split('/')
      .slice(1)
      .reduce((o, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
  }
  return { node, at };
}

/** Every operation of the description: `METHOD /path` -> its route pattern and object. */
function operations() {
  const ops = new Map();
  for (const [p, item] of Object.entries(spec.paths))
    for (const m of METHODS)
      if (item[m]) {
        const route = item['x-quiver-route'] ?? p.replace(/\{[^}]+\}/g, '{}');
        ops.set(`${m.toUpperCase()} ${p}`, {
          route: `${m.toUpperCase()} ${route}`,
          op: item[m],
          at: `/paths/${esc(p)}/${m}`,
        });
      }
  return ops;
}
const ops = operations();

/** Compiled validators, by JSON Pointer into the description. */
const validators = new Map();
function validator(/** @type {string} */ ref) {
  if (!validators.has(ref)) validators.set(ref, ajv.compile({ $ref: ref }));
  return validators.get(ref);
}

/** Checks one answer against its operation's description of that status. */
function checkAnswer(/** @type {string} */ opKey, /** @type {{status: number, type: string, text: string}} */ res) {
  const { op, at } = ops.get(opKey);
  const described = op.responses[String(res.status)];
  assert.ok(
    described,
    `${opKey}: status ${res.status} is not described (described: ${Object.keys(op.responses).join(', ')}); body: ${res.text.slice(0, 300)}`,
  );
  const { node, at: rat } = deref(described, `${at}/responses/${res.status}`);
  if (!node.content || res.status === 304 || opKey.startsWith('HEAD ')) return;
  const type = res.type.split(';')[0].trim();
  const media = node.content[type] ? type : node.content['*/*'] ? '*/*' : null;
  assert.ok(
    media,
    `${opKey} ${res.status}: Content-Type ${type} is not described (${Object.keys(node.content).join(', ')})`,
  );
  const body = type === 'application/json' ? JSON.parse(res.text) : res.text;
  const validate = validator(`openapi.yaml#${rat}/content/${esc(media)}/schema`);
  assert.ok(
    validate(body),
    `${opKey} ${res.status}: the body does not match its schema: ${ajv.errorsText(validate.errors)}\nbody: ${res.text.slice(0, 600)}`,
  );
}

/** Checks a WebSocket frame against frames.schema.json's $defs/`def`. */
function checkFrame(/** @type {string} */ def, /** @type {unknown} */ frame) {
  const validate = validator(`frames.json#/$defs/${def}`);
  assert.ok(
    validate(frame),
    `a ${def} frame does not match frames.schema.json: ${ajv.errorsText(validate.errors)}\nframe: ${JSON.stringify(frame).slice(0, 600)}`,
  );
}

test('the description names every route of the server, and only those', () => {
  const server = execFileSync(QUIVER, ['serve', '--routes'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.replace(/\{[^}]+\}/g, '{}'));
  assert.ok(server.length > 10, `quiver serve --routes listed ${server.length} routes`);
  const described = new Set([...ops.values()].map((o) => o.route));
  const missing = server.filter((r) => !described.has(r));
  assert.deepEqual(
    missing,
    [],
    `routes the server answers that docs/api/openapi.yaml does not describe: ${missing.join('; ')}`,
  );
  const extra = [...described].filter((r) => !server.includes(r));
  assert.deepEqual(extra, [], `operations of docs/api/openapi.yaml the server has no route for: ${extra.join('; ')}`);
});

test('every operation has a case of success, and one of refused input where it takes input', () => {
  const problems = [];
  for (const [key, { op }] of ops) {
    const mine = cases.filter((c) => c.op === key);
    if (!mine.some((c) => c.status < 400)) problems.push(`${key}: no case of success`);
    const input =
      op.requestBody || (op.parameters ?? []).length || (spec.paths[key.split(' ')[1]].parameters ?? []).length;
    const refuses = Object.keys(op.responses).some((s) => s.startsWith('4'));
    if (input && refuses && !mine.some((c) => c.status >= 400 && c.status < 500))
      problems.push(`${key}: no case of refused input`);
  }
  for (const c of cases)
    if (!ops.has(c.op)) problems.push(`a case names '${c.op}', which the description does not have`);
  assert.deepEqual(problems, []);
});

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {any} */
const ctx = {};
before(async () => {
  server = await startServer({ extra: ['--review-iterations', '10'] });
  ctx.base = server.url;
  ctx.call = call;
  ctx.checkFrame = checkFrame;
  ctx.upgradeHeaders = upgradeHeaders;
  ctx.jars = {};
  await setup(ctx);
});
after(async () => {
  await server?.stop();
});

/** Each cookie jar's client address, 127.0.0.2 on (a request without one: 127.0.0.1), so
 * that the paces per address (docs/server/limits.md, "Limits and abuse") meet no case. */
const addresses = new Map();

/**
 * Sends one request as `as` (a cookie jar by name: its cookies sent, the answer's kept), from
 * the jar's own address.
 * @param {{method: string, path: string, as?: string, body?: unknown, raw?: string, headers?: Record<string, string>}} r
 * @returns {Promise<{status: number, type: string, text: string, json: any, headers: http.IncomingHttpHeaders}>}
 */
function call(r) {
  const jar = r.as ? (ctx.jars[r.as] ??= {}) : {};
  const url = new URL(r.path, ctx.base);
  const payload = r.raw ?? (r.body === undefined ? undefined : JSON.stringify(r.body));
  const headers = {
    ...(payload === undefined
      ? {}
      : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) }),
    ...(r.headers ?? {}),
  };
  if (r.as && !addresses.has(r.as)) addresses.set(r.as, `127.0.0.${addresses.size + 2}`);
  const localAddress = r.as ? addresses.get(r.as) : '127.0.0.1';
  const cookie = Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  if (cookie) headers.Cookie = cookie;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: r.method,
        headers,
        localAddress,
        agent: false,
      },
      (res) => {
        for (const c of res.headers['set-cookie'] ?? []) {
          const [kv] = c.split(';');
          const [k, v] = kv.split('=');
          if (/Max-Age=0/.test(c)) delete jar[k];
          else jar[k] = v;
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON: json stays null */
          }
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            text,
            json,
            headers: res.headers,
          });
        });
      },
    );
    req.on('upgrade', (res, socket) => {
      resolve({ status: res.statusCode ?? 0, type: '', text: '', json: null, headers: res.headers, socket });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** The headers of a WebSocket upgrade (RFC 6455 4.1). */
function upgradeHeaders() {
  return {
    Connection: 'Upgrade',
    Upgrade: 'websocket',
    'Sec-WebSocket-Version': '13',
    'Sec-WebSocket-Key': crypto.randomBytes(16).toString('base64'),
  };
}

for (const c of cases)
  test(`${c.op}: ${c.title}`, async () => {
    const r = await c.req(ctx);
    const res = await call({ method: c.op.split(' ')[0], ...r });
    assert.equal(
      res.status,
      c.status,
      `${c.op} (${r.path}): expected ${c.status}, got ${res.status}: ${res.text.slice(0, 300)}`,
    );
    checkAnswer(c.op, res);
    if (c.then) await c.then(ctx, res);
  });
