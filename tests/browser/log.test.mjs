// The move log is right in every page: after a takeback (two people and a spectator, and
// against the computer) every page's log and "Last chance event" equal what a fresh page shows;
// consequences are named after whom they are about; the moves can be looked back at during play
// (view only, "Back to the game", what came meanwhile shown on return); "Not connected" goes
// when the connection is back; and a move refused because another tab of the seat played first
// is said so in its tab, which then shows the table as it is.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer,
  launchBrowser,
  newPage,
  api,
  clickAndWait,
  moveOnce,
  shownVersion,
  rng,
  until,
  budget,
  screenshot,
  STEP_MS,
  TURN_SELECTOR,
  givePlayerName,
  waitForTurnOrEnd,
  openSeatLink,
} from './support.mjs';

/** @type {Awaited<ReturnType<typeof startServer>> | null} */
let server = null;
/** @type {import('playwright-core').Browser | null} */
let browser = null;

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** @typedef {import('playwright-core').Page} Page */

/**
 * Plays on, by whichever page has a decision, until `page` has one of its own: after a refused
 * takeback p2 plays next, or p1 first when its next decision is forced (the server holds a
 * person's forced move for the person).
 * @param {Page} page
 * @param {Page[]} pages
 * @param {() => number} rand
 */
async function playOnUntil(page, pages, rand) {
  for (let k = 0; k < 12; k++) {
    const [turn] = await Promise.race(
      pages.map((pg) =>
        pg.waitForSelector(TURN_SELECTOR).then(
          () => [pg],
          () => [null], // the page closed: the loser of the race is not waited for
        ),
      ),
    );
    if (turn === page) return;
    await moveOnce(turn, rand);
  }
  assert.fail('the other seat kept the turn');
}

/**
 * What a page shows of the log: each line's text, and the "Last chance event" line.
 * @param {Page} page
 */
function logShown(page) {
  return page.evaluate(() => ({
    lines: [...document.querySelectorAll('#log li')].map((li) => li.textContent ?? ''),
    chance: document.getElementById('chance')?.hidden ? '' : (document.getElementById('chance')?.textContent ?? ''),
  }));
}

/**
 * Waits until the page shows version v with its connection open.
 * @param {Page} page
 * @param {number} v
 */
async function atVersion(page, v) {
  await page.waitForSelector('#conn.open');
  await until(async () => (await shownVersion(page)) === v, `the page at version ${v}`);
}

/**
 * Opens a fresh page of the same browser (the same seat's token, or a spectator) on the table
 * and compares the log it shows with the page's.
 * @param {Page} page
 * @param {string} url
 * @param {number} v
 * @param {string} who
 */
async function sameAsFresh(page, url, v, who) {
  await atVersion(page, v);
  const fresh = await page.context().newPage();
  fresh.setDefaultTimeout(STEP_MS);
  await fresh.goto(url);
  await atVersion(fresh, v);
  const want = await logShown(fresh);
  const got = await logShown(page);
  assert.deepEqual(got, want, `${who}'s log after the takeback is a fresh page's`);
  await fresh.close();
  return got;
}

/** The table's version, from the API. */
async function tableVersion(/** @type {string} */ id) {
  return (await api(server?.url ?? '', 'GET', `/api/tables/${id}`)).v;
}

test(
  'a takeback between two people: every page shows the log a fresh page shows',
  { timeout: budget(20000) },
  async () => {
    server = await startServer();
    browser = await launchBrowser();
    const { id } = await api(server.url, 'POST', '/api/tables', {
      game: 'three-arrows',
      seats: ['human', 'human'],
      private: false,
    });
    const table = new URL(`table.html?id=${id}`, server.url).toString();
    const p1 = await newPage(browser);
    const p2 = await newPage(browser);
    const watcher = await newPage(browser);
    await openSeatLink(p1.page, `${table}&seat=p1`);
    await openSeatLink(p2.page, `${table}&seat=p2`);
    await watcher.page.goto(table);
    for (const x of [p1, p2, watcher]) await x.page.waitForSelector('#conn.open');
    const rand = rng(3);
    await moveOnce(p1.page, rand);
    await moveOnce(p2.page, rand);
    // p1 moves and takes it back (a move followed by the die cannot be: then p2 plays on)
    let before = 0;
    let v = -1;
    for (let k = 0; k < 10 && v < 0; k++) {
      await moveOnce(p1.page, rand);
      const v0 = await tableVersion(id);
      await atVersion(p1.page, v0);
      await atVersion(watcher.page, v0);
      before = (await logShown(watcher.page)).lines.length;
      // "Take back my last move": at once while p2 has not moved since, else a request p2
      // accepts; a move followed by the die is refused
      await p1.page.click('#undo');
      let outcome = '';
      await until(async () => {
        if (/cannot be taken back/.test((await p1.page.textContent('#move-panel')) ?? '')) outcome = 'refused';
        else if (await p2.page.locator('#offer .offer-accept').count()) outcome = 'asked';
        else if ((await tableVersion(id)) > v0) outcome = 'at once';
        return outcome;
      }, 'the takeback, its request or its refusal');
      if (outcome === 'asked') await p2.page.click('#offer .offer-accept');
      if (outcome !== 'refused') {
        await until(async () => (await logShown(watcher.page)).lines.length < before, 'the move taken back');
        v = await tableVersion(id);
      } else await playOnUntil(p1.page, [p1.page, p2.page], rand);
    }
    assert.ok(v >= 0, 'a move was taken back');
    // the consequences of a move are not credited to its mover: the home side is the game's
    const lines = (await logShown(watcher.page)).lines;
    assert.ok(
      lines.some((l) => /^game: side . becomes p1's home side$/.test(l)),
      `a consequence named as the game's: ${lines.join(' / ')}`,
    );
    const after = await sameAsFresh(watcher.page, table, v, 'the spectator');
    assert.ok(after.lines.length < before, 'the move taken back left the log');
    await sameAsFresh(p1.page, table, v, 'p1');
    await sameAsFresh(p2.page, table, v, 'p2');
    for (const x of [p1, p2, watcher]) assert.deepEqual(x.errors, [], 'no script error');
    for (const x of [p1, p2, watcher]) await x.page.context().close();
  },
);

test(
  'a takeback against the computer: the log and the last chance event are a fresh page’s',
  { timeout: budget(30000) },
  async () => {
    server ??= await startServer();
    browser ??= await launchBrowser();
    const { id } = await api(server.url, 'POST', '/api/tables', {
      game: 'three-arrows',
      seats: ['human', 'easy'],
      private: false,
    });
    const url = new URL(`table.html?id=${id}`, server.url).toString();
    const p = await newPage(browser);
    await openSeatLink(p.page, `${url}&seat=p1`);
    await p.page.waitForSelector('#conn.open');
    const rand = rng(11);
    // play until the log has a chance event (an attack's die), then take a move back (one
    // made after it: a die is never taken back)
    let undone = false;
    for (let k = 0; k < 40 && !undone; k++) {
      await moveOnce(p.page, rand);
      if ((await waitForTurnOrEnd(p.page, STEP_MS)) === 'over') break;
      const shown = await logShown(p.page);
      if (!shown.lines.some((l) => l.includes('chance: '))) continue;
      const v = await tableVersion(id);
      await atVersion(p.page, v);
      await p.page.click('#undo');
      await until(
        async () =>
          (await tableVersion(id)) > v || /cannot be taken back/.test((await p.page.textContent('#move-panel')) ?? ''),
        'the undo or its refusal',
      );
      undone = (await tableVersion(id)) > v;
    }
    assert.ok(undone, 'a move was taken back after a chance event');
    const v = await tableVersion(id);
    await sameAsFresh(p.page, url, v, 'the player');
    assert.deepEqual(p.errors, [], 'no script error');
    await p.page.context().close();
  },
);

test('looking back at the moves during play, then back to the game', { timeout: budget(20000) }, async () => {
  server ??= await startServer();
  browser ??= await launchBrowser();
  const { id } = await api(server.url, 'POST', '/api/tables', {
    game: 'concardia',
    seats: ['human', 'human'],
    private: false,
  });
  const table = new URL(`table.html?id=${id}`, server.url).toString();
  const p1 = await newPage(browser);
  const p2 = await newPage(browser);
  await openSeatLink(p1.page, `${table}&seat=p1`);
  await openSeatLink(p2.page, `${table}&seat=p2`);
  for (const x of [p1, p2]) await x.page.waitForSelector('#conn.open');
  const rand = rng(7);
  // the seat to move, as the server says: a page may offer its start before its turn (both
  // choose in secret; p2's choice is held until p1 has chosen, docs/rules/concardia.md), and a
  // page may not have drawn its turn yet
  const moverNow = async () => {
    /** @type {string[]} */
    let to = [];
    await until(async () => {
      to = (await api(server.url, 'GET', `/api/tables/${id}`)).to_move ?? [];
      return to.length > 0;
    }, 'a seat to move');
    return to.includes('p1') ? p1 : p2;
  };
  // the secret starting cards, then a few moves
  for (let k = 0; k < 4; k++) await moveOnce((await moverNow()).page, rand);
  // the one not to move looks back while the other plays, both pages at the table's version
  const mover = await moverNow();
  const looker = mover === p1 ? p2 : p1;
  const shown = await tableVersion(id);
  for (const x of [p1, p2]) await atVersion(x.page, shown);
  const page = looker.page;
  const now = await page.locator('#board-area').innerHTML();
  const lines = await page.locator('#log li').count();
  assert.ok(lines >= 4, 'a few lines in the log');
  // the first line: p1's secret start, seen by p2 as "start ?"
  await page.locator('#log li .log-pick').first().click();
  await page.waitForSelector('#look-back:not([hidden]) .back-to-game');
  assert.match(await page.textContent('#look-back'), /Looking back, view only/);
  assert.match(await page.textContent('#status'), /Looking back/);
  assert.ok(await page.locator('#move').isHidden(), 'no move to make while looking back');
  assert.notEqual(await page.locator('#board-area').innerHTML(), now, 'the board shows the past');
  assert.equal((await page.locator('#log li.looked').count()) >= 1, true, 'the move looked at is marked');
  // the past view is the looker's own, view only
  const frames = looker.frames.filter((f) => f.type === 'history');
  assert.ok(frames.length >= 1, 'a history frame came');
  assert.equal(frames[0].view.viewer, looker === p1 ? 'p1' : 'p2');
  assert.equal(frames[0].view.legal, undefined, 'no legal actions in a past view');
  // nothing of the other seat's hidden things: its hand, its secret starting card (the first
  // line is p1's secret start, before p2 chose)
  const other = looker === p1 ? 1 : 0;
  assert.equal(frames[0].view.view.players[other].hand, undefined, "the other seat's hand is not in a past view");
  assert.equal(frames[0].view.view.players[other].start, undefined, "the other seat's secret start is not in it");
  await screenshot(page, 'look-back.png', { fullPage: true });
  // the later move, then a move of p1 meanwhile: the log grows, the board stays in the past
  await page.click('#look-back button:has-text("Later move")');
  await until(async () => (await page.textContent('#look-back'))?.includes('line 2') ?? false, 'the later move');
  const past = await page.locator('#board-area').innerHTML();
  await moveOnce(mover.page, rand);
  await until(async () => (await page.locator('#log li').count()) > lines, 'the new lines in the log');
  assert.equal(await page.locator('#board-area').innerHTML(), past, 'still looking back');
  for (const f of looker.frames.filter((x) => x.type === 'history'))
    assert.equal(f.view.view.players[other].hand, undefined, "never the other seat's hand");
  await page.click('#look-back .back-to-game');
  await page.waitForSelector('#look-back', { state: 'hidden' });
  const v = await tableVersion(id);
  await atVersion(page, v);
  const fresh = await page.context().newPage();
  await fresh.goto(table);
  await atVersion(fresh, v);
  assert.equal(
    await page.locator('#board-area .cell').count(),
    await fresh.locator('#board-area .cell').count(),
    'back to the game as it is',
  );
  assert.deepEqual((await logShown(page)).lines, (await logShown(fresh)).lines, 'the log as a fresh page');
  for (const x of [p1, p2]) assert.deepEqual(x.errors, [], 'no script error');
  for (const x of [p1, p2]) await x.page.context().close();
});

// (A move could once be tried during an outage and was refused "Not connected"; now the moves
// are disabled while the connection is lost, reconnect.test.mjs, and come back with it.)
test('moves disabled while the connection is lost work again when it is back', { timeout: budget(20000) }, async () => {
  server ??= await startServer();
  browser ??= await launchBrowser();
  const { id } = await api(server.url, 'POST', '/api/tables', {
    game: 'three-arrows',
    seats: ['human', 'easy'],
    private: false,
  });
  const table = new URL(`table.html?id=${id}&seat=p1`, server.url).toString();
  const p = await newPage(browser);
  await openSeatLink(p.page, table);
  await p.page.waitForSelector('#conn.open');
  await p.page.waitForSelector(TURN_SELECTOR);
  const { db, port } = server;
  await server.kill9();
  server = null;
  await p.page.waitForSelector('#conn.lost');
  await p.page.waitForSelector('#notation:disabled');
  server = await startServer({ db, port });
  await p.page.waitForSelector('#conn.open');
  await p.page.waitForSelector('#notation:enabled');
  const v = Number(await p.page.evaluate(() => document.body.dataset.v));
  await p.page.fill('#notation', 'place Y c1 N');
  await p.page.press('#notation', 'Enter');
  await p.page.click('#move-panel .play-button[data-action="place Y c1 N"]');
  await p.page.waitForFunction((x) => Number(document.body.dataset.v) > x, v);
  assert.doesNotMatch((await p.page.textContent('#move-panel')) ?? '', /Not connected/, 'no message of the outage');
  assert.deepEqual(p.errors, [], 'no script error');
  await p.page.context().close();
});

test(
  'a move refused because another tab of the seat played first is said there',
  { timeout: budget(20000) },
  async () => {
    server ??= await startServer();
    browser ??= await launchBrowser();
    const { id } = await api(server.url, 'POST', '/api/tables', {
      game: 'three-arrows',
      seats: ['human', 'human'],
      private: false,
    });
    const table = new URL(`table.html?id=${id}`, server.url).toString();
    await api(server.url, 'POST', `/api/tables/${id}/join`, { seat: 'p2' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await givePlayerName(context, 'Tester');
    context.setDefaultTimeout(STEP_MS);
    const a = await context.newPage();
    await openSeatLink(a, `${table}&seat=p1`);
    await a.waitForSelector('#conn.open');
    // the second tab's socket goes through the test, which holds back what the server says
    let hold = false;
    /** @type {string[]} */
    const held = [];
    const b = await context.newPage();
    await b.routeWebSocket(/\/ws$/, (ws) => {
      const srv = ws.connectToServer();
      srv.onMessage((m) => {
        const text = String(m);
        // (the pongs pass: without them the page would take its socket for dead: connection.js)
        if (hold && !text.includes('"type":"error"') && !text.includes('"type":"pong"')) held.push(text);
        else ws.send(text);
      });
    });
    await b.goto(table);
    await b.waitForSelector('#conn.open');
    await b.waitForSelector(TURN_SELECTOR);
    const rand = rng(5);
    hold = true; // the second tab hears nothing more of the table but errors (and pongs)
    await moveOnce(a, rand);
    // the second tab, still showing the position before, plays too
    const bv = await shownVersion(b);
    for (let k = 0; k < 12 && !/not played/.test((await b.textContent('.act-error')) ?? ''); k++) {
      if (!(await b.locator(TURN_SELECTOR).count())) break;
      await clickAndWait(b, rand);
    }
    // the act went (the tab waits for the table): its refusal comes
    await until(async () => /not played/.test((await b.textContent('.act-error')) ?? ''), 'the refusal in the tab');
    hold = false;
    assert.match((await b.textContent('.act-error')) ?? '', /Your move was not played: the table moved on/);
    assert.ok(held.length > 0, 'the update was held back');
    // the update never came: the page connects again and shows the table as it is
    const v = await tableVersion(id);
    assert.ok(v > bv);
    await atVersion(b, v);
    assert.equal(await b.locator(TURN_SELECTOR).count(), 0, 'not p1 to move any more in the second tab');
    assert.match((await b.textContent('.act-error')) ?? '', /not played/, 'the refusal stays in sight');
    await screenshot(b, 'refused-second-tab.png');
    await context.close();
  },
);
