// The pages at the sizes players use: desktops 1024, 1280, 1366, 1440 and 1920 px wide and a
// 390 × 844 phone. The replay page of a finished game of each game shows its board, large and
// whole, at every size (it was 13 px tall at 1280 px and wider: no board at all). A table
// between two people with a clock: the tools (Resign, Offer a draw, Give 15 s) never cover the
// move panel's heading; at 1366 × 768 (and every desktop) the viewer's own hand is on screen,
// every card of a ConCardia hand of seven within the page's width, and an Evons card's name
// readable (at least 9 CSS px). Each game played to its end on a phone: the move panel never
// shows beside the result, not even while the last walk plays. The screenshots go to
// $QV_SCREENSHOT_DIR (else build/screenshots) as sizes-WHAT-GAME-SIZE.png. $QV_GAME limits it
// to one game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  api,
  budget,
  until,
  STEP_MS,
  screenshot,
  givePlayerName,
  playThroughSocket,
  moveOnce,
  rng,
  TURN_SELECTOR,
} from './support.mjs';

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
 * A page in a fresh context of `size`, failing on any script error; with `seat`, the context
 * holds that seat's token for table `seat.id`.
 * @param {{name: string, viewport: {width: number, height: number}}} size
 * @param {{id: string, seat: string, token: string}} [seat]
 */
async function pageAt(size, seat) {
  const { name, ...options } = size;
  void name;
  const ctx = await env.browser.newContext(options);
  await givePlayerName(ctx, seat?.seat === 'p2' ? 'Bo' : 'Ann Example');
  if (seat)
    await ctx.addInitScript(
      ([t, s, k]) => localStorage.setItem(`quiver.seats.${t}`, JSON.stringify([{ seat: s, token: k }])),
      [seat.id, seat.seat, seat.token],
    );
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
    // one page for the desktops, resized from one size to the next as a window is (the board
    // follows), and the phone's own (a touch screen at three device pixels to the CSS pixel)
    for (const sizes of [DESKTOPS, [PHONE]]) {
      const { ctx, page, errors } = await pageAt(sizes[0]);
      await page.goto(new URL(`replay.html?id=${id}`, env.server.url).toString());
      await page.waitForSelector('#board-area svg.board', { state: 'attached' });
      for (const size of sizes) {
        const at = `${game} replay at ${size.name}`;
        await page.setViewportSize(size.viewport);
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
          // a board is square or nearly (its SVG keeps its aspect): it fills most of the height
          // a desktop leaves it, or the width of a phone
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
            await screenshot(page, `sizes-replay-${game}-${size.name}.png`);
          }
        }
        assert.deepEqual(errors, [], `${at}: no script error`);
      }
      await ctx.close();
    }
  });
}

/**
 * What the test looks at on a table's page: the move panel's heading and the tools beside it,
 * the viewer's hand and each card or piece in it, the side column, and the names printed on
 * the hand's Evons cards at the size they are drawn.
 * @param {import('playwright-core').Page} page
 */
function tableBoxes(page) {
  return page.evaluate(() => {
    /** @param {Element | null} el */
    const box = (el) => {
      if (!el || !el.getClientRects().length) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const heading = document.getElementById('move-title');
    return {
      vw: innerWidth,
      vh: innerHeight,
      heading: document.getElementById('move')?.hidden ? null : box(heading),
      tools: [...document.querySelectorAll('#move .move-tools button')]
        .filter((b) => !(/** @type {HTMLElement} */ (b).hidden))
        .map((b) => ({ text: b.textContent, ...box(b) })),
      hand: box(document.querySelector('#players-area .my-hand')),
      side: box(document.querySelector('.side')),
      items: [...document.querySelectorAll('#players-area .my-hand [data-token]')].map((e) => ({
        token: e.getAttribute('data-token'),
        ...box(e),
      })),
      names: [...document.querySelectorAll('#players-area .my-hand .ecard-name')].map((t) => {
        const svg = /** @type {SVGSVGElement} */ (t.closest('svg'));
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        return { text: t.textContent, px: Number(t.getAttribute('font-size')) * scale };
      }),
    };
  });
}

/**
 * Checks a table's page between two people with a clock, seen by one of them at a desktop
 * size.
 * @param {Awaited<ReturnType<typeof tableBoxes>>} m
 * @param {string} at
 * @param {boolean} oneScreen the page is one screen high (1200 px and wider)
 */
function checkTable(m, at, oneScreen) {
  /** @param {{top: number, bottom: number, left: number, right: number}} a @param {{top: number, bottom: number, left: number, right: number}} b */
  const overlap = (a, b) =>
    a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  if (m.heading)
    for (const t of m.tools)
      assert.ok(!overlap(m.heading, /** @type {any} */ (t)), `${at}: "${t.text}" covers the heading "Your move"`);
  assert.ok(m.hand, `${at}: the viewer's hand`);
  if (oneScreen)
    assert.ok(
      m.hand.top >= -0.5 && m.hand.bottom <= m.vh + 0.5,
      `${at}: the hand lies within the ${m.vw} × ${m.vh} screen: ${JSON.stringify(m.hand)}`,
    );
  for (const it of m.items)
    assert.ok(
      /** @type {number} */ (it.right) <= Math.min(m.vw, m.side ? m.side.right : m.vw) + 0.5 &&
        /** @type {number} */ (it.left) >= -0.5,
      `${at}: ${it.token} of the hand lies past the edge: ${JSON.stringify(it)}`,
    );
  for (const n of m.names) assert.ok(n.px >= 9, `${at}: the card name "${n.text}" is ${n.px.toFixed(1)} px`);
}

/**
 * Plays `n` decisions at a table of people, each by the seat whose turn it is (through the API),
 * unless the game ends first.
 * @param {string} id
 * @param {{seat: string, token: string}[]} seats
 * @param {number} n
 */
async function playOn(id, seats, n) {
  for (let k = 0; k < n; k++) {
    /** @type {{seat: string, token: string} | undefined} */
    let mover;
    await until(async () => {
      const t = await api(env.server.url, 'GET', `/api/tables/${id}`);
      mover = seats.find((s) => (t.to_move ?? []).includes(s.seat));
      return t.status === 'over' || mover;
    }, 'a seat to move');
    if (!mover) return;
    await playThroughSocket(env.server.url, id, mover.token, 1);
  }
}

/**
 * A table of `game` between two people (Ann Example as p1, Bo as p2) with a clock of ten
 * minutes and five seconds a move, both seats taken.
 * @param {string} game
 */
async function peopleWithClock(game) {
  const info = await api(env.server.url, 'POST', '/api/tables', {
    game,
    seats: ['human', 'human'],
    clock: { kind: 'fischer', base: 600, increment: 5 },
  });
  const seats = [];
  for (const seat of ['p1', 'p2']) {
    const j = await api(env.server.url, 'POST', `/api/tables/${info.id}/join`, {
      seat,
      name: seat === 'p1' ? 'Ann Example' : 'Bo',
    });
    seats.push({ id: info.id, seat, token: j.token });
  }
  return { info, seats };
}

for (const game of GAMES.filter((g) => g !== 'arrow-party')) {
  test(`${game}: a table of two people with a clock at every desktop size`, { timeout: budget(40000) }, async () => {
    const { info, seats } = await peopleWithClock(game);
    for (const when of ['start', 'later']) {
      if (when === 'later') await playOn(info.id, seats, 8);
      // each seat's page opened once, then resized through the desktop sizes
      for (const s of seats) {
        const { ctx, page, errors } = await pageAt(DESKTOPS[0], s);
        await page.goto(new URL(`table.html?id=${info.id}`, env.server.url).toString());
        await page.waitForSelector('#conn.open');
        await page.waitForSelector('#players-area .my-hand');
        for (const size of DESKTOPS) {
          await page.setViewportSize(size.viewport);
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          const at = `${game}, ${when}, ${s.seat} at ${size.name}`;
          const shot = `sizes-people-${game}-${size.name}-${s.seat}-${when}.png`;
          await screenshot(page, shot);
          checkTable(await tableBoxes(page), at, size.viewport.width >= 1200);
          if (game === 'concardia' && when === 'start')
            assert.equal(
              await page.locator('#players-area .my-hand [data-token]').count(),
              7,
              `${at}: a hand of seven cards`,
            );
          assert.deepEqual(errors, [], `${at}: no script error`);
        }
        await ctx.close();
      }
    }
  });
}

// The own hand through an Evons opening, at every decision, on the mover's page at 1366 × 768:
// by its second turn a seat holds six cards, which take two rows where they are targets, and
// with the chance line and a move panel of three choices that hand went 5 px below the screen
// (the side column scrolled it away). The test above looks at one moment of a game dealt at
// random; this one looks at every decision of the opening, where that hand comes every time.
if (GAMES.includes('evons'))
  test(
    'evons: the mover sees their own hand at 1366 × 768 at every decision of the opening',
    { timeout: budget(60000) },
    async () => {
      const size = DESKTOPS.find((d) => d.name === '1366x768') ?? DESKTOPS[0];
      const { info, seats } = await peopleWithClock('evons');
      const pages = [];
      for (const s of seats) {
        const at = await pageAt(size, s);
        await at.page.goto(new URL(`table.html?id=${info.id}`, env.server.url).toString());
        await at.page.waitForSelector('#conn.open');
        pages.push({ seat: s.seat, ...at });
      }
      const rand = rng(3);
      let twoRows = 0;
      for (let k = 0; k < 14; k++) {
        // a chance draw (the coin after the mulligans) is made after the move's update went
        // out: until it is, nobody is to move
        /** @type {any} */
        let t = null;
        await until(async () => {
          t = await api(env.server.url, 'GET', `/api/tables/${info.id}`);
          return t.status === 'over' || (t.to_move ?? []).length > 0;
        }, `decision ${k}: a seat to move`);
        if (t.status === 'over') break;
        const mover = pages.find((p) => (t.to_move ?? []).includes(p.seat));
        assert.ok(mover, `decision ${k}: a seat of these pages to move`);
        await mover.page.waitForSelector(TURN_SELECTOR);
        const m = await tableBoxes(mover.page);
        const rows = new Set(m.items.map((it) => Math.round(/** @type {number} */ (it.top)))).size;
        if (rows > 1) twoRows++;
        await screenshot(mover.page, `sizes-evons-opening-${k}-${mover.seat}.png`);
        checkTable(m, `evons, decision ${k}, ${mover.seat} at ${size.name}`, true);
        await moveOnce(mover.page, rand);
      }
      assert.ok(twoRows > 0, 'a hand in two rows was looked at (the case this test is for)');
      for (const p of pages) {
        assert.deepEqual(p.errors, [], `${p.seat}: no script error`);
        await p.ctx.close();
      }
    },
  );

/**
 * What the test looks at on a phone's table page: the action sheet and the settings in it, the
 * board and its squares, the move log and its newest line, the players, the hand strip, the
 * result and the status.
 * @param {import('playwright-core').Page} page
 */
function phoneBoxes(page) {
  return page.evaluate(() => {
    /** @param {Element | null} el */
    const box = (el) => {
      if (!el || !el.getClientRects().length) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right };
    };
    const svg = /** @type {SVGSVGElement | null} */ (document.querySelector('#board-area svg.board'));
    const area = /** @type {HTMLElement} */ (document.getElementById('board-area'));
    const vb = svg?.viewBox.baseVal;
    const lines = document.querySelectorAll('#log > li');
    const hand = document.querySelector('#players-area .my-hand');
    return {
      vh: innerHeight,
      settingsShown: Boolean(document.getElementById('set-confirm')?.checkVisibility()),
      settingsSummary: box(document.querySelector('#move .settings-box > summary')),
      board: box(svg),
      // the board's height at the whole width of its area
      whole: vb && vb.width ? ((area.clientWidth - 8) * vb.height) / vb.width : 0,
      cell: box(document.querySelector('#board-area .cell')),
      log: box(document.querySelector('.log-area')),
      logBox: box(document.querySelector('.log-box')),
      lastLine: box(lines[lines.length - 1] ?? null),
      players: box(document.getElementById('players-area')),
      hand: box(hand),
      handFixed: hand ? getComputedStyle(hand).position === 'fixed' : false,
      result: document.getElementById('result')?.hidden === false ? box(document.getElementById('result')) : null,
      status: document.getElementById('status')?.textContent ?? '',
    };
  });
}

for (const game of GAMES) {
  test(`${game}: a game on a phone, mid-way and at its end`, { timeout: budget(40000) }, async () => {
    // four players in Arrow Party: the panels are many, the move log must not go past them
    const players = game === 'arrow-party' ? 4 : 2;
    // mid-way: 20 decisions of p1 (10 in THREE ARROWS and 12 in ConCardia, whose games
    // against random may end sooner: 11 ConCardia deals in 60 ended before p1's 21st), then p1
    // to move again; a deal whose game ends sooner is dealt again, up to six times
    /** @type {any} */
    let now = null;
    /** @type {{id: string}} */
    let info = { id: '' };
    /** @type {{token: string}} */
    let j = { token: '' };
    const decisions = game === 'three-arrows' ? 10 : game === 'concardia' ? 12 : 20;
    for (let deal = 0; deal < 6 && (deal === 0 || now?.status === 'over'); deal++) {
      info = await api(env.server.url, 'POST', '/api/tables', {
        game,
        seats: ['human', ...Array.from({ length: players - 1 }, () => 'random')],
      });
      j = await api(env.server.url, 'POST', `/api/tables/${info.id}/join`, { seat: 'p1', name: 'Ann Example' });
      await playThroughSocket(env.server.url, info.id, j.token, decisions);
      await until(async () => {
        now = await api(env.server.url, 'GET', `/api/tables/${info.id}`);
        return now.status === 'over' || (now.to_move ?? []).includes('p1');
      }, 'p1 to move mid-way');
    }
    const seat = { id: info.id, seat: 'p1', token: j.token };
    assert.notEqual(now?.status, 'over', `${game}: six games ended before mid-way; play fewer decisions`);
    const { ctx, page, errors } = await pageAt(PHONE, seat);
    await page.goto(new URL(`table.html?id=${info.id}`, env.server.url).toString());
    await page.waitForSelector('#conn.open');
    await page.waitForSelector('#move-panel .word-button, #move-panel .play-button, #board-area .cell.target');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const at = `${game} on a phone, mid-way`;
    await screenshot(page, `sizes-phone-${game}-mid.png`);
    let m = await phoneBoxes(page);
    // the settings folded under the sheet's Settings, not four check boxes in it
    assert.equal(m.settingsShown, false, `${at}: the settings' check boxes in the action sheet`);
    assert.ok(m.settingsSummary, `${at}: the sheet's Settings`);
    // the board keeps its whole width, or 40% of the screen's height when that is less
    assert.ok(m.board && m.cell, `${at}: a board`);
    const least = Math.min(m.whole, 0.4 * m.vh);
    assert.ok(
      m.board.bottom - m.board.top >= least - 2,
      `${at}: the board is ${Math.round(m.board.bottom - m.board.top)} px tall (squares of ${Math.round(m.cell.right - m.cell.left)} px), ${Math.round(least)} expected`,
    );
    // the moves right under the board, before the players' panels, their newest line in sight
    assert.ok(m.log && m.players && m.logBox && m.lastLine, `${at}: the move log and its lines`);
    assert.ok(m.log.top < m.players.top, `${at}: the move log before the players: ${JSON.stringify(m)}`);
    assert.ok(m.log.top < 1.5 * m.vh, `${at}: the move log within a short scroll: ${m.log.top}`);
    assert.ok(m.lastLine.bottom <= m.logBox.bottom + 1, `${at}: the newest move in the log's box`);
    // the move panel never shows beside the result: watched from before the last moves, at
    // every change of the page (Arrow Party's last move walked under the result with the panel
    // of the turn before still on screen, live, until the walk ended)
    await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      w.panelBesideResult = 0;
      const move = /** @type {HTMLElement} */ (document.getElementById('move'));
      const result = /** @type {HTMLElement} */ (document.getElementById('result'));
      new MutationObserver(() => {
        if (!result.hidden && !move.hidden && getComputedStyle(move).display !== 'none') w.panelBesideResult++;
      }).observe(document.body, { attributes: true, childList: true, subtree: true, characterData: true });
    });
    // to the end, the page open: the last walk is not said to be going on once the game is over
    const played = playThroughSocket(env.server.url, info.id, j.token, 5000);
    await page.waitForSelector('#result:not([hidden])', { timeout: budget(30000) });
    // the hand leaves its strip as the result shows, not only once the last walk is drawn (a
    // walk of Arrow Party's last move kept the strip over the result on a loaded machine)
    assert.ok(
      await page.evaluate(() => document.body.classList.contains('game-over')),
      `${at}: the page marked over as its result shows`,
    );
    const said = await page.textContent('#status');
    assert.doesNotMatch(said ?? '', /Walking/, `${at}: the status at the end`);
    assert.match(said ?? '', /The game is over/);
    await played;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(
      await page.evaluate(() => /** @type {any} */ (window).panelBesideResult),
      0,
      `${at}: the move panel shown beside the result`,
    );
    m = await phoneBoxes(page);
    await screenshot(page, `sizes-phone-${game}-end.png`, { fullPage: true });
    // the hand in the page's flow, not a strip over the result
    assert.ok(m.result, `${game} on a phone, at the end: the result`);
    if (m.hand) {
      assert.equal(m.handFixed, false, `${game} on a phone, at the end: the hand strip is still pinned`);
      assert.ok(
        m.hand.bottom <= m.result.top + 0.5 || m.hand.top >= m.result.bottom - 0.5,
        `${game} on a phone, at the end: the hand lies over the result`,
      );
    }
    assert.deepEqual(errors, [], `${game} on a phone: no script error`);
    await ctx.close();
  });
}
