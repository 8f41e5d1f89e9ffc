// The drawing modules know what is printed on pieces and cards (the rules' tables); the engine
// knows the same tables in C. This test keeps the two in step: it puts each THREE ARROWS piece
// (in each facing), each ConCardia card (for each owner) and each Evons monster (for each
// controller) on the board with `quiver engine`, reads the arrows (and Evons's ability marks)
// and the printed numbers off the engine's text diagram, and compares them with what the
// drawing modules would draw. It runs in node, without a browser.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { QUIVER } from './support.mjs';
import { PIECES, boardArrows } from '../../web/games/three-arrows.js';
import { TEMPLATES, TRAITS } from '../../web/games/concardia.js';
import { MONSTERS, ELEMENTS } from '../../web/games/evons.js';
import { turn } from '../../web/arrows.js';

/** The arrow characters of the diagrams, by board direction. */
const GLYPHS = { '↑': 'N', '↗': 'NE', '→': 'E', '↘': 'SE', '↓': 'S', '↙': 'SW', '←': 'W', '↖': 'NW' };
// Evons draws an ability arrow doubled (⇑ against ↑).
const ABILITY_GLYPHS = { '⇑': 'N', '⇗': 'NE', '⇒': 'E', '⇘': 'SE', '⇓': 'S', '⇙': 'SW', '⇐': 'W', '⇖': 'NW' };

/**
 * A `quiver engine` session: send commands, read replies (up to the empty line).
 */
function engine() {
  const proc = spawn(QUIVER, ['engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let buf = '';
  /** @type {((reply: string) => void)[]} */
  const waiting = [];
  proc.stdout.setEncoding('utf8');
  proc.stdout.on('data', (d) => {
    buf += d;
    let end;
    while ((end = buf.indexOf('\n\n')) >= 0) {
      const reply = buf.slice(0, end);
      buf = buf.slice(end + 2);
      waiting.shift()?.(reply);
    }
  });
  return {
    /** @param {string} line */
    send(line) {
      return new Promise((resolve) => {
        waiting.push(resolve);
        proc.stdin.write(line + '\n');
      });
    },
    close() {
      proc.stdin.end('quit\n');
    },
  };
}

/**
 * The text of one cell of a diagram: the lines of its rank's block, cut at the cell's borders.
 * @param {string} diagram
 * @param {string} file
 * @param {string} rank
 */
function cellText(diagram, file, rank) {
  const lines = diagram.replace(/^= ?/, '').split('\n');
  const files = lines[0].trim().split(/\s+/);
  const col = files.indexOf(file) + 1;
  const at = lines.findIndex((l) => new RegExp(`^\\s*${rank} [│┃]`).test(l));
  assert.ok(at > 0 && col > 0, `no cell ${file}${rank} in the diagram`);
  let top = at;
  while (top > 0 && !/[┌├]/.test(lines[top - 1])) top--;
  let bottom = at;
  while (bottom + 1 < lines.length && !/[└├]/.test(lines[bottom + 1])) bottom++;
  return lines
    .slice(top, bottom + 1)
    .map((l) => l.split(/[│┃]/)[col] ?? '')
    .join('\n');
}

/**
 * The directions of the arrows in a cell's text, each with its ability mark: '!' for an
 * ability arrow (a doubled glyph, or a plain one followed by '!'), '' for a plain one.
 * @param {string} text
 */
function arrowsIn(text) {
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const m of text.matchAll(/([↑↗→↘↓↙←↖])(!?)|([⇑⇗⇒⇘⇓⇙⇐⇖])/g)) {
    if (m[3]) out.set(ABILITY_GLYPHS[/** @type {keyof ABILITY_GLYPHS} */ (m[3])], '!');
    else out.set(GLYPHS[/** @type {keyof GLYPHS} */ (m[1])], m[2]);
  }
  return out;
}

test("THREE ARROWS: every piece in every facing has the engine's arrows", async () => {
  const e = engine();
  try {
    for (const piece of Object.keys(PIECES)) {
      for (const facing of ['N', 'E', 'S', 'W']) {
        // a finished game, so that any position loads (nobody need be able to move)
        const state = {
          phase: 'over',
          board: [
            { sq: 'c3', owner: 'p1', piece, facing },
            { sq: 'f6', owner: 'p2', piece: 'Y' },
          ],
          players: [{ home: 'S' }, { home: 'N' }],
        };
        assert.equal(await e.send(`load ${JSON.stringify({ game: 'three-arrows', state })}`), '=');
        const cell = cellText(await e.send('show all'), 'c', '3');
        const want = boardArrows(piece, facing)
          .map(([d]) => d)
          .sort();
        assert.deepEqual([...arrowsIn(cell).keys()].sort(), want, `${piece} facing ${facing}:\n${cell}`);
      }
    }
  } finally {
    e.close();
  }
});

test("ConCardia: every card has the engine's Strength, Defense and arrows, for both owners", async () => {
  const e = engine();
  try {
    for (const [tmpl, t] of Object.entries(TEMPLATES)) {
      for (const trait of Object.keys(TRAITS)) {
        for (const owner of ['p1', 'p2']) {
          const id = `${tmpl}-${trait}`;
          const state = {
            board: [
              { sq: 'c3', card: id, owner },
              { sq: 'f6', card: `${tmpl === 'guard' ? 'scout' : 'guard'}-p`, owner: owner === 'p1' ? 'p2' : 'p1' },
            ],
          };
          const filler = tmpl === 'guard' ? 'scout' : 'guard';
          const deck = `${id},${id},${filler}-p,${filler}-p,${filler}-r,${filler}-r,${filler}-s,${filler}-s`;
          const load = await e.send(
            `load ${JSON.stringify({ game: 'concardia', params: { deck1: deck, deck2: deck }, state })}`,
          );
          assert.equal(load, '=', `${id}: ${load}`);
          const cell = cellText(await e.send('show all'), 'c', '3');
          const m = /(\d+)\/(\d+)/.exec(cell);
          assert.ok(m, `${id}: no Strength/Defense in\n${cell}`);
          assert.deepEqual([Number(m[1]), Number(m[2])], [t.S, t.D], `${id}: Strength/Defense`);
          const want = t.arrows.map((d) => turn(d, owner === 'p2' ? 4 : 0)).sort();
          assert.deepEqual([...arrowsIn(cell).keys()].sort(), want, `${id} of ${owner}:\n${cell}`);
        }
      }
    }
  } finally {
    e.close();
  }
});

test("Evons: every monster has the engine's element, ATK, DEF, arrows and ability arrows, for both controllers", async () => {
  const e = engine();
  try {
    for (const [id, mon] of Object.entries(MONSTERS)) {
      for (const owner of ['p1', 'p2']) {
        const state = { board: [{ cell: 'c3', card: id, owner }], players: [{}, {}] };
        const deck = Array(4).fill(id).concat(['block-fire']).join(',');
        const load = await e.send(
          `load ${JSON.stringify({ game: 'evons', params: { deck1: deck, deck2: deck }, state })}`,
        );
        assert.equal(load, '=', `${id}: ${load}`);
        const cell = cellText(await e.send('show all'), 'c', '3');
        const m = /([A-Z][a-z]) (\d+)\/(\d+)/.exec(cell);
        assert.ok(m, `${id}: no stats in\n${cell}`);
        assert.equal(m[1], ELEMENTS[mon.element].short, `${id}: element`);
        assert.deepEqual([Number(m[2]), Number(m[3])], [mon.atk, mon.def], `${id}: ATK/DEF`);
        const got = arrowsIn(cell);
        const k = owner === 'p2' ? 4 : 0;
        assert.deepEqual(
          [...got.keys()].sort(),
          mon.arrows.map((a) => turn(a.dir, k)).sort(),
          `${id} of ${owner}: arrows\n${cell}`,
        );
        for (const a of mon.arrows) {
          assert.equal(
            got.get(turn(a.dir, k)) === '!',
            Boolean(a.ability),
            `${id}: is ${a.dir} an ability arrow?\n${cell}`,
          );
        }
      }
    }
  } finally {
    e.close();
  }
});
