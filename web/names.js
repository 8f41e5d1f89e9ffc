// The player's name: asked once (a small field in the lobby and at a table, until a name is
// kept), remembered in localStorage (`quiver.player`) and sent with every join. The server's
// rule is checked before keeping one (docs/server/tables.md, "Names"): 1 to 24 characters after
// trimming, at least one letter or digit, no control or format characters, no filler that
// shows nothing, at most 2 combining marks in a row, and not a word the table shows for
// something else (a seat, a level, spectator, chance, game).

import { h } from './dom.js';
import { loadObject, saveObject } from './storage.js';

const KEY = 'quiver.player';
export const NAME_MAX = 24;

// Letters, symbols and marks that show nothing: the Hangul fillers, the blank Braille
// pattern, Khmer's invisible vowels (the server's list, src/server/table/chat.c).
const FILLERS = /\u115F|\u1160|\u3164|\uFFA0|\u2800|\u17B4|\u17B5/u;
// Words the table shows for something else: the seats, the levels and agents, and the rest.
const RESERVED = new Set([
  'p1',
  'p2',
  'p3',
  'p4',
  'p5',
  'easy',
  'medium',
  'hard',
  'beginner',
  'random',
  'greedy',
  'mcts',
  'ismcts',
  'human',
  'invite',
  'spectator',
  'chance',
  'game',
]);

/**
 * Why a name cannot be used, or '' when it can (the server's rule, so that a kept name is
 * never refused).
 * @param {string} name
 */
export function nameProblem(name) {
  const t = name.trim();
  if (!t) return 'Type a name (1 to 24 characters).';
  if ([...t].length > NAME_MAX) return `A name has at most ${NAME_MAX} characters.`;
  if (/\p{Cc}|\p{Cf}|\p{Zl}|\p{Zp}|[\u{E0000}-\u{E007F}]/u.test(t))
    return 'A name cannot hold control or invisible format characters.';
  if (FILLERS.test(t)) return 'A name cannot hold characters that show nothing.';
  if (/[\p{Mn}\p{Me}]{3}/u.test(t)) return 'A name has at most 2 accents or marks on one letter.';
  if (!/[\p{L}\p{N}]/u.test(t)) return 'A name needs at least one letter or digit.';
  if (RESERVED.has(t.toLowerCase()))
    return `"${t}" is what the table calls a seat, a level or the game: choose another name.`;
  return '';
}

/** The name kept in this browser, or '' when the player has not given one. */
export function myName() {
  const v = loadObject(KEY).name;
  return typeof v === 'string' && !nameProblem(v) ? v.trim() : '';
}

/**
 * Keeps the name (trimmed); false when the rule refuses it.
 * @param {string} name
 */
export function keepName(name) {
  if (nameProblem(name)) return false;
  saveObject(KEY, { ...loadObject(KEY), name: name.trim() });
  return true;
}

/**
 * The small "your name" form: shown until a name is kept, then a line with the name and a
 * Change button. `changed` is called with the name once kept.
 * @param {string} id a prefix for the elements' ids
 * @param {(name: string) => void} [changed]
 * @returns {HTMLElement}
 */
export function nameBox(id, changed) {
  const box = h('div', { class: 'name-box', id });
  const draw = (/** @type {boolean} */ editing) => {
    box.replaceChildren();
    const kept = myName();
    if (kept && !editing) {
      box.append(
        h('span', {}, 'You play as ', h('strong', { class: 'my-name' }, kept), ' '),
        h('button', { type: 'button', class: 'minor', onclick: () => draw(true) }, 'Change'),
      );
      return;
    }
    const input = h('input', {
      type: 'text',
      id: `${id}-input`,
      maxlength: 64,
      autocomplete: 'nickname',
      value: kept,
      placeholder: 'e.g. Alex',
    });
    const problem = h('span', { class: 'act-error', role: 'alert' });
    const form = h(
      'form',
      { class: 'name-form' },
      h('label', { for: `${id}-input` }, 'Your name (the others see it):'),
      input,
      h('button', { type: 'submit' }, 'Keep'),
      problem,
    );
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const v = /** @type {HTMLInputElement} */ (input).value;
      const why = nameProblem(v);
      problem.textContent = why;
      if (why) return;
      keepName(v);
      draw(false);
      changed?.(myName());
    });
    box.append(form);
  };
  draw(false);
  return box;
}
