// A whole evening at quiver (issue 67), as two friends spend it, Ann on a laptop and Bob on a
// phone (390 × 844), end to end through the pages:
//   1. both sign up, follow each other from the friends page, and see each other online;
//   2. Bob challenges Ann from the phone; she accepts from her lobby's bar, both pages go to the
//      table, they play, and Bob resigns: both pages show the result;
//   3. a Swiss of 8 (Ann makes it with the form and joins, Bob joins from the phone, six bots
//      through the API), three rounds: every round's pairs and seats are the test's own
//      reference's (tourney-ref.mjs) for the results so far; the losers (a fixed rule, with
//      upsets) resign, Ann and Bob on their pages from the tournament's "Your game" link, the
//      bots through their table's socket; the final scores are the reference's, and the winner
//      is the first of the standings, said on the page;
//   4. an arena of 12 (Ann, Bob and ten bots) of one minute, whose games' losers resign every
//      two seconds: every wave's pairs are the reference's for the waiting players the server
//      listed, every player's points and wins are its results', and the winner is the first of
//      the standings, said on the page;
//   5. a puzzle made from a reviewed blunder: Bob solves it and his puzzle rating goes up; Ann
//      fails it once and hers goes down.
// No page logs a script error. Screenshots: evening-swiss.png (Ann's standings at the end),
// evening-arena-phone.png (Bob's).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  newPage,
  api,
  budget,
  until,
  rng,
  moveOnce,
  screenshot,
  pageAccount,
  pageRequest,
  requestFrom,
  STEP_MS,
  gameWithPuzzles,
  tryPuzzleMove,
} from './support.mjs';
import { swissRound, arenaWave, arenaPoints } from './tourney-ref.mjs';

const env = serverAndBrowser({ extra: ['--create-rate', '1000', '--review-iterations', '400'] });
const PASSWORD = 'arrows over the river'; // pageAccount's

/**
 * @typedef {{name: string, page: import('playwright-core').Page, errors: string[]}} Player
 * `page` is where the player's games are resigned (its tournament page for Ann and Bob).
 */

/**
 * A bot: an account made from an address of its own (127.3.0.k), whose tournament requests go
 * from there, and a page signed in as it (its cookies) that opens its tables' sockets.
 * @param {string} name
 * @param {number} k
 * @returns {Promise<Player & {from: string, cookie: string}>}
 */
async function bot(name, k) {
  const from = `127.3.0.${k}`;
  const made = await requestFrom(env.server.url, 'POST', '/api/accounts', { username: name, password: PASSWORD }, from);
  assert.equal(made.status, 201, `${name} signed up: ${JSON.stringify(made.json)}`);
  const context = await env.browser.newContext();
  await context.addCookies(
    made.cookies.map((c) => {
      const [cname, ...value] = c.split('=');
      return { name: cname, value: value.join('='), url: env.server.url };
    }),
  );
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(new URL('favicon.svg', env.server.url).toString());
  return { name, page, errors, from, cookie: made.cookies.join('; ') };
}

/**
 * Resigns at seat `seat` of table `table`, from `page` (signed in as the seat's account): a
 * token of the seat asked for, the table's socket opened, "resign" sent, and the end heard.
 * @param {import('playwright-core').Page} page
 * @param {string} table
 * @param {string} seat
 */
function resignBySocket(page, table, seat) {
  return page.evaluate(
    async ([id, s]) => {
      const res = await fetch(`/api/tables/${id}/join`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ seat: s }),
      });
      const joined = await res.json();
      if (!res.ok) throw new Error(`join ${id} ${s}: ${res.status} ${joined.error}`);
      await new Promise((resolve, reject) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/tables/${id}/ws`);
        let sent = false;
        ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token: joined.token }));
        ws.onerror = () => reject(new Error(`the socket of ${id} failed`));
        ws.onmessage = (ev) => {
          const m = JSON.parse(String(ev.data));
          if (m.table?.status === 'over') {
            ws.close();
            resolve(undefined);
          } else if (m.type === 'error' && sent) reject(new Error(`resign at ${id}: ${m.error}`));
          else if (!sent && typeof m.v === 'number') {
            ws.send(JSON.stringify({ type: 'resign', v: m.v }));
            sent = true;
          }
        };
      });
    },
    [table, seat],
  );
}

/**
 * Resigns from the tournament page, as a person does: its "Your game" link to `table`, the
 * table's Resign and its confirmation; then back to the tournament.
 * @param {import('playwright-core').Page} page
 * @param {string} table
 */
async function resignOnPage(page, table) {
  const back = page.url();
  await page.click(`a#my-game[href*="id=${table}"]`);
  await page.waitForSelector('#conn.open');
  await page.click('#resign');
  await page.waitForSelector('dialog.confirm-dialog[open]');
  await page.click('dialog.confirm-dialog button.confirm-yes');
  await page.waitForSelector('#result:not([hidden])');
  await page.goto(back);
}

/**
 * The tournament's reading (GET /api/tournaments/ID).
 * @param {string} id
 * @param {boolean} [waves]
 */
const reading = (id, waves = false) => api(env.server.url, 'GET', `/api/tournaments/${id}${waves ? '?waves=1' : ''}`);

/**
 * Who loses a game between players a and b (their places in joining) in round or wave r: the
 * later joiner, but one game in four goes the other way.
 * @param {number} a
 * @param {number} b
 * @param {number} r
 */
function loser(a, b, r) {
  return (a + b + r) % 4 === 0 ? Math.min(a, b) : Math.max(a, b);
}

/**
 * Makes a tournament with the form of the tournaments page (starting in an hour, started by
 * its maker through the API once everyone joined), and joins it: its id.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 * @param {'swiss' | 'arena'} kind
 * @param {string} length rounds or minutes
 */
async function makeTournament(page, name, kind, length) {
  await page.goto(new URL('tournaments.html', env.server.url).toString());
  await page.fill('#make-name', name);
  await page.selectOption('#make-kind', kind);
  await page.selectOption('#make-game', 'three-arrows');
  await page.fill('#make-length', length);
  await page.fill('#make-starts', '60');
  await page.click('#make-form button[type=submit]');
  await page.waitForSelector('#status, #make-error:not(:empty)');
  if (!(await page.locator('#status').count()))
    throw new Error(`${name} not made: ${await page.textContent('#make-error')}`);
  const id = new URL(page.url()).searchParams.get('id');
  assert.ok(id, page.url());
  await page.click('#join');
  await page.waitForSelector('#withdraw');
  return id;
}

/**
 * Joins tournament `id` from its page (Bob's phone) or through the API from its own address (a
 * bot).
 * @param {Player & {from?: string, cookie?: string}} p
 * @param {string} id
 */
async function join(p, id) {
  if (p.from) {
    const r = await requestFrom(env.server.url, 'POST', `/api/tournaments/${id}/join`, undefined, p.from, p.cookie);
    assert.equal(r.status, 200, `${p.name} joins: ${JSON.stringify(r.json)}`);
    return;
  }
  await p.page.goto(new URL(`tournaments.html?id=${id}`, env.server.url).toString());
  await p.page.click('#join');
  await p.page.waitForSelector('#withdraw');
}

test('a whole evening: friends, a challenge, a Swiss, an arena and a puzzle', { timeout: budget(360000) }, async () => {
  const laptop = await newPage(env.browser, { name: 'Ann' });
  const phone = await newPage(env.browser, { name: 'Bob', width: 390, height: 844 });
  const ann = { name: 'Ann', page: laptop.page, errors: laptop.errors };
  const bob = { name: 'Bob', page: phone.page, errors: phone.errors };
  const url = (/** @type {string} */ p) => new URL(p, env.server.url).toString();
  await ann.page.goto(env.server.url);
  await pageAccount(ann.page, 'Ann');
  await bob.page.goto(env.server.url);
  await pageAccount(bob.page, 'Bob');

  // 1. friends: each follows the other, and sees the other online
  for (const [p, other] of [
    [ann, 'Bob'],
    [bob, 'Ann'],
  ]) {
    await p.page.goto(url('friends.html'));
    await p.page.fill('#follow-username', other);
    await p.page.click('#follow-form button[type=submit]');
    await p.page.locator(`#follow-list li[data-username="${other}"]`).waitFor();
  }
  await bob.page.reload();
  await bob.page.locator('#follow-list li.online[data-username="Ann"]').waitFor();
  await ann.page.goto(env.server.url);
  await until(async () => ann.page.evaluate(() => Boolean(document.querySelector('.challenge-bar'))), 'the bar');

  // 2. a challenge from the phone, accepted on the laptop, played, and resigned
  await bob.page.locator('#follow-list li[data-username="Ann"] .challenge-button').click();
  await bob.page.selectOption('#challenge-game', 'three-arrows');
  await bob.page.selectOption('#challenge-seat', 'p2');
  await bob.page.click('#challenge-form button[type=submit]');
  await bob.page.locator('#sent .challenge').waitFor();
  await ann.page.locator('.challenge-bar .challenge').waitFor();
  await ann.page.click('.challenge-bar button.accept');
  await ann.page.waitForURL(/table\.html\?id=.*&as=p1/);
  await bob.page.waitForURL(/table\.html\?id=.*&as=p2/);
  const rand = rng(67);
  for (let n = 0; n < 4; n++) {
    const p = n % 2 === 0 ? ann.page : bob.page;
    await moveOnce(p, rand);
  }
  await bob.page.click('#resign');
  await bob.page.waitForSelector('dialog.confirm-dialog[open]');
  await bob.page.click('dialog.confirm-dialog button.confirm-yes');
  for (const p of [ann.page, bob.page]) await p.waitForSelector('#result:not([hidden])');
  // first: Ann ("you" on her page); Bob second, resigned
  assert.match((await bob.page.textContent('#result table.ranks tbody tr:first-child')) ?? '', /Ann/);
  assert.match((await ann.page.textContent('#result table.ranks tbody tr:first-child')) ?? '', /you/);
  assert.match((await ann.page.textContent('#result table.ranks tbody tr:nth-child(2)')) ?? '', /Bob.*resigned/);

  // the bots, each from an address of its own
  const bots = [];
  for (let k = 1; k <= 10; k++) bots.push(await bot(`Bot${String(k).padStart(2, '0')}`, k));

  // 3. a Swiss of 8, three rounds, checked round by round against the reference
  const swiss = await makeTournament(ann.page, 'Evening Swiss', 'swiss', '3');
  await join(bob, swiss);
  await ann.page.goto(url(`tournaments.html?id=${swiss}`));
  const eight = [ann, bob, ...bots.slice(0, 6)];
  for (const b of bots.slice(0, 6)) await join(b, swiss);
  assert.equal((await pageRequest(ann.page, 'POST', `api/tournaments/${swiss}/start`)).status, 200);
  const players = eight.map((p, order) => ({
    name: p.name,
    score: 0,
    rating: 1500,
    order,
    firsts: 0,
    seconds: 0,
    last: 0,
    hadBye: false,
  }));
  const met = new Set();
  const at = (/** @type {string} */ name) => eight.findIndex((p) => p.name === name);
  for (let r = 1; r <= 3; r++) {
    /** @type {any[]} */
    let games = [];
    await until(
      async () => (games = (await reading(swiss)).games.filter((/** @type {any} */ g) => g.round === r)).length === 4,
      `round ${r} paired`,
      budget(60000),
    );
    const want = swissRound(players, (a, b) => met.has(`${a} ${b}`) || met.has(`${b} ${a}`));
    assert.deepEqual(
      games.map((g) => [g.first, g.second]),
      want?.pairs,
      `round ${r}: the pairs and seats`,
    );
    for (const g of games) {
      const a = at(g.first);
      const z = at(g.second);
      const l = loser(a, z, r);
      const seat = l === a ? 'p1' : 'p2';
      if (l < 2) await resignOnPage(eight[l].page, g.table);
      else await resignBySocket(eight[l].page, g.table, seat);
      players[l === a ? z : a].score += 1;
      met.add(`${g.first} ${g.second}`);
      Object.assign(players[a], { firsts: players[a].firsts + 1, last: 1 });
      Object.assign(players[z], { seconds: players[z].seconds + 1, last: -1 });
    }
  }
  await until(async () => (await reading(swiss)).status === 'finished', 'the Swiss over');
  const final = await reading(swiss);
  for (const s of final.standings)
    assert.equal(s.score, players[at(s.username)].score, `${s.username}'s score in the Swiss`);
  const best = Math.max(...players.map((p) => p.score));
  assert.equal(final.standings[0].score, best);
  assert.equal(final.winner, final.standings[0].username);
  await ann.page.waitForFunction(
    (w) => (document.querySelector('#status')?.textContent ?? '').includes(`Won by ${w}`),
    final.winner,
  );
  await screenshot(ann.page, 'evening-swiss.png', { fullPage: true });

  // 4. an arena of 12, one minute; every game's loser resigns as soon as it is paired
  const arena = await makeTournament(ann.page, 'Evening arena', 'arena', '1');
  await join(bob, arena);
  const twelve = [ann, bob, ...bots];
  for (const b of bots) await join(b, arena);
  assert.equal((await pageRequest(ann.page, 'POST', `api/tournaments/${arena}/start`)).status, 200);
  // Ann's and Bob's games resigned from a second page of theirs, their tournament pages kept
  const own = await Promise.all(
    [ann, bob].map(async (p) => {
      const page = await p.page.context().newPage();
      await page.goto(url('favicon.svg'));
      return { ...p, page };
    }),
  );
  const hands = [...own, ...bots];
  const won = twelve.map(() => 0);
  const lost = twelve.map(() => 0);
  const done = new Set();
  const place = (/** @type {string} */ name) => twelve.findIndex((p) => p.name === name);
  await until(
    async () => {
      const t = await reading(arena);
      for (const g of t.games) {
        if (!g.table || done.has(g.table)) continue;
        const a = place(g.first);
        const z = place(g.second);
        const l = loser(a, z, g.round);
        await resignBySocket(hands[l].page, g.table, l === a ? 'p1' : 'p2');
        lost[l]++;
        won[l === a ? z : a]++;
        done.add(g.table);
      }
      return t.status === 'finished';
    },
    'the arena over',
    budget(180000),
    2000, // a look every 2 s: a wave or two each time, not a hundred games a player
  );
  const ended = await reading(arena, true);
  for (const w of ended.waves) {
    const waiting = w.waiting.players.map((/** @type {any} */ p, /** @type {number} */ order) => ({
      name: p.username,
      score: p.score,
      games: p.games,
      order,
      last: p.last ?? null,
    }));
    const got = ended.games
      .filter((/** @type {any} */ g) => g.round === w.wave)
      .map((/** @type {any} */ g) => [g.first, g.second]);
    assert.deepEqual(got, arenaWave(waiting, w.waiting.others_playing), `wave ${w.wave}`);
  }
  assert.ok(ended.waves.length >= 2, `${ended.waves.length} waves`);
  for (const s of ended.standings) {
    assert.equal(s.score, arenaPoints(s.results), `${s.username}'s points: ${s.results}`);
    assert.equal(s.wins, won[place(s.username)], `${s.username}'s wins`);
    assert.equal(s.losses, lost[place(s.username)], `${s.username}'s losses`);
  }
  assert.equal(ended.winner, ended.standings[0].username);
  await bob.page.goto(url(`tournaments.html?id=${arena}`));
  for (const p of [ann.page, bob.page])
    await p.waitForFunction(
      (w) => (document.querySelector('#status')?.textContent ?? '').includes(`Won by ${w}`),
      ended.winner,
    );
  await screenshot(bob.page, 'evening-arena-phone.png', { fullPage: true });
  for (const p of own) await p.page.close();

  // 5. a puzzle from a reviewed blunder: Bob solves it, Ann fails it once
  const { list } = await gameWithPuzzles(env.server.url);
  const first = list.puzzles[0];
  const shown = await api(env.server.url, 'GET', `/api/puzzles/${first.id}`);
  const guess = await api(env.server.url, 'POST', `/api/puzzles/${first.id}/attempt`, { action: shown.view.legal[0] });
  const wrong = shown.view.legal.find((/** @type {string} */ a) => a !== guess.answer);
  for (const [p, action, sign] of /** @type {const} */ ([
    [bob.page, guess.answer, 1],
    [ann.page, wrong, -1],
  ])) {
    await p.goto(url(`puzzles.html?id=${first.id}`));
    await p.locator('#move-panel').waitFor();
    await tryPuzzleMove(p, action);
    const change = Number(await p.getAttribute('.puzzle-rating-change', 'data-change'));
    assert.ok(Math.sign(change) === sign, `the puzzle rating moved by ${change}`);
  }
  for (const p of [ann, bob, ...bots]) assert.deepEqual(p.errors, [], `${p.name}'s pages: no script error`);
});
