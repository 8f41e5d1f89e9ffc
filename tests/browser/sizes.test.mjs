// The pages at the sizes players use: desktops 1024, 1280, 1366, 1440 and 1920 px wide and a
// 390 × 844 phone. The replay page of a finished game of each game shows its board, large and
// whole, at every size (it was 13 px tall at 1280 px and wider: no board at all). A table
// between two people with a clock: the tools (Resign, Offer a draw, Give 15 s) never cover the
// move panel's heading; at 1366 × 768 (and every desktop) the viewer's own hand is on screen,
// every card of a ConCardia hand of seven within the page's width, and an Evons card's name
// readable (at least 9 CSS px). The screenshots go to $QV_SCREENSHOT_DIR (else
// build/screenshots) as sizes-WHAT-GAME-SIZE.png. $QV_GAME limits it to one game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serverAndBrowser, api, budget, until, STEP_MS, screenshotDir, givePlayerName } from './support.mjs';

const GAMES = process.env.QV_GAME ? [process.env.QV_GAME] : ['three-arrows', 'concardia', 'evons', 'arrow-party'];
const DESKTOPS = [
  { name: '1024x768', viewport: { width: 1024, height: 768 } },
  { name: '1280x800', viewport: { width: 1280, height: 800 } },
  { name: '1366x768', viewport: { width: 1366, height: 768 } },
  { name: '1440x900', viewport: { width: 1440, height: 900 } },
  { name: '1920x1080', viewport: { width: 1920, height: 1080 } },
];
const PHONE = {
  name: 'phone',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

const env = serverAndBrowser();

/**
 * A page in a fresh context of `size`, failing on any script error.
 * @param {{name: string, viewport: {width: number, height: number}}} size
 */
async function pageAt(size) {
  const { name, ...options } = size;
  void name;
  const ctx = await env.browser.newContext(options);
  await givePlayerName(ctx, 'Ann Example');
  const page = await ctx.newPage();
  page.setDefaultTimeout(STEP_MS);
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { ctx, page, errors };
}

/**
 * The box of the first element matching sel, in viewport coordinates, or null.
 * @param {import('playwright-core').Page} page
 * @param {string} sel
 */
function boxOf(page, sel) {
  return page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
  }, sel);
}

/**
 * A table of computers played to its end by the server.
 * @param {string} game
 */
async function finishedTable(game) {
  const seats = game === 'arrow-party' ? ['random', 'random', 'random'] : ['random', 'random'];
  const info = await api(env.server.url, 'POST', '/api/tables', { game, seats, private: true });
  await until(
    async () => (await api(env.server.url, 'GET', `/api/tables/${info.id}`)).status === 'over',
    'the computers finish their game',
  );
  return info.id;
}

for (const game of GAMES) {
  test(`${game}: the replay page shows the board at every size`, { timeout: budget(40000) }, async () => {
    const id = await finishedTable(game);
    for (const size of [...DESKTOPS, PHONE]) {
      const { ctx, page, errors } = await pageAt(size);
      const at = `${game} replay at ${size.name}`;
      await page.goto(new URL(`replay.html?id=${id}`, env.server.url).toString());
      await page.waitForSelector('#board-area svg.board', { state: 'attached' });
      // the middle of the game, then its end: both boards large and whole
      for (const where of ['middle', 'end']) {
        if (where === 'end') await page.click('#last');
        else
          await page.$eval('#step', (el) => {
            const range = /** @type {HTMLInputElement} */ (el);
            range.value = String(Math.floor(Number(range.max) / 2));
            range.dispatchEvent(new Event('input'));
          });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const board = await boxOf(page, '#board-area svg.board');
        const { vw, vh } = await page.evaluate(() => ({ vw: innerWidth, vh: innerHeight }));
        assert.ok(board, `${at}: a board`);
        // a board is square or nearly (its SVG keeps its aspect): it fills most of the height a
        // desktop leaves it, or the width of a phone
        const least = size.viewport.width < 700 ? vw * 0.85 : Math.min(vh * 0.6, (vw - 400) * 0.6);
        assert.ok(
          board.height >= least,
          `${at}, ${where}: the board is ${Math.round(board.height)} px tall, at least ${Math.round(least)} expected`,
        );
        assert.ok(
          board.left >= 0 && board.right <= vw + 0.5,
          `${at}: the board within the width: ${JSON.stringify(board)}`,
        );
        if (size.viewport.width >= 1200)
          assert.ok(
            board.top >= 0 && board.bottom <= vh + 0.5,
            `${at}: the board on one screen: ${JSON.stringify(board)}`,
          );
        if (where === 'end') {
          assert.equal(await page.isVisible('#result'), true, `${at}: the result at the end`);
          await page.screenshot({ path: path.join(screenshotDir(), `sizes-replay-${game}-${size.name}.png`) });
        }
      }
      assert.deepEqual(errors, [], `${at}: no script error`);
      await ctx.close();
    }
  });
}
