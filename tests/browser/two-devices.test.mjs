// Issue 54's "done when": a rated game between two accounts, each player on two devices in
// turn (a laptop for the first half, a phone for the second). Ann and Bob sign up (Bob from
// another address: accounts made from one address within a day rate nothing together) and are
// made settled in the database (a day old, 10 rated games: new accounts' games move no rating); Ann's
// laptop makes a rated table with a clock and takes p1, Bob's laptop takes p2 by its invite
// link. Both laptops show both usernames (linked to their profiles), their ratings (1500?) and
// "Rated game". Each laptop makes one decision; then each phone, signed in to the account, opens
// the table from Your games (Ann) or its address (Bob) as the account's seat, makes one
// decision, and Bob's phone resigns. Both phones show the rating changes (+N, −N); a tablet of
// Bob's that opens the table only after the end is his seat's (the result, playing again). The
// replay page of the game names Ann and Bob (linked to their profiles) and gives the computer's
// review when asked. Ann then blocks Bob from her phone and makes a new open table: Bob's phone is
// refused seat p2 there, in words. Screenshots at
// 1280 × 800 and 390 × 844: two-devices-laptop.png, two-devices-phone.png,
// two-devices-result.png, two-devices-review.png, two-devices-refused.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  newPage,
  budget,
  screenshot,
  openSeatLink,
  moveOnce,
  typeAMove,
  shownVersion,
  until,
  rng,
  pageRequest as ask,
  accountFrom,
  settle,
} from './support.mjs';

// small searches, so that the review takes seconds even on a busy machine
const env = serverAndBrowser({ threads: 1, extra: ['--review-iterations', '100'] });

/** @typedef {import('playwright-core').Page} Page */

/**
 * Signs the page's browser in to an account made by accountFrom.
 * @param {Page} page
 * @param {string} username
 */
async function signIn(page, username) {
  await page.goto(env.server.url);
  const r = await ask(page, 'POST', 'api/session', { username, password: `${username} aims true` });
  assert.equal(r.status, 200, JSON.stringify(r.json));
}

/**
 * Makes an account from the client address `from`, then signs the page's browser in to it.
 * @param {Page} page
 * @param {string} username
 * @param {string} from
 */
async function account(page, username, from) {
  assert.equal(await accountFrom(env.server.url, username, `${username} aims true`, from), 201);
  await signIn(page, username);
}

/**
 * Waits until a page shows both accounts at the table: each username linking to its profile,
 * its provisional rating beside it, and "Rated game".
 * @param {Page} page
 */
async function namesAndRatings(page) {
  await page.waitForSelector('.people .rated-mark');
  for (const [seat, user] of [
    ['p1', 'Ann'],
    ['p2', 'Bob'],
  ]) {
    const person = page.locator(`.people .person[data-seat="${seat}"]`);
    await person.locator('.seat-rating').waitFor();
    assert.equal(await person.locator('.seat-rating').textContent(), '1500?', `${user}'s rating`);
    assert.equal(await person.locator('a.person-name').getAttribute('href'), `player.html?name=${user}`);
    assert.match((await person.locator('a.person-name').textContent()) ?? '', new RegExp(user));
  }
}

/**
 * Waits until the page is connected as `seat`.
 * @param {Page} page
 * @param {string} seat
 */
async function connectedAs(page, seat) {
  await page.waitForFunction(
    (s) => (document.querySelector('#conn.open')?.textContent ?? '').includes(`Connected as ${s}`),
    seat,
  );
}

test(
  'a rated game played on two devices each, its ratings, its review, then a block',
  {
    timeout: budget(90000),
  },
  async () => {
    const annLaptop = await newPage(env.browser, { name: 'Ann' });
    const bobLaptop = await newPage(env.browser, { name: 'Bob' });
    const annPhone = await newPage(env.browser, { name: 'Ann', width: 390, height: 844 });
    const bobPhone = await newPage(env.browser, { name: 'Bob', width: 390, height: 844 });
    await account(annLaptop.page, 'Ann', '127.0.0.1');
    await account(bobLaptop.page, 'Bob', '127.0.0.2');
    settle(env.server.db, ['Ann', 'Bob'], 'three-arrows');
    await signIn(annPhone.page, 'Ann');
    await signIn(bobPhone.page, 'Bob');

    // the rated table: a clock, no takebacks, p2 an invite seat for Bob
    const made = await ask(annLaptop.page, 'POST', 'api/tables', {
      game: 'three-arrows',
      seats: ['human', 'invite'],
      rated: true,
      takebacks: false,
      clock: { kind: 'move', seconds: 600 },
    });
    assert.equal(made.status, 201, JSON.stringify(made.json));
    const id = made.json.id;
    const code = made.json.invites[0].code;
    await openSeatLink(annLaptop.page, new URL(`table.html?id=${id}&seat=p1`, env.server.url).toString());
    await openSeatLink(
      bobLaptop.page,
      new URL(`table.html?id=${id}&seat=p2&invite=${code}`, env.server.url).toString(),
    );
    for (const p of [annLaptop, bobLaptop]) await namesAndRatings(p.page);
    await screenshot(annLaptop.page, 'two-devices-laptop.png');

    // the first half, on the laptops: a decision each
    await typeAMove(annLaptop);
    await typeAMove(bobLaptop);
    const half = await shownVersion(bobLaptop.page);

    // the second half, on the phones: Ann's from Your games (Play, not Watch), Bob's from the
    // table's address; each is its account's seat
    await annPhone.page.goto(new URL('games.html', env.server.url).toString());
    const row = annPhone.page.locator(`#ongoing .my-game[data-table="${id}"]`);
    await row.waitFor();
    assert.equal(await row.locator('a.button').first().textContent(), 'Play');
    await row.locator('a.button').first().click();
    await connectedAs(annPhone.page, 'p1');
    await bobPhone.page.goto(new URL(`table.html?id=${id}`, env.server.url).toString());
    await connectedAs(bobPhone.page, 'p2');
    for (const p of [annPhone, bobPhone]) await namesAndRatings(p.page);
    await until(async () => (await shownVersion(annPhone.page)) >= half, 'Ann’s phone shows the first half');
    await moveOnce(annPhone.page, rng(11));
    await moveOnce(bobPhone.page, rng(12));
    // the laptops, still open, followed the phones
    const last = await shownVersion(bobPhone.page);
    for (const p of [annLaptop, bobLaptop])
      await until(async () => (await shownVersion(p.page)) >= last, 'a laptop shows the phones’ moves');
    await screenshot(annPhone.page, 'two-devices-phone.png');

    // Bob resigns on his phone: both phones show each rating's change
    await bobPhone.page.click('#resign');
    await bobPhone.page.click('dialog.confirm-dialog .confirm-yes');
    for (const p of [annPhone, bobPhone]) {
      await p.page.waitForSelector('#result:not([hidden]) .rating-changes li');
      const changes = await p.page.locator('#result .rating-changes li').allTextContents();
      assert.equal(changes.length, 2, `two rating changes: ${changes}`);
      assert.match(changes[0], /^Ann: 1500 → \d+ \(\+\d+\)$/);
      assert.match(changes[1], /^Bob: 1500 → \d+ \(−\d+\)$/);
    }
    await annPhone.page.locator('#result').scrollIntoViewIfNeeded();
    await screenshot(annPhone.page, 'two-devices-result.png');

    // after the end, a device of Bob's that opens the table only now is his seat's, not a
    // spectator's: the result with the rating changes, and a way to play again (before: watching)
    const bobTablet = await newPage(env.browser, { name: 'Bob' });
    await signIn(bobTablet.page, 'Bob');
    await bobTablet.page.goto(new URL(`table.html?id=${id}`, env.server.url).toString());
    await connectedAs(bobTablet.page, 'p2');
    await bobTablet.page.waitForSelector('#result:not([hidden]) .rating-changes li');
    // a player's way to play on (Play again while everyone is here, else Rematch): no spectator's
    await bobTablet.page.waitForFunction(() =>
      [...document.querySelectorAll('#result button')].some((b) => /^(Play again|Rematch)$/.test(b.textContent ?? '')),
    );
    assert.deepEqual(bobTablet.errors, []);
    await bobTablet.page.context().close();

    // the game's replay page gives the computer's review when asked
    await annLaptop.page.goto(new URL(`replay.html?id=${id}`, env.server.url).toString());
    // ... which names the seats by their usernames, linked to their profiles, as the table did
    await annLaptop.page.waitForSelector('#played-by:not([hidden])');
    assert.equal(await annLaptop.page.textContent('#played-by'), 'Played by Ann (p1), Bob (p2).');
    assert.deepEqual(
      await annLaptop.page.locator('#played-by a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
      ['player.html?name=Ann', 'player.html?name=Bob'],
    );
    assert.match(await annLaptop.page.textContent('#players-area'), /Ann \(p1\)/);
    await annLaptop.page.click('#ask-review');
    await annLaptop.page.waitForSelector('#review .review-curve');
    assert.equal(await annLaptop.page.locator('#review .review-seat').count(), 2);
    await screenshot(annLaptop.page, 'two-devices-review.png');

    // Ann blocks Bob from her phone, at the finished table; her next open table refuses him
    await annPhone.page.click('.person[data-seat="p2"] button.seat-actions');
    await annPhone.page.click('dialog.seat-dialog .seat-block');
    await annPhone.page.waitForFunction(() =>
      /^Blocked: Bob/.test(document.querySelector('dialog.seat-dialog .seat-said')?.textContent ?? ''),
    );
    await annPhone.page.keyboard.press('Escape');
    const next = await ask(annPhone.page, 'POST', 'api/tables', { game: 'three-arrows', seats: ['human', 'human'] });
    assert.equal(next.status, 201);
    await openSeatLink(annPhone.page, new URL(`table.html?id=${next.json.id}&seat=p1`, env.server.url).toString());
    await bobPhone.page.goto(new URL(`table.html?id=${next.json.id}&seat=p2`, env.server.url).toString());
    // signed in, Bob plays under his username: no name is asked that would not be used
    await bobPhone.page.waitForSelector('#join-place .take-seat');
    assert.equal(await bobPhone.page.textContent('#join-place .take-seat'), 'Take seat p2 as Bob');
    assert.equal(await bobPhone.page.locator('#join-place input').count(), 0, 'a name box for an account');
    await bobPhone.page.click('#join-place .take-seat');
    await bobPhone.page.waitForSelector('.join-refused');
    assert.equal(
      await bobPhone.page.textContent('.join-refused'),
      'You cannot take seat p2: a player at this table does not accept games with you. You are watching.',
    );
    // kept out, he is not the one to send an invite link
    await bobPhone.page.waitForFunction(() =>
      /^Waiting for a player to take seat p2\.$/.test(document.getElementById('status')?.textContent ?? ''),
    );
    await screenshot(bobPhone.page, 'two-devices-refused.png');

    const errors = [annLaptop, bobLaptop, annPhone, bobPhone].flatMap((p) => p.errors);
    assert.deepEqual(errors, []);
    for (const p of [annLaptop, bobLaptop, annPhone, bobPhone]) await p.page.context().close();
  },
);
