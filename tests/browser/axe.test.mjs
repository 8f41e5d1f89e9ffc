// Accessibility: axe-core finds no serious or critical violation (WCAG 2.1 A and AA rules) on
// the lobby, on a rules page and on a table of each game in play (a few moves in, so that
// highlights and word buttons are on screen), in the dark theme and in the light one; and at
// 375 px wide nothing is wider than the screen. Every page has the theme switch: it follows
// the system's preference, and a theme chosen is kept.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage, clickAndWait, rng, screenshot, budget, assertAccessible } from './support.mjs';

const env = serverAndBrowser();

/**
 * Nothing sticks out sideways at the page's width.
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
async function assertFits(page, where) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(over <= 1, `${where}: the page is ${over}px wider than the screen`);
}

/**
 * The page in the system's dark, then light, preference (the theme follows it): accessible,
 * every rule in the dark theme and the colours' contrast again in the light one (the themes
 * differ only in their colours: the rest of axe's rules would find the same twice).
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
async function assertBothThemes(page, where) {
  for (const colorScheme of /** @type {const} */ (['dark', 'light'])) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    await assertAccessible(
      page,
      `${where}, ${colorScheme} theme`,
      undefined,
      colorScheme === 'light' ? ['color-contrast'] : undefined,
    );
    // the board's squares and their marks (the last move, a target) follow the theme: no
    // square is drawn in the other theme's colours
    const squares = await page.evaluate(() =>
      [...document.querySelectorAll('#board-area .cell-bg')].map((e) => {
        const m = /rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(e).fill);
        const cell = e.closest('.cell');
        return {
          what: `${cell?.getAttribute('data-token')} (${cell?.getAttribute('class')})`,
          light: m ? (Number(m[1]) + Number(m[2]) + Number(m[3])) / 765 : 0.5,
        };
      }),
    );
    const wrong = squares.filter((q) => (colorScheme === 'light' ? q.light < 0.5 : q.light > 0.5));
    assert.deepEqual(wrong, [], `${where}: squares in the ${colorScheme} theme drawn in the other's colours`);
  }
}

/**
 * The page at a desktop's width, then at a phone's: accessible in both themes, and nothing
 * wider than the screen; `after(width)` runs at each width once the checks pass.
 * @param {import('playwright-core').Page} page
 * @param {string} where
 * @param {(width: number) => Promise<unknown>} [after]
 */
async function assertBothWidths(page, where, after) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    await assertBothThemes(page, `${where} at ${width}px`);
    await assertFits(page, `${where} at ${width}px`);
    await after?.(width);
  }
}

/**
 * Runs `fn` on a new page `width` px wide (800 high), then fails on anything the page logged as
 * an error, and closes it.
 * @param {number} width
 * @param {(page: import('playwright-core').Page) => Promise<unknown>} fn
 */
async function withPage(width, fn) {
  // no player's name kept: the lobby shows the form that asks it
  const { page, errors } = await newPage(env.browser, { width, height: 800, name: null });
  await fn(page);
  assert.deepEqual(errors, []);
  await page.context().close();
}

// The pages one after another: none waits on an AI, and three pages running axe at once on a
// loaded 2-core machine (a load of 24 to 32) each took longer than its budget. The budgets: each
// test's time at a load of about 9 (docs/benchmarks.md), times MARGIN.
describe('accessibility', () => {
  test('the lobby at 1280 and 375px', { timeout: budget(20000) }, () =>
    withPage(1280, async (page) => {
      await page.goto(env.server.url);
      await page.waitForSelector('button.quick-play');
      await page.click('#create-form details summary');
      await assertBothWidths(page, 'lobby');
    }),
  );

  test('a rules page at 375px', { timeout: budget(20000) }, () =>
    withPage(375, async (page) => {
      await page.goto(new URL('rules.html?game=three-arrows', env.server.url).toString());
      await page.waitForSelector('#rules h2');
      await assertBothThemes(page, 'rules page');
    }),
  );

  test('a lesson at 1280 and 375px', { timeout: budget(20000) }, () =>
    withPage(1280, async (page) => {
      await page.goto(new URL('/learn/three-arrows', env.server.url).toString());
      await page.waitForSelector('#lesson-title:not(:empty)');
      await assertBothWidths(page, 'lesson', (width) => screenshot(page, `learn-three-arrows-${width}.png`));
    }),
  );

  for (const game of ['three-arrows', 'concardia', 'evons', 'arrow-party']) {
    test(`a ${game} table at 1280 and 375px`, { timeout: budget(45000) }, () =>
      withPage(1280, async (page) => {
        await page.emulateMedia({ reducedMotion: 'reduce' }); // no walk animations to wait for
        await page.goto(env.server.url);
        await page.selectOption(`#level-${game}`, 'beginner');
        await page.click(`button.quick-play[data-game="${game}"]`);
        await page.waitForURL(/table\.html\?id=/);
        await page.waitForSelector('#move-panel .word-button, #move-panel .play-button, #board-area .cell.target');
        // a few moves into the game, then one click of a choice
        const rand = rng(3);
        for (let k = 0; k < 6; k++) {
          await page.waitForSelector('#move-panel .word-button, #move-panel .play-button, #board-area .cell.target');
          await clickAndWait(page, rand);
        }
        await page.waitForSelector(
          '#move-panel .word-button, #move-panel .play-button, #board-area .cell.target, #result:not([hidden])',
        );
        await assertBothWidths(page, game);
      }),
    );
  }
});

/**
 * The lightness (0 dark, 1 light) of the page's background.
 * @param {import('playwright-core').Page} page
 */
async function backgroundLightness(page) {
  return page.evaluate(() => {
    const m = /rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(document.body).backgroundColor);
    return m ? (Number(m[1]) + Number(m[2]) + Number(m[3])) / 765 : -1;
  });
}

test('every page has the theme switch: auto follows the system, a choice is kept', { timeout: budget(20000) }, () =>
  withPage(1280, async (page) => {
    for (const where of ['', 'rules.html?game=evons', 'replay.html', 'learn/concardia', 'table.html?id=nosuch']) {
      await page.goto(new URL(where, env.server.url).toString());
      await page.waitForSelector('#theme');
      assert.equal(await page.inputValue('#theme'), 'auto', `${where || 'lobby'}: auto at first`);
      await page.emulateMedia({ colorScheme: 'light' });
      assert.ok((await backgroundLightness(page)) > 0.8, `${where || 'lobby'}: light with the system`);
      await page.emulateMedia({ colorScheme: 'dark' });
      assert.ok((await backgroundLightness(page)) < 0.2, `${where || 'lobby'}: dark with the system`);
    }
    // the system dark, the page light: kept across pages
    await page.goto(env.server.url);
    await page.selectOption('#theme', 'light');
    assert.ok((await backgroundLightness(page)) > 0.8, 'light chosen');
    await page.goto(new URL('rules.html?game=three-arrows', env.server.url).toString());
    await page.waitForSelector('#theme');
    assert.equal(await page.inputValue('#theme'), 'light');
    assert.ok((await backgroundLightness(page)) > 0.8, 'light kept on another page');
    await page.selectOption('#theme', 'auto');
    assert.ok((await backgroundLightness(page)) < 0.2, 'auto: the system dark again');
  }),
);
