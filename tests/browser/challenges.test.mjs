// Follows and challenges in the browser (issue 67, item 1): Ann on a laptop and Bob on a phone
// (390 × 844) sign up, follow each other from the friends page and see each other online; Bob
// challenges Ann from the phone (ConCardia, 5 min + 3 s); the challenge shows in the bar of
// Ann's lobby and of her second device at once, she accepts on the laptop, the phone's page goes
// to the table by itself and the second device's bar drops it; both play a move. A declined
// challenge is said on the challenger's page. Screenshots: the friends page on the phone with a
// challenge waiting (friends-phone.png), the laptop's bar (challenge-bar.png).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  newPage,
  budget,
  screenshot,
  moveOnce,
  shownVersion,
  until,
  rng,
  pageAccount,
} from './support.mjs';

const env = serverAndBrowser();

/**
 * Follows `name` from the friends page.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
async function follow(page, name) {
  await page.fill('#follow-username', name);
  await page.click('#follow-form button[type=submit]');
  await page.locator(`#follow-list li[data-username="${name}"]`).waitFor();
}

test('two accounts follow each other and play a challenge from the phone', { timeout: budget(60000) }, async () => {
  const laptop = await newPage(env.browser, { name: 'Ann' });
  const other = await newPage(env.browser, { name: 'Ann' }); // Ann's second device
  const phone = await newPage(env.browser, { name: 'Bob', width: 390, height: 844 });
  const friends = (/** @type {string} */ q = '') => new URL(`friends.html${q}`, env.server.url).toString();
  await laptop.page.goto(env.server.url);
  await pageAccount(laptop.page, 'Ann');
  await other.page.goto(env.server.url);
  await pageAccount(other.page, 'Ann', true);
  await phone.page.goto(env.server.url);
  await pageAccount(phone.page, 'Bob');

  await laptop.page.goto(friends());
  await follow(laptop.page, 'Bob');
  await phone.page.goto(friends());
  await follow(phone.page, 'Ann');
  // each is online to the other (both pages hold a channel open)
  await phone.page.reload();
  await phone.page.locator('#follow-list li.online[data-username="Ann"]').waitFor();
  await laptop.page.reload();
  await laptop.page.locator('#follow-list li.online[data-username="Bob"]').waitFor();

  // Ann waits in the lobby, and on her second device's games page
  await laptop.page.goto(env.server.url);
  await other.page.goto(new URL('games.html', env.server.url).toString());
  await until(
    async () => laptop.page.evaluate(() => Boolean(document.querySelector('.challenge-bar'))),
    'the lobby bar',
  );

  // Bob challenges Ann from the phone, from her line in his list
  await phone.page.locator('#follow-list li[data-username="Ann"] .challenge-button').click();
  await phone.page.selectOption('#challenge-game', 'concardia');
  await phone.page.selectOption('#clock-kind', 'fischer');
  await phone.page.click('button[data-preset="5 + 3"]');
  await phone.page.selectOption('#challenge-seat', 'p2');
  await phone.page.click('#challenge-form button[type=submit]');
  await phone.page.locator('#sent .challenge').waitFor();
  assert.match(
    (await phone.page.locator('#sent').textContent()) ?? '',
    /Waiting for Ann to answer your challenge to ConCardia \(Arrow rules\): 5 min \+ 3 s per move, casual\./,
  );
  await screenshot(phone.page, 'friends-phone.png', { fullPage: true });

  // heard on both of Ann's devices at once
  for (const p of [laptop.page, other.page]) {
    const bar = p.locator('.challenge-bar .challenge');
    await bar.waitFor();
    assert.match(
      (await bar.textContent()) ?? '',
      /Bob challenges you to ConCardia \(Arrow rules\): 5 min \+ 3 s per move, casual\./,
    );
  }
  await screenshot(laptop.page, 'challenge-bar.png');

  // accepted on the laptop: both pages at the table, the other device's bar empty again
  await laptop.page.click('.challenge-bar button.accept');
  await laptop.page.waitForURL(/table\.html\?id=.*&as=p1/);
  await phone.page.waitForURL(/table\.html\?id=.*&as=p2/);
  await other.page.locator('.challenge-bar').waitFor({ state: 'hidden' });
  for (const [p, seat] of [
    [laptop.page, 'p1'],
    [phone.page, 'p2'],
  ])
    await p.waitForFunction(
      (s) => (document.querySelector('#conn.open')?.textContent ?? '').includes(`Connected as ${s}`),
      seat,
    );
  // ConCardia begins with both choosing a start card at once: each plays one
  const rand = rng(7);
  for (const p of [laptop.page, phone.page]) {
    const before = await shownVersion(p);
    await moveOnce(p, rand);
    await until(async () => (await shownVersion(p)) > before, 'the move shown');
  }
  for (const pg of [laptop, other, phone]) assert.deepEqual(pg.errors, []);
});

test('a declined challenge is said on the challenger’s page', { timeout: budget(30000) }, async () => {
  const a = await newPage(env.browser, { name: 'Cy' });
  const b = await newPage(env.browser, { name: 'Dee' });
  await a.page.goto(env.server.url);
  await pageAccount(a.page, 'Cy');
  await b.page.goto(env.server.url);
  await pageAccount(b.page, 'Dee');
  await a.page.goto(new URL('friends.html?challenge=Dee', env.server.url).toString());
  await a.page.click('#challenge-form button[type=submit]');
  await a.page.locator('#sent .challenge').waitFor();
  await b.page.reload();
  await b.page.click('.challenge-bar button.decline');
  await until(
    async () => ((await a.page.locator('#friends-error').textContent()) ?? '').includes('Dee declined your challenge.'),
    'the refusal said',
  );
  assert.equal(await a.page.locator('#sent .challenge').count(), 0);
});
