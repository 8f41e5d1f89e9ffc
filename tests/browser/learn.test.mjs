// The tutorials in the browser (/learn/GAME): the first lesson of each game completed by
// clicking only (squares, pieces, cards, word buttons, Next), a wrong click answered with the
// step's hint and nothing changed, the progress kept in the browser, and the first game
// against `easy` offered once every lesson of a game is done. The lessons' API refuses bad
// requests with a message, and its expansions hold only the learner's views.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage, api, screenshot, budget, clickLessonAction as clickAction } from './support.mjs';

const GAMES = ['three-arrows', 'concardia', 'evons', 'arrow-party'];

const env = serverAndBrowser();

/**
 * The step shown: its number from 0, or the number of steps once the lesson is done.
 * @param {import('playwright-core').Page} page
 */
async function stepAt(page) {
  const text = (await page.textContent('#step-count')) ?? '';
  const m = /Step (\d+) of/.exec(text);
  if (m) return Number(m[1]) - 1;
  const all = /All (\d+) steps/.exec(text);
  if (all) return Number(all[1]);
  throw new Error(`no step count on the page: '${text}'`);
}

for (const game of GAMES) {
  test(`the first lesson of ${game}, by clicking, with a wrong click first`, { timeout: budget(12000) }, async () => {
    const lessons = await api(env.server.url, 'GET', `/api/lessons/${game}`);
    assert.ok(lessons.lessons.length >= 5, `${game} has its lessons`);
    const first = lessons.lessons[0];
    const lesson = await api(env.server.url, 'GET', `/api/lessons/${game}/${first.id}`);
    const { page, errors } = await newPage(env.browser, { width: 1280, height: 900 });
    await page.goto(new URL(`/learn/${game}`, env.server.url).toString());
    await page.waitForSelector('#lesson-title:not(:empty)');
    assert.equal(await page.textContent('#lesson-title'), lesson.title, 'a new learner starts with the first lesson');
    assert.match(page.url(), new RegExp(`/learn/${game}/${first.id}$`));

    let wrongTried = false;
    for (let i = 0; i < lesson.steps.length; i++) {
      const step = lesson.steps[i];
      assert.equal(await stepAt(page), i);
      const shown = (await page.textContent('#step-text')) ?? '';
      assert.ok(
        shown.replace(/\s+/g, ' ').includes((step.web ?? step.text).split('\n')[0].slice(0, 40).replace(/\s+/g, ' ')),
        `step ${i + 1}'s text is shown (its web text when it has one)`,
      );
      // the page speaks of what it draws: no terminal glyphs
      assert.ok(
        !/'[12][A-Za-z?][↑↓←→]?'|⇑|'\*'|'x' a skull/.test(shown),
        `step ${i + 1} speaks of terminal glyphs in the page: ${shown.slice(0, 120)}`,
      );
      for (const t of step.highlight) {
        assert.ok(await page.locator(`[data-token="${t}"].lesson-mark`).count(), `step ${i + 1} marks ${t}`);
      }
      if (!step.expect) {
        await page.click('#next');
      } else {
        const other = step.view.legal.find((/** @type {string} */ a) => a !== step.expect);
        if (!wrongTried && other) {
          wrongTried = true;
          const board = () =>
            page.$$eval('#board-area [data-token]', (els) => els.map((e) => e.getAttribute('aria-label')));
          const boardBefore = await board();
          await clickAction(page, other);
          await page.waitForSelector('#hint:not(:empty)');
          assert.equal(await page.textContent('#hint'), `Not this time. ${step.hint}`, "the step's hint is shown");
          assert.equal(await stepAt(page), i, 'a wrong move leaves the learner at the same step');
          assert.deepEqual(await board(), boardBefore, 'and changes nothing on the board');
          if (game === 'three-arrows') {
            // the README's picture of a lesson: a hint after a wrong move
            await page.evaluate(() => window.scrollTo(0, 0));
            await screenshot(page, 'learn.png');
          }
        }
        await clickAction(page, step.expect);
      }
      await page.waitForFunction((k) => {
        const t = document.getElementById('step-count')?.textContent ?? '';
        const m = /Step (\d+) of/.exec(t);
        return m ? Number(m[1]) - 1 === k : /^All/.test(t);
      }, i + 1);
      for (const says of step.learned) {
        assert.ok(((await page.textContent('#learned')) ?? '').includes(says), `after step ${i + 1}: ${says}`);
      }
    }
    assert.ok(wrongTried, `the first lesson of ${game} has a step where a wrong move can be tried`);
    await page.waitForSelector('#done:not([hidden])');
    assert.match((await page.textContent('#done')) ?? '', /Lesson complete/);
    assert.ok(await page.locator('#next-lesson').count(), 'the next lesson is offered');
    // the log holds what was played, as the learner's own log words it
    const logText = (await page.textContent('#log')) ?? '';
    for (const e of lesson.steps.flatMap((/** @type {any} */ s) => s.log))
      assert.ok(logText.includes(e.text), `the log shows '${e.text}'`);

    // the progress is kept: the page opens the next lesson, the first is marked finished
    await page.goto(new URL(`/learn/${game}`, env.server.url).toString());
    await page.waitForSelector('#lesson-title:not(:empty)');
    assert.equal(await page.textContent('#lesson-title'), lessons.lessons[1].title);
    assert.equal(await page.locator('#lessons li').first().locator('.lesson-check').count(), 1);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('every lesson done: a first game against easy is offered and starts', { timeout: budget(9000) }, async () => {
  const game = 'three-arrows';
  const lessons = await api(env.server.url, 'GET', `/api/lessons/${game}`);
  const { page, errors } = await newPage(env.browser, { width: 375, height: 800 });
  await page.goto(new URL('/learn/', env.server.url).toString());
  await page.waitForSelector('#index-games .game-card');
  assert.equal(await page.locator('#index-games .game-card').count(), GAMES.length, 'the index lists every game');
  // every lesson but the first one already done in this browser
  await page.evaluate(
    ([g, ids]) => localStorage.setItem('quiver.learn', JSON.stringify({ [g]: ids })),
    [game, lessons.lessons.slice(1).map((/** @type {any} */ l) => l.id)],
  );
  const first = await api(env.server.url, 'GET', `/api/lessons/${game}/${lessons.lessons[0].id}`);
  await page.goto(new URL(`/learn/${game}/${first.id}`, env.server.url).toString());
  await page.waitForSelector('#lesson-title:not(:empty)');
  for (const step of first.steps) {
    if (step.expect) await clickAction(page, step.expect);
    else await page.click('#next');
  }
  await page.waitForSelector('#play-easy');
  await screenshot(page, 'learn-phone.png');
  await page.click('#play-easy');
  await page.waitForURL(/table\.html\?id=/);
  const id = new URL(page.url()).searchParams.get('id');
  const info = await api(env.server.url, 'GET', `/api/tables/${id}`);
  assert.equal(info.game, game);
  assert.deepEqual(
    info.seats.map((/** @type {any} */ s) => s.kind),
    ['human', 'easy'],
  );
  assert.deepEqual(errors, []);
  await page.context().close();
});

test(
  'the lessons API: bad requests are refused with a message; expansions hold views only',
  { timeout: budget(6000) },
  async () => {
    /** @param {string} method @param {string} p @param {unknown} [body] */
    const raw = async (method, p, body) => {
      const res = await fetch(new URL(p, env.server.url), {
        method,
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    let r = await raw('GET', '/api/lessons/chess');
    assert.equal(r.status, 404);
    assert.match(r.body.error, /no game 'chess'/);
    r = await raw('GET', '/api/lessons/three-arrows/99-nothing');
    assert.equal(r.status, 404);
    assert.match(r.body.error, /no lesson '99-nothing'/);
    // an escaped '/' needs no escape: refused before any lesson is looked for (hostile/paths)
    r = await raw('GET', '/api/lessons/three-arrows/..%2F..%2Fetc');
    assert.equal(r.status, 400);
    assert.match(r.body.error, /needs none/);
    const first = (await api(env.server.url, 'GET', '/api/lessons/three-arrows')).lessons[0].id;
    const tryPath = `/api/lessons/three-arrows/${first}/try`;
    r = await raw('POST', tryPath, '{"step": 1,');
    assert.equal(r.status, 400);
    assert.match(r.body.error, /broken JSON/);
    r = await raw('POST', tryPath, { step: 'one', action: 'x' });
    assert.equal(r.status, 400);
    assert.match(r.body.error, /expected \{"step"/);
    r = await raw('POST', tryPath, { step: 0, action: 'x', extra: 1 });
    assert.equal(r.status, 400);
    assert.match(r.body.error, /unknown field 'extra'/);
    r = await raw('POST', tryPath, { step: 1000, action: 'x' });
    assert.equal(r.status, 400);
    assert.match(r.body.error, /has steps 0 to/);
    r = await raw('GET', tryPath);
    assert.equal(r.status, 405);
    const lesson = await api(env.server.url, 'GET', `/api/lessons/three-arrows/${first}`);
    const at = lesson.steps.findIndex((/** @type {any} */ s) => s.expect);
    r = await raw('POST', tryPath, { step: at, action: 'place Q z9 N' });
    assert.equal(r.status, 200);
    assert.equal(r.body.verdict, 'bad');
    assert.match(r.body.message, /expected|piece|square/i);
    r = await raw('POST', tryPath, { step: at, action: lesson.steps[at].expect });
    assert.deepEqual(r.body, { verdict: 'right', message: '' });

    // an expansion is what the learner may see: views and the learner's log, no state, seed
    // or RNG, for every lesson of every game
    for (const game of GAMES) {
      for (const l of (await api(env.server.url, 'GET', `/api/lessons/${game}`)).lessons) {
        const x = await api(env.server.url, 'GET', `/api/lessons/${game}/${l.id}`);
        const text = JSON.stringify(x);
        for (const key of ['"state"', '"seed"', '"rng"', '"replies"', '"deck"']) {
          assert.ok(!text.includes(`${key}:`), `${game}/${l.id} holds no ${key}`);
        }
        for (const s of [...x.steps.map((/** @type {any} */ st) => st.view), x.end]) assert.equal(s.viewer, x.learner);
      }
    }
  },
);
