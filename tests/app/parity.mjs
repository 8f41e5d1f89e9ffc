// The same rules everywhere (docs/architecture.md, "The app"): the parity driver
// (tests/app/parity.c) built natively and as WebAssembly plays the same seeded games of every
// game and mode, and every position's text (the full state, whose turn, every viewer's view
// with the legal actions and their previews, the narrated log, the action, the result and the
// record) must have the same SHA-256 in both, and every lesson's whole check must hold in both
// with the same page. On a difference, the first position that differs is shown from both.
//
//   node tests/app/parity.mjs NATIVE_DRIVER WASM_PARITY_JS PROJECT_DIR
//
// Exits 77 (skipped) when the WebAssembly module is missing (`make web` builds it).

import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [native, wasmJs, root] = process.argv.slice(2);
if (!native || !wasmJs || !root) {
  console.error('usage: parity.mjs NATIVE_DRIVER WASM_PARITY_JS PROJECT_DIR');
  process.exit(2);
}
if (!existsSync(wasmJs)) {
  console.log(`skipped: no ${wasmJs} (make web builds the WebAssembly modules)`);
  process.exit(77);
}

/** Actions played per configuration: several whole games of each. */
const ACTIONS = Number(process.env.QV_PARITY_ACTIONS ?? 2000);

/** @param {string} file */
const variant = (file) => JSON.parse(readFileSync(join(root, 'examples/variants', file), 'utf8'));

// Every game and mode: THREE ARROWS in both modes with 2 to 4 players and every size, each
// pair of starter decks of ConCardia and Evons, Arrow Party with 3 to 5 players and a short
// one, and each game with its example variant.
const configs = [
  { game: 'three-arrows', params: { players: 2, mode: 'standard' } },
  { game: 'three-arrows', params: { players: 3, size: 7, mode: 'tactical' } },
  { game: 'three-arrows', params: { players: 4, size: 8, mode: 'standard' } },
  { game: 'three-arrows', params: { players: 2, size: 6, mode: 'tactical' } },
  { game: 'three-arrows', params: {}, variant: variant('three-arrows-another-arrow.json') },
  { game: 'concardia', params: { deck1: 'expedition', deck2: 'foundry' } },
  { game: 'concardia', params: { deck1: 'foundry', deck2: 'foundry' } },
  { game: 'concardia', params: {}, variant: variant('concardia-weaker-card.json') },
  { game: 'evons', params: { deck1: 'blaze', deck2: 'bedrock' } },
  { game: 'evons', params: { deck1: 'bedrock', deck2: 'bedrock' } },
  { game: 'evons', params: {}, variant: variant('evons-smaller-deck.json') },
  { game: 'arrow-party', params: { players: 3 } },
  { game: 'arrow-party', params: { players: 4, size: 9, rounds: 2 } },
  { game: 'arrow-party', params: { players: 5 } },
  { game: 'arrow-party', params: { players: 4 }, variant: variant('arrow-party-more-items.json') },
];

// The native driver: one request a line, one answer a line.
const proc = spawn(native, [], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = createInterface({ input: proc.stdout })[Symbol.asyncIterator]();
/** @param {object} req */
async function runNative(req) {
  proc.stdin.write(JSON.stringify(req) + '\n');
  const { value, done } = await lines.next();
  if (done) throw new Error('the native driver stopped');
  return JSON.parse(value);
}

// The WebAssembly driver, its module given its bytes (no fetch of a file path).
const factory = (await import(pathToFileURL(wasmJs).href)).default;
const mod = await factory({ wasmBinary: readFileSync(wasmJs.replace(/\.cjs$/, '.wasm')) });
/** @param {object} req */
function runWasm(req) {
  const text = JSON.stringify(req);
  const n = mod.lengthBytesUTF8(text) + 1;
  const p = mod._malloc(n);
  mod.stringToUTF8(text, p, n);
  const answer = mod.UTF8ToString(mod._qv_parity_run(p));
  mod._free(p);
  return JSON.parse(answer);
}

let failures = 0;
let positions = 0;
for (const [i, c] of configs.entries()) {
  const req = { ...c, seed: String(6600 + i), actions: ACTIONS, variant: c.variant ?? null };
  const label = `${c.game} ${JSON.stringify(c.params)}${c.variant ? ' (variant)' : ''}`;
  // the native driver works in its process while the WebAssembly one runs here
  const native = runNative(req);
  const b = runWasm(req);
  const a = await native;
  if (a.error || b.error) {
    console.log(`FAIL ${label}: native ${a.error ?? 'ok'}, wasm ${b.error ?? 'ok'}`);
    failures++;
    continue;
  }
  positions += a.steps.length;
  if (a.digest === b.digest && a.steps.length === b.steps.length) {
    console.log(`ok   ${label}: ${a.games} games, ${a.actions} actions, ${a.steps.length} positions`);
    continue;
  }
  failures++;
  const k = a.steps.findIndex((h, j) => h !== b.steps[j]);
  const at = k < 0 ? Math.min(a.steps.length, b.steps.length) : k;
  const [ta, tb] = [(await runNative({ ...req, dump: at })).text, runWasm({ ...req, dump: at }).text];
  const la = ta.split('\n');
  const lb = tb.split('\n');
  const d = la.findIndex((l, j) => l !== lb[j]);
  console.log(`FAIL ${label}: position ${at} differs, line ${d + 1}:`);
  console.log(`  native: ${String(la[d]).slice(0, 400)}`);
  console.log(`  wasm:   ${String(lb[d]).slice(0, 400)}`);
}

// Every lesson of every game: its whole check holds in both builds, with the same page.
let lessons = 0;
for (const game of readdirSync(join(root, 'tutorials'))) {
  const dir = join(root, 'tutorials', game);
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const req = { lesson: readFileSync(join(dir, file), 'utf8'), name: file.replace(/\.json$/, '') };
    const [a, b] = [await runNative(req), runWasm(req)];
    lessons++;
    if (a.ok !== true || b.ok !== true || a.page !== b.page || !a.page) {
      failures++;
      console.log(`FAIL lesson ${game}/${file}: native ${JSON.stringify(a)}, wasm ${JSON.stringify(b)}`);
    }
  }
}
proc.stdin.end();
console.log(`${configs.length} configurations (${positions} positions), ${lessons} lessons: ${failures} failed`);
process.exit(failures ? 1 : 0);
