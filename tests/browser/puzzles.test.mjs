// Puzzles from real games in the browser (issue 67, item 3): Evons games of greedy against
// random finish on the server and are reviewed until one gives a puzzle; the replay page's
// review links to the game's puzzles; a signed-in player opens them, fails the first puzzle once
// (a legal move that is not the answer, typed in the move panel: the page says so, names the one
// move and why, and the puzzle rating moves down from 1500), then solves it (judged right, not
// rated again), and the page's rating says one puzzle rated. A guest's try is judged and not
// rated. Screenshots: puzzle.png and puzzle-phone.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer,
  launchBrowser,
  newPage,
  api,
  budget,
  until,
  screenshot,
  pageAccount,
  assertAccessible,
  gameWithPuzzles,
  tryPuzzleMove,
} from './support.mjs';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  server = await startServer({ extra: ['--review-iterations', '400'] });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test(
  'a puzzle from a reviewed blunder, failed once then solved; the rating moves',
  { timeout: budget(300000) },
  async () => {
    const { id: table, list } = await gameWithPuzzles(server.url);
    const first = list.puzzles[0];
    const shown = await api(server.url, 'GET', `/api/puzzles/${first.id}`);
    assert.equal(shown.answer, undefined, 'no answer before a try');

    // a guest's try: judged, never rated; it tells the answer, which the test keeps
    const guest = await api(server.url, 'POST', `/api/puzzles/${first.id}/attempt`, { action: shown.view.legal[0] });
    assert.equal(guest.rated, false);
    const answer = guest.answer;
    const wrong = shown.view.legal.find((/** @type {string} */ a) => a !== answer);

    const p = await newPage(browser, { name: 'Puzzler' });
    await p.page.goto(server.url);
    await pageAccount(p.page, 'Puzzler');
    // from the replay's review to the game's puzzles
    await p.page.goto(new URL(`replay.html?id=${table}`, server.url).toString());
    await p.page.locator('#game-puzzles-link').click();
    await p.page.waitForURL(/puzzles\.html\?table=/);
    await p.page.locator(`#game-puzzle-list a[data-puzzle="${first.id}"]`).waitFor();
    await p.page.locator('#move-panel').waitFor();
    assert.match((await p.page.textContent('#puzzle-about')) ?? '', new RegExp(`Move ${first.step} of the game`));

    // failed once: the one move named, the rating down from 1500
    await tryPuzzleMove(p.page, wrong);
    const v = (await p.page.textContent('#verdict')) ?? '';
    assert.match(v, new RegExp(`Not ${wrong.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the one move was`));
    const change = Number(await p.page.getAttribute('.puzzle-rating-change', 'data-change'));
    assert.ok(change < 0, `the rating went down: ${change}`);
    assert.match(v, /Your puzzle rating: 1500 → \d+\?/);
    await screenshot(p.page, 'puzzle.png');

    // solved on a second look: right, and not rated again
    await p.page.reload();
    await p.page.locator('#move-panel').waitFor();
    await tryPuzzleMove(p.page, answer);
    const again = (await p.page.textContent('#verdict')) ?? '';
    assert.match(again, /Right: .* is the one move\./);
    assert.match(again, /Not rated/);
    await until(
      async () =>
        /Your puzzle rating: \d+\? \(1 puzzle rated\)/.test((await p.page.textContent('#puzzle-rating')) ?? ''),
      'the page says one puzzle rated',
    );
    await assertAccessible(p.page, 'a puzzle, tried');
    assert.deepEqual(p.errors, []);

    // on a phone
    const phone = await newPage(browser, { width: 390, height: 844 });
    await phone.page.goto(new URL(`puzzles.html?id=${first.id}`, server.url).toString());
    await phone.page.locator('#move-panel').waitFor();
    await screenshot(phone.page, 'puzzle-phone.png', { fullPage: true });
    assert.deepEqual(phone.errors, []);
  },
);
