// The challenges of a signed-in account, on every page with a player's channel (the lobby,
// games.html, friends.html, a table): a bar at the top of the page with each challenge to me
// ("Ann challenges you to ConCardia: 5 min + 3 s, rated.", Accept and Decline) and each of mine
// that was accepted (a link to its table). The server tells every device of the account of each
// change at once (docs/server/players.md, "Challenges"), so a challenge answered on the phone leaves the
// laptop's bar too. The list is asked again whenever the channel (re)opens.

import { h, replace } from './dom.js';
import * as API from './api.js';
import { keepSeat } from './tokens.js';
import { clockName } from './clock.js';
import { t } from './i18n.js';

/** @typedef {import('./types.js').Challenge} Challenge */
/** @typedef {import('./channel.js').PlayerChannel} PlayerChannel */

/**
 * A challenge's game in words: "ConCardia: 5 min + 3 s, rated".
 * @param {Challenge} c
 */
export function challengeTerms(c) {
  const clock = c.clock && c.clock.kind !== 'none' ? clockName(c.clock) : t('challenge.no-clock');
  return t(c.rated ? 'challenge.rated' : 'challenge.casual', { game: c.title, clock });
}

/**
 * The table page of an accepted challenge for its player on this browser.
 * @param {string} table
 * @param {string} seat
 */
export function tablePage(table, seat) {
  return `table.html?id=${encodeURIComponent(table)}&as=${encodeURIComponent(seat)}`;
}

/**
 * Accepts challenge c: its table is made, this browser keeps its seat's token and goes there.
 * @param {Challenge} c
 * @param {HTMLElement} said where a refusal is said
 */
export async function accept(c, said) {
  try {
    const got = await API.acceptChallenge(c.id);
    if (got.token) keepSeat(got.table, got.seat, got.token);
    location.href = tablePage(got.table, got.seat);
  } catch (e) {
    said.textContent = t('challenge.not-accepted', { why: e instanceof Error ? e.message : String(e) });
  }
}

export class ChallengeBar {
  /**
   * @param {PlayerChannel} channel the page's channel, which the bar listens to
   * @param {{sent?: (c: Challenge) => void}} [o] sent: a challenge of mine changed (the page
   *   that shows them)
   */
  constructor(channel, o = {}) {
    this.o = o;
    /** @type {Map<string, Challenge>} to me, open; mine, accepted */
    this.shown = new Map();
    /** @type {string | null} my username, once known */
    this.me = null;
    this.el = h('aside', {
      class: 'challenge-bar',
      'aria-label': t('challenge.bar'),
      'aria-live': 'polite',
      hidden: true,
    });
    const main = document.querySelector('main');
    main?.parentNode?.insertBefore(this.el, main);
    channel.listen({ opened: () => this.load(), challenge: (f) => this.heard(f.challenge) });
  }

  /** Asks the list again (the channel opened). */
  async load() {
    try {
      const [mine, list] = await Promise.all([API.me(0), API.challenges()]);
      this.me = mine.account?.username ?? null;
      this.shown.clear();
      for (const c of list.incoming) this.shown.set(c.id, c);
      this.draw();
    } catch {
      // signed out (401), or the server away: nothing to show
    }
  }

  /**
   * A challenge of mine changed.
   * @param {Challenge} c
   */
  heard(c) {
    const toMe = this.me !== null && c.to.toLowerCase() === this.me.toLowerCase();
    if (c.status === 'open' && toMe) this.shown.set(c.id, c);
    else if (c.status === 'accepted' && !toMe) this.shown.set(c.id, c);
    else this.shown.delete(c.id);
    if (!toMe) this.o.sent?.(c);
    this.draw();
  }

  draw() {
    this.el.hidden = this.shown.size === 0;
    replace(
      this.el,
      [...this.shown.values()].map((c) => this.line(c)),
    );
  }

  /**
   * A challenge's line in the bar.
   * @param {Challenge} c
   */
  line(c) {
    const said = h('span', { class: 'error', role: 'alert' });
    if (c.status === 'accepted' && c.table) {
      return h(
        'p',
        { class: 'challenge', 'data-challenge': c.id },
        t('challenge.accepted', { name: c.to, terms: challengeTerms(c) }),
        ' ',
        h('a', { class: 'button', href: tablePage(c.table, c.from_seat) }, t('challenge.go')),
      );
    }
    return h(
      'p',
      { class: 'challenge', 'data-challenge': c.id },
      t('challenge.incoming', { name: c.from, terms: challengeTerms(c) }),
      ' ',
      h('button', { type: 'button', class: 'accept', onclick: () => accept(c, said) }, t('challenge.accept')),
      ' ',
      h(
        'button',
        {
          type: 'button',
          class: 'minor decline',
          onclick: async () => {
            try {
              await API.declineChallenge(c.id);
            } catch (e) {
              said.textContent = t('challenge.not-declined', { why: e instanceof Error ? e.message : String(e) });
            }
          },
        },
        t('challenge.decline'),
      ),
      ' ',
      said,
    );
  }
}
