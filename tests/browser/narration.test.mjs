// The engine's narration in the page's languages on its own (no browser, web/narration.js): the
// templates' form, the formats as a viewer who may not read a secret is sent them (as core.h's
// wording leaves the secret's words out), and every line of seeded random games of every game
// (tests/browser/narration_sample.c, as each seat and the public are told them) read whole in
// Spanish and Japanese: translated, every argument in place, no English words of the format
// left, a secret read only by whom the engine told it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { NARRATION, fillTemplate, narrate, withoutSecrets } from '../../web/narration.js';
import { readFileSync, readdirSync } from 'node:fs';
import { composite, formats } from '../../scripts/narration-formats.mjs';

const SAMPLE = process.env.QV_NARRATION_SAMPLE;

test('a template puts its arguments in and reads a secret part by its mask', () => {
  assert.equal(
    fillTemplate('%2 roba {%3:%4|una carta} (100%%)', ['3', '1', '1', 'striker-r']),
    '1 roba striker-r (100%)',
  );
  assert.equal(fillTemplate('%2 roba {%3:%4|una carta} (100%%)', ['3', '1', '', '']), '1 roba una carta (100%)');
  assert.equal(fillTemplate('p%1 {%2:reparte %3|}', ['2', '', '']), 'p2 ');
  assert.equal(fillTemplate('%10 y %1', ['a', '', '', '', '', '', '', '', '', 'j']), 'j y a');
});

test('a format is found as a viewer who may not read its secret is sent it', () => {
  // core.h: the secret's own words left out, its conversions kept (test_core's case)
  const format = 'p%d {%x:buys %s for 100%%|takes a card}';
  assert.equal(withoutSecrets(format, 1), 'p%d {%x:%s|takes a card}');
  assert.equal(withoutSecrets(format, 0), format);
  assert.equal(
    withoutSecrets('{%c:p%d draws %s|} and {%x:%s (%s)|a card}', 2),
    '{%c:p%d draws %s|} and {%x:%s%s|a card}',
  );
  const catalog = { [format]: 'p%1 {%2:compra %3|toma una carta}' };
  NARRATION.xx = catalog;
  try {
    assert.equal(narrate(['p%d {%x:%s|takes a card}', '1', '', ''], 'xx'), 'p1 toma una carta');
    assert.equal(narrate([format, '1', '1', 'star-s'], 'xx'), 'p1 compra star-s');
    assert.equal(narrate(['an unknown format %d', '1'], 'xx'), null);
  } finally {
    delete NARRATION.xx;
  }
});

test('a plural form follows its count, an English argument its translation', () => {
  NARRATION.xx = {
    'p%d has %d point%s': { n: 2, one: 'p%1 tiene %2 punto', other: 'p%1 tiene %2 puntos' },
    'cost %d%s': { t: 'coste %1%2', args: { 2: { ', paid unit by unit': ', pagado unidad a unidad' } } },
  };
  try {
    assert.equal(narrate(['p%d has %d point%s', '1', '1', ''], 'xx'), 'p1 tiene 1 punto');
    assert.equal(narrate(['p%d has %d point%s', '1', '3', 's'], 'xx'), 'p1 tiene 3 puntos');
    assert.equal(narrate(['cost %d%s', '2', ', paid unit by unit'], 'xx'), 'coste 2, pagado unidad a unidad');
  } finally {
    delete NARRATION.xx;
  }
});

const ROOT = new URL('../..', import.meta.url).pathname;

/** The English words of a format of its own (not its arguments'): 3 letters or more, lower case. */
function ownWords(/** @type {string} */ format) {
  return new Set(format.replace(/%[^a-zA-Z%]*[a-zA-Z%]|\{[^:]*:|[|{}]/g, ' ').match(/\b[a-z]{3,}\b/g) ?? []);
}

/** Every string of the built-in sets (data/GAME/base.json): the ids and names a line keeps. */
const NAMES = new Set(
  readdirSync(new URL('../../data', import.meta.url)).flatMap((game) => {
    /** @type {string[]} */
    const all = [];
    const walk = (/** @type {unknown} */ v) => {
      if (typeof v === 'string') all.push(...v.split(/[^A-Za-z0-9-]+/));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) (all.push(k), walk(x));
    };
    walk(JSON.parse(readFileSync(new URL(`../../data/${game}/base.json`, import.meta.url), 'utf8')));
    return all;
  }),
);

/** The engine's English: every word of every narration format that is no name of a set. */
const ENGLISH = new Set(
  formats(ROOT)
    .flatMap((f) => [...ownWords(f.format)])
    .filter((w) => !NAMES.has(w)),
);

test(
  'every line of seeded games of every game reads whole in Spanish and Japanese',
  { skip: !SAMPLE && 'QV_NARRATION_SAMPLE is not set' },
  () => {
    const text = execFileSync(/** @type {string} */ (SAMPLE), ['6'], { encoding: 'utf8', maxBuffer: 1 << 30 });
    /** @type {Map<string, {game: string, viewer: number, text: string, msg: string[]}>} */
    const lines = new Map();
    for (const row of text.split('\n').filter(Boolean)) {
      const l = JSON.parse(row);
      lines.set(JSON.stringify(l.msg), l);
    }
    assert.ok(lines.size > 500, `only ${lines.size} different lines`);
    const formats = new Set([...lines.values()].map((l) => l.msg[0]));
    assert.ok(formats.size > 60, `only ${formats.size} formats`);
    let english = 0;
    const problems = [];
    for (const l of lines.values()) {
      const [format, ...args] = l.msg;
      // an argument for each conversion of the format (core.h)
      const conversions = format.match(/%[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?:hh|h|ll|l|z)?[dicuxXs]/g) ?? [];
      assert.equal(args.length, conversions.length, `${JSON.stringify(l.msg)}: ${args.length} arguments`);
      if (composite(format)) {
        english++;
        continue;
      }
      for (const lang of ['es', 'ja']) {
        const said = narrate(l.msg, lang);
        const where = `${lang}, ${l.game} (viewer ${l.viewer}): ${JSON.stringify(l.msg)}`;
        if (said === null) {
          problems.push(`${where}: not translated`);
          continue;
        }
        if (/%\d|[{}|]/.test(said) || !said.trim()) problems.push(`${where}: "${said}"`);
        // Japanese has no word of the engine's English, in the format or in an argument (an
        // argument is the engine's words only where they are names of the set)
        if (lang === 'ja')
          for (const w of said.match(/\b[a-z]{3,}\b/g) ?? [])
            if (ENGLISH.has(w)) problems.push(`${where}: "${said}" keeps the English "${w}"`);
      }
    }
    assert.deepEqual(problems.slice(0, 20), [], `${problems.length} lines do not read whole`);
    // no line is composed in pieces (a format made of its arguments alone, which no catalog
    // can translate): every game says its lines whole (docs/web/narration.md)
    assert.equal(english, 0, `${english} lines composed in pieces`);
    console.log(`${lines.size} lines of ${formats.size} formats`);
  },
);

test('a secret is read only by whom the engine told it', { skip: !SAMPLE && 'QV_NARRATION_SAMPLE is not set' }, () => {
  const text = execFileSync(/** @type {string} */ (SAMPLE), ['2'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  let hidden = 0;
  let told = 0;
  for (const row of text.split('\n').filter(Boolean)) {
    const l = JSON.parse(row);
    const [format, ...args] = l.msg;
    if (!format.includes('{') || composite(format)) continue;
    for (const lang of ['es', 'ja']) {
      const said = narrate(l.msg, lang);
      assert.notEqual(said, null, `${lang}: ${JSON.stringify(l.msg)}`);
      // every word shown that is not the template's own is an argument the viewer was sent
      for (const id of /** @type {string} */ (said).match(/\b[a-z]+(?:-[a-z]+)+\b/g) ?? [])
        assert.ok(
          args.some((a) => a.includes(id)),
          `${lang}: "${said}" names ${id}, not told to viewer ${l.viewer}`,
        );
    }
    if (args.some((a) => a === '')) hidden++;
    else told++;
  }
  assert.ok(hidden > 0 && told > 0, `secret parts hidden ${hidden} times, told ${told}`);
});
