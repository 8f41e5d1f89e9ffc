// Moves animate: on a table, the squares whose drawing changed since the view before are
// marked (a placed piece appears, a changed one turns, a removed one fades) and style.css
// animates them, in every game; a page that asks for less motion (prefers-reduced-motion)
// marks nothing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  newPage,
  api,
  budget,
  moveOnce,
  rng,
  shownVersion,
  until,
  openSeatLink,
  lastLegal,
} from './support.mjs';

const env = serverAndBrowser();
const MARKED = '#board-area .cell.anim-appear, #board-area .cell.anim-change, #board-area .cell.anim-gone';

/**
 * Records, in the page, the animation of every square marked on each drawing of the board
 * (Arrow Party's walk is drawn step by step, and its last drawing changes nothing more).
 * @param {import('playwright-core').Page} page
 */
async function recordAnimations(page) {
  await page.evaluate((marked) => {
    const seen = /** @type {string[]} */ ([]);
    /** @type {{qvAnimations?: string[]}} */ (window).qvAnimations = seen;
    const area = /** @type {Element} */ (document.querySelector('#board-area'));
    new MutationObserver(() => {
      for (const c of document.querySelectorAll(marked))
        for (const x of c.children) if (!x.classList.contains('cell-bg')) seen.push(getComputedStyle(x).animationName);
    }).observe(area, { childList: true });
  }, MARKED);
}

/** @param {import('playwright-core').Page} page */
async function animations(page) {
  return page.evaluate(() => /** @type {{qvAnimations?: string[]}} */ (window).qvAnimations ?? []);
}

for (const game of ['three-arrows', 'concardia', 'evons', 'arrow-party']) {
  test(`${game}: what a move changed on the board animates`, { timeout: budget(20000) }, async () => {
    const seats = game === 'arrow-party' ? ['human', 'random', 'random'] : ['human', 'random'];
    const { id } = await api(env.server.url, 'POST', '/api/tables', { game, seats, private: false });
    const { page, errors } = await newPage(env.browser);
    await openSeatLink(page, new URL(`table.html?id=${id}&seat=p1`, env.server.url).toString());
    await page.waitForSelector('#conn.open');
    await recordAnimations(page);
    const rand = rng(5);
    // play until a view changes a square (the first decisions of a card game may change none;
    // an Arrow Party round is a player's arrow, items and readiness before its walk, and a
    // clean clone's table took more than 12 of them before its first changed square)
    for (let k = 0; k < 40 && (await animations(page)).length === 0; k++) await moveOnce(page, rand);
    await until(async () => (await animations(page)).length > 0, 'a square marked as changed');
    const names = await animations(page);
    assert.ok(
      names.some((n) => ['qv-appear', 'qv-turn', 'qv-fade'].includes(n)),
      `the changed squares are animated: ${names}`,
    );
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('with prefers-reduced-motion nothing is marked to move', { timeout: budget(20000) }, async () => {
  const { id } = await api(env.server.url, 'POST', '/api/tables', {
    game: 'three-arrows',
    seats: ['human', 'random'],
    private: false,
  });
  const player = await newPage(env.browser);
  const calm = await newPage(env.browser);
  await calm.page.emulateMedia({ reducedMotion: 'reduce' });
  await openSeatLink(player.page, new URL(`table.html?id=${id}&seat=p1`, env.server.url).toString());
  await calm.page.goto(new URL(`table.html?id=${id}`, env.server.url).toString());
  for (const x of [player, calm]) await x.page.waitForSelector('#conn.open');
  const v = await shownVersion(calm.page);
  const rand = rng(9);
  await recordAnimations(calm.page);
  await moveOnce(player.page, rand);
  await until(async () => (await shownVersion(calm.page)) > v, 'the watcher sees the move');
  assert.ok((await calm.page.locator('#board-area .tile').count()) > 0, 'the watcher sees a piece');
  assert.deepEqual(await animations(calm.page), [], 'no square is marked');
  assert.deepEqual([...player.errors, ...calm.errors], []);
  for (const x of [player, calm]) await x.page.context().close();
});

test('a placement being chosen shows its piece faintly, and it stays', { timeout: budget(20000) }, async () => {
  const { id } = await api(env.server.url, 'POST', '/api/tables', {
    game: 'three-arrows',
    seats: ['human', 'random'],
    private: false,
  });
  const p = await newPage(env.browser);
  await openSeatLink(p.page, new URL(`table.html?id=${id}&seat=p1`, env.server.url).toString());
  await until(() => lastLegal(p.frames).some((a) => a.startsWith('place ')), 'a placement to choose');
  const place = lastLegal(p.frames).find((a) => a.startsWith('place ')) ?? '';
  await p.page.fill('#notation', place);
  await p.page.press('#notation', 'Enter');
  await p.page.waitForSelector(`#move-panel .play-button[data-action="${place}"]`);
  // the preview's piece is not animated away as a removed one would be (it once faded out)
  const ghost = p.page.locator('#board-area .tile.ghost');
  await ghost.waitFor();
  const look = await ghost.evaluate((g) => ({
    name: getComputedStyle(g).animationName,
    opacity: getComputedStyle(g).opacity,
  }));
  assert.equal(look.name, 'none', 'the preview is not animated');
  assert.ok(Number(look.opacity) > 0.3, `the preview is seen: opacity ${look.opacity}`);
  assert.deepEqual(p.errors, []);
  await p.page.context().close();
});
