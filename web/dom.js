// Creating HTML and SVG elements in one call, so that the drawing modules read like the
// picture they make. Text always goes in as text nodes (never as markup), so nothing that comes
// from a server or a file can inject elements.

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** @typedef {Node | string | number | null | undefined | false} Child */
/** @typedef {Child | Child[] | Child[][] | Child[][][]} Children */
/** @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} Attrs */

/**
 * Sets attributes and children on an element: `on…` keys add listeners, `class` sets the
 * class, false/null/undefined values are left out, true sets an empty attribute.
 * @template {Element} E
 * @param {E} el
 * @param {Attrs} attrs
 * @param {Children[]} children
 * @returns {E}
 */
function fill(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, ...children);
  return el;
}

/**
 * Appends children, skipping empty ones; strings and numbers become text nodes.
 * @param {Node} parent
 * @param {...Children} children
 */
export function append(parent, ...children) {
  for (const child of /** @type {Child[]} */ (children.flat(Infinity))) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/**
 * An HTML element.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Children} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, /** @type {Child[]} */ (children.flat(Infinity)));
}

/**
 * An SVG element.
 * @param {string} tag
 * @param {Attrs} [attrs]
 * @param {...Children} children
 * @returns {SVGElement}
 */
export function s(tag, attrs = {}, ...children) {
  return fill(
    /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag)),
    attrs,
    /** @type {Child[]} */ (children.flat(Infinity)),
  );
}

/**
 * Replaces every child of an element.
 * @param {Element} el
 * @param {...Children} children
 */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, ...children);
}

/**
 * An element of the page by its id. A page without it is broken: said at once, naming the page
 * and the id, rather than as a failure on null later.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`${location.pathname} lacks #${id}`);
  return el;
}

/**
 * A number with a sign, as dice and modifiers are written: +1, 0, -1.
 * @param {number} n
 */
export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/**
 * "1 piece", "2 pieces".
 * @param {number} n
 * @param {string} one
 * @param {string} [many]
 */
export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : (many ?? one + 's')}`;
}
