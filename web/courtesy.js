// What lichess players reach for beside resign and takeback: abort the game before everyone has
// moved ({"type": "abort", "v"}, after a confirmation: it ends the game with no result), offer a
// draw at a table of two people ({"type": "draw", "v"}; the other answers in the offer banner,
// takeback.js), give another player 15 s ({"type": "moretime", "v", "seat"}, at a table with a
// clock), and how many people watch (info's `spectators`). The server decides every rule; the
// buttons show only when it would accept, as far as the page can tell, and a refusal is said
// by the page's move panel.

import { confirmDialog } from './confirm.js';
import { h, replace } from './dom.js';
import { t } from './i18n.js';

/** @typedef {import('./types.js').TableInfo} TableInfo */
/** @typedef {{who: string}} Line a line of the log, by who made it */

/**
 * Whether abort is still possible: info's `abortable` (the server's own rule: some person's seat
 * has made no decision, a move the computer made for it or a secret pick not counted by the
 * log); from a server without it, whether some person's seat has no line in the log.
 * @param {TableInfo} table
 * @param {Line[]} lines
 */
export function someoneYetToMove(table, lines) {
  if (typeof table.abortable === 'boolean') return table.abortable;
  return table.seats.some((s) => s.kind === 'human' && !s.zombie && !lines.some((e) => e.who === s.seat));
}

/**
 * The spectator count in words, '' when nobody watches.
 * @param {number} n
 */
export function watchingText(n) {
  if (!n) return '';
  return t('courtesy.spectators', { n });
}

export class Courtesy {
  /**
   * @param {{tools: HTMLElement, watching: HTMLElement}} els tools: where the buttons go
   *   (beside resign); watching: the line that counts the spectators
   * @param {{send: (frame: import('./types.js').ClientFrame & {type: 'abort' | 'draw' | 'moretime'}) => boolean,
   *   v: () => number, name: (seat: string) => string, error: (text: string) => void}} hooks
   */
  constructor(els, hooks) {
    this.els = els;
    this.hooks = hooks;
    this.abort = /** @type {HTMLButtonElement} */ (
      h(
        'button',
        { type: 'button', id: 'abort', class: 'minor', hidden: true, onclick: () => this.askAbort() },
        t('courtesy.abort'),
      )
    );
    this.draw = /** @type {HTMLButtonElement} */ (
      h(
        'button',
        { type: 'button', id: 'offer-draw', class: 'minor', hidden: true, onclick: () => this.offerDraw() },
        t('courtesy.draw'),
      )
    );
    this.time = h('span', { class: 'more-time' });
    els.tools.append(this.abort, this.draw, this.time);
  }

  /**
   * After every snapshot and update.
   * @param {TableInfo | null} table
   * @param {string} seat the viewer's seat (or `public`)
   * @param {Line[]} lines the log
   */
  update(table, seat, lines) {
    replace(this.els.watching, watchingText(table?.spectators ?? 0));
    this.els.watching.hidden = !table?.spectators;
    const mine = table?.seats.find((s) => s.seat === seat);
    // a game on this device (a local table) has nobody to abort with, offer a draw or give time
    const playing = Boolean(
      table && mine && !mine.zombie && table.status === 'playing' && !table.stopped && !table.local,
    );
    if (!table || !playing) {
      this.abort.hidden = true;
      this.draw.hidden = true;
      replace(this.time);
      return;
    }
    this.abort.hidden = !someoneYetToMove(table, lines);
    // a draw: two people, no offer standing (a takeback request is answered first)
    this.draw.hidden = table.seats.length !== 2 || table.seats.some((s) => s.kind !== 'human') || Boolean(table.offer);
    // 15 s to each other person who plays on, at a table with a clock
    const given =
      table.clock && table.clock.kind !== 'none'
        ? table.seats.filter((s) => s.seat !== seat && s.kind === 'human' && !s.zombie).map((s) => s.seat)
        : [];
    // "+15 s", short beside the other tools: named on the button only when several may get it
    replace(
      this.time,
      ...given.map((s) =>
        h(
          'button',
          {
            type: 'button',
            class: 'minor give-time',
            'data-seat': s,
            'aria-label': t('courtesy.give', { name: this.hooks.name(s) }),
            title: t('courtesy.give', { name: this.hooks.name(s) }),
            onclick: () => this.giveTime(s),
          },
          given.length > 1 ? `+15 s: ${this.hooks.name(s)}` : '+15 s',
        ),
      ),
    );
  }

  async askAbort() {
    const yes = await confirmDialog({
      title: t('courtesy.abort-title'),
      text: t('courtesy.abort-text'),
      yes: t('courtesy.abort'),
      no: t('table.keep-playing'),
    });
    if (yes && !this.hooks.send({ type: 'abort', v: this.hooks.v() })) this.hooks.error(t('courtesy.unsent-abort'));
  }

  offerDraw() {
    if (!this.hooks.send({ type: 'draw', v: this.hooks.v() })) this.hooks.error(t('courtesy.unsent-draw'));
  }

  /** @param {string} seat */
  giveTime(seat) {
    if (!this.hooks.send({ type: 'moretime', v: this.hooks.v(), seat })) this.hooks.error(t('courtesy.unsent-time'));
  }
}
