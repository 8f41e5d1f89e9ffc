// How a seat is told apart on screen: a colour, and for players who do not see colours well a
// shape and the seat number as well (p1 a circle, p2 a triangle, p3 a square, p4 a diamond,
// p5 a pentagon). The colours are in style.css as --p1 … --p5; here are the shapes.

import { s } from './dom.js';
import { r } from './arrows.js';

/** @type {Record<string, string>} */
export const SHAPE_NAMES = {
  p1: 'circle',
  p2: 'triangle',
  p3: 'square',
  p4: 'diamond',
  p5: 'pentagon',
};

/**
 * The index of a seat name: p1 → 0.
 * @param {string} seat
 */
export function seatIndex(seat) {
  const n = Number(String(seat).slice(1));
  return Number.isInteger(n) && n > 0 ? n - 1 : 0;
}

/**
 * The outline of a seat's shape, centred on (cx, cy), about 2·rad wide.
 * @param {string} seat
 * @param {number} cx
 * @param {number} cy
 * @param {number} rad
 * @param {string} cls
 */
export function seatShape(seat, cx, cy, rad, cls) {
  /** @param {number[][]} pts */
  const poly = (pts) => s('polygon', { class: cls, points: pts.map(([x, y]) => `${r(x)},${r(y)}`).join(' ') });
  switch (SHAPE_NAMES[seat]) {
    case 'triangle':
      return poly([
        [cx, cy - rad * 1.1],
        [cx + rad * 1.05, cy + rad * 0.75],
        [cx - rad * 1.05, cy + rad * 0.75],
      ]);
    case 'square':
      return s('rect', {
        class: cls,
        x: r(cx - rad * 0.85),
        y: r(cy - rad * 0.85),
        width: r(rad * 1.7),
        height: r(rad * 1.7),
      });
    case 'diamond':
      return poly([
        [cx, cy - rad * 1.1],
        [cx + rad * 1.1, cy],
        [cx, cy + rad * 1.1],
        [cx - rad * 1.1, cy],
      ]);
    case 'pentagon': {
      const pts = [];
      for (let k = 0; k < 5; k++) {
        const a = -Math.PI / 2 + (k * 2 * Math.PI) / 5;
        pts.push([cx + rad * 1.05 * Math.cos(a), cy + rad * 1.05 * Math.sin(a)]);
      }
      return poly(pts);
    }
    default:
      return s('circle', { class: cls, cx: r(cx), cy: r(cy), r: r(rad) });
  }
}

/**
 * A seat badge: the seat's shape in its colour with its number inside.
 * @param {string} seat
 * @param {number} cx
 * @param {number} cy
 * @param {number} rad
 */
export function seatBadge(seat, cx, cy, rad) {
  const shiftY = SHAPE_NAMES[seat] === 'triangle' ? rad * 0.2 : 0;
  return s(
    'g',
    { class: `seat-badge ${seat}`, 'aria-hidden': 'true' },
    seatShape(seat, cx, cy, rad, 'seat-badge-shape'),
    s(
      'text',
      {
        x: r(cx),
        y: r(cy + shiftY + rad * 0.38),
        'font-size': r(rad * 1.1),
        'text-anchor': 'middle',
        class: 'seat-badge-text',
      },
      String(seatIndex(seat) + 1),
    ),
  );
}

/**
 * A small inline SVG badge for HTML text (player lists, the log).
 * @param {string} seat
 */
export function seatIcon(seat) {
  return s(
    'svg',
    { class: 'seat-icon', viewBox: '0 0 20 20', width: 20, height: 20, 'aria-hidden': 'true' },
    seatBadge(seat, 10, 10, 8.5),
  );
}
