// The lobby's "create a table" form, built from each parameter's kind and bounds: Arrow Party's
// even rounds and its players as buttons, its size as a number box within 9-26, its star count
// as text suggesting `auto`, shuffle as true/false; the values set by clicking and typing reach
// the table typed as records type them. A first game against the computer starts at Beginner
// with a word about the lessons; the lobby then remembers the level chosen. A table made with
// Takebacks unticked has none: its info says so and its page offers no takeback.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage, api, budget, moveOnce, rng, TURN_SELECTOR } from './support.mjs';

const env = serverAndBrowser();

test('arrow-party: a table made with the form has the parameters set in it', { timeout: budget(20000) }, async () => {
  const { page, errors } = await newPage(env.browser);
  await page.goto(env.server.url);
  await page.click('#create-form label:has(input[name=game][value="arrow-party"])');
  await page.click('#create-form details summary');
  const radio = (/** @type {string} */ key) => `input[name="param-arrow-party-${key}"]`;
  // the buttons are the values the bounds allow, and nothing else
  assert.deepEqual(
    await page
      .locator(`#create-form ${radio('rounds')}`)
      .evaluateAll((els) => els.map((e) => /** @type {HTMLInputElement} */ (e).value)),
    ['2', '4', '6', '8', '10'],
  );
  assert.deepEqual(
    await page
      .locator(`#create-form ${radio('players')}`)
      .evaluateAll((els) => els.map((e) => /** @type {HTMLInputElement} */ (e).value)),
    ['3', '4', '5'],
  );
  const size = page.locator('#param-arrow-party-size');
  assert.equal(await size.getAttribute('type'), 'number');
  assert.equal(await size.getAttribute('min'), '9');
  assert.equal(await size.getAttribute('max'), '26');
  assert.equal(await page.locator('#param-arrow-party-stars-list option').getAttribute('value'), 'auto');

  await page.click(`#create-form label:has(${radio('rounds')}[value="4"])`);
  await page.click(`#create-form label:has(${radio('players')}[value="3"])`);
  await page.click(`#create-form label:has(${radio('shuffle')}[value="false"])`);
  await size.fill('12');
  await page.locator('#param-arrow-party-stars').fill('5');
  // three players: three seats
  await page.waitForSelector('#seat-p3');
  assert.equal(await page.locator('#seat-p4').count(), 0);
  await page.selectOption('#seat-p2', 'beginner');
  await page.selectOption('#seat-p3', 'beginner');
  await page.click('#create-form button[type=submit]');
  const href = await page.locator('#created a.button').getAttribute('href');
  const id = decodeURIComponent(/id=([^&]+)/.exec(href ?? '')?.[1] ?? '');
  const info = await api(env.server.url, 'GET', `/api/tables/${encodeURIComponent(id)}`);
  assert.deepEqual(info.params, {
    players: 3,
    size: 12,
    rounds: 4,
    stars: 5,
    skulls: 'auto',
    shuffle: false,
    ground: 'random',
    // no field for it: the built-in set unless a variant file is given (variants.test.mjs)
    variant: 'base',
  });
  assert.equal(info.takebacks, true, 'takebacks unless unticked');
  assert.deepEqual(errors, [], 'no script error on the page');
  await page.context().close();
});

test('a table made without takebacks offers none', { timeout: budget(20000) }, async () => {
  const { page, errors } = await newPage(env.browser);
  await page.goto(env.server.url);
  await page.click('#create-form label:has(input[name=game][value="three-arrows"])');
  await page.selectOption('#seat-p2', 'beginner');
  assert.ok(await page.isChecked('#takebacks'), 'takebacks by default');
  await page.uncheck('#takebacks');
  await page.click('#create-form button[type=submit]');
  const href = (await page.locator('#created a.button').getAttribute('href')) ?? '';
  const id = decodeURIComponent(/id=([^&]+)/.exec(href)?.[1] ?? '');
  const info = await api(env.server.url, 'GET', `/api/tables/${encodeURIComponent(id)}`);
  assert.equal(info.takebacks, false);
  await page.click('#created a.button');
  await page.waitForSelector('#conn.open');
  await moveOnce(page, rng(4));
  await page.waitForSelector(TURN_SELECTOR);
  assert.ok(await page.isHidden('#undo'), 'no "Take back my last move"');
  assert.deepEqual(errors, [], 'no script error on the page');
  await page.context().close();
});

test(
  'a first game against the computer starts at Beginner and suggests the lessons',
  { timeout: budget(15000) },
  async () => {
    const { page, errors } = await newPage(env.browser);
    await page.goto(env.server.url);
    // The game cards are drawn once the page has the server's list of games, after the page's load; evaluateAll
    // below reads what is there without waiting.
    await page.waitForSelector('#level-concardia');
    // the levels people are offered, by name, weakest first, each with its measured strength
    // (Elo against Beginner, the server's ladder); no developer's names
    const options = await page
      .locator('#level-concardia option')
      .evaluateAll((els) => els.map((e) => [/** @type {HTMLOptionElement} */ (e).value, e.textContent]));
    const { games } = await api(env.server.url, 'GET', '/api/games');
    const { ladder } = games.find((/** @type {{name: string}} */ g) => g.name === 'concardia');
    /** @param {string} level */
    const elo = (level) => (ladder[level].settled ? `${ladder[level].elo > 0 ? '+' : ''}${ladder[level].elo}` : '?');
    assert.equal(elo('beginner'), '0');
    assert.deepEqual(options, [
      ['beginner', 'Beginner (Elo 0)'],
      ['easy', `Easy (Elo ${elo('easy')})`],
      ['medium', `Medium (Elo ${elo('medium')})`],
      ['hard', `Hard (Elo ${elo('hard')})`],
    ]);
    assert.match((await page.getAttribute('#level-concardia', 'title')) ?? '', /Elo against Beginner/);
    assert.equal(await page.inputValue('#level-concardia'), 'beginner');
    const hint = page.locator('.game-card:has(#level-concardia) .first-time');
    assert.match((await hint.textContent()) ?? '', /New to ConCardia/);
    assert.equal(await hint.locator('a').getAttribute('href'), 'learn/concardia');
    // once a game is played at a level, the lobby offers that level and no longer the hint
    await page.selectOption('#level-concardia', 'easy');
    await page.click('button.quick-play[data-game="concardia"]');
    await page.waitForURL(/table\.html\?id=/);
    const id = new URL(page.url()).searchParams.get('id') ?? '';
    const info = await api(env.server.url, 'GET', `/api/tables/${encodeURIComponent(id)}`);
    assert.equal(info.seats[1].kind, 'easy');
    await page.goto(env.server.url);
    assert.equal(await page.inputValue('#level-concardia'), 'easy');
    assert.equal(await page.locator('.game-card:has(#level-concardia) .first-time').count(), 0);
    assert.equal(await page.locator('.game-card:has(#level-evons) .first-time').count(), 1, 'other games still say it');
    // the create form names the levels too
    assert.match(
      (await page.locator('#seat-p2 option[value="easy"]').textContent()) ?? '',
      /^computer: Easy \(Elo \+\d+\)$/,
    );
    assert.deepEqual(errors, [], 'no script error on the page');
    await page.context().close();
  },
);
