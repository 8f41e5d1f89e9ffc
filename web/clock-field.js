// The clock of a new table, in the lobby's create form, a challenge's and a tournament's: none
// (not offered where a clock is required: a tournament's), a time per move, Fischer (a
// starting time and an increment per move) or days per move, each with a few presets (toggle
// buttons) that fill the number boxes, where any other value can be typed. `value()` is the
// `clock` of POST /api/tables, or null for no clock.

import { h, replace } from './dom.js';
import { t } from './i18n.js';

/** @typedef {{kind: string, seconds?: number, base?: number, increment?: number, days?: number}} ClockSpec */

const KINDS = ['none', 'move', 'fischer', 'days'];

/**
 * Presets by kind: a label and the number boxes' values (minutes for Fischer's base).
 * @type {Record<'move' | 'fischer' | 'days', [string, Record<string, number>][]>}
 */
const PRESETS = {
  move: [
    ['15 s', { seconds: 15 }],
    ['30 s', { seconds: 30 }],
    ['1 min', { seconds: 60 }],
    ['2 min', { seconds: 120 }],
    ['5 min', { seconds: 300 }],
  ],
  fischer: [
    ['3 + 2', { base: 3, increment: 2 }],
    ['5 + 3', { base: 5, increment: 3 }],
    ['10 + 5', { base: 10, increment: 5 }],
    ['15 + 10', { base: 15, increment: 10 }],
    ['30 + 20', { base: 30, increment: 20 }],
  ],
  days: [
    ['1 day', { days: 1 }],
    ['2 days', { days: 2 }],
    ['3 days', { days: 3 }],
    ['7 days', { days: 7 }],
  ],
};

/**
 * A number box of the clock.
 * @param {string} id
 * @param {string} text its label
 * @param {number} value
 * @param {number} min
 * @param {number} max
 * @param {number | 'any'} step
 */
function numberBox(id, text, value, min, max, step) {
  const input = /** @type {HTMLInputElement} */ (
    h('input', { type: 'number', id, min, max, step, value: String(value), inputmode: 'decimal' })
  );
  return { input, el: h('div', { class: 'clock-number' }, h('label', { for: id }, text), input) };
}

/**
 * The clock's fieldset and its value.
 * @param {{required?: boolean}} [o] required: a clock must be chosen (a tournament's games
 *   have one): "none" is not offered, and Fischer is chosen at first
 */
export function clockField(o = {}) {
  const kind = /** @type {HTMLSelectElement} */ (
    h(
      'select',
      { id: 'clock-kind' },
      KINDS.filter((v) => !(o.required && v === 'none')).map((v) => h('option', { value: v }, t(`clock.kind-${v}`))),
    )
  );
  if (o.required) kind.value = 'fischer';
  const seconds = numberBox('clock-seconds', t('clock.seconds'), 60, 1, 86400, 1);
  const base = numberBox('clock-base', t('clock.base'), 5, 0.25, 1440, 'any');
  const increment = numberBox('clock-increment', t('clock.increment'), 3, 0, 3600, 1);
  const days = numberBox('clock-days', t('clock.days'), 2, 1, 30, 1);
  const boxes = { move: [seconds], fischer: [base, increment], days: [days] };
  const detail = h('div', { class: 'clock-detail' });
  const body = h(
    'fieldset',
    { class: 'field clock-field' },
    h('legend', {}, t('clock.legend')),
    h('div', { class: 'clock-kind-row' }, h('label', { for: 'clock-kind' }, t('clock.kind'), ' '), kind),
    detail,
  );
  const values = {
    seconds: seconds.input,
    base: base.input,
    increment: increment.input,
    days: days.input,
  };
  const draw = () => {
    const k = /** @type {'none' | 'move' | 'fischer' | 'days'} */ (kind.value);
    if (k === 'none') {
      replace(detail, h('p', { class: 'meaning' }, t('clock.none-meaning')));
      return;
    }
    const presets = PRESETS[k];
    const pick = h(
      'div',
      { class: 'segmented clock-presets', role: 'group', 'aria-label': t('clock.presets') },
      presets.map(([label, set]) =>
        h(
          'button',
          {
            type: 'button',
            class: 'minor preset',
            'data-preset': label,
            'aria-pressed': 'false',
            onclick: () => {
              for (const [key, v] of Object.entries(set))
                values[/** @type {keyof typeof values} */ (key)].value = String(v);
              marked();
            },
          },
          label,
        ),
      ),
    );
    // the preset the boxes hold now is shown pressed
    const marked = () => {
      for (const [i, [, set]] of presets.entries()) {
        const same = Object.entries(set).every(
          ([key, v]) => Number(values[/** @type {keyof typeof values} */ (key)].value) === v,
        );
        pick.children[i]?.setAttribute('aria-pressed', String(same));
      }
    };
    for (const b of boxes[k]) b.input.oninput = marked;
    marked();
    replace(
      detail,
      pick,
      boxes[k].map((b) => b.el),
      h(
        'p',
        { class: 'meaning' },
        k === 'move' ? t('clock.move-meaning') : k === 'fischer' ? t('clock.fischer-meaning') : t('clock.days-meaning'),
      ),
    );
  };
  kind.addEventListener('change', draw);
  draw();
  return {
    el: body,
    /** @returns {ClockSpec | null} */
    value() {
      const n = (/** @type {HTMLInputElement} */ input) => Number(input.value);
      switch (kind.value) {
        case 'move':
          return { kind: 'move', seconds: Math.round(n(seconds.input)) };
        case 'fischer':
          return { kind: 'fischer', base: Math.round(n(base.input) * 60), increment: Math.round(n(increment.input)) };
        case 'days':
          return { kind: 'days', days: Math.round(n(days.input)) };
        default:
          return null;
      }
    },
  };
}
