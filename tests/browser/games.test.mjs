// "Your games" (web/my-games.js, games.html): the tables a browser took seats at, from the
// server's list under its player key (GET /api/me), with no account. A person starts a game
// against the computer from the lobby: back in the lobby, "Your games" lists it with its turn
// badge, the tab's title counts it and the favicon has its badge; games.html lists it with
// Play, Abort and Resign; Abort ends it with no result and it moves to Finished; a second game,
// a move made, is resigned from the list. Another browser (its own key) sees none of it. With
// --address-tables 1, the lobby's refusal of a second table links to the list. A table that
// waited for a friend notifies "Your game begins" when the friend takes the seat. The lobby,
// games.html and another table's page hear of a turn through the player's channel
// (/api/me/ws), which they listen to instead of asking the list again and again. The
// screenshot: games.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  startServer,
  newPage,
  budget,
  STEP_MS,
  screenshot,
  moveOnce,
  rng,
  until,
  assertAccessible,
  quickPlay,
  api,
} from './support.mjs';

const env = serverAndBrowser();

/**
 * A table of THREE ARROWS between two people made from page's browser, which takes p1 as Ann
 * (its player key comes with the requests); its id.
 * @param {import('playwright-core').Page} page
 */
async function tableOfTwo(page) {
  return page.evaluate(async () => {
    const made = await (
      await fetch('api/tables', {
        method: 'POST',
        body: JSON.stringify({ game: 'three-arrows', seats: ['human', 'human'] }),
      })
    ).json();
    await fetch(`api/tables/${made.id}/join`, { method: 'POST', body: JSON.stringify({ seat: 'p1', name: 'Ann' }) });
    return /** @type {string} */ (made.id);
  });
}

test(
  'your games: listed with the turn badge, aborted and resigned from the list',
  { timeout: budget(40000) },
  async () => {
    const a = await newPage(env.browser, { name: 'Ann' });
    const id = await quickPlay(a.page, env.server.url, 'three-arrows');
    // back in the lobby: the game, my turn (p1 begins), counted in the title
    await a.page.goto(env.server.url);
    const mine = a.page.locator(`#mine .my-game[data-table="${id}"]`);
    await mine.waitFor();
    assert.ok(await a.page.isVisible('#mine'));
    assert.match((await mine.textContent()) ?? '', /THREE ARROWS.*your turn.*you and Beginner AI.*you are p1/);
    assert.match(await a.page.title(), /^\(1\) quiver/);
    // the favicon's badge, as at a table on my turn
    await a.page.waitForFunction(() =>
      (document.querySelector('link[rel=icon]')?.getAttribute('href') ?? '').startsWith('data:image/png'),
    );
    await a.page.click(`#mine .my-game[data-table="${id}"] a.button`);
    await a.page.waitForURL(new RegExp(`table\\.html\\?id=${id}`));

    // the page of all games: Play, Abort (no decision made yet) and Resign
    await a.page.goto(new URL('games.html', env.server.url).toString());
    const row = a.page.locator(`#ongoing .my-game[data-table="${id}"]`);
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /Your turn/);
    assert.match(await a.page.title(), /^\(1\) Your games/);
    await screenshot(a.page, 'games.png');
    await assertAccessible(a.page, 'your games');
    await row.locator('button.abort').click();
    await a.page.click('.confirm-dialog .confirm-yes');
    const ended = a.page.locator(`#finished .my-game[data-table="${id}"]`);
    await ended.waitFor();
    assert.match((await ended.textContent()) ?? '', /Ended without a result/);
    assert.ok(await ended.locator('a[href^="replay.html"]').count());
    assert.equal(await a.page.locator(`#ongoing .my-game[data-table="${id}"]`).count(), 0);

    // a second game, one move made: resigned from the list (no abort any more)
    const second = await quickPlay(a.page, env.server.url, 'three-arrows');
    await moveOnce(a.page, rng(3));
    await a.page.goto(new URL('games.html', env.server.url).toString());
    const row2 = a.page.locator(`#ongoing .my-game[data-table="${second}"]`);
    await row2.waitFor();
    await until(async () => (await row2.locator('button.abort').count()) === 0, 'no abort after a decision', STEP_MS);
    await row2.locator('button.resign').click();
    await a.page.click('.confirm-dialog .confirm-yes');
    const lost = a.page.locator(`#finished .my-game[data-table="${second}"]`);
    await lost.waitFor();
    assert.match((await lost.textContent()) ?? '', /You came second of 2/);

    // another browser has its own key: none of this
    const b = await newPage(env.browser, { name: 'Bob' });
    await b.page.goto(env.server.url);
    await b.page.waitForSelector('button.quick-play');
    const answer = await b.page.evaluate(async () => (await fetch('api/me')).json());
    assert.deepEqual(answer.tables, []);
    assert.ok(await b.page.isHidden('#mine'));
    assert.deepEqual([...a.errors, ...b.errors], []);
    for (const x of [a, b]) await x.page.context().close();
  },
);

test('a refusal for too many open tables links to your games', { timeout: budget(20000) }, async () => {
  const server = await startServer({ extra: ['--address-tables', '1'] });
  try {
    const a = await newPage(env.browser, { name: 'Ann' });
    await quickPlay(a.page, server.url, 'three-arrows');
    await a.page.goto(server.url);
    await a.page.selectOption('#level-concardia', 'beginner');
    await a.page.click('button.quick-play[data-game="concardia"]');
    await a.page.waitForSelector('#lobby-error a[href="games.html"]');
    assert.match((await a.page.textContent('#lobby-error')) ?? '', /too many open tables.*See your games/);
    await a.page.click('#lobby-error a[href="games.html"]');
    await a.page.waitForSelector('#ongoing .my-game');
    assert.deepEqual(a.errors, []);
    await a.page.context().close();
  } finally {
    await server.stop();
  }
});

test(
  'a table that waited for a friend says so when the friend takes the seat',
  { timeout: budget(30000) },
  async () => {
    const a = await newPage(env.browser, { name: 'Ann' });
    // notifications allowed and the page hidden, as when another tab is in front; the
    // notifications made are recorded
    await a.page.addInitScript(() => {
      localStorage.setItem('quiver.turn-notify', 'on');
      Object.defineProperty(document, 'hidden', { get: () => true });
      /** @type {{title: string, body: string}[]} */
      const told = [];
      /** @type {any} */ (window).told = told;
      /** @type {any} */ (window).Notification = class {
        static permission = 'granted';
        /** @param {string} title @param {{body: string}} o */
        constructor(title, o) {
          told.push({ title, body: o.body });
        }
        close() {}
      };
    });
    await a.page.goto(new URL('games.html', env.server.url).toString());
    const id = await tableOfTwo(a.page);
    await a.page.reload();
    await a.page.locator(`#ongoing .my-game[data-table="${id}"]`, { hasText: 'Waiting for players' }).waitFor();
    await api(env.server.url, 'POST', `/api/tables/${id}/join`, { seat: 'p2', name: 'Bob' });
    await a.page.waitForFunction(
      () => /** @type {any} */ (window.told ?? []).some((/** @type {any} */ n) => n.title === 'Your game begins'),
      null,
      { timeout: budget(20000) },
    );
    const told = await a.page.evaluate(() => /** @type {any} */ (window).told);
    assert.match(
      told.find((/** @type {any} */ n) => n.title === 'Your game begins').body,
      /THREE ARROWS with you and Bob/,
    );
    assert.deepEqual(a.errors, []);
    await a.page.context().close();
  },
);

test(
  "the lobby, games.html and another table's page hear of my turn on the player's channel",
  { timeout: budget(40000) },
  async () => {
    const a = await newPage(env.browser, { name: 'Ann' });
    const other = await quickPlay(a.page, env.server.url, 'three-arrows');
    const ctx = a.page.context();
    const lobby = await ctx.newPage();
    const games = await ctx.newPage();
    /** @type {Map<import('playwright-core').Page, string[]>} */
    const heard = new Map();
    for (const p of [lobby, games, a.page]) {
      heard.set(p, []);
      p.on('websocket', (ws) => {
        if (!ws.url().endsWith('/api/me/ws')) return;
        ws.on('framereceived', (f) => heard.get(p)?.push(String(f.payload)));
      });
    }
    await lobby.goto(env.server.url);
    await games.goto(new URL('games.html', env.server.url).toString());
    await a.page.reload(); // the table's page, its channel now watched
    for (const p of [lobby, games, a.page])
      await until(
        async () => (heard.get(p) ?? []).some((f) => JSON.parse(f).type === 'ready'),
        'the channel is ready',
        10000,
      );
    // a table between people, p1 mine; Bob takes p2 and it is my turn
    const id = await tableOfTwo(lobby);
    await api(env.server.url, 'POST', `/api/tables/${id}/join`, { seat: 'p2', name: 'Bob' });
    for (const p of [lobby, games, a.page])
      await until(
        async () => (heard.get(p) ?? []).some((f) => JSON.parse(f).type === 'turn' && JSON.parse(f).table === id),
        'the turn heard on the channel',
        10000,
      );
    await lobby.locator(`#mine .my-game[data-table="${id}"]`, { hasText: 'your turn' }).waitFor({ timeout: STEP_MS });
    await until(async () => /^\(2\) quiver/.test(await lobby.title()), 'the lobby counts two tables waiting', STEP_MS);
    await games
      .locator(`#ongoing .my-game[data-table="${id}"]`, { hasText: 'Your turn' })
      .waitFor({ timeout: STEP_MS });
    await until(async () => /^\(2\) Your games/.test(await games.title()), 'games.html counts two', STEP_MS);
    // the table's page counts the other table only, and links to the list
    const others = a.page.locator('#others');
    await others.waitFor({ timeout: STEP_MS });
    assert.equal(await others.textContent(), '1 other game waits for you');
    assert.equal(await others.getAttribute('href'), 'games.html');
    await screenshot(a.page, 'table-others.png');
    assert.ok(other);
    assert.deepEqual(a.errors, []);
    await ctx.close();
  },
);
