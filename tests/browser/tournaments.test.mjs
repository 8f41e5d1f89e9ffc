// Tournaments in the browser (tournaments.html; docs/server.md "Tournaments"): Ann, signed in,
// goes from the lobby to the tournaments and makes a Swiss of one round with the form; its
// page says when it starts, and she joins. Bob joins from his phone, and Ann's standings gain
// him without a reload (the page reads them again while the tournament is not over). Ann
// starts it: both pages offer "Your game"; Bob follows it to the table and resigns there, and
// Ann's page says, on its own, that she won, the standings final (Ann 1, Bob 0, each with the other's score as Buchholz). Screenshots:
// tournaments.png (the list with the form, desktop), tournament.png (the standings, desktop)
// and tournament-phone.png (the standings on a phone).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  newPage,
  budget,
  screenshot,
  pageAccount,
  pageRequest,
  assertAccessible,
} from './support.mjs';

const env = serverAndBrowser();

/**
 * The standings' rows as text ("1Ann10", ...).
 * @param {import('playwright-core').Page} page
 */
function rows(page) {
  return page.locator('table.standings tbody tr').allTextContents();
}

test('a Swiss made, joined, played and won in the browser', { timeout: budget(120000) }, async () => {
  const ann = await newPage(env.browser, { name: 'Ann' });
  const bob = await newPage(env.browser, { width: 390, height: 844, name: 'Bob' });
  await ann.page.goto(env.server.url);
  await pageAccount(ann.page, 'Ann');
  await ann.page.click('header a[href="tournaments.html"]');
  await ann.page.waitForSelector('#make-form button[type=submit]');
  assert.match((await ann.page.textContent('#tournaments')) ?? '', /Under way\s*None/);
  await ann.page.fill('#make-name', 'Evening Swiss');
  await ann.page.selectOption('#make-kind', 'swiss');
  await ann.page.selectOption('#make-game', 'three-arrows');
  await ann.page.selectOption('#clock-kind', 'fischer');
  await ann.page.fill('#make-length', '1');
  await ann.page.fill('#make-starts', '60');
  await screenshot(ann.page, 'tournaments.png', { fullPage: true });
  await assertAccessible(ann.page, 'the tournaments');
  await ann.page.click('#make-form button[type=submit]');
  await ann.page.waitForSelector('#status');
  const id = new URL(ann.page.url()).searchParams.get('id');
  assert.ok(id, ann.page.url());
  assert.equal(await ann.page.textContent('h1'), 'Evening Swiss');
  assert.match((await ann.page.textContent('#terms')) ?? '', /Swiss, 1 round · THREE ARROWS/);
  assert.match((await ann.page.textContent('#status')) ?? '', /Starts at .* · 0 players/);
  await ann.page.click('#join');
  await ann.page.waitForSelector('#withdraw');
  assert.deepEqual(await rows(ann.page), ['1Ann000']);

  // Bob joins from his phone; Ann's page shows him without a reload
  await bob.page.goto(env.server.url);
  await pageAccount(bob.page, 'Bob');
  await bob.page.goto(new URL(`tournaments.html?id=${id}`, env.server.url).toString());
  await bob.page.click('#join');
  await bob.page.waitForSelector('#withdraw');
  await ann.page.waitForFunction(() => document.querySelectorAll('table.standings tbody tr').length === 2);

  // started: both get their game
  const started = await pageRequest(ann.page, 'POST', `api/tournaments/${id}/start`);
  assert.equal(started.status, 200);
  for (const p of [ann, bob]) await p.page.waitForSelector('#my-game');
  assert.match((await ann.page.textContent('#status')) ?? '', /Round 1 of 1 · 2 players/);
  await screenshot(ann.page, 'tournament.png', { fullPage: true });
  await screenshot(bob.page, 'tournament-phone.png', { fullPage: true });
  await assertAccessible(bob.page, 'a tournament');

  // Bob plays his game from the link, and resigns; Ann's page says she won
  await bob.page.click('#my-game');
  await bob.page.waitForSelector('#conn.open');
  await bob.page.click('#resign');
  await bob.page.waitForSelector('dialog.confirm-dialog[open]');
  await bob.page.click('dialog.confirm-dialog button:has-text("Resign")');
  await bob.page.waitForSelector('#result:not([hidden])');
  await ann.page.waitForFunction(() => /Won by Ann/.test(document.querySelector('#status')?.textContent ?? ''));
  assert.deepEqual(await rows(ann.page), ['1Ann110', '2Bob011']);
  assert.equal(await ann.page.locator('#join, #withdraw, #my-game').count(), 0);
  assert.deepEqual([...ann.errors, ...bob.errors], []);
  for (const x of [ann, bob]) await x.page.context().close();
});
