// A WebSocket of the server (a table's, or the player's channel, whose hello is answered by
// 'ready' where a table's is by its snapshot): sends the hello frame on every (re)connection, hands frames to the
// page, and reconnects with a growing delay when the socket drops (0.5 s, 1 s, 2 s … up to
// 10 s), telling the page what it is doing so the player sees it (and when it is back: 'open'
// again, so the page clears what it said while it was lost). A socket not greeted within
// GREET_MS (a server or proxy that took the connection and never answered it) is dropped and
// tried again like one that dropped. resync() reconnects at once. A hello that the server
// refuses (an error frame before the snapshot, then a close) is final: reconnecting with the
// same token would be refused again. A greeted socket pings every PING_MS; when nothing at all
// comes back within PONG_MS of a ping (a server process paused, a connection a proxy or a
// network dropped without a close), the socket is given up and tried again like one that
// dropped, rather than left silent until TCP notices. A socket that falls silent is so noticed
// within PING_MS + PONG_MS (4.5 s; the server answers a ping on its network loop, never behind
// an act that waits for the database).

import { openSocket } from './local.js';

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 10000];
const PING_MS = 2000;
const PONG_MS = 2500;
const GREET_MS = 15000;

/**
 * @typedef {'connecting' | 'open' | 'lost' | 'refused' | 'closed'} ConnState
 * @typedef {import('./types.js').ServerFrame} ServerFrame
 * @typedef {import('./types.js').ClientFrame} ClientFrame
 * @typedef {{onFrame: (frame: ServerFrame) => void,
 *            onState: (state: ConnState, detail: {attempt: number, retryInMs: number, message: string}) => void}} ConnHandlers
 */

export class Connection {
  /**
   * @param {string} url the ws:// or wss:// address of the table's socket
   * @param {() => ClientFrame} hello the hello frame to send (read at every connection)
   * @param {ConnHandlers} handlers
   */
  constructor(url, hello, handlers) {
    this.url = url;
    this.hello = hello;
    this.handlers = handlers;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.retryTimer = null;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.pingTimer = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.pongTimer = null;
  }

  /** Opens the socket (again). */
  start() {
    if (this.stopped) return;
    this.handlers.onState('connecting', { attempt: this.attempt, retryInMs: 0, message: '' });
    let ws;
    try {
      ws = openSocket(this.url);
    } catch (e) {
      this.scheduleRetry(String(e));
      return;
    }
    this.ws = ws;
    let greeted = false;
    let refusal = '';
    // (close() on a socket still connecting fails it: its close event comes, and the retry)
    const greetTimer = setTimeout(() => {
      if (this.ws === ws && !greeted) ws.close();
    }, GREET_MS);
    ws.addEventListener('open', () => {
      ws.send(JSON.stringify(this.hello()));
    });
    ws.addEventListener('message', (ev) => {
      /** @type {ServerFrame} */
      let frame;
      try {
        frame = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      // any frame shows the socket alive, a pong or not
      if (this.ws === ws && this.pongTimer) {
        clearTimeout(this.pongTimer);
        this.pongTimer = null;
      }
      if (frame.type === 'error' && !greeted) refusal = String(frame.message ?? 'refused');
      this.handlers.onFrame(frame);
      if ((frame.type === 'snapshot' || frame.type === 'ready') && !greeted) {
        greeted = true;
        clearTimeout(greetTimer);
        this.attempt = 0;
        this.handlers.onState('open', { attempt: 0, retryInMs: 0, message: '' });
        this.startPing();
      }
    });
    ws.addEventListener('close', () => {
      clearTimeout(greetTimer);
      // a socket replaced by resync() closes late: the new one's pings go on
      if (this.ws !== ws) return;
      this.stopPing();
      this.ws = null;
      if (this.stopped) return;
      if (refusal) {
        this.stopped = true;
        this.handlers.onState('refused', { attempt: this.attempt, retryInMs: 0, message: refusal });
        return;
      }
      this.scheduleRetry('the connection was lost');
    });
  }

  /**
   * @param {string} message
   */
  scheduleRetry(message) {
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt++;
    this.handlers.onState('lost', { attempt: this.attempt, retryInMs: delay, message });
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.start();
    }, delay);
  }

  /**
   * Drops the socket and connects again at once: the server answers the new hello with a whole
   * snapshot, so the page shows the table as it is (after a refusal that says it fell behind).
   */
  resync() {
    if (this.stopped) return;
    const ws = this.ws;
    this.ws = null;
    this.stopPing();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (ws) ws.close();
    this.attempt = 0;
    this.start();
  }

  /** Retries now instead of waiting for the next attempt. */
  retryNow() {
    if (this.stopped || this.ws) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.start();
  }

  startPing() {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      if (!this.send({ type: 'ping' }) || this.pongTimer) return;
      this.pongTimer = setTimeout(() => this.giveUp(), PONG_MS);
    }, PING_MS);
  }

  stopPing() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pingTimer = null;
    this.pongTimer = null;
  }

  /** Nothing came back within PONG_MS of a ping: drop the socket and connect again. */
  giveUp() {
    this.pongTimer = null;
    const ws = this.ws;
    if (!ws || this.stopped) return;
    this.ws = null; // its late close event is then ignored
    this.stopPing();
    ws.close();
    this.scheduleRetry(`no answer from the server within ${PONG_MS / 1000} s`);
  }

  /**
   * Sends a frame; false when the socket is not open (the page says so).
   * @param {ClientFrame} frame
   */
  send(frame) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /** Closes for good. */
  close() {
    this.stopped = true;
    this.stopPing();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close();
    this.handlers.onState('closed', { attempt: 0, retryInMs: 0, message: '' });
  }
}
