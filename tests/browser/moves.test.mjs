// Nothing irreversible on one click: two people at a table, each in a browser of their own.
// Clicking one's own THREE ARROWS piece selects it and sends nothing; the action then waits for
// Play with what it will do shown beside it; Escape clears the choice and Enter plays it. A
// forced decision ("Your only move") waits for Play, or goes at once with "play forced moves
// for me"; with "confirm moves" off a complete action goes at once. Evons' end of the turn that
// ends the game shows its warning before Play is pressed, and so does a THREE ARROWS placement
// that would leave its player skipped (a plain one says the squares it points at). Also: the
// keyboard focus after a keyboard choice, a press on a choice drawn again before its release,
// the last move marked on the board, and the table's rules link; and the tests' own click
// (support.mjs's clickStill) dropping a control gone before it was taken. Screenshots of the choices go to $QV_SCREENSHOT_DIR (else build/screenshots).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  api,
  budget,
  screenshot,
  until,
  STEP_MS,
  givePlayerName,
  openSeatLink,
  clickStill,
} from './support.mjs';

const env = serverAndBrowser();

/** The moves to the position where p1's Cross on c3 may attack p2's Double on c4 (or place). */
const TO_ATTACK = ['place R c1 N', 'place R c6 S', 'place D c2 N', 'place D c5 S', 'place X c3 N', 'place D c4 S'];
/** The moves to the position where p1's only option is to attack c4 from c3 (a forced decision). */
const TO_FORCED = ['place R c1 N', 'place R c6 S', 'place D c2 N', 'place D c5 S', 'place D c3 N', 'place D c4 S'];

/**
 * A page of one seat, with the frames it sends.
 * @param {string} url
 */
async function seatPage(url) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await givePlayerName(context, 'Tester');
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  /** @type {any[]} */
  const sent = [];
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      try {
        sent.push(JSON.parse(String(f.payload)));
      } catch {
        /* not JSON */
      }
    }),
  );
  await openSeatLink(page, url);
  return { page, sent, errors, acts: () => sent.filter((f) => f.type === 'act') };
}

/**
 * A table of `game` between two people, p1 and p2 each in a browser of their own; `before`
 * runs in p1's browser before it opens the table (its settings).
 * @param {string} game
 */
async function table(game) {
  const info = await api(env.server.url, 'POST', '/api/tables', { game, seats: ['human', 'human'] });
  const a = await seatPage(new URL(`table.html?id=${info.id}&seat=p1`, env.server.url).toString());
  const b = await seatPage(new URL(`table.html?id=${info.id}&seat=p2`, env.server.url).toString());
  return { a, b, close: async () => Promise.all([a.page.context().close(), b.page.context().close()]) };
}

/** @param {import('playwright-core').Page} page */
const version = (page) => page.evaluate(() => Number(document.body.dataset.v));

/**
 * Plays an action by typing it (the notation box shows it with its Play button, which sends
 * it, or sends it at once with "confirm moves" off), when it is this page's turn, and waits
 * until the table has applied it.
 * @param {import('playwright-core').Page} page
 * @param {string} action
 */
async function typed(page, action) {
  await page.waitForSelector('#notation:not([disabled])');
  const v = await version(page);
  await page.fill('#notation', action);
  await page.click('.notation-form button[type=submit]');
  // with "confirm moves" off it goes at once; else its Play button sends it
  const play = page.locator(`#move-panel .play-button[data-action="${action}"]`);
  await until(async () => (await version(page)) > v || (await play.count()) > 0, `'${action}' shown or applied`);
  if ((await version(page)) <= v && (await play.count()) > 0) await play.click();
  await until(async () => (await version(page)) > v, `'${action}' applied`);
}

/**
 * Plays the moves in turn, p1 on page a and p2 on page b.
 * @param {{page: import('playwright-core').Page}} a
 * @param {{page: import('playwright-core').Page}} b
 * @param {string[]} moves
 */
async function alternate(a, b, moves) {
  for (let i = 0; i < moves.length; i++) await typed((i % 2 ? b : a).page, moves[i]);
}

/**
 * Changes a setting of moves on a page (its check box under the move panel).
 * @param {import('playwright-core').Page} page
 * @param {string} id set-confirm or set-forced
 * @param {boolean} on
 */
async function setting(page, id, on) {
  // the settings are folded under the panel's Settings until opened
  if (!(await page.isVisible(`#${id}`))) await page.click('#move .settings-box > summary');
  await page.setChecked(`#${id}`, on);
}

test('one click on an own piece selects it; the attack waits for Play', { timeout: budget(20000) }, async () => {
  const { a, b, close } = await table('three-arrows');
  // the rules of the game, one click away, in a new tab
  await a.page.waitForSelector('#rules-link:not([hidden])');
  assert.equal(await a.page.getAttribute('#rules-link', 'href'), 'rules.html?game=three-arrows');
  assert.equal(await a.page.getAttribute('#rules-link', 'target'), '_blank');
  // a choice by keyboard: the focus goes to the next choice, not to the page's body
  await a.page.waitForSelector('#move-panel .word-button');
  await a.page.focus('#move-panel .word-button');
  await a.page.keyboard.press('Enter');
  await until(
    () => a.page.evaluate(() => Boolean(document.querySelector('#move-panel .chosen'))),
    'the keyboard choice taken',
  );
  const focus = await a.page.evaluate(() => {
    const el = document.activeElement;
    return { inPanel: Boolean(el?.closest('#move-panel')), tag: el?.tagName ?? '', body: el === document.body };
  });
  assert.deepEqual(focus, { inPanel: true, tag: 'BUTTON', body: false }, 'the focus is on the next choice');
  await a.page.keyboard.press('Escape');
  await until(() => a.page.evaluate(() => !document.querySelector('#move-panel .chosen')), 'Escape clears the choice');
  assert.equal(a.acts().length, 0, 'no act sent by choosing');

  await alternate(a, b, TO_ATTACK);
  // p2's last move is marked on p1's board
  await a.page.waitForSelector('#board-area .cell.last[data-token="c4"]');
  const v = await version(a.page);
  const before = a.acts().length;
  await a.page.click('#board-area .cell[data-token="c3"]');
  const play = a.page.locator('#move-panel .play-button[data-action="attack c3 c4"]');
  await play.waitFor();
  const what = (await a.page.textContent('#move-panel .play-what')) ?? '';
  assert.match(what, /against/, `what the attack will do is shown before Play: '${what}'`);
  assert.ok(await a.page.isVisible('#move-panel .play-what'));
  // nothing sent, nothing changed: give a wrongly sent act the time to come back
  await a.page.waitForTimeout(500);
  assert.equal(a.acts().length, before, 'one click on an own piece sends nothing');
  assert.equal(await version(a.page), v, 'the table did not move');
  await screenshot(a.page, 'moves-attack-selected.png');
  // Escape clears it; chosen again, Enter (on the chosen square) plays it
  await a.page.keyboard.press('Escape');
  await play.waitFor({ state: 'detached' });
  await a.page.click('#board-area .cell[data-token="c3"]');
  await play.waitFor();
  await a.page.keyboard.press('Enter');
  await until(() => a.acts().length > before, 'Enter sends the action');
  assert.equal(a.acts().at(-1).action, 'attack c3 c4');
  await until(async () => (await version(a.page)) > v, 'the attack applied');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await close();
});

test(
  'a press on a choice counts when the choices are drawn again before its release',
  { timeout: budget(20000) },
  async () => {
    const { a, b, close } = await table('three-arrows');
    await a.page.waitForSelector('#move-panel .word-button');
    // a frame drew the choices again between the press and the release (the buttons are new),
    // so the click lands on the panel's box, not on a button: it once did nothing
    const word = await a.page.evaluate(() => {
      const choices = /** @type {Element} */ (document.querySelector('#move-panel .choices'));
      const button = /** @type {HTMLElement} */ (choices.querySelector('.word-button'));
      button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', isPrimary: true }));
      for (const old of choices.querySelectorAll('.word-button')) old.replaceWith(old.cloneNode(true));
      choices.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'mouse', isPrimary: true }));
      choices.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
      return button.getAttribute('data-word');
    });
    await until(
      async () =>
        (
          (await a.page
            .locator('#move-panel .chosen strong')
            .textContent({ timeout: 1000 })
            .catch(() => '')) ?? ''
        )
          .split(' ')
          .at(-1) === word,
      `the press on "${word}" taken`,
    );
    assert.equal(a.acts().length, 0, 'a choice sends nothing');
    assert.deepEqual([...a.errors, ...b.errors], []);
    await close();
  },
);

test('a forced move waits for Play, then is sent', { timeout: budget(20000) }, async () => {
  const { a, b, close } = await table('three-arrows');
  await alternate(a, b, TO_FORCED.slice(0, 5));
  const before = a.acts().length;
  await typed(b.page, TO_FORCED[5]);
  const only = a.page.locator('#move-panel .only-move');
  await only.waitFor();
  assert.match((await only.textContent()) ?? '', /Your only move: attack c3 c4/);
  assert.match((await a.page.textContent('#move-panel .play-what')) ?? '', /against/);
  const v = await version(a.page);
  await a.page.waitForTimeout(500);
  assert.equal(a.acts().length, before, 'the forced move is not sent by itself');
  assert.equal(await version(a.page), v);
  // the other player is told nothing of it: the move is not played, p1 is to move
  assert.match((await b.page.textContent('#status')) ?? '', /p1/);
  await screenshot(a.page, 'moves-only-move.png');
  await a.page.click('#move-panel .play-button[data-action="attack c3 c4"]');
  await until(() => a.acts().length > before, 'Play sends the forced move');
  assert.equal(a.acts().at(-1).action, 'attack c3 c4');
  await until(async () => (await version(a.page)) > v, 'the forced move applied');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await close();
});

test('"play forced moves for me" sends a forced move at once', { timeout: budget(20000) }, async () => {
  const { a, b, close } = await table('three-arrows');
  await setting(a.page, 'set-forced', true);
  await alternate(a, b, TO_FORCED.slice(0, 5));
  const before = a.acts().length;
  await typed(b.page, TO_FORCED[5]);
  await until(() => a.acts().length > before, 'the forced move sent without a click');
  assert.equal(a.acts().at(-1).action, 'attack c3 c4');
  // the setting is kept by the browser
  await a.page.reload();
  await a.page.waitForSelector('#conn.open');
  assert.equal(await a.page.isChecked('#set-forced'), true);
  assert.equal(await a.page.isChecked('#set-confirm'), true);
  assert.deepEqual([...a.errors, ...b.errors], []);
  await close();
});

test('with "confirm moves" off a complete action is sent at once', { timeout: budget(20000) }, async () => {
  const { a, b, close } = await table('three-arrows');
  await setting(a.page, 'set-confirm', false);
  await alternate(a, b, TO_ATTACK);
  const before = a.acts().length;
  await a.page.click('#board-area .cell[data-token="c3"]');
  await until(() => a.acts().length > before, 'the action sent by the click');
  assert.equal(a.acts().at(-1).action, 'attack c3 c4');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await close();
});

test('Evons: the end of the turn that ends the game warns before Play', { timeout: budget(20000) }, async () => {
  const { a, b, close } = await table('evons');
  await typed(a.page, 'keep');
  await typed(b.page, 'keep');
  // the coin says who begins: that player ends the turn without a hand play
  await until(
    async () =>
      (await a.page.isEnabled('#notation').catch(() => false)) ||
      (await b.page.isEnabled('#notation').catch(() => false)),
    'a player to move after the coin',
  );
  const [first, second] = (await a.page.isEnabled('#notation')) ? [a, b] : [b, a];
  await typed(first.page, 'end');
  await second.page.waitForSelector('#notation:not([disabled])');
  const before = second.acts().length;
  await second.page.click('#move-panel .word-button[data-word="end"]');
  const warning = second.page.locator('#move-panel .play-warning');
  await warning.waitFor();
  assert.match((await warning.textContent()) ?? '', /the game ends/);
  assert.ok(await second.page.isVisible('#move-panel .play-button.warn[data-action="end"]'));
  assert.equal(second.acts().length, before, 'nothing sent before Play');
  await screenshot(second.page, 'moves-evons-warning.png');
  await second.page.click('#move-panel .play-button[data-action="end"]');
  await second.page.waitForSelector('#result:not([hidden])');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await close();
});

test(
  'THREE ARROWS: a placement says what it reaches, and a stranding one warns before Play',
  { timeout: budget(20000) },
  async () => {
    const { a, b, close } = await table('three-arrows');
    await a.page.waitForSelector('#move-panel .word-button[data-word="D"]');
    const before = a.acts().length;
    /** Chooses the piece (place is the only kind of action), the square on the board and the facing, by clicks.
     * @param {string} piece @param {string} sq @param {string} facing */
    const choose = async (piece, sq, facing) => {
      await a.page.keyboard.press('Escape');
      await a.page.click(`#move-panel .word-button[data-word="${piece}"]`);
      await a.page.click(`#board-area .cell[data-token="${sq}"]`);
      await a.page.click(`#move-panel .word-button[data-word="${facing}"]`);
      await a.page.locator(`#move-panel .play-button[data-action="place ${piece} ${sq} ${facing}"]`).waitFor();
    };
    // a Double facing into the board: the square it points at, no warning
    await choose('D', 'a3', 'E');
    assert.equal((await a.page.textContent('#move-panel .play-what')) ?? '', 'points at b3');
    assert.equal(await a.page.locator('#move-panel .play-warning').count(), 0);
    // facing off the board: nothing left to do next turn, said as a warning before Play
    await choose('D', 'a3', 'W');
    const warning = a.page.locator('#move-panel .play-warning');
    await warning.waitFor();
    assert.match((await warning.textContent()) ?? '', /points off the board \(W\).*you would be skipped/);
    assert.ok(await a.page.isVisible('#move-panel .play-button.warn[data-action="place D a3 W"]'));
    assert.equal(a.acts().length, before, 'nothing sent before Play');
    await screenshot(a.page, 'moves-placement-warning.png');
    assert.deepEqual([...a.errors, ...b.errors], []);
    await close();
  },
);

test('Arrow Party: a die item named d4 marks no square d4, and a click on the square picks nothing (F11)', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  await page.goto(env.server.url);
  const r = await page.evaluate(async () => {
    const board = await import('/board.js');
    const picker = await import('/picker.js');
    const ap = await import('/games/arrow-party.js');
    const root = document.createElement('div');
    root.appendChild(board.drawGrid({ files: board.files(6), ranks: board.ranks(6), title: 'area' }).svg);
    const item = document.createElement('button');
    item.className = 'card-item';
    item.setAttribute('data-token', 'd4');
    root.appendChild(item);
    document.body.appendChild(root);
    const p = new picker.Picker(['use dice d4', 'use x2', 'ready'], (a) => ap.wordKinds(a));
    board.applyHighlight(root, { targets: p.options() });
    const cell = /** @type {Element} */ (root.querySelector('.cell[data-token="d4"]'));
    const picked = picker.clickWord(p, 'd4', board.tokenKind(cell));
    const byItem = picker.clickWord(p, 'd4', board.tokenKind(item));
    return {
      cellTarget: cell.classList.contains('target'),
      itemTarget: item.classList.contains('target'),
      cellPicks: picked !== null,
      itemPicks: byItem?.picker.options().complete ?? null,
    };
  });
  assert.deepEqual(r, { cellTarget: false, itemTarget: true, cellPicks: false, itemPicks: 'use dice d4' });
  await context.close();
});

test("the tests' clicks: a control gone before it is taken is dropped at once, not waited for", async () => {
  // support.mjs's clickStill, under every test that plays by clicking: a Play button counted
  // and then drawn away (the computer's answer came between) must not be waited for
  const page = await env.browser.newPage();
  await page.setContent('<div id="move-panel"><button class="play-button">Play</button></div>');
  const play = page.locator('#move-panel .play-button');
  assert.equal(await play.count(), 1);
  // gone, and another drawn 10 s later: a click that waited for one would click that one
  await page.evaluate(() => {
    const panel = /** @type {HTMLElement} */ (document.getElementById('move-panel'));
    panel.replaceChildren();
    setTimeout(() => (panel.innerHTML = '<button class="play-button">Play</button>'), 10000);
  });
  assert.equal(await clickStill(play.first()), null, 'the click dropped, not made on a button drawn later');
  // the same for a control whose name the click reads first (a target's square, a word)
  await page.setContent('<div id="move-panel"><button class="word-button" data-word="attack">attack</button></div>');
  const word = page.locator('#move-panel .word-button').first();
  await page.evaluate(() => document.getElementById('move-panel')?.replaceChildren());
  assert.equal(await clickStill(word, 'data-word'), null, 'a word gone: dropped');
  await page.setContent(
    '<div id="move-panel"><button class="word-button" data-word="attack" onclick="this.textContent=\'played\'">attack</button></div>',
  );
  assert.equal(await clickStill(word, 'data-word'), 'attack', 'a control still there is clicked, named');
  assert.equal(await word.textContent(), 'played');
  await page.close();
});
