// The table page on a phone: 375 × 740 CSS px, a phone's pixel ratio, touch. For each game, a
// few moves against the computer by tapping, then: the screenshot with the action sheet (the
// README's, into $QV_SCREENSHOT_DIR, else build/screenshots); in THREE ARROWS and ConCardia the
// board, the viewer's hand and the action sheet all within the viewport and apart; in Arrow
// Party and Evons the zoom buttons scaling the board up to where its smallest label is
// readable, a drag panning it, and Fit; the notation box opened and folded; a tap on a square
// that chooses nothing opening its detail sheet with the terminal's reference text (the second
// screenshot; axe-core finds nothing serious in it), Escape closing it and the focus back on
// the square; a long press opening it on a thing that would choose, choosing nothing. Then on
// phones of 390 × 844 and 375 × 740, through ten taps (the sheet's lowest choice first, which
// scrolls the sheet as a finger would): the hand strip and each of its cards within the
// screen's width, the strip not scrolling sideways, above the sheet, and over neither the
// words chosen ("Chosen: … Back") nor any button of the sheet (the screenshot
// GAME-phone-390.png). $QV_GAME limits it to one game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  api,
  clickAndWait,
  waitForTurnOrEnd,
  rng,
  screenshot,
  budget,
  STEP_MS,
  TURN_SELECTOR,
  until,
  assertAccessible,
  pageMark,
  tapAndWait,
  stripAndSheet,
} from './support.mjs';

const GAMES = process.env.QV_GAME ? [process.env.QV_GAME] : ['three-arrows', 'concardia', 'evons', 'arrow-party'];
/** How many taps before the pictures: a position in play with things on the board. */
const TAPS = { 'three-arrows': 10, concardia: 8, evons: 14, 'arrow-party': 10 };
const FITS = new Set(['three-arrows', 'concardia']);
const PHONE = { viewport: { width: 375, height: 740 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
/** The phones on which the hand strip and the action sheet are followed through choices. */
const PHONES = [
  { width: 390, height: 844 },
  { width: 375, height: 740 },
];
/** The taps made on each of them (a choice begun is seen in every game within them). */
const CHOICE_TAPS = 10;

const env = serverAndBrowser();

/**
 * The rectangles of the board, the hand strip and the action sheet.
 * @param {import('playwright-core').Page} page
 */
function rects(page) {
  return page.evaluate(() => {
    const box = (/** @type {Element | null} */ el) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    return {
      board: box(document.querySelector('#board-area svg.board')),
      hand: box(document.querySelector('#players-area .my-hand')),
      sheet: box(document.getElementById('move')),
      vw: innerWidth,
      vh: innerHeight,
    };
  });
}

/**
 * A long press of one finger on `thing` (a touch held until its detail sheet opens), then the
 * finger lifted.
 * @param {import('playwright-core').BrowserContext} ctx
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} thing
 */
async function longPress(ctx, page, thing) {
  const box = await thing.boundingBox();
  assert.ok(box);
  const press = await ctx.newCDPSession(page);
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await press.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
  await page.waitForSelector('#detail[open] .ref-text', { timeout: STEP_MS });
  await press.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await press.detach();
}

for (const game of GAMES) {
  test(`${game} on a phone: action sheet, hand, zoom and detail sheets`, { timeout: budget(30000) }, async () => {
    const ctx = await env.browser.newContext(PHONE);
    const page = await ctx.newPage();
    page.setDefaultTimeout(STEP_MS);
    /** @type {string[]} */
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    /** @type {string[]} the legal actions of the last view received */
    let legal = [];
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        try {
          const m = JSON.parse(String(f.payload));
          if (m.view) legal = m.view.legal ?? [];
        } catch {
          /* not JSON */
        }
      }),
    );
    await page.goto(env.server.url);
    await page.selectOption(`#level-${game}`, 'beginner');
    await page.tap(`button.quick-play[data-game="${game}"]`);
    await page.waitForURL(/table\.html\?id=/);
    await page.waitForSelector('#conn.open');
    const rand = rng(5);
    for (let n = 0; n < TAPS[game]; n++) {
      if ((await waitForTurnOrEnd(page, STEP_MS)) === 'over') break;
      await clickAndWait(page, rand);
    }
    await page.waitForSelector(TURN_SELECTOR);
    await page.evaluate(() => window.scrollTo(0, 0));
    // the layout settles (the sheet and the strip are measured after each redraw)
    await page.waitForFunction(() => {
      const m = document.getElementById('move');
      const h = getComputedStyle(document.documentElement).getPropertyValue('--sheet-h');
      return m && Math.abs(parseFloat(h) - m.getBoundingClientRect().height) < 1.5;
    });
    await screenshot(page, `${game}-phone.png`, { scale: 'css' });

    // the action sheet: at the bottom of the screen, its choices on it
    const r = await rects(page);
    assert.ok(r.sheet && r.board, 'a board and an action sheet');
    assert.ok(Math.abs(r.sheet.bottom - r.vh) < 2, `the action sheet ends at the bottom (${r.sheet.bottom})`);
    assert.ok(await page.locator('#move .word-button, #move .play-button').first().isVisible());
    if (FITS.has(game)) {
      // board, hand and action sheet on one screen, one above the other
      assert.ok(r.hand, 'a hand strip');
      for (const [what, b] of Object.entries({ board: r.board, hand: r.hand, sheet: r.sheet })) {
        assert.ok(
          b.top >= 0 && b.bottom <= r.vh + 0.5 && b.left >= -0.5 && b.right <= r.vw + 0.5,
          `the ${what} lies within the viewport: ${JSON.stringify(b)}`,
        );
      }
      assert.ok(r.board.bottom <= r.hand.top + 0.5, `the board ends above the hand (${r.board.bottom}, ${r.hand.top})`);
      assert.ok(r.hand.bottom <= r.sheet.top + 0.5, `the hand ends above the sheet (${r.hand.bottom}, ${r.sheet.top})`);
    } else {
      // zoom: + scales the board, up to where its smallest label is readable; Fit goes back
      const width = async () => (await page.locator('#board-area svg.board').boundingBox())?.width ?? 0;
      const w1 = await width();
      await page.tap('.zoom-tools button[aria-label="Zoom in"]');
      assert.ok(Number(await page.getAttribute('#board-area', 'data-zoom')) > 1.2, 'zoomed in');
      assert.ok((await width()) > w1 * 1.3, 'the board is drawn larger');
      for (let k = 0; k < 10 && (await page.isEnabled('.zoom-tools button[aria-label="Zoom in"]')); k++)
        await page.tap('.zoom-tools button[aria-label="Zoom in"]');
      const smallest = await page.evaluate(() => {
        let min = Infinity;
        for (const t of document.querySelectorAll('#board-area svg.board text')) {
          const m = /** @type {SVGGraphicsElement} */ (t).getScreenCTM();
          const size = parseFloat(getComputedStyle(t).fontSize) * (m ? Math.hypot(m.a, m.b) : 0);
          if (size > 0) min = Math.min(min, size);
        }
        return min;
      });
      assert.ok(smallest >= 11, `the smallest label at the deepest zoom is ${smallest} px`);
      // a drag of one finger pans the zoomed board, and neither chooses nor opens a sheet
      const transform = () => page.$eval('#board-area svg.board', (e) => /** @type {SVGElement} */ (e).style.transform);
      const t0 = await transform();
      const area = await page.locator('#board-area').boundingBox();
      assert.ok(area);
      const drag = await ctx.newCDPSession(page);
      const from = { x: area.x + area.width * 0.3, y: area.y + area.height * 0.3 };
      await drag.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
      for (let i = 1; i <= 5; i++)
        await drag.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: from.x + i * 20, y: from.y + i * 16 }],
        });
      // the finger is lifted where it stopped; a fling of a drag lasts until the page is idle
      await drag.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await drag.detach();
      await page.waitForFunction((t) => document.querySelector('#board-area svg.board')?.style.transform !== t, t0);
      assert.equal(await page.locator('#detail[open]').count(), 0, 'a drag opens no sheet');
      assert.ok(await page.locator(TURN_SELECTOR).count(), 'a drag chooses nothing');
      // the zoomed board stays inside its area: the page itself does not scroll sideways
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth + 1), 'no sideways page');
      // (chromium takes no tap while the drag's fling lasts: tap again until Fit has been taken)
      await until(async () => {
        if ((await page.getAttribute('#board-area', 'data-zoom')) === '1.00') return true;
        await page.tap('.zoom-tools button:has-text("Fit")');
        return false;
      }, 'Fit taken');
      assert.ok(Math.abs((await width()) - w1) < 1, 'Fit shows the whole board again');
    }

    // the notation box opens in the sheet on demand, focused, and closes again
    assert.ok(!(await page.isVisible('#notation')), 'the notation box is folded away');
    await page.tap('#move .type-toggle');
    await page.waitForSelector('#notation', { state: 'visible' });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'notation');
    await page.tap('#move .type-toggle');
    await page.waitForSelector('#notation', { state: 'hidden' });

    // a tap on a thing that chooses nothing now: its detail sheet
    const ref = await api(env.server.url, 'GET', `/api/games/${game}/reference`);
    const texts = new Map(ref.entries.map((/** @type {{name: string, text: string}} */ e) => [e.name, e.text]));
    // (a square no legal action names: a tap there chooses nothing)
    // (only squares on screen, not under the action sheet: a tap lands where it is seen)
    const named = new Set(legal.flatMap((a) => a.split(' ')));
    const shownCells = await page
      .locator('#board-area .cell:has([data-ref]), #board-area .cell[data-ref]')
      .evaluateAll((els) =>
        els
          .filter((e) => {
            const r = e.getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return hit !== null && e.contains(hit);
          })
          .map((e) => e.getAttribute('data-token') ?? ''),
      );
    assert.ok(shownCells.length > 0, 'something on the board, on screen, to read');
    const free = shownCells.filter((t) => t && !named.has(t));
    // a square no move names opens on a tap; when every one shown is named by a move (an Evons
    // board where every card may be a target), a long press opens it without choosing
    const token = free[0] ?? shownCells[0];
    const thing = page.locator(`#board-area .cell[data-token="${token}"]`);
    const names = await thing.evaluate((el) =>
      [el, ...el.querySelectorAll('[data-ref]')].flatMap((x) => (x.getAttribute('data-ref') ?? '').split(' ')),
    );
    if (free.length) {
      // (right after the drag above: once, the zoom swallowed this tap's click as the drag's,
      // which ended with none, in Arrow Party and Evons about one run in two)
      await thing.tap();
      await page.waitForSelector('#detail[open] .ref-text', { timeout: STEP_MS });
    } else {
      await longPress(ctx, page, thing);
    }
    assert.equal(await page.textContent('#detail-title'), `Square ${token}`);
    // the same words as the terminal's, lines wrapped at the screen's width, its notation
    // between backticks (Evons' `burn <cell>`) shown as code without them (details.js)
    const words = (/** @type {string} */ t) => t.replaceAll('`', '').replace(/\s+/g, ' ').trim();
    const shown = (
      await page
        .locator('#detail .ref-text')
        .evaluateAll((els) => els.map((e) => [...e.querySelectorAll('.ref-line')].map((l) => l.textContent).join('\n')))
    ).map(words);
    const want = names.filter((n) => texts.has(n)).map((n) => words(texts.get(n)));
    assert.ok(want.length > 0, `the names ${names.join(' ')} are reference entries`);
    assert.deepEqual(shown, [...new Set(want)], 'the sheet shows the terminal reference text');
    const code = (await page.locator('#detail .ref-text code').allTextContents()).map(words);
    const notation = [...new Set(names.filter((n) => texts.has(n)).map((n) => texts.get(n)))].flatMap((t) =>
      [...t.matchAll(/`([^`]*)`/g)].map((m) => words(m[1])),
    );
    assert.deepEqual(code, notation, 'the notation as code');
    // the engine's English, marked so for a screen reader on a page in another language
    const langs = await page.locator('#detail .ref-text').evaluateAll((els) => els.map((e) => e.getAttribute('lang')));
    assert.deepEqual([...new Set(langs)], ['en'], 'the reference text is marked English');
    await screenshot(page, `${game}-phone-detail.png`, { scale: 'css' });
    // the sheet itself: no serious or critical axe-core finding (WCAG 2.1 A and AA)
    await assertAccessible(page, 'the detail sheet', '#detail');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#detail', { state: 'hidden' });
    // the dialog's close event, which gives the focus back, is a task queued after it hides
    await page
      .waitForFunction(
        (t) => document.activeElement?.closest('[data-token]')?.getAttribute('data-token') === t,
        token,
        { timeout: STEP_MS },
      )
      .catch(() => {});
    assert.equal(
      await page.evaluate(() => document.activeElement?.closest('[data-token]')?.getAttribute('data-token')),
      token,
      'the focus is back on the square',
    );
    // the tap chose nothing: no move was sent and the choices are still there
    assert.ok(await page.locator(TURN_SELECTOR).count());

    // a tap across a redraw (another player's move drew the board again between the finger's
    // down and up, so the click lands on the board's box, not on a square) still opens the
    // square's sheet: once, such a tap did nothing now and then
    if (free.length) {
      await page.evaluate((t) => {
        const area = /** @type {HTMLElement} */ (document.getElementById('board-area'));
        const cell = /** @type {Element} */ (area.querySelector(`.cell[data-token="${t}"]`));
        cell.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch', isPrimary: true }));
        const svg = /** @type {Element} */ (area.querySelector('svg.board'));
        svg.replaceWith(svg.cloneNode(true));
        // the finger lifts (no long press) and the click lands on the box
        area.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'touch', isPrimary: true }));
        area.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      }, token);
      await page.waitForSelector('#detail[open] .ref-text', { timeout: STEP_MS });
      assert.equal(await page.textContent('#detail-title'), `Square ${token}`);
      await page.keyboard.press('Escape');
      await page.waitForSelector('#detail', { state: 'hidden' });
    }

    // a tap right after a drag (the drag ended with no click; nothing between them): the tap's
    // own click is not swallowed as the drag's
    if (free.length && !FITS.has(game)) {
      await page.evaluate((t) => {
        const area = /** @type {HTMLElement} */ (document.getElementById('board-area'));
        const cell = /** @type {Element} */ (area.querySelector(`.cell[data-token="${t}"]`));
        const r = cell.getBoundingClientRect();
        const at = (/** @type {number} */ dy) => ({
          bubbles: true,
          pointerType: 'touch',
          isPrimary: true,
          pointerId: 7,
          clientX: r.x + r.width / 2,
          clientY: r.y + r.height / 2 + dy,
        });
        cell.dispatchEvent(new PointerEvent('pointerdown', at(0)));
        cell.dispatchEvent(new PointerEvent('pointermove', at(30)));
        cell.dispatchEvent(new PointerEvent('pointerup', at(30)));
        cell.dispatchEvent(new PointerEvent('pointerdown', { ...at(0), pointerId: 8 }));
        cell.dispatchEvent(new PointerEvent('pointerup', { ...at(0), pointerId: 8 }));
        cell.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      }, token);
      await page.waitForSelector('#detail[open] .ref-text', { timeout: STEP_MS });
      assert.equal(await page.textContent('#detail-title'), `Square ${token}`);
      await page.keyboard.press('Escape');
      await page.waitForSelector('#detail', { state: 'hidden' });
    }

    // a long press on a thing that would choose (a card or piece of the hand): the sheet too,
    // and no choice made
    const held = page.locator('#players-area .my-hand [data-token][data-ref]').first();
    if (await held.count()) {
      const id = await held.getAttribute('data-ref');
      const before = await page.evaluate(() => document.getElementById('move-panel')?.innerHTML);
      await longPress(ctx, page, held);
      const text = await page
        .locator('#detail .ref-text')
        .evaluate((e) => [...e.querySelectorAll('.ref-line')].map((l) => l.textContent).join('\n'));
      assert.equal(words(text), words(texts.get(id)));
      await page.tap('#detail .detail-close');
      await page.waitForSelector('#detail', { state: 'hidden' });
      assert.equal(await page.evaluate(() => document.getElementById('move-panel')?.innerHTML), before, 'no choice');
    }
    assert.deepEqual(errors, [], 'no script error on the page');
    await ctx.close();
  });
}

for (const game of GAMES) {
  test(
    `${game} on phones: the hand strip beside the screen's edges and above the sheet, through choices`,
    {
      timeout: budget(60000),
    },
    async () => {
      for (const viewport of PHONES) {
        const at = `${game} at ${viewport.width} × ${viewport.height}`;
        const ctx = await env.browser.newContext({ ...PHONE, viewport });
        const page = await ctx.newPage();
        page.setDefaultTimeout(STEP_MS);
        await page.goto(env.server.url);
        await page.selectOption(`#level-${game}`, 'beginner');
        await page.tap(`button.quick-play[data-game="${game}"]`);
        await page.waitForURL(/table\.html\?id=/);
        await page.waitForSelector('#conn.open');
        let chosen = 0;
        for (let n = 0; n < CHOICE_TAPS; n++) {
          if ((await waitForTurnOrEnd(page, STEP_MS)) === 'over') break;
          // the layout settles (the sheet and the strip are measured after each redraw)
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          const seen = await page.evaluate(stripAndSheet);
          assert.deepEqual(seen.wrong, [], `${at}, tap ${n}`);
          if (seen.chosen) chosen++;
          // a choice begun goes on with the sheet's lowest choice, as a finger scrolls the sheet
          // down to it; a turn begins with its first word (the last may be "pass") or target;
          // else Play
          const words = page.locator('#move-panel .word-button');
          const targets = page.locator('#board-area .cell.target, #players-area [data-token].target');
          const next = (await words.count())
            ? seen.chosen
              ? words.last()
              : words.first()
            : (await targets.count())
              ? targets.first()
              : page.locator('#move-panel .play-button').first();
          const mark = await pageMark(page);
          // (a redraw between the look and the tap, another player's move, takes it away; a
          // tap a busy machine stretches into a long press opens a detail sheet, closed again)
          await tapAndWait(page, await next.elementHandle(), mark);
        }
        assert.ok(chosen > 0, `${at}: a choice begun was looked at`);
        if (viewport.width === 390) await screenshot(page, `${game}-phone-390.png`, { scale: 'css' });
        await ctx.close();
      }
    },
  );
}
