// The table page on a phone (up to 700 px wide): the move panel becomes a bottom action sheet
// and the viewer's hand (`.my-hand`, drawn by the game's module) a strip just above it, both
// fixed (style.css); this module measures them and gives the board the height left between
// the status and the strip, so that the board, the hand and the choices fit one screen. The
// boards of games whose module says `zoomable` (Arrow Party's area, Evons's cards) also zoom
// and pan: buttons (+, −, fit), a pinch of two fingers, a drag of one once zoomed in. The
// deepest zoom is the one at which the board's smallest label is 12 CSS px.

import { h } from './dom.js';
import { t } from './i18n.js';
import { gameModule } from './games/index.js';

/** Where the phone layout starts (the same width as style.css's). */
const PHONE = '(max-width: 700px)';
/** The smallest height the board is given, in CSS px, however little room is left. */
const MIN_BOARD = 220;
/** The share of the screen's height the board keeps, when its width allows it, before the action
 * sheet may take more: a sheet of many choices scrolls within itself rather than shrink the
 * board's squares (THREE ARROWS' went down to 31 px mid-game, Arrow Party's to 13). */
const BOARD_SHARE = 0.42;
/** The least height the action sheet keeps (its first choices), in CSS px. */
const MIN_SHEET = 120;
/** Each press of + or − zooms by this factor. */
const STEP = 1.5;
/** The size the smallest label reaches at the deepest zoom, in CSS px. */
const READABLE = 12;

/**
 * Makes the table page fit a phone: measures the action sheet and the hand strip, sizes the
 * board, and adds the zoom tools for zoomable boards.
 * @param {{board: HTMLElement, players: HTMLElement, move: HTMLElement, game: () => string | undefined}} els
 */
export function phoneLayout(els) {
  const phone = matchMedia(PHONE);
  const root = document.documentElement;
  const zoom = new Zoom(els.board, () => Boolean(gameModule(els.game())?.zoomable));
  els.board.before(zoom.tools);
  const typing = h(
    'button',
    { type: 'button', class: 'minor type-toggle', 'aria-expanded': 'false', 'aria-controls': 'move-panel' },
    t('move.type'),
  );
  typing.addEventListener('click', () => {
    const on = els.move.classList.toggle('typing');
    typing.setAttribute('aria-expanded', String(on));
    fit();
    if (on) /** @type {HTMLInputElement | null} */ (els.move.querySelector('#notation'))?.focus();
  });
  els.move.querySelector('.move-tools')?.append(typing);

  function fit() {
    const on = phone.matches;
    const hand = on ? els.players.querySelector('.my-hand') : null;
    // a strip fixed above the sheet (a game over keeps its hand in the page's flow)
    const strip = hand && getComputedStyle(hand).position === 'fixed' ? hand.getBoundingClientRect().height : 0;
    // the sheet leaves the board at least MIN_BOARD above the strip: a longer sheet scrolls
    // within itself rather than cover the board's lower rows
    const boardTop = els.board.getBoundingClientRect().top + scrollY;
    // the board's least height: the share of the screen, or its whole width when that is less
    const svg = els.board.querySelector('svg.board');
    const box = svg instanceof SVGSVGElement ? svg.viewBox.baseVal : null;
    const whole = box && box.width ? (els.board.clientWidth * box.height) / box.width : MIN_BOARD;
    const least = Math.max(MIN_BOARD, Math.min(whole, Math.floor(innerHeight * BOARD_SHARE)));
    const most = Math.max(MIN_SHEET, Math.floor(innerHeight - boardTop - strip - least - 10));
    root.style.setProperty('--sheet-max', `${most}px`);
    const sheet = on && !els.move.hidden ? Math.min(most, els.move.getBoundingClientRect().height) : 0;
    root.style.setProperty('--sheet-h', `${Math.ceil(sheet)}px`);
    root.style.setProperty('--strip-h', `${Math.ceil(strip)}px`);
    root.style.setProperty('--dock-h', `${Math.ceil(sheet + strip)}px`);
    const room = innerHeight - boardTop - sheet - strip - 10;
    root.style.setProperty('--board-max', `${Math.max(least, Math.floor(room))}px`);
    zoom.refresh();
  }
  new ResizeObserver(fit).observe(els.move);
  new ResizeObserver(fit).observe(document.body);
  new MutationObserver(fit).observe(els.players, { childList: true });
  // a board drawn (its shape known only then) is measured again
  new MutationObserver(fit).observe(els.board, { childList: true });
  phone.addEventListener('change', fit);
  addEventListener('resize', fit);
  fit();
  return { fit, zoom };
}

/** The zoom and pan of a board: a CSS transform on its SVG, kept across redraws. */
export class Zoom {
  /**
   * @param {HTMLElement} area the board's container (its SVG is replaced at every redraw)
   * @param {() => boolean} enabled whether the board on screen zooms
   */
  constructor(area, enabled) {
    this.area = area;
    this.enabled = enabled;
    this.k = 1;
    this.tx = 0;
    this.ty = 0;
    this.max = 4;
    /** @type {Map<number, {x: number, y: number}>} */
    this.pointers = new Map();
    /** @type {{d: number, k: number, bx: number, by: number} | null} */
    this.pinch = null;
    /** @type {{x: number, y: number, tx: number, ty: number, moved: boolean, cy: number} | null} */
    this.drag = null;
    this.swallow = false;
    const button = (/** @type {string} */ text, /** @type {string} */ label, /** @type {() => void} */ fn) =>
      h('button', { type: 'button', class: 'minor zoom-button', 'aria-label': label, title: label, onclick: fn }, text);
    this.plus = button('+', t('phone.zoom-in'), () => this.by(STEP));
    this.minus = button('−', t('phone.zoom-out'), () => this.by(1 / STEP));
    this.reset = button(t('phone.fit'), t('phone.whole'), () => this.set(1, 0, 0));
    this.level = h('span', { class: 'zoom-level', 'aria-live': 'polite' });
    this.tools = h(
      'div',
      { class: 'zoom-tools', role: 'group', 'aria-label': t('phone.zoom'), hidden: true },
      this.minus,
      this.plus,
      this.reset,
      this.level,
      h('span', { class: 'zoom-help' }, t('phone.help')),
    );
    area.addEventListener('pointerdown', (ev) => this.down(ev));
    area.addEventListener('pointermove', (ev) => this.move(ev));
    for (const t of ['pointerup', 'pointercancel', 'pointerleave'])
      area.addEventListener(t, (ev) => this.up(/** @type {PointerEvent} */ (ev)));
    // a drag that moved the board is not a tap on a square
    area.addEventListener(
      'click',
      (ev) => {
        if (!this.swallow) return;
        this.swallow = false;
        ev.stopImmediatePropagation(); // nor a detail sheet (details.js listens here too)
        ev.preventDefault();
      },
      true,
    );
  }

  /** The board's SVG, or null. */
  svg() {
    return /** @type {SVGSVGElement | null} */ (this.area.querySelector('svg.board'));
  }

  /** After a redraw or a resize: the tools shown or not, the deepest zoom, the transform. */
  refresh() {
    const on = this.enabled() && matchMedia(PHONE).matches;
    this.tools.hidden = !on;
    this.area.classList.toggle('zoomable', on);
    if (!on) {
      this.k = 1;
      this.tx = this.ty = 0;
    } else {
      this.max = this.deepest();
    }
    this.apply();
  }

  /** The zoom at which the smallest label of the board is READABLE px (at least 2, at most 8). */
  deepest() {
    const svg = this.svg();
    if (!svg) return 4;
    const box = svg.viewBox.baseVal;
    // the drawing's scale at zoom 1: the SVG keeps its aspect within its box
    const rect = svg.getBoundingClientRect();
    const perUnit =
      box && box.width && box.height ? Math.min(rect.width / box.width, rect.height / box.height) / this.k : 0;
    let smallest = Infinity;
    for (const t of svg.querySelectorAll('text')) {
      const size = parseFloat(getComputedStyle(t).fontSize);
      if (size > 0 && size < smallest) smallest = size;
    }
    if (!perUnit || !Number.isFinite(smallest)) return 4;
    return Math.min(8, Math.max(2, READABLE / (smallest * perUnit)));
  }

  /** @param {number} f */
  by(f) {
    const mx = this.area.clientWidth / 2;
    const my = this.area.clientHeight / 2;
    this.zoomAt(this.k * f, (mx - this.tx) / this.k, (my - this.ty) / this.k, mx, my);
  }

  /**
   * Zooms to k (within 1 and the deepest) with the board's point (bx, by) (in the board's own
   * pixels at zoom 1) under the area's point (mx, my).
   * @param {number} k
   * @param {number} bx
   * @param {number} by
   * @param {number} mx
   * @param {number} my
   */
  zoomAt(k, bx, by, mx, my) {
    const nk = Math.min(this.max, Math.max(1, k));
    this.set(nk, mx - bx * nk, my - by * nk);
  }

  /**
   * @param {number} k
   * @param {number} tx
   * @param {number} ty
   */
  set(k, tx, ty) {
    this.k = k;
    this.tx = tx;
    this.ty = ty;
    this.apply();
  }

  /** Keeps the board covering its area, and draws the transform. */
  apply() {
    const svg = this.svg();
    const w = this.area.clientWidth;
    const hh = this.area.clientHeight;
    this.tx = Math.min(0, Math.max(w - w * this.k, this.tx));
    this.ty = Math.min(0, Math.max(hh - hh * this.k, this.ty));
    if (this.k <= 1.001) this.tx = this.ty = 0;
    if (svg) {
      svg.style.transformOrigin = '0 0';
      svg.style.transform = this.k > 1.001 ? `translate(${this.tx}px, ${this.ty}px) scale(${this.k})` : '';
    }
    this.area.dataset.zoom = this.k.toFixed(2);
    this.area.classList.toggle('zoomed', this.k > 1.001);
    this.plus.disabled = this.k >= this.max - 0.001;
    this.minus.disabled = this.k <= 1.001;
    this.reset.disabled = this.k <= 1.001;
    this.level.textContent = `${Math.round(this.k * 100)} %`;
  }

  /** @param {PointerEvent} ev */
  local(ev) {
    const r = this.area.getBoundingClientRect();
    return { x: ev.clientX - r.left, y: ev.clientY - r.top };
  }

  /** @param {PointerEvent} ev */
  down(ev) {
    // a new touch: the click to swallow was the one ending the drag before, if it ever came
    // (a drag ends with none): this touch's own click goes through
    this.swallow = false;
    if (!this.area.classList.contains('zoomable') || ev.pointerType === 'mouse') return;
    this.pointers.set(ev.pointerId, this.local(ev));
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.pinch = {
        d: Math.hypot(a.x - b.x, a.y - b.y) || 1,
        k: this.k,
        bx: ((a.x + b.x) / 2 - this.tx) / this.k,
        by: ((a.y + b.y) / 2 - this.ty) / this.k,
      };
      this.drag = null;
    } else if (this.pointers.size === 1) {
      const p = this.local(ev);
      this.drag = { x: p.x, y: p.y, tx: this.tx, ty: this.ty, moved: false, cy: ev.clientY };
    }
  }

  /** @param {PointerEvent} ev */
  move(ev) {
    if (!this.pointers.has(ev.pointerId)) return;
    this.pointers.set(ev.pointerId, this.local(ev));
    if (this.pinch && this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      const p = this.pinch;
      this.zoomAt((p.k * d) / p.d, p.bx, p.by, (a.x + b.x) / 2, (a.y + b.y) / 2);
      this.swallow = true;
      ev.preventDefault();
      return;
    }
    const dr = this.drag;
    if (!dr) return;
    const p = this.local(ev);
    const dx = p.x - dr.x;
    const dy = p.y - dr.y;
    if (!dr.moved && Math.hypot(dx, dy) < 8) return;
    dr.moved = true;
    this.swallow = true;
    if (this.k > 1.001) {
      this.set(this.k, dr.tx + dx, dr.ty + dy);
    } else {
      // the whole board is shown: a drag scrolls the page, as it would anywhere else
      scrollBy(0, dr.cy - ev.clientY);
      dr.cy = ev.clientY;
    }
    ev.preventDefault();
  }

  /** @param {PointerEvent} ev */
  up(ev) {
    this.pointers.delete(ev.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (this.pointers.size === 0) {
      this.drag = null;
      // a tap that did not move: its click goes through
      if (!this.swallow) return;
      setTimeout(() => (this.swallow = false), 400);
    }
  }
}
