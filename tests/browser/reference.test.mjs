// The reference entries in the page's languages, on their own (no browser,
// web/reference-words.js): an entry's lines translated by their formats, an entry with a line no
// format says left to the engine's English; and every entry of every game's built-in set
// (tests/browser/narration_sample.c --reference), reflowed as the detail sheet shows it, read
// whole in Spanish and Japanese: every line said by a key, no English word of a key left in
// Japanese, the Spanish and Japanese catalogs with the same keys.
//
// QV_REF_GAME=evons narrows it to one game (for a translator at work).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { assertCatalogs, englishWords } from './support.mjs';
import { REFERENCE, referenceLines } from '../../web/reference-words.js';
import { recognise } from '../../web/reasons.js';
import { reflow, WRAPPED } from '../../web/details.js';

const SAMPLE = process.env.QV_NARRATION_SAMPLE;
const ONLY = process.env.QV_REF_GAME;

test("an entry's lines are translated by their formats, or the entry stays English", () => {
  REFERENCE.xx = {
    'A: %s, %d in each holder at the start': 'A: %1, %2 en cada reserva al empezar',
    'arrows: %s': 'flechas: %1',
  };
  try {
    assert.deepEqual(referenceLines(['A: Angle, 3 in each holder at the start', '', 'arrows: ahead and right'], 'xx'), [
      'A: Angle, 3 en cada reserva al empezar',
      '',
      'flechas: ' + new Intl.ListFormat('xx', { type: 'conjunction' }).format(['ahead', 'right']),
    ]);
    assert.equal(referenceLines(['A: Angle, 3 in each holder at the start', 'something new'], 'xx'), null);
  } finally {
    delete REFERENCE.xx;
  }
});

test('the Spanish and Japanese catalogs translate the same lines, every value in place', () =>
  assertCatalogs(REFERENCE));

test(
  'every reference entry of every game reads whole in Spanish and Japanese',
  { skip: !SAMPLE && 'QV_NARRATION_SAMPLE is not set' },
  () => {
    const text = execFileSync(/** @type {string} */ (SAMPLE), ['--reference'], { encoding: 'utf8' });
    const entries = text
      .split('\n')
      .filter(Boolean)
      .map((row) => JSON.parse(row))
      .filter((e) => !ONLY || e.game === ONLY);
    assert.ok(entries.length > (ONLY ? 5 : 100), `only ${entries.length} entries`);
    const es = REFERENCE.es;
    // the English of the keys, but the names of the sets: a word of it in Japanese is English left
    const english = englishWords(Object.keys(es), { strip: /'[^']*'|`[^`]*`|<[^>]*>/g });
    /** @type {Map<string, string>} each line no key says, with its game */
    const unknown = new Map();
    const problems = [];
    for (const e of entries) {
      const lines = reflow(e.entry, WRAPPED[/** @type {keyof WRAPPED} */ (e.game)] ?? 76).map((l) => l.text);
      for (const l of lines) if (l && !recognise(l, es)) unknown.set(l, e.game);
      for (const lang of ['es', 'ja']) {
        const out = referenceLines(lines, lang);
        if (out === null) continue; // a line no key says: counted above
        const where = `${lang}, ${e.game} ${e.name}`;
        const said = out.join('\n');
        if (/%\d|[{}]/.test(said)) problems.push(`${where}: "${said}"`);
        if (lang === 'ja')
          for (const w of said.replace(/`[^`]*`/g, ' ').match(/\b[a-z]{3,}\b/g) ?? [])
            if (english.has(w)) problems.push(`${where}: "${said}" keeps the English "${w}"`);
      }
    }
    assert.deepEqual(
      [...unknown].slice(0, 60).map(([l, game]) => `${game}: ${l}`),
      [],
      `${unknown.size} lines of the reference no key of web/i18n/reference says`,
    );
    assert.deepEqual(problems.slice(0, 20), [], `${problems.length} entries do not read whole`);
    console.log(`${entries.length} entries`);
  },
);
