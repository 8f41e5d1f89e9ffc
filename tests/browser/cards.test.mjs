// The page draws what the engine plays. The drawing modules read every printed piece, card,
// item and die from a view's catalogue (the resolved variant document the server sends); the
// engine builds its tables from the same document. For each game, with its built-in set and
// with a variant made here from `quiver variant dump` (one arrow and one number changed), this
// test loads positions into `quiver engine` (`variant FILE`, `new`, `load`), takes the engine's
// view, draws it with the game's module in a few lines of DOM, and reads the drawn arrows and
// numbers back off the SVG: they must be those of the engine's text diagram (`show`). Each board
// piece or card is drawn twice, with the current values the view gives and from the catalogue
// alone (without them), so that both paths are checked. It runs in node, without a browser.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUIVER } from './support.mjs';
import * as threeArrows from '../../web/games/three-arrows.js';
import * as concardia from '../../web/games/concardia.js';
import * as evons from '../../web/games/evons.js';
import * as arrowParty from '../../web/games/arrow-party.js';
import { DIRS, vector } from '../../web/arrows.js';

/** The arrow characters of the diagrams, by board direction. */
const GLYPHS = { '↑': 'N', '↗': 'NE', '→': 'E', '↘': 'SE', '↓': 'S', '↙': 'SW', '←': 'W', '↖': 'NW' };
// Evons draws an ability arrow doubled (⇑ against ↑).
const ABILITY_GLYPHS = { '⇑': 'N', '⇗': 'NE', '⇒': 'E', '⇘': 'SE', '⇓': 'S', '⇙': 'SW', '⇐': 'W', '⇖': 'NW' };

// The few lines of DOM the drawing modules use (dom.js and board.js): elements with
// attributes and children, text nodes, and listeners that are never called.
class El {
  /** @param {string} tag */
  constructor(tag) {
    this.tag = tag;
    /** @type {Map<string, string>} */
    this.attrs = new Map();
    /** @type {El[]} */
    this.children = [];
    this.text = '';
  }
  /** @param {string} k @param {string} v */
  setAttribute(k, v) {
    this.attrs.set(k, String(v));
  }
  /** @param {string} k */
  getAttribute(k) {
    return this.attrs.get(k) ?? null;
  }
  /** @param {El} c */
  appendChild(c) {
    this.children.push(c);
    return c;
  }
  /** @param {El} c @param {El | null} ref */
  insertBefore(c, ref) {
    const i = ref ? this.children.indexOf(ref) : -1;
    this.children.splice(i < 0 ? this.children.length : i, 0, c);
    return c;
  }
  get firstChild() {
    return this.children[0] ?? null;
  }
  addEventListener() {}
  /** @param {...El} c */
  replaceChildren(...c) {
    this.children = c;
  }
  /** @returns {string} */
  get textContent() {
    return this.tag === '#text' ? this.text : this.children.map((c) => c.textContent).join('');
  }
  /** @param {string} c */
  has(c) {
    return (this.attrs.get('class') ?? '').split(/\s+/).includes(c);
  }
  /**
   * Every element below this one (not itself) that `pred` accepts, in document order.
   * @param {(e: El) => boolean} pred
   * @returns {El[]}
   */
  all(pred) {
    return this.children.flatMap((c) => [...(pred(c) ? [c] : []), ...c.all(pred)]);
  }
}
globalThis.document = /** @type {Document} */ (
  /** @type {unknown} */ ({
    createElement: (/** @type {string} */ t) => new El(t),
    createElementNS: (/** @type {string} */ _ns, /** @type {string} */ t) => new El(t),
    createTextNode: (/** @type {string} */ s) => Object.assign(new El('#text'), { text: s }),
  })
);

/** How the modules name seats. */
const OPTS = { name: (/** @type {string} */ seat) => seat };

/**
 * The board direction of a vector on the screen (y downwards).
 * @param {number} dx
 * @param {number} dy
 */
function dirOf(dx, dy) {
  const sx = Math.abs(dx) < 1 ? 0 : Math.sign(dx);
  const sy = Math.abs(dy) < 1 ? 0 : Math.sign(dy);
  const d = DIRS.find((x) => vector(x)[0] === sx && vector(x)[1] === sy);
  assert.ok(d, `no direction for (${dx}, ${dy})`);
  return d;
}

/**
 * The arrows drawn by `arrowGlyph` below an element: each direction with its number of shafts.
 * @param {El} el
 * @param {string} cls the arrows' class
 */
function glyphArrows(el, cls) {
  /** @type {Map<string, number>} */
  const out = new Map();
  for (const g of el.all((e) => e.has(cls))) {
    const lines = g.children.filter((c) => c.tag === 'line');
    const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((k) => Number(lines[0].getAttribute(k)));
    out.set(dirOf(x2 - x1, y2 - y1), lines.length);
  }
  return out;
}

/**
 * The card-edge triangles below an element (ConCardia, Evons): each direction, with '!' for an
 * ability arrow and '' for a plain one. The triangle's first point is its tip.
 * @param {El} el
 * @param {string} cls
 */
function edgeArrows(el, cls) {
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const p of el.all((e) => e.tag === 'polygon' && e.has(cls))) {
    const [x, y] = (p.getAttribute('points') ?? '').split(' ')[0].split(',').map(Number);
    out.set(dirOf(x - 50, y - 50), p.has('ability') ? '!' : '');
  }
  return out;
}

/**
 * The texts of the elements of a class below an element.
 * @param {El} el
 * @param {string} cls
 */
function texts(el, cls) {
  return el.all((e) => e.has(cls)).map((e) => e.textContent);
}

/**
 * The group of a cell of a drawn board.
 * @param {El} svg
 * @param {string} cell
 */
function cellOf(svg, cell) {
  const [g] = svg.all((e) => e.has('cell') && e.getAttribute('data-token') === cell);
  assert.ok(g, `no cell ${cell} drawn`);
  return g;
}

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
  /** @param {string} line @returns {Promise<string>} */
  const send = (line) =>
    new Promise((resolve) => {
      waiting.push(resolve);
      proc.stdin.write(line + '\n');
    });
  return {
    send,
    /**
     * Loads a position of the variant: its params get the variant's hash.
     * @param {string} game
     * @param {string} sha
     * @param {Record<string, unknown>} params
     * @param {unknown} state
     */
    async load(game, sha, params, state) {
      const reply = await send(`load ${JSON.stringify({ game, params: { ...params, variant: sha }, state })}`);
      assert.equal(reply, '=', `load ${JSON.stringify(state)}: ${reply}`);
    },
    /**
     * The referee's view, with the catalogue the server would add.
     * @param {unknown} catalogue
     */
    async view(catalogue) {
      const reply = await send('view all');
      assert.match(reply, /^= \{/);
      return { ...JSON.parse(reply.slice(2)), catalogue };
    },
    async show() {
      return (await send('show all')).replace(/^= ?/, '');
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
  const lines = diagram.split('\n');
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

/** @typedef {import('../../web/types.js').Catalogue} Catalogue */

/** @param {Map<string, unknown>} m */
const keys = (m) => [...m.keys()].sort();

/**
 * Runs `check` on the built-in set and on a variant of it, each loaded into a fresh engine:
 * `edit` changes the dump (one arrow and one number) and returns what it changed, for the
 * messages.
 * @param {string} game
 * @param {(doc: Catalogue) => string} edit
 * @param {(e: ReturnType<typeof engine>, catalogue: Catalogue, sha: string, set: string) => Promise<void>} check
 */
async function bothSets(game, edit, check) {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-cards-'));
  try {
    const base = JSON.parse(execFileSync(QUIVER, ['variant', 'dump', game], { encoding: 'utf8' }));
    const variant = structuredClone(base);
    variant.name = 'web cards';
    const what = edit(variant);
    for (const [set, doc] of [
      ['the built-in set', base],
      [`a variant (${what})`, variant],
    ]) {
      const file = join(dir, `${game}-${doc.name.replace(/ /g, '-')}.json`);
      writeFileSync(file, JSON.stringify(doc, null, 2));
      const e = engine();
      try {
        const reply = await e.send(`variant ${file}`);
        const m = /^= (\S+) ([0-9a-f]{64}) /.exec(reply);
        assert.ok(m && m[1] === game, `variant ${file}: ${reply}`);
        assert.equal(await e.send(`new ${game}`), '=', `new ${game} with ${set}`);
        await check(e, doc, m[2], set);
      } finally {
        e.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("THREE ARROWS: every piece in every facing has the engine's arrows and copies", async () => {
  await bothSets(
    'three-arrows',
    (doc) => {
      const a = doc.pieces.find((/** @type {{kind: string}} */ p) => p.kind === 'A');
      a.arrows = ['N', 'W', 'W'];
      a.count = 2;
      return 'the Angle points N and W twice, 2 copies';
    },
    async (e, cat, sha, set) => {
      // the copies: a new game's holders, drawn as dots, against the diagram's holder line
      const holders = /^p1 · .* · ((?:[A-Z]\d+ ?)+)$/m.exec(await e.show());
      assert.ok(holders, `${set}: no holder line`);
      const want = new Map(holders[1].split(' ').map((t) => [t[0], Number(t.slice(1))]));
      const panels = /** @type {El} */ (/** @type {unknown} */ (threeArrows.drawPanels(await e.view(cat), OPTS)));
      const [p1] = panels.all((el) => el.has('p1') && el.tag === 'section');
      const drawn = new Map(
        p1
          .all((el) => el.has('holder-piece'))
          .map((b) => [b.getAttribute('data-token') ?? '', texts(b, 'dots').join('')]),
      );
      assert.deepEqual(keys(drawn), keys(want), `${set}: the kinds in the holder`);
      for (const [kind, n] of want) {
        const dots = drawn.get(kind) ?? '';
        assert.equal(dots.replace(/○/g, '').length, n, `${set}: ${kind} left`);
        assert.equal(dots.length, n, `${set}: ${kind}'s copies`);
      }
      for (const { kind } of cat.pieces) {
        for (const facing of ['N', 'E', 'S', 'W']) {
          // a finished game, so that any position loads (nobody need be able to move)
          const state = {
            phase: 'over',
            board: [
              { sq: 'c3', owner: 'p1', piece: kind, facing },
              { sq: 'f6', owner: 'p2', piece: kind, facing: 'S' },
            ],
            players: [{ home: 'S' }, { home: 'N' }],
          };
          await e.load('three-arrows', sha, {}, state);
          const cell = arrowsIn(cellText(await e.show(), 'c', '3'));
          const view = await e.view(cat);
          const engineArrows = view.view.board.find((/** @type {{sq: string}} */ p) => p.sq === 'c3').arrows;
          assert.ok(engineArrows, `${set}: the view gives the piece's arrows`);
          /** @type {Map<string, number>} */
          const strength = new Map();
          for (const d of engineArrows) strength.set(d, (strength.get(d) ?? 0) + 1);
          const printed = structuredClone(view);
          for (const p of printed.view.board) delete p.arrows;
          for (const [how, vj] of [
            ['with the view', view],
            ['from the catalogue', printed],
          ]) {
            const svg = /** @type {El} */ (/** @type {unknown} */ (threeArrows.drawBoard(vj, OPTS)));
            const got = glyphArrows(cellOf(svg, 'c3'), 'tile-arrow');
            const what = `${set}, ${kind} facing ${facing}, ${how}`;
            assert.deepEqual(keys(got), keys(cell), `${what}: arrows`);
            assert.deepEqual([...got].sort(), [...strength].sort(), `${what}: each arrow's strength`);
          }
        }
      }
    },
  );
});

test("ConCardia: every card has the engine's Strength, Defense and arrows, for both owners", async () => {
  await bothSets(
    'concardia',
    (doc) => {
      const c = doc.cards.find((/** @type {{id: string}} */ x) => x.id === 'striker-r');
      c.strength = 6;
      c.arrows = ['N', 'E'];
      return 'striker-r: Strength 6, arrows N and E';
    },
    async (e, cat, sha, set) => {
      for (const c of cat.cards) {
        // a deck of the card twice and another design's three traits twice each
        const other = cat.cards.find((/** @type {{name: string}} */ x) => x.name !== c.name).name;
        const filler = cat.cards.filter((/** @type {{name: string}} */ x) => x.name === other).map((x) => x.id);
        const deck = [c.id, c.id, ...filler, ...filler].join(',');
        for (const owner of ['p1', 'p2']) {
          const state = {
            board: [
              { sq: 'c3', card: c.id, owner },
              { sq: 'f6', card: filler[0], owner: owner === 'p1' ? 'p2' : 'p1' },
            ],
          };
          await e.load('concardia', sha, { deck1: deck, deck2: deck }, state);
          const cell = cellText(await e.show(), 'c', '3');
          const m = /(\d+)\/(\d+)/.exec(cell);
          assert.ok(m, `${c.id}: no Strength/Defense in\n${cell}`);
          const view = await e.view(cat);
          const printed = structuredClone(view);
          for (const b of printed.view.board) {
            delete b.strength;
            delete b.defense;
          }
          for (const [how, vj] of [
            ['with the view', view],
            ['from the catalogue', printed],
          ]) {
            const what = `${set}, ${c.id} of ${owner}, ${how}`;
            const g = cellOf(/** @type {El} */ (/** @type {unknown} */ (concardia.drawBoard(vj, OPTS))), 'c3');
            assert.deepEqual(texts(g, 'ccard-stat').map(Number), [Number(m[1]), Number(m[2])], `${what}: S/D`);
            assert.deepEqual(keys(edgeArrows(g, 'ccard-arrow')), keys(arrowsIn(cell)), `${what}: arrows\n${cell}`);
          }
        }
      }
    },
  );
});

test("Evons: every monster has the engine's element, ATK, DEF, arrows and ability arrows, for both controllers", async () => {
  await bothSets(
    'evons',
    (doc) => {
      const c = doc.cards.find((/** @type {{id: string}} */ x) => x.id === 'cinder-pup');
      c.atk = 4;
      c.arrows = ['N', 'E'];
      return 'cinder-pup: ATK 4, arrows N and E';
    },
    async (e, cat, sha, set) => {
      const block = cat.cards.find((/** @type {{type: string}} */ x) => x.type === 'block').id;
      for (const c of cat.cards.filter((/** @type {{type: string}} */ x) => x.type === 'monster')) {
        const deck = [c.id, c.id, c.id, c.id, block].join(',');
        for (const owner of ['p1', 'p2']) {
          const state = { board: [{ cell: 'c3', card: c.id, owner }], players: [{}, {}] };
          await e.load('evons', sha, { deck1: deck, deck2: deck }, state);
          const cell = cellText(await e.show(), 'c', '3');
          const m = /([A-Z][a-z]) (\d+)\/(\d+)/.exec(cell);
          assert.ok(m, `${c.id}: no stats in\n${cell}`);
          const view = await e.view(cat);
          const printed = structuredClone(view);
          for (const b of printed.view.board) {
            delete b.atk;
            delete b.def;
          }
          for (const [how, vj] of [
            ['with the view', view],
            ['from the catalogue', printed],
          ]) {
            const what = `${set}, ${c.id} of ${owner}, ${how}`;
            const g = cellOf(/** @type {El} */ (/** @type {unknown} */ (evons.drawBoard(vj, OPTS))), 'c3');
            assert.deepEqual(texts(g, 'ecard-el'), [m[1]], `${what}: element`);
            assert.deepEqual(texts(g, 'ecard-stat').map(Number), [Number(m[2]), Number(m[3])], `${what}: ATK/DEF`);
            assert.deepEqual(
              [...edgeArrows(g, 'ecard-arrow')].sort(),
              [...arrowsIn(cell)].sort(),
              `${what}: arrows and ability arrows\n${cell}`,
            );
          }
        }
      }
    },
  );
});

test("Arrow Party: every arrow card, item, die, star and skull has the engine's arrows and points", async () => {
  await bothSets(
    'arrow-party',
    (doc) => {
      doc.arrows.find((/** @type {{id: string}} */ x) => x.id === '2c').arrows = ['N', 'W'];
      doc.items.find((/** @type {{id: string}} */ x) => x.id === 'x2').points = 4;
      return '2c points N and W, x2 is worth 4';
    },
    async (e, cat, sha, set) => {
      // every card in p1's hand, a die that scores, a star and a skull
      const hand = [...cat.arrows, ...cat.items].map((/** @type {{id: string}} */ x) => x.id);
      const die = cat.dice.find((/** @type {{points: number}} */ d) => d.points !== 0).id;
      await e.load('arrow-party', sha, { players: 3 }, { players: [{ hand, die, stars: 1, skulls: 1 }, {}, {}] });
      const diagram = await e.show();
      const p1 = /^p1: (.*)\n((?: {4}.*\n)*)/m.exec(diagram);
      assert.ok(p1, `${set}: no p1 in\n${diagram}`);
      const listed = p1[2].replace(/\s+/g, ' ');
      /** @type {Map<string, string>} */
      const want = new Map([...listed.matchAll(/(\w+)\(([^)]*)\)/g)].map((x) => [x[1], x[2]]));
      const panels = /** @type {El} */ (/** @type {unknown} */ (arrowParty.drawPanels(await e.view(cat), OPTS)));
      const [sec] = panels.all((el) => el.has('p1') && el.tag === 'section');
      const cards = sec.all((el) => el.has('card-item'));
      assert.deepEqual(cards.map((b) => b.getAttribute('data-token')).sort(), [...want.keys()].sort(), `${set}: hand`);
      let sum = 0;
      for (const b of cards) {
        const id = b.getAttribute('data-token') ?? '';
        const text = want.get(id) ?? '';
        if (b.all((el) => el.has('arrows-card')).length) {
          const got = glyphArrows(b, 'apcard-arrow');
          assert.deepEqual(keys(got), text.split(' ').sort(), `${set}: ${id}'s arrows`);
          const [value] = texts(b, 'apcard-value').map(Number);
          assert.equal(value, got.size, `${set}: ${id}'s value`);
          sum += value;
        } else {
          const [points] = texts(b, 'apcard-points');
          assert.equal(Number(points), Number(text), `${set}: ${id}'s points`);
          sum += Number(points);
        }
      }
      // the die's, the stars' and the skulls' points as the panel writes them ("1 (+10)")
      /** @type {Map<string, string>} */
      const facts = new Map();
      for (const dl of sec.all((el) => el.tag === 'dl'))
        for (let i = 0; i + 1 < dl.children.length; i += 2)
          facts.set(dl.children[i].textContent, dl.children[i + 1].textContent);
      for (const k of ['die', 'stars', 'skulls']) {
        const m = /\(([+-−]?\d+)/.exec(facts.get(k) ?? '');
        assert.ok(m, `${set}: no points in the ${k} fact: ${facts.get(k)}`);
        sum += Number(m[1].replace('−', '-'));
      }
      const score = /score (-?\d+)/.exec(p1[1]);
      assert.ok(score, `${set}: no score in ${p1[1]}`);
      assert.equal(sum, Number(score[1]), `${set}: the points drawn add up to the engine's score`);
      // the legend's star and skull against the module's words
      const legend = /\* star ([+-]\d+) · x skull ([+-]\d+)/.exec(diagram);
      assert.ok(legend, `${set}: no legend`);
      const over = arrowParty.turnText({ ...(await e.view(cat)), view: { phase: 'over' } }, OPTS);
      assert.ok(over.includes(`stars (${legend[1]}), skulls (${legend[2]})`), `${set}: star and skull: ${over}`);
    },
  );
});
