// Evons drawn from a viewer's View JSON: the 7 × 7 board with its main zone (a1–e5) framed and
// the out zone around it, each card with its element, cost, ATK and current DEF and its arrows
// (ability arrows marked) turned to face its controller, covered and Growth-placed cards,
// blocks; the credits, the viewer's hand, graveyards, removed cards and the chain stack.
// What is printed on the cards comes from the view's catalogue, through `cardOf`; a card on
// the board shows the current ATK and DEF the view gives.

import { h, s } from '../dom.js';
import { t, has } from '../i18n.js';
import { turn, r, DIR_WORDS } from '../arrows.js';
import { drawGrid, facts, handStrip } from '../board.js';
import { seatBadge, seatIcon } from '../seat-marks.js';
import { perCatalogue } from './catalogue.js';
import { coverIcon } from './icons.js';

export const name = 'evons';
export const title = 'Evons';
export const blurb = t('ev.blurb');
/** The cards' words are small on a phone: the board zooms and pans there (phone.js). */
export const zoomable = true;

/** Each element's two letters on a card (as the text diagrams write them) and its word. */
/** @type {Record<string, {short: string, word: string}>} */
const ELEMENTS = {
  fire: { short: 'Fi', word: t('ev.el.fire') },
  water: { short: 'Wa', word: t('ev.el.water') },
  earth: { short: 'Ea', word: t('ev.el.earth') },
  electric: { short: 'El', word: t('ev.el.electric') },
  nature: { short: 'Na', word: t('ev.el.nature') },
  darkness: { short: 'Da', word: t('ev.el.darkness') },
};

/** @typedef {import('../types.js').EvonsView} EvonsView */
/** @typedef {import('../types.js').EvonsCard} EvonsCard */
/** @typedef {import('../types.js').EvonsCatalogue} Catalogue */
/** @typedef {{catalogue?: Catalogue}} Printed what carries the catalogue: a view */

/**
 * A card as this module draws it: a monster's name from its id (`cinder-pup`: Cinder Pup), its
 * element's word, and each arrow with the name of its ability (null for a plain arrow); a
 * block has its element only.
 * @typedef {{id: string, name: string, element: string, block: boolean, cost: number, atk: number,
 *            def: number, arrows: {dir: string, ability: string | null}[]}} Card
 */

/** The cards of a catalogue by id. */
const cardsIn = perCatalogue(
  /** @param {Catalogue} cat */ (cat) =>
    /** @type {Map<string, Card>} */ (
      new Map(
        (cat.cards ?? []).map((c) => [
          c.id,
          {
            id: c.id,
            name: capitals(c.id.replace(/-/g, ' ')),
            element: ELEMENTS[c.element]?.word ?? capitals(c.element),
            block: c.type === 'block',
            cost: c.cost ?? 0,
            atk: c.atk ?? 0,
            def: c.def ?? 0,
            arrows: (c.arrows ?? []).map((dir) => {
              const kind = c.abilities?.[dir]?.kind;
              return { dir, ability: kind ? capitals(kind) : null };
            }),
          },
        ]),
      )
    ),
  () => new Map(),
);

/**
 * The card of an id in a view's catalogue, or null (an unknown id, or a view without a
 * catalogue). The one place that reads the catalogue's shape.
 * @param {Printed} vj
 * @param {string} id
 * @returns {Card | null}
 */
export function cardOf(vj, id) {
  return cardsIn(vj).get(id) ?? null;
}

/**
 * Words with a capital first letter each.
 * @param {string} words
 */
function capitals(words) {
  return words.replace(/(^| )([a-z])/g, (_m, sep, l) => sep + l.toUpperCase());
}

/**
 * A card's face in a 100 × 100 box: a monster, a block, or a face-down card (with, for its
 * owner, the identity written faintly under the cover mark). A card on the board shows the
 * current ATK and DEF when the view gives them, else the printed ATK and DEF less its damage.
 * @param {Printed} vj
 * @param {{card?: string, controller: string, owner?: string, covered?: boolean, growth?: boolean, damage?: number,
 *          atk?: number, def?: number}} c
 */
export function cardFace(vj, c) {
  const ctrl = c.controller;
  const known = c.card ? cardOf(vj, c.card) : null;
  const m = known && !known.block ? known : null;
  const blk = known?.block ? known.element : null;
  const element = known?.element ?? '';
  const g = s('g', { class: `ecard ${ctrl}${c.covered ? ' covered' : ''} el-${element.toLowerCase() || 'none'}` });
  g.appendChild(s('rect', { class: 'ecard-bg', x: 5, y: 5, width: 90, height: 90, rx: 9 }));
  if (c.covered) {
    g.appendChild(s('rect', { class: 'tile-hatch', x: 5, y: 5, width: 90, height: 90, rx: 9 }));
    g.appendChild(coverIcon(50, m ? 70 : 50, m ? 22 : 36, 'icon-cover'));
    if (m) nameLines(g, m.name, 'ecard-hidden-name', 34);
    if (c.growth)
      g.appendChild(s('text', { class: 'ecard-growth', x: 84, y: 90, 'font-size': 15, 'text-anchor': 'middle' }, 'G'));
    return g;
  }
  g.appendChild(s('rect', { class: 'ecard-band', x: 5, y: 5, width: 90, height: 22, rx: 9 }));
  g.appendChild(
    s(
      'text',
      { class: 'ecard-el', x: 17, y: 21, 'font-size': 12, 'text-anchor': 'middle' },
      ELEMENTS[element.toLowerCase()]?.short ?? '?',
    ),
  );
  if (blk) {
    g.appendChild(
      s('text', { class: 'ecard-name', x: 50, y: 60, 'font-size': 15, 'text-anchor': 'middle' }, t('ev.block-face')),
    );
    g.appendChild(s('text', { class: 'ecard-sub', x: 50, y: 78, 'font-size': 11, 'text-anchor': 'middle' }, element));
    return g;
  }
  if (!m) return g;
  g.appendChild(
    s('text', { class: 'ecard-cost', x: 83, y: 21, 'font-size': 12, 'text-anchor': 'middle' }, `${m.cost}¢`),
  );
  nameLines(g, m.name, 'ecard-name', 40);
  const atk = c.atk ?? m.atk;
  const cur = c.def ?? m.def - (c.damage ?? 0);
  g.appendChild(
    s(
      'text',
      { class: `ecard-stat${atk !== m.atk ? ' changed' : ''}`, x: 28, y: 72, 'font-size': 19, 'text-anchor': 'middle' },
      String(atk),
    ),
  );
  g.appendChild(
    s(
      'text',
      { class: `ecard-stat${c.damage ? ' damaged' : ''}`, x: 72, y: 72, 'font-size': 19, 'text-anchor': 'middle' },
      String(cur),
    ),
  );
  g.appendChild(
    s('text', { class: 'ecard-stat-label', x: 28, y: 83, 'font-size': 8.5, 'text-anchor': 'middle' }, t('ev.atk')),
  );
  g.appendChild(
    s(
      'text',
      { class: 'ecard-stat-label', x: 72, y: 83, 'font-size': 8.5, 'text-anchor': 'middle' },
      c.damage ? t('ev.def-damaged', { n: c.damage }) : t('ev.def'),
    ),
  );
  const k = ctrl === 'p2' ? 4 : 0;
  for (const a of m.arrows) g.appendChild(edgeArrow(turn(a.dir, k), a.ability));
  return g;
}

/** The width of a card's name, between its side arrows, in the card's units (of 100). */
const NAME_WIDTH = 80;

/**
 * A card's whole name, never cut: on one line when it is short, else on two (split at the
 * space nearest the middle), clear of the side arrows. `y` is the first line's baseline.
 * @param {SVGElement} g
 * @param {string} nm
 * @param {string} cls
 * @param {number} y
 */
function nameLines(g, nm, cls, y) {
  /** @type {string[]} */
  let lines = [nm];
  if (nm.length > 11 && nm.includes(' ')) {
    const spaces = [...nm.matchAll(/ /g)].map((x) => x.index ?? 0);
    const at = spaces.reduce((a, b) => (Math.abs(b - nm.length / 2) < Math.abs(a - nm.length / 2) ? b : a));
    lines = [nm.slice(0, at), nm.slice(at + 1)];
  }
  // as large as the card's middle allows (9 px and more on a card 65 px wide): a line too long
  // for the space between the side arrows is narrowed to fit it rather than cut
  const size = 14;
  lines.forEach((line, i) => {
    const text = s(
      'text',
      { class: cls, x: 50, y: y + 2 + i * 13 - (lines.length - 1) * 6, 'font-size': size, 'text-anchor': 'middle' },
      line,
    );
    if (line.length * size * 0.6 > NAME_WIDTH) {
      text.setAttribute('textLength', String(NAME_WIDTH));
      text.setAttribute('lengthAdjust', 'spacingAndGlyphs');
    }
    g.appendChild(text);
  });
}

/**
 * An arrow on the card's edge: a plain triangle, or for an ability arrow a larger one with a
 * ring and the ability's initial.
 * @param {string} dir
 * @param {string | null} ability
 */
function edgeArrow(dir, ability) {
  const ex = { N: 0, NE: 1, E: 1, SE: 1, S: 0, SW: -1, W: -1, NW: -1 }[dir] ?? 0;
  const ey = { N: -1, NE: -1, E: 0, SE: 1, S: 1, SW: 1, W: 0, NW: -1 }[dir] ?? 0;
  const tipX = 50 + ex * 49;
  const tipY = 50 + ey * 49;
  const n = Math.hypot(ex, ey);
  const ux = ex / n;
  const uy = ey / n;
  const len = ability ? 17 : 12;
  const half = ability ? 10 : 7;
  const bx = tipX - ux * len;
  const by = tipY - uy * len;
  const tri = s('polygon', {
    class: ability ? 'ecard-arrow ability' : 'ecard-arrow',
    points: `${r(tipX)},${r(tipY)} ${r(bx - uy * half)},${r(by + ux * half)} ${r(bx + uy * half)},${r(by - ux * half)}`,
  });
  if (!ability) return tri;
  const cx = tipX - ux * len * 0.62;
  const cy = tipY - uy * len * 0.62;
  return s(
    'g',
    {},
    tri,
    s(
      'text',
      { class: 'ability-letter', x: r(cx), y: r(cy + 3.6), 'font-size': 10, 'text-anchor': 'middle' },
      ability[0],
    ),
  );
}

/**
 * Words for a card on the board or in a pile.
 * @param {Printed} vj
 * @param {Partial<EvonsCard> & {controller: string}} c
 * @param {import('./index.js').DrawOptions} o
 */
export function describeCard(vj, c, o) {
  const ctrl = o.name(c.controller);
  const owner = c.owner && c.owner !== c.controller ? t('ev.owned-by', { ctrl, owner: o.name(c.owner) }) : ctrl;
  const known = c.card ? cardOf(vj, c.card) : null;
  if (c.covered) {
    const said = known ? t('ev.face-down-known', { ctrl, card: known.name }) : t('ev.face-down', { ctrl });
    return c.growth ? t('ev.growth', { card: said }) : said;
  }
  if (known?.block) return t('ev.block', { ctrl, element: known.element });
  if (!known) return `${ctrl}: ${c.card}`;
  const m = known;
  const arrows = m.arrows
    .map((a) => DIR_WORDS[turn(a.dir, c.controller === 'p2' ? 4 : 0)] + (a.ability ? ` (${a.ability})` : ''))
    .join(', ');
  const atk = c.atk ?? m.atk;
  const def = c.def ?? m.def - (c.damage ?? 0);
  return t('ev.card', {
    owner,
    card: m.name,
    element: m.element,
    cost: m.cost,
    atk: atk !== m.atk ? t('ev.atk-changed', { n: atk, printed: m.atk }) : t('ev.atk-n', { n: atk }),
    def: def !== m.def ? t('ev.def-of', { n: def, of: m.def }) : t('ev.def-n', { n: def }),
    arrows,
  });
}

const FILES = ['x', 'a', 'b', 'c', 'd', 'e', 'y'];
const RANKS = ['0', '1', '2', '3', '4', '5', '6'];

/**
 * @param {string} cell
 */
function inMain(cell) {
  return /^[a-e][1-5]$/.test(cell);
}

/**
 * @param {EvonsView} vj
 * @param {import('./index.js').DrawOptions} o
 */
export function drawBoard(vj, o) {
  const v = vj.view;
  /** @type {Map<string, EvonsCard>} */
  const byCell = new Map((v.board ?? []).map((c) => [c.cell, c]));
  const stackCells = new Set((v.stack ?? []).map((e) => e.cell));
  const top = (v.stack ?? []).at(-1);
  const grid = drawGrid({
    files: FILES,
    ranks: RANKS,
    title: t('ev.board'),
    cellClass: (c) =>
      (inMain(c) ? 'main-zone' : 'out-zone') +
      (stackCells.has(c) ? ' on-stack' : '') +
      (top?.cell === c ? ' active-card' : ''),
    label: (cell) => {
      const c = byCell.get(cell);
      const zone = inMain(cell) ? t('ev.main-zone', { cell }) : t('ev.out-zone', { cell });
      let text = c ? `${zone}, ${describeCard(vj, c, o)}` : t('ta.square-empty', { square: zone });
      if (top?.cell === cell) text += `, ${t('ev.active')}`;
      return text;
    },
  });
  // the frame of the main zone
  const a5 = grid.center('a5');
  if (a5) {
    const cs = grid.cell;
    grid.overlay.appendChild(
      s('rect', { class: 'main-frame', x: a5[0] - cs / 2, y: a5[1] - cs / 2, width: cs * 5, height: cs * 5, rx: 6 }),
    );
  }
  for (const c of byCell.values()) {
    const g = grid.at(c.cell);
    if (!g) continue;
    // the card's kind, when the viewer sees it (face up, or their own face-down card)
    if (c.card) g.setAttribute('data-ref', c.card);
    g.appendChild(cardFace(vj, c));
    g.appendChild(seatBadge(c.controller, 14, 86, 7));
    if (c.owner && c.owner !== c.controller) {
      // the owner of a flipped card, between ATK and DEF, clear of the arrows on the edges
      g.appendChild(
        s(
          'text',
          { class: 'flip-mark', x: 50, y: 67, 'font-size': 8.5, 'text-anchor': 'middle' },
          t('ev.of', { seat: c.owner }),
        ),
      );
    }
  }
  if (top?.burn?.center) {
    const ctr = grid.center(top.burn.center);
    if (ctr) grid.overlay.appendChild(s('circle', { class: 'burn-ring', cx: ctr[0], cy: ctr[1], r: grid.cell * 0.62 }));
  }
  return grid.svg;
}

/**
 * A card in a hand or pile, as an inline SVG in a button (hand) or an image (piles).
 * @param {EvonsView} vj
 * @param {string} id
 * @param {string} seat
 * @param {import('./index.js').DrawOptions} o
 * @param {boolean} token
 */
function cardItem(vj, id, seat, o, token) {
  const face = s(
    'svg',
    { class: 'card-svg', viewBox: '0 0 100 100', 'aria-hidden': 'true' },
    cardFace(vj, { card: id, controller: seat }),
  );
  const label = describeCard(vj, { card: id, controller: seat }, o);
  if (!token)
    return h('span', { class: 'card-item', role: 'img', 'data-ref': id, 'aria-label': label, title: label }, face);
  return h(
    'button',
    { type: 'button', class: 'card-item', 'data-token': id, 'data-ref': id, 'aria-label': label, title: label },
    face,
  );
}

/**
 * @param {EvonsView} vj
 * @param {import('./index.js').DrawOptions} o
 */
export function drawPanels(vj, o) {
  const v = vj.view;
  const wrap = h('div', { class: 'players' });
  (v.players ?? []).forEach((pl, i) => {
    const seat = `p${i + 1}`;
    const toMove = vj.to_move === seat;
    const sec = h(
      'section',
      { class: `player ${seat}${toMove ? ' to-move' : ''}`, 'aria-label': o.name(seat) },
      h('h3', {}, seatIcon(seat), ' ', o.name(seat), toMove ? h('span', { class: 'badge' }, t('ta.to-move')) : null),
    );
    sec.appendChild(
      facts([
        [t('ev.score'), String(pl.score ?? 0)],
        [t('ev.credits'), String(pl.credits ?? 0)],
        [t('cc.hand'), t('cc.cards', { n: pl.hand_count ?? 0 })],
        [t('cc.deck'), t('cc.cards', { n: pl.deck_count ?? 0 })],
        [
          t('ev.first-hand'),
          pl.mulligan === null
            ? t('ev.not-decided')
            : pl.mulligan
              ? t('ev.returned', { n: pl.mulligan })
              : t('ev.kept'),
        ],
      ]),
    );
    if (pl.hand) {
      sec.appendChild(
        handStrip(
          pl.hand.map((/** @type {string} */ id) => cardItem(vj, id, seat, o, true)),
          seat,
          vj.viewer,
          o.name,
        ),
      );
    }
    if ((pl.graveyard ?? []).length) {
      sec.appendChild(h('h4', {}, t('ev.graveyard', { n: pl.graveyard.length })));
      sec.appendChild(
        h(
          'div',
          { class: 'cards small' },
          pl.graveyard.map((/** @type {string} */ id) => cardItem(vj, id, seat, o, true)),
        ),
      );
    }
    if ((pl.removed ?? []).length) {
      sec.appendChild(h('h4', {}, t('ev.removed', { n: pl.removed.length })));
      sec.appendChild(
        h(
          'div',
          { class: 'cards small' },
          pl.removed.map((/** @type {string} */ id) => cardItem(vj, id, seat, o, false)),
        ),
      );
    }
    wrap.appendChild(sec);
  });
  if ((v.stack ?? []).length) {
    /** @param {string} step */
    const stepWords = (step) => (has(`ev.step.${step}`) ? t(`ev.step.${step}`) : step);
    const byInst = new Map((v.board ?? []).map((c) => [c.inst, c]));
    wrap.appendChild(
      h(
        'section',
        { class: 'chain', 'aria-label': t('ev.chain') },
        h('h3', {}, t('ev.chain-title')),
        h(
          'ol',
          {},
          v.stack.map((e) => {
            const c = byInst.get(e.inst);
            const nm = (c?.card && cardOf(vj, c.card)?.name) || t('ev.card-n', { n: e.inst });
            const bits = [t('ev.on', { card: nm, cell: e.cell }), stepWords(e.step)];
            if ((e.used ?? []).length) bits.push(t('ev.used', { list: e.used.join(' ') }));
            if ((e.conflicts ?? []).length) bits.push(t('ev.conflicts', { list: e.conflicts.join(', ') }));
            if (e.burn) bits.push(t('ev.firestorm-on', { cell: e.burn.center, n: e.burn.left }));
            return h('li', {}, bits.join(' · '));
          }),
        ),
      ),
    );
  }
  const info = [t('ta.turn-of', { turn: (v.turns ?? 0) + 1, max: String(vj.params?.max_turns ?? '?') })];
  if (v.idle) info.push(t('ev.idle'));
  wrap.appendChild(h('p', { class: 'game-info' }, info.join(' · ')));
  return wrap;
}

/**
 * @param {EvonsView} vj
 * @param {import('./index.js').DrawOptions} o
 */
export function turnText(vj, o) {
  const v = vj.view;
  const you = vj.to_move === vj.viewer;
  const who = vj.to_move;
  const top = (v.stack ?? []).at(-1);
  switch (v.phase) {
    case 'over':
      return t('cc.over', {
        why: has(`ev.ended.${v.ended}`) ? t(`ev.ended.${v.ended}`) : String(v.ended ?? ''),
      });
    case 'mulligan':
      return you ? t('ev.mulligan-you') : t('ev.mulligan', { name: o.name(v.active) });
    case 'coin':
      return t('cc.coin');
    case 'chain':
      if (!you) return t('ev.resolves', { name: o.name(who) });
      if (top?.burn) return t('ev.firestorm', { n: top.burn.left, cell: top.burn.center });
      if (top?.step === 'conflicts') return t('ev.conflict-you');
      return t('ev.active-you', { cell: top?.cell ?? '' });
    default:
      return you ? (v.played ? t('ev.end-you') : t('ev.main-you')) : t('ta.to-move-name', { name: o.name(who) });
  }
}

/**
 * @param {string} word
 * @param {string[]} _chosen
 * @param {EvonsView} vj
 * @returns {string | Node}
 */
export function wordLabel(word, _chosen, vj) {
  const c = cardOf(vj, word);
  if (c) {
    return h(
      'span',
      { class: 'word-card' },
      s(
        'svg',
        { class: 'word-card-svg', viewBox: '0 0 100 100', 'aria-hidden': 'true' },
        cardFace(vj, { card: word, controller: vj.viewer === 'p2' ? 'p2' : 'p1' }),
      ),
      ' ',
      c.block ? t('ev.block-word', { element: c.element }) : c.name,
    );
  }
  if (DIR_WORDS[word]) return `${word} (${DIR_WORDS[word]})`;
  return has(`ev.word.${word}`) ? t(`ev.word.${word}`) : word;
}

/**
 * The kind of each word of an action (picker.js): the cells of `play`, `cover`, `reveal`,
 * `burn`, `conflict` and Magnetism's `ability <dir> <cell>` (docs/rules/evons.md, "Notation").
 * @param {string[]} action
 * @returns {import('../picker.js').Kind[]}
 */
export function wordKinds(action) {
  /** @type {number[]} */
  let squares = [];
  if (action[0] === 'play' || action[0] === 'cover') squares = [2];
  else if (action[0] === 'reveal' || action[0] === 'burn' || action[0] === 'conflict') squares = [1];
  else if (action[0] === 'ability' && /^[xa-ey][0-6]$/.test(action[2] ?? '')) squares = [2];
  return action.map((_, i) => (squares.includes(i) ? 'square' : 'word'));
}
