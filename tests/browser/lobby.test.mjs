// The lobby's open tables in pages (issue 36): GET /api/tables answers 50 tables at a time,
// newest first, with the cursor of the next page. The lobby shows the first page and a "More
// tables" button while there are more; its seats name no one (the list has no names); its poll
// every 5 s sends the first page's ETag back and is answered 304 without a body when nothing
// changed, and a change (a new table) is drawn at the top with the pages that were open.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, api, budget, until } from './support.mjs';

/** @type {any} */
const env = {};
before(async () => {
  // one address makes every table here: its limits raised for the test
  env.server = await startServer({ extra: ['--address-tables', '1000', '--create-rate', '100000'] });
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  await env.server?.stop();
});

/** The ids of the lobby's rows, in order. @param {import('playwright-core').Page} page */
async function rowIds(page) {
  return page.locator('#tables tbody tr td:first-child').allTextContents();
}

test(
  'the lobby pages through the tables, newest first, and polls with its ETag',
  { timeout: budget(30000) },
  async () => {
    /** @type {string[]} */
    const made = [];
    for (let i = 0; i < 55; i++) {
      const t = await api(env.server.url, 'POST', '/api/tables', { game: 'three-arrows', seats: ['human', 'human'] });
      made.push(t.id);
    }
    // a claimed seat: its person's name is on the table's own page, not in the list
    await api(env.server.url, 'POST', `/api/tables/${made[54]}/join`, { seat: 'p1', name: 'Zed' });
    const list = await api(env.server.url, 'GET', '/api/tables');
    assert.equal(list.tables.length, 50);
    assert.equal(typeof list.next, 'string');
    assert.equal(list.tables[0].seats[0].name, undefined, 'no names in the list');

    const p = await newPage(env.browser, { name: 'Lee' });
    /** @type {number[]} */
    const statuses = [];
    p.page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/tables') statuses.push(res.status());
    });
    await p.page.goto(env.server.url);
    await p.page.locator('#tables tbody tr').first().waitFor();
    assert.deepEqual(await rowIds(p.page), made.slice(5).reverse(), 'the 50 newest, newest first');
    const first = p.page.locator('#tables tbody tr').first();
    assert.match((await first.textContent()) ?? '', /p1 player, p2 open/);
    assert.doesNotMatch((await p.page.textContent('#tables')) ?? '', /Zed/);

    await p.page.click('#tables button.more-tables');
    await until(async () => (await rowIds(p.page)).length === 55, 'the second page shown');
    assert.deepEqual(await rowIds(p.page), [...made].reverse());
    assert.equal(await p.page.locator('#tables button.more-tables').count(), 0, 'no more pages');
    assert.equal(
      await p.page.evaluate(() => document.activeElement?.closest('tr')?.classList.contains('first-of-page')),
      true,
      'the focus on the first new row',
    );

    // the poll: nothing changed, nothing sent back
    await until(() => statuses.includes(304), 'a poll answered 304', budget(15000));
    // a new table: drawn at the top, with the two pages that were open
    const late = await api(env.server.url, 'POST', '/api/tables', { game: 'concardia', seats: ['human', 'human'] });
    await until(async () => (await rowIds(p.page))[0] === late.id, 'the new table drawn', budget(15000));
    assert.equal((await rowIds(p.page)).length, 56);
    assert.deepEqual(p.errors, [], 'no script error on the page');
    await p.page.context().close();
  },
);
