// The per-browser settings of the move panel (folded under *Settings*), kept in localStorage: "confirm moves" (on unless
// turned off: a complete action waits for its Play button, with what it will do shown first)
// and "play forced moves for me" (off unless turned on: a forced decision the server holds,
// "Your only move", is sent as soon as it arrives). A browser that keeps nothing (storage
// refused) gets the defaults.

import { h } from './dom.js';
import { t } from './i18n.js';

const KEYS = { confirm: 'quiver.confirm-moves', forced: 'quiver.play-forced' };

/**
 * A stored yes/no, or `fallback` when nothing (or nothing readable) is stored.
 * @param {string} key
 * @param {boolean} fallback
 */
function read(key, fallback) {
  try {
    const v = localStorage.getItem(key);
    return v === null ? fallback : v === 'on';
  } catch {
    return fallback;
  }
}

/**
 * @param {string} key
 * @param {boolean} on
 */
function write(key, on) {
  try {
    localStorage.setItem(key, on ? 'on' : 'off');
  } catch {
    /* not kept: the setting holds for this page only */
  }
}

/** The settings as they are now. */
export const moveSettings = {
  /** Whether a complete action waits for Play. */
  get confirm() {
    return read(KEYS.confirm, true);
  },
  /** Whether a held forced decision is sent at once. */
  get playForced() {
    return read(KEYS.forced, false);
  },
};

/**
 * The two check boxes, each saving its setting when changed, folded under *Settings* (a
 * disclosure, closed until opened): the move panel carries the choices, and a phone's action
 * sheet has no room to spare for settings changed once.
 * @param {() => void} changed called after a change (the page may draw again)
 */
export function settingsBox(changed) {
  /**
   * @param {string} id
   * @param {string} key
   * @param {boolean} on
   * @param {string} text
   */
  const box = (id, key, on, text) => {
    const input = h('input', { type: 'checkbox', id });
    /** @type {HTMLInputElement} */ (input).checked = on;
    input.addEventListener('change', () => {
      write(key, /** @type {HTMLInputElement} */ (input).checked);
      changed();
    });
    return h('label', { class: 'setting', for: id }, input, ' ', text);
  };
  return h(
    'details',
    { class: 'settings-box' },
    h('summary', {}, t('settings.summary')),
    h(
      'div',
      { class: 'move-settings' },
      box('set-confirm', KEYS.confirm, moveSettings.confirm, t('settings.confirm')),
      box('set-forced', KEYS.forced, moveSettings.playForced, t('settings.forced')),
    ),
  );
}
