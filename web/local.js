// The page's side of the app's second transport (docs/web.md, "The app"): quiver's own engine,
// compiled to WebAssembly, runs in a Web Worker (engine/worker.js) that answers the paths of the
// server's HTTP API and speaks the frames of a table's WebSocket for the tables it keeps (local
// tables, ids `local-…`), so that the pages call api.js and connection.js as they do with a
// server and never know which answers. This module starts the worker once per page, sends it
// requests and sockets' frames, and gives back a fetch Response or a socket with the
// WebSocket's events.
//
// Which requests go here: every one in the app built by `make web` (site.js's LOCAL), and with a
// server the local tables' and, where the engine is beside the pages (ENGINE), the reviews of
// finished tables, which the page then makes itself (the server's POST /api/tables/ID/review
// stays for clients without it).

import { LOCAL, ENGINE } from './site.js';

/** @typedef {{id: number, status: number, body: string, type?: string}} WorkerAnswer */
/** @typedef {{kind: 'answer'} & WorkerAnswer | {kind: 'sock', sock: number, event: 'open' | 'close' | 'message', data?: string}
 *   | {kind: 'busy', table: string, on: boolean}} FromWorker */

/** The prefix of a local table's id: a server's ids are 16 hexadecimal digits. */
export const LOCAL_ID = 'local-';

/**
 * Whether a path (or a WebSocket's URL) of the API is answered by the page's engine.
 * @param {string} path
 */
export function isLocalPath(path) {
  const p = path.replace(/^\w+:\/\/[^/]+/, '').replace(/^\.?\/?/, '/');
  if (LOCAL) return p.startsWith('/api/');
  if (p.startsWith(`/api/tables/${LOCAL_ID}`)) return true;
  return ENGINE && (p === '/api/analysis' || /^\/api\/tables\/[0-9a-f]{16}\/review$/.test(p.split('?')[0]));
}

/** The pages that need a server (accounts, leaderboards, friends, tournaments, puzzles made from a server's
 * games): the app links to none of them. */
const SERVER_PAGES = ['account.html', 'leaderboard.html', 'friends.html', 'puzzles.html', 'tournaments.html'];

/**
 * Whether a link leads to a page that needs a server (its address with or without a query).
 * @param {string} href
 */
function needsServer(href) {
  return SERVER_PAGES.includes(href.replace(/[?#].*$/, ''));
}

/**
 * In the app (LOCAL), hides the links of a page's own HTML that lead to a page needing a
 * server; with a server, does nothing.
 */
export function hideServerLinks() {
  if (!LOCAL) return;
  for (const a of document.querySelectorAll('a[href]'))
    if (a instanceof HTMLElement && needsServer(a.getAttribute('href') ?? '')) a.hidden = true;
}

/** @type {Worker | null} */
let worker = null;
let nextId = 1;
/** @type {Map<number, (a: WorkerAnswer) => void>} */
const waiting = new Map();
/** @type {Map<number, LocalSocket>} */
const sockets = new Map();
/** The tables whose own step (a search of the computer) the worker is making now. */
const busy = new Set();

/** The frames that stop a search of the computer under way at their table (see LocalSocket.send). */
const STOPPING = ['takeback', 'undo', 'back', 'resign'];

/** The page's worker, started at the first use. */
function engine() {
  if (worker) return worker;
  const w = new Worker(new URL('engine/worker.js', import.meta.url), { type: 'module' });
  w.addEventListener('message', (ev) => {
    const m = /** @type {FromWorker} */ (ev.data);
    if (m.kind === 'answer') {
      waiting.get(m.id)?.(m);
      waiting.delete(m.id);
    } else if (m.kind === 'sock') {
      sockets.get(m.sock)?.event(m.event, m.data);
    } else if (m.kind === 'busy') {
      if (m.on) busy.add(m.table);
      else busy.delete(m.table);
    }
  });
  // a worker that cannot start (its module or the engine missing): what waits is answered
  w.addEventListener('error', (ev) => {
    ev.preventDefault();
    for (const [id, resolve] of waiting)
      resolve({ id, status: 503, body: JSON.stringify({ error: "the page's engine could not start" }) });
    waiting.clear();
  });
  worker = w;
  return w;
}

/**
 * A request of the API answered by the page's engine, as fetch answers one.
 * @param {string} method
 * @param {string} path
 * @param {string} [body] the request's body (JSON text)
 * @returns {Promise<Response>}
 */
export function localFetch(method, path, body) {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, (a) =>
      resolve(
        new Response(a.status === 304 ? null : a.body, {
          status: a.status,
          headers: { 'Content-Type': a.type ?? 'application/json', ETag: '"local"' },
        }),
      ),
    );
    engine().postMessage({ kind: 'request', id, method, path: path.replace(/^\.?\/?/, '/'), body });
  });
}

/**
 * An op of the engine's C API (include/quiver/app.h) asked directly, for the pages that play
 * with the engine itself (the analysis board).
 * @param {Record<string, unknown>} request {op, ...}
 * @returns {Promise<unknown>} the op's answer; an Error with the engine's message when refused
 */
export async function engineCall(request) {
  const res = await localFetch('POST', '/engine/call', JSON.stringify(request));
  const data = /** @type {{error?: string}} */ (await res.json());
  if (!res.ok) throw new Error(data.error ?? `the engine answered ${res.status}`);
  return data;
}

/**
 * Stops the computer's search under way: a single-threaded worker cannot be interrupted, so it
 * is ended and a new one started, which reads the tables back from what the browser keeps (the
 * position before the search: a change is kept before anyone hears of it). The requests waiting
 * for the old one are answered 503; the open sockets are opened again in the new one, where
 * their pages greet them again (connection.js sends its hello on every open), and each socket's
 * frames sent meanwhile follow its hello.
 */
function restart() {
  worker?.terminate();
  worker = null;
  busy.clear();
  for (const [id, resolve] of waiting)
    resolve({ id, status: 503, body: JSON.stringify({ error: 'the search was stopped: ask again' }) });
  waiting.clear();
  for (const s of sockets.values()) s.reopen();
}

/**
 * A table's socket in the page's engine, with what connection.js uses of a WebSocket: its
 * events, send, close and readyState.
 */
export class LocalSocket extends EventTarget {
  /** @param {string} url the WebSocket's address (its path names the table) */
  constructor(url) {
    super();
    this.sock = nextId++;
    this.path = new URL(url).pathname;
    this.table = /^\/api\/tables\/([\w-]+)\/ws$/.exec(this.path)?.[1] ?? '';
    /** @type {number} */
    this.readyState = WebSocket.CONNECTING;
    /** frames sent while the socket opens again in a new worker: sent after its hello */
    /** @type {string[] | null} */
    this.held = null;
    sockets.set(this.sock, this);
    engine().postMessage({ kind: 'open', sock: this.sock, path: this.path });
  }

  /** The socket again in a new worker (restart): its page's next hello, then what it held. */
  reopen() {
    this.held = [];
    engine().postMessage({ kind: 'open', sock: this.sock, path: this.path });
  }

  /**
   * What the worker says of this socket.
   * @param {'open' | 'close' | 'message'} kind
   * @param {string} [data]
   */
  event(kind, data) {
    if (kind === 'open') this.readyState = WebSocket.OPEN;
    if (kind === 'close') {
      this.readyState = WebSocket.CLOSED;
      sockets.delete(this.sock);
    }
    this.dispatchEvent(kind === 'message' ? new MessageEvent('message', { data }) : new Event(kind));
  }

  /**
   * Sends a frame. One that takes back or resigns while the computer searches at this table
   * stops the search first (restart): the player need not wait for a move to be made only to
   * be taken back.
   * @param {string} text a frame
   */
  send(text) {
    if (this.readyState !== WebSocket.OPEN) return;
    const type = /^\{"type":"(\w+)"/.exec(text)?.[1] ?? '';
    if (busy.has(this.table) && STOPPING.includes(type)) restart();
    if (this.held && type !== 'hello') {
      this.held.push(text);
      return;
    }
    engine().postMessage({ kind: 'send', sock: this.sock, data: text });
    if (type === 'hello' && this.held) {
      for (const t of this.held) engine().postMessage({ kind: 'send', sock: this.sock, data: t, held: true });
      this.held = null;
    }
  }

  close() {
    if (this.readyState === WebSocket.CLOSED) return;
    engine().postMessage({ kind: 'close', sock: this.sock });
    this.event('close');
  }
}

/**
 * The socket of a WebSocket URL: the page's engine's for a local table (and every socket in the
 * app), else the browser's.
 * @param {string} url
 * @returns {WebSocket}
 */
export function openSocket(url) {
  return isLocalPath(url)
    ? /** @type {WebSocket} */ (/** @type {unknown} */ (new LocalSocket(url)))
    : new WebSocket(url);
}

/**
 * Saves what a path of the page's engine answers as a file (a local table's record): the same
 * bytes a server's link would download.
 * @param {string} path
 * @param {string} filename
 */
export async function downloadLocal(path, filename) {
  const res = await localFetch('GET', path);
  const url = URL.createObjectURL(new Blob([await res.text()], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
