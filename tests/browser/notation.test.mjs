// Typed notation: Tab completes from the legal actions; the first words of legal actions typed
// show the choices left, as clicks would; a legal action typed as in the terminal is shown with
// its Play button as a clicked one is and played by it; a malformed or illegal one shows the
// server's error and changes nothing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage, budget, until } from './support.mjs';

const env = serverAndBrowser();

/** @param {any[]} frames */
function last(frames) {
  for (let i = frames.length - 1; i >= 0; i--)
    if (frames[i].type === 'snapshot' || frames[i].type === 'update') return frames[i];
  return null;
}

test(
  'typed notation: completion, a legal move, a malformed one and an illegal one',
  { timeout: budget(10000) },
  async () => {
    const { page, frames, errors } = await newPage(env.browser);
    await page.goto(env.server.url);
    await page.selectOption('#level-three-arrows', 'beginner');
    await page.click('button.quick-play[data-game="three-arrows"]');
    await page.waitForURL(/table\.html\?id=/);
    await page.waitForSelector('#notation:not([disabled])');
    // the page may draw the snapshot before playwright hands the test its frame
    await until(() => last(frames), "the table's snapshot");
    const first = last(frames);
    assert.ok(first, 'the table sent its snapshot');
    assert.ok(first.view.legal.length > 0);

    // Tab completes as far as the legal actions agree: "pl" → "place "
    await page.fill('#notation', 'pl');
    await page.press('#notation', 'Tab');
    assert.equal(await page.inputValue('#notation'), 'place ');

    // a malformed action: the server's message is shown, nothing changes
    await page.fill('#notation', 'place Q z9 N');
    await page.press('#notation', 'Enter');
    await page.waitForSelector('#move-panel .act-error:not(:empty)');
    const malformed = await page.textContent('#move-panel .act-error');
    assert.match(malformed, /expected|place|piece/i, `the error names the problem: ${malformed}`);
    assert.equal(last(frames).v, first.v, 'a bad action changes nothing');

    // an illegal one (a corner is never a first square)
    await page.fill('#notation', 'place Y a1 N');
    await page.press('#notation', 'Enter');
    await page.waitForFunction((prev) => {
      const t = document.querySelector('#move-panel .act-error')?.textContent ?? '';
      return t && t !== prev;
    }, malformed);
    assert.match(await page.textContent('#move-panel .act-error'), /illegal|not/i);
    assert.equal(last(frames).v, first.v, 'an illegal action changes nothing');

    // the first words of legal actions, typed: chosen as clicks would choose them, and the
    // choices left shown (a placement's facings), nothing sent
    const begun = first.view.legal.find((a) => /^place Y [a-h]\d N$/.test(a)) ?? '';
    const start = begun.split(' ').slice(0, 3).join(' ');
    assert.ok(start, 'a placement of Y among the legal actions');
    await page.fill('#notation', start.toLowerCase());
    await page.press('#notation', 'Enter');
    await page.waitForFunction(
      (w) => document.querySelector('#move-panel')?.textContent?.includes(w),
      `Chosen: ${start}`,
    );
    const facings = await page.locator('#move-panel .word-button').allTextContents();
    assert.ok(
      facings.some((f) => /facing north/.test(f)),
      `the facings left are offered: ${facings}`,
    );
    assert.equal(last(frames).v, first.v, 'nothing is sent');
    await page.keyboard.press('Escape');

    // a legal one, typed in lower case as the terminal accepts it: shown as a clicked one is,
    // with its Play button (which takes the focus), and sent only by it
    const action = first.view.legal.find((a) => /^place Y [a-h]\d N$/.test(a)) ?? first.view.legal[0];
    await page.fill('#notation', action.toLowerCase());
    await page.press('#notation', 'Enter');
    await page.waitForSelector(`#move-panel .play-button[data-action="${action}"]`);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-action')), action);
    assert.equal(
      await page.locator('#board-area .cell.selected').count(),
      1,
      'its square is marked as chosen on the board',
    );
    // a move sent empties the box at once: still full, nothing was sent
    assert.equal(await page.inputValue('#notation'), action.toLowerCase(), 'nothing is sent before Play');
    assert.equal(last(frames).v, first.v);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (text) => [...document.querySelectorAll('#log .log-text')].some((e) => e.textContent === text),
      action,
    );
    assert.ok(last(frames).v > first.v, 'the typed move was played');
    assert.equal(await page.textContent('#move-panel .act-error'), '', 'no error after a good move');
    assert.deepEqual(errors, []);
  },
);
