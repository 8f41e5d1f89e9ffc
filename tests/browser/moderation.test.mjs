// Mute, report and block at a table (issue 54, item 4; web/seat-actions.js, docs/server/players.md
// "Blocks"). Ann (signed in) and Bob play; beside Bob's name a button opens a dialog, by the
// keyboard as well as by a click. Muted, Bob's chat lines are hidden from Ann (the panel says
// whose), and stay hidden after a reload and on Ann's phone, signed in to her account; muted or
// unmuted on the phone, the laptop, open all along, hides or shows them at once. A line
// of Bob's reported from its own Report button reaches `quiver admin reports` with its text
// and the reason. Blocked, Bob is refused seat p2 at Ann's next open table, and his page says
// so in words; Ann's account page lists Bob, and Unblock lets him sit again. axe finds nothing
// serious in the dialog. Screenshots: moderation-dialog.png (desktop), moderation-phone.png
// (the dialog on a 390 × 844 phone), moderation-muted.png, blocked-join.png and
// account-blocks.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  serverAndBrowser,
  newPage,
  budget,
  screenshot,
  openSeatLink,
  until,
  assertAccessible,
  QUIVER,
  pageRequest as ask,
} from './support.mjs';

const env = serverAndBrowser();

/** @typedef {import('playwright-core').Page} Page */

/**
 * Signs the page's browser up (or in, with `again`) as username.
 * @param {Page} page
 * @param {string} username
 * @param {boolean} [again]
 */
async function account(page, username, again = false) {
  await page.goto(env.server.url);
  const r = await ask(page, 'POST', again ? 'api/session' : 'api/accounts', {
    username,
    password: `${username} shoots arrows`,
  });
  assert.equal(r.status, again ? 200 : 201, JSON.stringify(r.json));
}

/**
 * A table of two open seats made by the page's browser, and its seat p1 taken there; its id.
 * @param {Page} page
 */
async function ownTable(page) {
  const r = await ask(page, 'POST', 'api/tables', { game: 'three-arrows', seats: ['human', 'human'] });
  assert.equal(r.status, 201);
  await openSeatLink(page, new URL(`table.html?id=${r.json.id}&seat=p1`, env.server.url).toString());
  return /** @type {string} */ (r.json.id);
}

/**
 * Says a line in the page's chat and waits until another page shows it.
 * @param {Page} page
 * @param {string} text
 */
async function say(page, text) {
  await page.fill('#chat-input', text);
  await page.press('#chat-input', 'Enter');
  await page.waitForFunction(
    (t) => [...document.querySelectorAll('#chat-lines .chat-text')].some((e) => e.textContent === t),
    text,
  );
}

/**
 * Whether a page holds Bob's line `text` and shows it.
 * @param {Page} page
 * @param {string} text
 * @returns {Promise<{held: boolean, shown: boolean}>}
 */
function lineState(page, text) {
  return page.evaluate((t) => {
    const li = [...document.querySelectorAll('#chat-lines li')].find(
      (e) => e.querySelector('.chat-text')?.textContent === t,
    );
    return { held: Boolean(li), shown: Boolean(li && !(/** @type {HTMLElement} */ (li).hidden)) };
  }, text);
}

/**
 * Mutes (on) or unmutes Bob, at seat p2, from the page's dialog, and closes it.
 * @param {Page} page
 * @param {boolean} on
 */
async function setMute(page, on) {
  await page.click('.person[data-seat="p2"] button.seat-actions');
  await page.waitForSelector('dialog.seat-dialog[open]');
  await page.click('dialog.seat-dialog .seat-mute');
  await page.waitForFunction(
    (said) => (document.querySelector('dialog.seat-dialog .seat-said')?.textContent ?? '').startsWith(said),
    on ? 'Muted: ' : 'Unmuted: ',
  );
  await page.keyboard.press('Escape');
}

/**
 * Waits until the page shows Bob's line "hello from Bob" (or hides it, with his name marked
 * muted), without being reloaded.
 * @param {Page} page
 * @param {boolean} shown
 */
async function shownThere(page, shown) {
  await until(
    async () => (await lineState(page, 'hello from Bob')).shown === shown,
    `the other device ${shown ? 'shows' : 'hides'} Bob’s line`,
  );
  assert.equal(await page.locator('.person[data-seat="p2"] .seat-mark.muted').count(), shown ? 0 : 1);
}

test(
  'mute hides a seat’s chat, on a reload and on another device; a report reaches the moderators',
  {
    timeout: budget(60000),
  },
  async () => {
    const ann = await newPage(env.browser, { name: 'Ann' });
    const bob = await newPage(env.browser, { name: 'Bob' });
    const phone = await newPage(env.browser, { name: 'Ann', width: 390, height: 844 });
    await account(ann.page, 'Ann');
    await account(bob.page, 'Bob');
    await account(phone.page, 'Ann', true);
    const id = await ownTable(ann.page);
    await openSeatLink(bob.page, new URL(`table.html?id=${id}&seat=p2`, env.server.url).toString());
    await say(bob.page, 'hello from Bob');
    await ann.page.waitForSelector('#chat-lines li[data-seat="p2"]');

    // the dialog, opened with the keyboard: the focus on its first button, Escape back to ⋯
    const actions = ann.page.locator('.person[data-seat="p2"] button.seat-actions');
    assert.equal(await ann.page.locator('.person[data-seat="p1"] button.seat-actions').count(), 0, 'none for oneself');
    await actions.focus();
    await ann.page.keyboard.press('Enter');
    await ann.page.waitForSelector('dialog.seat-dialog[open]');
    assert.equal(await ann.page.evaluate(() => document.activeElement?.className), 'minor seat-mute');
    await assertAccessible(ann.page, 'the dialog of a seat', 'dialog.seat-dialog');
    await screenshot(ann.page, 'moderation-dialog.png');
    await ann.page.keyboard.press('Escape');
    await ann.page.waitForSelector('dialog.seat-dialog', { state: 'detached' });
    assert.equal(await ann.page.evaluate(() => document.activeElement?.getAttribute('data-seat')), 'p2');

    // muted: the dialog says so, the name has its mark, the line is hidden and the panel says whose
    await actions.click();
    await ann.page.click('dialog.seat-dialog .seat-mute');
    await ann.page.waitForFunction(() =>
      /^Muted: /.test(document.querySelector('dialog.seat-dialog .seat-said')?.textContent ?? ''),
    );
    assert.equal(await ann.page.getAttribute('dialog.seat-dialog .seat-mute', 'aria-pressed'), 'true');
    await ann.page.click('dialog.seat-dialog .seat-close');
    await ann.page.waitForSelector('.person[data-seat="p2"] .seat-mark.muted');
    assert.deepEqual(await lineState(ann.page, 'hello from Bob'), { held: true, shown: false });
    assert.equal(await ann.page.textContent('.chat-muted'), 'Hidden: 1 line of Bob (p2), muted.');
    // a new line of Bob's is hidden too, and counts as nothing unread
    await say(bob.page, 'are you there?');
    await until(async () => (await lineState(ann.page, 'are you there?')).held, 'Ann’s page has the line');
    assert.equal((await lineState(ann.page, 'are you there?')).shown, false);
    assert.equal(await ann.page.textContent('.chat-muted'), 'Hidden: 2 lines of Bob (p2), muted.');
    await screenshot(ann.page, 'moderation-muted.png');

    // kept: after a reload, and on Ann's phone (her account's seat)
    await ann.page.reload();
    await ann.page.waitForSelector('.person[data-seat="p2"] .seat-mark.muted');
    assert.deepEqual(await lineState(ann.page, 'hello from Bob'), { held: true, shown: false });
    // the laptop stays open from now on: what the phone does reaches it without a reload
    await ann.page.evaluate(() => {
      /** @type {any} */ (window).notReloaded = true;
    });
    await phone.page.goto(new URL(`table.html?id=${id}`, env.server.url).toString());
    await phone.page.waitForFunction(() =>
      (document.querySelector('#conn.open')?.textContent ?? '').includes('Connected as p1'),
    );
    await phone.page.waitForSelector('.person[data-seat="p2"] .seat-mark.muted');
    assert.deepEqual(await lineState(phone.page, 'hello from Bob'), { held: true, shown: false });
    await phone.page.click('.person[data-seat="p2"] button.seat-actions');
    await phone.page.waitForSelector('dialog.seat-dialog[open]');
    const box = await phone.page.locator('dialog.seat-dialog').boundingBox();
    assert.ok(
      box && box.x >= 0 && box.x + box.width <= 390,
      `the dialog fits the phone's width: ${JSON.stringify(box)}`,
    );
    await screenshot(phone.page, 'moderation-phone.png');
    // unmuted on the phone: the lines show again there
    await phone.page.click('dialog.seat-dialog .seat-mute');
    await phone.page.waitForFunction(() =>
      /^Unmuted: /.test(document.querySelector('dialog.seat-dialog .seat-said')?.textContent ?? ''),
    );
    await phone.page.keyboard.press('Escape');
    assert.deepEqual(await lineState(phone.page, 'hello from Bob'), { held: true, shown: true });
    // and on the laptop at once, as the dialog says ("on every device of yours"); muted again on
    // the phone, hidden on the laptop at once; unmuted again (before: only after a reload)
    await shownThere(ann.page, true);
    await setMute(phone.page, true);
    await shownThere(ann.page, false);
    await setMute(phone.page, false);
    await shownThere(ann.page, true);
    assert.equal(await ann.page.evaluate(() => /** @type {any} */ (window).notReloaded), true, 'never reloaded');

    // a line reported from its own button: the dialog has it chosen; the report reaches the
    // moderators' list with the line's text and the reason
    await ann.page.reload();
    await ann.page.waitForSelector('#chat-lines li[data-seat="p2"]:not([hidden]) .chat-report');
    await ann.page.locator('#chat-lines li[data-seat="p2"] .chat-report').first().click();
    await ann.page.waitForSelector('dialog.seat-dialog[open]');
    assert.equal(await ann.page.evaluate(() => document.activeElement?.id), 'report-reason');
    assert.match((await ann.page.locator('#report-what option:checked').textContent()) ?? '', /hello from Bob/);
    // an empty reason is said, not sent
    await ann.page.click('dialog.seat-dialog .seat-report');
    await ann.page.fill('#report-reason', 'He keeps taunting me after every move');
    await ann.page.click('dialog.seat-dialog .seat-report');
    await ann.page.waitForFunction(() =>
      /^Reported: thank you/.test(document.querySelector('dialog.seat-dialog .seat-said')?.textContent ?? ''),
    );
    await ann.page.keyboard.press('Escape');
    const listed = execFileSync(QUIVER, ['admin', 'reports', '--db', env.server.db], { encoding: 'utf8' });
    assert.match(listed, /He keeps taunting me after every move/);
    assert.match(listed, /hello from Bob/);
    assert.match(listed, /@Ann/);

    assert.deepEqual([...ann.errors, ...bob.errors, ...phone.errors], []);
    for (const x of [ann, bob, phone]) await x.page.context().close();
  },
);

test(
  'a blocked account cannot take a seat at the blocker’s table, and is told so',
  {
    timeout: budget(60000),
  },
  async () => {
    const ann = await newPage(env.browser, { name: 'Ann' });
    const bob = await newPage(env.browser, { name: 'Bob', width: 390, height: 844 });
    await account(ann.page, 'Anna');
    await account(bob.page, 'Bobby');
    const id = await ownTable(ann.page);
    await openSeatLink(bob.page, new URL(`table.html?id=${id}&seat=p2`, env.server.url).toString());

    // Ann blocks Bobby from the table: the dialog says so, the name has its mark
    await ann.page.click('.person[data-seat="p2"] button.seat-actions');
    await ann.page.click('dialog.seat-dialog .seat-block');
    await ann.page.waitForFunction(() =>
      /^Blocked: Bobby cannot join your tables/.test(
        document.querySelector('dialog.seat-dialog .seat-said')?.textContent ?? '',
      ),
    );
    assert.equal(await ann.page.textContent('dialog.seat-dialog .seat-block'), 'Unblock Bobby');
    await ann.page.keyboard.press('Escape');
    await ann.page.waitForSelector('.person[data-seat="p2"] .seat-mark.blocked');

    // Ann's next open table: Bobby's page says in words that he may not sit, and watches
    const next = await ownTable(ann.page);
    await bob.page.goto(new URL(`table.html?id=${next}&seat=p2`, env.server.url).toString());
    await bob.page.click('#join-place .take-seat');
    await bob.page.waitForSelector('.join-refused');
    assert.equal(
      await bob.page.textContent('.join-refused'),
      'You cannot take seat p2: a player at this table does not accept games with you. You are watching.',
    );
    assert.doesNotMatch((await bob.page.textContent('.join-refused')) ?? '', /Anna/);
    await screenshot(bob.page, 'blocked-join.png');
    const info = await ask(bob.page, 'GET', `api/tables/${next}`);
    assert.equal(info.json.seats[1].claimed, false, 'p2 is still free');

    // the account page lists Bobby; Unblock lets him sit
    await ann.page.goto(new URL('account.html', env.server.url).toString());
    await ann.page.waitForSelector('#blocks-list .block-row[data-username="Bobby"]');
    await screenshot(ann.page, 'account-blocks.png', { fullPage: true });
    await assertAccessible(ann.page, 'the account page with its blocks');
    await ann.page.click('#blocks-list .block-row[data-username="Bobby"] button.unblock');
    await ann.page.waitForFunction(() =>
      /Nobody: you block no account/.test(document.getElementById('blocks-list')?.textContent ?? ''),
    );
    assert.match((await ann.page.textContent('.blocks')) ?? '', /Unblocked: Bobby may sit at your tables again/);
    const sat = await ask(bob.page, 'POST', `api/tables/${next}/join`, { seat: 'p2' });
    assert.equal(sat.status, 200, JSON.stringify(sat.json));
    // a block by username from the form, and a username that is nobody refused in words
    await ann.page.fill('#block-username', 'Nobody Here');
    await ann.page.click('#block button[type=submit]');
    await ann.page.waitForFunction(() =>
      /no player 'Nobody Here'/.test(document.getElementById('block-error')?.textContent ?? ''),
    );
    await ann.page.fill('#block-username', 'bobby');
    await ann.page.click('#block button[type=submit]');
    await ann.page.waitForSelector('#blocks-list .block-row[data-username="Bobby"]');

    assert.deepEqual([...ann.errors, ...bob.errors], []);
    for (const x of [ann, bob]) await x.page.context().close();
  },
);
