// The move panel of the player to move: the words chosen so far, the words that may come next
// as buttons (drawn by the game's module: a piece, a facing, a card), the action to play once
// it is complete, and an input box for notation typed as in the terminal, with completion
// (Tab, or the browser's list). It shows the picker (picker.js); the page sends the action.
// A Chooser feeds the picker from clicks on the board and the panel's buttons, the same way on
// the table page and the tutorials' page, which both wire them with choosingScreen(). On the
// table page nothing irreversible happens on one click: a complete action waits for Play, with
// what it will do (the view's `what`) and any warning (`confirm`) shown before it, unless the
// player turned "confirm moves" off (move-settings.js). Enter plays the action chosen, Escape
// clears the choice, and after a choice made by keyboard the focus goes to the next choice.

import { h, replace } from './dom.js';
import { Picker, clickWord, normalize, words } from './picker.js';
import { Screen } from './screen.js';
import { gameModule } from './games/index.js';
import { settingsBox } from './move-settings.js';
import { LANG, t } from './i18n.js';
import { noteText } from './notes.js';

/**
 * @typedef {Object} MovePanelHooks
 * @property {(word: string) => void} choose   a word button was pressed
 * @property {() => void} back                  take the last choice back
 * @property {(action: string) => void} play    play a complete action
 * @property {(text: string) => void} typed     notation typed in the box and entered
 */

/**
 * @typedef {Object} ChooserHooks
 * @property {(action: string) => void} play  play a complete action
 * @property {() => void} redraw              draw the page again (the choice changed)
 * @property {() => boolean} busy             whether an action is on its way (clicks wait)
 * @property {() => boolean} [confirm]         whether a complete action waits for Play (none:
 *   an action left alone by a choice is played at once)
 * @property {boolean} [settings]             whether the page offers the settings of moves
 *   under its panel where it asks for Play (default true; a puzzle always asks, so offers none)
 * @property {(token: string, kind: import('./picker.js').Kind) => boolean} [idle] a click on the
 *   board with nothing to choose (not the viewer's turn): another use of it (a premove's words);
 *   returns whether it took the click
 */

/**
 * What the view says of its legal actions (beside `legal`, in the same order).
 * @typedef {Object} ActionNotes
 * @property {string[]} [what]     what each action would do, from what the mover may know
 * @property {boolean[]} [confirm] whether each deserves a warning before it is played
 * @property {boolean} [forced]    the one action is a forced decision the server holds
 * @property {string} [game]       the game, whose notation says which words are squares
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
    typed: (text) => chooser.typed(text),
  });
  const chooser = new Chooser(panel, hooks);
  panel.notes = (action) => chooser.note(action);
  // a page that asks for Play offers the settings of moves under its panel
  if (hooks.confirm && hooks.settings !== false) els.movePanel.appendChild(settingsBox(() => hooks.redraw()));
  const screen = new Screen({ board: els.board, players: els.players, status: els.status }, (t, kind) =>
    chooser.token(t, kind),
  );
  // in the capture phase: Enter on a square already chosen plays, before the board takes it
  document.addEventListener('keydown', (ev) => chooser.key(ev), true);
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
    /** What an action will do (in the engine's English when `english`) and whether to warn
     * first (set by choosingScreen).
     * @type {(action: string) => {what: string, warn: boolean, english?: boolean}} */
    this.notes = () => ({ what: '', warn: false });
    /** Whether the last choice was made by keyboard: the focus then goes to the next choice. */
    this.keyboard = false;
    /** The step of the choice shown (fromTop): the words chosen and the actions legal. */
    this.step = '';
    this.choices = h('div', { class: 'choices' });
    this.keepPresses();
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
      h('label', { for: 'notation' }, t('move.type')),
      h('div', { class: 'notation-row' }, this.input, h('button', { type: 'submit' }, t('move.play-button'))),
      h('p', { id: 'notation-help', class: 'help' }, t('move.help')),
      this.datalist,
    );
    this.form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const text = this.input.value.trim();
      if (!text) {
        this.showError(t('move.type-first'));
        return;
      }
      this.hooks.typed(text);
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
   * A frame may draw the choices again between a press and its release (a person connected,
   * the other player moved): the click then lands on the panel, not on a button, and the press
   * did nothing now and then. It counts for the button pressed if the new choices have it.
   */
  keepPresses() {
    /** @param {Element | null} b */
    const keyOf = (b) =>
      b?.matches('.word-button')
        ? `w ${b.getAttribute('data-word')}`
        : b?.matches('.play-button')
          ? `p ${b.getAttribute('data-action')}`
          : '';
    /** @type {{key: string, at: number} | null} */
    let down = null;
    this.choices.addEventListener('pointerdown', (ev) => {
      const key = keyOf(/** @type {Element} */ (ev.target).closest('button'));
      down = key ? { key, at: ev.timeStamp } : null;
    });
    this.choices.addEventListener('click', (ev) => {
      const pressed = down;
      down = null;
      if (!pressed || /** @type {Element} */ (ev.target).closest('button') || ev.timeStamp - pressed.at > 2000) return;
      const again = [...this.choices.querySelectorAll('.word-button, .play-button')].find(
        (b) => keyOf(b) === pressed.key,
      );
      if (!again) return;
      this.keyboard = false;
      const word = again.getAttribute('data-word');
      const action = again.getAttribute('data-action');
      if (word !== null) this.hooks.choose(word);
      else if (action !== null) this.hooks.play(action);
    });
  }

  /**
   * A button's click: remembers whether it came from the keyboard (a click of Enter or Space
   * has no pointer position: detail 0), then runs `then`.
   * @param {() => void} then
   * @returns {(ev: Event) => void}
   */
  pressed(then) {
    return (ev) => {
      this.keyboard = /** @type {MouseEvent} */ (ev).detail === 0;
      then();
    };
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
    this.input.placeholder = active && picker ? t('move.example', { move: picker.legal[0] }) : '';
    this.form.querySelector('button')?.toggleAttribute('disabled', !active);
    replace(this.datalist, active && picker ? picker.legal.slice(0, 400).map((a) => h('option', { value: a })) : []);
    if (!picker || !active) {
      replace(this.choices, h('p', { class: 'idle' }, idle));
      this.step = '';
      return;
    }
    const o = picker.options();
    const parts = [];
    if (picker.legal.length === 1 && o.complete !== null) {
      // the one legal action: shown whole, played only with its button
      replace(this.choices, this.playBlock(o.complete, t('move.only')));
      this.fromTop(picker);
      this.refocus();
      return;
    }
    if (picker.history.length) {
      parts.push(
        h(
          'div',
          { class: 'chosen' },
          h('span', { class: 'chosen-label' }, t('move.chosen'), ' '),
          h('strong', {}, picker.chosen.join(' ')),
          ' ',
          h(
            'button',
            { type: 'button', class: 'minor', onclick: this.pressed(() => this.hooks.back()) },
            t('replay.back'),
          ),
        ),
      );
    }
    if (o.complete !== null) parts.push(this.playBlock(o.complete, ''));
    if (o.next.length) {
      parts.push(h('p', { class: 'next-label' }, o.complete !== null ? t('move.or-add') : nextPrompt(o.next)));
      parts.push(
        h(
          'div',
          { class: 'word-buttons' },
          o.next.map(({ word }) =>
            h(
              'button',
              {
                type: 'button',
                class: 'word-button',
                'data-word': word,
                onclick: this.pressed(() => this.hooks.choose(word)),
              },
              label(word),
            ),
          ),
        ),
      );
    }
    replace(this.choices, parts);
    this.fromTop(picker);
    this.refocus();
  }

  /**
   * A new step of the choice (a word chosen or taken back, a new turn) is shown from its top:
   * the panel's box kept the scroll of the step before, and a phone's action sheet, which
   * scrolls within itself, hid the words chosen and their Back above its edge after a tap on
   * a choice low in it. The same step drawn again keeps the player's scroll.
   * @param {import('./picker.js').Picker} picker
   */
  fromTop(picker) {
    const step = `${picker.chosen.join(' ')}\n${picker.legal.join('\n')}`;
    if (step === this.step) return;
    this.step = step;
    this.choices.scrollTop = 0;
    if (this.root.parentElement) this.root.parentElement.scrollTop = 0;
  }

  /**
   * A complete action with what it will do, its warning first when it deserves one, and its
   * Play button.
   * @param {string} action
   * @param {string} lead words before the action ("Your only move: ")
   */
  playBlock(action, lead) {
    const { what, warn, english } = this.notes(action);
    return h(
      'div',
      { class: lead ? 'play-block only-move' : 'play-block' },
      warn
        ? h('p', { class: 'play-warning', role: 'alert' }, t('move.careful', { what: what || t('move.final') }))
        : null,
      lead ? h('p', { class: 'only-label' }, lead, h('strong', {}, action)) : null,
      h(
        'div',
        { class: 'play-row' },
        h(
          'button',
          {
            type: 'button',
            class: warn ? 'play-button warn' : 'play-button',
            'data-action': action,
            onclick: this.pressed(() => this.hooks.play(action)),
          },
          t('move.play', { action }),
        ),
        what && !warn ? h('span', { class: 'play-what', lang: english ? 'en' : null }, what) : null,
      ),
    );
  }

  /** After a keyboard choice, the focus goes to the next choice (else it would fall to the
   * page's body when the buttons are drawn again). */
  refocus() {
    if (!this.keyboard) return;
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    const next = /** @type {HTMLElement | null} */ (
      this.choices.querySelector('.word-button, .play-button') ?? this.choices.querySelector('button')
    );
    next?.focus();
  }

  /** The complete action on show, if any (Enter plays it). */
  shownAction() {
    return this.choices.querySelector('.play-button')?.getAttribute('data-action') ?? null;
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
 * @param {{kind: import('./picker.js').Kind}[]} next
 */
function nextPrompt(next) {
  if (next.every((n) => n.kind === 'square')) return t('move.choose-square');
  return t('move.choose');
}

/**
 * The choosing of one move: the picker over the viewer's legal actions, fed by clicks on the
 * board (a square, piece or card: its word) and by the panel's word buttons. A complete action
 * that is the only one left is played at once where the page does not ask for Play; any other
 * choice redraws the page.
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
    /** @type {Map<string, {what: string, warn: boolean, said?: string | null}>} */
    this.notes = new Map();
    this.forced = false;
  }

  /**
   * A fresh choice among these actions (none: nothing to choose), with what the view says of
   * them.
   * @param {string[] | null} legal
   * @param {ActionNotes} [notes]
   */
  reset(legal, notes = {}) {
    const mod = gameModule(notes.game);
    this.picker = legal ? new Picker(legal, mod ? (a) => mod.wordKinds(a) : undefined) : null;
    this.notes = new Map(
      (legal ?? []).map((a, i) => [a, { what: notes.what?.[i] ?? '', warn: Boolean(notes.confirm?.[i]) }]),
    );
    this.forced = Boolean(legal && legal.length === 1 && notes.forced);
  }

  /**
   * What an action will do and whether it deserves a warning.
   * @param {string} action
   */
  note(action) {
    const n = this.notes.get(action);
    if (!n) return { what: '', warn: false, english: false };
    // in the page's language, worded when first shown (a view may list hundreds of moves)
    if (n.said === undefined) n.said = n.what ? noteText(n.what) : null;
    return { what: n.said ?? n.what, warn: n.warn, english: n.said === null && n.what !== '' && LANG !== 'en' };
  }

  /** The forced decision held for the player, when there is one (its only action). */
  forcedAction() {
    return this.forced && this.picker ? this.picker.legal[0] : null;
  }

  /**
   * Enter plays the action on show: from anywhere but a control (which takes Enter itself),
   * and on the board from a square or card already chosen when nothing else can follow (on
   * another square Enter chooses it, as a click would). Escape clears the choice.
   * @param {KeyboardEvent} ev
   */
  key(ev) {
    if (!this.picker || this.hooks.busy() || ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const target = /** @type {Element | null} */ (ev.target);
    if (ev.key === 'Escape') {
      if (!this.picker.history.length) return;
      this.picker.clear();
      this.panel.clearError();
      this.panel.keyboard = true;
      this.hooks.redraw();
      return;
    }
    if (ev.key !== 'Enter') return;
    if (target && target.closest('input, textarea, select, button, a, summary')) return;
    const token = target?.closest('[data-token]')?.getAttribute('data-token');
    const o = this.picker.options();
    if (token && !(this.picker.chosen.includes(token) && o.remaining === 1)) return;
    const action = this.panel.shownAction();
    if (!action) return;
    ev.preventDefault();
    ev.stopPropagation();
    this.panel.keyboard = true;
    this.hooks.play(action);
  }

  /**
   * A click on the board: a word already chosen takes it back; another that fits is chosen;
   * one that does not starts the choice again from it. A click on a square picks only a
   * square's word, one on a card or item only another word. With nothing to choose, the click
   * goes to the page's `idle` hook (a premove composed by clicks).
   * @param {string} token
   * @param {import('./picker.js').Kind} [kind]
   */
  token(token, kind) {
    const p = this.picker;
    if ((!p || !p.legal.length) && !this.hooks.busy() && this.hooks.idle?.(token, kind ?? 'word')) return;
    if (!p || this.hooks.busy() || !p.legal.length) return;
    this.panel.clearError();
    const r = clickWord(p, token, kind);
    if (!r) {
      this.panel.showError(t('move.nothing', { token }));
      return;
    }
    this.picker = r.picker;
    this.after(r.chose);
  }

  /**
   * Notation typed in the box: a legal action shows as a clicked one does, with what it will do
   * and its Play button (which takes the focus), where the page asks for Play; entered again
   * while on show, or where the page does not ask, it is played. The first words of legal
   * actions ("place A d4") are chosen as clicks would choose them, their choices then shown
   * (the facings left, say). Other text goes to the server, which reads notation leniently or
   * says what is wrong.
   * @param {string} text
   */
  typed(text) {
    const p = this.picker;
    const action = p?.legal.find((a) => normalize(a) === normalize(text));
    const confirm = this.hooks.confirm ? this.hooks.confirm() : false;
    const begun = p && !action && !this.hooks.busy() ? typedWords(p, text) : null;
    if (begun) {
      this.picker = begun;
      this.panel.clearError();
      this.after(true);
      /** @type {HTMLElement | null} */ (this.panel.choices.querySelector('.play-button, .word-button'))?.focus();
      return;
    }
    if (!p || !action || !confirm || this.panel.shownAction() === action) {
      this.hooks.play(action ?? text);
      return;
    }
    if (this.hooks.busy()) return;
    p.chooseAction(action);
    this.panel.clearError();
    this.hooks.redraw();
    /** @type {HTMLElement | null} */ (this.panel.choices.querySelector('.play-button'))?.focus();
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

  /**
   * After a choice: an action left alone is played at once only when the page does not ask
   * for Play (the tutorials, or "confirm moves" turned off); otherwise the page is drawn
   * again, with the action and its Play button.
   * @param {boolean} chose
   */
  after(chose) {
    const o = chose && this.picker ? this.picker.options() : null;
    const confirm = this.hooks.confirm ? this.hooks.confirm() : false;
    if (o && o.complete !== null && o.remaining === 1 && !confirm) this.hooks.play(o.complete);
    else this.hooks.redraw();
  }
}

/**
 * The typed words chosen one by one as clicks on their words would be, from no choice: a word
 * as typed, else one that differs only in case ("a" for the piece "A" where no square is "a").
 * A new picker, or null when a word fits no legal action (or nothing was typed).
 * @param {Picker} p
 * @param {string} text
 * @returns {Picker | null}
 */
export function typedWords(p, text) {
  const typed = normalize(text).split(' ').filter(Boolean);
  if (!typed.length) return null;
  const q = new Picker(p.legal, p.kindsOf);
  const known = [...new Set(p.legal.flatMap((a) => words(a)))];
  /** @type {string[]} the words chosen that no typed word has stood for yet (a fresh picker
   * may have chosen some: the verb every action begins with) */
  let spare = [...q.chosen];
  for (const w of typed) {
    // a word the picker chose by itself (the only one that could follow) stands for this one
    const i = spare.findIndex((k) => k.toLowerCase() === w);
    if (i >= 0) {
      spare.splice(i, 1);
      continue;
    }
    const before = q.chosen.length;
    const same = known.filter((k) => k.toLowerCase() === w);
    if (!same.some((k) => q.choose(k))) return null;
    spare = spare.concat(q.chosen.slice(before + 1));
  }
  return q;
}
