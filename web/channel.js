// The player's channel (GET /api/me/ws): the server says on it when it becomes my turn at any
// of my tables, when a person takes a seat at one (an invitation accepted), when a days clock
// waiting for me falls under 12 hours, and when one ends, on every device I am signed in on.
// Its frames are news, not the list: the page asks GET /api/me again for each, and whenever the
// channel (re)opens, since news told while it was away is not told again. It reconnects as a
// table's socket does (connection.js). The lobby, games.html and a table's page open one.

import { Connection } from './connection.js';

/** @typedef {import('./types.js').ChannelFrame} ChannelFrame */

/** News close together (a seat taken, then whose turn it is) is one look at the list. */
const GATHER_MS = 100;

export class PlayerChannel {
  /**
   * @param {(news: ChannelFrame[]) => void} changed called with the news gathered since the
   *   last call (none: the channel opened, so look anyway)
   */
  constructor(changed) {
    this.changed = changed;
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
        }
      },
      onState: (state) => {
        this.open = state === 'open';
        if (this.open) this.gather();
      },
    });
  }

  start() {
    this.conn.start();
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
