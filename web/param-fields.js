// Form fields for a game's parameters, built from /api/games: each parameter has a key, a
// default, an `allowed` description for people, a meaning, and its `kind` with its bounds or
// choices (docs/server.md), from which the field is made. A short list of values becomes a row
// of toggle buttons (as in the THREE ARROWS app's new-game page), a range a number box,
// anything else a text box with the named values suggested.

import { h } from './dom.js';
import { t, has } from './i18n.js';

/**
 * A parameter as GET /api/games describes it.
 * @typedef {{key: string, default: string, allowed: string, meaning?: string,
 *            kind: 'integer' | 'real' | 'boolean' | 'choice' | 'text',
 *            min?: number, max?: number, step?: number, choices?: string[]}} ParamDef
 * @typedef {{kind: 'choice', values: string[]} | {kind: 'number', min: number, max: number, step: number | 'any'}
 *           | {kind: 'text', suggestions: string[]}} FieldShape
 */

/** An integer with at most this many values is a row of buttons rather than a number box. */
const BUTTONS_MAX = 6;

/**
 * What kind of field a parameter needs, from its kind and bounds.
 * @param {ParamDef} p
 * @returns {FieldShape}
 */
export function fieldShape(p) {
  const names = p.choices ?? [];
  switch (p.kind) {
    case 'choice':
      return { kind: 'choice', values: names };
    case 'boolean':
      return { kind: 'choice', values: ['true', 'false'] };
    case 'integer': {
      const min = p.min ?? 0;
      const max = p.max ?? min;
      const step = p.step ?? 1;
      // a number or a name (stars: 0-40 or auto): a text box suggesting the names
      if (names.length) return { kind: 'text', suggestions: names };
      if ((max - min) / step < BUTTONS_MAX) {
        const values = [];
        for (let v = min; v <= max; v += step) values.push(String(v));
        return { kind: 'choice', values };
      }
      return { kind: 'number', min, max, step };
    }
    case 'real':
      return { kind: 'number', min: p.min ?? 0, max: p.max ?? 0, step: 'any' };
    default:
      return { kind: 'text', suggestions: names };
  }
}

/**
 * A field for one parameter, its value read back by `value()`.
 * @param {string} game
 * @param {ParamDef} p
 * @param {(key: string, value: string) => void} onChange
 */
export function paramField(game, p, onChange) {
  const shape = fieldShape(p);
  const id = `param-${game}-${p.key}`;
  const said = words(`param.${game}.${p.key}`, p.meaning);
  const meaning = said ? h('p', { class: 'meaning', id: `${id}-meaning` }, said) : null;
  if (shape.kind === 'choice') {
    const group = h(
      'div',
      { class: 'segmented' },
      shape.values.map((v) =>
        h(
          'label',
          {},
          h('input', {
            type: 'radio',
            name: id,
            value: v,
            checked: v === String(p.default),
            onchange: () => onChange(p.key, v),
          }),
          h('span', {}, has(`param.value.${v}`) ? t(`param.value.${v}`) : v),
        ),
      ),
    );
    const fs = h(
      'fieldset',
      { class: 'field', 'aria-describedby': meaning ? `${id}-meaning` : null },
      h('legend', {}, label(p.key)),
      meaning,
      group,
    );
    return {
      el: fs,
      value: () =>
        /** @type {HTMLInputElement | null} */ (fs.querySelector('input:checked'))?.value ?? String(p.default),
    };
  }
  const input =
    shape.kind === 'number'
      ? h('input', {
          type: 'number',
          id,
          min: shape.min,
          max: shape.max,
          step: shape.step,
          value: String(p.default),
          inputmode: 'numeric',
        })
      : h('input', {
          type: 'text',
          id,
          value: String(p.default),
          list: shape.suggestions.length ? `${id}-list` : null,
          autocomplete: 'off',
        });
  input.addEventListener('change', () => onChange(p.key, input.value));
  if (meaning) input.setAttribute('aria-describedby', `${id}-meaning`);
  const list =
    shape.kind === 'text' && shape.suggestions.length
      ? h(
          'datalist',
          { id: `${id}-list` },
          shape.suggestions.map((v) => h('option', { value: v })),
        )
      : null;
  const div = h(
    'div',
    { class: 'field' },
    h('label', { for: id }, label(p.key)),
    meaning,
    shape.kind === 'text'
      ? h(
          'p',
          { class: 'meaning' },
          t('param.allowed', { allowed: words(`param.${game}.${p.key}-allowed`, p.allowed) }),
        )
      : null,
    input,
    list,
  );
  return { el: div, value: () => input.value.trim() };
}

/**
 * The words of a parameter the engine describes (its meaning, what it allows) in the page's
 * language: the catalog's message `key` when it has one, else the engine's English (a
 * parameter newer than the catalogs).
 * @param {string} key
 * @param {string | undefined} english
 * @returns {string}
 */
function words(key, english) {
  return has(key) ? t(key) : (english ?? '');
}

/**
 * A parameter's label in the page's language: the catalog's `param.KEY`, else the key made a
 * label.
 * @param {string} key
 */
export function label(key) {
  return has(`param.${key}`) ? t(`param.${key}`) : keyWords(key);
}

/**
 * A parameter key as a label: max_turns → "Max turns".
 * @param {string} key
 */
function keyWords(key) {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A parameter value in the JSON the server takes, typed by the parameter's kind as records type
 * it (docs/server.md): an integer's number as a number (a name such as "auto" as text), a real's
 * as a number, a boolean as true or false, the rest as text. What does not read as its kind is
 * sent as typed, for the server to refuse with a message naming the key.
 * @param {ParamDef} p
 * @param {string} v
 * @returns {string | number | boolean}
 */
export function typedValue(p, v) {
  const n = v.trim() === '' ? NaN : Number(v);
  if (p.kind === 'integer' && Number.isSafeInteger(n)) return n;
  if (p.kind === 'real' && Number.isFinite(n)) return n;
  if (p.kind === 'boolean' && (v === 'true' || v === 'false')) return v === 'true';
  return v;
}
