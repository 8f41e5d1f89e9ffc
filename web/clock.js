// The table's clocks on the page: the time left of each seat from info's `clock` (`left`,
// `running`, `now`), counted down smoothly between frames. The server's `now` says when it wrote
// the times; the page keeps the offset between the server's clock and its own (the largest
// `now − arrival` seen lately: the frame that travelled fastest), so that a frame that arrives
// late does not give time back. Times read m:ss, h:mm:ss past an hour, "2 d 4 h" past a day,
// tenths under 10 s; low time (under 10 s, or under a tenth of a per-move time) is marked.

import { t } from './i18n.js';

/** @typedef {import('./types.js').ClockInfo} ClockInfo */

/** How many recent offsets are kept (the largest wins). */
const OFFSETS = 8;

/**
 * A time left in words for a clock face.
 * @param {number} ms
 */
export function clockText(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) {
    const tenths = Math.floor(t / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const secs = Math.floor(t / 1000);
  const days = Math.floor(secs / 86400);
  const hours = Math.floor((secs % 86400) / 3600);
  const mins = Math.floor((secs % 3600) / 60);
  const s = secs % 60;
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours}:${two(mins)}:${two(s)}`;
  return `${mins}:${two(s)}`;
}

/**
 * A clock's settings in words: "1 min per move", "5 min + 3 s", "2 days per move".
 * @param {{kind: string, seconds?: number, base?: number, increment?: number, days?: number}} c
 */
export function clockName(c) {
  const span = (/** @type {number} */ s) =>
    s % 3600 === 0 && s >= 3600
      ? t('clock.name-h', { n: s / 3600 })
      : s % 60 === 0 && s >= 60
        ? t('clock.name-min', { n: s / 60 })
        : t('clock.name-s', { n: s });
  switch (c.kind) {
    case 'move':
      return t('clock.name-move', { time: span(c.seconds ?? 0) });
    case 'fischer':
      return t('clock.name-fischer', { base: span(c.base ?? 0), increment: span(c.increment ?? 0) });
    case 'days':
      return t('clock.name-days', { n: c.days ?? 0 });
    default:
      return t('clock.name-none');
  }
}

/**
 * Whether a time left is low: under 10 s, or under a tenth of the time a move is given.
 * @param {ClockInfo} c
 * @param {number} ms
 */
export function lowTime(c, ms) {
  if (ms < 10000) return true;
  if (c.kind === 'move') return ms < (c.seconds ?? 0) * 100;
  if (c.kind === 'days') return ms < (c.days ?? 0) * 8640000;
  return false;
}

/** The clock of the table as the page last heard it, counting down between frames. */
export class Clocks {
  constructor() {
    /** @type {ClockInfo | null} */
    this.clock = null;
    /** @type {number[]} server's now − the page's time of arrival, latest last */
    this.offsets = [];
  }

  /**
   * A new info's clock, heard at `arrival` (the page's epoch ms).
   * @param {ClockInfo | undefined} clock
   * @param {number} [arrival]
   */
  update(clock, arrival = Date.now()) {
    this.clock = clock && clock.kind && clock.kind !== 'none' ? clock : null;
    if (!clock || typeof clock.now !== 'number') return;
    this.offsets.push(clock.now - arrival);
    if (this.offsets.length > OFFSETS) this.offsets.shift();
  }

  /** The server's epoch ms now, as the page reckons it. */
  serverNow(at = Date.now()) {
    return at + (this.offsets.length ? Math.max(...this.offsets) : 0);
  }

  /** Whether the table has a clock. */
  get on() {
    return this.clock !== null;
  }

  /**
   * A seat's time left now in ms, or null when it has no clock.
   * @param {string} seat
   * @param {number} [at] the page's epoch ms
   */
  left(seat, at = Date.now()) {
    const c = this.clock;
    if (!c || typeof c.left?.[seat] !== 'number') return null;
    const ran = c.running?.includes(seat) ? Math.max(0, this.serverNow(at) - c.now) : 0;
    return Math.max(0, c.left[seat] - ran);
  }

  /**
   * Whether a seat's clock runs now.
   * @param {string} seat
   */
  running(seat) {
    return Boolean(this.clock?.running?.includes(seat));
  }
}
