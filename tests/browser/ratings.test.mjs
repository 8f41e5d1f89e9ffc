// Ratings in the browser (player.html, leaderboard.html; docs/server/players.md "Ratings"): two people
// with settled accounts (a day old with 10 rated games, set in the database: a game among new
// accounts moves no rating) play a rated game made with the lobby's form (Rated ticked turns takebacks
// off; a clock per move); the table says "Rated game" and shows each account's username,
// linked to its profile, with its rating (1500?); each makes a decision, one resigns; the
// result shows each rating's change (+N for the winner, −N for the loser, screenshot
// rated-result.png); both profiles then show the new
// THREE ARROWS rating (provisional, marked "?"), the winner's above 1500 and the loser's below,
// with the plot of one point and the game among the recent ones; the leaderboard lists nobody
// settled yet, and both in its list of provisional ratings. Screenshots: player.png and
// leaderboard.png. Two new accounts' rated game counts but moves no rating: both players are
// told so under the people as the second seat is taken, before the first move, the status
// line at the end says so, the result lists each change as +0 (screenshot rated-new.png).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  newPage,
  budget,
  screenshot,
  openSeatLink,
  typeAMove,
  assertAccessible,
  accountFrom,
  settle,
  pageRequest,
} from './support.mjs';

const env = serverAndBrowser();

/**
 * Creates an account in the page's browser.
 * @param {import('playwright-core').Page} page
 * @param {string} username
 */
async function signUp(page, username) {
  await page.goto(new URL('account.html', env.server.url).toString());
  await page.fill('#sign-up-username', username);
  await page.fill('#sign-up-password', `${username} plays arrows`);
  await page.click('#sign-up button[type=submit]');
  await page.waitForSelector('#recovery-codes');
  await page.click('#codes-kept');
  await page.waitForSelector('#who-title');
}

/**
 * Makes an account from another client address than the browser's (127.0.0.2), then signs in to
 * it in the page's browser: two accounts made from one address within a day rate no game
 * together (the server's rule against rating farming, docs/server/players.md "Ratings").
 * @param {import('playwright-core').Page} page
 * @param {string} username
 */
async function signUpElsewhere(page, username) {
  const password = `${username} plays arrows`;
  assert.equal(await accountFrom(env.server.url, username, password, '127.0.0.2'), 201);
  await page.goto(new URL('account.html', env.server.url).toString());
  await page.waitForSelector('#sign-in');
  await page.fill('#sign-in-username', username);
  await page.fill('#sign-in-password', password);
  await page.click('#sign-in button[type=submit]');
  await page.waitForSelector('#who-title');
}

/**
 * A profile's THREE ARROWS rating as the page shows it ("1662?").
 * @param {import('playwright-core').Page} page
 * @param {string} username
 */
async function shownRating(page, username) {
  await page.goto(new URL(`player.html?name=${encodeURIComponent(username)}`, env.server.url).toString());
  const cell = page.locator('.ratings tr[data-game="three-arrows"][data-players="2"] td.rating');
  await cell.waitFor();
  return (await cell.textContent()) ?? '';
}

test('a rated game changes both players’ ratings, shown on their profiles', { timeout: budget(40000) }, async () => {
  const a = await newPage(env.browser, { name: 'Ria' });
  const b = await newPage(env.browser, { name: 'Sol' });
  await signUp(a.page, 'Ria');
  await signUpElsewhere(b.page, 'Sol');
  settle(env.server.db, ['Ria', 'Sol'], 'three-arrows');

  // the rated table, made with the form
  await a.page.goto(env.server.url);
  await a.page.click('#create-form label:has(input[name=game][value="three-arrows"])');
  await a.page.selectOption('#clock-kind', 'move');
  await a.page.fill('#clock-seconds', '300');
  await a.page.check('#rated');
  assert.equal(await a.page.isChecked('#takebacks'), false, 'a rated table has no takebacks');
  assert.ok(await a.page.isDisabled('#takebacks'));
  await a.page.click('#create-form button[type=submit]');
  const link = await a.page.locator('#created .invite[data-seat="p2"] input.link').inputValue();
  const id = new URL(link).searchParams.get('id') ?? '';
  await a.page.click('#created a.button');
  await a.page.waitForSelector('#conn.open');
  await openSeatLink(b.page, link);

  // at the table: "Rated game", each account under its username (a link to its profile) with
  // its rating beside it, provisional
  for (const p of [a, b]) {
    await p.page.waitForSelector('#players-area .rated-mark, .people .rated-mark');
    for (const [seat, user] of [
      ['p1', 'Ria'],
      ['p2', 'Sol'],
    ]) {
      const person = p.page.locator(`.people .person[data-seat="${seat}"]`);
      await person.locator('.seat-rating').waitFor();
      assert.equal(await person.locator('.seat-rating').textContent(), '1500?', `${user}'s rating at the table`);
      assert.equal(
        await person.locator('a.person-name').getAttribute('href'),
        `player.html?name=${user}`,
        `${user}'s name links to the profile`,
      );
      assert.match(
        (await person.locator('a.person-name').textContent()) ?? '',
        new RegExp(user === 'Ria' && p === a ? 'Ria|you' : user),
      );
    }
  }

  // a decision each, then p2 resigns
  await typeAMove(a);
  await typeAMove(b);
  await b.page.click('#resign');
  await b.page.click('dialog.confirm-dialog .confirm-yes');
  for (const p of [a, b]) await p.page.waitForSelector('#result:not([hidden])');
  // the result says what the game did to each rating
  await a.page.waitForSelector('#result .rating-changes li');
  const changes = await a.page.locator('#result .rating-changes li').allTextContents();
  assert.equal(changes.length, 2, `two rating changes: ${changes}`);
  assert.match(changes[0], /^Ria: 1500 → (\d+) \(\+(\d+)\)$/);
  assert.match(changes[1], /^Sol: 1500 → (\d+) \(−(\d+)\)$/);
  await screenshot(a.page, 'rated-result.png');

  const ria = await shownRating(a.page, 'Ria');
  await screenshot(a.page, 'player.png');
  await assertAccessible(a.page, 'a profile');
  assert.match(ria, /^\d+\?/, `provisional: ${ria}`);
  assert.ok(parseInt(ria, 10) > 1500, `the winner gains: ${ria}`);
  assert.equal(await a.page.locator('svg.history-plot circle').count(), 1, 'one point on the plot');
  assert.ok(await a.page.locator(`#recent .my-game[data-table="${id}"]`).count(), 'the game among the recent');
  const sol = await shownRating(b.page, 'Sol');
  assert.ok(parseInt(sol, 10) < 1500, `the loser loses: ${sol}`);

  // the leaderboard: nobody settled yet, both players on the list of provisional ratings (it
  // said "Nobody yet" while everyone was provisional), the winner first
  await b.page.goto(new URL('leaderboard.html?game=three-arrows&players=2', env.server.url).toString());
  await b.page.waitForSelector('#board h2');
  assert.match((await b.page.textContent('#board')) ?? '', /Nobody settled yet/);
  const rows = await b.page.locator('table[aria-label="Provisional ratings"] tbody tr').allTextContents();
  assert.equal(rows.length, 2, `both players, provisional: ${rows}`);
  assert.match(rows[0], /^1Ria\d+\?/);
  assert.match(rows[1], /^2Sol\d+\?/);
  await screenshot(b.page, 'leaderboard.png');
  await assertAccessible(b.page, 'a leaderboard');
  assert.deepEqual([...a.errors, ...b.errors], []);
  for (const x of [a, b]) await x.page.context().close();
});

test(
  'a rated game between new accounts counts but moves no rating, and says so',
  { timeout: budget(30000) },
  async () => {
    const a = await newPage(env.browser, { name: 'Una' });
    const b = await newPage(env.browser, { name: 'Vic' });
    await signUp(a.page, 'Una');
    await signUpElsewhere(b.page, 'Vic');
    const made = await pageRequest(a.page, 'POST', 'api/tables', {
      game: 'three-arrows',
      seats: ['human', 'invite'],
      rated: true,
      takebacks: false,
      clock: { kind: 'move', seconds: 300 },
    });
    assert.equal(made.status, 201, JSON.stringify(made.json));
    const id = made.json.id;
    await openSeatLink(a.page, new URL(`table.html?id=${id}&seat=p1`, env.server.url).toString());
    await openSeatLink(
      b.page,
      new URL(`table.html?id=${id}&seat=p2&invite=${made.json.invites[0].code}`, env.server.url).toString(),
    );
    // told before the first move, as the second seat is taken (before: "Rated game" until the end)
    for (const p of [a, b]) {
      await p.page.waitForSelector('.people .rated-mark.unrated');
      assert.equal(
        await p.page.textContent('.people .rated-mark'),
        'Rated table, but this game is not rated: every account here is new (younger than a day, or fewer than 10 rated games of this kind): the game counts toward the 10, the ratings stay as they were.',
      );
    }
    await typeAMove(a);
    await typeAMove(b);
    await b.page.click('#resign');
    await b.page.click('dialog.confirm-dialog .confirm-yes');
    for (const p of [a, b]) {
      await p.page.waitForSelector('#result:not([hidden]) .rating-changes li');
      assert.match(
        (await p.page.textContent('#status')) ?? '',
        /This game was not rated: every account here is new \(younger than a day, or fewer than 10 rated games of this kind\): the game counts toward the 10, the ratings stay as they were\./,
      );
      const changes = await p.page.locator('#result .rating-changes li').allTextContents();
      assert.deepEqual(changes, ['Una: 1500 → 1500 (+0)', 'Vic: 1500 → 1500 (+0)']);
    }
    await screenshot(a.page, 'rated-new.png');
    assert.match(await shownRating(a.page, 'Una'), /^1500\? provisional$/);
    assert.deepEqual([...a.errors, ...b.errors], []);
    for (const x of [a, b]) await x.page.context().close();
  },
);
