// The account is the player (issue 54, item 1; docs/server/players.md "Every device of the account"):
// Ann, signed in on her laptop and on her phone (two browser contexts), takes a seat on the
// laptop. The phone's Your games offers Play (not Watch), opens the table as her seat and plays
// a move, which the laptop, open at the same time, shows; then the laptop plays and the phone
// shows it. Signed in anew on the phone, the table has its old token refused and asks for a new
// one by itself. Screenshot: devices.png (the phone's table).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  newPage,
  budget,
  screenshot,
  api,
  openSeatLink,
  moveOnce,
  shownVersion,
  playThroughSocket,
  until,
  rng,
} from './support.mjs';

const env = serverAndBrowser();

/**
 * Signs the page's browser up (201) or in (200) from the page itself, so that its cookies are
 * the browser's.
 * @param {import('playwright-core').Page} page
 * @param {string} route
 */
async function account(page, route) {
  const status = await page.evaluate(
    async (r) =>
      (
        await fetch(r, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'Anouk', password: 'arrows over the river' }),
        })
      ).status,
    route,
  );
  assert.equal(status, route === 'api/accounts' ? 201 : 200, `${route} answered ${status}`);
}

test('a seat taken on one device plays on another of the account', { timeout: budget(40000) }, async () => {
  const laptop = await newPage(env.browser, { name: 'Anouk' });
  const phone = await newPage(env.browser, { name: 'Anouk', width: 390, height: 844 });
  await laptop.page.goto(env.server.url);
  await account(laptop.page, 'api/accounts');
  await phone.page.goto(env.server.url);
  await account(phone.page, 'api/session');

  // Bob (a script) sits at p2; Anouk takes p1 on her laptop, signed in
  const t = await api(env.server.url, 'POST', '/api/tables', { game: 'three-arrows', seats: ['human', 'human'] });
  const bob = await api(env.server.url, 'POST', `/api/tables/${t.id}/join`, { seat: 'p2', name: 'Bob' });
  await openSeatLink(laptop.page, new URL(`table.html?id=${t.id}&seat=p1`, env.server.url).toString());

  // the phone's list offers Play for her turn, and says nothing of another browser
  await phone.page.goto(new URL('games.html', env.server.url).toString());
  const row = phone.page.locator(`#ongoing .my-game[data-table="${t.id}"]`);
  await row.waitFor();
  const text = (await row.textContent()) ?? '';
  assert.match(text, /your turn/);
  assert.doesNotMatch(text, /taken in another browser/);
  assert.equal(await row.locator('a.button').first().textContent(), 'Play');

  // opened from there, the table is her seat on the phone too
  await row.locator('a.button').first().click();
  await phone.page.waitForURL(/table\.html\?id=/);
  await phone.page.waitForFunction(() =>
    (document.querySelector('#conn.open')?.textContent ?? '').includes('Connected as p1'),
  );
  const held = await phone.page.evaluate((id) => localStorage.getItem(`quiver.seats.${id}`), t.id);
  assert.ok(held && JSON.parse(held)[0].seat === 'p1', `the phone keeps a token of p1: ${held}`);

  // the phone plays; the laptop, open meanwhile, shows the move
  const before = await shownVersion(laptop.page);
  await moveOnce(phone.page, rng(3));
  const after = await shownVersion(phone.page);
  await until(async () => (await shownVersion(laptop.page)) >= after, 'the laptop shows the phone’s move');
  assert.ok(after > before);
  await screenshot(phone.page, 'devices.png');

  // Bob answers; then the laptop plays, and the phone shows it
  await playThroughSocket(env.server.url, t.id, bob.token, 1);
  await until(async () => (await shownVersion(laptop.page)) > after, 'the laptop shows Bob’s move');
  await moveOnce(laptop.page, rng(5));
  const last = await shownVersion(laptop.page);
  await until(async () => (await shownVersion(phone.page)) >= last, 'the phone shows the laptop’s move');

  // the phone signs in again (a new session: the token it kept ended with the old one); the
  // table, opened again, has that token refused and asks for a new one by itself
  await phone.page.goto(new URL('games.html', env.server.url).toString());
  await account(phone.page, 'api/session');
  const kept = await phone.page.evaluate((id) => localStorage.getItem(`quiver.seats.${id}`), t.id);
  assert.equal(kept, held, 'the phone still keeps its old token');
  await phone.page.goto(new URL(`table.html?id=${t.id}`, env.server.url).toString());
  await phone.page.waitForFunction(() =>
    (document.querySelector('#conn.open')?.textContent ?? '').includes('Connected as p1'),
  );
  const renewed = await phone.page.evaluate((id) => localStorage.getItem(`quiver.seats.${id}`), t.id);
  assert.notEqual(renewed, held, 'a new token replaced the refused one');

  assert.deepEqual([...laptop.errors, ...phone.errors], []);
  for (const x of [laptop, phone]) await x.page.context().close();
});
