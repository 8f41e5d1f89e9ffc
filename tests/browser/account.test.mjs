// Accounts in the browser (account.html, docs/server/players.md "Accounts"): a person plays a game
// against the computer in one browser, creates an account there (the 8 recovery codes shown
// once), and signs in from a second browser, which then finds the same game under Your games
// with its turn badge (its seat's token stays with the first browser: it may watch). The lobby
// names the account. A wrong password is said in words and the form keeps what was typed;
// signing out makes the second browser's list its own again. Screenshots: account.png and
// account-codes.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage, budget, screenshot, quickPlay, assertAccessible } from './support.mjs';

const env = serverAndBrowser();

test('an account made in one browser brings its games to another', { timeout: budget(40000) }, async () => {
  const first = await newPage(env.browser, { name: 'Ann' });
  const id = await quickPlay(first.page, env.server.url, 'three-arrows');

  // the account, made where the game was played: the recovery codes, once
  await first.page.goto(new URL('account.html', env.server.url).toString());
  await first.page.waitForSelector('#sign-up');
  await assertAccessible(first.page, 'the account page, signed out');
  await first.page.fill('#sign-up-username', 'Annika');
  await first.page.fill('#sign-up-password', 'arrows over the river');
  await first.page.click('#sign-up button[type=submit]');
  await first.page.waitForSelector('#recovery-codes');
  const codes = ((await first.page.textContent('#recovery-codes')) ?? '').split('\n');
  assert.equal(codes.length, 8, `8 recovery codes: ${codes}`);
  for (const c of codes) assert.match(c, /^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await screenshot(first.page, 'account-codes.png');
  await first.page.click('#codes-kept');
  await first.page.waitForSelector('#who-title');
  assert.equal(await first.page.textContent('#who-title'), 'Signed in as Annika');
  await first.page.goto(env.server.url);
  await first.page.waitForFunction(() => document.getElementById('account-link')?.textContent === 'Annika');

  // a second browser: a wrong password first, said in words, the username kept
  const second = await newPage(env.browser, { name: 'Ann' });
  await second.page.goto(new URL('account.html', env.server.url).toString());
  await second.page.waitForSelector('#sign-in');
  await second.page.fill('#sign-in-username', 'annika');
  await second.page.fill('#sign-in-password', 'not the password');
  await second.page.click('#sign-in button[type=submit]');
  await second.page.waitForSelector('#sign-in-error:not(:empty)');
  assert.match((await second.page.textContent('#sign-in-error')) ?? '', /wrong username or password/);
  assert.equal(await second.page.inputValue('#sign-in-username'), 'annika');
  await second.page.fill('#sign-in-password', 'arrows over the river');
  await second.page.click('#sign-in button[type=submit]');
  await second.page.waitForSelector('#who-title');
  await screenshot(second.page, 'account.png');
  await assertAccessible(second.page, 'the account page, signed in');

  // the game played in the first browser, with its turn badge, to play here too (before, the
  // second browser could only watch: "Your seat here was taken in another browser")
  await second.page.goto(new URL('games.html', env.server.url).toString());
  const row = second.page.locator(`#ongoing .my-game[data-table="${id}"]`);
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', /your turn/);
  assert.doesNotMatch((await row.textContent()) ?? '', /taken in another browser/);
  assert.equal(await row.locator('a.button').first().textContent(), 'Play');
  // signed in, the page says whose list it is (it said "no account is needed, kept under this
  // browser's cookie" to a person signed in)
  const intro = (await second.page.textContent('#games-intro')) ?? '';
  assert.match(intro, /The tables of your account/);
  assert.doesNotMatch(intro, /no account is needed/);

  // signed out, the second browser's list is its own again: empty
  await second.page.goto(new URL('account.html', env.server.url).toString());
  await second.page.click('#sign-out');
  await second.page.waitForSelector('#sign-in');
  const mine = await second.page.evaluate(async () => (await fetch('api/me')).json());
  assert.equal(mine.account, null);
  assert.deepEqual(mine.tables, []);
  assert.deepEqual([...first.errors, ...second.errors], []);
  for (const x of [first, second]) await x.page.context().close();
});
