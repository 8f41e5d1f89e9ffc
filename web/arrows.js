// Directions and the arrows drawn on pieces and cards. Every game names board directions the
// same way (N towards the top of the board); the drawing modules turn a piece's or a card's
// printed arrows into board directions with `turn` and draw them with `arrowGlyph`.

import { s } from './dom.js';
import { t } from './i18n.js';

/** The eight directions, clockwise from north. */
export const DIRS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

/** @type {Record<string, string>} */
export const DIR_WORDS = Object.fromEntries(DIRS.map((d) => [d, t(`dir.${d}`)]));

/** @type {Record<string, string>} the arrow characters, for text and buttons */
export const DIR_CHARS = {
  N: '↑',
  NE: '↗',
  E: '→',
  SE: '↘',
  S: '↓',
  SW: '↙',
  W: '←',
  NW: '↖',
};

/**
 * A direction turned clockwise by `eighths` eighths of a turn (2 = 90°, 4 = 180°).
 * @param {string} dir
 * @param {number} eighths
 */
export function turn(dir, eighths) {
  const i = DIRS.indexOf(dir);
  if (i < 0) return dir;
  return DIRS[(((i + eighths) % 8) + 8) % 8];
}

/**
 * The screen vector of a direction (x to the right, y downwards), unit steps.
 * @param {string} dir
 * @returns {[number, number]}
 */
export function vector(dir) {
  const i = DIRS.indexOf(dir);
  const dx = [0, 1, 1, 1, 0, -1, -1, -1][i] ?? 0;
  const dy = [-1, -1, 0, 1, 1, 1, 0, -1][i] ?? 0;
  return [dx, dy];
}

/**
 * An arrow from near (cx, cy) towards `dir`, ending `len` from the centre (diagonals reach
 * the same distance along each axis, so they end in the corners of a square). `count` 2 or 3
 * draws parallel shafts (a double or triple arrow); `mark` adds a small diamond on the shaft
 * (an ability arrow).
 * @param {number} cx
 * @param {number} cy
 * @param {string} dir
 * @param {{len: number, start?: number, width?: number, head?: number, count?: number,
 *          cls?: string, mark?: string | null}} o
 */
export function arrowGlyph(cx, cy, dir, o) {
  const [dx, dy] = vector(dir);
  const norm = Math.hypot(dx, dy) || 1;
  const ux = dx / norm;
  const uy = dy / norm;
  const reach = o.len * (dx && dy ? Math.SQRT2 : 1);
  const start = (o.start ?? 0) * (dx && dy ? Math.SQRT2 : 1);
  const head = o.head ?? o.len * 0.28;
  const width = o.width ?? o.len * 0.09;
  const count = o.count ?? 1;
  const gap = width * 2.6;
  const g = s('g', { class: o.cls ?? 'arrow' });
  for (let k = 0; k < count; k++) {
    const off = (k - (count - 1) / 2) * gap;
    // the perpendicular offset of a parallel shaft
    const px = -uy * off;
    const py = ux * off;
    const x0 = cx + ux * start + px;
    const y0 = cy + uy * start + py;
    const x1 = cx + ux * reach + px;
    const y1 = cy + uy * reach + py;
    g.appendChild(
      s('line', {
        x1: r(x0),
        y1: r(y0),
        x2: r(x1 - ux * width),
        y2: r(y1 - uy * width),
        'stroke-width': r(width),
        'stroke-linecap': 'round',
      }),
    );
    // the chevron head
    const bx = x1 - ux * head;
    const by = y1 - uy * head;
    const wx = -uy * head * 0.75;
    const wy = ux * head * 0.75;
    g.appendChild(
      s('polyline', {
        points: `${r(bx + wx)},${r(by + wy)} ${r(x1)},${r(y1)} ${r(bx - wx)},${r(by - wy)}`,
        'stroke-width': r(width),
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
        fill: 'none',
      }),
    );
  }
  if (o.mark) {
    const mx = cx + ux * (start + (reach - start) * 0.45);
    const my = cy + uy * (start + (reach - start) * 0.45);
    const m = head * 0.6;
    g.appendChild(
      s('polygon', {
        class: 'arrow-mark',
        points: `${r(mx)},${r(my - m)} ${r(mx + m)},${r(my)} ${r(mx)},${r(my + m)} ${r(mx - m)},${r(my)}`,
      }),
    );
    if (o.mark.length > 0 && o.mark !== '!') {
      g.appendChild(
        s(
          'text',
          {
            class: 'arrow-mark-letter',
            x: r(mx),
            y: r(my + m * 0.45),
            'font-size': r(m * 1.3),
            'text-anchor': 'middle',
          },
          o.mark,
        ),
      );
    }
  }
  return g;
}

/**
 * Rounds a coordinate to two decimals, to keep the SVG small.
 * @param {number} x
 */
export function r(x) {
  return Math.round(x * 100) / 100;
}
