// Small pictures shared by the drawing modules: a cover (an eye struck through), a shield, a
// star (bonus pieces and Arrow Party's stars), a skull, a die face. Each is drawn centred on
// (cx, cy) with about `size` of width, in the current colour unless a class says otherwise.

import { s } from '../dom.js';
import { r } from '../arrows.js';

/**
 * @param {number} cx
 * @param {number} cy
 * @param {number} size
 * @param {string} [cls]
 */
export function coverIcon(cx, cy, size, cls = 'icon-cover') {
  const w = size / 2;
  const hh = size * 0.3;
  return s(
    'g',
    { class: cls },
    s('path', {
      d: `M${r(cx - w)},${r(cy)} Q${r(cx)},${r(cy - hh * 2)} ${r(cx + w)},${r(cy)} Q${r(cx)},${r(cy + hh * 2)} ${r(cx - w)},${r(cy)} Z`,
      'stroke-width': r(size * 0.08),
      fill: 'none',
    }),
    s('circle', { cx: r(cx), cy: r(cy), r: r(size * 0.16), 'stroke-width': r(size * 0.08), fill: 'none' }),
    s('line', {
      x1: r(cx - w * 0.9),
      y1: r(cy + w * 0.9),
      x2: r(cx + w * 0.9),
      y2: r(cy - w * 0.9),
      'stroke-width': r(size * 0.09),
      'stroke-linecap': 'round',
    }),
  );
}

/**
 * @param {number} cx
 * @param {number} cy
 * @param {number} size
 * @param {string} [cls]
 */
export function shieldIcon(cx, cy, size, cls = 'icon-shield') {
  const w = size * 0.42;
  const top = cy - size * 0.48;
  return s('path', {
    class: cls,
    d: `M${r(cx - w)},${r(top)} L${r(cx + w)},${r(top)} L${r(cx + w)},${r(cy)} Q${r(cx + w)},${r(cy + size * 0.35)} ${r(cx)},${r(cy + size * 0.5)} Q${r(cx - w)},${r(cy + size * 0.35)} ${r(cx - w)},${r(cy)} Z`,
  });
}

/**
 * @param {number} cx
 * @param {number} cy
 * @param {number} size
 * @param {string} [cls]
 */
export function starIcon(cx, cy, size, cls = 'icon-star') {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    const rad = (k % 2 === 0 ? 0.5 : 0.21) * size;
    pts.push(`${r(cx + rad * Math.cos(a))},${r(cy + rad * Math.sin(a))}`);
  }
  return s('polygon', { class: cls, points: pts.join(' ') });
}

/**
 * @param {number} cx
 * @param {number} cy
 * @param {number} size
 * @param {string} [cls]
 */
export function skullIcon(cx, cy, size, cls = 'icon-skull') {
  const u = size / 10;
  return s(
    'g',
    { class: cls },
    s('path', {
      d: `M${r(cx - 4 * u)},${r(cy + 1 * u)} A${r(4.3 * u)},${r(4.3 * u)} 0 1 1 ${r(cx + 4 * u)},${r(cy + 1 * u)} L${r(cx + 2.6 * u)},${r(cy + 2.6 * u)} L${r(cx + 2.6 * u)},${r(cy + 4.6 * u)} L${r(cx - 2.6 * u)},${r(cy + 4.6 * u)} L${r(cx - 2.6 * u)},${r(cy + 2.6 * u)} Z`,
    }),
    s('circle', { class: 'icon-hole', cx: r(cx - 1.7 * u), cy: r(cy - 0.6 * u), r: r(1.3 * u) }),
    s('circle', { class: 'icon-hole', cx: r(cx + 1.7 * u), cy: r(cy - 0.6 * u), r: r(1.3 * u) }),
  );
}

/**
 * A die showing a text (a modifier such as +1, or a number).
 * @param {number} cx
 * @param {number} cy
 * @param {number} size
 * @param {string} text
 */
export function dieIcon(cx, cy, size, text) {
  return s(
    'g',
    { class: 'icon-die' },
    s('rect', { x: r(cx - size / 2), y: r(cy - size / 2), width: r(size), height: r(size), rx: r(size * 0.18) }),
    s('text', { x: r(cx), y: r(cy + size * 0.17), 'font-size': r(size * 0.48), 'text-anchor': 'middle' }, text),
  );
}
