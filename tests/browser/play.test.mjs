// A browser plays a whole game of each game against AI seats by clicking only: from the
// lobby's one-click "Play" (level `beginner`, fast enough for the suite) to the result. On
// the way it takes the screenshot of the game in mid-play that the README shows (desktop; into
// $QV_SCREENSHOT_DIR, else build/screenshots; phone.test.mjs takes the phone's), and at the
// end it checks the result table, the record download (the server's bytes, which `quiver
// replay` and the replay page replay to the same result) and "play again". $QV_GAME limits it
// to one game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  newPage,
  playByClicking,
  screenshot,
  budget,
  api,
  replayWithCli,
  sortedResult,
} from './support.mjs';

const GAMES = process.env.QV_GAME ? [process.env.QV_GAME] : ['three-arrows', 'concardia', 'evons', 'arrow-party'];
/** After how many clicks the mid-play screenshot is taken. */
const SHOT_AT = { 'three-arrows': 24, concardia: 14, evons: 16, 'arrow-party': 22 };

const env = serverAndBrowser();

for (const game of GAMES) {
  test(`${game}: a whole game against the computer, by clicking only`, { timeout: budget(40000) }, async () => {
    const { page, errors } = await newPage(env.browser, { width: 1280, height: 800 });
    await page.goto(env.server.url);
    await page.selectOption(`#level-${game}`, 'beginner');
    await page.click(`button.quick-play[data-game="${game}"]`);
    await page.waitForURL(/table\.html\?id=/);
    await page.waitForSelector('#conn.open');
    assert.match(await page.textContent('#conn'), /Connected as p1/);
    let shot = false;
    const clicks = await playByClicking(page, {
      seed: 7,
      onClick: async (n) => {
        if (n + 1 !== SHOT_AT[game] || shot) return;
        // the screenshot shows a position in play: wait until it is the player's turn again
        await page.waitForSelector('#move-panel .word-button, #move-panel .play-button, #board-area .cell.target');
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `${game}.png`);
        // (the phone's pictures are phone.test.mjs's, taken on a phone)
        shot = true;
        // the walks so far were animated step by step; from here on the player asks for
        // reduced motion, and the page draws each walk at once
        await page.emulateMedia({ reducedMotion: 'reduce' });
      },
    });
    assert.ok(clicks > 3, `a game with only ${clicks} clicks`);
    // the result: a rank for every seat, and a sentence saying who won
    const ranks = await page.locator('#result table.ranks tbody tr').count();
    assert.ok(ranks >= 2, 'the result lists every seat');
    await page.waitForFunction(() => /The game is over/.test(document.getElementById('status')?.textContent ?? ''));
    // the record downloads as JSON with every action
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('#result a:has-text("Download the record")'),
    ]);
    const file = await download.path();
    const bytes = await (await import('node:fs/promises')).readFile(file, 'utf8');
    const id = new URL(page.url()).searchParams.get('id') ?? '';
    const served = await fetch(new URL(`/api/tables/${id}/record`, env.server.url));
    assert.equal(bytes, await served.text(), "the download is the server's bytes");
    const record = JSON.parse(bytes);
    assert.equal(record.game, game);
    assert.ok(Array.isArray(record.actions) && record.actions.length >= clicks / 4, 'the record has the actions');
    // it replays in quiver to the table's result, and on the replay page to its end
    const info = await api(env.server.url, 'GET', `/api/tables/${id}`);
    assert.deepEqual(sortedResult(replayWithCli(file)), sortedResult(info.result));
    const viewer = await newPage(env.browser);
    await viewer.page.goto(new URL('replay.html', env.server.url).toString());
    await viewer.page.setInputFiles('#record-file', file);
    await viewer.page.waitForSelector('#replay:not([hidden])');
    await viewer.page.keyboard.press('End');
    await viewer.page.waitForSelector('#result:not([hidden])');
    assert.equal(await viewer.page.locator('#result tbody tr').count(), info.result.length);
    assert.deepEqual(viewer.errors, []);
    await viewer.page.context().close();
    // "play again": a new table with the same game and seats, this browser in the same seat
    const oldUrl = page.url();
    await page.click('#result button:has-text("Play again")');
    await page.waitForURL((u) => u.toString() !== oldUrl && /table\.html\?id=/.test(u.toString()));
    await page.waitForSelector('#conn.open');
    assert.match(await page.textContent('#conn'), /Connected as p1/);
    assert.match(await page.textContent('#title'), new RegExp(game === 'concardia' ? 'ConCardia' : '.'));
    assert.deepEqual(errors, [], 'no script error on the page');
    await page.context().close();
  });
}
