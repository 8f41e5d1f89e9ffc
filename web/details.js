// What a thing on the table is: a tap (or a click) on a piece, card or item (or the square
// holding it) that would choose nothing, a long press or a right click on anything, square or
// thing, or the key "i" on what has the keyboard focus opens a detail sheet. It says what is
// there as the viewer sees it (the words the drawing module wrote for screen readers, from the
// viewer's view only) and then the full text of each kind of thing shown (`data-ref`, set by
// the drawing modules from what the view shows): the entries `card`, `piece` and `item` print
// in the terminal, from GET /api/games/GAME/reference (?variant=SHA256 at a table playing a
// variant: its changed components' texts). A covered piece of another player names no kind, so
// its sheet holds only what everyone sees.

import { h, replace } from './dom.js';
import * as API from './api.js';
import { Picker } from './picker.js';
import { tokenKind } from './board.js';
import { t } from './i18n.js';
import { referenceLines } from './reference-words.js';

/** How long a press lasts before it opens the sheet, in ms. */
const LONG_PRESS_MS = 500;

/** @type {Map<string, Promise<Map<string, string>>>} */
const references = new Map();

/**
 * The reference entries of a game's built-in set or of one of its variants, by name, fetched
 * once.
 * @param {string} game
 * @param {string} [variant] the SHA-256 of a variant the server has loaded (a table's)
 * @returns {Promise<Map<string, string>>}
 */
export function referenceOf(game, variant) {
  const key = variant ? `${game}@${variant}` : game;
  let p = references.get(key);
  if (!p) {
    p = API.reference(game, variant).then((r) => new Map(r.entries.map((e) => [e.name, e.text])));
    references.set(key, p);
    p.catch(() => references.delete(key));
  }
  return p;
}

/** The width at which each game's reference is wrapped for a terminal (76 when written by hand). */
export const WRAPPED = { concardia: 80, evons: 78 };

/**
 * A reference text as lines for a narrow screen: a line the terminal's wrapping broke (its next
 * word would not have fitted) joins the line before, so that the page wraps it again at its own
 * width; lines ended on purpose, columns and indentation stay. Nothing is left out.
 * @param {string} text
 * @param {number} width the width the text was wrapped at
 * @returns {{indent: number, text: string}[]}
 */
export function reflow(text, width) {
  /** @type {{indent: number, text: string, last: number}[]} */
  const out = [];
  for (const line of text.replace(/\n$/, '').split('\n')) {
    const body = line.trimStart();
    const indent = line.length - body.length;
    const prev = out.at(-1);
    if (prev && body && indent >= prev.indent && prev.last + 1 + body.split(' ')[0].length > width) {
      prev.text += ` ${body}`;
      prev.last = line.length;
    } else {
      out.push({ indent, text: body, last: line.length });
    }
  }
  return out.map(({ indent, text }) => ({ indent, text }));
}

/**
 * A reference line's words, its notation (what a player types, between backticks: `place <piece>
 * <sq> <facing> shielded`) as code, in English in every language. A line whose backticks do not
 * pair is its own text.
 * @param {string} text
 */
export function withNotation(text) {
  const parts = text.split('`');
  if (parts.length % 2 === 0) return [text];
  return parts.map((p, i) => (i % 2 ? h('code', { lang: 'en' }, p) : p)).filter((p) => p !== '');
}

/**
 * The element a tap on `target` is about: a card, piece or item (`data-ref`), a square or
 * anything that picks a word (`data-token`).
 * @param {EventTarget | null} target
 * @param {HTMLElement} root
 */
function thingAt(target, root) {
  if (!(target instanceof Element)) return null;
  // what picks a word first (a square holding a piece is the square), else what has an entry
  for (const el of [target.closest('[data-token]'), target.closest('[data-ref], .cell')])
    if (el && root.contains(el)) return el;
  return null;
}

/**
 * What the sheet says of an element: its heading, the words for what is there, and the names
 * of the reference entries to show. A square takes the entries of everything on it.
 * @param {Element} el
 */
export function describe(el) {
  const cell = el.closest('.cell');
  const at = cell ?? el;
  const label = at.getAttribute('aria-label') ?? at.getAttribute('title') ?? '';
  /** @type {string[]} */
  const names = [];
  for (const x of cell ? [cell, ...cell.querySelectorAll('[data-ref]')] : [el]) {
    for (const n of (x.getAttribute('data-ref') ?? '').split(' ')) if (n && !names.includes(n)) names.push(n);
  }
  const token = cell?.getAttribute('data-token');
  return {
    heading: token ? t('details.square', { square: token }) : label.split(/[:.;(：（]/)[0].trim() || t('details.title'),
    label,
    names,
  };
}

export class Details {
  /**
   * @param {HTMLElement[]} roots where things are tapped (the board, the players' panels)
   * @param {{game: () => string | undefined, variant?: () => string | undefined,
   *   picker: () => Picker | null, takes?: () => boolean}} o the game on screen, the SHA-256 of
   *   the variant it is played with (undefined: the built-in set), the choice of the player to
   *   move (null when nothing is chosen), and whether the page takes every click on a word now
   *   (a premove composed by clicks: the sheet then opens by a long press or a right click)
   */
  constructor(roots, o) {
    this.o = o;
    this.heading = h('h2', { id: 'detail-title' });
    this.body = h('div', { class: 'detail-body' });
    this.close = h(
      'button',
      { type: 'button', class: 'detail-close', 'aria-label': t('details.close') },
      t('details.close'),
    );
    this.dialog = /** @type {HTMLDialogElement} */ (
      h(
        'dialog',
        { id: 'detail', class: 'detail-sheet', 'aria-labelledby': 'detail-title' },
        h('div', { class: 'detail-head' }, this.heading, this.close),
        this.body,
      )
    );
    document.body.appendChild(this.dialog);
    /** @type {{root: HTMLElement, token: string | null, el: Element} | null} */
    this.opener = null;
    this.close.addEventListener('click', () => this.dialog.close());
    this.dialog.addEventListener('close', () => this.restoreFocus());
    // a tap outside the sheet's box (on the backdrop) closes it
    this.dialog.addEventListener('click', (ev) => {
      // the click that ends a long press lands on the sheet just opened: it closes nothing
      if (this.pressed) {
        this.pressed = false;
        return;
      }
      if (ev.target === this.dialog) this.dialog.close();
    });
    /** @type {number | undefined} */
    this.timer = undefined;
    this.pressed = false;
    for (const root of roots) this.watch(root);
  }

  /** @param {HTMLElement} root */
  watch(root) {
    // The thing a press began on: a frame may redraw the board between a finger's down and up,
    // and the click then lands on the new board's container (the Screen does the same).
    /** @type {{token: string, at: number} | null} */
    let down = null;
    root.addEventListener(
      'pointerdown',
      (ev) => {
        const el = thingAt(ev.target, root);
        const token = el?.getAttribute('data-token');
        down = token ? { token, at: ev.timeStamp } : null;
      },
      true,
    );
    /** @param {Event} ev */
    const pressedThing = (ev) => {
      const el = thingAt(ev.target, root);
      if (el || !down || ev.timeStamp - down.at >= 1000) return el;
      return root.querySelector(`[data-token="${CSS.escape(down.token)}"]`);
    };
    // before the page's own click handler: a tap that would choose nothing opens the sheet
    root.addEventListener(
      'click',
      (ev) => {
        if (this.pressed) {
          this.pressed = false;
          ev.stopPropagation();
          ev.preventDefault();
          return;
        }
        const el = pressedThing(ev);
        down = null;
        if (!el) return;
        const token = el.getAttribute('data-token');
        if (token && this.usable(token, tokenKind(el))) return;
        // a plain click on what has no entry (an empty square) keeps the page's own answer
        if (!describe(el).names.length) return;
        ev.stopPropagation();
        ev.preventDefault();
        this.open(el, root);
      },
      true,
    );
    root.addEventListener('contextmenu', (ev) => {
      const el = thingAt(ev.target, root);
      if (!el) return;
      ev.preventDefault();
      if (!this.dialog.open) this.open(el, root);
    });
    root.addEventListener('pointerdown', (ev) => {
      if (ev.pointerType === 'mouse') return;
      const el = thingAt(ev.target, root);
      if (!el) return;
      const x = ev.clientX;
      const y = ev.clientY;
      clearTimeout(this.timer);
      this.pressed = false;
      const stop = () => clearTimeout(this.timer);
      const moved = (/** @type {PointerEvent} */ e) => {
        if (Math.hypot(e.clientX - x, e.clientY - y) > 10) stop();
      };
      root.addEventListener('pointerup', stop, { once: true });
      root.addEventListener('pointercancel', stop, { once: true });
      root.addEventListener('pointermove', moved);
      this.timer = window.setTimeout(() => {
        root.removeEventListener('pointermove', moved);
        this.pressed = true; // the click that ends the press chooses nothing
        if (!this.dialog.open) this.open(el, root);
      }, LONG_PRESS_MS);
    });
    root.addEventListener('keydown', (ev) => {
      if (ev.key !== 'i' && ev.key !== '?') return;
      const el = thingAt(ev.target, root);
      if (!el) return;
      ev.preventDefault();
      this.open(el, root);
    });
  }

  /**
   * Whether a click on a token chooses something now (the page's chooser takes it): a word
   * chosen already (taken back), a next word, or the first word of another action, as a word
   * of its kind (a square, or a card or item).
   * @param {string} token
   * @param {import('./picker.js').Kind} kind
   */
  usable(token, kind) {
    if (this.o.takes?.()) return true;
    const p = this.o.picker();
    if (!p || !p.legal.length) return false;
    const byKind = kind === 'square' ? 'squares' : 'things';
    return (
      p.chosenByKind()[byKind].has(token) ||
      p.options()[byKind].has(token) ||
      new Picker(p.legal, p.kindsOf).choose(token, kind)
    );
  }

  /**
   * Opens the sheet for an element.
   * @param {Element} el
   * @param {HTMLElement} root
   */
  open(el, root) {
    const d = describe(el);
    this.opener = { root, token: el.getAttribute('data-token'), el };
    replace(this.heading, d.heading);
    const entries = h('div', { class: 'detail-entries' });
    replace(this.body, h('p', { class: 'detail-what' }, d.label), entries);
    getSelection()?.removeAllRanges(); // a long press may have selected words under the finger
    if (!this.dialog.open) this.dialog.showModal();
    this.close.focus();
    const game = this.o.game();
    if (!game || !d.names.length) return;
    replace(entries, h('p', { class: 'detail-loading' }, t('details.loading')));
    referenceOf(game, this.o.variant?.())
      .then((ref) => {
        const found = d.names.filter((n) => ref.has(n));
        replace(
          entries,
          found.map((n) => {
            const lines = reflow(ref.get(n) ?? '', WRAPPED[/** @type {keyof WRAPPED} */ (game)] ?? 76);
            // in the page's language where the catalogs say every line, else the engine's
            // English, marked so (docs/web.md, "Not yet translated")
            const said = referenceLines(lines.map((l) => l.text));
            return h(
              'div',
              { class: 'ref-text', 'data-entry': n, lang: said ? null : 'en' },
              lines.map((l, i) =>
                h(
                  'p',
                  { class: 'ref-line', style: `padding-left: ${l.indent}ch` },
                  ...withNotation(said ? said[i] : l.text),
                ),
              ),
            );
          }),
        );
      })
      .catch((e) => replace(entries, h('p', { class: 'error' }, t('details.failed', { why: e.message ?? e }))));
  }

  /** The focus goes back where it was: the element tapped, or its square after a redraw. */
  restoreFocus() {
    const o = this.opener;
    this.opener = null;
    if (!o) return;
    let el = o.el.isConnected ? o.el : null;
    if (!el && o.token) el = o.root.querySelector(`[data-token="${CSS.escape(o.token)}"]`);
    const focusable = el?.closest('button, [tabindex]');
    if (focusable instanceof HTMLElement || focusable instanceof SVGElement) focusable.focus({ preventScroll: true });
  }
}
