// The table page's layout as a newcomer sees it, in every game, at the start and after 40 of
// the viewer's decisions, on two desktops (1280 × 800 and 1366 × 768) and a phone (375 × 740,
// touch). On a desktop: the board, the viewer's own hand or holder, the move panel (or the
// result) and the newest log lines all within the viewport without scrolling, and a visible
// link back to the lobby. On a phone: the header names the game in full, the page is not wider
// than the screen, no square one may choose lies under the action sheet or the hand strip, a
// tap on a square that no move names opens its detail sheet, and a tap on the lowest square
// on screen leaves the board where it was. Everywhere: the document no taller than its content
// (hidden words of the log once made a finished page ten times its height), and a log line
// chosen to look back shows the bar and the past board on screen. The screenshots go to
// $QV_SCREENSHOT_DIR (else build/screenshots) as layout-GAME-SIZE-WHEN.png (and -look.png).
// $QV_GAME limits it to one game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  api,
  budget,
  STEP_MS,
  TURN_SELECTOR,
  screenshot,
  givePlayerName,
  pageMark,
  MARK_EXPR,
  playThroughSocket,
} from './support.mjs';

const GAMES = process.env.QV_GAME ? [process.env.QV_GAME] : ['three-arrows', 'concardia', 'evons', 'arrow-party'];
/** The viewer's decisions played between the two looks. */
const DECISIONS = 40;
const SIZES = [
  { name: '1280x800', viewport: { width: 1280, height: 800 } },
  { name: '1366x768', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
];

const env = serverAndBrowser();

/**
 * A page at the table as the seat holding `token`, in a browser context of `size`.
 * @param {typeof SIZES[number]} size
 * @param {string} id
 * @param {string} token
 */
async function open(size, id, token) {
  const { name, ...options } = size;
  void name;
  const ctx = await env.browser.newContext(options);
  await givePlayerName(ctx, 'Ann Example');
  await ctx.addInitScript(
    ([t, k]) => localStorage.setItem(`quiver.seats.${t}`, JSON.stringify([{ seat: 'p1', token: k }])),
    [id, token],
  );
  const page = await ctx.newPage();
  page.setDefaultTimeout(STEP_MS);
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  /** @type {{legal: string[]}} the legal actions of the last view received */
  const seen = { legal: [] };
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      try {
        const m = JSON.parse(String(f.payload));
        if (m.view) seen.legal = m.view.legal ?? [];
      } catch {
        /* not JSON */
      }
    }),
  );
  await page.goto(new URL(`table.html?id=${id}`, env.server.url).toString());
  await page.waitForSelector('#conn.open');
  await page.waitForFunction(
    (sel) => document.getElementById('result')?.hidden === false || document.querySelector(sel) !== null,
    TURN_SELECTOR,
  );
  // the layout settles: the page's own measures (phone.js) taken after the last redraw
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))),
  );
  return { ctx, page, errors, seen };
}

/**
 * The boxes the test looks at, in viewport coordinates, and the page's sizes.
 * @param {import('playwright-core').Page} page
 */
function measure(page) {
  return page.evaluate(() => {
    /** @param {Element | null} el */
    const box = (el) => {
      if (!el || !(/** @type {HTMLElement} */ (el).offsetParent || el instanceof SVGElement)) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const main = /** @type {HTMLElement} */ (document.querySelector('main'));
    const lines = document.querySelectorAll('#log > li');
    const over = document.getElementById('result')?.hidden === false;
    const title = /** @type {HTMLElement} */ (document.getElementById('title'));
    const home = [...document.querySelectorAll('header a')].find((a) => /lobby/i.test(a.textContent ?? ''));
    return {
      vw: innerWidth,
      vh: innerHeight,
      scrollHeight: /** @type {Element} */ (document.scrollingElement).scrollHeight,
      // the content: main and what follows it in the page's flow (the theme switch's foot)
      contentBottom:
        Math.max(
          main.getBoundingClientRect().bottom,
          ...[...document.body.children]
            .filter((e) => e instanceof HTMLElement && e.offsetParent !== null)
            .map((e) => e.getBoundingClientRect().bottom),
        ) + scrollY,
      board: box(document.querySelector('#board-area svg.board')),
      hand: box(document.querySelector('#players-area .my-hand')),
      move: over ? null : box(document.getElementById('move')),
      result: over ? box(document.getElementById('result')) : null,
      logBox: box(document.querySelector('.log-box')),
      lastLine: box(lines[lines.length - 1] ?? null),
      lines: lines.length,
      home: box(home ?? null),
      scrollWidth: /** @type {Element} */ (document.scrollingElement).scrollWidth,
      title: (() => {
        const name = title.querySelector('.game-title');
        if (!name) return null;
        const r = name.getBoundingClientRect();
        return {
          text: name.textContent ?? '',
          top: r.top,
          right: r.right,
          cut: title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1,
        };
      })(),
      targets: [...document.querySelectorAll('#board-area .cell.target')].map((c) => {
        const r = c.getBoundingClientRect();
        return { token: c.getAttribute('data-token'), top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      }),
      dock: Math.min(
        ...[document.getElementById('move'), document.querySelector('#players-area .my-hand')]
          .filter((e) => e && e.getClientRects().length && getComputedStyle(e).position === 'fixed')
          .map((e) => /** @type {Element} */ (e).getBoundingClientRect().top),
        innerHeight,
      ),
    };
  });
}

/**
 * Fails unless `b` lies within the viewport.
 * @param {{top: number, bottom: number, left: number, right: number} | null} b
 * @param {{vw: number, vh: number}} m
 * @param {string} what
 */
function inView(b, m, what) {
  assert.ok(b, `${what}: shown`);
  assert.ok(
    b.top >= -0.5 && b.bottom <= m.vh + 0.5 && b.left >= -0.5 && b.right <= m.vw + 0.5,
    `${what} lies within the ${m.vw} × ${m.vh} viewport: ${JSON.stringify(b)}`,
  );
}

/**
 * Looks at the table at every size and checks the layout.
 * @param {string} game
 * @param {string} title the game's title
 * @param {string} id
 * @param {string} token
 * @param {string} when
 */
async function lookAtEverySize(game, title, id, token, when) {
  for (const size of SIZES) {
    const { ctx, page, errors, seen } = await open(size, id, token);
    const at = `${game} at ${size.name}, ${when}`;
    await screenshot(page, `layout-${game}-${size.name}-${when}.png`);
    const m = await measure(page);
    assert.ok(
      m.scrollHeight <= Math.max(m.vh, Math.ceil(m.contentBottom)) + 1,
      `${at}: the document is ${m.scrollHeight} px tall for ${Math.ceil(m.contentBottom)} px of content`,
    );
    if (!size.isMobile) {
      inView(m.board, m, `${at}: the board`);
      inView(m.move ?? m.result, m, `${at}: the ${m.move ? 'move panel' : 'result'}`);
      if (m.hand) inView(m.hand, m, `${at}: the hand`);
      else assert.ok(m.result || game === 'arrow-party', `${at}: a hand or holder`);
      inView(m.logBox, m, `${at}: the move log`);
      if (m.lines) {
        inView(m.lastLine, m, `${at}: the newest log line`);
        assert.ok(
          m.logBox && m.lastLine && m.lastLine.bottom <= m.logBox.bottom + 1,
          `${at}: the newest log line is scrolled into the log's box`,
        );
      }
      inView(m.home, m, `${at}: the link to the lobby`);
    }
    if (size.isMobile) {
      assert.ok(m.scrollWidth <= m.vw + 1, `${at}: the page is ${m.scrollWidth} px wide, not sideways`);
      assert.ok(m.title, `${at}: the header shows the game's name`);
      assert.ok(m.title.text.startsWith(title), `${at}: the header says ${title}: ${m.title.text}`);
      assert.ok(
        m.title.top >= 0 && m.title.right <= m.vw + 0.5 && !m.title.cut,
        `${at}: the game's name is shown whole: ${JSON.stringify(m.title)}`,
      );
      for (const t of m.targets)
        assert.ok(t.bottom <= m.dock + 0.5, `${at}: the square ${t.token} lies under the action sheet (${m.dock})`);
      if (m.move) await tapFreeSquares(page, seen.legal, at);
      if (m.move) await tapLowSquare(page, at);
    }
    if (m.lines > 1) await lookBack(page, at, `layout-${game}-${size.name}-${when}-look.png`);
    assert.deepEqual(errors, [], `${at}: no script error`);
    await ctx.close();
  }
}

/**
 * Looks back at the move of the log's line before last (a click, or a tap on a phone): the
 * bar that says so and the past board are on screen (above the action sheet on a phone).
 * @param {import('playwright-core').Page} page
 * @param {string} at
 * @param {string} shot the screenshot's file name
 */
async function lookBack(page, at, shot) {
  const lines = page.locator('#log > li .log-pick');
  const line = lines.nth((await lines.count()) - 2);
  await line.scrollIntoViewIfNeeded();
  if (await page.evaluate(() => matchMedia('(pointer: coarse)').matches)) await line.tap();
  else await line.click();
  await page.waitForSelector('#look-back .back-to-game');
  await page.waitForSelector('#log > li.looked');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const m = await measure(page);
  const bar = await page.evaluate(() => {
    const r = /** @type {Element} */ (document.getElementById('look-back')).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
  inView(bar, m, `${at}, looking back: the bar`);
  inView(m.board, { ...m, vh: m.dock }, `${at}, looking back: the past board`);
  await screenshot(page, shot);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#look-back', { state: 'hidden' });
}

/**
 * Taps on squares on screen that hold something and that no legal action names (up to six):
 * each opens its detail sheet, which Escape closes.
 * @param {import('playwright-core').Page} page
 * @param {string[]} legal
 * @param {string} at
 */
async function tapFreeSquares(page, legal, at) {
  const named = new Set(legal.flatMap((a) => a.split(' ')));
  const free = await page.evaluate(
    (names) => {
      const dock = Math.min(
        ...[document.getElementById('move'), document.querySelector('#players-area .my-hand')]
          .filter((e) => e && e.getClientRects().length && getComputedStyle(e).position === 'fixed')
          .map((e) => /** @type {Element} */ (e).getBoundingClientRect().top),
        innerHeight,
      );
      return [...document.querySelectorAll('#board-area .cell[data-token]')]
        .filter((c) => c.matches('[data-ref], :has([data-ref])') && !names.includes(c.getAttribute('data-token') ?? ''))
        .map((c) => {
          const r = c.getBoundingClientRect();
          return { token: c.getAttribute('data-token'), x: r.left + r.width / 2, y: r.top + r.height / 2 };
        })
        .filter((p) => p.y > 0 && p.y < dock && document.elementFromPoint(p.x, p.y)?.closest('#board-area'));
    },
    [...named],
  );
  for (const f of free.slice(0, 6)) {
    await page.touchscreen.tap(f.x, f.y);
    await page.waitForSelector('#detail[open]');
    assert.equal(await page.textContent('#detail-title'), `Square ${f.token}`, `${at}: the sheet of ${f.token}`);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#detail', { state: 'hidden' });
  }
}

/**
 * A tap on the lowest square of the board that is on screen (above the action sheet): the page
 * does not scroll and the board stays where it was. The tap's own answer (a choice, a detail
 * sheet) is undone: Escape closes a sheet, and the page is opened afresh for the next size.
 * @param {import('playwright-core').Page} page
 * @param {string} at
 */
async function tapLowSquare(page, at) {
  const low = await page.evaluate(() => {
    const dock = Math.min(
      ...[document.getElementById('move'), document.querySelector('#players-area .my-hand')]
        .filter((e) => e && e.getClientRects().length && getComputedStyle(e).position === 'fixed')
        .map((e) => /** @type {Element} */ (e).getBoundingClientRect().top),
      innerHeight,
    );
    let best = null;
    for (const c of document.querySelectorAll('#board-area .cell[data-token]')) {
      const r = c.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (y >= dock || y < 0) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !hit.closest('#board-area svg.board')) continue;
      if (!best || y > best.y) best = { x, y, token: c.getAttribute('data-token') };
    }
    return best;
  });
  assert.ok(low, `${at}: a square on screen`);
  const before = await page.evaluate(() => ({
    y: scrollY,
    top: document.querySelector('#board-area svg.board')?.getBoundingClientRect().top,
  }));
  const mark = await pageMark(page);
  await page.touchscreen.tap(low.x, low.y);
  // the tap's answer: a detail sheet, or the page redrawn with the choice
  await page.waitForFunction(`document.querySelector('#detail[open]') || ${MARK_EXPR} !== ${JSON.stringify(mark)}`);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const after = await page.evaluate(() => ({
    y: scrollY,
    top: document.querySelector('#board-area svg.board')?.getBoundingClientRect().top,
  }));
  assert.ok(
    Math.abs(after.y - before.y) < 1 && Math.abs((after.top ?? 0) - (before.top ?? 0)) < 1,
    `${at}: a tap on ${low.token} moved the board from ${JSON.stringify(before)} to ${JSON.stringify(after)}`,
  );
}

for (const game of GAMES) {
  test(`${game}: the table page fits the screen`, { timeout: budget(60000) }, async () => {
    const { games } = await api(env.server.url, 'GET', '/api/games');
    const g = games.find((/** @type {{name: string}} */ x) => x.name === game);
    const players = Number(g.params.find((/** @type {{key: string}} */ p) => p.key === 'players')?.default ?? 2);
    const seats = ['human', ...Array.from({ length: players - 1 }, () => 'random')];
    const info = await api(env.server.url, 'POST', '/api/tables', { game, seats });
    const { token } = await api(env.server.url, 'POST', `/api/tables/${info.id}/join`, {
      seat: 'p1',
      name: 'Ann Example',
    });
    await lookAtEverySize(game, g.title, info.id, token, 'start');
    const made = await playThroughSocket(env.server.url, info.id, token, DECISIONS);
    assert.ok(made > 0, 'decisions were made');
    await lookAtEverySize(game, g.title, info.id, token, 'later');
  });
}
