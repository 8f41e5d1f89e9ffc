// The square grid every game is drawn on: an SVG with a viewBox (so it scales to any screen),
// file letters and rank numbers, and one group per cell that carries the cell's name in
// `data-token` and an accessible label. The drawing modules put their pieces and cards into
// those groups; interaction (which cells are targets, what a click does) is added from outside
// through `data-token`, so that the same drawing serves the table, replays and tutorials.

import { h, s } from './dom.js';
import { t } from './i18n.js';

/**
 * @typedef {Object} Grid
 * @property {SVGElement} svg        the board
 * @property {SVGElement} overlay    a layer above the cells (attack arrows, trails)
 * @property {number} cell           the size of a cell in SVG units
 * @property {(name: string) => SVGElement | undefined} at   the group of a cell
 * @property {(name: string) => [number, number] | undefined} center   a cell's centre
 */

/**
 * Draws an empty grid. `files` run west to east, `ranks` south to north; a cell is named
 * file + rank (a1, x0, o15).
 * @param {{files: string[], ranks: string[], cell?: number, title: string,
 *          cellClass?: (name: string) => string, label?: (name: string) => string}} o
 * @returns {Grid}
 */
export function drawGrid(o) {
  const cell = o.cell ?? 100;
  const margin = cell * 0.42;
  const w = o.files.length * cell + margin * 2;
  const hgt = o.ranks.length * cell + margin * 2;
  const svg = s('svg', {
    class: 'board',
    viewBox: `0 0 ${w} ${hgt}`,
    role: 'group',
    'aria-label': o.title,
    'data-files': o.files.join(' '),
    'data-ranks': o.ranks.join(' '),
  });
  svg.appendChild(s('rect', { class: 'board-bg', x: 0, y: 0, width: w, height: hgt, rx: cell * 0.12 }));
  /** @type {Map<string, SVGElement>} */
  const cells = new Map();
  /** @type {Map<string, [number, number]>} */
  const centers = new Map();
  const layer = s('g', { class: 'cells' });
  svg.appendChild(layer);
  let first = true;
  for (let ri = o.ranks.length - 1; ri >= 0; ri--) {
    for (let fi = 0; fi < o.files.length; fi++) {
      const name = o.files[fi] + o.ranks[ri];
      const x = margin + fi * cell;
      const y = margin + (o.ranks.length - 1 - ri) * cell;
      const g = s('g', {
        class: `cell ${o.cellClass ? o.cellClass(name) : ''}`.trim(),
        transform: `translate(${x} ${y})`,
        'data-token': name,
        role: 'button',
        tabindex: first ? 0 : -1,
        'aria-label': o.label ? o.label(name) : name,
      });
      first = false;
      g.appendChild(s('rect', { class: 'cell-bg', x: 1, y: 1, width: cell - 2, height: cell - 2, rx: cell * 0.06 }));
      layer.appendChild(g);
      cells.set(name, g);
      centers.set(name, [x + cell / 2, y + cell / 2]);
    }
  }
  // coordinates
  const coords = s('g', { class: 'coords', 'aria-hidden': 'true', 'font-size': cell * 0.26 });
  o.files.forEach((f, fi) => {
    coords.appendChild(
      s('text', { x: margin + fi * cell + cell / 2, y: hgt - margin * 0.28, 'text-anchor': 'middle' }, f),
    );
  });
  o.ranks.forEach((rk, ri) => {
    coords.appendChild(
      s(
        'text',
        {
          x: margin / 2,
          y: margin + (o.ranks.length - 1 - ri) * cell + cell / 2 + cell * 0.09,
          'text-anchor': 'middle',
        },
        rk,
      ),
    );
  });
  svg.appendChild(coords);
  const overlay = s('g', { class: 'overlay', 'aria-hidden': 'true' });
  svg.appendChild(overlay);
  svg.addEventListener('keydown', (ev) => moveFocus(/** @type {KeyboardEvent} */ (ev), svg, o.files, o.ranks));
  return { svg, overlay, cell, at: (n) => cells.get(n), center: (n) => centers.get(n) };
}

/**
 * Arrow keys move the keyboard focus from cell to cell (one tab stop for the whole board, as
 * in a grid widget); Enter and Space act as a click.
 * @param {KeyboardEvent} ev
 * @param {SVGElement} svg
 * @param {string[]} files
 * @param {string[]} ranks
 */
function moveFocus(ev, svg, files, ranks) {
  const target = /** @type {Element} */ (ev.target);
  const cell = target.closest('.cell');
  if (!cell) return;
  if (ev.key === 'Enter' || ev.key === ' ') {
    ev.preventDefault();
    cell.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    return;
  }
  const steps = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  const step = steps[/** @type {keyof steps} */ (ev.key)];
  if (!step) return;
  const name = cell.getAttribute('data-token') ?? '';
  const m = /^([a-z]+)(\d+)$/.exec(name);
  if (!m) return;
  const fi = files.indexOf(m[1]) + step[0];
  const ri = ranks.indexOf(m[2]) + step[1];
  if (fi < 0 || ri < 0 || fi >= files.length || ri >= ranks.length) return;
  const next = svg.querySelector(`.cell[data-token="${files[fi]}${ranks[ri]}"]`);
  if (!next) return;
  ev.preventDefault();
  cell.setAttribute('tabindex', '-1');
  next.setAttribute('tabindex', '0');
  /** @type {SVGElement} */ (next).focus();
}

/**
 * Words of the picker by kind: those that stand for squares (the board's cells) and those that
 * stand for anything else (pieces, cards, items), so that a die named d4 never marks square d4.
 * @typedef {{squares: Iterable<string>, things: Iterable<string>}} ByKind
 */

/**
 * Marks the elements whose `data-token` is in `targets` (legal next choices), `selected`
 * (chosen so far) or `last` (the last move), inside `root`: a cell when its word is among the
 * squares, anything else when among the things.
 * @param {Element} root
 * @param {{targets?: ByKind, selected?: ByKind, last?: Iterable<string>}} hl
 */
export function applyHighlight(root, hl) {
  const targets = { squares: new Set(hl.targets?.squares ?? []), things: new Set(hl.targets?.things ?? []) };
  const selected = { squares: new Set(hl.selected?.squares ?? []), things: new Set(hl.selected?.things ?? []) };
  const last = new Set(hl.last ?? []);
  for (const el of root.querySelectorAll('[data-token]')) {
    const t = el.getAttribute('data-token') ?? '';
    const kind = tokenKind(el) === 'square' ? 'squares' : 'things';
    el.classList.toggle('target', targets[kind].has(t));
    el.classList.toggle('selected', selected[kind].has(t));
    el.classList.toggle('last', last.has(t));
  }
}

/**
 * What an element with a `data-token` stands for: a square of the board (a cell) or another
 * word (a piece in a holder, a card, an item).
 * @param {Element} el
 * @returns {import('./picker.js').Kind}
 */
export function tokenKind(el) {
  return el.classList.contains('cell') ? 'square' : 'word';
}

/**
 * A row of labelled facts (a definition list), used by every game's player panels.
 * @param {[string, string | number | Node][]} rows
 */
export function facts(rows) {
  return h(
    'dl',
    { class: 'facts' },
    rows.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
  );
}

/**
 * A player's hand of cards, used by the card games' player panels, titled by whose it is: the
 * viewer's "Your hand", wrapped in `.my-hand` (the strip above a phone's action sheet); any
 * other (the replay's referee sees every hand) by its seat, with the person's name when the
 * page knows one ("Hand of p2", "Hand of Alex (p2)").
 * @param {Node[]} cards the cards drawn, in the hand's order
 * @param {string} seat whose hand it is
 * @param {string} viewer the view's viewer
 * @param {(seat: string) => string} name how the page calls a seat
 */
export function handStrip(cards, seat, viewer, name) {
  const mine = seat === viewer;
  const title = mine ? t('board.your-hand') : t('board.hand-of', { name: name(seat) });
  return h(
    'div',
    { class: mine ? 'my-hand' : 'hand-strip' },
    h('h4', {}, title),
    h(
      'div',
      {
        class: 'cards hand',
        role: 'group',
        'aria-label': mine ? t('board.your-hand') : t('board.hand-of', { name: seat }),
      },
      cards.length ? cards : h('p', { class: 'none' }, t('board.empty')),
    ),
  );
}

/**
 * The list of files a..z (as many as needed).
 * @param {number} n
 */
export function files(n) {
  return Array.from({ length: n }, (_, i) => String.fromCharCode(97 + i));
}

/**
 * The ranks 1..n as strings.
 * @param {number} n
 * @param {number} [from]
 */
export function ranks(n, from = 1) {
  return Array.from({ length: n }, (_, i) => String(i + from));
}
