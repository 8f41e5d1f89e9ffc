// The lab's report page (src/lab/report.c), opened as a file: the report of a real study
// that `quiver lab run` plays here (a variant against a baseline, two agents, two player
// counts, ablation and restricted play of every piece kind and ability), and two written by
// lab_sample_write from the hand-made studies of tests/support/lab_sample.c (every figure, and
// none measured). No request leaves the page, every SVG is drawn, axe finds no serious or
// critical violation in the light and the dark scheme, nothing is wider than a 360 px screen,
// the print layout starts each player count on a new page; the screenshots at 1280 and 360 px
// go to the build's screenshot folder.

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBrowser, tempDir, screenshot, budget, STEP_MS, assertAccessible } from './support.mjs';

/** The generator of the sample reports: $QV_LAB_SAMPLE (set by ctest). */
const SAMPLE =
  process.env.QV_LAB_SAMPLE ??
  path.join(path.dirname(process.env.QUIVER ?? 'build/quiver'), 'tests', 'browser', 'lab_sample_write');

/** The program under test: $QUIVER (set by ctest). */
const QUIVER = process.env.QUIVER ?? 'build/quiver';
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

const env = /** @type {{browser: import('playwright-core').Browser, dir: string}} */ ({});
before(async () => {
  env.dir = tempDir('quiver-lab-');
  execFileSync(SAMPLE, [env.dir], { stdio: 'inherit' });
  // A real study, DIR/run: the example variant with a fourth arrow against the built-in set,
  // a small search against random at 2 and 3 players (seconds; no ladder: its luck floor plays
  // hard, too slow for a test).
  const base = path.join(env.dir, 'base.json');
  writeFileSync(base, execFileSync(QUIVER, ['variant', 'dump', 'three-arrows']));
  execFileSync(
    QUIVER,
    [
      'lab',
      'run',
      'three-arrows',
      '--variant',
      path.join(ROOT, 'examples', 'variants', 'three-arrows-another-arrow.json'),
      '--baseline',
      base,
      '--agents',
      'ismcts:iterations=16,random',
      '--players',
      '2,3',
      '--games',
      '12',
      '--component-games',
      '2',
      '--ladder-games',
      '0',
      '--seed',
      '5',
      '--threads',
      '2',
      '--out',
      path.join(env.dir, 'run'),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
});

/**
 * Opens DIR/<which>/report.html at the given width and returns the page and the requests that
 * went anywhere but the file itself.
 * @param {string} which
 * @param {number} width
 * @param {'light' | 'dark'} [scheme]
 */
async function open(which, width, scheme = 'light') {
  const context = await env.browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  const url = pathToFileURL(path.join(env.dir, which, 'report.html')).toString();
  /** @type {string[]} */
  const outside = [];
  /** @type {string[]} */
  const errors = [];
  page.on('request', (r) => {
    if (r.url() !== url) outside.push(r.url());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(url, { waitUntil: 'load' });
  return { page, outside, errors, close: () => context.close() };
}

/**
 * Every <svg> has a box on the page and something drawn in it besides its title.
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
async function assertDrawn(page, where) {
  const svgs = await page.$$eval('svg', (all) =>
    all.map((s) => {
      const r = s.getBoundingClientRect();
      const drawn = [...s.children].filter((c) => c.tagName !== 'title').length;
      return { label: s.getAttribute('aria-label') ?? '', width: r.width, height: r.height, drawn };
    }),
  );
  assert.ok(svgs.length > 0, `${where}: no SVG`);
  for (const s of svgs) {
    assert.ok(s.width > 0 && s.height > 0, `${where}: the SVG "${s.label}" has no box`);
    assert.ok(s.drawn > 0, `${where}: the SVG "${s.label}" draws nothing`);
    assert.ok(s.label.length > 0, `${where}: an SVG without a label`);
  }
  return svgs.length;
}

/**
 * Nothing sticks out sideways: the page no wider than the screen, and no text of an SVG
 * outside its own box (a label cut off at the edge).
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
async function assertFits(page, where) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(over <= 1, `${where}: the page is ${over}px wider than the screen`);
  const outside = await page.$$eval('svg text', (all) =>
    all
      .filter((t) => {
        const svg = /** @type {SVGSVGElement} */ (t.ownerSVGElement);
        const s = svg.getBoundingClientRect();
        const r = t.getBoundingClientRect();
        return r.left < s.left - 1 || r.right > s.right + 1 || r.top < s.top - 1 || r.bottom > s.bottom + 1;
      })
      .map((t) => t.textContent),
  );
  assert.deepEqual(outside, [], `${where}: SVG text outside its figure`);
}

/**
 * The per-card figures a designer reads first (each player count's "What was played" table, its
 * chosen columns) inside the page, not scrolled sideways: on a phone too (issue 68: the table
 * was 477 px in a 358 px box); the other figures are folded below it.
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
async function assertCardsFit(page, where) {
  const tables = await page.$$eval('table', (all) =>
    all
      .filter((t) => /-correlations$/.test(t.querySelector('caption')?.id ?? ''))
      .map((t) => ({
        id: t.querySelector('caption')?.id,
        width: t.scrollWidth,
        box: t.parentElement?.clientWidth ?? 0,
      })),
  );
  for (const t of tables)
    assert.ok(t.width <= t.box + 1, `${where}: the table ${t.id} is ${t.width}px wide in a ${t.box}px box`);
  return tables.length;
}

/**
 * The verdict's two lists (unbalancing, strongest) read without scrolling sideways: on a phone
 * (phone) as lists of words, their tables hidden; on a wider screen as tables. Returns how many
 * lists were shown.
 * @param {import('playwright-core').Page} page
 * @param {string} where
 * @param {boolean} phone
 */
async function assertVerdictFits(page, where, phone) {
  const shown = await page.$$eval('.verdict .scroll.wide, .verdict ol.narrow', (all) =>
    all
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => ({ what: e.tagName === 'OL' ? 'list' : 'table', width: e.scrollWidth, box: e.clientWidth })),
  );
  for (const e of shown) {
    assert.equal(e.what, phone ? 'list' : 'table', `${where}: a verdict's ${e.what} is shown`);
    assert.ok(e.width <= e.box + 1, `${where}: a verdict's ${e.what} is ${e.width}px wide in a ${e.box}px box`);
  }
  // the phone's list names the table's components, in its order
  const pairs = await page.$$eval('.verdict .scroll.wide', (tables) =>
    tables.map((t) => ({
      rows: [...t.querySelectorAll('tbody th')].map((th) => th.textContent),
      items: t.nextElementSibling?.matches('ol.narrow')
        ? [...t.nextElementSibling.querySelectorAll('li > strong')].map((x) => x.textContent)
        : null,
    })),
  );
  for (const p of pairs) assert.deepEqual(p.items, p.rows, `${where}: the phone's list and the table differ`);
  return shown.length;
}

/** The sections of each player count, in the order of the report. */
const SECTIONS = [
  'Verdict',
  'Seat scores',
  'Game length',
  'Components',
  'Board use',
  'Tension',
  'The first player',
  'Openings',
  'Skill and luck',
  'Agents',
  'Against the baseline',
];

describe('the lab report page', () => {
  for (const which of ['run', 'full', 'sparse']) {
    test(`the ${which} study at 1280 and 360 px`, { timeout: budget(30000) }, async () => {
      for (const width of [1280, 360]) {
        const where = `${which} at ${width}px`;
        const { page, outside, errors, close } = await open(which, width);
        await assertDrawn(page, where);
        await assertAccessible(page, where);
        await assertFits(page, where);
        const cards = await assertCardsFit(page, where);
        if (which !== 'sparse') assert.ok(cards > 0, `${where}: no per-card table`);
        const lists = await assertVerdictFits(page, where, width < 480);
        if (which === 'full') assert.ok(lists > 0, `${where}: no list in the verdict`);
        await screenshot(page, `lab-report-${which}-${width}.png`, { fullPage: true });
        assert.deepEqual(outside, [], `${where}: requests left the page`);
        assert.deepEqual(errors, [], `${where}: errors`);
        await close();
      }
    });
  }

  test('the full study in the dark scheme', { timeout: budget(20000) }, async () => {
    const { page, outside, close } = await open('full', 360, 'dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.notEqual(bg, 'rgb(255, 255, 255)', 'the dark scheme keeps a white page');
    await assertAccessible(page, 'full, dark, at 360px');
    await screenshot(page, 'lab-report-full-360-dark.png', { fullPage: true });
    assert.deepEqual(outside, []);
    await close();
  });

  test(
    'every section of the full study, and the sparse one saying what was not measured',
    { timeout: budget(10000) },
    async () => {
      const full = await open('full', 1280);
      const headings = await full.page.$$eval('#p3 h3', (hs) => hs.map((h) => h.textContent));
      assert.deepEqual(headings, SECTIONS);
      // a hostile variant name is shown as text, never as markup
      assert.match(await full.page.title(), /Two Terminators <b>&<\/b> "no die"/);
      assert.equal(await full.page.$$eval('h1 b', (b) => b.length), 0);
      // one heat map per seat with 3 players
      assert.equal(await full.page.$$eval('#p3 .maps svg', (s) => s.length), 3);
      await full.close();

      const sparse = await open('sparse', 1280);
      const none = await sparse.page.$$eval('#p2 .none', (ps) => ps.map((p) => p.textContent ?? ''));
      for (const what of [
        /no component games/,
        /no board/,
        /do not search/,
        /no ladder games/,
        /One agent/,
        /No baseline/,
      ]) {
        assert.ok(
          none.some((t) => what.test(t)),
          `the sparse page does not say ${what}: ${none.join(' | ')}`,
        );
      }
      await sparse.close();
    },
  );

  test(
    'the real study: its sections, components and abilities, and the command',
    { timeout: budget(10000) },
    async () => {
      const run = await open('run', 1280);
      for (const p of ['#p2', '#p3']) {
        const headings = await run.page.$$eval(`${p} h3`, (hs) => hs.map((h) => h.textContent));
        assert.deepEqual(headings, SECTIONS, `${p}'s sections`);
      }
      const text = (await run.page.textContent('body')) ?? '';
      // every piece kind of the variant and the Terminator's ability, examined one by one
      for (const id of ['ability:terminator', 'without']) assert.ok(text.includes(id), `the report never says ${id}`);
      // the reproduction block gives the command that made it
      assert.match(text, /quiver lab run three-arrows --variant three-arrows-another-arrow\.json/);
      await run.close();
    },
  );

  test('the print layout', { timeout: budget(10000) }, async () => {
    const { page, close } = await open('full', 1280);
    await page.emulateMedia({ media: 'print' });
    const style = await page.evaluate(() => {
      const s = getComputedStyle(/** @type {Element} */ (document.querySelector('#p3')));
      return { breakBefore: s.breakBefore, body: getComputedStyle(document.body).backgroundImage };
    });
    assert.equal(style.breakBefore, 'page');
    await close();
  });
});
