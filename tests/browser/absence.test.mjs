// Absence at a table without a clock, against `quiver serve --away-limit 3`: when a friend
// closes the page, the other reads "offline" and "away N s" counting from the first second
// (info's `away_since` on the server's clock, not the `away_ms` of the update, which is 0 at
// the disconnect), and "Claim the win" appears without a reload exactly when the server takes
// the claim (no earlier than the limit after the seat left, within a second or two after), and
// wins the game.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, api, budget, until, moveOnce, rng, openSeatLink } from './support.mjs';

/** The server's --away-limit in this file, in seconds. */
const LIMIT = 3;

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  server = await startServer({ extra: ['--away-limit', String(LIMIT)] });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * The text of the line of `seat` in the page's people list.
 * @param {import('playwright-core').Page} page
 * @param {string} seat
 */
async function personText(page, seat) {
  return (await page.locator(`#people .person[data-seat="${seat}"]`).textContent()) ?? '';
}

test(
  'a friend who closes the page: away counted at once, the claim offered at the limit',
  { timeout: budget(20000) },
  async () => {
    const created = await api(server.url, 'POST', '/api/tables', { game: 'three-arrows', seats: ['human', 'human'] });
    const url = new URL(`table.html?id=${created.id}`, server.url).toString();
    const p1 = await newPage(browser, { name: 'Ann' });
    const p2 = await newPage(browser, { name: 'Bob' });
    await openSeatLink(p1.page, `${url}&seat=p1`);
    await openSeatLink(p2.page, `${url}&seat=p2`);
    for (const x of [p1, p2]) await x.page.waitForSelector('#conn.open');
    // p1 moves (a turn may take several decisions), so that p2 keeps the game waiting
    const rand = rng(7);
    const p2Moves = async () => /\bto-move\b/.test((await p1.page.getAttribute('#people .person.p2', 'class')) ?? '');
    for (let k = 0; k < 6 && !(await p2Moves()); k++) await moveOnce(p1.page, rand);
    await until(p2Moves, 'p2 to move');
    assert.equal(await p1.page.locator('#people button.claim').count(), 0, 'nothing to claim while p2 is here');
    // p2 closes the page: p1 reads it at once, and the away time counts from the first second
    const closed = Date.now();
    await p2.page.context().close();
    await until(async () => /offline/.test(await personText(p1.page, 'p2')), 'p1 reads that p2 is offline');
    await until(async () => /away \d+ s/.test(await personText(p1.page, 'p2')), 'p1 reads "away N s" without a reload');
    if (Date.now() - closed < LIMIT * 1000)
      assert.equal(await p1.page.locator('#people button.claim').count(), 0, 'no claim before the limit');
    // the claim appears without a reload: not before the limit, and soon after it
    const claim = p1.page.locator('#people button.claim[data-seat="p2"]');
    await claim.waitFor({ timeout: LIMIT * 1000 + budget(300) });
    const shown = Date.now();
    assert.ok(shown - closed >= LIMIT * 1000, `the claim appeared ${shown - closed} ms after p2 left`);
    assert.equal(await claim.textContent(), 'Claim the win');
    assert.match(await personText(p1.page, 'p2'), /away \d+ s/);
    // and the server takes it: p1 wins
    await claim.click();
    await until(
      async () => /Bob \(p2\) ran out of time; you won!/.test((await p1.page.textContent('#status')) ?? ''),
      'p1 won by the claim',
    );
    assert.doesNotMatch((await p1.page.textContent('#people')) ?? '', /cannot claim|too early/);
    assert.deepEqual(p1.errors, [], 'no script error');
    await p1.page.context().close();
  },
);
