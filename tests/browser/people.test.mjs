// Tables between people, in browsers of their own: an invite link made in the lobby seats the
// friend (asked for a name first) and works only once, in words the second time; the lobby
// offers Join only for an open seat, never for an invite seat; names show on both pages; a
// per-move clock counts down on the page between frames, turns red when low and times the
// game out, the result saying who ran out of time; "your turn" badges the favicon; resigning
// asks first (Escape keeps playing) and ends a game of two. Screenshots of a table with clocks
// at 1280 px and on a phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  newPage,
  api,
  budget,
  until,
  screenshot,
  STEP_MS,
  typeAMove,
  openSeatLink,
} from './support.mjs';

const env = serverAndBrowser();

/**
 * The text of the line of `seat` in the page's people list.
 * @param {import('playwright-core').Page} page
 * @param {string} seat
 */
async function personText(page, seat) {
  return (await page.locator(`#people .person[data-seat="${seat}"]`).textContent()) ?? '';
}

/**
 * The lobby's create form for a THREE ARROWS table: p1 me, p2 a friend, and the clock.
 * @param {import('playwright-core').Page} page
 * @param {number} [seconds] a per-move clock, or none
 */
async function createInLobby(page, seconds) {
  await page.goto(env.server.url);
  await page.click('#create-form label:has(input[name=game][value="three-arrows"])');
  assert.equal(await page.inputValue('#seat-p1'), 'me');
  assert.equal(await page.inputValue('#seat-p2'), 'invite', 'a friend with an invite link by default');
  assert.equal(await page.isChecked('#listed'), false, 'not listed by default');
  if (seconds) {
    await page.selectOption('#clock-kind', 'move');
    await page.click('#create-form .clock-presets button[data-preset="30 s"]');
    assert.equal(await page.inputValue('#clock-seconds'), '30', 'a preset fills the box');
    await page.fill('#clock-seconds', String(seconds));
  }
  await page.click('#create-form button[type=submit]');
  const link = await page.locator('#created .invite[data-seat="p2"] input.link').inputValue();
  const id = new URL(link).searchParams.get('id') ?? '';
  return { link, id };
}

test('an invite link seats the friend once, with names on both pages', { timeout: budget(25000) }, async () => {
  const a = await newPage(env.browser, { name: 'Alexandra' });
  const b = await newPage(env.browser, { name: null });
  const c = await newPage(env.browser, { name: 'Carol' });
  // the lobby asks the name once: given here, then only shown
  await a.page.goto(env.server.url);
  // the name box is drawn once the games are read (lobby.js's main): waited for, not assumed
  await a.page.locator('#name-place', { hasText: 'You play as' }).waitFor();
  assert.match((await a.page.textContent('#name-place')) ?? '', /You play as Alexandra/);

  const { link, id } = await createInLobby(a.page);
  assert.match(link, /table\.html\?id=[^&]+&seat=p2&invite=[^&]+$/);
  const info = await api(env.server.url, 'GET', `/api/tables/${id}`);
  assert.equal(info.private, true, 'a table is private unless listed');
  assert.equal(info.seats[1].open, false, 'p2 is an invite seat');
  const listed = await api(env.server.url, 'GET', '/api/tables');
  assert.ok(!listed.tables.some((/** @type {any} */ t) => t.id === id), 'a private table is not listed');
  await a.page.click('#created a.button');
  await a.page.waitForSelector('#conn.open');
  assert.match((await personText(a.page, 'p2')) ?? '', /invited, not here yet/);

  // the friend: told the game, who invites and the seat, then asked for a name before the seat is taken
  /** @type {string[]} the table's sockets the friend's page opened */
  const sockets = [];
  b.page.on('websocket', (ws) => sockets.push(ws.url()));
  await b.page.goto(link);
  await b.page.waitForSelector('#table-name-input');
  assert.equal(await b.page.textContent('#ask-name-title'), 'Alexandra invites you to play THREE ARROWS as p2');
  // asked, not yet seated: not at the table, so no spectator there (the page once watched it
  // meanwhile, and the friend was counted as one)
  assert.deepEqual(
    sockets.filter((u) => u.includes(`/api/tables/${id}/ws`)),
    [],
    'no socket to the table before the seat is taken',
  );
  assert.equal((await api(env.server.url, 'GET', `/api/tables/${id}`)).spectators, 0, 'nobody watches');
  assert.equal(await a.page.isVisible('#watching'), false, "the inviter's page counts no spectator");
  assert.equal(await b.page.title(), 'Alexandra invites you to play THREE ARROWS as p2 · quiver');
  await b.page.fill('#table-name-input', '  Bo  ');
  await b.page.click('#join-place button[type=submit]');
  // (connected as p2 once the seat is taken)
  await b.page.waitForFunction(() => /Connected as p2/.test(document.querySelector('#conn.open')?.textContent ?? ''));
  assert.ok(!b.page.url().includes('invite='), 'the code leaves the address once used');
  // names on both pages: the people list, and the game's own players' panel
  await a.page.waitForFunction(() => /Bo \(p2\)/.test(document.getElementById('people')?.textContent ?? ''));
  assert.match(await personText(a.page, 'p1'), /Alexandra \(you, p1\)/);
  assert.match(await personText(b.page, 'p1'), /Alexandra \(p1\)/);
  assert.match(await personText(b.page, 'p2'), /Bo \(you, p2\)/);
  assert.match((await a.page.textContent('#players-area')) ?? '', /Bo \(p2\)/);
  assert.match(await personText(a.page, 'p2'), /online/);

  // the link a second time: refused in words, and the page watches
  await c.page.goto(link);
  await c.page.click('#join-place .take-seat');
  await c.page.waitForSelector('.join-refused');
  await c.page.waitForSelector('#conn.open');
  assert.match((await c.page.textContent('.join-refused')) ?? '', /this invite was already used/i);
  assert.match((await c.page.textContent('#conn')) ?? '', /Watching/);
  const after = await api(env.server.url, 'GET', `/api/tables/${id}`);
  assert.equal(after.seats[1].name, 'Bo');

  for (const p of [a, b, c]) assert.deepEqual(p.errors, [], 'no script error on the page');
  await Promise.all([a, b, c].map((p) => p.page.context().close()));
});

test('the lobby offers Join for an open seat, never for an invite seat', { timeout: budget(15000) }, async () => {
  const t = await api(env.server.url, 'POST', '/api/tables', { game: 'three-arrows', seats: ['invite', 'human'] });
  const d = await newPage(env.browser, { name: 'Dee' });
  await d.page.goto(env.server.url);
  const row = d.page.locator(`#tables tr:has(td:text-is("${t.id}"))`);
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', /p1 invited, p2 open/);
  assert.deepEqual(await row.locator('button.join').allTextContents(), ['Join as p2']);
  await row.locator('button.join').click();
  await d.page.waitForURL(/table\.html\?id=/);
  await d.page.waitForSelector('#conn.open');
  assert.match((await d.page.textContent('#conn')) ?? '', /Connected as p2/);
  const info = await api(env.server.url, 'GET', `/api/tables/${t.id}`);
  assert.equal(info.seats[1].name, 'Dee');
  // only the invite seat is free now: nothing to join from the lobby
  await d.page.goto(env.server.url);
  await d.page.waitForSelector('#tables table, #tables p');
  assert.equal(await d.page.locator(`#tables tr:has(td:text-is("${t.id}")) button.join`).count(), 0);
  assert.deepEqual(d.errors, [], 'no script error on the page');
  await d.page.context().close();
});

test('a per-move clock counts down on both pages and times the game out', { timeout: budget(40000) }, async () => {
  const a = await newPage(env.browser, { name: 'Alexandra' });
  const b = await newPage(env.browser, { name: 'Bo' });
  const SECONDS = 14;
  const { link, id } = await createInLobby(a.page, SECONDS);
  await a.page.click('#created a.button');
  await a.page.waitForSelector('#conn.open');
  // a friend whose name this browser kept: the invitation first (the table not opened, so the
  // friend is not counted a spectator), and the seat taken only when asked
  await b.page.goto(link);
  await b.page.waitForSelector('#join-place .take-seat');
  assert.equal(await b.page.textContent('#ask-name-title'), 'Alexandra invites you to play THREE ARROWS as p2');
  assert.match((await b.page.textContent('#table-name')) ?? '', /You play as Bo/);
  assert.equal(await b.page.textContent('#join-place .take-seat'), 'Take seat p2');
  const before = await api(env.server.url, 'GET', `/api/tables/${id}`);
  assert.equal(before.seats[1].claimed, false, 'opening the link takes nothing');
  await b.page.click('#join-place .take-seat');
  await b.page.waitForFunction(() => /Connected as p2/.test(document.querySelector('#conn.open')?.textContent ?? ''));
  const info = await api(env.server.url, 'GET', `/api/tables/${id}`);
  assert.equal(info.seats[1].name, 'Bo');
  assert.equal(info.clock.kind, 'move');
  assert.equal(info.clock.seconds, SECONDS);
  assert.match((await a.page.textContent('#people .clock-kind')) ?? '', /14 s per move/);

  // one move each, typed
  await a.page.waitForSelector('#people .person[data-seat="p1"] .clock.running');
  // p1's turn: the favicon carries a badge drawn in the page
  await a.page.waitForFunction(() =>
    (document.querySelector('link[rel=icon]')?.getAttribute('href') ?? '').startsWith('data:image/png'),
  );
  await typeAMove(a);
  await a.page.waitForFunction(() =>
    /favicon\.svg$/.test(document.querySelector('link[rel=icon]')?.getAttribute('href') ?? ''),
  );
  await typeAMove(b);

  // p1 waits: its clock runs down on p2's page with no frame from the server
  const clock = b.page.locator('#people .person[data-seat="p1"] .clock');
  await b.page.waitForSelector('#people .person[data-seat="p1"] .clock.running');
  // (a spectator count may come: b watched the table while its invitation was open; and the
  // server's pongs to the page's pings, which keep a silent socket noticed: connection.js)
  const said = () => b.frames.filter((f) => f.type !== 'spectators' && f.type !== 'pong').length;
  const heard = said();
  const first = await clock.textContent();
  await until(async () => (await clock.textContent()) !== first, 'the running clock ticks between frames', 3000);
  assert.equal(said(), heard, 'no frame came meanwhile');
  const seconds = (/** @type {string} */ t) => {
    const [m, s] = t.split(':');
    return Number(m) * 60 + Number(s);
  };
  assert.ok(seconds((await clock.textContent()) ?? '') < seconds(first ?? ''), 'it counts down');
  assert.ok(seconds(first ?? '') <= SECONDS, `no more than the move's time: ${first}`);
  // p2's clock is full again and stands still
  assert.equal(await b.page.locator('#people .person[data-seat="p2"] .clock.running').count(), 0);
  // under 10 s the time is shown low, in red, with tenths
  await b.page.waitForSelector('#people .person[data-seat="p1"] .clock.low');
  assert.match((await clock.textContent()) ?? '', /^0:0\d\.\d$/);
  await screenshot(a.page, 'people-clock.png');
  const phone = await newPage(env.browser, { width: 375, height: 740 });
  await phone.page.goto(new URL(`table.html?id=${id}`, env.server.url).toString());
  await phone.page.waitForSelector('#people .clock.running');
  await screenshot(phone.page, 'people-clock-phone.png');

  // the time runs out: p2 wins, and both pages say who ran out of time
  for (const p of [a, b]) await p.page.waitForSelector('#result:not([hidden])', { timeout: STEP_MS + SECONDS * 1000 });
  const over = await api(env.server.url, 'GET', `/api/tables/${id}`);
  assert.deepEqual(
    over.result.map((/** @type {any} */ r) => [r.seat, r.rank, r.reason ?? null]),
    [
      ['p1', 2, 'timeout'],
      ['p2', 1, null],
    ],
  );
  assert.match((await a.page.textContent('#status')) ?? '', /you ran out of time; Bo \(p2\) won/);
  assert.match((await b.page.textContent('#status')) ?? '', /Alexandra \(p1\) ran out of time; you won!/);
  assert.match((await b.page.textContent('#result-body')) ?? '', /ran out of time/);
  assert.equal(await a.page.locator('#resign').isHidden(), true, 'nothing to resign once over');

  for (const p of [a, b, phone]) assert.deepEqual(p.errors, [], 'no script error on the page');
  await Promise.all([a, b, phone].map((p) => p.page.context().close()));
});

test('resigning asks first, and ends a game of two', { timeout: budget(20000) }, async () => {
  const t = await api(env.server.url, 'POST', '/api/tables', { game: 'concardia', seats: ['human', 'human'] });
  const url = (/** @type {string} */ seat) => new URL(`table.html?id=${t.id}&seat=${seat}`, env.server.url).toString();
  const a = await newPage(env.browser, { name: 'Ann' });
  const b = await newPage(env.browser, { name: 'Ben' });
  await openSeatLink(a.page, url('p1'));
  await openSeatLink(b.page, url('p2'));
  await b.page.waitForSelector('#resign:not([hidden])');

  // Escape keeps playing: nothing sent
  await b.page.click('#resign');
  await b.page.waitForSelector('dialog.confirm-dialog[open]');
  assert.match((await b.page.textContent('dialog.confirm-dialog')) ?? '', /Ann \(p1\) wins/);
  assert.equal(await b.page.evaluate(() => document.activeElement?.textContent), 'Keep playing');
  await b.page.keyboard.press('Escape');
  await b.page.waitForSelector('dialog.confirm-dialog', { state: 'detached' });
  assert.equal(await b.page.evaluate(() => document.activeElement?.id), 'resign', 'the focus is back');
  assert.equal((await api(env.server.url, 'GET', `/api/tables/${t.id}`)).status, 'playing');

  // by keyboard: Tab to Resign, Enter
  await b.page.click('#resign');
  await b.page.waitForSelector('dialog.confirm-dialog[open]');
  await b.page.keyboard.press('Tab');
  assert.equal(await b.page.evaluate(() => document.activeElement?.textContent), 'Resign');
  await b.page.keyboard.press('Enter');
  for (const p of [a, b]) await p.page.waitForSelector('#result:not([hidden])');
  assert.match((await b.page.textContent('#status')) ?? '', /you resigned; Ann \(p1\) won/);
  assert.match((await a.page.textContent('#status')) ?? '', /Ben \(p2\) resigned; you won!/);
  const over = await api(env.server.url, 'GET', `/api/tables/${t.id}`);
  assert.equal(over.result.find((/** @type {any} */ r) => r.seat === 'p2').reason, 'resigned');
  for (const p of [a, b]) assert.deepEqual(p.errors, [], 'no script error on the page');
  await Promise.all([a, b].map((p) => p.page.context().close()));
});
