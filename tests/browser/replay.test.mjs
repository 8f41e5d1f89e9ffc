// Replays: a finished table's game step by step from the server, forwards and backwards (by
// buttons, keys and the slider), with the board changing and the result at the end; the same
// game from its record file opened in the page; a file that is not a record is refused with
// a message. For every game, the server's own record bytes (never parsed and re-written by
// JavaScript) replay with `quiver replay` to the table's result and open here to the end; an
// arena record with a seed above 2^53 opens here too, and a truncated file is refused by the
// server with a message naming the problem.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  serverAndBrowser,
  newPage,
  api,
  tempDir,
  budget,
  until,
  QUIVER,
  replayWithCli,
  sortedResult,
  screenshot,
} from './support.mjs';

const env = serverAndBrowser();

/**
 * A table of two computers, played to its end by the server.
 * @param {string} game
 */
async function finishedTable(game) {
  const seats = game === 'arrow-party' ? ['random', 'random', 'random'] : ['random', 'random'];
  const info = await api(env.server.url, 'POST', '/api/tables', { game, seats, private: true });
  /** @type {any} */
  let t = null;
  await until(
    async () => (t = await api(env.server.url, 'GET', `/api/tables/${info.id}`)).status === 'over',
    'the computers finish their game',
  );
  return t;
}

/**
 * A finished table whose game lasted more than `min` actions. A random game of THREE ARROWS
 * can end after two placements (both pieces pointing off the board): about 2% of them end
 * within five, which would leave too little to step through, so such tables are set aside.
 * @param {string} game
 * @param {number} min
 */
async function longFinishedTable(game, min) {
  for (let k = 0; k < 20; k++) {
    const t = await finishedTable(game);
    const record = await api(env.server.url, 'GET', `/api/tables/${t.id}/record`);
    if (record.actions.length > min) return t;
  }
  throw new Error(`20 random games of ${game} all ended within ${min} actions`);
}

/** @param {import('playwright-core').Page} page */
async function stepText(page) {
  return (await page.textContent('#step-text')) ?? '';
}

test(
  'a finished game from the server, forwards and backwards, and from its record file',
  { timeout: budget(15000) },
  async () => {
    const t = await longFinishedTable('three-arrows', 5);
    const { page, errors } = await newPage(env.browser);
    await page.goto(new URL(`replay.html?id=${t.id}`, env.server.url).toString());
    await page.waitForSelector('#replay:not([hidden])');
    // the step buttons are drawn (no glyph a font may lack), each with its name
    for (const id of ['first', 'prev', 'next', 'last']) {
      const box = await page.locator(`#${id} svg`).boundingBox();
      assert.ok(box && box.width >= 8 && box.height >= 8, `#${id} draws its icon`);
      assert.ok(await page.getAttribute(`#${id}`, 'aria-label'));
    }
    await screenshot(page, 'replay.png');
    const m = /Step 0 of (\d+)/.exec(await stepText(page));
    assert.ok(m, await stepText(page));
    const n = Number(m[1]);
    assert.ok(n > 5);
    assert.equal(await page.locator('#board-area .tile').count(), 0, 'the start: an empty board');
    await page.click('#next');
    // a table's replay names the seats as its page did
    assert.match(await stepText(page), /^Step 1 of \d+ · p1 \(random AI\): place /);
    assert.equal(await page.textContent('#played-by'), 'Played by p1 (random AI), p2 (random AI).');
    assert.equal(await page.locator('#board-area .tile').count(), 1, 'one piece after the first move');
    assert.equal(await page.locator('#log .log-entry').count(), 1);
    await page.keyboard.press('End');
    assert.match(await stepText(page), new RegExp(`^Step ${n} of ${n}`));
    await page.waitForSelector('#result:not([hidden])');
    assert.ok((await page.locator('#result tbody tr').count()) === 2);
    // a jump is not animated: nothing that left the board lingers, fading
    assert.equal(await page.locator('#board-area .leaving').count(), 0, 'nothing fading after a jump');
    const tilesAtEnd = await page.locator('#board-area .tile').count();
    await page.click('#prev');
    assert.match(await stepText(page), new RegExp(`^Step ${n - 1} of ${n}`));
    assert.ok(await page.locator('#result').isHidden(), 'the result only at the end');
    await page.fill('#step', '0');
    assert.match(await stepText(page), /^Step 0 of/);
    await page.keyboard.press('Home');
    assert.ok(tilesAtEnd > 0);

    // the same game from its record file
    const record = await api(env.server.url, 'GET', `/api/tables/${t.id}/record`);
    const dir = tempDir('quiver-replay-');
    const file = path.join(dir, 'game.json');
    fs.writeFileSync(file, JSON.stringify(record));
    const other = await newPage(env.browser);
    await other.page.goto(new URL('replay.html', env.server.url).toString());
    await other.page.setInputFiles('#record-file', file);
    await other.page.waitForSelector('#replay:not([hidden])');
    assert.match(await stepText(other.page), new RegExp(`^Step 0 of ${n}`));
    // a record names the seats by its players, and says nothing of a table
    assert.ok(await other.page.locator('#played-by').isHidden());
    await other.page.click('#next');
    assert.match(await stepText(other.page), /^Step 1 of \d+ · p1 \(random\): place /);
    await other.page.keyboard.press('End');
    assert.equal(await other.page.locator('#board-area .tile').count(), tilesAtEnd, 'the same final board');

    // not a record
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, '{"game": "three-arrows", "actions": ["place Q z9 N"]}');
    const third = await newPage(env.browser);
    await third.page.goto(new URL('replay.html', env.server.url).toString());
    await third.page.setInputFiles('#record-file', bad);
    await third.page.waitForSelector('#replay-error:not(:empty)');
    assert.match(await third.page.textContent('#replay-error'), /not a record quiver can replay: action 1/);
    assert.deepEqual([...errors, ...other.errors, ...third.errors], []);
  },
);

/**
 * What the page shows at its step: the step's words, the status, the board, the players'
 * panels and the moves so far.
 * @param {import('playwright-core').Page} page
 */
async function shown(page) {
  return page.evaluate(() =>
    ['#step-text', '#status', '#board-area', '#players-area', '#log'].map(
      (s) => document.querySelector(s)?.innerHTML ?? '',
    ),
  );
}

for (const game of ['three-arrows', 'evons', 'arrow-party']) {
  test(
    `${game}: each step drawn from the replay's changes is the step its whole views draw`,
    { timeout: budget(20000) },
    async () => {
      const t = await longFinishedTable(game, 20);
      const full = await (await fetch(new URL(`/api/tables/${t.id}/replay?views=full`, env.server.url))).text();
      /** @type {any} */
      const whole = JSON.parse(full);
      /** @type {any} */
      const changes = await api(env.server.url, 'GET', `/api/tables/${t.id}/replay`);
      const n = whole.steps.length - 1;
      assert.equal(changes.steps.length, n + 1);
      assert.ok(whole.steps.every((/** @type {any} */ s) => s.view && !s.changes));
      assert.ok(changes.steps[0].view && changes.steps.slice(1).every((/** @type {any} */ s) => s.changes && !s.view));
      // one page reads the changes the server sends; the other is sent the whole views instead
      const a = await newPage(env.browser);
      const b = await newPage(env.browser);
      await b.page.route('**/api/tables/*/replay', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: full }),
      );
      for (const p of [a.page, b.page]) {
        await p.goto(new URL(`replay.html?id=${t.id}`, env.server.url).toString());
        await p.waitForSelector('#replay:not([hidden])');
      }
      const start = await shown(a.page);
      // jumps forwards and backwards, across the page's kept views (every 16 steps), and steps
      // back one at a time
      const half = Math.floor(n / 2);
      // (a game of fewer than 33 steps: its last step instead)
      for (const k of [n, 0, 1, 2, half, half + 1, n - 1, 17, 16, 15, 33, 32, 3, n].map((j) => Math.min(j, n))) {
        for (const p of [a.page, b.page]) await p.fill('#step', String(k));
        assert.match(await stepText(a.page), new RegExp(`^Step ${k} of ${n}`));
        assert.deepEqual(await shown(a.page), await shown(b.page), `${game}: step ${k} of ${n}`);
        if (k === 0) continue; // nothing before the start: its button is disabled
        for (const p of [a.page, b.page]) await p.click('#prev');
        assert.deepEqual(await shown(a.page), await shown(b.page), `${game}: step ${k - 1} of ${n}, one back`);
      }
      const end = await shown(a.page);
      assert.notDeepEqual(end[2], start[2], 'the board at the end is not the start');
      assert.deepEqual([...a.errors, ...b.errors], []);
      await a.page.context().close();
      await b.page.context().close();
    },
  );
}

test('a replay of a game in progress is refused: it would show what is hidden', { timeout: budget(6000) }, async () => {
  const info = await api(env.server.url, 'POST', '/api/tables', {
    game: 'concardia',
    seats: ['human', 'human'],
    private: true,
  });
  const { page } = await newPage(env.browser);
  await page.goto(new URL(`replay.html?id=${info.id}`, env.server.url).toString());
  await page.waitForSelector('#replay-error:not(:empty)');
  assert.match(await page.textContent('#replay-error'), /not over/);
  assert.ok(await page.locator('#replay').isHidden());
});

/**
 * Opens a record file on the replay page through its file input and steps to the end.
 * @param {string} file
 * @returns {Promise<{rows: number, errors: string[]}>} the result table's rows at the end
 */
async function openOnReplayPage(file) {
  const { page, errors } = await newPage(env.browser);
  await page.goto(new URL('replay.html', env.server.url).toString());
  await page.setInputFiles('#record-file', file);
  await page.waitForSelector('#replay:not([hidden])');
  const m = /^Step 0 of (\d+)/.exec(await stepText(page));
  assert.ok(m, await stepText(page));
  await page.keyboard.press('End');
  assert.match(await stepText(page), new RegExp(`^Step ${m[1]} of ${m[1]}`));
  await page.waitForSelector('#result:not([hidden])');
  const rows = await page.locator('#result tbody tr').count();
  await page.context().close();
  return { rows, errors };
}

for (const game of ['three-arrows', 'concardia', 'evons', 'arrow-party']) {
  test(`${game}: the server's record file replays in quiver and on this page`, { timeout: budget(15000) }, async () => {
    const t = await finishedTable(game);
    const res = await fetch(new URL(`/api/tables/${t.id}/record`, env.server.url));
    assert.equal(res.status, 200);
    const bytes = await res.text();
    assert.match(bytes, /"seed": *"\d+"/, 'the seed is written as a string of digits');
    const file = path.join(tempDir('quiver-record-'), `${game}.json`);
    fs.writeFileSync(file, bytes);
    assert.deepEqual(sortedResult(replayWithCli(file)), sortedResult(t.result), 'quiver replay: the same result');
    const { rows, errors } = await openOnReplayPage(file);
    assert.equal(rows, t.result.length);
    assert.deepEqual(errors, []);
  });
}

test(
  'an arena record with a seed above 2^53 opens to its end; a truncated file is refused',
  { timeout: budget(15000) },
  async () => {
    const dir = tempDir('quiver-arena-');
    execFileSync(
      QUIVER,
      [
        'arena',
        'concardia',
        '--agents',
        'random',
        'random',
        '--games',
        '1',
        '--seed',
        '4964684089417609551',
        '--records',
        dir,
      ],
      { stdio: 'ignore' },
    );
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    assert.ok(files.length >= 1);
    const big = files
      .map((f) => path.join(dir, f))
      .find((f) => {
        const m = /"seed": *"(\d+)"/.exec(fs.readFileSync(f, 'utf8'));
        return m !== null && BigInt(m[1]) > 2n ** 53n;
      });
    assert.ok(big, 'an arena game whose seed a JavaScript number cannot hold');
    // a JavaScript number would round it: the page must not
    const text = fs.readFileSync(big, 'utf8');
    const seed = /"seed": *"(\d+)"/.exec(text)?.[1] ?? '';
    assert.notEqual(String(Number(seed)), seed);
    const { rows, errors } = await openOnReplayPage(big);
    assert.equal(rows, 2);
    assert.deepEqual(errors, []);
    // the old form, the seed as a JSON number, still loads in quiver and the server
    const old = path.join(dir, 'old-form.json');
    fs.writeFileSync(
      old,
      text.replace(/"seed": *"(\d+)"/, (_, d) => `"seed": ${BigInt.asIntN(64, BigInt(d))}`),
    );
    assert.ok(replayWithCli(old).length === 2);
    // a truncated file: the server names the problem, the page shows it
    const cut = path.join(dir, 'cut.json');
    fs.writeFileSync(cut, text.slice(0, Math.floor(text.length / 2)));
    const { page } = await newPage(env.browser);
    await page.goto(new URL('replay.html', env.server.url).toString());
    await page.setInputFiles('#record-file', cut);
    await page.waitForSelector('#replay-error:not(:empty)');
    assert.match(await page.textContent('#replay-error'), /JSON|line \d+/);
    assert.ok(await page.locator('#replay').isHidden());
  },
);

test(
  'each hand is named by its seat, and End and Home keep the board in view',
  { timeout: budget(15000) },
  async () => {
    const t = await finishedTable('concardia');
    const { page, errors } = await newPage(env.browser);
    await page.setViewportSize({ width: 900, height: 420 });
    await page.goto(new URL(`replay.html?id=${t.id}`, env.server.url).toString());
    await page.waitForSelector('#replay:not([hidden])');
    await page.click('#next');
    await page.waitForSelector('#players-area .cards.hand');
    const titles = await page
      .locator('#players-area .cards.hand')
      .evaluateAll((els) => els.map((el) => el.parentElement?.querySelector('h4')?.textContent ?? ''));
    assert.deepEqual(titles, ['Hand of p1 (random AI)', 'Hand of p2 (random AI)']);
    assert.ok((await page.evaluate(() => document.documentElement.scrollHeight)) > 420, 'the page is taller');
    await page.evaluate(() => window.scrollTo(0, 0));
    // where the page rests once any scrolling (smooth, a frame at a time) has stopped: the same
    // position over ten frames
    const inView = async () =>
      page.evaluate(
        () =>
          new Promise((resolve) => {
            let last = -1;
            let same = 0;
            const tick = () => {
              if (window.scrollY === last) same++;
              else [last, same] = [window.scrollY, 0];
              if (same < 10) return requestAnimationFrame(tick);
              const r = /** @type {Element} */ (document.querySelector('#board-area')).getBoundingClientRect();
              resolve(r.top >= 0 && r.top < window.innerHeight);
            };
            requestAnimationFrame(tick);
          }),
      );
    await page.locator('body').focus();
    await page.keyboard.press('End');
    await page.waitForSelector('#result:not([hidden])');
    assert.ok(await inView(), 'End keeps the board in view');
    await page.keyboard.press('Home');
    assert.match(await stepText(page), /^Step 0 of/);
    assert.ok(await inView(), 'Home keeps the board in view');
    assert.deepEqual(errors, []);
  },
);
