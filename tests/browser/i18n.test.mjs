// The pages in each language (web/i18n.js, docs/web.md "Languages"): the lobby, a game page
// mid-game and a lesson rendered in English, Spanish and Japanese, on a desktop and a phone,
// with no message missing (no ⟦key⟧ shown, nothing said in the console), no English words of
// a message the language's catalog translates (but in the engine's words, marked lang="en"),
// and no page error;
// <html lang> follows the language; the pages' words are the catalog's; a refusal of the server
// is said in the page's language; the language menu changes the language and keeps it. The
// pages about people in each language on a desktop, two accounts of that language between
// them: the account page signed out and in, friends (a follow, a challenge sent), the
// challenge bar of the other's games page, the seat actions dialog at the table the challenge
// made, the games page with the game the challenge made, a
// profile, the leaderboard, the tournaments and a tournament made from their form. A
// reviewed game's replay (its review, a marked decision's verdict) and a puzzle made from it
// (its page, a wrong try's verdict) in Spanish and Japanese, the same way. Its screenshots
// (support.mjs, `screenshot`) are i18n-LANG-PAGE-DEVICE.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  serverAndBrowser,
  screenshot,
  budget,
  quickPlay,
  moveOnce,
  rng,
  until,
  givePlayerName,
  pageAccount,
  api,
  gameWithPuzzles,
  tryPuzzleMove,
  STEP_MS,
  TURN_SELECTOR,
} from './support.mjs';
import en from '../../web/i18n/en.js';
import es from '../../web/i18n/es.js';
import ja from '../../web/i18n/ja.js';
import { UNTRANSLATED } from '../../eslint.config.js';
import { reasonText } from '../../web/reasons.js';
import esLessons from '../../web/i18n/lessons/es/three-arrows.js';
import jaLessons from '../../web/i18n/lessons/ja/three-arrows.js';

// (a quick review: the puzzles test's)
const env = serverAndBrowser({ extra: ['--review-iterations', '400'] });
const CATALOGS = { en, es, ja };
const LESSON = '01-first-piece';
const LESSON_TITLES = { en: null, es: esLessons[LESSON].title, ja: jaLessons[LESSON].title };
const DEVICES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

/**
 * A page in a browser whose language is `lang`, with its errors and console errors kept.
 * @param {string} lang
 * @param {{width: number, height: number}} size
 */
async function pageIn(lang, size) {
  const ctx = await env.browser.newContext({ locale: lang, viewport: size });
  await givePlayerName(ctx, 'Tester');
  const page = await ctx.newPage();
  page.setDefaultTimeout(STEP_MS);
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /no message/.test(m.text())) errors.push(m.text());
  });
  return { ctx, page, errors };
}

/**
 * The page says nothing missing and nothing failed; <html lang> is the language.
 * @param {import('playwright-core').Page} page
 * @param {string[]} errors
 * @param {string} lang
 * @param {string} where
 */
async function whole(page, errors, lang, where) {
  assert.equal(await page.getAttribute('html', 'lang'), lang, `${where}: <html lang>`);
  const text = await page.evaluate(() => document.body.innerText + document.title);
  assert.doesNotMatch(text, /⟦/, `${where}: a message is missing`);
  // the engine's words (the move log, a preview) are English in every language, marked so
  const own = await page.evaluate(() => {
    let said = document.body.innerText;
    for (const el of document.querySelectorAll('body [lang="en"]'))
      said = said.replace(/** @type {HTMLElement} */ (el).innerText, '');
    return said;
  });
  const left = englishLeft(lang, own);
  assert.deepEqual(left, [], `${where}: English words the catalog translates`);
  assert.deepEqual(errors, [], `${where}: no page error`);
}

/** The source of the drawing modules that still write English (eslint.config.js's UNTRANSLATED). */
const UNTRANSLATED_SOURCE = UNTRANSLATED.map((f) => readFileSync(new URL(`../../${f}`, import.meta.url), 'utf8')).join(
  '\n',
);

/**
 * The words of en.js's messages (the pieces between their {places}, of 8 characters or more)
 * that the page's text shows although the language's catalog says them otherwise: English left
 * where a translation exists. None for English. Words that the modules not yet translated
 * write themselves ("Your turn" in a game's turn line) are theirs, not a catalog's left out:
 * docs/web.md lists them.
 * @param {string} lang
 * @param {string} text the page's text
 */
function englishLeft(lang, text) {
  if (lang === 'en') return [];
  const cat = CATALOGS[/** @type {'es' | 'ja'} */ (lang)];
  const theirs = Object.values(cat)
    .flatMap((m) => (typeof m === 'string' ? [m] : Object.values(m)))
    .join('\n');
  return Object.values(en)
    .flatMap((m) => (typeof m === 'string' ? [m] : Object.values(m)))
    .flatMap((m) => m.split(/\{\w+\}/))
    .map((piece) => piece.trim())
    .filter(
      (piece) =>
        piece.length >= 8 &&
        /\p{L}{2}/u.test(piece) &&
        !theirs.includes(piece) &&
        !UNTRANSLATED_SOURCE.includes(piece) &&
        text.includes(piece),
    );
}

/**
 * A message of a catalog as i18n.js's t() makes it: its plural form by `values.n`, its places
 * filled.
 * @param {string} lang
 * @param {string} key
 * @param {Record<string, string | number>} [values]
 */
function msg(lang, key, values = {}) {
  const m = CATALOGS[/** @type {'en' | 'es' | 'ja'} */ (lang)][key];
  assert.ok(m !== undefined, `${lang} has the message ${key}`);
  const form = typeof m === 'string' ? m : (m[new Intl.PluralRules(lang).select(Number(values.n ?? 0))] ?? m.other);
  return form.replace(/\{(\w+)\}/g, (whole, k) => (k in values ? String(values[k]) : whole));
}

/**
 * An element's text, trimmed.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 */
async function text(page, selector) {
  return ((await page.locator(selector).first().textContent()) ?? '').trim();
}

/**
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
async function shot(page, name) {
  await screenshot(page, `i18n-${name}.png`, { fullPage: false });
}

for (const lang of /** @type {const} */ (['en', 'es', 'ja'])) {
  const cat = CATALOGS[lang];
  for (const [device, size] of Object.entries(DEVICES)) {
    test(`the lobby, a game and a lesson in ${lang} on a ${device}`, { timeout: budget(20000) }, async () => {
      const { ctx, page, errors } = await pageIn(lang, size);
      try {
        // the lobby
        await page.goto(env.server.url);
        await page.waitForSelector('.game-card');
        await whole(page, errors, lang, 'the lobby');
        assert.equal((await page.textContent('.lobby h1'))?.trim(), cat['lobby.heading']);
        assert.equal((await page.textContent('#create-title'))?.trim(), cat['lobby.create-title']);
        // the first game's parameters, as the engine names them, in the language
        assert.equal(await text(page, 'label[for$="-max_turns"]'), msg(lang, 'param.max_turns'));
        assert.ok(
          (await page.textContent('.quick-play'))?.includes(String(cat['lobby.play'])),
          'the Play button in the language',
        );
        await shot(page, `${lang}-lobby-${device}`);

        // a game mid-game, and a refusal of the server in the page's language
        await quickPlay(page, env.server.url, 'three-arrows');
        const rand = rng(7);
        await moveOnce(page, rand);
        await moveOnce(page, rand);
        await whole(page, errors, lang, 'the game');
        assert.equal((await page.textContent('#move-title'))?.trim(), cat['table.your-move']);
        // the engine's narration (a side made a home side at the first placement) in the
        // language: English, marked so, only in English
        const said = await page.$$eval('#log .log-entry.game .log-text', (els) =>
          els.map((e) => [e.getAttribute('lang'), /** @type {HTMLElement} */ (e).innerText]),
        );
        assert.ok(said.length > 0, 'the log tells what came of the moves');
        for (const [marked, words] of said)
          assert.equal(marked, lang === 'en' ? 'en' : null, `"${words}": the engine's English in ${lang}`);
        // p1's first move (a covered piece that points at nothing) leaves it one option, its
        // uncover, which the log says was its only option in the page's language
        const log = (await page.textContent('#log')) ?? '';
        assert.ok(log.includes(String(cat['log.only-option'])), `the log says a forced move so in ${lang}: ${log}`);
        if (lang !== 'en') assert.ok(!log.includes('(only option)'), `no engine English for a forced move: ${log}`);
        // (typed moves are the desktop's: the phone's board is clicked)
        if (device === 'desktop') {
          await page.waitForSelector(TURN_SELECTOR);
          await page.fill('#notation', 'zzz');
          await page.press('#notation', 'Enter');
          const refused = String(cat['server.unknown']).split("'")[0];
          await until(
            async () => ((await page.textContent('#move-panel')) ?? '').includes(refused),
            `the server's refusal said as "${refused}…"`,
          );
          // and the game's reasons: a move the rules refuse, one that cannot be read
          for (const [move, why] of [
            ['stay', 'stay and advance follow a capture only'],
            ['place Q a1 N', "'Q' is not a piece: expected A, T, X, Y, D, R or Z"],
          ]) {
            await page.fill('#notation', move);
            await page.press('#notation', 'Enter');
            const words = lang === 'en' ? why : reasonText(why, lang);
            assert.ok(words && (lang === 'en' || words !== why), `the reason "${why}" has its ${lang} words`);
            await until(
              async () => ((await page.textContent('#move-panel')) ?? '').includes(String(words)),
              `the game's reason said as "${words}"`,
            );
          }
        }
        // a piece's detail sheet (a right click): what it is, from the reference, in the language
        if (device === 'desktop') {
          await page.locator('#board-area .cell:has([data-ref])').first().click({ button: 'right' });
          await page.waitForSelector('#detail[open] .ref-text');
          const marks = await page
            .locator('#detail .ref-text')
            .evaluateAll((els) => els.map((e) => e.getAttribute('lang')));
          assert.deepEqual([...new Set(marks)], [lang === 'en' ? 'en' : null], `the reference in ${lang}`);
          // its notation (the shield's `place <piece> <sq> <facing> shielded`) as it is typed, in English
          const code = await page
            .locator('#detail .ref-text code')
            .evaluateAll((els) => els.map((e) => [e.getAttribute('lang'), e.textContent ?? '']));
          assert.ok(
            lang === 'en' || (code.some(([, words]) => / shielded$/.test(words)) && code.every(([m]) => m === 'en')),
            `the reference's notation in ${lang}: ${JSON.stringify(code)}`,
          );
          await whole(page, errors, lang, 'the detail sheet');
          await shot(page, `${lang}-detail-${device}`);
          await page.keyboard.press('Escape');
        }
        await shot(page, `${lang}-game-${device}`);

        // a lesson, its text translated where the lesson has a translation
        await page.goto(new URL(`/learn/three-arrows/${LESSON}`, env.server.url).toString());
        await page.waitForSelector('#lesson-title:not(:empty)');
        await whole(page, errors, lang, 'the lesson');
        if (LESSON_TITLES[lang]) assert.equal(await page.textContent('#lesson-title'), LESSON_TITLES[lang]);
        assert.equal((await page.textContent('#next'))?.trim(), cat['learn.next']);
        await shot(page, `${lang}-lesson-${device}`);
      } finally {
        await ctx.close();
      }
    });
  }
}

test('the language menu changes the pages’ language and keeps it', { timeout: budget(6000) }, async () => {
  const { ctx, page, errors } = await pageIn('en-US', DEVICES.desktop);
  try {
    await page.goto(env.server.url);
    await page.waitForSelector('.game-card');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    await Promise.all([page.waitForEvent('load'), page.selectOption('#lang', 'ja')]);
    await page.waitForSelector('.game-card');
    await whole(page, errors, 'ja', 'the lobby after the menu');
    assert.equal((await page.textContent('.lobby h1'))?.trim(), ja['lobby.heading']);
    // kept: another page opens in it
    await page.goto(new URL('/learn/', env.server.url).toString());
    assert.equal(await page.getAttribute('html', 'lang'), 'ja');
    // and the browser's language again
    await Promise.all([page.waitForEvent('load'), page.selectOption('#lang', '')]);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
  } finally {
    await ctx.close();
  }
});

for (const lang of /** @type {const} */ (['en', 'es', 'ja'])) {
  test(`the pages about people in ${lang}`, { timeout: budget(40000) }, async () => {
    const ann = await pageIn(lang, DEVICES.desktop);
    const bob = await pageIn(lang, DEVICES.desktop);
    const [a, b] = [`Ann${lang}`, `Bob${lang}`];
    const at = (/** @type {string} */ p) => new URL(p, env.server.url).toString();
    try {
      // the friends page signed out: a sentence with a link in it
      await ann.page.goto(at('friends.html'));
      await ann.page.waitForSelector('#friends-intro a');
      assert.equal(
        await text(ann.page, '#friends-intro'),
        msg(lang, 'friends.signed-out', { link: msg(lang, 'friends.sign-in-link') }),
      );
      await whole(ann.page, ann.errors, lang, 'the friends page signed out');

      // the account page signed out, then in
      await ann.page.goto(at('account.html'));
      await ann.page.waitForSelector('#sign-in-title');
      assert.equal(await text(ann.page, '#sign-in-title'), msg(lang, 'account.sign-in'));
      assert.equal(await text(ann.page, '#recover-title'), msg(lang, 'account.forgot'));
      await whole(ann.page, ann.errors, lang, 'the account page signed out');
      await shot(ann.page, `${lang}-account-out-desktop`);
      await pageAccount(ann.page, a);
      await bob.page.goto(env.server.url);
      await pageAccount(bob.page, b);
      await ann.page.reload();
      await ann.page.waitForSelector('#blocks-list li.how');
      assert.equal(await text(ann.page, '#who-title'), msg(lang, 'account.signed-in-as', { name: a }));
      assert.equal(
        await text(ann.page, '#who-title + p'),
        msg(lang, 'account.shares', { games: msg(lang, 'nav.games'), profile: msg(lang, 'account.your-profile') }),
      );
      assert.equal(await text(ann.page, '#blocks-list li.how'), msg(lang, 'account.blocks-none'));
      await whole(ann.page, ann.errors, lang, 'the account page');
      await shot(ann.page, `${lang}-account-desktop`);

      // friends: a follow, and a challenge sent
      await ann.page.goto(at('friends.html'));
      await ann.page.fill('#follow-username', b);
      await ann.page.click('#follow-form button[type=submit]');
      const line = ann.page.locator(`#follow-list li[data-username="${b}"]`);
      await line.waitFor();
      assert.ok(
        [msg(lang, 'people.online'), msg(lang, 'people.offline')].includes(await text(ann.page, '.presence-word')),
        'online or offline in the language',
      );
      assert.equal(
        ((await line.locator('.challenge-button').textContent()) ?? '').trim(),
        msg(lang, 'friends.challenge-name', { name: b }),
      );
      await line.locator('.challenge-button').click();
      await ann.page.selectOption('#challenge-game', 'three-arrows');
      await ann.page.selectOption('#clock-kind', 'none');
      const title = await ann.page.$eval(
        '#challenge-game',
        (el) => /** @type {HTMLSelectElement} */ (el).selectedOptions[0].textContent ?? '',
      );
      const terms = msg(lang, 'challenge.casual', { game: title, clock: msg(lang, 'challenge.no-clock') });
      await ann.page.click('#challenge-form button[type=submit]');
      await ann.page.waitForSelector('#sent .challenge');
      assert.ok(
        (await text(ann.page, '#sent .challenge')).startsWith(msg(lang, 'friends.waiting', { name: b, terms })),
        'the challenge sent, in the language',
      );
      await whole(ann.page, ann.errors, lang, 'the friends page');
      await shot(ann.page, `${lang}-friends-desktop`);

      // the challenge in the bar of the other's games page, accepted
      await bob.page.goto(at('games.html'));
      await bob.page.waitForSelector('.challenge-bar .challenge');
      await bob.page.waitForSelector('#ongoing p.how');
      assert.equal(await text(bob.page, '#ongoing p.how'), msg(lang, 'games.none-playing'));
      assert.ok(
        (await text(bob.page, '.challenge-bar .challenge')).startsWith(
          msg(lang, 'challenge.incoming', { name: a, terms }),
        ),
        'the challenge in the language',
      );
      assert.equal(await text(bob.page, '.challenge-bar button.accept'), msg(lang, 'challenge.accept'));
      await whole(bob.page, bob.errors, lang, 'the challenge bar');
      await shot(bob.page, `${lang}-challenge-desktop`);
      await Promise.all([ann.page.waitForURL(/table\.html/), bob.page.click('.challenge-bar button.accept')]);

      // the table it made: the other seat's actions (mute, report, block)
      await ann.page.click('button.seat-actions');
      await ann.page.waitForSelector('dialog.seat-dialog[open] .seat-block');
      assert.equal(await text(ann.page, 'dialog.seat-dialog .seat-mute'), msg(lang, 'seatmenu.mute', { name: b }));
      assert.equal(await text(ann.page, 'dialog.seat-dialog .seat-report'), msg(lang, 'seatmenu.report-send'));
      assert.equal(
        await text(ann.page, 'dialog.seat-dialog .seat-block'),
        msg(lang, 'seatmenu.block-name', { name: b }),
      );
      await whole(ann.page, ann.errors, lang, 'the seat actions dialog');
      await shot(ann.page, `${lang}-seat-actions-desktop`);

      // the game it made, on the games page
      await ann.page.goto(at('games.html'));
      await ann.page.waitForSelector('#ongoing .my-game');
      assert.ok(
        ['games.your-turn', 'games.their-turn', 'games.waiting-players']
          .map((k) => msg(lang, k))
          .includes(await text(ann.page, '#ongoing .my-game-standing')),
        'whose turn in the language',
      );
      await whole(ann.page, ann.errors, lang, 'the games page');
      await shot(ann.page, `${lang}-games-desktop`);

      // a profile, followed
      await ann.page.goto(at(`player.html?name=${b}`));
      await ann.page.waitForSelector('#player-actions button');
      await ann.page.waitForSelector('#ratings p.how');
      assert.equal(await text(ann.page, '#ratings p.how'), msg(lang, 'player.no-rated'));
      assert.equal(await text(ann.page, '#player-actions button'), msg(lang, 'friends.unfollow-name', { name: b }));
      await whole(ann.page, ann.errors, lang, 'the profile');
      await shot(ann.page, `${lang}-player-desktop`);

      // the leaderboard
      await ann.page.goto(at('leaderboard.html'));
      await ann.page.waitForSelector('#board h2');
      assert.equal(await text(ann.page, '#board-pick button'), msg(lang, 'leaderboard.show'));
      assert.equal(await text(ann.page, '#board p.how'), msg(lang, 'leaderboard.nobody'));
      await whole(ann.page, ann.errors, lang, 'the leaderboard');
      await shot(ann.page, `${lang}-leaderboard-desktop`);

      // the tournaments, and one made from their form
      await ann.page.goto(at('tournaments.html'));
      await ann.page.waitForSelector('#make-form button[type=submit]');
      assert.equal(await text(ann.page, '#tournaments h2'), msg(lang, 'tournaments.under-way'));
      assert.equal(await text(ann.page, '#make-title'), msg(lang, 'tournaments.make-title'));
      await whole(ann.page, ann.errors, lang, 'the tournaments');
      await ann.page.fill('#make-name', `Swiss ${lang}`);
      await ann.page.selectOption('#make-kind', 'swiss');
      await ann.page.selectOption('#make-game', 'three-arrows');
      await ann.page.selectOption('#clock-kind', 'fischer');
      await ann.page.fill('#make-length', '1');
      await ann.page.fill('#make-starts', '60');
      await Promise.all([
        ann.page.waitForURL(/tournaments\.html\?id=/),
        ann.page.click('#make-form button[type=submit]'),
      ]);
      await ann.page.waitForSelector('#join');
      const said = await text(ann.page, '#terms');
      assert.ok(said.startsWith(msg(lang, 'tournaments.swiss', { n: 1 })), `the tournament's terms: ${said}`);
      assert.ok(said.endsWith(msg(lang, 'tournaments.casual')), `the tournament's terms: ${said}`);
      assert.equal(await text(ann.page, '#join'), msg(lang, 'tournaments.join'));
      assert.equal(await text(ann.page, '.standings th:nth-child(2)'), msg(lang, 'leaderboard.col-player'));
      await whole(ann.page, ann.errors, lang, 'a tournament');
      await shot(ann.page, `${lang}-tournament-desktop`);
      // and signed out
      await bob.page.context().clearCookies();
      await bob.page.goto(ann.page.url());
      await bob.page.waitForSelector('#tournaments p.how a');
      assert.equal(
        await text(bob.page, '#tournaments p.how'),
        msg(lang, 'tournaments.sign-in', { link: msg(lang, 'tournaments.sign-in-link') }),
      );
      await whole(bob.page, bob.errors, lang, 'a tournament signed out');
    } finally {
      await ann.ctx.close();
      await bob.ctx.close();
    }
  });
}

/**
 * The words of a message before its first place (a plural message: its `other` form), to find
 * it in a page's text whatever fills the places.
 * @param {string | Record<string, string>} msg
 */
function lead(msg) {
  return (typeof msg === 'string' ? msg : msg.other).split('{')[0];
}

/** A reviewed game with a puzzle, made once for the languages' tests. */
let reviewed = /** @type {Promise<{id: string, puzzle: string, wrong: string, themes: string[]}> | null} */ (null);
function reviewedGame() {
  reviewed ??= (async () => {
    const { id, list } = await gameWithPuzzles(env.server.url);
    const puzzle = list.puzzles[0].id;
    const shown = await api(env.server.url, 'GET', `/api/puzzles/${puzzle}`);
    // a guest's try is never rated, and tells the answer
    const guest = await api(env.server.url, 'POST', `/api/puzzles/${puzzle}/attempt`, { action: shown.view.legal[0] });
    const wrong = shown.view.legal.find((/** @type {string} */ a) => a !== guest.answer);
    return { id, puzzle, wrong, themes: shown.themes };
  })();
  return reviewed;
}

for (const lang of /** @type {const} */ (['es', 'ja'])) {
  const cat = CATALOGS[lang];
  test(`a reviewed game's replay and its puzzle in ${lang}`, { timeout: budget(300000) }, async () => {
    const { id, puzzle, wrong, themes } = await reviewedGame();
    const { ctx, page, errors } = await pageIn(lang, DEVICES.desktop);
    try {
      // the replay, its review and a marked decision's verdict
      await page.goto(new URL(`replay.html?id=${id}`, env.server.url).toString());
      await page.waitForSelector('#review .review-curve');
      await whole(page, errors, lang, 'the replay');
      const steps = (await api(env.server.url, 'GET', `/api/tables/${id}/replay`)).steps.length - 1;
      assert.equal(
        await page.textContent('#step-text'),
        String(cat['replay.step-start']).replace('{at}', '0').replace('{n}', String(steps)),
        'the step in the language',
      );
      const seats = (await page.locator('#review .review-seat').allTextContents()).join(' ');
      assert.ok(seats.includes(lead(cat['review.accuracy'])), `the accuracy in the language: ${seats}`);
      assert.equal((await page.textContent('#review-title'))?.trim(), cat['replay.computer-review']);
      assert.ok(
        ((await page.textContent('#review .review-marks h3')) ?? '').includes(String(cat['review.marked'])),
        'the marked decisions in the language',
      );
      await page.locator('#review .review-jump').first().click();
      await page.waitForSelector('#review-note .review-note');
      const note = (await page.textContent('#review-note')) ?? '';
      assert.ok(
        ['review.verdict-inaccuracy', 'review.verdict-mistake', 'review.verdict-blunder'].some((k) =>
          note.includes(String(cat[k]).split('{played}')[1].split('{')[0]),
        ),
        `the verdict in the language: ${note}`,
      );
      // the engine's note on the moves (what they would do) in the language too
      assert.equal(await page.locator('#review-note [lang="en"]').count(), 0, `the notes in the language: ${note}`);
      await whole(page, errors, lang, 'the replay at a marked decision');
      await shot(page, `${lang}-replay-desktop`);

      // the game's puzzles, one tried and missed
      await page.locator('#game-puzzles-link').click();
      await page.waitForURL(/puzzles\.html\?table=/);
      await page.locator(`#game-puzzle-list a[data-puzzle="${puzzle}"]`).waitFor();
      await page.locator('#move-panel').waitFor();
      assert.ok(
        ((await page.textContent('#puzzle-about')) ?? '').includes(lead(cat['puzzles.about'])),
        'the puzzle said in the language',
      );
      // its themes in the language (every puzzle has one: advantage or defence)
      const listed = (await page.textContent('#game-puzzle-list')) ?? '';
      assert.ok(themes.length > 0, 'the puzzle has themes');
      for (const x of themes) {
        const word = String(cat[`puzzles.theme-${x}`]);
        assert.ok(listed.includes(word), `the theme ${x} is "${word}" in the game's puzzles: ${listed}`);
        assert.ok(!listed.includes(x), `the theme ${x} is not in English: ${listed}`);
      }
      await whole(page, errors, lang, 'the puzzles page');
      await page.goto(new URL(`puzzles.html?id=${puzzle}`, env.server.url).toString());
      await page.locator('#move-panel').waitFor();
      await tryPuzzleMove(page, wrong);
      const verdict = (await page.textContent('#verdict')) ?? '';
      assert.ok(
        verdict.includes(String(cat['puzzles.wrong']).split('{tried}')[1].split('{')[0]),
        `the miss said in the language: ${verdict}`,
      );
      assert.ok(verdict.includes(String(cat['puzzles.not-rated'])), `not rated, in the language: ${verdict}`);
      assert.ok(
        ((await page.textContent('#puzzle-rating')) ?? '').includes(String(cat['puzzles.sign-in'])),
        'the rating line in the language',
      );
      await whole(page, errors, lang, 'the puzzle tried');
      await shot(page, `${lang}-puzzle-desktop`);
    } finally {
      await ctx.close();
    }
  });
}
