// The app's speed and size (docs/history/benchmarks-8.md, "The app"; `make bench-app`): the same C
// (bench/app_bench.c) built natively and as WebAssembly, the WebAssembly one run in headless
// chromium in a Web Worker as the app runs its engine, side by side in one run, A B A B for
// each game: random playouts per second, MCTS iterations per second at the opening and at a
// mid-game position, and the time of one decision of `hard` in the browser (its budget is
// 1.6 s); then the app's size, every file of build/web whole and gzipped.
//
//   node bench/app_speed.mjs NATIVE_APP_BENCH WASM_DIR APP_DIR [--seconds S] [--rounds N] [--check]
//
// --check fails (exit 1) when a ratio is under 0.5, `hard` takes longer than its budget plus a
// tenth of a second, or the app is over 1.5 MB gzipped.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const [native, wasmDir, appDir] = args;
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const SECONDS = opt('--seconds', 1);
const ROUNDS = opt('--rounds', 2);
const CHECK = args.includes('--check');
const GAMES = ['three-arrows', 'concardia', 'evons', 'arrow-party'];
const HARD_BUDGET = 1.6;
const SIZE_MAX = 1.5 * 1024 * 1024;
if (!native || !wasmDir || !appDir) {
  console.error(
    'usage: node bench/app_speed.mjs NATIVE_APP_BENCH WASM_DIR APP_DIR [--seconds S] [--rounds N] [--check]',
  );
  process.exit(2);
}

// the native side: one request a line, one answer a line
const proc = spawn(native, [], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = createInterface({ input: proc.stdout })[Symbol.asyncIterator]();
const runNative = async (req) => {
  proc.stdin.write(JSON.stringify(req) + '\n');
  return JSON.parse((await lines.next()).value);
};

// the browser's side: the module in a Web Worker of a page served on 127.0.0.1
const WORKER = `import factory from './app-bench.js';
const mod = await factory();
self.onmessage = (ev) => {
  const text = ev.data, n = mod.lengthBytesUTF8(text) + 1, p = mod._malloc(n);
  mod.stringToUTF8(text, p, n);
  const answer = mod.UTF8ToString(mod._qv_app_bench(p));
  mod._free(p);
  self.postMessage(answer);
};
self.postMessage('ready');`;
const PAGE = `<!doctype html><script type="module">
const w = new Worker('worker.js', { type: 'module' });
let resolve;
window.ready = new Promise((r) => (resolve = r));
w.onmessage = (ev) => resolve(ev.data);
window.run = (req) => new Promise((r) => { resolve = r; w.postMessage(JSON.stringify(req)); });
</script>`;
const server = http.createServer((req, res) => {
  const p = new URL(req.url, 'http://x').pathname;
  if (p === '/' || p === '/index.html') return res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE);
  if (p === '/worker.js') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(WORKER);
  const file = path.join(wasmDir, path.basename(p));
  if (!['/app-bench.js', '/app-bench.wasm'].includes(p) || !fs.existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': p.endsWith('.wasm') ? 'application/wasm' : 'text/javascript' });
  res.end(fs.readFileSync(file));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const browser = await chromium.launch({
  executablePath: process.env.QV_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.evaluate(() => window.ready);
const runWasm = async (req) => JSON.parse(await page.evaluate((r) => window.run(r), req));

/** The median of an array of numbers. */
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const fmt = (x) => (x >= 100 ? Math.round(x).toLocaleString('en') : x.toFixed(2));

const failures = [];
const rows = [];
for (const game of GAMES) {
  const req = { game, seconds: SECONDS };
  const n = [];
  const w = [];
  for (let r = 0; r < ROUNDS; r++) {
    n.push(await runNative(req));
    w.push(await runWasm(req));
  }
  const row = { game };
  for (const k of ['playouts', 'opening', 'midgame']) {
    const a = median(n.map((x) => x[k]));
    const b = median(w.map((x) => x[k]));
    row[k] = { native: a, wasm: b, ratio: b / a };
    if (b / a < 0.5) failures.push(`${game} ${k}: ${(b / a).toFixed(2)}x the native build`);
  }
  row.hard = Math.max(...w.flatMap((x) => x.hard));
  if (row.hard > HARD_BUDGET + 0.1) failures.push(`${game}: hard took ${row.hard.toFixed(2)} s`);
  rows.push(row);
}
proc.stdin.end();
await browser.close();
server.close();

console.log(
  '| game | playouts/s native | in chromium | ratio | MCTS it/s opening native | in chromium | ratio | mid-game native | in chromium | ratio | hard in chromium |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  const c = (k) => `${fmt(r[k].native)} | ${fmt(r[k].wasm)} | ${r[k].ratio.toFixed(2)}x`;
  console.log(`| ${r.game} | ${c('playouts')} | ${c('opening')} | ${c('midgame')} | ${r.hard.toFixed(2)} s |`);
}

// the app's size: every file, whole and gzipped (-9), and the engine's part
let raw = 0;
let gz = 0;
let engine = 0;
for (const f of fs.readdirSync(appDir, { recursive: true }).map(String)) {
  const p = path.join(appDir, f);
  if (!fs.statSync(p).isFile()) continue;
  const data = fs.readFileSync(p);
  const z = gzipSync(data, { level: 9 }).length;
  raw += data.length;
  gz += z;
  if (f.startsWith('engine/quiver-engine')) engine += z;
}
const kib = (x) => `${(x / 1024).toFixed(0)} KiB`;
console.log(`\nthe app (${appDir}): ${kib(raw)}, ${kib(gz)} gzipped, of which the engine ${kib(engine)}`);
if (gz > SIZE_MAX) failures.push(`the app is ${kib(gz)} gzipped, over 1.5 MB`);
for (const f of failures) console.log(`FAIL ${f}`);
process.exit(CHECK && failures.length ? 1 : 0);
