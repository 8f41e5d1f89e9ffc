// A site of three processes on one PostgreSQL database behind HAProxy
// (docs/deploy/haproxy-cluster.cfg), as a player sees it: a game against the computer played
// through HAProxy; the process playing the table killed with -9, and the page, by itself, says
// the connection was lost and connects again, to a live process that goes on with the game;
// the process started again, and the page, its socket closed with 1012 as the table moves back,
// connects again once more and the game goes on. Run by tests/cluster/pg_run.sh (a throwaway
// PostgreSQL, its PG* variables set); skipped (77) without HAProxy.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  ROOT,
  startServer,
  launchBrowser,
  rng,
  until,
  budget,
  STEP_MS,
  moveOnce,
  givePlayerName,
  screenshot,
} from './support.mjs';

const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p));
if (!haproxy || !process.env.QV_TEST_PG) {
  console.log(
    !haproxy
      ? 'skipped: no haproxy (scripts/install-deps.sh installs it for the tests)'
      : 'skipped: run under tests/cluster/pg_run.sh (QV_TEST_PG=1)',
  );
  process.exit(77);
}

/** @type {Awaited<ReturnType<typeof startServer>>[]} */
const procs = [];
/** Every process started, by name, for what they said when the test fails. */
const started = /** @type {{name: string, log: () => string}[]} */ ([]);
let proxyLog = '';
/** The page's sockets, as they came and went. */
const sockets = /** @type {string[]} */ ([]);
const stamp = () => new Date().toISOString().slice(11, 23);
/** @type {import('node:child_process').ChildProcess | null} */
let proxy = null;
/** @type {import('playwright-core').Browser | null} */
let browser = null;

after(async () => {
  await browser?.close();
  proxy?.kill('SIGKILL');
  for (const p of procs) await p?.stop();
});

/** A free port of the loopback. */
async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = /** @type {net.AddressInfo} */ (s.address()).port;
      s.close(() => resolve(port));
    });
  });
}

/** The database of every process, named by the process in PostgreSQL's view of its sessions. */
const dbOf = (/** @type {number} */ i) => `dbname=${process.env.PGDATABASE ?? 'postgres'} application_name=quiver${i}`;

/** Process i (0..2), started on port (0: any). */
async function startProcess(/** @type {number} */ i, port = 0) {
  procs[i] = await startServer({
    db: dbOf(i),
    port,
    extra: ['--trusted-proxy', '127.0.0.1', '--id-prefix', String(i + 1)],
  });
  started.push({ name: `quiver${i} (port ${procs[i].port}, pid ${procs[i].proc.pid})`, log: procs[i].log });
}

/**
 * What the processes, HAProxy and the page said: printed when the test fails, so that a failure
 * on a machine nobody can look at says where the table and the page were.
 * @param {import('playwright-core').Page | null} page
 */
async function tell(page) {
  for (const p of started) console.log(`--- ${p.name} ---\n${p.log()}`);
  console.log(`--- haproxy ---\n${proxyLog}`);
  const conn = await page?.evaluate(() => document.getElementById('conn')?.textContent).catch((e) => String(e));
  console.log(`--- the page's sockets ---\n${sockets.join('\n')}\n--- the page ---\n${conn}`);
}

/** How often holder() is asked while waiting: each time runs psql, which holds up this test's
 * own event loop, and loads the machine. */
const PSQL_EVERY = 250;

/**
 * Which process holds table id: the session whose advisory lock is the table's.
 * @param {string} id
 */
function holder(id) {
  const sql =
    "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' " +
    `AND l.objsubid = 1 AND l.granted AND ((l.classid::bigint << 32) | l.objid::bigint) = ('x' || '${id}')::bit(64)::bigint`;
  const out = execFileSync('psql', ['-Atc', sql], { encoding: 'utf8' }).trim();
  return out.startsWith('quiver') ? Number(out.slice(6)) : -1;
}

test(
  'three processes behind HAProxy: the table survives kill -9 of its process and its return',
  { timeout: budget(40000) },
  async () => {
    /** @type {import('playwright-core').Page | null} */
    let page = null;
    try {
      for (let i = 0; i < 3; i++) await startProcess(i);
      const listen = await freePort();
      proxy = spawn(haproxy, ['-db', '-f', path.join(ROOT, 'docs', 'deploy', 'haproxy-cluster.cfg')], {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          QUIVER_LISTEN: `127.0.0.1:${listen}`,
          QUIVER_SERVER1: `127.0.0.1:${procs[0].port}`,
          QUIVER_SERVER2: `127.0.0.1:${procs[1].port}`,
          QUIVER_SERVER3: `127.0.0.1:${procs[2].port}`,
        },
      });
      proxy.stderr?.on('data', (d) => {
        proxyLog += `${stamp()} ${d}`;
      });
      const site = `http://127.0.0.1:${listen}/`;
      await until(async () => {
        try {
          return (await fetch(`${site}api/games`)).ok;
        } catch {
          return false;
        }
      }, 'HAProxy answering');

      browser = await launchBrowser();
      const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
      await givePlayerName(context, 'Tester');
      context.setDefaultTimeout(STEP_MS);
      page = await context.newPage();
      /** @type {number[]} */
      const closes = [];
      page.on('websocket', (ws) => {
        sockets.push(`${stamp()} opening ${ws.url()}`);
        ws.on('framereceived', (f) => {
          if (String(f.payload).includes('"snapshot"')) sockets.push(`${stamp()} greeted`);
        });
        ws.on('close', () => {
          sockets.push(`${stamp()} closed`);
          closes.push(Date.now());
        });
      });
      const rand = rng(11);
      await page.goto(site);
      await page.selectOption('#level-three-arrows', 'beginner');
      await page.click('button.quick-play[data-game="three-arrows"]');
      await page.waitForURL(/table\.html\?id=/);
      const id = new URL(page.url()).searchParams.get('id') ?? '';
      await page.waitForSelector('#conn.open');
      await moveOnce(page, rand);

      // the process that plays the table dies
      const first = holder(id);
      assert.ok(first >= 0, 'a process holds the table');
      const port = procs[first].port;
      await procs[first].kill9();
      await page.waitForSelector('#conn.lost');
      await page.waitForSelector('#conn.open', { timeout: budget(15000) });
      await moveOnce(page, rand);
      // (a moment without one: a process started with the others says it is back 12 s after
      // its start, and the table, taken in the dead one's place, moves once more)
      await until(async () => holder(id) >= 0, 'a live process holding the table', STEP_MS, PSQL_EVERY);
      const second = holder(id);
      assert.ok(second !== first, `another process plays it (${second})`);

      // it comes back on its port: HAProxy sends the table to it again, and the page follows
      const back = Date.now();
      await startProcess(first, port);
      await until(async () => holder(id) === first, 'the table back at its process', budget(20000), PSQL_EVERY);
      // (the table left the process the page talks to: the page's socket closes, and only the
      // page connected again, not the one from before, may be played on)
      await until(async () => closes.some((at) => at >= back), 'the page told that the table moved');
      await page.waitForSelector('#conn.open');
      await moveOnce(page, rand);
      // (at it, or coming back to it: a table a process read back from nobody moves once more at
      // another process's "back", and its page follows it to where HAProxy sends it; and when
      // the page came back before HAProxy saw the process up, to another process, which asked
      // for the table and now keeps it: on a loaded machine the process took the table back
      // before HAProxy's check marked it up. Wherever it is, a live process holds it and the
      // page plays on there.)
      await until(async () => holder(id) >= 0, 'a live process holding the table', STEP_MS, PSQL_EVERY);
      await page.waitForSelector('#conn.open');
      await moveOnce(page, rand);
      assert.ok(
        closes.some((at) => at >= back),
        'the socket was closed as the table moved back',
      );
      await page.waitForSelector('#conn.open');
      await screenshot(page, 'cluster-table.png');
      await context.close();
    } catch (e) {
      await tell(page);
      throw e;
    }
  },
);
