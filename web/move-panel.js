// The move panel of the player to move: the words chosen so far, the words that may come next
// as buttons (drawn by the game's module: a piece, a facing, a card), the action to play once
// it is complete, and an input box for notation typed as in the terminal, with completion
// (Tab, or the browser's list). It shows the picker (picker.js); the page sends the action.
// A Chooser feeds the picker from clicks on the board and the panel's buttons, the same way on
// the table page and the tutorials' page, which both wire them with choosingScreen().

import { h, replace } from './dom.js';
import { Picker, clickWord, normalize } from './picker.js';
import { Screen } from './screen.js';

/**
 * @typedef {Object} MovePanelHooks
 * @property {(word: string) => void} choose   a word button was pressed
 * @property {() => void} back                  take the last choice back
 * @property {(action: string) => void} play    play an action (complete, or typed)
 */

/**
 * @typedef {Object} ChooserHooks
 * @property {(action: string) => void} play  play a complete action
 * @property {() => void} redraw              draw the page again (the choice changed)
 * @property {() => boolean} busy             whether an action is on its way (clicks wait)
 */

/**
 * The choosing of moves on a page: the game on screen, the move panel and the Chooser between
 * them. Clicks on the board and the panel's word buttons feed the chooser; an action that is
 * complete, or typed, goes to `hooks.play`.
 * @param {{board: HTMLElement, players: HTMLElement, status: HTMLElement, movePanel: HTMLElement}} els
 * @param {ChooserHooks} hooks
 */
export function choosingScreen(els, hooks) {
  const panel = new MovePanel(els.movePanel, {
    choose: (word) => chooser.word(word),
    back: () => chooser.back(),
    play: (action) => hooks.play(action),
  });
  const chooser = new Chooser(panel, hooks);
  const screen = new Screen({ board: els.board, players: els.players, status: els.status }, (t) => chooser.token(t));
  return { screen, panel, chooser };
}

export class MovePanel {
  /**
   * @param {HTMLElement} root the panel's container
   * @param {MovePanelHooks} hooks
   */
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    /** @type {import('./picker.js').Picker | null} */
    this.picker = null;
    this.choices = h('div', { class: 'choices' });
    this.error = h('p', { class: 'act-error', role: 'alert' });
    this.input = h('input', {
      id: 'notation',
      type: 'text',
      autocomplete: 'off',
      autocapitalize: 'off',
      spellcheck: 'false',
      list: 'legal-list',
      'aria-describedby': 'notation-help',
    });
    this.datalist = h('datalist', { id: 'legal-list' });
    this.form = h(
      'form',
      { class: 'notation-form' },
      h('label', { for: 'notation' }, 'Type a move'),
      h('div', { class: 'notation-row' }, this.input, h('button', { type: 'submit' }, 'Play')),
      h('p', { id: 'notation-help', class: 'help' }, 'As in the terminal. Tab completes.'),
      this.datalist,
    );
    this.form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const text = this.input.value.trim();
      if (!text) {
        this.showError('Type a move first, for example one of the buttons above.');
        return;
      }
      this.hooks.play(text);
    });
    this.input.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Tab' || ev.shiftKey || !this.picker) return;
      const done = this.picker.complete(this.input.value);
      if (normalize(done) !== normalize(this.input.value)) {
        ev.preventDefault();
        this.input.value = done;
      }
    });
    replace(root, this.choices, this.error, this.form);
  }

  /**
   * Shows the picker's state; `label` draws a word. With no picker (not the viewer's turn),
   * the panel says so and the input box is disabled.
   * @param {import('./picker.js').Picker | null} picker
   * @param {(word: string) => string | Node} label
   * @param {string} idle what to say when the viewer has nothing to choose
   */
  show(picker, label, idle) {
    this.picker = picker;
    const active = Boolean(picker && picker.legal.length);
    this.input.disabled = !active;
    this.input.placeholder = active && picker ? `e.g. ${picker.legal[0]}` : '';
    this.form.querySelector('button')?.toggleAttribute('disabled', !active);
    replace(this.datalist, active && picker ? picker.legal.slice(0, 400).map((a) => h('option', { value: a })) : []);
    if (!picker || !active) {
      replace(this.choices, h('p', { class: 'idle' }, idle));
      return;
    }
    const o = picker.options();
    const parts = [];
    if (picker.history.length) {
      parts.push(
        h(
          'div',
          { class: 'chosen' },
          h('span', { class: 'chosen-label' }, 'Chosen: '),
          h('strong', {}, picker.chosen.join(' ')),
          ' ',
          h('button', { type: 'button', class: 'minor', onclick: () => this.hooks.back() }, 'Back'),
        ),
      );
    }
    if (o.complete !== null) {
      const action = o.complete;
      parts.push(
        h(
          'button',
          { type: 'button', class: 'play-button', 'data-action': action, onclick: () => this.hooks.play(action) },
          `Play: ${action}`,
        ),
      );
    }
    if (o.next.length) {
      parts.push(
        h('p', { class: 'next-label' }, o.complete !== null ? 'or add:' : nextPrompt(o.next.map((n) => n.word))),
      );
      parts.push(
        h(
          'div',
          { class: 'word-buttons' },
          o.next.map(({ word }) =>
            h(
              'button',
              { type: 'button', class: 'word-button', 'data-word': word, onclick: () => this.hooks.choose(word) },
              label(word),
            ),
          ),
        ),
      );
    }
    replace(this.choices, parts);
  }

  /** @param {string} message */
  showError(message) {
    this.error.textContent = message;
  }

  clearError() {
    this.error.textContent = '';
  }

  clearInput() {
    this.input.value = '';
  }
}

/**
 * What to ask for, from the kind of the next words: squares, or anything else.
 * @param {string[]} next
 */
function nextPrompt(next) {
  if (next.every((w) => /^[a-z]\d{1,2}$/.test(w))) return 'Choose a square (highlighted on the board):';
  return 'Choose:';
}

/**
 * The choosing of one move: the picker over the viewer's legal actions, fed by clicks on the
 * board (a square, piece or card: its word) and by the panel's word buttons. A complete action
 * that is the only one left is played at once; any other choice redraws the page.
 */
export class Chooser {
  /**
   * @param {MovePanel} panel the page's move panel (for its error line)
   * @param {ChooserHooks} hooks
   */
  constructor(panel, hooks) {
    this.panel = panel;
    this.hooks = hooks;
    /** @type {Picker | null} */
    this.picker = null;
  }

  /**
   * A fresh choice among these actions (none: nothing to choose).
   * @param {string[] | null} legal
   */
  reset(legal) {
    this.picker = legal ? new Picker(legal) : null;
  }

  /**
   * A click on the board: a word already chosen takes it back; another that fits is chosen;
   * one that does not starts the choice again from it.
   * @param {string} token
   */
  token(token) {
    const p = this.picker;
    if (!p || this.hooks.busy() || !p.legal.length) return;
    this.panel.clearError();
    const r = clickWord(p, token);
    if (!r) {
      this.panel.showError(`${token}: nothing you can do with that now.`);
      return;
    }
    this.picker = r.picker;
    this.after(r.chose);
  }

  /**
   * A word button.
   * @param {string} word
   */
  word(word) {
    if (this.picker?.choose(word)) this.after(true);
  }

  /** The panel's Back: the last choice taken back. */
  back() {
    this.picker?.back();
    this.hooks.redraw();
  }

  /** @param {boolean} chose */
  after(chose) {
    const o = chose && this.picker ? this.picker.options() : null;
    if (o && o.complete !== null && o.remaining === 1) this.hooks.play(o.complete);
    else this.hooks.redraw();
  }
}
