// Premove at a table of two, as lichess has it: while the other player thinks, the player may
// queue one move, typed in notation as at the terminal or composed by clicks on the board and
// the panel as at the turn. The legal actions of a turn to come are not known (the server lists
// them only at the turn), so clicks narrow nothing: a click adds the word it stands for (its
// `data-token`) to the notation in the box, marked on the board; the words no square, piece or
// card drawn gives (a verb, a facing) are buttons, from the seat's own legal actions at its last
// turn; Back takes a word back. Nothing claims the move legal. When the turn comes back, the
// move is played at once if it is legal then (the action itself, or the one action made of
// exactly the words chosen from it as clicks would choose them); else it is cancelled, and the
// panel says why. One move at most is queued; a new one replaces it, Cancel drops it, and a game
// that ends, or a table that stops, drops it too. The page knows no rule: the legal actions of
// the turn decide.

import { h, replace } from './dom.js';
import { normalize } from './picker.js';
import { typedWords } from './move-panel.js';
import { t, tParts } from './i18n.js';

/**
 * What the page tells the premove at each frame.
 * @typedef {Object} PremoveMoment
 * @property {boolean} open a table of two being played, this page holding a seat of it
 * @property {boolean} turn the seat's turn now (its legal actions given)
 * @property {import('./picker.js').Picker | null} picker the turn's picker (its legal actions)
 * @property {(word: string) => string | Node} [label] how a word looks on a button (the game's)
 * @property {(word: string) => boolean} [drawn] whether a word is drawn to be clicked (a square,
 *   a piece in the holder, a card): it needs no button
 */

/**
 * @typedef {Object} PremoveHooks
 * @property {(action: string) => void} play  sends an action
 * @property {() => void} redraw              draws the board again (the words clicked changed)
 */

/** @typedef {{word: string, kind: import('./picker.js').Kind}} Clicked a word chosen by a click */

export class Premove {
  /**
   * @param {PremoveHooks} hooks
   */
  constructor(hooks) {
    this.hooks = hooks;
    /** @type {string} the move queued, as typed ('' for none) */
    this.queued = '';
    /** whether a move is composed now (a table of two, the other player to move) */
    this.composing = false;
    /** @type {Clicked[]} the words clicked into the box, marked on the board while they last */
    this.clicked = [];
    /** @type {string[]} the words of the seat's legal actions at its last turn that no click
     * on the board gives (verbs, facings, pieces): offered as buttons */
    this.vocabulary = [];
    /** @type {(word: string) => string | Node} */
    this.label = (w) => w;
    /** @type {(word: string) => boolean} */
    this.drawnOnScreen = () => false;
    this.input = /** @type {HTMLInputElement} */ (
      h('input', {
        id: 'premove-input',
        type: 'text',
        autocomplete: 'off',
        spellcheck: 'false',
        'aria-describedby': 'premove-help',
      })
    );
    this.words = h('div', { class: 'word-buttons premove-words', role: 'group', 'aria-label': t('premove.words') });
    /** the vocabulary the buttons show (drawn again only when it changes: a press survives frames) */
    this.drawn = '';
    this.status = h('p', { id: 'premove-status', class: 'premove-status', role: 'status', 'aria-live': 'polite' });
    this.form = /** @type {HTMLFormElement} */ (
      h(
        'form',
        { class: 'premove-form' },
        h('label', { for: 'premove-input' }, t('premove.label')),
        h(
          'div',
          { class: 'notation-row' },
          this.input,
          h('button', { type: 'submit', class: 'minor' }, t('premove.queue')),
          h(
            'button',
            { type: 'button', class: 'minor', id: 'premove-back', onclick: () => this.back() },
            t('premove.back'),
          ),
        ),
        h('p', { id: 'premove-help', class: 'help' }, t('premove.help')),
      )
    );
    this.form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      this.queue(this.input.value);
    });
    // typing takes the box over: the words clicked are no longer marked on the board
    this.input.addEventListener('input', () => this.forgetClicks());
    this.queuedLine = h('div', { class: 'premove-queued' });
    // the form and the queued move, hidden at the seat's turn; what became of the premove stays
    // in sight then, when it is news (a cancellation at the turn went unseen inside the box); the
    // word buttons last, below what they compose (many of them pushed the queued move out of the
    // panel's sight)
    this.box = h('div', { class: 'premove-box' }, this.form, this.queuedLine);
    this.el = h('div', { class: 'premove', hidden: true }, this.box, this.status, this.words);
  }

  /**
   * Queues a typed move (replacing the one queued).
   * @param {string} text
   */
  queue(text) {
    const move = normalize(text).trim();
    if (!move) {
      this.say(t('premove.empty'));
      return;
    }
    this.queued = text.trim().replace(/\s+/g, ' ');
    this.input.value = '';
    this.say('');
    this.drawQueued();
    this.forgetClicks();
  }

  /**
   * A click on the board or a panel's piece or card while a move is composed: its word joins
   * the notation in the box, as the click would choose it at the turn; as there, a click on a
   * word chosen already takes the last choice back. Returns whether the premove took the click.
   * @param {string} word
   * @param {import('./picker.js').Kind} kind
   */
  click(word, kind) {
    if (!this.composing) return false;
    if (this.clicked.some((c) => c.word === word && c.kind === kind)) {
      this.back();
      return true;
    }
    this.clicked.push({ word, kind });
    this.addWord(word);
    this.hooks.redraw();
    return true;
  }

  /**
   * A word joins the notation composed (a click, a word button), said for screen readers.
   * @param {string} word
   */
  addWord(word) {
    this.input.value = `${this.input.value.trim()} ${word}`.trim();
    this.say(t('premove.so-far', { move: this.input.value }));
  }

  /** The last word of the notation composed taken back. */
  back() {
    const ws = this.input.value.trim().split(/\s+/).filter(Boolean);
    const last = ws.pop();
    if (last && this.clicked.at(-1)?.word === last) this.clicked.pop();
    else this.clicked = [];
    this.input.value = ws.join(' ');
    this.say(ws.length ? t('premove.so-far', { move: this.input.value }) : '');
    this.hooks.redraw();
  }

  /** The marks of the words clicked cleared (the box typed in, queued, or the turn come). */
  forgetClicks() {
    if (!this.clicked.length) return;
    this.clicked = [];
    this.hooks.redraw();
  }

  /**
   * The words clicked, by kind, for the board's marks (board.js's applyHighlight).
   * @returns {import('./board.js').ByKind}
   */
  selected() {
    const of = (/** @type {string} */ k) => this.clicked.filter((c) => (c.kind === 'square') === (k === 'square'));
    return { squares: of('square').map((c) => c.word), things: of('word').map((c) => c.word) };
  }

  /**
   * The words of the seat's legal actions at its turn that stand for no square, kept for the
   * buttons of the premoves to come (those drawn to be clicked, pieces and cards, get none).
   * @param {import('./picker.js').Picker} picker
   */
  learnWords(picker) {
    /** @type {Set<string>} */
    const seen = new Set();
    picker.actions.forEach((a, i) => a.forEach((w, j) => picker.kinds[i][j] === 'word' && seen.add(w)));
    this.vocabulary = [...seen];
  }

  /** The word buttons, drawn again only when they change (a press then survives a frame). */
  drawWords() {
    const shown = this.vocabulary.filter((w) => !this.drawnOnScreen(w));
    const key = shown.join(' ');
    if (key === this.drawn) return;
    this.drawn = key;
    replace(
      this.words,
      shown.map((w) =>
        h(
          'button',
          { type: 'button', class: 'word-button', 'data-word': w, onclick: () => this.addWord(w) },
          this.label(w),
        ),
      ),
    );
  }

  cancel() {
    this.queued = '';
    this.say(t('premove.cancelled'));
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
            h('span', {}, ...tParts('premove.queued', { move: h('strong', { class: 'premove-move' }, this.queued) })),
            ' ',
            h(
              'button',
              { type: 'button', class: 'minor', id: 'premove-cancel', onclick: () => this.cancel() },
              t('premove.cancel'),
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
      this.composing = false;
      this.forgetClicks();
      if (this.queued) {
        this.queued = '';
        this.drawQueued();
      }
      this.el.hidden = true;
      return false;
    }
    this.el.hidden = false;
    this.box.hidden = m.turn;
    this.words.hidden = m.turn;
    if (m.label) this.label = m.label;
    if (m.drawn) this.drawnOnScreen = m.drawn;
    this.composing = !m.turn;
    if (m.turn && m.picker) this.learnWords(m.picker);
    if (m.turn) {
      // a move composed and not queued is dropped: the turn is chosen as usual
      this.input.value = '';
      this.forgetClicks();
    } else this.drawWords();
    if (!m.turn || !this.queued) return false;
    const typed = this.queued;
    this.queued = '';
    this.drawQueued();
    const action = m.picker ? actionOf(m.picker, typed) : null;
    if (!action) {
      this.say(t('premove.illegal', { move: typed }));
      return false;
    }
    this.say(t('premove.played', { move: action }));
    this.hooks.play(action);
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
