// Form fields for a game's parameters, built from /api/games: each parameter has a key, a
// default, an `allowed` description ("2, 3 or 4", "6-26", "a whole number from 50 to 5000",
// "standard or tactical", "expedition, foundry, or a comma-separated list …") and a meaning.
// A short list of values becomes a row of toggle buttons (as in the THREE ARROWS app's new-game
// page), a range a number box, anything else a text box with the named values suggested.

import { h } from './dom.js';

/**
 * @typedef {{key: string, default: string, allowed: string | string[], meaning?: string}} ParamDef
 * @typedef {{kind: 'choice', values: string[]} | {kind: 'number', min: number, max: number, step: number}
 *           | {kind: 'text', suggestions: string[]}} FieldShape
 */

/**
 * Reads what kind of field a parameter needs from its `allowed` description.
 * @param {ParamDef} p
 * @returns {FieldShape}
 */
export function fieldShape(p) {
  if (Array.isArray(p.allowed)) return { kind: 'choice', values: p.allowed.map(String) };
  const a = String(p.allowed ?? '').trim();
  let m = /^(\d+)\s*-\s*(\d+)(,\s*even)?$/.exec(a);
  if (m) {
    const lo = Number(m[1]);
    const hi = Number(m[2]);
    const step = m[3] ? 2 : 1;
    if ((hi - lo) / step <= 5) {
      const values = [];
      for (let v = lo; v <= hi; v += step) values.push(String(v));
      return { kind: 'choice', values };
    }
    return { kind: 'number', min: lo, max: hi, step };
  }
  m = /^a whole number from (\d+) to (\d+)$/.exec(a);
  if (m) return { kind: 'number', min: Number(m[1]), max: Number(m[2]), step: 1 };
  // "x, y or z", "x or y": a closed list of plain words
  m = /^([\w-]+(?:, [\w-]+)*),? or ([\w-]+)$/.exec(a);
  if (m) return { kind: 'choice', values: [...m[1].split(', '), m[2]] };
  // named values followed by an open form: suggest the names
  const names = a
    .split(/,\s*|\s+or\s+/)
    .map((x) => x.trim())
    .filter((x) => /^[\w-]+$/.test(x));
  return { kind: 'text', suggestions: names };
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
  const meaning = p.meaning ? h('p', { class: 'meaning', id: `${id}-meaning` }, p.meaning) : null;
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
          h('span', {}, v),
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
    shape.kind === 'text' ? h('p', { class: 'meaning' }, `allowed: ${p.allowed}`) : null,
    input,
    list,
  );
  return { el: div, value: () => input.value.trim() };
}

/**
 * A parameter key as a label: max_turns → "Max turns".
 * @param {string} key
 */
export function label(key) {
  const t = key.replace(/_/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * A parameter value in the JSON the server takes: whole numbers and booleans typed, the
 * rest as text.
 * @param {string} v
 * @returns {string | number | boolean}
 */
export function typedValue(v) {
  if (/^-?\d{1,15}$/.test(v)) return Number(v);
  if (v === 'true') return true;
  if (v === 'false') return false;
  return v;
}
