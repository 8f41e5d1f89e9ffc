// The app (issue 66, docs/web.md "The app"): the folder `make web` builds, served by a plain
// static server on 127.0.0.1, opened once in chromium; then the network is cut (the browser
// offline and the server stopped) and a newcomer plays, with every request of the pages served
// by the app's service worker from its cache and none reaching a server (the browser's own
// request log and the server's count both say so), and no page error. First, Chrome finds
// nothing missing for "Install". Then:
//   - a game of each of the four games against each level, to its end (short settings chosen
//     in the create form; at the beginner level with the game's example variant file; resigned
//     after a few of the computer's answers against hard, and in THREE ARROWS, whose shortest
//     game is 50 turns, against every level but beginner), one of
//     them reloaded mid-game and resumed, one of them (hard) with a takeback that stops the
//     computer's search;
//   - the first lesson of each game, on a phone;
//   - a hot-seat Arrow Party of four on a phone, the hand-over screen between the players
//     hiding the last player's view;
//   - a finished game's record saved, opened on the replay page, reviewed by the computer, and
//     played on from one of its positions on the analysis board (the best move, its line, a
//     move taken back).
// Then the network comes back, the server serves a new version, and the page offers it and
// takes it as a whole. Last, `quiver serve` serves the app's folder as its client: a finished
// table's review is made in the page (the server is asked for none), its analysis board is
// the page's, and the record saved offline opens on its replay page. The phone's screenshots are the README's (app-*.png).
// $QV_APP_DIR is the app's folder (build/web beside the build's quiver by default); the test is
// skipped when it is missing (`make web` builds it).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  launchBrowser,
  playByClicking,
  budget,
  screenshot,
  ROOT,
  QUIVER,
  STEP_MS,
  until,
  rng,
  clickAndWait,
  waitForTurnOrEnd,
  clickLessonAction,
  tempDir,
  replayWithCli,
  sortedResult,
  startServer,
  api,
  stripAndSheet,
  TURN_SELECTOR,
} from './support.mjs';

const APP = process.env.QV_APP_DIR ?? path.join(path.dirname(QUIVER), 'web');
const missing = !fs.existsSync(path.join(APP, 'sw.js'));

const GAMES = ['three-arrows', 'concardia', 'evons', 'arrow-party'];
const LEVELS = ['beginner', 'easy', 'medium', 'hard'];
/** Settings for games that end soon (each one a parameter of the create form). */
const SHORT = {
  'three-arrows': { mode: 'tactical', max_turns: '50' },
  concardia: { target: '1', max_turns: '20' },
  evons: { max_turns: '2' },
  'arrow-party': { players: '3', size: '9', rounds: '2' },
};
/** Each game's example variant (examples/variants/), played once. */
const VARIANTS = Object.fromEntries(
  fs
    .readdirSync(path.join(ROOT, 'examples', 'variants'))
    .map((f) => [GAMES.find((g) => f.startsWith(`${g}-`)), path.join(ROOT, 'examples', 'variants', f)]),
);
const PHONE = { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
const TYPE_MORE = { '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png', '.md': 'text/markdown' };

/**
 * A plain static server of a folder on 127.0.0.1 (as `python3 -m http.server` serves one), which
 * counts the requests it answers.
 * @param {string} dir
 */
async function staticServer(dir) {
  const served = /** @type {string[]} */ ([]);
  const server = http.createServer((req, res) => {
    served.push(req.url ?? '');
    let p = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (p.endsWith('/')) p += 'index.html';
    const file = path.join(dir, path.normalize(p));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    const ext = path.extname(file);
    res.writeHead(200, { 'Content-Type': { ...TYPES, ...TYPE_MORE }[ext] ?? 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  process.on('exit', () => server.close());
  return {
    url: `http://127.0.0.1:${port}/`,
    served,
    listening: () => server.listening,
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
    start: () => new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined))),
  };
}

const env = /** @type {{dir: string, server: Awaited<ReturnType<typeof staticServer>>,
  browser: import('playwright-core').Browser, desktop: import('playwright-core').BrowserContext,
  phone: import('playwright-core').BrowserContext, requests: string[], offline: number,
  errors: string[], record: string,
  installErrors: {errorId: string}[]}} */ (/** @type {unknown} */ ({ requests: [], errors: [] }));

/**
 * A context of the browser with the app installed: its first page opens the app online and
 * waits until the service worker controls it (every file cached).
 * @param {import('playwright-core').BrowserContextOptions} o
 */
async function installed(o) {
  const context = await env.browser.newContext({ ...o, serviceWorkers: 'allow' });
  // the browser's own log: every request any page or worker of the context makes, with where
  // its answer came from once the network is cut. A request the page itself gave up before
  // its answer (net::ERR_ABORTED: the page left or closed, or the tab's icon swapped for its
  // "your turn" badge while the plain one loaded) asked nothing of anyone; any other failure
  // (offline, refused) is one that went for the network.
  context.on('request', (r) => {
    if (!env.offline) return;
    const url = r.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    r.response()
      .then((res) => {
        if (res && !res.fromServiceWorker()) env.requests.push(`not from the app's cache: ${url}`);
      })
      .catch(() => undefined); // its page closed first: requestfailed says if it failed
  });
  context.on('requestfailed', (r) => {
    if (env.offline && r.failure()?.errorText !== 'net::ERR_ABORTED')
      env.requests.push(`failed (${r.failure()?.errorText}): ${r.url()}`);
  });
  context.on('page', (p) => p.on('pageerror', (e) => env.errors.push(`${p.url()}: ${e.message}`)));
  const page = await context.newPage();
  await page.goto(env.server.url);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: STEP_MS });
  await page.close();
  return context;
}

before(async () => {
  if (missing) return;
  env.dir = path.join(tempDir('quiver-app-'), 'web');
  fs.cpSync(APP, env.dir, { recursive: true });
  env.server = await staticServer(env.dir);
  env.browser = await launchBrowser();
  env.desktop = await installed(DESKTOP);
  env.phone = await installed(PHONE);
  // what Chrome finds missing for "Install", asked on the first visit (its checks fetch the
  // icons themselves, outside the pages and their service worker)
  const page = await env.desktop.newPage();
  await page.goto(env.server.url);
  await page.waitForSelector('.quick-play');
  const cdp = await env.desktop.newCDPSession(page);
  env.installErrors = (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors;
  await page.close();
  // the network cut: the browser offline, the server gone
  await env.desktop.setOffline(true);
  await env.phone.setOffline(true);
  await env.server.stop();
  env.offline = env.server.served.length;
});

after(async () => {
  await env.browser?.close();
  // back online, the static server was started again: stopped, or the test never ends
  if (env.server?.listening()) await env.server.stop();
});

/**
 * Sets a parameter of the create form's settings: a choice's button, or the box typed in.
 * @param {import('playwright-core').Page} page
 * @param {string} game
 * @param {string} key
 * @param {string} value
 */
async function setParam(page, game, key, value) {
  const radio = page.locator(`#create-form label:has(input[name="param-${game}-${key}"][value="${value}"])`);
  if (await radio.count()) await radio.click();
  else await page.locator(`#param-${game}-${key}`).fill(value);
}

/**
 * A new table made with the lobby's create form, a person at p1 and the others as `seats`
 * says: the page is then at the table.
 * @param {import('playwright-core').Page} page
 * @param {string} game
 * @param {Record<string, string>} params
 * @param {string[]} seats the kinds of p2 and after ('me' or a level)
 * @param {string} [variant] a variant file chosen in the form
 */
async function createTable(page, game, params, seats, variant) {
  await page.goto(env.server.url);
  await page.click(`#create-form label:has(input[name=game][value="${game}"])`);
  await page.click('#create-form details summary');
  for (const [k, v] of Object.entries(params)) await setParam(page, game, k, v);
  if (variant) await page.setInputFiles('#variant-file', variant);
  for (let i = 0; i < seats.length; i++) {
    await page.waitForSelector(`#seat-p${i + 2}`);
    await page.selectOption(`#seat-p${i + 2}`, seats[i]);
  }
  await page.click('#create-form button[type=submit]');
  await page.click('#created a.button');
  await page.waitForURL(/table\.html\?id=local-/);
}

/**
 * How many links on the page, shown, lead to a page that needs a server (accounts,
 * leaderboards, friends, puzzles, tournaments), with or without a query.
 * @param {import('playwright-core').Page} page
 */
function serverLinks(page) {
  const pages = ['account.html', 'leaderboard.html', 'friends.html', 'puzzles.html', 'tournaments.html'];
  return page.locator(`${pages.map((p) => `a[href^="${p}"]`).join(', ')} >> visible=true`).count();
}

/** The lines of the move log shown. */
const logLines = (/** @type {import('playwright-core').Page} */ page) => page.locator('#log li').allTextContents();

test(
  'the app is installable (Chrome finds nothing missing)',
  { skip: missing && 'make web builds the app', timeout: budget(5000) },
  async () => {
    // a test's context is a private window, where Chrome installs nothing: the app's own errors
    const errors = env.installErrors.filter((e) => e.errorId !== 'in-incognito');
    assert.deepEqual(errors, [], 'the manifest, its icons and the service worker as Chrome wants them');
  },
);

test(
  'offline, a game of each game against each level, to its end',
  { skip: missing && 'make web builds the app', timeout: budget(240000) },
  async (t) => {
    const page = await env.desktop.newPage();
    for (const game of GAMES) {
      for (const level of LEVELS) {
        const began = performance.now();
        const seats = game === 'arrow-party' ? [level, level] : [level];
        // one of them with a variant file, as a designer's
        const variant = level === 'beginner' ? VARIANTS[game] : undefined;
        await createTable(page, game, SHORT[game], seats, variant);
        if (variant) await page.waitForSelector('#title .game-title:has-text("variant")');
        const rand = rng(GAMES.indexOf(game) * 10 + LEVELS.indexOf(level));
        if (game === 'three-arrows' && level === 'hard') await stopTheSearch(page, rand);
        if (game === 'concardia' && level === 'medium') await resumeAfterReload(page, rand);
        if (level === 'hard' && game !== 'arrow-party') await resignAfterAnswers(page, rand, 2);
        // THREE ARROWS' shortest game is 50 turns of clicks: to its end against beginner only
        else if (game === 'three-arrows' && level !== 'beginner') await resignAfterAnswers(page, rand, 4);
        else await playByClicking(page, { seed: LEVELS.indexOf(level) + 1, turnTimeoutMs: budget(8000) });
        await page.waitForFunction(() => /The game is over/.test(document.getElementById('status')?.textContent ?? ''));
        assert.ok((await page.locator('#result table.ranks tbody tr').count()) >= 2, `${game} ${level}: the ranks`);
        t.diagnostic(`${game} against ${level}: ${((performance.now() - began) / 1000).toFixed(1)} s`);
      }
    }
    await page.close();
  },
);

test(
  'a takeback the page held while the engine started again acts on the table as it is',
  { skip: missing && 'make web builds the app', timeout: budget(60000) },
  async () => {
    // A takeback during the computer's search stops the page's worker and is sent, held, to
    // the next one (web/local.js); that worker may answer again before it arrives (a loaded
    // clean clone of 801878c: the takeback, refused as stale, was lost and the test's game
    // stood still). Here the answer has come: the held
    // takeback still takes the move back, and the same frame not held is refused as stale (a
    // game of THREE ARROWS: no chance outcome after the move, which no takeback crosses).
    const page = await env.desktop.newPage();
    await createTable(page, 'three-arrows', SHORT['three-arrows'], ['easy']);
    const rand = rng(77);
    await waitForTurnOrEnd(page, budget(8000));
    const v0 = Number(await page.evaluate(() => document.body.dataset.v));
    while ((await page.locator('#log li.log-entry.p2').count()) < 1) {
      assert.notEqual(await waitForTurnOrEnd(page, budget(8000)), 'over', 'the game went on');
      await clickAndWait(page, rand);
    }
    await waitForTurnOrEnd(page, budget(8000));
    const id = new URL(page.url()).searchParams.get('id');
    const answers = await page.evaluate(
      async ({ id, v0 }) => {
        const { seatsAt } = await import('./tokens.js');
        const token = seatsAt(/** @type {string} */ (id)).find((x) => x.seat === 'p1')?.token;
        // a worker of its own, as the page's next one after a restart
        const w = new Worker(new URL('engine/worker.js', location.href), { type: 'module' });
        /** @type {any[]} */
        const heard = [];
        w.addEventListener('message', (ev) => {
          if (ev.data.kind === 'sock' && ev.data.event === 'message') heard.push(JSON.parse(ev.data.data));
        });
        const next = async (/** @type {(f: any) => boolean} */ want) => {
          for (let k = 0; k < 400 && !heard.some(want); k++) await new Promise((r) => setTimeout(r, 25));
          return heard.find(want);
        };
        w.postMessage({ kind: 'open', sock: 1, path: `/api/tables/${id}/ws` });
        w.postMessage({ kind: 'send', sock: 1, data: JSON.stringify({ type: 'hello', token }) });
        const snap = await next((f) => f.type === 'snapshot');
        const stale = JSON.stringify({ type: 'undo', v: v0 });
        w.postMessage({ kind: 'send', sock: 1, data: stale });
        const refused = await next((f) => f.type === 'error');
        w.postMessage({ kind: 'send', sock: 1, data: stale, held: true });
        // a takeback rewrites the history: the socket is sent a snapshot of it
        const taken = await next((f) => (f.type === 'update' || f.type === 'snapshot') && f.v > snap.v);
        w.terminate();
        return {
          at: snap.v,
          refused: refused?.message ?? null,
          taken: taken?.v ?? null,
          heard: heard.map((f) => `${f.type} ${f.v} ${f.message ?? ''}`),
        };
      },
      { id, v0 },
    );
    assert.ok(answers.at > v0 + 1, `the computer answered (version ${answers.at} after ${v0})`);
    assert.match(answers.refused ?? '', /stale version/, 'a stale takeback, not held, is refused');
    assert.ok(answers.taken !== null, `the held takeback was taken: ${answers.heard.join('; ')}`);
    await page.reload();
    await until(
      async () =>
        (await page.locator('#log li.log-entry.p2').count()) === 0 && (await page.locator(TURN_SELECTOR).count()) > 0,
      "the computer's answer taken back with the move, p1 to choose",
    );
    await page.close();
  },
);

/**
 * Against `hard` in a game of two, which searches its whole budget (1.6 s) at every decision,
 * and against every level but beginner in THREE ARROWS, whose shortest game is long: the player
 * moves until the computer has answered `answers` times, then resigns (the other games play to
 * their natural end; Arrow Party's `hard` answers in a fraction of its budget and plays on to
 * the end too).
 * @param {import('playwright-core').Page} page
 * @param {() => number} rand
 * @param {number} answers
 */
async function resignAfterAnswers(page, rand, answers) {
  // the computer is p2: its moves are the log's lines of class p2
  while ((await page.locator('#log li.log-entry.p2').count()) < answers) {
    if ((await waitForTurnOrEnd(page, budget(8000))) === 'over') return;
    await clickAndWait(page, rand);
  }
  // Resigns at the player's own turn, when the computer is not moving: its answer may be a
  // turn of several decisions, and the short game may end with it (CI saw the button vanish
  // between the look and the click, twice). A game that ended leaves nothing to resign.
  const h = await page.waitForFunction(
    (turn) => {
      if (document.getElementById('result')?.hidden === false) return 'over';
      const resign = document.getElementById('resign');
      const mine = document.title.startsWith('Your turn') && document.querySelector(turn);
      return resign && !resign.hidden && mine ? 'turn' : null;
    },
    TURN_SELECTOR,
    { timeout: budget(8000), polling: 50 },
  );
  if ((await h.jsonValue()) === 'over') return;
  await page.click('#resign');
  await page.click('dialog.confirm-dialog .confirm-yes');
}

/**
 * A reload in the middle of a game: the page comes back at the same version, with the same
 * moves, and the game goes on (the table was kept in the browser).
 * @param {import('playwright-core').Page} page
 * @param {() => number} rand
 */
async function resumeAfterReload(page, rand) {
  for (let n = 0; n < 6; n++) {
    if ((await waitForTurnOrEnd(page, budget(8000))) === 'over') return;
    await clickAndWait(page, rand);
  }
  await waitForTurnOrEnd(page, budget(8000));
  const v = await page.evaluate(() => document.body.dataset.v);
  const lines = await logLines(page);
  await page.reload();
  await page.waitForFunction((was) => document.body.dataset.v === was, v, { timeout: STEP_MS });
  assert.deepEqual(await logLines(page), lines, 'the moves as before the reload');
}

/**
 * The player moves, then takes the move back while the computer (hard) searches its answer:
 * the search is stopped, and the computer's move never comes.
 * @param {import('playwright-core').Page} page
 * @param {() => number} rand
 */
async function stopTheSearch(page, rand) {
  await waitForTurnOrEnd(page, budget(8000));
  const v = Number(await page.evaluate(() => document.body.dataset.v));
  // one whole move of p1's
  while (Number(await page.evaluate(() => document.body.dataset.v)) === v) await clickAndWait(page, rand);
  await page.click('#undo');
  await until(
    async () => (await logLines(page)).length === 0 && (await page.locator('#move-panel .word-button').count()) > 0,
    'the move taken back and p1 choosing again',
  );
  assert.deepEqual(await logLines(page), [], 'no move of the computer was made meanwhile');
}

test(
  'offline, on a phone: the first lesson of each game',
  { skip: missing && 'make web builds the app', timeout: budget(60000) },
  async () => {
    const page = await env.phone.newPage();
    await page.goto(env.server.url);
    await page.waitForSelector('.quick-play');
    // no way to a page that needs a server: accounts, leaderboards, friends, puzzles
    assert.equal(await serverLinks(page), 0, 'no link to a page of a server in the lobby');
    await screenshot(page, 'app-lobby-phone.png');
    // nor from Your games (its header once linked to Friends and Account), which says where
    // the games are kept
    await page.goto(new URL('games.html', env.server.url).toString());
    await page.waitForSelector('#ongoing:not(:has-text("Loading"))');
    assert.equal(await serverLinks(page), 0, 'no link to a page of a server in Your games');
    assert.match((await page.textContent('#games-intro')) ?? '', /on this device/);
    await screenshot(page, 'app-games-phone.png');
    for (const game of GAMES) {
      const dir = path.join(ROOT, 'tutorials', game);
      const first = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()[0];
      const lesson = JSON.parse(fs.readFileSync(path.join(dir, first), 'utf8'));
      await page.goto(new URL(`learn/${game}`, env.server.url).toString());
      await page.waitForSelector('#lesson-title:not(:empty)');
      for (const step of lesson.steps) {
        if (step.expect) await clickLessonAction(page, step.expect);
        else await page.click('#next');
      }
      await page.waitForSelector('#done:not([hidden])');
      if (game === 'three-arrows') await screenshot(page, 'app-lesson-phone.png');
    }
    await page.close();
  },
);

test(
  'offline, on a phone: a hot-seat Arrow Party of four, handed over between the players',
  { skip: missing && 'make web builds the app', timeout: budget(120000) },
  async () => {
    const page = await env.phone.newPage();
    await createTable(page, 'arrow-party', { players: '4', size: '9', rounds: '2' }, ['me', 'me', 'me']);
    const rand = rng(44);
    let handovers = 0;
    let shot = false;
    for (let n = 0; n < 2000; n++) {
      const what = await page.waitForFunction(
        () => {
          if (document.querySelector('.handover')) return 'handover';
          const result = document.getElementById('result');
          if (result && !result.hidden) return 'over';
          if (document.querySelector('#move-panel .play-button, #move-panel .word-button')) return 'turn';
          if (document.querySelector('#board-area .cell.target, #players-area [data-token].target')) return 'turn';
          return null;
        },
        null,
        { timeout: budget(8000), polling: 50 },
      );
      const kind = await what.jsonValue();
      if (kind === 'over') break;
      if (kind === 'handover') {
        // the screen hides the last player's view: no board, no hand, no move log under it
        assert.equal(await page.locator('#board-area > *, #players-area > *, #log li').count(), 0);
        const who = (await page.textContent('.handover h2')) ?? '';
        if (!shot) {
          await screenshot(page, 'app-handover-phone.png');
          shot = true;
        }
        await page.click('.handover-ready');
        await page.waitForSelector('.handover', { state: 'detached' });
        const seat = /p\d/.exec(who)?.[0] ?? '';
        await page.waitForFunction((s) => document.getElementById('conn')?.textContent === `Connected as ${s}`, seat);
        handovers++;
        continue;
      }
      if (handovers === 6) await screenshot(page, 'app-hotseat-phone.png');
      // the hand strip within the screen and over none of the action sheet's words chosen or
      // buttons (a click low in the sheet once left it scrolled, "Chosen: go W / Back" under
      // its edge)
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      assert.deepEqual((await page.evaluate(stripAndSheet)).wrong, [], `the hot-seat game, decision ${n}`);
      await clickAndWait(page, rand);
    }
    assert.ok(handovers >= 12, `the device was handed over ${handovers} times`);
    await page.waitForFunction(() => /The game is over/.test(document.getElementById('status')?.textContent ?? ''));
    await page.close();
  },
);

test(
  "offline: a finished game's record saved, opened, replayed, reviewed, and analysed",
  { skip: missing && 'make web builds the app', timeout: budget(120000) },
  async () => {
    const page = await env.desktop.newPage();
    await createTable(page, 'evons', SHORT.evons, ['easy']);
    await playByClicking(page, { seed: 5 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('#result a:has-text("Download the record")'),
    ]);
    const file = path.join(tempDir('quiver-app-record-'), 'record.json');
    await download.saveAs(file);
    env.record = file;
    // the record is one `quiver replay` reads, to the game's result
    const shown = await page.locator('#result table.ranks tbody tr').allTextContents();
    const cli = sortedResult(replayWithCli(file));
    assert.equal(cli.length, shown.length, 'quiver replay reads the saved record');
    // opened on the replay page: kept as a game of this device, with its review
    await page.goto(new URL('replay.html', env.server.url).toString());
    await page.setInputFiles('#record-file', file);
    await page.waitForURL(/replay\.html\?id=local-/);
    await page.waitForSelector('#replay:not([hidden])');
    await page.click('#ask-review');
    await page.waitForSelector('#review .review-curve', { timeout: budget(60000) });
    // (the puzzles of a game are a server's: the review of this device's game offers none)
    assert.equal(await serverLinks(page), 0, 'no link to a page of a server in the review');
    // the analysis board from step 4
    for (let i = 0; i < 4; i++) await page.click('#next');
    await page.click('#analyse');
    await page.waitForURL(/analysis\.html\?id=local-/);
    await page.waitForSelector('#move-panel .word-button, #board-area .cell.target');
    await page.click('#best');
    await page.waitForSelector('.play-best', { timeout: budget(20000) });
    const best = (await page.textContent('.best-move')) ?? '';
    assert.ok(best.length > 2, 'a best move is named');
    const before = (await logLines(page)).length;
    await page.click('.play-best');
    await until(async () => (await logLines(page)).length > before, 'the best move played');
    await page.click('#back');
    await until(async () => (await logLines(page)).length === before, 'the move taken back');
    // the board on a phone's screen (its tables are this browser's: the same page, narrowed)
    await page.setViewportSize(PHONE.viewport);
    await page.click('#best');
    await page.waitForSelector('.play-best', { timeout: budget(20000) });
    await page.locator('#move').scrollIntoViewIfNeeded();
    await screenshot(page, 'app-analysis-phone.png');
    await page.close();
  },
);

test(
  'offline: nothing asked of any server, and no page error',
  { skip: missing && 'make web builds the app', timeout: budget(5000) },
  async () => {
    assert.deepEqual(env.requests, [], "every request served by the app's service worker");
    assert.equal(env.server.served.length, env.offline, 'the server was asked nothing');
    assert.deepEqual(env.errors, [], 'no page error');
  },
);

test(
  'back online, a new version is offered and taken whole',
  { skip: missing && 'make web builds the app', timeout: budget(30000) },
  async () => {
    // the new version: another page and another service worker (its version changes)
    const index = path.join(env.dir, 'index.html');
    fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('</main>', '<p id="new-version">2</p></main>'));
    const sw = path.join(env.dir, 'sw.js');
    fs.writeFileSync(sw, fs.readFileSync(sw, 'utf8').replace(/const VERSION = '(\w+)'/, "const VERSION = '$1-2'"));
    await env.server.start();
    await env.desktop.setOffline(false);
    const page = await env.desktop.newPage();
    await page.goto(env.server.url);
    // the old version still serves the page, and offers the new one once it is installed
    await page.waitForSelector('#update-ready button', { timeout: budget(8000) });
    assert.equal(await page.locator('#new-version').count(), 0, 'the page in use is the old version, whole');
    await screenshot(page, 'app-update.png');
    await page.click('#update-ready button');
    await page.waitForSelector('#new-version', { timeout: budget(8000) });
    const caches = await page.evaluate(() => caches.keys());
    assert.equal(caches.length, 1, `one version's cache: ${caches.join(', ')}`);
    assert.match(caches[0], /-2$/);
    await page.close();
  },
);

test(
  "online, the app's folder served by quiver serve: a finished table reviewed and analysed in the page",
  { skip: missing && 'make web builds the app', timeout: budget(60000) },
  async () => {
    const server = await startServer({ web: APP, threads: 1 });
    try {
      // a table of the computer alone ends at once; its replay's review is the page's
      const t = await api(server.url, 'POST', '/api/tables', { game: 'evons', seats: ['random', 'random'] });
      await until(async () => (await api(server.url, 'GET', `/api/tables/${t.id}`)).status === 'over', 'the game over');
      const context = await env.browser.newContext(DESKTOP);
      const page = await context.newPage();
      page.on('pageerror', (e) => env.errors.push(`online: ${e.message}`));
      const reviews = /** @type {string[]} */ ([]);
      page.on('request', (r) => /\/review$/.test(r.url()) && reviews.push(`${r.method()} ${r.url()}`));
      await page.goto(new URL(`replay.html?id=${t.id}`, server.url).toString());
      await page.waitForSelector('#replay:not([hidden])');
      await page.click('#ask-review');
      await page.waitForSelector('#review .review-curve', { timeout: budget(60000) });
      // the review was made in the page: the server was never asked for one
      const asked = await fetch(new URL(`/api/tables/${t.id}/review`, server.url));
      assert.equal((await asked.json()).status, 'none', 'the server made no review');
      assert.deepEqual(
        reviews.filter((r) => r.startsWith('POST')),
        [],
        'the page asked the server for no review',
      );
      await page.click('#next');
      await page.click('#next');
      await page.click('#analyse');
      await page.waitForURL(/analysis\.html\?id=local-/);
      await page.waitForSelector('#move-panel .word-button, #board-area .cell.target');
      // the record saved offline opens on the server's replay page
      if (env.record) {
        await page.goto(new URL('replay.html', server.url).toString());
        await page.setInputFiles('#record-file', env.record);
        await page.waitForSelector('#replay:not([hidden])');
        await page.keyboard.press('End');
        await page.waitForFunction(() => /won|draw/.test(document.getElementById('status')?.textContent ?? ''));
      }
      await context.close();
    } finally {
      await server.stop();
    }
  },
);
