// What a move would do, in the page's languages, on its own (no browser, web/notes.js): a note's
// parts each translated by its format, a value that is a part or a list of them translated and
// joined again, a note with a part no format says left to the engine's English; and the note
// of every legal move of seeded random games of every game (tests/browser/narration_sample.c
// --notes, as the player choosing reads them) read whole in Spanish and Japanese: every part
// recognised, every value in place, no English word of a format left in Japanese.
//
// QV_NOTES_GAME=evons narrows the seeded games to one game (for a translator at work).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { assertCatalogs, englishWords } from './support.mjs';
import { NOTES, noteText } from '../../web/notes.js';
import { recognise } from '../../web/reasons.js';

const SAMPLE = process.env.QV_NARRATION_SAMPLE;
const ONLY = process.env.QV_NOTES_GAME;

test("a note's parts are translated by their formats, lists of parts joined again", () => {
  NOTES.xx = {
    'threatens %s': 'amenaza %1',
    "p%d's %s on %s": 'el %2 de p%1 en %3',
    "p%d's covered piece on %s": 'la pieza cubierta de p%1 en %2',
    'points at %s': 'apunta a %1',
    "it is p%d's last piece": 'es la última pieza de p%1',
  };
  try {
    assert.equal(
      noteText("threatens p2's Angle on c5 and p3's covered piece on d4; it is p2's last piece", 'xx'),
      'amenaza ' +
        new Intl.ListFormat('xx', { type: 'conjunction' }).format([
          'el Angle de p2 en c5',
          'la pieza cubierta de p3 en d4',
        ]) +
        '; es la última pieza de p2',
    );
    assert.equal(
      noteText('points at c5, d6 and e4', 'xx'),
      'apunta a ' + new Intl.ListFormat('xx', { type: 'conjunction' }).format(['c5', 'd6', 'e4']),
    );
    // one part no format says: the whole note stays the engine's
    assert.equal(noteText('points at c5; something new', 'xx'), null);
    assert.equal(noteText('', 'xx'), null);
  } finally {
    delete NOTES.xx;
  }
});

test('the Spanish and Japanese catalogs translate the same parts', () => assertCatalogs(NOTES));

test(
  'the note of every move of seeded games of every game reads whole in Spanish and Japanese',
  { skip: !SAMPLE && 'QV_NARRATION_SAMPLE is not set' },
  () => {
    const text = execFileSync(/** @type {string} */ (SAMPLE), ['--notes', '3'], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    /** @type {Map<string, string>} the notes, with their game */
    const said = new Map();
    for (const row of text.split('\n').filter(Boolean)) {
      const l = JSON.parse(row);
      if (!ONLY || l.game === ONLY) said.set(l.note, l.game);
    }
    assert.ok(said.size > (ONLY ? 20 : 300), `only ${said.size} different notes`);
    const es = NOTES.es;
    // the English of the formats, but the names of the sets (which a note keeps): a word of it
    // in Japanese is English left, in the template or in a value that was no name (a key
    // that took "captures lancer-p" for a card)
    const english = englishWords(Object.keys(es));
    /** @type {Map<string, string>} each part no format says, with its game */
    const unknown = new Map();
    const problems = [];
    const met = new Set();
    for (const [note, game] of said) {
      for (const part of note.split('; ')) {
        const found = recognise(part, es);
        if (found) met.add(found.format);
        else unknown.set(part, game);
      }
      for (const lang of ['es', 'ja']) {
        const out = noteText(note, lang);
        if (out === null) continue; // a part no format says: counted above
        const where = `${lang}, ${game}: "${note}"`;
        if (/%\d|[{}]/.test(out) || out === note) problems.push(`${where}: "${out}"`);
        if (lang === 'ja')
          for (const w of out.match(/\b[a-z]{3,}\b/g) ?? [])
            if (english.has(w)) problems.push(`${where}: "${out}" keeps the English "${w}"`);
      }
    }
    assert.deepEqual(
      [...unknown].slice(0, 40).map(([part, game]) => `${game}: ${part}`),
      [],
      `${unknown.size} parts of notes no format of web/i18n/notes says`,
    );
    assert.deepEqual(problems.slice(0, 20), [], `${problems.length} notes do not read whole`);
    const unmet = Object.keys(es).filter((f) => !met.has(f));
    console.log(
      `${said.size} notes; formats met ${met.size}; not met: ${unmet.map((f) => JSON.stringify(f)).join(' ')}`,
    );
  },
);
