// Premove at a table of two (premove.js), as lichess has it: while the other player is to move,
// the player's page offers one move to queue, typed in notation or composed by clicks on the
// board and the words as at the turn; when the turn comes back the move is played at once if it
// is legal then, and cancelled (said in words) if it is not; the box is not offered at the
// player's own turn, nor to a spectator. THREE ARROWS between two people: p1's page in the
// browser, each other decision through the API. Screenshots premove.png, premove-clicked.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, api, budget, until, STEP_MS, screenshot, givePlayerName, tableSocket } from './support.mjs';

const env = serverAndBrowser();

/**
 * Through a socket of the seat's own (its token): its legal actions now, and, given `action`,
 * that action played (returns once the table moved past it).
 * @param {string} id
 * @param {string} token
 * @param {string | null} action
 * @returns {Promise<string[]>}
 */
function seatSocket(id, token, action) {
  let sentAt = -1;
  /** @type {string[]} */
  let seen = [];
  return tableSocket(env.server.url, id, token, (m, t) => {
    if (m.type === 'error') return t.fail(new Error(`refused: ${m.message}`));
    if (!m.view) return;
    if (sentAt >= 0) {
      if (m.v > sentAt) t.done(seen);
      return;
    }
    seen = m.view.legal ?? [];
    if (!action) t.done(seen);
    else if (seen.includes(action)) {
      sentAt = m.v;
      t.send({ type: 'act', v: m.v, action });
    }
  });
}

/** @param {string} a the square a placement names ("place A b1 N" → "b1") */
const square = (a) => a.split(' ')[2];

/**
 * A THREE ARROWS table of two people, Ann (p1) and Bo (p2), and p1's page holding p1's token,
 * its errors gathered.
 */
async function tableOfTwo() {
  const info = await api(env.server.url, 'POST', '/api/tables', { game: 'three-arrows', seats: ['human', 'human'] });
  const id = info.id;
  const p1 = (await api(env.server.url, 'POST', `/api/tables/${id}/join`, { seat: 'p1', name: 'Ann' })).token;
  const p2 = (await api(env.server.url, 'POST', `/api/tables/${id}/join`, { seat: 'p2', name: 'Bo' })).token;
  const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await givePlayerName(ctx, 'Ann');
  await ctx.addInitScript(
    ([t, k]) => localStorage.setItem(`quiver.seats.${t}`, JSON.stringify([{ seat: 'p1', token: k }])),
    [id, p1],
  );
  const page = await ctx.newPage();
  page.setDefaultTimeout(STEP_MS);
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(new URL(`table.html?id=${id}`, env.server.url).toString());
  await page.waitForSelector('#conn.open');
  return { id, p1, p2, ctx, page, errors };
}

test('a premove at a table of two: played when legal, cancelled when not', { timeout: budget(30000) }, async () => {
  const { id, p1, p2, ctx, page, errors } = await tableOfTwo();

  // p1's turn: no premove box (the move panel chooses)
  await page.waitForSelector('#move-panel .word-button');
  assert.equal(await page.isVisible('#premove-input'), false, 'no premove at the own turn');

  // p1 places a piece; two placements kept for later: one on another square (legal then),
  // and the one played (its square taken then)
  const legal = await seatSocket(id, p1, null);
  const first = legal[0];
  const later = legal.find((a) => square(a) !== square(first) && a.split(' ').length === 4);
  assert.ok(first && later, `placements to choose from: ${legal.slice(0, 3)}`);
  await seatSocket(id, p1, first);

  // p2 to move: p1 queues `later` (the premove box in place of the move box, disabled now)
  await page.waitForSelector('#premove-input');
  assert.equal(await page.isVisible('#notation'), false, 'the disabled move box gives way');
  await page.fill('#premove-input', ` ${later.toLowerCase()} `);
  await page.click('.premove-form button[type=submit]');
  assert.equal(await page.textContent('.premove-move'), later.toLowerCase());
  assert.ok(await page.isVisible('#premove-cancel'), 'the queued move can be cancelled');
  await screenshot(page, 'premove.png');

  // p2 plays elsewhere: p1's premove is played at once, as the server's legal list spells it
  const p2legal = await seatSocket(id, p2, null);
  const reply = p2legal.find((a) => square(a) !== square(later));
  assert.ok(reply, 'a reply of p2');
  await seatSocket(id, p2, /** @type {string} */ (reply));
  await until(
    async () => /Premove played/.test((await page.textContent('#premove-status')) ?? ''),
    'the premove played',
  );
  assert.match((await page.textContent('#premove-status')) ?? '', new RegExp(`Premove played: ${later}`));
  await until(async () => {
    const t = await api(env.server.url, 'GET', `/api/tables/${id}`);
    return (t.to_move ?? []).includes('p2');
  }, 'p2 to move after the premove');
  const lines = await page.locator('#log > li').allTextContents();
  assert.ok(
    lines.some((l) => l.includes(later)),
    `the premove is in the moves: ${lines.join(' | ')}`,
  );

  // a premove that is not legal when the turn comes (its square is taken) is cancelled
  await page.waitForSelector('#premove-input');
  await page.fill('#premove-input', first);
  await page.click('.premove-form button[type=submit]');
  const p2next = await seatSocket(id, p2, null);
  await seatSocket(id, p2, p2next[0]);
  await until(
    async () => /cancelled: it is not a legal move now/.test((await page.textContent('#premove-status')) ?? ''),
    'the illegal premove cancelled',
  );
  // said where p1 sees it at its turn, not inside the premove's box that the turn hides
  assert.ok(await page.isVisible('#premove-status'), 'the cancellation in sight');
  // p1 is to move, and chooses as usual; nothing was sent for it
  const t = await api(env.server.url, 'GET', `/api/tables/${id}`);
  assert.deepEqual(t.to_move, ['p1'], 'p1 still to move');
  await page.waitForSelector('#move-panel .word-button');
  assert.equal(await page.isVisible('#premove-input'), false);
  assert.equal(await page.locator('.premove-move').count(), 0, 'nothing queued any more');

  // Cancel drops a queued move: p1 places a piece, queues a placement legal then, cancels it;
  // p2 moves elsewhere, and p1 is asked for its move, nothing played for it
  const l3 = (await seatSocket(id, p1, null)).filter((a) => a.split(' ').length === 4);
  const played3 = l3[0];
  const kept = l3.find((a) => square(a) !== square(played3));
  assert.ok(played3 && kept, 'two placements on two squares');
  await seatSocket(id, p1, played3);
  await page.waitForSelector('#premove-input');
  await page.fill('#premove-input', /** @type {string} */ (kept));
  await page.click('.premove-form button[type=submit]');
  await page.click('#premove-cancel');
  assert.match((await page.textContent('#premove-status')) ?? '', /Premove cancelled/);
  const p2last = (await seatSocket(id, p2, null)).find((a) => square(a) !== square(/** @type {string} */ (kept)));
  await seatSocket(id, p2, /** @type {string} */ (p2last));
  await page.waitForSelector('#move-panel .word-button');
  assert.deepEqual((await api(env.server.url, 'GET', `/api/tables/${id}`)).to_move, ['p1'], 'nothing played');

  // a spectator is offered no premove
  const watcher = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const wp = await watcher.newPage();
  await wp.goto(new URL(`table.html?id=${id}`, env.server.url).toString());
  await wp.waitForSelector('#conn.open');
  assert.equal(await wp.isVisible('#premove-input'), false, 'no premove for a spectator');
  await watcher.close();

  assert.deepEqual(errors, []);
  await ctx.close();
});

/**
 * p1 composes a placement by clicks, as at its turn: the piece in its holder, the square on the
 * board, the facing among the words of its moves; Queue keeps it.
 * @param {import('playwright-core').Page} page
 * @param {string} action a placement ("place A c1 N")
 */
async function clickPremove(page, action) {
  const [, piece, sq, facing] = action.split(' ');
  await page.click(`#players-area .my-hand [data-token="${piece}"]`);
  await page.click(`#board-area .cell[data-token="${sq}"]`);
  await page.click(`.premove-words [data-word="${facing}"]`);
  assert.equal(await page.inputValue('#premove-input'), `${piece} ${sq} ${facing}`, 'the notation the clicks make');
  await page.click('.premove-form button[type=submit]');
  assert.equal(await page.textContent('.premove-move'), `${piece} ${sq} ${facing}`);
}

test('a premove composed by clicks: played when legal, cancelled when not', { timeout: budget(30000) }, async () => {
  const { id, p1, p2, ctx, page, errors } = await tableOfTwo();
  await page.waitForSelector('#move-panel .word-button');

  // p1 places a piece; another placement of that turn is kept for the premove
  const legal = await seatSocket(id, p1, null);
  const first = legal[0];
  const later = legal.find((a) => square(a) !== square(first) && a.split(' ').length === 4);
  assert.ok(later, `a placement elsewhere: ${legal.slice(0, 3)}`);
  await seatSocket(id, p1, first);

  // p2 to move: p1 clicks its piece, the square and the facing, as at its turn; the clicks
  // make notation (what is legal at p1's next turn is not known yet), marked on the board
  await page.waitForSelector('#premove-input');
  const [, piece, sq, facing] = later.split(' ');
  await page.click(`#players-area .my-hand [data-token="${piece}"]`);
  assert.equal(await page.inputValue('#premove-input'), piece, 'a click on the piece gives its word');
  assert.equal(await page.locator('#detail[open]').count(), 0, 'the click composes; no detail sheet');
  await page.click(`#board-area .cell[data-token="${sq}"]`);
  await page.waitForSelector(`#board-area .cell.selected[data-token="${sq}"]`);
  // as at the turn, the square clicked again is taken back; Back takes the last word back
  await page.click(`#board-area .cell[data-token="${sq}"]`);
  assert.equal(await page.inputValue('#premove-input'), piece, 'the square taken back');
  await page.waitForSelector(`#board-area .cell.selected[data-token="${sq}"]`, { state: 'detached' });
  await page.click(`#board-area .cell[data-token="${sq}"]`);
  await page.click(`.premove-words [data-word="${facing}"]`);
  await page.click('#premove-back');
  assert.equal(await page.inputValue('#premove-input'), `${piece} ${sq}`, 'the facing taken back');
  await page.click(`.premove-words [data-word="${facing}"]`);
  assert.equal(await page.inputValue('#premove-input'), `${piece} ${sq} ${facing}`);
  await page.click('.premove-form button[type=submit]');
  assert.equal(await page.textContent('.premove-move'), `${piece} ${sq} ${facing}`, 'queued as composed');
  assert.ok(await page.isVisible('#premove-cancel'), 'the queued move can be cancelled');
  await screenshot(page, 'premove-clicked.png');

  // p2 plays elsewhere: the clicked premove is played at once, as the server spells it
  const reply = (await seatSocket(id, p2, null)).find((a) => square(a) !== sq);
  await seatSocket(id, p2, /** @type {string} */ (reply));
  await until(
    async () => /Premove played/.test((await page.textContent('#premove-status')) ?? ''),
    'the clicked premove played',
  );
  assert.match((await page.textContent('#premove-status')) ?? '', new RegExp(`Premove played: ${later}\\.`));
  await until(async () => {
    const t = await api(env.server.url, 'GET', `/api/tables/${id}`);
    return (t.to_move ?? []).includes('p2');
  }, 'p2 to move after the premove');

  // p2 to move again: p1 clicks a placement next to its pieces (rank or file one apart) on a
  // square p2 may place on too, and p2 takes that square: at p1's turn the premove is not
  // legal any more, cancelled with its line in sight, and p1 chooses as usual
  await page.waitForSelector('#premove-input');
  const mine = [square(first), sq];
  const near = (/** @type {string} */ a) =>
    mine.some(
      (m) => Math.abs(m.charCodeAt(0) - a.charCodeAt(0)) + Math.abs(Number(m.slice(1)) - Number(a.slice(1))) === 1,
    );
  const p2legal = await seatSocket(id, p2, null);
  const taken = p2legal.find((a) => a.startsWith('place ') && near(square(a)));
  assert.ok(taken, `a square next to p1's that p2 may take: ${p2legal.slice(0, 3)}`);
  await clickPremove(page, `place ${piece} ${square(/** @type {string} */ (taken))} ${facing}`);
  await seatSocket(id, p2, /** @type {string} */ (taken));
  await until(
    async () => /cancelled: it is not a legal move now/.test((await page.textContent('#premove-status')) ?? ''),
    'the clicked premove cancelled',
  );
  assert.match(
    (await page.textContent('#premove-status')) ?? '',
    new RegExp(`Premove "${piece} ${square(/** @type {string} */ (taken))} ${facing}" cancelled`),
  );
  assert.ok(await page.isVisible('#premove-status'), 'the cancellation in sight');
  assert.deepEqual((await api(env.server.url, 'GET', `/api/tables/${id}`)).to_move, ['p1'], 'nothing played');
  await page.waitForSelector('#move-panel .word-button');
  assert.equal(await page.locator('.premove-move').count(), 0, 'nothing queued any more');
  // at p1's turn a click chooses as usual again (not into a premove)
  await page.click(`#players-area .my-hand [data-token="${piece}"]`);
  await page.waitForSelector('#move-panel .chosen');

  assert.deepEqual(errors, []);
  await ctx.close();
});
