// The player's channel (GET /api/me/ws): the server says on it when it becomes my turn at any
// of my tables, when a person takes a seat at one (an invitation accepted), when a days clock
// waiting for me falls under 12 hours, and when one ends, on every device I am signed in on.
// Its frames are news, not the list: the page asks GET /api/me again for each, and whenever the
// channel (re)opens, since news told while it was away is not told again. It reconnects as a
// table's socket does (connection.js). The lobby, games.html and a signed-in table page open
// one. A signed-in account's own news (a challenge, a mute) comes on it too, to every device at
// once.

import { Connection } from './connection.js';

/** @typedef {import('./types.js').ChannelFrame} ChannelFrame */

/** News close together (a seat taken, then whose turn it is) is one look at the list. */
const GATHER_MS = 100;

/** @typedef {import('./types.js').ChallengeFrame} ChallengeFrame */
/** @typedef {import('./types.js').MuteFrame} MuteFrame */

/**
 * What a page does with the account's own news besides its tables' (each optional): a
 * challenge that changed, a seat muted from another device; `opened` each time the channel
 * (re)opens, to ask again what was said while it was away.
 * @typedef {{challenge?: (f: ChallengeFrame) => void, mute?: (f: MuteFrame) => void,
 *            opened?: () => void}} AccountNews
 */

export class PlayerChannel {
  /**
   * @param {(news: ChannelFrame[]) => void} changed called with the news gathered since the
   *   last call (none: the channel opened, so look anyway)
   * @param {AccountNews} [account] the account's news, told at once
   */
  constructor(changed, account = {}) {
    this.changed = changed;
    /** @type {AccountNews[]} */
    this.listeners = [account];
    /** @type {ChannelFrame[]} */
    this.news = [];
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    /** whether the channel is open now (a page may ask the list itself while it is not) */
    this.open = false;
    const url = new URL('api/me/ws', location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    this.conn = new Connection(url.toString(), () => ({ type: 'hello', token: null }), {
      onFrame: (frame) => {
        if (frame.type === 'turn' || frame.type === 'joined' || frame.type === 'low' || frame.type === 'over') {
          this.news.push(frame);
          this.gather();
        } else if (frame.type === 'challenge') {
          for (const l of this.listeners) l.challenge?.(frame);
        } else if (frame.type === 'mute') {
          for (const l of this.listeners) l.mute?.(frame);
        }
      },
      onState: (state) => {
        this.open = state === 'open';
        if (this.open) {
          this.gather();
          for (const l of this.listeners) l.opened?.();
        }
      },
    });
  }

  start() {
    this.conn.start();
  }

  /**
   * Another part of the page listens to the account's news too.
   * @param {AccountNews} account
   */
  listen(account) {
    this.listeners.push(account);
  }

  gather() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const news = this.news;
      this.news = [];
      this.changed(news);
    }, GATHER_MS);
  }
}
