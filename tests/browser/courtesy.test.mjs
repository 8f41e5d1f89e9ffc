// What lichess players reach for, between two people in browsers of their own (and spectators):
// the count of spectators, shown to everyone and updated as they come and go (a move half chosen
// stays as they come); Abort, which asks first and ends the game with no result while the second
// player has not moved; a draw offered, declined (the asker reads so), offered again and
// accepted (both pages say a draw by agreement); and 15 s given to the other player's clock,
// which both pages and the server show.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage, api, budget, until, MARK_EXPR, typeAMove, openSeatLink } from './support.mjs';

const env = serverAndBrowser();

/** @param {any[]} frames the last info, from a page's frames */
function lastTable(frames) {
  for (let i = frames.length - 1; i >= 0; i--) {
    if (frames[i].type === 'snapshot' || frames[i].type === 'update') return frames[i].table;
  }
  return null;
}

/**
 * Waits until every page shows `text` in its count of spectators. When one does not, the error
 * says what each page shows and the counts its frames carried, then what the server said.
 * @param {Awaited<ReturnType<typeof newPage>>[]} pages
 * @param {string} text
 */
async function watching(pages, text) {
  try {
    for (const p of pages) await p.page.locator('#watching', { hasText: text }).waitFor();
  } catch (e) {
    const told = await Promise.all(
      pages.map(async (p, i) => {
        const el = p.page.locator('#watching');
        const counts = p.frames
          .map((f) => (f.type === 'spectators' ? `${f.count}` : f.table ? `${f.type}:${f.table.spectators}` : ''))
          .filter(Boolean);
        return (
          `page ${i}: ${(await el.isHidden()) ? 'hidden' : 'shown'} "${await el.textContent()}", ` +
          `connection "${await p.page.textContent('#conn')}", counts [${counts.join(' ')}], ` +
          `errors ${JSON.stringify(p.errors)}`
        );
      }),
    );
    throw new Error(`waiting for "${text}": ${String(e)}\n${told.join('\n')}\nserver:\n${env.server.log()}`, {
      cause: e,
    });
  }
}

/**
 * A THREE ARROWS table of Ann (p1) and Ben (p2), each on a page of their own.
 * @param {object} [clock] the table's clock
 */
async function tableOfTwo(clock) {
  const t = await api(env.server.url, 'POST', '/api/tables', {
    game: 'three-arrows',
    seats: ['human', 'human'],
    ...(clock ? { clock } : {}),
  });
  const url = new URL(`table.html?id=${t.id}`, env.server.url).toString();
  const a = await newPage(env.browser, { name: 'Ann' });
  const b = await newPage(env.browser, { name: 'Ben' });
  await openSeatLink(a.page, `${url}&seat=p1`);
  await a.page.waitForSelector('#conn.open');
  await openSeatLink(b.page, `${url}&seat=p2`);
  await b.page.waitForSelector('#conn.open');
  return { id: t.id, url, a, b };
}

test(
  'spectators are counted for everyone, and Abort ends the game with no result',
  { timeout: budget(25000) },
  async () => {
    const { id, url, a, b } = await tableOfTwo();
    assert.equal(await a.page.locator('#watching').isHidden(), true, 'nobody watches yet');
    // Ann, to move, has begun to choose: a spectator's coming keeps her choice
    await a.page.locator('#move-panel .word-button').first().click();
    const chosen = await a.page.evaluate(MARK_EXPR);
    const w1 = await newPage(env.browser);
    await w1.page.goto(url);
    await w1.page.waitForSelector('#conn.open');
    await watching([a, b, w1], '1 spectator is watching.');
    assert.equal(await a.page.evaluate(MARK_EXPR), chosen, 'the move half chosen stays');
    const w2 = await newPage(env.browser);
    await w2.page.goto(url);
    await w2.page.waitForSelector('#conn.open');
    await watching([a, b, w1, w2], '2 spectators are watching.');
    await w2.page.context().close();
    await watching([a, b, w1], '1 spectator is watching.');
    assert.equal(await w1.page.locator('#abort').isHidden(), true, 'a spectator cannot abort');

    // p1 moves; p2 has not: either may still abort
    await a.page.waitForSelector('#abort:not([hidden])');
    await typeAMove(a);
    await b.page.waitForSelector('#abort:not([hidden])');
    // asked first: Escape keeps playing
    await b.page.click('#abort');
    await b.page.waitForSelector('dialog.confirm-dialog[open]');
    assert.match((await b.page.textContent('dialog.confirm-dialog')) ?? '', /no result/);
    await b.page.keyboard.press('Escape');
    await b.page.waitForSelector('dialog.confirm-dialog', { state: 'detached' });
    assert.equal((await api(env.server.url, 'GET', `/api/tables/${id}`)).status, 'playing');
    await b.page.click('#abort');
    await b.page.click('dialog.confirm-dialog .confirm-yes');
    for (const p of [a, b, w1]) await p.page.locator('#status', { hasText: 'The game was aborted' }).waitFor();
    const over = await api(env.server.url, 'GET', `/api/tables/${id}`);
    assert.equal(over.status, 'over');
    assert.equal(over.ended, 'aborted');
    assert.equal(over.result, null);
    for (const p of [a, b]) assert.equal(await p.page.locator('#abort').isHidden(), true, 'nothing to abort once over');
    for (const p of [a, b, w1]) assert.deepEqual(p.errors, [], 'no script error on the page');
    await Promise.all([a, b, w1].map((p) => p.page.context().close()));
  },
);

test('Abort goes once both have moved', { timeout: budget(20000) }, async () => {
  const { a, b } = await tableOfTwo();
  await typeAMove(a);
  await typeAMove(b);
  await a.page.waitForSelector('#abort', { state: 'hidden' });
  await b.page.waitForSelector('#abort', { state: 'hidden' });
  await Promise.all([a, b].map((p) => p.page.context().close()));
});

test('a draw offered is declined, then accepted', { timeout: budget(25000) }, async () => {
  const { id, a, b } = await tableOfTwo();
  await a.page.click('#offer-draw');
  await a.page.locator('#offer', { hasText: 'Waiting for Ben (p2) to accept your draw offer.' }).waitFor();
  await b.page.locator('#offer', { hasText: 'Ann (p1) offers a draw.' }).waitFor();
  assert.equal(await a.page.locator('#offer-draw').isHidden(), true, 'one offer at a time');
  await b.page.click('#offer .offer-decline');
  await a.page.locator('#offer', { hasText: 'Ben (p2) declined your draw offer.' }).waitFor();
  await b.page.locator('#offer', { hasText: 'You declined the draw offer.' }).waitFor();
  assert.equal((await api(env.server.url, 'GET', `/api/tables/${id}`)).status, 'playing');

  // offered again, it stands while Ann moves; Ben accepts
  await a.page.waitForSelector('#offer-draw:not([hidden])');
  await a.page.click('#offer-draw');
  await b.page.locator('#offer', { hasText: 'Ann (p1) offers a draw.' }).waitFor();
  await typeAMove(a);
  await b.page.locator('#offer', { hasText: 'Ann (p1) offers a draw.' }).waitFor();
  await b.page.click('#offer .offer-accept');
  for (const p of [a, b]) await p.page.locator('#status', { hasText: 'a draw by agreement' }).waitFor();
  const over = await api(env.server.url, 'GET', `/api/tables/${id}`);
  assert.equal(over.ended, 'drawn');
  assert.deepEqual(
    over.result.map((/** @type {{rank: number}} */ r) => r.rank),
    [1, 1],
  );
  for (const p of [a, b]) assert.deepEqual(p.errors, [], 'no script error on the page');
  await Promise.all([a, b].map((p) => p.page.context().close()));
});

test('15 s given to the other player', { timeout: budget(20000) }, async () => {
  const { id, a, b } = await tableOfTwo({ kind: 'fischer', base: 300, increment: 0 });
  // Ann gives Ben (who is not to move, so his clock stands still) 15 s
  await a.page.click('.give-time[data-seat="p2"]');
  await until(() => lastTable(b.frames)?.clock?.left?.p2 === 315000, "Ben's page hears of his 15 s");
  await until(() => lastTable(a.frames)?.clock?.left?.p2 === 315000, "Ann's page hears of Ben's 15 s");
  await b.page.locator('#people .person[data-seat="p2"]', { hasText: '5:15' }).waitFor();
  const info = await api(env.server.url, 'GET', `/api/tables/${id}`);
  assert.equal(info.clock.left.p2, 315000);
  assert.equal(await a.page.locator('.give-time[data-seat="p1"]').count(), 0, 'no time to oneself');
  // without a clock there is nothing to give
  const none = await tableOfTwo();
  assert.equal(await none.a.page.locator('.give-time').count(), 0);
  for (const p of [a, b, none.a, none.b]) assert.deepEqual(p.errors, [], 'no script error on the page');
  await Promise.all([a, b, none.a, none.b].map((p) => p.page.context().close()));
});
