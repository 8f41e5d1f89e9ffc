// What the browser tests share: a real `quiver serve` on a free port of 127.0.0.1 with a
// temporary database (stopped at the end, or killed with SIGKILL and started again), Debian's
// chromium driven by playwright-core with the flags a closed network needs, and the generic
// "play by clicking" loop. Nothing here downloads anything or talks beyond 127.0.0.1.

import { spawn, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';

// playwright-core by require: imported as a module, Node first reads its 3.6 MB bundle for the
// names it exports (the CommonJS lexer), some 0.3 s of processor time in each of the 40-odd
// test programs; axe (@axe-core/playwright, 0.1 s more) is loaded by the tests that ask for it.
const require = createRequire(import.meta.url);
/** @type {typeof import('playwright-core')} */
const { chromium } = require('playwright-core');

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '..', '..');

/**
 * Every word of the built-in sets (data/GAME/base.json: their keys and strings, split at
 * anything but letters and digits): the ids and names the engine's sentences keep in every
 * language, which a test of a translation does not count as English left.
 */
export const SET_WORDS = new Set(
  fs.readdirSync(path.join(ROOT, 'data')).flatMap((game) => {
    /** @type {string[]} */
    const all = [];
    const walk = (/** @type {unknown} */ v) => {
      if (typeof v === 'string') all.push(...v.split(/[^A-Za-z0-9]+/));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) (all.push(k), walk(x));
    };
    walk(JSON.parse(fs.readFileSync(path.join(ROOT, 'data', game, 'base.json'), 'utf8')));
    return all;
  }),
);

/** A conversion of a printf format (core.h's): what the engine puts a value in for. */
const CONVERSION = /%[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?:hh|h|ll|l|z)?[dicuxXs]/g;

/**
 * The English of formats (a catalog's keys, the C sources' formats): each word of 3 letters or
 * more outside the spans `strip` matches and the conversions, but the words of the built-in sets
 * (SET_WORDS) and the values. A test of a translation counts such a word in Japanese as English
 * left.
 * @param {Iterable<string>} formats
 * @param {{strip?: RegExp, values?: Set<string>}} [o] strip (global): the spans that are no
 *   words of the format's own ('…' and <…> by default); values: more words the engine puts in
 * @returns {Set<string>}
 */
export function englishWords(formats, { strip = /'[^']*'|<[^>]*>/g, values = new Set() } = {}) {
  return new Set(
    [...formats]
      .flatMap(
        (f) =>
          f
            .replace(strip, ' ')
            .replace(CONVERSION, ' ')
            .match(/\b[a-z]{3,}\b/g) ?? [],
      )
      .filter((w) => !SET_WORDS.has(w) && !values.has(w)),
  );
}

/**
 * Asserts that the catalogs (each key a printf format: the engine's English) have the same keys
 * in every language, and that every translation names every argument of its format, but a
 * plural suffix ("face%s") its language says its way, and no argument its format has not: each
 * template, a plural one's every form.
 * @param {Record<string, import('../../web/narration.js').NarrationCatalog>} catalogs by language
 */
export function assertCatalogs(catalogs) {
  const [first, ...others] = Object.values(catalogs).map((c) => Object.keys(c).sort());
  for (const keys of others) assert.deepEqual(keys, first);
  for (const [lang, catalog] of Object.entries(catalogs))
    for (const [format, tr] of Object.entries(catalog)) {
      const n = (format.match(CONVERSION) ?? []).length;
      const suffix = [...format.matchAll(CONVERSION)].map((m) => /[A-Za-z]$/.test(format.slice(0, m.index)));
      const templates =
        typeof tr === 'string'
          ? [tr]
          : Object.entries(tr)
              .filter(([k]) => !['n', 'args'].includes(k))
              .map(([, v]) => v);
      for (const t of templates) {
        const used = new Set([...String(t).matchAll(/%(\d+)/g)].map((m) => Number(m[1])));
        for (let i = 1; i <= n; i++) assert.ok(used.has(i) || suffix[i - 1], `${lang}: "${format}" leaves out %${i}`);
        for (const k of used) assert.ok(k <= n, `${lang}: "${format}" names %${k}`);
      }
    }
}

/**
 * How long a wait may last. The tests must pass on a busy machine (a load of 8 on 2 cores, on
 * top of whatever else runs, makes a page and the server 3 to 10 times slower), so no wait is a
 * pause: each is a bound on a condition, generous. A test's budget is budget(its time measured
 * at a load of about 9, docs/history/benchmarks-2.md "Under load") = that time times MARGIN; every single
 * step (a page drawn, a frame answered, an AI reply at the levels the tests use: seconds at
 * most at that load) is bounded by STEP_MS. QV_TEST_MARGIN overrides the margin (e.g. for a
 * slower machine).
 */
export const MARGIN = Number(process.env.QV_TEST_MARGIN) > 0 ? Number(process.env.QV_TEST_MARGIN) : 10;
/** @param {number} ms how long the thing takes at a load of about 9 */
export const budget = (ms) => Math.round(ms * MARGIN);
export const STEP_MS = budget(12000);

/** The quiver binary: $QUIVER (set by ctest), else build/quiver. */
export const QUIVER = process.env.QUIVER ?? path.join(ROOT, 'build', 'quiver');
/**
 * The browser: $QV_CHROMIUM, else Debian's chromium-headless-shell (the same chromium built
 * without the browser's own windows), else Debian's chromium. The full browser opens a window
 * for every context, and loads its address bar's own page (some 350 files of chrome://) into
 * each: the browser tests took 3,094 s of processor time in it, 1,787 s in the shell
 * (docs/history/testing.md, "The browser tests in the headless shell").
 */
export const CHROMIUM =
  process.env.QV_CHROMIUM ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ??
  '/usr/bin/chromium';

/**
 * A temporary directory, removed when the process exits.
 * @param {string} prefix
 */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Starts `quiver serve` and waits for its `serving http://…/` line.
 * @param {{db?: string, port?: number, threads?: number, extra?: string[], web?: string}} [o] extra: more
 *   options; web: the folder served at / (the source's web/ by default)
 * @returns {Promise<{url: string, port: number, db: string, proc: import('node:child_process').ChildProcess,
 *                    stop: () => Promise<void>, kill9: () => Promise<void>, log: () => string}>}
 */
export async function startServer(o = {}) {
  const db = o.db ?? path.join(tempDir('quiver-web-'), 'test.db');
  const args = [
    'serve',
    '--host',
    '127.0.0.1',
    '--port',
    String(o.port ?? 0),
    '--db',
    db,
    '--web',
    o.web ?? path.join(ROOT, 'web'),
    '--rules',
    path.join(ROOT, 'docs', 'rules'),
    '--tutorials',
    path.join(ROOT, 'tutorials'),
    '--threads',
    String(o.threads ?? 2),
    ...(o.extra ?? []),
  ];
  const proc = spawn(QUIVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  // what it said, each piece with the time it came (log(), shown by a test that fails)
  const said = /** @type {string[]} */ ([]);
  proc.stderr.on('data', (d) => {
    stderr += d;
    said.push(`${new Date().toISOString().slice(11, 23)} ${String(d).trimEnd()}`);
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`quiver serve did not start in ${STEP_MS / 1000} s: ${stderr}`)),
      STEP_MS,
    );
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /serving (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`quiver serve exited (${code}): ${stderr}`));
    });
  });
  const port = Number(new URL(url).port);
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  const kill = (/** @type {NodeJS.Signals} */ sig) => async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(sig);
    await exited;
  };
  process.on('exit', () => {
    if (proc.exitCode === null) proc.kill('SIGKILL');
  });
  const log = () => said.join('\n');
  return { url, port, db, proc, stop: kill('SIGTERM'), kill9: kill('SIGKILL'), log };
}

/**
 * Launches Debian's chromium headless on a closed network. playwright gives every launch a
 * fresh temporary profile (its own --user-data-dir), removed when the browser closes. The
 * pages speak English (web/i18n.js follows the browser's language), whatever the machine's.
 */
export async function launchBrowser() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`no chromium at ${CHROMIUM}: run scripts/install-deps.sh`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--lang=en-US',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (/** @type {any} */ o) => {
    const ctx = await newContext(o);
    ctx.once('page', pollByTime);
    return ctx;
  };
  return browser;
}

const POLL_MS = process.env.QV_RAF_POLL ? undefined : 40;
let polled = false;

/**
 * Playwright's waitForFunction checks its condition at every animation frame unless told
 * otherwise, which keeps the page drawing 60 frames a second for as long as a test waits:
 * chromium took 0.12 s of processor time a second waiting so at a table, against 0.03 s
 * polling every 50 ms (and 0.02 idle). So every page's waitForFunction polls every POLL_MS
 * unless its caller says how (all pages share their class: patched once).
 * @param {import('playwright-core').Page} page
 */
function pollByTime(page) {
  if (polled || POLL_MS === undefined) return;
  polled = true;
  const proto = Object.getPrototypeOf(page);
  const wait = proto.waitForFunction;
  proto.waitForFunction = function (/** @type {any} */ fn, /** @type {any} */ arg, /** @type {any} */ o) {
    return wait.call(this, fn, arg, { polling: POLL_MS, ...(o ?? {}) });
  };
}

/**
 * A server and a browser for a test file: started before its first test, stopped after its
 * last. The fields are set once the tests run.
 * @param {Parameters<typeof startServer>[0]} [o] the server's options (startServer)
 * @returns {{server: Awaited<ReturnType<typeof startServer>>, browser: import('playwright-core').Browser}}
 */
export function serverAndBrowser(o) {
  const env = /** @type {any} */ ({});
  before(async () => {
    env.server = await startServer(o);
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/**
 * Gives the pages of a context a player's name, as if the player had typed it once (web/names.js
 * keeps it in localStorage), so that taking a seat by a link does not stop at the question.
 * @param {import('playwright-core').BrowserContext | import('playwright-core').Page} owner
 * @param {string} name
 */
export async function givePlayerName(owner, name) {
  await owner.addInitScript((n) => {
    try {
      if (!localStorage.getItem('quiver.player')) localStorage.setItem('quiver.player', JSON.stringify({ name: n }));
    } catch {
      /* a page without storage (about:blank) */
    }
  }, name);
}

/**
 * Starts a game against Beginner from the lobby's one-click Play, as a newcomer does, and waits
 * for the table's page to connect; returns the table's id.
 * @param {import('playwright-core').Page} page
 * @param {string} url the server's
 * @param {string} game
 */
export async function quickPlay(page, url, game) {
  await page.goto(url);
  await page.selectOption(`#level-${game}`, 'beginner');
  await page.click(`button.quick-play[data-game="${game}"]`);
  await page.waitForURL(/table\.html\?id=/);
  await page.waitForSelector('#conn.open');
  return new URL(page.url()).searchParams.get('id') ?? '';
}

/**
 * Opens a seat's link (table.html?id=…&seat=pN[&invite=CODE]) as the friend it was sent to: the
 * page shows the invitation, the friend takes the seat, and the page is connected as that seat.
 * @param {import('playwright-core').Page} page
 * @param {string} url
 */
export async function openSeatLink(page, url) {
  await page.goto(url);
  await page.click('#join-place .take-seat');
  const seat = new URL(url).searchParams.get('seat');
  await page.waitForFunction(
    (s) => (document.querySelector('#conn.open')?.textContent ?? '').includes(`Connected as ${s}`),
    seat,
  );
}

/**
 * A page that fails the test on any script error, and records the frames it receives. Its
 * player's name is `o.name` ('Tester' when not given; null: none, so that the page asks).
 * @param {import('playwright-core').Browser | import('playwright-core').BrowserContext} owner
 * @param {{width?: number, height?: number, name?: string | null}} [o]
 */
export async function newPage(owner, o = {}) {
  const page =
    'newContext' in owner
      ? await (await owner.newContext({ viewport: { width: o.width ?? 1280, height: o.height ?? 800 } })).newPage()
      : await owner.newPage();
  if (o.name !== null) await givePlayerName(page, o.name ?? 'Tester');
  /** @type {string[]} */
  const errors = [];
  /** @type {any[]} */
  const frames = [];
  // every wait of playwright (selectors, clicks, navigation) bounded by STEP_MS, not its 30 s
  page.setDefaultTimeout(STEP_MS);
  page.setDefaultNavigationTimeout(STEP_MS);
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      try {
        frames.push(JSON.parse(String(f.payload)));
      } catch {
        /* not JSON */
      }
    }),
  );
  return { page, errors, frames };
}

/**
 * A request to the server's API from the test (not from a page).
 * @param {string} base
 * @param {string} method
 * @param {string} p
 * @param {unknown} [body]
 */
export async function api(base, method, p, body) {
  const res = await fetch(new URL(p, base), {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${data.error}`);
  return data;
}

/**
 * A request from a page itself (its cookies, its Origin), route relative to the page: its
 * status and JSON (null when none).
 * @param {import('playwright-core').Page} page
 * @param {string} method
 * @param {string} route
 * @param {unknown} [body]
 * @returns {Promise<{status: number, json: any}>}
 */
export function pageRequest(page, method, route, body) {
  return page.evaluate(async ([m, r, b]) => {
    const res = await fetch(r, {
      method: m,
      headers: { 'Content-Type': 'application/json' },
      body: b === undefined ? undefined : JSON.stringify(b),
    });
    return { status: res.status, json: await res.json().catch(() => null) };
  }, /** @type {[string, string, unknown]} */ ([method, route, body]));
}

/**
 * A request of the test's own from client address `from` (one of 127.0.0.0/8 other than the
 * browsers': the server paces and rates by address), with a session's cookie when given: its
 * status, its JSON (null when none) and the cookies it set ("name=value").
 * @param {string} base the server's URL
 * @param {string} method
 * @param {string} route
 * @param {unknown} body
 * @param {string} from
 * @param {string} [cookie]
 * @returns {Promise<{status: number | undefined, json: any, cookies: string[]}>}
 */
export function requestFrom(base, method, route, body, from, cookie) {
  const url = new URL(route, base);
  const headers = { 'Content-Type': 'application/json', Origin: url.origin, ...(cookie ? { Cookie: cookie } : {}) };
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method, localAddress: from, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let json = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON */
          }
          resolve({
            status: res.statusCode,
            json,
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * Makes an account from the client address `from` (127.0.0.2: another than the browsers'),
 * the test's own request; its status. Two accounts made from one address within a day rate no
 * game together (the server's rule against rating farming, docs/server/players.md "Ratings").
 * @param {string} base the server's URL
 * @param {string} username
 * @param {string} password
 * @param {string} from
 * @returns {Promise<number | undefined>}
 */
export async function accountFrom(base, username, password, from) {
  return (await requestFrom(base, 'POST', '/api/accounts', { username, password }, from)).status;
}

/**
 * Makes the accounts usernames settled in game's games of 2 players in the SQLite database db,
 * the server running (a rated game among new accounts moves no rating, docs/server/players.md "New
 * accounts"): made two days ago, with 10 rated games of the kind at a new player's rating
 * (1500, RD 500, volatility 0.09) last updated then. Their next rated game moves their ratings
 * as new players' would. Python's sqlite3 writes it (node 20 has none), waiting out the
 * server's write lock.
 * @param {string} db
 * @param {string[]} usernames
 * @param {string} game
 */
export function settle(db, usernames, game) {
  const script = `
import sys, sqlite3
c = sqlite3.connect(sys.argv[1], timeout=30)
for name in sys.argv[3:]:
    c.execute("UPDATE accounts SET created = created - 172800 WHERE username = ?", (name,))
    c.execute("INSERT INTO ratings (account, game, players, rating, deviation, volatility, games, updated) "
              "SELECT id, ?, 2, 1500, 500, 0.09, 10, created FROM accounts WHERE username = ?", (sys.argv[2], name))
c.commit()
`;
  execFileSync('python3', ['-c', script, db, game, ...usernames]);
}

/**
 * Waits until the page has something to click for the player, or the game is over; returns
 * which.
 * @param {import('playwright-core').Page} page
 * @param {number} timeoutMs
 */
export async function waitForTurnOrEnd(page, timeoutMs) {
  const h = await page.waitForFunction(
    () => {
      const result = document.getElementById('result');
      if (result && !result.hidden) return 'over';
      const panel = document.getElementById('move-panel');
      if (panel && panel.querySelector('.play-button, .word-button')) return 'turn';
      if (document.querySelector('#board-area .cell.target, #players-area [data-token].target')) return 'turn';
      return null;
    },
    null,
    { timeout: timeoutMs, polling: 50 },
  );
  return /** @type {'over' | 'turn'} */ (await h.jsonValue());
}

/**
 * Clicks the element `loc` finds now, waiting (as click() does) for it to be enabled, but not
 * for another one: when the page draws its controls again meanwhile (a reconnection's snapshot
 * starts the choice over, and the Play button that was there is gone), the click is dropped
 * and null is returned, so that the caller looks at the page again instead of waiting for a
 * control that no longer exists. Everything is asked of the element taken, never of `loc`
 * again: a locator's elementHandle() or getAttribute() waits up to 30 s for a match to appear,
 * and a Play button counted and gone before it was taken (the computer's answer came between)
 * failed a clean clone's browser/app so, in ConCardia against hard. Returns the element's
 * attribute `attr` ('' without one) when it was clicked.
 * @param {import('playwright-core').Locator} loc
 * @param {string} [attr]
 * @returns {Promise<string | null>}
 */
export async function clickStill(loc, attr) {
  const [el] = await loc.elementHandles();
  if (!el) return null;
  try {
    const name = attr ? ((await el.getAttribute(attr)) ?? '') : '';
    await el.click();
    return name;
  } catch (e) {
    if (!(await el.evaluate((n) => n.isConnected).catch(() => false))) return null;
    throw e;
  } finally {
    await el.dispose().catch(() => {});
  }
}

/**
 * One decision made by clicking only: a highlighted square or card first (as a player on the
 * board would), else a word button, else the Play button. `rand` picks among equals.
 * Returns what was clicked, or 'nothing' (nothing to click, or what was picked went from the
 * page before it could be clicked).
 * @param {import('playwright-core').Page} page
 * @param {() => number} rand
 */
export async function clickOnce(page, rand) {
  const play = page.locator('#move-panel .play-button');
  const words = page.locator('#move-panel .word-button');
  const targets = page.locator('#board-area .cell.target, #players-area [data-token].target');
  const nt = await targets.count();
  const nw = await words.count();
  /** @type {(loc: import('playwright-core').Locator, what: string, attr?: string) => Promise<string>} */
  const click = async (loc, what, attr) => {
    const name = await clickStill(loc, attr);
    return name === null ? 'nothing' : attr ? `${what} ${name}` : what;
  };
  // Prefer the board, but let the word buttons and Play have their turn so that every kind
  // of control is exercised.
  const r = rand();
  if ((await play.count()) && (r < 0.4 || (nt === 0 && nw === 0))) return click(play.first(), 'play');
  if (nt && (r < 0.75 || nw === 0)) return click(targets.nth(Math.floor(rand() * nt)), 'target', 'data-token');
  if (nw) return click(words.nth(Math.floor(rand() * nw)), 'word', 'data-word');
  if (await play.count()) return click(play.first(), 'play');
  return 'nothing';
}

/** What the page shows of the game and of the choice being made (run in the page): the
 * version drawn, the move panel, the highlighted targets and the result. A click that does
 * something changes it. */
const MARK = () =>
  [
    document.body.dataset.v ?? '',
    document.getElementById('move-panel')?.innerHTML ?? '',
    [...document.querySelectorAll('#board-area .target, #players-area .target')]
      .map((e) => e.getAttribute('data-token'))
      .join(' '),
    document.getElementById('result')?.hidden === false ? 'over' : '',
  ].join('|');

/** MARK as an expression, for a test's own page-side conditions. */
export const MARK_EXPR = `(${MARK.toString()})()`;

/**
 * The page's mark (MARK).
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string>}
 */
export function pageMark(page) {
  return page.evaluate(MARK);
}

/**
 * Waits until the page's mark is no longer `mark`, within STEP_MS.
 * @param {import('playwright-core').Page} page
 * @param {string} mark
 */
export async function waitForChange(page, mark) {
  await page.waitForFunction(`${MARK_EXPR} !== ${JSON.stringify(mark)}`, null, { timeout: STEP_MS, polling: 50 });
}

/**
 * What the page shows of its connection, version and move panel, as JSON, for a failure's
 * message: a control that did nothing told from a page that stopped hearing the table.
 * @param {import('playwright-core').Page} page
 */
async function pageShown(page) {
  const shown = await page
    .evaluate(() => ({
      conn: document.getElementById('conn')?.textContent ?? '',
      v: document.body.dataset.v ?? '',
      panel: (document.getElementById('move-panel')?.textContent ?? '').slice(0, 300),
    }))
    .catch(() => null);
  return JSON.stringify(shown);
}

/**
 * Taps `el` (a control found a moment ago, when the page's mark was `mark`) and waits until the
 * page has taken the tap: what it shows changed, or a detail sheet opened. On a busy machine a
 * finger's down and up can reach the page more than a long press (500 ms) apart, and the page
 * then rightly opens the sheet instead of choosing (CI saw it once: a tap that changed nothing
 * for two minutes); the sheet is closed again and 'sheet' returned, so that the caller looks at
 * the page again. A control the page took away before the tap (a redraw: another player's
 * move) counts as taken, since the redraw changed the mark.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').ElementHandle} el
 * @param {string} mark the page's mark (pageMark) before `el` was found
 * @returns {Promise<'taken' | 'sheet'>}
 */
export async function tapAndWait(page, el, mark) {
  await el.tap().catch(async (e) => {
    if (await el.evaluate((x) => x.isConnected).catch(() => false)) throw e;
  });
  let answer;
  try {
    answer = await page.waitForFunction(
      `document.querySelector('#detail[open]') ? 'sheet' : ${MARK_EXPR} !== ${JSON.stringify(mark)} ? 'taken' : null`,
      null,
      { timeout: STEP_MS, polling: 50 },
    );
  } catch (e) {
    throw new Error(`a tap the page did not take (${await pageShown(page)}): ${e instanceof Error ? e.message : e}`, {
      cause: e,
    });
  }
  const what = /** @type {'taken' | 'sheet'} */ (await answer.jsonValue());
  if (what === 'sheet') {
    await page.tap('#detail .detail-close');
    await page.waitForSelector('#detail', { state: 'hidden', timeout: STEP_MS });
  }
  return what;
}

/**
 * One click (clickOnce), then waits until the page has taken it (what it shows changed), so
 * that the next look at the page never sees the page from before the click. Returns what was
 * clicked.
 * @param {import('playwright-core').Page} page
 * @param {() => number} rand
 */
export async function clickAndWait(page, rand) {
  const mark = await pageMark(page);
  const what = await clickOnce(page, rand);
  if (what === 'nothing') return what;
  try {
    await waitForChange(page, mark);
  } catch (e) {
    throw new Error(
      `${what}: the page did not change (${await pageShown(page)}): ${e instanceof Error ? e.message : e}`,
      {
        cause: e,
      },
    );
  }
  return what;
}

/**
 * The version of the table a page shows (body's data-v), -1 before the first view.
 * @param {import('playwright-core').Page} page
 */
export async function shownVersion(page) {
  return Number(await page.evaluate(() => document.body.dataset.v ?? '-1'));
}

/**
 * Clicks until the page's version moves on (one of its seat's moves applied).
 * @param {import('playwright-core').Page} page
 * @param {() => number} rand
 */
export async function moveOnce(page, rand) {
  await page.waitForSelector(TURN_SELECTOR);
  const v = await shownVersion(page);
  for (let k = 0; k < 12 && (await shownVersion(page)) <= v; k++) {
    await clickAndWait(page, rand);
    await until(
      async () => (await shownVersion(page)) > v || (await page.locator(TURN_SELECTOR).count()) > 0,
      'an update or more to click',
    );
  }
  if ((await shownVersion(page)) <= v)
    throw new Error(`no move by clicking was applied (the page says: ${await page.textContent('#move-panel')})`);
}

/**
 * Plays a whole game in a page by clicking, until the result shows.
 * @param {import('playwright-core').Page} page
 * @param {{seed?: number, maxClicks?: number, turnTimeoutMs?: number, onClick?: (n: number) => Promise<void>}} [o]
 * @returns {Promise<number>} the number of clicks
 */
export async function playByClicking(page, o = {}) {
  const rand = rng(o.seed ?? 1);
  const max = o.maxClicks ?? 3000;
  for (let n = 0; n < max; n++) {
    const what = await waitForTurnOrEnd(page, o.turnTimeoutMs ?? STEP_MS);
    if (what === 'over') return n;
    await clickAndWait(page, rand);
    if (o.onClick) await o.onClick(n);
  }
  throw new Error(`the game did not end within ${max} clicks`);
}

/**
 * Waits until `cond()` (which may be async) is true, looking every `every` ms (20: a costly
 * look, such as one that runs a program, asks for more), within `ms`; fails naming `what` when
 * it is not.
 * @param {() => unknown} cond
 * @param {string} what
 * @param {number} [ms]
 * @param {number} [every]
 */
export async function until(cond, what, ms = STEP_MS, every = 20) {
  const end = Date.now() + ms;
  for (;;) {
    if (await cond()) return;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** Something for the player to click: a target on the board or in the players' area, or a
 * word or Play button. */
export const TURN_SELECTOR =
  '#move-panel .word-button, #move-panel .play-button, #board-area .cell.target, #players-area [data-token].target';

/**
 * A small seeded generator (mulberry32), so that a failing run can be repeated.
 * @param {number} seed
 */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What lies wrong between the hand strip and the action sheet now (run in the page): the strip
 * or one of its cards past the screen's sides, the strip scrolling sideways, the strip below
 * the sheet's top, or the strip's box over the words chosen ("Chosen: … Back") or a button of
 * the sheet (the sheet scrolled so that they went under its edge). Empty when all is well;
 * `chosen` says whether a choice was begun.
 */
export function stripAndSheet() {
  /** @param {Element} e */
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  };
  const hand = document.querySelector('#players-area .my-hand');
  const sheet = /** @type {HTMLElement} */ (document.getElementById('move'));
  const wrong = [];
  if (!hand || getComputedStyle(hand).position !== 'fixed' || sheet.hidden) return { wrong, chosen: false };
  const strip = box(hand);
  for (const e of [hand, ...hand.querySelectorAll('.card-item, .holder-piece, [data-token]')]) {
    const b = box(e);
    if (b.left < -0.5 || b.right > innerWidth + 0.5)
      wrong.push(`${e.className} spans ${Math.round(b.left)} to ${Math.round(b.right)} on a ${innerWidth} px screen`);
  }
  if (hand.scrollWidth > hand.clientWidth + 1)
    wrong.push(`the strip scrolls sideways: ${hand.scrollWidth} px in ${hand.clientWidth}`);
  if (strip.bottom > box(sheet).top + 0.5)
    wrong.push(`the strip ends at ${strip.bottom}, below the sheet's top ${box(sheet).top}`);
  for (const e of sheet.querySelectorAll('.chosen, button')) {
    if (!e.getClientRects().length) continue;
    const b = box(e);
    const h = Math.min(b.bottom, strip.bottom) - Math.max(b.top, strip.top);
    const w = Math.min(b.right, strip.right) - Math.max(b.left, strip.left);
    if (h > 0.5 && w > 0.5)
      wrong.push(`the strip (${strip.top} to ${strip.bottom}) covers "${e.textContent}" (${b.top} to ${b.bottom})`);
  }
  return { wrong, chosen: Boolean(sheet.querySelector('.chosen')) };
}

/**
 * Whether the tests take their screenshots. They are for people to look at (no check reads
 * them) and chromium's PNG encoding can be dear: a viewport at a phone's scale of 3 took 0.7 s,
 * a whole long page at that scale 17 s, on a loaded machine; so `make test` takes none.
 * $QV_SCREENSHOT_DIR (set by `make screenshots`: the README's pictures) or QV_SCREENSHOTS=1
 * (every test's, in build/screenshots) asks for them.
 */
const SCREENSHOTS = Boolean(process.env.QV_SCREENSHOT_DIR || process.env.QV_SCREENSHOTS);

/** Where the tests put their screenshots: $QV_SCREENSHOT_DIR, else build/screenshots. */
function screenshotDir() {
  const dir = process.env.QV_SCREENSHOT_DIR ?? path.join(path.dirname(QUIVER), 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * The screenshot NAME of `page` in screenshotDir(), with playwright's other options, when the
 * screenshots are asked for (SCREENSHOTS); else nothing.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 * @param {import('playwright-core').PageScreenshotOptions} [options]
 */
export async function screenshot(page, name, options = {}) {
  if (!SCREENSHOTS) return;
  await page.screenshot({ ...options, path: path.join(screenshotDir(), name) });
}

/**
 * `quiver replay FILE`: replays a record file with the command-line program (which refuses a
 * record whose replayed result differs from the one it states) and returns its result table
 * as [{seat, rank, score}] in the order printed.
 * @param {string} file
 * @returns {{seat: string, rank: number, score: number}[]}
 */
export function replayWithCli(file) {
  const out = execFileSync(QUIVER, ['replay', file, '--no-color'], { encoding: 'utf8' });
  const at = out.lastIndexOf('\nResult:');
  if (at < 0) throw new Error(`quiver replay printed no result:\n${out}`);
  return out
    .slice(at)
    .split('\n')
    .map((line) => /^\s+(\d+)\s+(p\d)\s/.exec(line))
    .filter((m) => m !== null)
    .map((m) => {
      const cells = m.input.trim().split(/\s+/);
      return { seat: m[2], rank: Number(m[1]), score: Number(cells[cells.length - 1]) };
    });
}

/**
 * A table's result as replayWithCli gives it: [{seat, rank, score}] by rank, then seat.
 * @param {{seat: string, rank: number, score: number}[]} result
 */
export function sortedResult(result) {
  return result
    .map(({ seat, rank, score }) => ({ seat, rank, score }))
    .sort((a, b) => a.rank - b.rank || a.seat.localeCompare(b.seat));
}

/**
 * Runs axe-core on the page (or only the part matching `include`) and fails with a readable list
 * of its serious and critical findings (WCAG 2.1 A and AA), or of those of the given rules alone
 * (`rules`: e.g. the colour contrast again in the other theme of a page checked whole; axe is
 * the browser tests' dearest step, seconds of processor time on a large page).
 * @param {import('playwright-core').Page} page
 * @param {string} where what the message calls the page
 * @param {string} [include] a selector: only that part is checked
 * @param {string[]} [rules] axe's rule ids: only those
 */
export async function assertAccessible(page, where, include, rules) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  builder = rules ? builder.withRules(rules) : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const res = await builder.analyze();
  const bad = res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const text = bad
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join('\n    ')}`,
    )
    .join('\n  ');
  assert.equal(bad.length, 0, `${where}: ${bad.length} serious or critical violations:\n  ${text}`);
}

/** @param {any[]} frames the last view's legal actions, from a page's frames */
export function lastLegal(frames) {
  for (let i = frames.length - 1; i >= 0; i--) {
    if (frames[i].type === 'snapshot' || frames[i].type === 'update') return frames[i].view?.legal ?? [];
  }
  return [];
}

/**
 * Plays one legal action typed in the notation box (a typed move is shown like a clicked one,
 * and Play sends it), and waits until the page has drawn the version after it.
 * @param {{page: import('playwright-core').Page, frames: any[]}} p
 */
export async function typeAMove(p) {
  await until(() => lastLegal(p.frames).length > 0, 'the seat to move has legal actions');
  const v = Number(await p.page.evaluate(() => document.body.dataset.v));
  await p.page.fill('#notation', lastLegal(p.frames)[0]);
  await p.page.press('#notation', 'Enter');
  await p.page.click(`#move-panel .play-button[data-action="${lastLegal(p.frames)[0]}"]`);
  await p.page.waitForFunction((x) => Number(document.body.dataset.v) > x, v);
}

/**
 * A WebSocket of the test's own to url (RFC 6455, from Node.js, whose WebSocket is still
 * experimental in version 20): a page of its own costs chromium some 0.6 s of processor time
 * for its context alone (docs/history/testing-2.md, "Where the time went"). It says hello with the
 * cookie a browser would have (the server's key, from a first request) and the page's Origin,
 * answers pings, and hands each text message to onText; close() ends it.
 * @param {string} url a ws:// URL
 * @param {(text: string) => void} onText
 * @returns {Promise<{send: (text: string) => void, close: () => void, closed: Promise<void>}>}
 */
async function openSocket(url, onText) {
  const u = new URL(url);
  const origin = `http://${u.host}`;
  const { cookies } = await requestFrom(origin, 'GET', '/favicon.svg');
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: u.hostname,
      port: u.port,
      path: u.pathname + u.search,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': crypto.randomBytes(16).toString('base64'),
        Origin: origin,
        ...(cookies.length ? { Cookie: cookies.join('; ') } : {}),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => reject(new Error(`${url}: answered ${res.statusCode}, not a WebSocket`)));
    req.on('upgrade', (res, socket, head) => {
      /** A frame of the client (masked, as RFC 6455 asks of a client). */
      const frame = (/** @type {number} */ op, /** @type {Buffer} */ data) => {
        const n = data.length;
        const len = n < 126 ? Buffer.from([n | 0x80]) : n < 65536 ? Buffer.from([126 | 0x80, n >> 8, n & 255]) : null;
        if (!len) throw new Error('openSocket: a message of 64 KiB or more');
        const mask = crypto.randomBytes(4);
        const body = Buffer.from(data);
        for (let i = 0; i < n; i++) body[i] ^= mask[i & 3];
        socket.write(Buffer.concat([Buffer.from([0x80 | op]), len, mask, body]));
      };
      let buf = head;
      /** @type {Buffer[]} */
      let parts = [];
      let ended = false;
      /** @type {() => void} */
      let done = () => {};
      const closed = /** @type {Promise<void>} */ (new Promise((r) => (done = r)));
      const end = () => {
        if (ended) return;
        ended = true;
        socket.end();
        done();
      };
      socket.on('close', end);
      socket.on('error', end);
      socket.on('data', (/** @type {Buffer} */ chunk) => {
        buf = Buffer.concat([buf, chunk]);
        for (;;) {
          if (buf.length < 2) return;
          const op = buf[0] & 15,
            fin = buf[0] & 0x80;
          let n = buf[1] & 127,
            at = 2;
          if (n === 126) {
            if (buf.length < 4) return;
            n = buf.readUInt16BE(2);
            at = 4;
          } else if (n === 127) {
            if (buf.length < 10) return;
            n = Number(buf.readBigUInt64BE(2));
            at = 10;
          }
          if (buf.length < at + n) return;
          const data = buf.subarray(at, at + n);
          buf = buf.subarray(at + n);
          if (op === 8) return end();
          if (op === 9) frame(10, data);
          else if (op === 1 || op === 0) {
            parts.push(data);
            if (fin) {
              const text = Buffer.concat(parts).toString('utf8');
              parts = [];
              if (!ended) onText(text);
            }
          }
        }
      });
      resolve({
        send: (text) => frame(1, Buffer.from(text, 'utf8')),
        close: () => {
          if (!ended) frame(8, Buffer.alloc(0));
          end();
        },
        closed,
      });
    });
    req.end();
  });
}

/**
 * What a seat says and hears at table `id` through a socket of the test's own (openSocket,
 * with the seat's token): each frame heard goes to onFrame with `t`, whose send(frame) says
 * something, done(value) ends the talk with its answer and fail(error) with an error. The
 * answer's promise fails too when the socket closes before an answer, or onFrame throws.
 * @template T
 * @param {string} base the server's URL
 * @param {string} id
 * @param {string} token
 * @param {(m: any, t: {send: (frame: object) => void, done: (value: T) => void, fail: (e: Error) => void}) => void} onFrame
 * @returns {Promise<T>}
 */
export async function tableSocket(base, id, token, onFrame) {
  /** @type {(value: T) => void} */
  let answer = () => {};
  /** @type {(e: Error) => void} */
  let refuse = () => {};
  const answered = /** @type {Promise<T>} */ (new Promise((yes, no) => ((answer = yes), (refuse = no))));
  const url = new URL(`api/tables/${id}/ws`, base.replace(/^http/, 'ws')).toString();
  /** @type {Awaited<ReturnType<typeof openSocket>>} */
  let ws;
  const t = {
    send: (/** @type {object} */ frame) => ws.send(JSON.stringify(frame)),
    done: (/** @type {T} */ value) => (answer(value), ws.close()),
    fail: (/** @type {Error} */ e) => (refuse(e), ws.close()),
  };
  ws = await openSocket(url, (text) => {
    try {
      onFrame(JSON.parse(text), t);
    } catch (e) {
      t.fail(/** @type {Error} */ (e));
    }
  });
  ws.closed.then(() => refuse(new Error(`the socket of table ${id} closed before it answered`)));
  ws.send(JSON.stringify({ type: 'hello', token }));
  return answered;
}

/**
 * Plays a seat's next `n` decisions through the API (tableSocket), at random among the legal
 * ones (a fixed sequence of draws), and returns once the table has answered the last one, or
 * the game is over. Returns the number of decisions made.
 * @param {string} base the server's URL
 * @param {string} id
 * @param {string} token
 * @param {number} n
 * @returns {Promise<number>}
 */
export function playThroughSocket(base, id, token, n) {
  let made = 0;
  let seed = 7;
  return tableSocket(base, id, token, (m, t) => {
    if (m.type === 'error' || !m.view) return; // a stale version: the next update brings the new one
    if (m.table?.status === 'over' || made >= n) return t.done(made);
    const legal = m.view.legal ?? [];
    if (!legal.length || (m.view.committed ?? []).length) return;
    seed = (seed * 1103515245 + 12345) % 2147483648;
    t.send({ type: 'act', v: m.v, action: legal[seed % legal.length] });
    made++;
  });
}

/** What the lesson page shows (an expression run in the page): the step, the hint, the
 * error and the choice being made (MARK_EXPR). */
const SEEN = `[document.getElementById('step-count')?.textContent, document.getElementById('hint')?.textContent, document.querySelector('#move-panel .act-error')?.textContent, ${MARK_EXPR}].join('|')`;

/**
 * Clicks the words of an action as a player would: the Play button once the action is
 * complete, else its next word on the board (a highlighted square, piece or card) or as a
 * word button. Words the picker chose by itself are skipped.
 * @param {import('playwright-core').Page} page
 * @param {string} action
 */
export async function clickLessonAction(page, action) {
  const said = async () =>
    `${await page.textContent('#step-count')}|${await page.textContent('#hint')}|${await page.textContent('#move-panel .act-error')}`;
  const before = await said();
  for (let guard = 0; guard < 12; guard++) {
    const play = page.locator(`#move-panel .play-button[data-action="${action}"]`);
    if (await play.count()) {
      await play.click();
      return;
    }
    // (textContent would wait for an element that is not there: count first)
    const strong = page.locator('#move-panel .chosen strong');
    const chosen = ((await strong.count()) ? ((await strong.textContent()) ?? '') : '').split(/\s+/).filter(Boolean);
    const left = action.split(/\s+/);
    for (const w of chosen) {
      const i = left.indexOf(w);
      if (i >= 0) left.splice(i, 1);
    }
    if (!left.length) throw new Error(`'${action}' is chosen but no Play button offers it`);
    let found = false,
      clicked = false;
    const seen = await page.evaluate(SEEN);
    for (const w of left) {
      const esc = w.replace(/"/g, '\\"');
      const target = page.locator(
        `#board-area [data-token="${esc}"].target, #players-area [data-token="${esc}"].target`,
      );
      const button = page.locator(`#move-panel .word-button[data-word="${esc}"]`);
      const where = (await target.count()) ? target : (await button.count()) ? button : null;
      if (!where) continue;
      found = true;
      // the page may redraw under the pointer (the board moves when a hint appears): then
      // look again from the start rather than wait for an element that is gone
      clicked = await where
        .first()
        .click({ timeout: budget(1000) })
        .then(
          () => true,
          () => false,
        );
      break;
    }
    if (!found) throw new Error(`nothing on the page lets a player choose '${left.join(' ')}' of '${action}'`);
    if (!clicked) continue;
    // the click is taken: no try is on its way to the server (a single remaining action is
    // tried at once) and the page changed: the choice, or the step, the hint or the error
    await page.waitForFunction(`!document.body.dataset.sending && ${SEEN} !== ${JSON.stringify(seen)}`, null, {
      polling: 50,
    });
    if ((await said()) !== before) return;
  }
  throw new Error(`could not click '${action}'`);
}

/**
 * Signs the page's browser up (201) or in (200) as `username`, from the page itself, so that
 * the cookies are the page's own (the password is the tests' one).
 * @param {import('playwright-core').Page} page
 * @param {string} username
 * @param {boolean} [signIn]
 */
export async function pageAccount(page, username, signIn = false) {
  const route = signIn ? 'api/session' : 'api/accounts';
  const status = await page.evaluate(
    async ([r, u]) =>
      (
        await fetch(r, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: u, password: 'arrows over the river' }),
        })
      ).status,
    [route, username],
  );
  if (status !== (signIn ? 200 : 201)) throw new Error(`${route} for ${username} answered ${status}`);
}

/**
 * A finished game reviewed and looked at for puzzles, until one gives some: its table id and its
 * puzzles' list.
 * @param {string} base
 */
export async function gameWithPuzzles(base) {
  for (let k = 0; k < 10; k++) {
    const t = await api(base, 'POST', '/api/tables', { game: 'evons', seats: ['greedy', 'random'], private: false });
    await until(
      async () => (await api(base, 'GET', `/api/tables/${t.id}`)).status === 'over',
      'the game ends',
      budget(60000),
    );
    await api(base, 'POST', `/api/tables/${t.id}/review`, {});
    /** @type {any} */
    let list = null;
    await until(
      async () => (list = await api(base, 'GET', `/api/tables/${t.id}/puzzles`)).status === 'done',
      'the puzzles looked for',
      budget(120000),
    );
    if (list.puzzles.length) return { id: t.id, list };
  }
  throw new Error('ten games gave no puzzle');
}

/**
 * Tries `action` in the page's move panel (typed in the notation box, then Play), and waits for
 * the verdict.
 * @param {import('playwright-core').Page} page
 * @param {string} action
 */
export async function tryPuzzleMove(page, action) {
  await page.fill('#notation', action);
  await page.press('#notation', 'Enter');
  await page.click(`#move-panel .play-button[data-action="${action}"]`);
  await page.locator('#verdict p').first().waitFor();
}
