// The one load generator of the side-by-side benchmark (bench/peer_bench.sh, `make
// bench-serve`): it drives either `quiver serve` (THREE ARROWS, two open human seats) or the
// boardgame.io 0.50.2 peer of server.mjs (the game of game.mjs) with the same tables, clients and
// think time, from outside, over HTTP and WebSocket only (quiver's API of docs/server.md;
// boardgame.io's lobby API and its socket.io protocol, spoken with the socket.io client that
// boardgame.io's own client uses), so that it runs against any core of either server.
//
// It is written in Node, not in C beside bench/serve_load.c, because boardgame.io speaks
// socket.io (Engine.IO framing, namespaces, acknowledgements, pings) and the only faithful
// client of it is socket.io's own; one generator in one language drives both servers the same
// way. The client's costs are not measured: only the server process's CPU (utime + stime of
// /proc/PID/stat, all its threads) and memory (VmRSS).
//
// The run: the server is started on 127.0.0.1 (a free port, a temporary database for quiver),
// its RSS read once it listens; TABLES tables are created, both seats of each joined and
// connected, and each table plays 4 moves at once (no think); once every table has, the RSS is
// read again: (RSS after - RSS before) / TABLES is the memory of one idle table. Then every
// seat to move acts after a think time (uniform in 0.5 to 1.5 times THINK) with a random legal
// move for SECONDS seconds, a finished table replaced by a new one; the CPU the server spent in
// that window divided by the moves it answered is its CPU per move, and the time from an act to
// the actor's update that answers it gives p50 and p99. It prints one line of JSON and stops
// the server; it stops by itself after SECONDS plus the set-up (bounded by --limit).
//
// With --spectators K (quiver only), every table is also watched by K sockets that say hello
// without a token and read every frame (not parsed): the "10,000 sockets said hello"
// beside the tables that play. The line then says how many were watching.
//
// With --callgrind FILE (quiver only), the server runs under valgrind's callgrind, its counters
// zeroed when the window starts and dumped (FILE.1) when it ends, and the line adds
// instructions_per_move: the instructions of all the server's threads in the window divided by
// its moves. The kernel's CPU and the load of the machine do not move it, so two builds compare
// on a loaded machine; everything is some 50 times slower, so use few tables (20) and allow the
// set-up its time (the first moves may take minutes).
//
//   node bench/peer/load.mjs --server quiver --quiver build/quiver [--tables N] [--think MS]
//                             [--seconds S] [--limit S] [--spectators K] [--callgrind FILE]
//   node bench/peer/load.mjs --server bgio [same options]
import { spawn, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { legal } from './game.mjs';

const require = createRequire(import.meta.url);
const WebSocket = require('ws');
const { io } = require('socket.io-client');

/** @param {string} name @param {string} fallback */
function arg(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}
const kind = arg('--server', '');
const quiver = arg('--quiver', 'build/quiver');
const ntables = Number(arg('--tables', '200'));
const think = Number(arg('--think', '500'));
const seconds = Number(arg('--seconds', '30'));
const limit = Number(arg('--limit', String(seconds + 120 * (arg('--callgrind', '') ? 10 : 1))));
const nspect = Number(arg('--spectators', '0'));
const callgrind = arg('--callgrind', '');
/** How long the set-up may take: callgrind makes the server some 50 times slower. */
const slow = callgrind ? 10 : 1;
if (
  !['quiver', 'bgio'].includes(kind) ||
  !(ntables >= 1 && ntables <= 5000) ||
  !(nspect >= 0 && nspect <= 50) ||
  (nspect > 0 && kind !== 'quiver') ||
  (callgrind !== '' && kind !== 'quiver')
) {
  process.stderr.write(
    'usage: node bench/peer/load.mjs --server quiver|bgio [--quiver PATH] [--tables 1..5000]' +
      ' [--think MS] [--seconds S] [--limit S] [--spectators 0..50, quiver only]' +
      ' [--callgrind FILE, quiver only]\n',
  );
  process.exit(2);
}
/** Moves each table plays before the memory is read (the "4 moves"). */
const FIRST_MOVES = 4;
const here = dirname(fileURLToPath(import.meta.url));
const ticks = 100; // USER_HZ on Linux: /proc/PID/stat counts CPU time in 1/100 s.

/** @param {string} text */
function fail(text) {
  process.stderr.write(`load.mjs: ${text}\n`);
  stop();
  process.exit(1);
}

/** @type {import('node:child_process').ChildProcess | null} */
let child = null;
let dir = '';
function stop() {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
}
setTimeout(() => fail(`still running after --limit ${limit} s`), limit * 1000).unref();

/** The server's CPU seconds (all threads) and RSS in KiB, from /proc. */
function usage() {
  const pid = /** @type {number} */ (child?.pid);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const user = Number(fields[11]) / ticks;
  const cpu = user + Number(fields[12]) / ticks;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s*(\d+)/.exec(status)?.[1]);
  return { cpu, user, rss };
}

/** The options of `quiver serve` that lift its per-address limits for one address's load,
 * only those its --help names (a core without one of them does not get it). */
function quiverOptions() {
  const help = execFileSync(quiver, ['serve', '--help'], { encoding: 'utf8' });
  const sockets = String((2 + nspect) * ntables + 100);
  /** @type {[string, string][]} */
  const wanted = [
    ['--max-sockets', sockets],
    ['--max-sockets-per-address', sockets],
    ['--max-connections-per-address', sockets],
    ['--max-tables', '100000'],
    ['--create-rate', '1000000'],
    ['--address-tables', '1000000'],
  ];
  return wanted.filter(([o]) => help.includes(o)).flat();
}

/** Starts the server and resolves to its base URL once it prints `serving URL/`. */
function start() {
  if (kind === 'quiver') {
    dir = mkdtempSync(join(tmpdir(), 'qvpeer'));
    const opts = ['serve', '--port', '0', '--db', join(dir, 'q.db'), ...quiverOptions()];
    child = callgrind
      ? // the tunable set, as `quiver serve` would set it by running itself again, which
        // valgrind cannot follow
        spawn('valgrind', ['--tool=callgrind', `--callgrind-out-file=${callgrind}`, quiver, ...opts], {
          stdio: ['ignore', 'pipe', 'inherit'],
          env: { ...process.env, GLIBC_TUNABLES: 'glibc.malloc.tcache_count=0' },
        })
      : spawn(quiver, opts, { stdio: ['ignore', 'pipe', 'inherit'] });
  } else {
    child = spawn(process.execPath, [join(here, 'server.mjs')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) fail(`the server stopped (${code ?? signal})`);
  });
  return new Promise((resolve) => {
    let out = '';
    child?.stdout?.on('data', (/** @type {Buffer} */ b) => {
      out += b.toString();
      const m = /serving (http:\/\/[^ \n]*?)\/?\n/.exec(out);
      if (m) resolve(m[1]);
    });
  });
}
let stopping = false;

/** @param {string} url @param {unknown} body */
async function post(url, body) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  if (!r.ok) fail(`POST ${url}: ${r.status} ${text}`);
  return JSON.parse(text);
}

/** What both kinds of seat report to the run. */
const run = {
  phase: 'warm', // 'warm': the first moves, 'load': the timed window, 'done'
  moves: 0, // moves answered in the timed window
  first: 0, // tables that have played their first moves
  lat: /** @type {number[]} */ ([]),
  games: 0,
  errors: 0,
  watching: 0, // spectators that got their snapshot
  frames: 0, // frames the spectators read
};

/**
 * One seat: `send()` sends a random legal move; `onState()` is called by the transport with
 * whether it is this seat's turn, the state's version and whether the game is over.
 */
class Seat {
  /** @param {Table} table */
  constructor(table) {
    this.table = table;
    this.version = -1;
    this.sentAt = 0;
    this.sentVersion = -1;
    this.myTurn = false;
    /** @type {NodeJS.Timeout | null} */
    this.timer = null;
  }
  /** @param {boolean} myTurn @param {number} version @param {boolean} over */
  onState(myTurn, version, over) {
    if (version < this.version) return;
    this.version = version;
    this.myTurn = myTurn && !over;
    if (this.sentAt && version > this.sentVersion) {
      if (run.phase === 'load') {
        run.lat.push(performance.now() - this.sentAt);
        run.moves++;
      }
      this.sentAt = 0;
      this.table.moved();
    }
    if (over) this.table.over();
    else this.schedule();
  }
  schedule() {
    if (!this.myTurn || this.sentAt || this.timer || this.table.closed) return;
    if (run.phase === 'warm' && this.table.played >= FIRST_MOVES) return;
    const wait = run.phase === 'warm' ? 0 : think * (0.5 + Math.random());
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.myTurn || this.sentAt || this.table.closed) return;
      if (run.phase === 'warm' && this.table.played >= FIRST_MOVES) return;
      this.sentAt = performance.now();
      this.sentVersion = this.version;
      this.send();
    }, wait);
  }
  send() {}
  close() {
    if (this.timer) clearTimeout(this.timer);
  }
}

/** A seat of `quiver serve`: hello with its token, then `act` frames; `update` answers. */
class QuiverSeat extends Seat {
  /** @param {Table} table @param {string} base @param {string} id @param {string} token */
  constructor(table, base, id, token) {
    super(table);
    /** @type {string[]} */
    this.legal = [];
    this.ws = new WebSocket(`${base.replace('http', 'ws')}/api/tables/${id}/ws`);
    this.ws.on('open', () => this.ws.send(JSON.stringify({ type: 'hello', token })));
    this.ws.on('message', (/** @type {Buffer} */ data) => {
      const f = JSON.parse(data.toString());
      if (f.type === 'error') {
        run.errors++;
        if (run.errors <= 3) process.stderr.write(`load.mjs: quiver error: ${f.message ?? JSON.stringify(f)}\n`);
        this.sentAt = 0;
        this.schedule();
        return;
      }
      if (f.type !== 'snapshot' && f.type !== 'update') return;
      this.legal = f.view?.legal ?? [];
      this.onState(this.legal.length > 0, f.v, f.table?.status === 'over');
    });
    this.ws.on('error', (/** @type {Error} */ e) => fail(`quiver socket: ${e.message}`));
  }
  send() {
    const action = this.legal[Math.floor(Math.random() * this.legal.length)];
    this.ws.send(JSON.stringify({ type: 'act', v: this.version, action }));
  }
  close() {
    super.close();
    this.ws.close();
  }
}

/** A spectator of a quiver table: hello without a token, then every frame read and counted. */
class QuiverSpectator {
  /** @param {string} base @param {string} id */
  constructor(base, id) {
    this.seen = false;
    this.ws = new WebSocket(`${base.replace('http', 'ws')}/api/tables/${id}/ws`);
    this.ws.on('open', () => this.ws.send(JSON.stringify({ type: 'hello', token: null })));
    this.ws.on('message', () => {
      if (!this.seen) run.watching++;
      this.seen = true;
      run.frames++;
    });
    this.ws.on('error', (/** @type {Error} */ e) => fail(`quiver spectator: ${e.message}`));
  }
  close() {
    this.ws.close();
  }
}

/** A seat of the boardgame.io peer: `sync` once connected, then `update` with a MAKE_MOVE. */
class BgioSeat extends Seat {
  /**
   * @param {Table} table @param {string} base @param {string} id @param {string} player
   * @param {string} credentials
   */
  constructor(table, base, id, player, credentials) {
    super(table);
    this.id = id;
    this.player = player;
    this.credentials = credentials;
    /** @type {any} */
    this.state = null;
    this.socket = io(`${base}/arrows`, { transports: ['websocket'], forceNew: true });
    this.socket.on('connect', () => this.socket.emit('sync', id, player, credentials, 2));
    this.socket.on('connect_error', (/** @type {Error} */ e) => fail(`bgio socket: ${e.message}`));
    const take = (/** @type {any} */ state) => {
      if (!state) return;
      this.state = state;
      const ctx = state.ctx;
      this.onState(ctx.currentPlayer === player, state._stateID, ctx.gameover !== undefined && ctx.gameover !== null);
    };
    this.socket.on('sync', (/** @type {string} */ _m, /** @type {any} */ info) => take(info.state));
    this.socket.on('update', (/** @type {string} */ _m, /** @type {any} */ state) => take(state));
  }
  send() {
    const moves = legal(this.state.G, this.player);
    const [cell, k, f] = moves[Math.floor(Math.random() * moves.length)];
    const action = {
      type: 'MAKE_MOVE',
      payload: { type: 'place', args: [cell, k, f], playerID: this.player, credentials: this.credentials },
    };
    this.socket.emit('update', action, this.state._stateID, this.id, this.player);
  }
  close() {
    super.close();
    this.socket.close();
  }
}

/** A table: created, both seats joined and connected; replaced when its game ends. */
class Table {
  /** @param {string} base */
  constructor(base) {
    this.base = base;
    this.played = 0;
    this.closed = false;
    /** @type {Seat[]} */
    this.seats = [];
    /** @type {QuiverSpectator[]} */
    this.watchers = [];
  }
  /** Joins both seats, then connects them: a seat connected before the other is taken would
   * see a table still waiting for players. */
  async open() {
    const b = this.base;
    if (kind === 'quiver') {
      const { id } = await post(`${b}/api/tables`, { game: 'three-arrows', seats: ['human', 'human'] });
      const tokens = [];
      for (const seat of ['p1', 'p2']) tokens.push((await post(`${b}/api/tables/${id}/join`, { seat })).token);
      for (const token of tokens) this.seats.push(new QuiverSeat(this, b, id, token));
      for (let k = 0; k < nspect; k++) this.watchers.push(new QuiverSpectator(b, id));
    } else {
      const { matchID } = await post(`${b}/games/arrows/create`, { numPlayers: 2 });
      const credentials = [];
      for (const player of ['0', '1']) {
        const body = { playerID: player, playerName: `p${player}` };
        credentials.push((await post(`${b}/games/arrows/${matchID}/join`, body)).playerCredentials);
      }
      ['0', '1'].forEach((player, k) => this.seats.push(new BgioSeat(this, b, matchID, player, credentials[k])));
    }
  }
  moved() {
    this.played++;
    if (run.phase === 'warm' && this.played === FIRST_MOVES) run.first++;
    for (const s of this.seats) s.schedule();
  }
  over() {
    if (this.closed) return;
    this.closed = true;
    if (run.phase === 'warm' && this.played < FIRST_MOVES) run.first++;
    for (const s of this.seats) s.close();
    for (const w of this.watchers) w.close();
    if (run.phase !== 'load') return;
    run.games++;
    const next = new Table(this.base);
    next.played = FIRST_MOVES;
    next.open().catch((e) => fail(String(e)));
  }
}

/** Resolves once `test()` holds, checked every 50 ms; fails after `ms`. */
function until(/** @type {() => boolean} */ test, /** @type {number} */ ms, /** @type {string} */ what) {
  const end = performance.now() + ms;
  return new Promise((resolve) => {
    const check = () => {
      if (test()) resolve(undefined);
      else if (performance.now() > end) fail(`timed out waiting for ${what}`);
      else setTimeout(check, 50);
    };
    check();
  });
}

/** A file's text, '' while it does not exist. @param {string} path */
function readText(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** The q-quantile of sorted values, in ms with one decimal. */
const quantile = (/** @type {number[]} */ a, /** @type {number} */ q) =>
  a.length ? Math.round(a[Math.min(a.length - 1, Math.floor(q * a.length))] * 10) / 10 : null;

const base = await start();
await new Promise((r) => setTimeout(r, 500));
const idle = usage();
/** @type {Table[]} */
const tables = [];
for (let i = 0; i < ntables; i++) {
  const t = new Table(base);
  await t.open();
  tables.push(t);
}
await until(() => run.first >= ntables, 120000 * slow, `${ntables} tables' first ${FIRST_MOVES} moves`);
await until(() => run.watching >= nspect * ntables, 120000, `${nspect * ntables} spectators' snapshots`);
// The last updates are read by now; the server has nothing left to do for these tables.
await new Promise((r) => setTimeout(r, 1000));
const held = usage();
run.phase = 'load';
for (const t of tables) for (const s of t.seats) s.schedule();
const from = usage();
if (callgrind) execFileSync('callgrind_control', ['-z', String(child?.pid)], { stdio: 'ignore' });
const mine = process.cpuUsage();
const t0 = performance.now();
await new Promise((r) => setTimeout(r, seconds * 1000));
const to = usage();
if (callgrind) execFileSync('callgrind_control', ['-d', 'window', String(child?.pid)], { stdio: 'ignore' });
const spent = process.cpuUsage(mine);
const elapsed = (performance.now() - t0) / 1000;
run.phase = 'done';
run.lat.sort((a, b) => a - b);
const result = {
  server: kind,
  tables: ntables,
  think_ms: think,
  seconds: Math.round(elapsed * 10) / 10,
  moves: run.moves,
  moves_per_s: Math.round((run.moves / elapsed) * 10) / 10,
  cpu_ms_per_move: run.moves ? Math.round(((to.cpu - from.cpu) * 1000 * 1000) / run.moves) / 1000 : null,
  // The kernel's share (system calls: sockets, the store's writes, waking threads).
  sys_share_of_cpu:
    to.cpu > from.cpu ? Math.round((1 - (to.user - from.user) / (to.cpu - from.cpu)) * 1000) / 1000 : null,
  cpu_share: Math.round(((to.cpu - from.cpu) / elapsed) * 1000) / 1000,
  p50_ms: quantile(run.lat, 0.5),
  p99_ms: quantile(run.lat, 0.99),
  rss_idle_kib: idle.rss,
  rss_tables_kib: held.rss,
  kib_per_table: Math.round(((held.rss - idle.rss) / ntables) * 10) / 10,
  rss_end_kib: to.rss,
  // The generator's own share of a core: near 1, it, not the server, sets the pace.
  client_cpu_share: Math.round(((spent.user + spent.system) / 1e6 / elapsed) * 1000) / 1000,
  games: run.games,
  errors: run.errors,
  spectators: nspect * ntables,
  spectators_watching: run.watching,
  spectator_frames: run.frames,
  server_threads: Number(/Threads:\s*(\d+)/.exec(readFileSync(`/proc/${child?.pid}/status`, 'utf8'))?.[1]),
};
if (callgrind) {
  // the window's dump, FILE.1, once callgrind has written its summary
  await until(() => /^summary: \d+/m.test(readText(`${callgrind}.1`)), 120000, `callgrind's dump ${callgrind}.1`);
  const ir = Number(/^summary: (\d+)/m.exec(readText(`${callgrind}.1`))?.[1]);
  Object.assign(result, { instructions_per_move: run.moves ? Math.round(ir / run.moves) : null });
}
process.stdout.write(JSON.stringify(result) + '\n');
stopping = true;
for (const t of tables) {
  for (const s of t.seats) s.close();
  for (const w of t.watchers) w.close();
}
stop();
process.exit(0);
