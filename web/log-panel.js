// The move log: the moves and their narrated consequences as the server words them for this
// viewer ({"who": "p1" | "chance", "text": …}: a move, or what followed from it under the
// mover's name), in an aria-live list so that a screen reader
// announces each new line. The page adds nothing of its own to the wording.

import { h, s, replace } from './dom.js';
import { seatIcon } from './seat-marks.js';
import { dieIcon } from './games/icons.js';

/** @typedef {{who: string, text: string}} LogEntry */

export class LogPanel {
  /**
   * @param {HTMLOListElement} list the `ol` to fill (it should carry aria-live)
   * @param {(seat: string) => string} name how to call a seat
   */
  constructor(list, name) {
    this.list = list;
    this.name = name;
    /** @type {LogEntry[]} */
    this.entries = [];
  }

  /**
   * Replaces the whole log (a snapshot).
   * @param {LogEntry[]} entries
   */
  reset(entries) {
    this.entries = [];
    replace(this.list);
    this.add(entries);
  }

  /**
   * Appends entries (an update) and scrolls to the newest.
   * @param {LogEntry[]} entries
   */
  add(entries) {
    for (const e of entries ?? []) {
      if (!e || typeof e.text !== 'string') continue;
      this.entries.push(e);
      const who = String(e.who ?? '');
      const icon =
        who === 'chance'
          ? s(
              'svg',
              { class: 'seat-icon', viewBox: '0 0 20 20', width: 20, height: 20, 'aria-hidden': 'true' },
              dieIcon(10, 10, 16, '?'),
            )
          : seatIcon(who);
      this.list.appendChild(
        h(
          'li',
          { class: `log-entry ${who}` },
          icon,
          h('span', { class: 'log-who' }, who === 'chance' ? 'chance' : this.name(who)),
          ': ',
          h('span', { class: 'log-text' }, e.text),
        ),
      );
    }
    const box = this.list.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  }

  /** The newest chance entry (a die roll, a draw), for the status line. */
  lastChance() {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      if (this.entries[i].who === 'chance') return this.entries[i];
    }
    return null;
  }
}
