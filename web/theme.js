// The colour theme of every page: "auto" follows the system's light or dark preference
// (prefers-color-scheme, through the CSS's color-scheme and light-dark()), "light" and "dark"
// fix it. The choice is kept in localStorage and offered as a small switch at the foot of the
// page (the top bars are full on a phone); style.css reads it from the root element's
// `data-theme`. Beside it, the language menu (i18n.js): a choice reloads the page in it.

import { h } from './dom.js';
import { LANGUAGES, keepLanguage, keptLanguage, t } from './i18n.js';

const KEY = 'quiver.theme';
const CHOICES = /** @type {const} */ (['auto', 'light', 'dark']);

/** @typedef {typeof CHOICES[number]} Theme */

/** The theme chosen in this browser (auto when none is kept or the storage cannot be read). */
export function chosenTheme() {
  /** @type {string | null} */
  let v = null;
  try {
    v = localStorage.getItem(KEY);
  } catch {
    /* without storage: auto */
  }
  return /** @type {Theme} */ (CHOICES.find((c) => c === v) ?? 'auto');
}

/**
 * Puts a theme on the page, and keeps it when `keep`.
 * @param {Theme} theme
 * @param {boolean} keep
 */
export function setTheme(theme, keep) {
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  if (!keep) return;
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    /* a convenience: without storage it is not kept */
  }
}

/** The switch: a labelled select of auto, light and dark. */
export function themeSwitch() {
  const select = /** @type {HTMLSelectElement} */ (
    h(
      'select',
      { id: 'theme', class: 'theme-select' },
      CHOICES.map((c) => h('option', { value: c }, t(`theme.${c}`))),
    )
  );
  select.value = chosenTheme();
  select.addEventListener('change', () => setTheme(/** @type {Theme} */ (select.value), true));
  return h('span', { class: 'theme-switch' }, h('label', { for: 'theme' }, t('theme.label')), select);
}

/** The language menu: the browser's own (the default) or one of the catalogs, by its own name. */
export function languageSwitch() {
  const select = /** @type {HTMLSelectElement} */ (
    h(
      'select',
      { id: 'lang', class: 'theme-select' },
      h('option', { value: '' }, t('lang.browser')),
      Object.entries(LANGUAGES).map(([code, name]) => h('option', { value: code, lang: code }, name)),
    )
  );
  select.value = keptLanguage() ?? '';
  select.addEventListener('change', () => {
    keepLanguage(select.value in LANGUAGES ? /** @type {import('./i18n.js').Lang} */ (select.value) : null);
    location.reload();
  });
  return h('span', { class: 'theme-switch' }, h('label', { for: 'lang' }, t('lang.label')), select);
}

setTheme(chosenTheme(), false);
document.body.appendChild(h('footer', { class: 'page-foot' }, themeSwitch(), ' ', languageSwitch()));
