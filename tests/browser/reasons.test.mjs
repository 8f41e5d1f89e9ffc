// Why a game refuses a move, in the page's languages, on its own (no browser, web/reasons.js):
// a format read as a pattern of its English, the most specific first, an argument that is a
// reason or a list of choices translated too; and every refusal of seeded random games of
// every game (tests/browser/narration_sample.c --refusals: the moves of the steps before, as
// they were and changed, tried as the server tries a move sent to it) recognised by a format
// of the C sources, given back whole by its pattern, and read whole in Spanish and Japanese:
// translated, every argument in place, no English word of the format left in Japanese.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { englishWords } from './support.mjs';
import { REASONS, choices, formatPattern, reasonText, recognise } from '../../web/reasons.js';
import { fillTemplate } from '../../web/narration.js';
import { reasons } from '../../scripts/narration-formats.mjs';
import { translateServer } from '../../web/server-text.js';
import es from '../../web/i18n/es.js';

const SAMPLE = process.env.QV_NARRATION_SAMPLE;
const ROOT = new URL('../..', import.meta.url).pathname;

test('a format is a pattern of its English: its words as they are, each conversion its argument', () => {
  const re = formatPattern("square '%s' is off the %dx%d board (a1-%s)");
  assert.deepEqual(re.exec("square 'z9' is off the 6x6 board (a1-f6)")?.slice(1), ['z9', '6', '6', 'f6']);
  assert.equal(re.exec("square 'z9' is off the 6xx board (a1-f6)"), null, '%d takes digits only');
  assert.equal(re.exec("square 'z9' is off the 6x6 board (a1-f6) and more"), null, 'the whole sentence');
  assert.deepEqual(formatPattern('p%d has no %c left to place').exec('p2 has no A left to place')?.slice(1), [
    '2',
    'A',
  ]);
  assert.equal(formatPattern('100%% of %s').exec('100% of it')?.[1], 'it');
});

test('the most specific format wins, and an argument that is a reason or a list is translated', () => {
  REASONS.xx = {
    'not now: %s': 'ahora no: %1',
    'not now: the game waits for the throw (throw <card>)': 'ahora no: el juego espera el lanzamiento',
    "p%d chooses the turn's action: %s": 'p%1 elige la acción: %2',
    "'%s' is not a piece: expected %s": "'%1' no es una pieza: se esperaba %2",
    'p%d holds %d card%s': { n: 2, one: 'p%1 tiene %2 carta', other: 'p%1 tiene %2 cartas' },
  };
  try {
    assert.equal(
      reasonText('not now: the game waits for the throw (throw <card>)', 'xx'),
      'ahora no: el juego espera el lanzamiento',
    );
    assert.equal(reasonText("not now: p2 chooses the turn's action: play", 'xx'), 'ahora no: p2 elige la acción: play');
    assert.equal(
      reasonText("'Q' is not a piece: expected A, T, X or Y", 'xx'),
      "'Q' no es una pieza: se esperaba " +
        new Intl.ListFormat('xx', { type: 'disjunction' }).format(['A', 'T', 'X', 'Y']),
    );
    assert.equal(reasonText('p1 holds 1 card', 'xx'), 'p1 tiene 1 carta');
    assert.equal(reasonText('p1 holds 3 cards', 'xx'), 'p1 tiene 3 cartas');
    assert.equal(reasonText('a reason no catalog has', 'xx'), null);
  } finally {
    delete REASONS.xx;
  }
  assert.equal(choices('A, T, X or Y', 'ja'), 'A、T、X、またはY');
  assert.equal(choices('die +1 or die 0 or die -1', 'es'), 'die +1, die 0 o die -1');
  // a phrase with "or" in it is English words, not a list of choices
  assert.equal(
    choices('a block card in hand or a block on the target', 'es'),
    'a block card in hand or a block on the target',
  );
});

test('a refusal of an illegal move names the move and the reason in the page language', () => {
  const lookup = (/** @type {string} */ key, /** @type {Record<string, string>} */ values = {}) =>
    /** @type {string} */ (/** @type {Record<string, string>} */ (es)[key]).replace(/\{(\w+)\}/g, (_, k) => values[k]);
  const out = translateServer("illegal action 'place Y a1 N': a1 is occupied", lookup, 'es');
  assert.ok(out.includes("'place Y a1 N'"), out);
  assert.ok(out.includes('a1') && !/occupied/.test(out), out);
  // a move that cannot be read is refused with the game's reason alone
  const odd = translateServer("'Q' is not a piece: expected A, T, X, Y, D, R or Z", lookup, 'es');
  assert.ok(!/is not a piece/.test(odd), odd);
});

test(
  'every refusal of seeded games of every game is recognised and reads whole in Spanish and Japanese',
  { skip: !SAMPLE && 'QV_NARRATION_SAMPLE is not set' },
  () => {
    const text = execFileSync(/** @type {string} */ (SAMPLE), ['--refusals', '2'], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    /** @type {Map<string, string>} the reasons, with their game */
    const said = new Map();
    /** the words a player types: every word of every move tried */
    const notation = new Set();
    for (const row of text.split('\n').filter(Boolean)) {
      const l = JSON.parse(row);
      if (l.move) for (const w of l.move.split(' ')) notation.add(w);
      else said.set(l.reason, l.game);
    }
    assert.ok(said.size > 800, `only ${said.size} different refusals`);
    // each recognised by a format of the C sources (the English, as its own catalog), and
    // given back whole by that format's pattern
    const formats = [...new Set(reasons(ROOT).map((f) => f.format))];
    REASONS.en = Object.fromEntries(
      formats.map((f) => {
        let k = 0;
        return [
          f,
          f.replace(/%%|%[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?:hh|h|ll|l|z)?[dicuxXs]/g, (c) =>
            c === '%%' ? '%%' : `%${++k}`,
          ),
        ];
      }),
    );
    const en = REASONS.en;
    // the engine's values: the words of the arguments of every refusal (names, the forms of
    // the moves) and of the built-in sets; the rest of a format's words are its English
    for (const reason of said.keys())
      for (const a of recognise(reason, en)?.args ?? [])
        for (const w of a.match(/\b[a-z]{3,}\b/g) ?? []) notation.add(w);
    // (a format's own words: outside its quotes, <…> and […])
    const english = englishWords(formats, { strip: /'[^']*'|<[^>]*>|\[[^\]]*\]/g, values: notation });
    const met = new Set();
    const problems = [];
    try {
      for (const [reason, game] of said) {
        const found = recognise(reason, en);
        if (!found) {
          problems.push(`${game}: no format of src/ says "${reason}"`);
          continue;
        }
        met.add(found.format);
        // and the formats of its arguments that are reasons of their own
        for (const a of found.args) {
          const inner = /\s/.test(a) && a.length < reason.length ? recognise(a, en) : null;
          if (inner) met.add(inner.format);
        }
        const back = fillTemplate(en[found.format], found.args);
        if (back !== reason) problems.push(`${game}: "${reason}" comes back as "${back}"`);
        for (const lang of ['es', 'ja']) {
          const out = reasonText(reason, lang);
          const where = `${lang}, ${game}: "${reason}"`;
          if (out === null) {
            problems.push(`${where}: not translated`);
            continue;
          }
          if (/%\d|[{}]/.test(out) || out === reason) problems.push(`${where}: "${out}"`);
          // Japanese keeps no English word of a format: the words of an argument that is
          // no reason of its own (a name, notation, what was typed) are the engine's values
          const values = new Set(
            found.args.filter((a) => reasonText(a, lang) === null).flatMap((a) => a.match(/\b[a-z]{3,}\b/g) ?? []),
          );
          if (lang === 'ja')
            for (const w of out.match(/\b[a-z]{3,}\b/g) ?? [])
              if (english.has(w) && !values.has(w)) problems.push(`${where}: "${out}" keeps the English "${w}"`);
        }
      }
    } finally {
      delete REASONS.en;
    }
    assert.deepEqual(problems.slice(0, 20), [], `${problems.length} refusals do not read whole`);
    // the sample meets most of the formats (the rest need positions random play rarely makes)
    const missed = formats.filter((f) => !met.has(f));
    assert.ok(
      met.size > formats.length / 2,
      `the refusals meet only ${met.size} of ${formats.length} formats; not ${missed.join(' | ')}`,
    );
    console.log(`${said.size} refusals of ${met.size} of the ${formats.length} formats`);
  },
);
