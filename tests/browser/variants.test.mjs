// A table that plays a variant, made in the lobby: the create form shows no field for the
// parameter `variant` (a hash) but an optional variant file, read in the page and sent to the
// server; the table page then names the variant beside the game's title, its snapshot carries the
// catalogue (the resolved document) and its detail sheets the variant's reference. A variant the server refuses is said under the form with
// the server's message (its JSON path), and so is a file that is not JSON. A finished variant
// game's record carries the resolved document and the replay page names the variant; a lesson
// gives the catalogue of its start. The game is the first whose components are data (`quiver
// variant dump` prints them).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { serverAndBrowser, newPage, api, budget, tempDir, QUIVER } from './support.mjs';

const env = serverAndBrowser();
const dir = tempDir('quiver-variants-');

/** The first game whose components are data, with its built-in set. */
function variantGame() {
  for (const game of ['concardia', 'three-arrows', 'evons', 'arrow-party']) {
    try {
      const base = JSON.parse(execFileSync(QUIVER, ['variant', 'dump', game], { encoding: 'utf8', stdio: 'pipe' }));
      return { game, base };
    } catch {
      /* its components are not data yet */
    }
  }
  throw new Error('no game has its components as data (quiver variant dump fails for each)');
}

/**
 * Writes a file of the test's folder.
 * @param {string} name
 * @param {string} text
 */
function file(name, text) {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
}

/**
 * Chooses game in the lobby's form and gives it the variant file at p.
 * @param {import('playwright-core').Page} page
 * @param {string} game
 * @param {string} p
 */
async function formWithFile(page, game, p) {
  await page.goto(env.server.url);
  await page.click(`#create-form label:has(input[name=game][value="${game}"])`);
  await page.click('#create-form details summary');
  assert.equal(await page.locator(`#create-form [name="param-${game}-variant"], #param-${game}-variant`).count(), 0);
  await page.setInputFiles('#variant-file', p);
}

test('a variant file makes a table that names its variant', { timeout: budget(20000) }, async () => {
  const { game, base } = variantGame();
  // the built-in set edited as a designer would: a name, and for ConCardia a weaker card
  const doc = { ...base, name: 'weak striker' };
  if (game === 'concardia') doc.cards[0].strength = doc.cards[0].strength > 2 ? doc.cards[0].strength - 1 : 3;
  const p = file('weak.json', JSON.stringify(doc, null, 2));
  const want = JSON.parse(execFileSync(QUIVER, ['variant', 'show', p, '--json'], { encoding: 'utf8' }));

  const { page, errors, frames } = await newPage(env.browser);
  await formWithFile(page, game, p);
  await page.click('#create-form button[type=submit]');
  const href = await page.locator('#created a.button').getAttribute('href');
  const id = decodeURIComponent(/id=([^&]+)/.exec(href ?? '')?.[1] ?? '');
  const info = await api(env.server.url, 'GET', `/api/tables/${encodeURIComponent(id)}`);
  assert.equal(info.variant.name, 'weak striker');
  assert.equal(info.variant.builtin, false);
  assert.deepEqual(info.catalogue, want, 'the table plays the resolved variant');

  await page.goto(new URL(`table.html?id=${encodeURIComponent(id)}`, env.server.url).href);
  await page.waitForFunction(() => /variant weak striker/.test(document.getElementById('title')?.textContent ?? ''));
  assert.match((await page.textContent('#title')) ?? '', new RegExp(`· variant weak striker · table ${id}`));
  // a detail sheet gives the variant's reference, not the built-in set's
  const asked = page.waitForRequest((r) => r.url().includes(`/reference?variant=${info.variant.sha256}`));
  await page.locator('#players-area [data-ref], #board-area [data-ref]').first().click({ button: 'right' });
  await asked;
  await page.waitForSelector('#detail[open] .ref-text');
  await page.keyboard.press('Escape');
  const snapshot = frames.find((f) => f.type === 'snapshot');
  assert.deepEqual(snapshot?.table?.catalogue, want, 'the snapshot carries the catalogue');
  assert.deepEqual(errors, [], 'no script error on the page');
});

test('a variant refused by the server or not JSON is said under the form', { timeout: budget(15000) }, async () => {
  const { game } = variantGame();
  const { page, errors } = await newPage(env.browser);
  await formWithFile(
    page,
    game,
    file('typo.json', JSON.stringify({ quiver_variant: 1, game, name: 'typo', cardz: {} })),
  );
  await page.click('#create-form button[type=submit]');
  await page.waitForFunction(() => (document.getElementById('create-error')?.textContent ?? '') !== '');
  assert.match((await page.textContent('#create-error')) ?? '', /variant\/cardz: unknown key; expected one of/);
  assert.equal(await page.locator('#created a.button').count(), 0, 'no table was made');

  await formWithFile(page, game, file('broken.json', '{"quiver_variant": 1,'));
  await page.click('#create-form button[type=submit]');
  await page.waitForFunction(() => /is not JSON/.test(document.getElementById('create-error')?.textContent ?? ''));
  assert.match((await page.textContent('#create-error')) ?? '', /The variant file broken\.json is not JSON/);
  assert.deepEqual(errors, [], 'no script error on the page');
});

test(
  'a finished variant game replays with its variant; a lesson gives its catalogue',
  { timeout: budget(20000) },
  async () => {
    const { game, base } = variantGame();
    const doc = { ...base, name: 'replayed' };
    const want = JSON.parse(
      execFileSync(QUIVER, ['variant', 'show', file('replayed.json', JSON.stringify(doc)), '--json'], {
        encoding: 'utf8',
      }),
    );
    const seats = game === 'arrow-party' ? ['random', 'random', 'random'] : ['random', 'random'];
    const made = await api(env.server.url, 'POST', '/api/tables', { game, seats, variant: doc });
    const id = encodeURIComponent(made.id);
    // the server plays the random seats to the end
    const deadline = Date.now() + budget(10000);
    while ((await api(env.server.url, 'GET', `/api/tables/${id}`)).status !== 'over') {
      assert.ok(Date.now() < deadline, 'the random seats finish the game');
      await new Promise((r) => setTimeout(r, 100));
    }
    const record = await api(env.server.url, 'GET', `/api/tables/${id}/record`);
    assert.deepEqual(record.variant, want, 'the record carries the resolved variant');
    const replay = await api(env.server.url, 'GET', `/api/tables/${id}/replay`);
    assert.deepEqual(replay.catalogue, want);

    const { page, errors } = await newPage(env.browser);
    await page.goto(new URL(`replay.html?id=${id}`, env.server.url).href);
    await page.waitForFunction(() => /variant replayed/.test(document.getElementById('title')?.textContent ?? ''));
    // the views the page draws carry the catalogue
    await page.click('#last');
    assert.deepEqual(errors, [], 'no script error on the page');

    // a lesson plays the built-in set, and says so
    const lessons = await api(env.server.url, 'GET', `/api/lessons/${game}`);
    const lesson = await api(env.server.url, 'GET', `/api/lessons/${game}/${lessons.lessons[0].id}`);
    assert.deepEqual(lesson.catalogue, base);
  },
);
