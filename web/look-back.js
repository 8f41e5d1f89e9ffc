// Looking back during play: choosing a line of the move log asks the server for this viewer's
// own view right after that move ({"type": "history", "line"}, docs/server.md), and the board
// shows it, view only, under a bar that names the move and offers the move before, the move
// after and "Back to the game" (Escape too). The server answers from this viewer's log, so a
// seat sees only its own past views and a spectator the public ones. Frames that arrive
// meanwhile are applied to the page as usual: the log grows, and the board shows them on return.

import { h, replace } from './dom.js';
import { t } from './i18n.js';
import { serverText } from './server-text.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').HistoryFrame} HistoryFrame */
/** @typedef {import('./log-panel.js').LogPanel} LogPanel */

export class LookBack {
  /**
   * @param {HTMLElement} before the element the bar goes before (the board)
   * @param {{send: (line: number) => boolean, log: LogPanel, redraw: () => void}} hooks
   */
  constructor(before, hooks) {
    this.hooks = hooks;
    /** @type {View | null} the past view on the board, or null: the game as it is */
    this.view = null;
    this.from = -1;
    this.to = -1;
    /** a history request is on its way */
    this.pending = false;
    this.bar = h('div', { id: 'look-back', class: 'look-back', role: 'status', 'aria-live': 'polite', hidden: true });
    before.before(this.bar);
    document.addEventListener('keydown', (ev) => {
      if (ev.key === 'Escape' && this.view) this.leave();
    });
  }

  /** Whether the board shows a past position. */
  get active() {
    return this.view !== null;
  }

  /**
   * Asks for the view after the move of log line `line`.
   * @param {number} line
   */
  ask(line) {
    if (!this.hooks.send(line)) {
      this.say(t('look.unsent'));
      return;
    }
    this.pending = true;
  }

  /**
   * The server's answer: the board shows it.
   * @param {HistoryFrame} frame
   */
  show(frame) {
    this.pending = false;
    if (!frame.view) return;
    this.view = frame.view;
    this.from = frame.from;
    this.to = frame.to;
    this.hooks.log.mark(this.from, this.to);
    this.drawBar();
    this.hooks.redraw();
    // the line was chosen far below the board (a phone's log, a short window): the page goes
    // up to the bar, with the past board under it
    const r = this.bar.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) this.bar.scrollIntoView({ block: 'start' });
  }

  /**
   * A history request refused (the log changed with an undo, or the line is gone).
   * @param {string} message
   */
  refused(message) {
    this.pending = false;
    this.say(t('look.refused', { why: serverText(message) }));
  }

  /** Back to the game as it is now, with everything that came meanwhile. */
  leave() {
    const was = this.active;
    this.view = null;
    this.from = this.to = -1;
    this.pending = false;
    this.hooks.log.mark(-1, -1);
    this.bar.hidden = true;
    replace(this.bar);
    if (was) this.hooks.redraw();
  }

  /** The status line over the past board. */
  status() {
    return t('look.status');
  }

  /** @param {string} message */
  say(message) {
    this.bar.hidden = false;
    replace(
      this.bar,
      h('span', { class: 'look-text' }, message),
      this.active ? h('button', { type: 'button', onclick: () => this.leave() }, t('look.back')) : null,
    );
  }

  drawBar() {
    const entries = this.hooks.log.entries;
    const first = entries[this.from];
    const what = first ? `${first.who === 'game' ? '' : first.who + ': '}${first.text}` : '';
    const moves = entries.length;
    this.bar.hidden = false;
    replace(
      this.bar,
      h('span', { class: 'look-text' }, t('look.bar', { what, line: this.from + 1, n: moves })),
      h(
        'span',
        { class: 'look-buttons' },
        h(
          'button',
          { type: 'button', class: 'minor', disabled: this.from <= 0, onclick: () => this.ask(this.from - 1) },
          t('look.earlier'),
        ),
        h(
          'button',
          { type: 'button', class: 'minor', disabled: this.to >= moves, onclick: () => this.ask(this.to) },
          t('look.later'),
        ),
        h('button', { type: 'button', class: 'back-to-game', onclick: () => this.leave() }, t('look.back')),
      ),
    );
  }
}
