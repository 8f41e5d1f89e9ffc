// The people at a table, one line per seat above the board: the seat's mark and name, online or
// offline ("away 12 s", "away 2 min", counted from info's `away_since` on the server's clock),
// a seat the computer plays for an absent person ("played by the computer", with "Return to
// the game" for that person), and the seat's clock counting down (clock.js). The other players
// get "Claim the win" (two seats) or "Claim the seat" (more) exactly when the server takes the
// claim: a clockless table, the seat offline and to move, both for the table's `away_limit`
// (from the later of `away_since` and `turn_since`); the server's refusal, if any, is shown in
// words. While the page's connection is lost, what it shows is as it was then: every person
// "connection lost" (the page cannot know), the clocks and away times stopped where they were,
// the clocks marked as frozen, and no claim. Beside another person's name, what the page's
// hooks put there: the marks and the button of mute, report and block (seat-actions.js). Below
// them, "Rated game", or at a rated table whose game will not be rated (or rates only its new
// accounts) the server's reason, as soon as its seats are all taken. A drawing keeps the focus
// on the button that had it.

import { h, replace } from './dom.js';
import { seatIcon } from './seat-marks.js';
import { Clocks, clockText, clockName, lowTime } from './clock.js';
import { t } from './i18n.js';
import { serverText } from './server-text.js';

/** @typedef {import('./types.js').TableInfo} TableInfo */
/** @typedef {import('./types.js').SeatInfo} SeatInfo */

/**
 * How long a seat must be away and to move before the others may claim, in ms, when info does
 * not say the table's own `away_limit`: the server's `--away-limit` default (docs/server.md).
 */
export const AWAY_LIMIT_MS = 300000;

/**
 * When, on the server's clock (epoch ms), the server takes a claim of an absent seat, or null
 * when it does not say: the seat must have been both away and kept the game waiting for the
 * table's limit, so the later of the two starts counts.
 * @param {SeatInfo} s
 * @param {number | null | undefined} limit the table's `away_limit`, in seconds
 */
export function claimAt(s, limit) {
  if (typeof s.away_since !== 'number' || typeof s.turn_since !== 'number') return null;
  return Math.max(s.away_since, s.turn_since) + (typeof limit === 'number' ? limit * 1000 : AWAY_LIMIT_MS);
}

/**
 * "12 s", "2 min", "1 h 5 min", "3 d".
 * @param {number} ms
 */
export function awayText(ms) {
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const hrs = Math.floor(m / 60);
  if (hrs < 48) return m % 60 ? `${hrs} h ${m % 60} min` : `${hrs} h`;
  return `${Math.floor(hrs / 24)} d`;
}

/**
 * @typedef {Object} PeopleHooks
 * @property {(seat: string) => string} name how the page names a seat
 * @property {(seat: string) => void} claim the viewer claims an absent seat's win or seat
 * @property {() => void} back the viewer's own seat, played by the computer, returns
 * @property {(s: SeatInfo) => import('./dom.js').Children} [beside] what follows a seat's name
 *   (an element with `data-focus` keeps the focus across drawings)
 */

export class People {
  /**
   * @param {HTMLElement} root
   * @param {PeopleHooks} hooks
   */
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    this.clocks = new Clocks();
    /** @type {TableInfo | null} */
    this.table = null;
    this.viewer = 'public';
    /** the page's epoch ms when the info arrived (away times count on from it) */
    this.arrival = 0;
    /** @type {Map<string, {clock: HTMLElement | null, away: HTMLElement | null}>} */
    this.faces = new Map();
    /** which seats showed a claim button at the last drawing */
    this.claimable = '';
    /** @type {number | null} the page's epoch ms when its connection was lost; null while it has one */
    this.lostAt = null;
    this.timer = setInterval(() => this.tick(), 100);
  }

  /**
   * A new info (every snapshot and update).
   * @param {TableInfo | null} table
   * @param {string} viewer
   */
  update(table, viewer) {
    this.table = table;
    this.viewer = viewer;
    this.arrival = Date.now();
    this.clocks.update(table?.clock, this.arrival);
    this.draw();
  }

  /**
   * The page's connection is lost (true) or back (false): the people's lines say so, and the
   * clocks and away times stop where they were until it is back.
   * @param {boolean} lost
   */
  outage(lost) {
    if (lost === (this.lostAt !== null)) return;
    this.lostAt = lost ? Date.now() : null;
    this.draw();
  }

  /** The page's time the people are shown at: now, or when the connection was lost. */
  now() {
    return this.lostAt ?? Date.now();
  }

  /**
   * How long a seat has been away now, in ms (0 when online).
   * @param {SeatInfo} s
   */
  away(s) {
    if (s.kind !== 'human' || !s.claimed || s.online) return 0;
    const playing = this.table?.status === 'playing';
    if (typeof s.away_since === 'number' && playing)
      return Math.max(0, this.clocks.serverNow(this.now()) - s.away_since);
    return (s.away_ms ?? 0) + (playing ? this.now() - this.arrival : 0);
  }

  /** The seats whose win or seat the viewer may claim now. */
  claimableSeats() {
    const tb = this.table;
    if (
      !tb ||
      tb.status !== 'playing' ||
      tb.stopped ||
      this.viewer === 'public' ||
      this.clocks.on ||
      this.lostAt !== null
    )
      return [];
    const me = (tb.seats ?? []).find((s) => s.seat === this.viewer);
    if (!me || me.zombie) return [];
    return (tb.seats ?? [])
      .filter((s) => s.seat !== this.viewer && !s.zombie && (tb.to_move ?? []).includes(s.seat))
      .filter((s) => s.kind === 'human' && s.claimed && !s.online)
      .filter((s) => {
        const at = claimAt(s, tb.away_limit);
        return at === null ? this.away(s) >= AWAY_LIMIT_MS : this.clocks.serverNow() >= at;
      })
      .map((s) => s.seat);
  }

  /** Draws every seat's line again. */
  draw() {
    const tb = this.table;
    this.faces.clear();
    if (!tb || !(tb.seats ?? []).length) {
      replace(this.root);
      return;
    }
    const claims = this.claimableSeats();
    this.claimable = claims.join(' ');
    const two = (tb.seats ?? []).length === 2;
    const toMove = tb.status === 'playing' ? (tb.to_move ?? []) : [];
    const rows = (tb.seats ?? []).map((s) => {
      const state = this.seatState(s);
      const clockFace = this.clocks.left(s.seat) !== null ? h('span', { class: 'clock', role: 'timer' }) : null;
      const awayEl = s.kind === 'human' && s.claimed && !s.online ? h('span', { class: 'away' }) : null;
      this.faces.set(s.seat, { clock: clockFace, away: awayEl });
      const buttons = [];
      if (claims.includes(s.seat))
        buttons.push(
          h(
            'button',
            { type: 'button', class: 'minor claim', 'data-seat': s.seat, onclick: () => this.hooks.claim(s.seat) },
            two ? t('people.claim-win') : t('people.claim-seat'),
          ),
        );
      if (s.zombie && s.seat === this.viewer && tb.status === 'playing')
        buttons.push(
          h('button', { type: 'button', class: 'return', onclick: () => this.hooks.back() }, t('people.return')),
        );
      return h(
        'li',
        {
          class: `person ${s.seat}${toMove.includes(s.seat) ? ' to-move' : ''}${s.seat === this.viewer ? ' me' : ''}`,
          'data-seat': s.seat,
        },
        seatIcon(s.seat),
        // the name and the rating as one: on a phone the rating goes under the name
        h(
          'span',
          { class: 'person-who' },
          s.username
            ? h(
                'a',
                {
                  class: 'person-name',
                  href: `player.html?name=${encodeURIComponent(s.username)}`,
                  target: '_blank',
                  rel: 'noopener',
                  title: t('people.profile', { name: s.username }),
                },
                this.hooks.name(s.seat),
              )
            : h('span', { class: 'person-name' }, this.hooks.name(s.seat)),
          typeof s.rating === 'number'
            ? h(
                'span',
                {
                  class: 'seat-rating',
                  title: s.provisional ? t('people.provisional') : t('people.rating'),
                },
                `${s.rating}${s.provisional ? '?' : ''}`,
              )
            : null,
        ),
        this.hooks.beside?.(s),
        h('span', { class: `presence ${state.cls}` }, h('span', { class: 'presence-text' }, state.text)),
        awayEl,
        clockFace,
        buttons,
      );
    });
    const clock = this.clocks.clock;
    const active = document.activeElement;
    const focused = active && this.root.contains(active) ? active.getAttribute('data-focus') : null;
    replace(
      this.root,
      h('h2', { class: 'sr-only' }, t('common.players')),
      h('ul', { class: 'people-list' }, rows),
      // a rated table whose game will not be rated (or only partly: the server's rule against
      // rating farming) says why from the moment its seats are all taken, before the first move
      tb.rated
        ? h(
            'p',
            { class: tb.unrated ? 'rated-mark unrated' : 'rated-mark' },
            tb.unrated ? t('people.unrated', { why: serverText(tb.unrated) }) : t('people.rated'),
          )
        : null,
      clock ? h('p', { class: 'clock-kind' }, t('people.clock-kind', { clock: clockName(clock) })) : null,
    );
    if (focused) /** @type {HTMLElement | null} */ (this.root.querySelector(`[data-focus="${focused}"]`))?.focus();
    this.tick();
  }

  /**
   * What a seat's presence mark says.
   * @param {SeatInfo} s
   */
  seatState(s) {
    if (s.kind !== 'human') return { cls: 'ai', text: t('people.computer') };
    if (s.zombie) return { cls: 'zombie', text: t('people.zombie') };
    if (!s.claimed) return { cls: 'free', text: s.open === false ? t('people.invited') : t('people.open') };
    if (this.lostAt !== null) return { cls: 'lost', text: t('people.lost') };
    return s.online ? { cls: 'online', text: t('people.online') } : { cls: 'offline', text: t('people.offline') };
  }

  /** Every 100 ms: the clocks and away times move on; a claim that becomes possible shows. */
  tick() {
    const tb = this.table;
    if (!tb) return;
    if (this.claimableSeats().join(' ') !== this.claimable) {
      this.draw();
      return;
    }
    const now = this.now();
    const frozen = this.lostAt !== null;
    for (const s of tb.seats ?? []) {
      const f = this.faces.get(s.seat);
      if (!f) continue;
      if (f.away) {
        const ms = this.away(s);
        const text = ms >= 1000 ? awayText(ms) : '';
        if ((f.away.lastChild?.textContent ?? '') !== text)
          replace(f.away, text ? h('span', { class: 'away-word' }, t('people.away'), ' ') : null, text);
      }
      const left = this.clocks.left(s.seat, now);
      if (f.clock && left !== null && this.clocks.clock) {
        const text = clockText(left);
        // frozen: the mark says the time is the one the page had when its connection was lost
        const shown = frozen ? `⏸ ${text}` : text;
        if (f.clock.textContent !== shown) f.clock.textContent = shown;
        const running = this.clocks.running(s.seat) && tb.status === 'playing' && !frozen;
        f.clock.classList.toggle('running', running);
        f.clock.classList.toggle('frozen', frozen);
        f.clock.classList.toggle('low', lowTime(this.clocks.clock, left));
        f.clock.setAttribute(
          'aria-label',
          t(frozen ? 'people.clock-frozen' : running ? 'people.clock-running' : 'people.clock', {
            name: this.hooks.name(s.seat),
            time: text,
          }),
        );
      }
    }
  }
}
