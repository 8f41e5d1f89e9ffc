// The player's name: asked once (a small field in the lobby and at a table, until a name is
// kept), remembered in localStorage (`quiver.player`) and sent with every join. The server's
// rule is checked before keeping one: 1 to 24 printable characters after trimming, no control
// characters (docs/server.md).

import { h } from './dom.js';
import { loadObject, saveObject } from './storage.js';

const KEY = 'quiver.player';
export const NAME_MAX = 24;

/**
 * Why a name cannot be used, or '' when it can (the server's rule, so that a kept name is
 * never refused).
 * @param {string} name
 */
export function nameProblem(name) {
  const t = name.trim();
  if (!t) return 'Type a name (1 to 24 characters).';
  if ([...t].length > NAME_MAX) return `A name has at most ${NAME_MAX} characters.`;
  if (/\p{Cc}|\p{Cf}|\p{Zl}|\p{Zp}/u.test(t)) return 'A name cannot hold control characters.';
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
