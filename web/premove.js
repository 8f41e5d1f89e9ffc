// Premove at a table of two, as lichess has it: while the other player thinks, the player may
// queue one move, typed in notation as at the terminal. When the turn comes back, the move is
// played at once if it is legal then (the action itself, or the one action made of exactly the
// words chosen from it as clicks would choose them); else it is cancelled, and
// the panel says why. One move at most is queued; a new one replaces it, Cancel drops it, and
// a game that ends, or a table that stops, drops it too. The page knows no rule: the legal
// actions of the turn decide.

import { h, replace } from './dom.js';
import { normalize } from './picker.js';
import { typedWords } from './move-panel.js';

/**
 * What the page tells the premove at each frame.
 * @typedef {Object} PremoveMoment
 * @property {boolean} open a table of two being played, this page holding a seat of it
 * @property {boolean} turn the seat's turn now (its legal actions given)
 * @property {import('./picker.js').Picker | null} picker the turn's picker (its legal actions)
 */

export class Premove {
  /**
   * @param {(action: string) => void} play sends an action
   */
  constructor(play) {
    this.play = play;
    /** @type {string} the move queued, as typed ('' for none) */
    this.queued = '';
    this.input = /** @type {HTMLInputElement} */ (
      h('input', {
        id: 'premove-input',
        type: 'text',
        autocomplete: 'off',
        spellcheck: 'false',
        'aria-describedby': 'premove-help',
      })
    );
    this.status = h('p', { id: 'premove-status', class: 'premove-status', role: 'status', 'aria-live': 'polite' });
    this.form = /** @type {HTMLFormElement} */ (
      h(
        'form',
        { class: 'premove-form' },
        h('label', { for: 'premove-input' }, 'Premove'),
        h('div', { class: 'notation-row' }, this.input, h('button', { type: 'submit', class: 'minor' }, 'Queue')),
        h(
          'p',
          { id: 'premove-help', class: 'help' },
          'A move typed here is played as soon as it is your turn, if it is legal then.',
        ),
      )
    );
    this.form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      this.queue(this.input.value);
    });
    this.queuedLine = h('div', { class: 'premove-queued' });
    // the form and the queued move, hidden at the seat's turn; what became of the premove stays
    // in sight then, when it is news (a cancellation at the turn went unseen inside the box)
    this.box = h('div', { class: 'premove-box' }, this.form, this.queuedLine);
    this.el = h('div', { class: 'premove', hidden: true }, this.box, this.status);
  }

  /**
   * Queues a typed move (replacing the one queued).
   * @param {string} text
   */
  queue(text) {
    const move = normalize(text).trim();
    if (!move) {
      this.say('Type a move to queue, as in the move box.');
      return;
    }
    this.queued = text.trim().replace(/\s+/g, ' ');
    this.input.value = '';
    this.say('');
    this.drawQueued();
  }

  cancel() {
    this.queued = '';
    this.say('Premove cancelled.');
    this.drawQueued();
  }

  /** @param {string} text */
  say(text) {
    this.status.textContent = text;
  }

  drawQueued() {
    replace(
      this.queuedLine,
      this.queued
        ? [
            h('span', {}, 'Queued: ', h('strong', { class: 'premove-move' }, this.queued)),
            ' ',
            h(
              'button',
              { type: 'button', class: 'minor', id: 'premove-cancel', onclick: () => this.cancel() },
              'Cancel',
            ),
          ]
        : [],
    );
  }

  /**
   * A frame arrived: at the seat's turn the queued move is played when legal, else cancelled;
   * the form is offered while the other player is to move. Returns whether it played.
   * @param {PremoveMoment} m
   */
  update(m) {
    if (!m.open) {
      if (this.queued) {
        this.queued = '';
        this.drawQueued();
      }
      this.el.hidden = true;
      return false;
    }
    this.el.hidden = false;
    this.box.hidden = m.turn;
    if (!m.turn || !this.queued) return false;
    const typed = this.queued;
    this.queued = '';
    this.drawQueued();
    const action = m.picker ? actionOf(m.picker, typed) : null;
    if (!action) {
      this.say(`Premove "${typed}" cancelled: it is not a legal move now.`);
      return false;
    }
    this.say(`Premove played: ${action}.`);
    this.play(action);
    return true;
  }
}

/**
 * The one legal action typed words stand for: the action itself (case and spaces aside), else
 * the one action made of exactly the words chosen from them as clicks would choose them (with
 * the words the turn leaves no choice of, as the verb "place" when nothing else is legal), as
 * the move panel shows it with its Play: "A b1 N" is "place A b1 N", not one of its longer
 * forms ("… covered"). Null when none, or several (the same words in another order).
 * @param {import('./picker.js').Picker} picker
 * @param {string} text
 */
export function actionOf(picker, text) {
  const want = normalize(text).trim();
  const exact = picker.legal.find((a) => normalize(a) === want);
  if (exact) return exact;
  const q = typedWords(picker, text);
  const whole = q ? q.candidates().filter((a) => a.length === q.chosen.length) : [];
  return whole.length === 1 ? whole[0].join(' ') : null;
}
