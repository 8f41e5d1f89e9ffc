// The computer's review on the replay page (review.js; docs/server/api.md "Reviews"): a finished
// table's replay offers it with a button; asked for, the page shows how far the server is, then
// each player's accuracy, the curve of the expected results and the marked decisions; the moves
// carry the marks (?!, ?, ??), one for each decision marked; a marked decision chosen shows its
// verdict with why (the move's and the best move's own previews, the best move's line), the curve
// its axes and a legend of the seats, and frames its best alternative on the board (and one that
// names nothing drawn, such as
// "advance N", frames nothing and does not say it does); a second page gets the review made
// already, at once; a record file opened in the page offers none. axe finds nothing serious.
// Screenshots review.png (1280 × 800), review-phone.png (390 × 844) and review-unframed.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, api, budget, until, screenshot, assertAccessible } from './support.mjs';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
before(async () => {
  // small searches, so that a review takes seconds even on a busy machine
  server = await startServer({ threads: 1, extra: ['--review-iterations', '100'] });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A table of greedy against random, played to its end by the server; its id. */
async function finishedTable() {
  const info = await api(server.url, 'POST', '/api/tables', { game: 'three-arrows', seats: ['greedy', 'random'] });
  await until(
    async () => (await api(server.url, 'GET', `/api/tables/${info.id}`)).status === 'over',
    'the computers finish their game',
  );
  return info.id;
}

/**
 * The review of table id, asked for and waited for through the API.
 * @param {string} id
 */
async function madeReview(id) {
  await api(server.url, 'POST', `/api/tables/${id}/review`, {});
  /** @type {any} */
  let state = null;
  await until(
    async () => (state = await api(server.url, 'GET', `/api/tables/${id}/review`)).status === 'done',
    'the review is made',
  );
  return state.review;
}

test('a review asked for on the replay page, its progress, then its verdicts', { timeout: budget(30000) }, async () => {
  const id = await finishedTable();
  const a = await newPage(browser);
  // the replay of a game nobody had reviewed logged the page's own 404 as a console error
  const logged = /** @type {string[]} */ ([]);
  a.page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
  await a.page.goto(new URL(`replay.html?id=${id}`, server.url).toString());
  await a.page.waitForSelector('#ask-review');
  assert.match((await a.page.textContent('#review')) ?? '', /from what its player knew/);
  assert.deepEqual(logged, [], 'the replay of an unreviewed game logs no error');
  await a.page.click('#ask-review');
  // the server's progress, then the review
  await a.page.waitForSelector('#review .review-progress progress');
  await a.page.waitForSelector('#review .review-curve');
  const review = (await api(server.url, 'GET', `/api/tables/${id}/review`)).review;
  const seats = await a.page.locator('#review .review-seat').allTextContents();
  assert.equal(seats.length, 2);
  for (const [i, s] of review.seats.entries())
    assert.match(seats[i], new RegExp(`accuracy ${Math.round(s.accuracy)}%`), `the accuracy of ${s.seat}`);
  assert.deepEqual(a.errors, []);
  await a.page.context().close();
});

test('the marks in the moves and a marked decision on the board', { timeout: budget(60000) }, async () => {
  // a game with a marked decision whose best move is another that names a square (random play
  // makes some; "advance N" names none, and frames nothing)
  /** @param {any} d */
  const squared = (d) => d.mark && d.best !== d.played && /\b[a-z][0-9]+\b/.test(d.best);
  let id = '';
  /** @type {any} */
  let review = null;
  for (let k = 0; k < 10 && !id; k++) {
    const t = await finishedTable();
    const r = await madeReview(t);
    if (r.decisions.some(squared)) [id, review] = [t, r];
  }
  assert.ok(id, 'a game of greedy against random with a marked decision');
  const marked = review.decisions.filter((/** @type {any} */ d) => d.mark);
  for (const size of [
    { width: 1280, height: 800, shot: 'review.png' },
    { width: 390, height: 844, shot: 'review-phone.png' },
  ]) {
    const p = await newPage(browser, { width: size.width, height: size.height });
    await p.page.goto(new URL(`replay.html?id=${id}`, server.url).toString());
    // made already: at once, no button
    await p.page.waitForSelector('#review .review-curve');
    assert.equal(await p.page.locator('#ask-review').count(), 0);
    // every marked decision listed, and in the moves at the end, one mark each
    assert.equal(await p.page.locator('#review .review-jump').count(), marked.length);
    await p.page.click('#last');
    await until(
      async () => (await p.page.locator('#log .review-mark').count()) === marked.length,
      'a mark in the moves for each marked decision',
    );
    // the first marked decision whose best move is another on a square: its verdict and its
    // alternative
    const d = marked.find(squared);
    await p.page.click(`#review .review-jump[data-step="${d.step}"]`);
    await until(
      async () => Number(await p.page.inputValue('#step')) === d.step,
      "the page goes to the decision's step",
    );
    const note = (await p.page.textContent('#review-note')) ?? '';
    assert.match(note, new RegExp(`played ${d.played}`));
    assert.match(note, new RegExp(`an? ${d.mark}`));
    // why: the best move's own preview beside the verdict, and its line
    const quote = (/** @type {string} */ t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    assert.match(note, new RegExp(quote(d.best_note ? `Best was ${d.best}: ${d.best_note}.` : `Best was ${d.best}.`)));
    if (d.played_note) assert.match(note, new RegExp(quote(`${d.played}: ${d.played_note}.`)));
    if (d.line.length) {
      const first = d.line[0];
      assert.match(note, new RegExp(`${quote('could foresee it: ')}.*${quote(first.action)}`));
    }
    // the curve's axes and its legend naming the seats
    const axes = await p.page.locator('#review .review-axis').allTextContents();
    for (const t of ['100%', '50%', '0%', 'move 1']) assert.ok(axes.includes(t), `the axis says ${t}: ${axes}`);
    const legend = await p.page.locator('#review .review-legend li').allTextContents();
    assert.equal(legend.length, 2, `a legend of both seats: ${legend}`);
    const framed = await p.page
      .locator('#board-area .review-alt, #players-area .review-alt')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-token')));
    assert.ok(framed.length > 0, 'the alternative framed on the board');
    assert.match(note, /framed on the board/);
    for (const t of framed) assert.ok(d.best.split(' ').includes(t), `${t} is a word of ${d.best}`);
    // its line in the moves is the one looked at, with its mark
    const line = p.page.locator('#log li.looked');
    assert.match((await line.textContent()) ?? '', new RegExp(d.played));
    assert.equal(await line.locator('.review-mark').count(), 1);
    // the note and the board in sight (a phone's page scrolls to them; the scroll may end a
    // fraction of a pixel past the note's top)
    const box = await p.page.locator('#review-note').boundingBox();
    assert.ok(box && box.y >= -1 && box.y < size.height, `the verdict in sight: ${JSON.stringify(box)}`);
    await screenshot(p.page, size.shot);
    await assertAccessible(p.page, `the replay page with its review at ${size.width} px`);
    assert.deepEqual(p.errors, []);
    await p.page.context().close();
  }
  // a best move that names nothing drawn ("advance N") frames nothing, and the verdict does not
  // say it did: the same review, one marked decision's best made such a move
  const plain = structuredClone(review);
  const moved = plain.decisions.find(squared);
  moved.best = 'advance N';
  moved.best_note = null;
  moved.line = [];
  const p = await newPage(browser);
  await p.page.route(`**/api/tables/${id}/review`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'done', review: plain }),
    }),
  );
  await p.page.goto(new URL(`replay.html?id=${id}`, server.url).toString());
  await p.page.waitForSelector('#review .review-curve');
  await p.page.click(`#review .review-jump[data-step="${moved.step}"]`);
  await until(
    async () => Number(await p.page.inputValue('#step')) === moved.step,
    "the page goes to the decision's step",
  );
  const note = (await p.page.textContent('#review-note')) ?? '';
  assert.match(note, /Best was advance N\.$/);
  assert.equal(await p.page.locator('#board-area .review-alt, #players-area .review-alt').count(), 0);
  await screenshot(p.page, 'review-unframed.png');
  assert.deepEqual(p.errors, []);
  await p.page.context().close();
});

test('a record file opened in the page offers no review', { timeout: budget(15000) }, async () => {
  const id = await finishedTable();
  const record = await (await fetch(new URL(`/api/tables/${id}/record`, server.url))).text();
  const p = await newPage(browser);
  await p.page.goto(new URL('replay.html', server.url).toString());
  await p.page.setInputFiles('#record-file', {
    name: 'game.json',
    mimeType: 'application/json',
    buffer: Buffer.from(record),
  });
  await p.page.waitForSelector('#board-area svg.board');
  assert.equal(await p.page.isVisible('#review'), false);
  assert.deepEqual(p.errors, []);
  await p.page.context().close();
});
