// Hot-seat on one device (docs/web.md, "The app"): when this page holds several people's seats
// of a table and the turn passes from the seat shown to another of them, the page shows what
// the last player saw no longer: it drops the seat's connection, empties the board, the hands
// and the log, and covers the page with the hand-over screen, "Pass the device to Bob (p2)",
// until the next player says they are there; only then is that seat's view asked for and
// drawn. So nobody sees another's hand, covered pieces or secret choice, in any order of play
// (a secret step everyone chooses at once is played seat after seat).

import { h } from './dom.js';
import { t } from './i18n.js';

/** @typedef {import('./types.js').TableInfo} TableInfo */

export class HandOver {
  /**
   * @param {{held: () => string[], name: (seat: string) => string, leave: () => void,
   *          take: (seat: string) => void}} hooks held: this page's seats in seat order;
   *   leave: drop the connection and empty the screen; take: connect as that seat
   */
  constructor(hooks) {
    this.hooks = hooks;
    /** @type {HTMLElement | null} */
    this.el = null;
  }

  /** Whether the hand-over screen is up. */
  get shown() {
    return this.el !== null;
  }

  /**
   * After a frame: the seat that must take the device now, if the seat shown may not act and
   * another seat of this page may; the screen is shown for it.
   * @param {TableInfo | null} table
   * @param {string} seat the seat shown
   * @returns {boolean} whether the device is being handed over
   */
  after(table, seat) {
    const held = this.hooks.held();
    if (!table || table.status !== 'playing' || held.length < 2 || this.el) return Boolean(this.el);
    const acting = table.to_move ?? [];
    if (acting.includes(seat)) return false;
    const next = held.find((s) => acting.includes(s));
    if (!next) return false;
    this.hooks.leave();
    this.show(next);
    return true;
  }

  /**
   * The device handed to another seat of this page on demand (its switch "Play as p2"): the
   * same screen, so that the seat shown is never another's by surprise.
   * @param {string} next
   */
  pass(next) {
    if (this.el) return;
    this.hooks.leave();
    this.show(next);
  }

  /** @param {string} next */
  show(next) {
    const ready = h(
      'button',
      {
        type: 'button',
        class: 'handover-ready',
        onclick: () => {
          this.el?.remove();
          this.el = null;
          this.hooks.take(next);
        },
      },
      t('handover.ready', { name: this.hooks.name(next) }),
    );
    this.el = h(
      'div',
      { class: 'handover', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'handover-title' },
      h(
        'div',
        { class: 'handover-card' },
        h('h2', { id: 'handover-title' }, t('handover.title', { name: this.hooks.name(next) })),
        h('p', {}, t('handover.text', { name: this.hooks.name(next) })),
        ready,
      ),
    );
    document.body.append(this.el);
    ready.focus();
  }
}
