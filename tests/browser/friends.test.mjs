// Playing with other people: two browser contexts at the two seats of a table (and a
// spectator). A takeback asked on one page is shown on the other with Accept and Decline:
// accepted, both boards are back where they were before the move; declined, the asker reads
// so and the move stays. A rematch asked on both pages moves both to one new table, each in the
// seat moved one place on. The chat reaches the other player and the spectator, a spectator's
// line only the spectators, markup shows as typed, a phone's collapsed panel counts the lines
// not seen, and writing too fast is said in words. The screenshots: the takeback's banner
// (desktop and phone), the chat, and the README's table between two people with clocks and chat
// (table-people.png).

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer,
  launchBrowser,
  newPage,
  api,
  moveOnce,
  shownVersion,
  clickAndWait,
  rng,
  until,
  budget,
  screenshot,
  TURN_SELECTOR,
  openSeatLink,
} from './support.mjs';

/** @type {Awaited<ReturnType<typeof startServer>> | null} */
let server = null;
/** @type {import('playwright-core').Browser | null} */
let browser = null;

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** @typedef {import('playwright-core').Page} Page */

async function setUp() {
  server ??= await startServer();
  browser ??= await launchBrowser();
  return { server, browser };
}

/**
 * A table of two people: p1 and p2 each in a browser context of their own (taking their seat
 * by its link), and a spectator's page when asked for.
 * @param {object} body the table's request (game, seats, params, clock)
 * @param {{watcher?: boolean, p2Size?: {width: number, height: number}}} [o]
 */
async function tableOfTwo(body, o = {}) {
  const { server, browser } = await setUp();
  const created = await api(server.url, 'POST', '/api/tables', body);
  const id = created.id;
  const url = new URL(`table.html?id=${id}`, server.url).toString();
  /** @param {string} seat */
  const link = (seat) => {
    const code = (created.invites ?? []).find((/** @type {{seat: string}} */ x) => x.seat === seat)?.code;
    return code ? `${url}&seat=${seat}&invite=${code}` : `${url}&seat=${seat}`;
  };
  // their names, as each gave it once in the browser (web/names.js)
  const p1 = await newPage(browser, { name: 'Ada' });
  const p2 = await newPage(browser, { ...(o.p2Size ?? {}), name: 'Grace' });
  await openSeatLink(p1.page, link('p1'));
  await openSeatLink(p2.page, link('p2'));
  const watcher = o.watcher ? await newPage(browser) : null;
  if (watcher) await watcher.page.goto(url);
  for (const x of [p1, p2, watcher]) if (x) await x.page.waitForSelector('#conn.open');
  assert.match((await p1.page.textContent('#conn')) ?? '', /Connected as p1/);
  assert.match((await p2.page.textContent('#conn')) ?? '', /Connected as p2/);
  return { id, url, p1, p2, watcher };
}

/**
 * What a page's board says, square by square (the labels a screen reader hears).
 * @param {Page} page
 */
function boardShown(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#board-area .cell')].map((c) => c.getAttribute('aria-label') ?? ''),
  );
}

/** @param {Page} page */
async function logLength(page) {
  return page.locator('#log li').count();
}

/**
 * Plays by whichever page has a decision until `page` has one.
 * @param {Page} page
 * @param {Page[]} pages
 * @param {() => number} rand
 */
async function playOnUntil(page, pages, rand) {
  for (let k = 0; k < 12; k++) {
    const [turn] = await Promise.race(pages.map((pg) => pg.waitForSelector(TURN_SELECTOR).then(() => [pg])));
    if (turn === page) return;
    await moveOnce(turn, rand);
  }
  assert.fail('the other seat kept the turn');
}

/**
 * p1 moves, p2 answers, and p1 asks to take its move back (with p2's after it), until that is a
 * request p2 must answer: a move followed by the die may not be taken back (that is said, and
 * the game goes on), and one with no move of p2's after it is taken back at once. Returns, once
 * both pages show the request, the boards both showed before p1's move and the log's length at
 * the request.
 * @param {Page} a p1's page
 * @param {Page} b p2's page
 * @param {() => number} rand
 */
async function askTakeback(a, b, rand) {
  for (let k = 0; k < 12; k++) {
    await playOnUntil(a, [a, b], rand);
    const boards = { a: await boardShown(a), b: await boardShown(b) };
    await moveOnce(a, rand);
    await playOnUntil(a, [a, b], rand);
    // both pages at the same version, each showing every move (the other page may still be
    // drawing the last one: its log's length alone, read once, could be one short for good)
    let lines = 0;
    await until(async () => {
      const [va, vb, la, lb] = [await shownVersion(a), await shownVersion(b), await logLength(a), await logLength(b)];
      lines = lb;
      return va === vb && la === lb;
    }, 'both pages show every move');
    await a.click('#undo');
    let outcome = '';
    await until(async () => {
      if (/cannot be taken back/.test((await a.textContent('#move-panel')) ?? '')) outcome = 'refused';
      else if (await b.locator('#offer.asked .offer-accept').count()) outcome = 'asked';
      else if ((await logLength(b)) < lines) outcome = 'at once';
      return outcome;
    }, 'the takeback, its request, or its refusal');
    if (outcome === 'asked') {
      // the asker's page hears its request back when the other page may have shown it
      // already (the server's update reaches the two sockets in turn): both pages have it
      await until(
        async () => /Waiting for .* to accept your takeback/.test((await a.textContent('#offer')) ?? ''),
        "the asker's page waits for the answer",
      );
      return { boards, lines };
    }
  }
  throw new Error('no move of p1 could be taken back on request');
}

test('a takeback asked on one page, accepted on the other, then one declined', { timeout: budget(30000) }, async () => {
  const { p1, p2, watcher } = await tableOfTwo({ game: 'three-arrows', seats: ['human', 'human'] }, { watcher: true });
  const rand = rng(5);
  await moveOnce(p1.page, rand);
  await moveOnce(p2.page, rand);

  // asked: the asker waits, the other answers, the spectator reads who asked
  let asked = await askTakeback(p1.page, p2.page, rand);
  assert.match((await p1.page.textContent('#offer')) ?? '', /Waiting for .*p2.* to accept your takeback/);
  assert.match((await p2.page.textContent('#offer')) ?? '', /p1.* asks to take back their last move/);
  assert.ok(await p1.page.locator('#undo').isHidden(), 'no second request while one waits');
  await until(
    async () =>
      /p1.* asks to take back their last move; waiting for .*p2/.test(await watcher.page.textContent('#offer')),
    'the spectator reads who asked and who is awaited',
  );

  // accepted: both boards are back where they were before the move
  await p2.page.click('#offer .offer-accept');
  await until(async () => (await logLength(p2.page)) < asked.lines, "p2's log loses the move");
  await until(async () => (await logLength(p1.page)) < asked.lines, "p1's log loses the move");
  assert.deepEqual(await boardShown(p1.page), asked.boards.a, "p1's board is back");
  assert.deepEqual(await boardShown(p2.page), asked.boards.b, "p2's board is back");
  await until(async () => /Your last move was taken back/.test(await p1.page.textContent('#offer')), 'p1 is told');
  assert.match((await p2.page.textContent('#offer')) ?? '', /p1.*'s last move was taken back/);

  // declined: the asker reads so, and the move stays
  asked = await askTakeback(p1.page, p2.page, rand);
  const board = await boardShown(p2.page);
  await p2.page.click('#offer .offer-decline');
  await until(
    async () => /p2.* declined your takeback/.test(await p1.page.textContent('#offer')),
    'p1 reads that p2 declined',
  );
  // p2's own update may come a moment after p1's: wait for it, as for p1's
  await until(async () => (await p2.page.locator('#offer .offer-accept').count()) === 0, "p2's buttons are gone");
  assert.equal(await logLength(p2.page), asked.lines, 'the move stays');
  assert.deepEqual(await boardShown(p2.page), board, "p2's board is as it was");
  assert.ok(await p1.page.locator('#undo').isVisible(), 'p1 may ask again');
  for (const x of [p1, p2, watcher]) assert.deepEqual(x.errors, [], 'no script error');
  for (const x of [p1, p2, watcher]) await x.page.context().close();
});

test(
  'a takeback request on a phone: the banner and its buttons fit the screen',
  { timeout: budget(20000) },
  async () => {
    const { p1, p2 } = await tableOfTwo(
      { game: 'three-arrows', seats: ['human', 'human'] },
      { p2Size: { width: 375, height: 740 } },
    );
    const rand = rng(8);
    await moveOnce(p1.page, rand);
    await moveOnce(p2.page, rand);
    await askTakeback(p1.page, p2.page, rand);
    const box = await p2.page.locator('#offer').boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 375, `the banner within the screen: ${JSON.stringify(box)}`);
    for (const b of ['.offer-accept', '.offer-decline']) {
      const bb = await p2.page.locator(`#offer ${b}`).boundingBox();
      assert.ok(bb && bb.height >= 40 && bb.y + bb.height <= 740, `${b} is on screen and large enough`);
    }
    await screenshot(p2.page, 'takeback-phone.png');
    await p2.page.click('#offer .offer-accept');
    await until(async () => /Your last move was taken back/.test(await p1.page.textContent('#offer')), 'p1 is told');
    for (const x of [p1, p2]) assert.deepEqual(x.errors, [], 'no script error');
    for (const x of [p1, p2]) await x.page.context().close();
  },
);

test(
  'a rematch asked on both pages moves both to one new table, seats moved on',
  { timeout: budget(40000) },
  async () => {
    // Evons scored after one turn: a short game between two people
    const { id, p1, p2, watcher } = await tableOfTwo(
      { game: 'evons', seats: ['human', 'human'], params: { max_turns: 1 } },
      { watcher: true },
    );
    const rand = rng(2);
    const over = (/** @type {Page} */ pg) => pg.locator('#result:not([hidden])').count();
    for (let n = 0; n < 400 && !(await over(p1.page)); n++) {
      await until(
        async () =>
          (await over(p1.page)) ||
          (await p1.page.locator(TURN_SELECTOR).count()) + (await p2.page.locator(TURN_SELECTOR).count()),
        'a page with something to click, or the result',
      );
      if (await over(p1.page)) break;
      const turn = (await p1.page.locator(TURN_SELECTOR).count()) ? p1.page : p2.page;
      await clickAndWait(turn, rand);
    }
    await p2.page.waitForSelector('#result:not([hidden])');
    // no "Play again" that would send each of them to a table of their own
    assert.equal(await p1.page.locator('#result button:has-text("Play again")').count(), 0);
    await p1.page.click('#result .rematch-button');
    await until(
      async () => /You asked for a rematch\. Waiting for .*p2/.test(await p1.page.textContent('#result')),
      'p1 waits for p2',
    );
    await until(async () => /p1.* wants a rematch/.test(await p2.page.textContent('#result')), 'p2 reads who asked');
    await until(
      async () => /p1.* asked for a rematch/.test(await watcher.page.textContent('#result')),
      'the spectator too',
    );
    await screenshot(p2.page, 'rematch.png');
    await p2.page.click('#result .rematch-button');
    const moved = (/** @type {Page} */ pg) =>
      pg.waitForURL((u) => /table\.html\?id=/.test(u.toString()) && new URL(u).searchParams.get('id') !== id);
    await Promise.all([moved(p1.page), moved(p2.page)]);
    const next = new URL(p1.page.url()).searchParams.get('id');
    assert.equal(new URL(p2.page.url()).searchParams.get('id'), next, 'both pages at one new table');
    for (const x of [p1, p2]) await x.page.waitForSelector('#conn.open');
    assert.match((await p1.page.textContent('#conn')) ?? '', /Connected as p2/, 'p1 moved on to p2');
    assert.match((await p2.page.textContent('#conn')) ?? '', /Connected as p1/, 'p2 moved on to p1');
    // the spectator follows with a link
    await watcher.page.click('#result a.rematch-link');
    await watcher.page.waitForURL((u) => new URL(u).searchParams.get('id') === next);
    await watcher.page.waitForSelector('#conn.open');
    assert.match((await watcher.page.textContent('#conn')) ?? '', /Watching/);
    for (const x of [p1, p2, watcher]) assert.deepEqual(x.errors, [], 'no script error');
    for (const x of [p1, p2, watcher]) await x.page.context().close();
  },
);

/**
 * Writes a chat line in a page (Enter sends).
 * @param {Page} page
 * @param {string} text
 */
async function say(page, text) {
  await page.fill('#chat-input', text);
  await page.press('#chat-input', 'Enter');
}

/**
 * The chat lines a page shows: who and what.
 * @param {Page} page
 */
function chatShown(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#chat-lines li')].map((li) => ({
      name: li.querySelector('.chat-name')?.textContent ?? '',
      text: li.querySelector('.chat-text')?.textContent ?? '',
    })),
  );
}

/**
 * Waits until a page shows a chat line with this text.
 * @param {Page} page
 * @param {string} text
 * @param {string} who
 */
async function sees(page, text, who) {
  await until(async () => (await chatShown(page)).some((l) => l.text === text), `${who} sees "${text}"`);
}

test('chat between two people and a spectator; the README screenshot', { timeout: budget(30000) }, async () => {
  const { p1, p2, watcher, url } = await tableOfTwo(
    {
      game: 'three-arrows',
      seats: ['human', 'human'],
      clock: { kind: 'fischer', base: 600, increment: 5 },
    },
    { watcher: true, p2Size: { width: 375, height: 740 } },
  );
  assert.match((await watcher.page.textContent('#chat')) ?? '', /Spectators' chat/);
  assert.doesNotMatch((await p1.page.textContent('#chat')) ?? '', /Spectators' chat/);
  // on a phone the panel starts collapsed and counts what came meanwhile
  assert.equal(await p2.page.getAttribute('#chat-toggle', 'aria-expanded'), 'false');
  const markup = '<b>gl</b> & <img src=x onerror="document.title=1"> hf';
  await say(p1.page, markup);
  await sees(watcher.page, markup, 'the spectator');
  await until(async () => (await p2.page.textContent('#chat-unread')) === '1 new', "p2's unread count");
  await p2.page.click('#chat-toggle');
  await sees(p2.page, markup, 'p2');
  assert.ok(await p2.page.locator('#chat-unread').isHidden(), 'nothing unread once open');
  for (const x of [p1, p2, watcher]) {
    assert.equal(await x.page.locator('#chat-lines b, #chat-lines img').count(), 0, 'markup shown as text');
  }
  await say(p2.page, 'Thanks, you too!');
  await sees(p1.page, 'Thanks, you too!', 'p1');
  // a spectator's line: the spectators' only
  await say(watcher.page, 'spectators only here');
  await sees(watcher.page, 'spectators only here', 'the spectator');
  await say(p1.page, 'after the spectator');
  await sees(p2.page, 'after the spectator', 'p2');
  await sees(watcher.page, 'after the spectator', 'the spectator');
  for (const x of [p1, p2]) {
    assert.ok(
      !(await chatShown(x.page)).some((l) => l.text === 'spectators only here'),
      "a spectator's line stays theirs",
    );
  }
  // a line over 500 characters is refused with its count as it is typed, never cut or sent
  const long = 'x'.repeat(523);
  await p1.page.fill('#chat-input', long);
  await until(
    async () => /523 characters: at most 500/.test((await p1.page.textContent('#chat-error')) ?? ''),
    'the count said while typing',
  );
  assert.equal(await p1.page.inputValue('#chat-input'), long, 'the line is not cut');
  await p1.page.press('#chat-input', 'Enter');
  assert.equal(await p1.page.textContent('#chat-error'), 'Not sent: 523 characters: at most 500.');
  assert.equal(await p1.page.inputValue('#chat-input'), long, 'the refused line is kept');
  await p1.page.press('#chat-input', 'Backspace');
  await p1.page.fill('#chat-input', 'x'.repeat(500));
  await until(async () => (await p1.page.textContent('#chat-error')) === '', 'a line that fits clears the count');
  await p1.page.fill('#chat-input', '');
  // a fresh page of the seat shows the lines from its snapshot
  const again = await p1.page.context().newPage();
  await again.goto(url);
  await sees(again, 'after the spectator', "p1's fresh page");
  assert.deepEqual(
    (await chatShown(again)).map((l) => l.text),
    [markup, 'Thanks, you too!', 'after the spectator'],
  );
  await again.close();
  // a few moves, then the README's picture of a table between two people: clocks and chat
  const rand = rng(4);
  await moveOnce(p1.page, rand);
  await moveOnce(p2.page, rand);
  await say(p2.page, 'Nice opening.');
  await sees(p1.page, 'Nice opening.', 'p1');
  await moveOnce(p1.page, rand);
  await p1.page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(p1.page, 'table-people.png');
  // the phone's chat, scrolled to: what was said, above the action sheet
  await p2.page.evaluate(() => document.getElementById('chat')?.scrollIntoView({ block: 'start' }));
  const chatBox = await p2.page.locator('#chat').boundingBox();
  assert.ok(chatBox && chatBox.x >= 0 && chatBox.x + chatBox.width <= 375, 'the chat fits the phone');
  await screenshot(p2.page, 'chat-phone.png');
  // writing too fast: the server's limit said in words, the line kept to send again
  // (the 8 lines go in one task of the page, through the form's own submit: typed one by one
  // they can take longer than the limit's 10 s on a loaded machine, and all get through)
  await watcher.page.evaluate(() => {
    const form = /** @type {HTMLFormElement} */ (document.getElementById('chat-form'));
    const input = /** @type {HTMLInputElement} */ (document.getElementById('chat-input'));
    for (let k = 0; k < 8; k++) {
      input.value = `line ${k}`;
      form.requestSubmit();
    }
  });
  await until(
    async () => /Not sent/.test((await watcher.page.textContent('#chat-error')) ?? ''),
    'the rate limit said',
  );
  assert.match(await watcher.page.inputValue('#chat-input'), /^line \d$/, 'the refused line is kept');
  for (const x of [p1, p2, watcher]) assert.deepEqual(x.errors, [], 'no script error');
  for (const x of [p1, p2, watcher]) await x.page.context().close();
});
