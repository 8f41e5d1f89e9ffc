// The local tables of the app's Web Worker: each is held by the engine (app.h's ops) and kept in
// the browser (keep.js) after every change, before any socket hears of it; the sockets of the
// page speak a server's table frames (docs/server/websocket.md, "WebSocket"), each frame written by the
// engine for its viewer; and the table plays its own turns (the computer's seats, chance) one
// step at a time, the worker free between steps for what the page asks.

import { call, callText, EngineError, EINVAL } from './engine.js';
import * as keep from './keep.js';

/** @typedef {import('../types.js').TableInfo} TableInfo */
/** @typedef {(sock: number, event: 'open' | 'close' | 'message', data?: string) => void} Post */

/**
 * @typedef {Object} Socket a page's socket
 * @property {string | null} table the table's id, null for the player's channel
 * @property {string | null} seat its viewer once greeted ("p1".. or "public")
 */

/** @type {Map<number, Socket>} */
const sockets = new Map();
/** Tables whose own turns are being played. */
const stepping = new Set();
/** Other pages' workers hear of a change kept, and show it (two tabs of one table). */
const others = typeof BroadcastChannel === 'function' ? new BroadcastChannel('quiver-tables') : null;

/** @type {Post} */
let post = () => {};
/** @type {(id: string, on: boolean) => void} */
let thinking = () => {};

/**
 * @param {Post} fn how the worker sends a socket's events to the page
 * @param {(id: string, on: boolean) => void} busy how it says that a table's own step (a search)
 *   begins and ends: the page may then stop it (../local.js)
 */
export function setPost(fn, busy) {
  post = fn;
  thinking = busy;
}

/**
 * An op on a table, the table loaded from what the browser keeps when the engine does not hold
 * it (a new worker, or one of many tables let go).
 * @param {string} id
 * @param {Record<string, unknown>} request the op, without its id
 * @returns {Promise<string>} its answer's text
 */
export async function onTable(id, request) {
  try {
    return await callText({ ...request, id });
  } catch (e) {
    if (!(e instanceof EngineError && e.code === EINVAL && e.message.startsWith('id: no table'))) throw e;
  }
  const kept = await keep.get(id);
  if (!kept) throw new EngineError(`no table ${id} on this device`, EINVAL);
  await call({ op: 'load', saved: kept.saved });
  return callText({ ...request, id });
}

/**
 * Keeps a table as it is now, then tells the other tabs.
 * @param {string} id
 */
export async function save(id) {
  const saved = JSON.parse(await onTable(id, { op: 'save' }));
  const info = /** @type {TableInfo} */ (JSON.parse(await onTable(id, { op: 'info' })));
  delete info.catalogue;
  await keep.put({ id, saved, info, updated: Date.now() });
  others?.postMessage({ id, v: info.v });
}

/**
 * Every greeted socket of a table is sent its frame now (an update, or the snapshot it needs).
 * @param {string} id
 * @param {boolean} [snapshot]
 */
async function broadcast(id, snapshot = false) {
  for (const [sock, s] of sockets)
    if (s.table === id && s.seat) post(sock, 'message', await onTable(id, { op: 'frame', seat: s.seat, snapshot }));
}

/**
 * After a change: kept, every socket told, and the table's own turns played.
 * @param {string} id
 */
async function changed(id) {
  await save(id);
  await broadcast(id);
  play(id);
}

/**
 * Plays the table's own turns, a step at a time (an AI seat's search within its level's budget,
 * or a chance outcome), each kept and sent before the next; the worker answers what came
 * meanwhile between two steps.
 * @param {string} id
 */
function play(id) {
  if (stepping.has(id)) return;
  stepping.add(id);
  const next = async () => {
    try {
      thinking(id, true);
      const r = /** @type {{stepped: boolean}} */ (JSON.parse(await onTable(id, { op: 'step' })));
      thinking(id, false);
      if (r.stepped) {
        await save(id);
        await broadcast(id);
        setTimeout(next, 0);
        return;
      }
    } catch (e) {
      thinking(id, false);
      // the engine stopped the table, saying why in its info: the pages show it
      await save(id).catch(() => {});
      await broadcast(id).catch(() => {});
      console.warn(`table ${id}: ${e instanceof Error ? e.message : e}`);
    }
    stepping.delete(id);
  };
  setTimeout(next, 0);
}

/**
 * A page opens a socket: a table's (/api/tables/ID/ws) or the player's channel (/api/me/ws),
 * which in the app has no news to tell.
 * @param {number} sock
 * @param {string} path
 */
export function open(sock, path) {
  const m = /^\/api\/tables\/([\w-]+)\/ws$/.exec(path);
  if (!m && path !== '/api/me/ws') {
    post(sock, 'close');
    return;
  }
  sockets.set(sock, { table: m ? m[1] : null, seat: null });
  post(sock, 'open');
}

/** @param {number} sock */
export function close(sock) {
  sockets.delete(sock);
}

/**
 * Sends a socket a frame.
 * @param {number} sock
 * @param {Record<string, unknown>} frame
 */
function send(sock, frame) {
  post(sock, 'message', JSON.stringify(frame));
}

/** The frames of a server's table that a game on one device has no use for. */
const NOT_HERE = ['chat', 'claim', 'return', 'abort', 'draw', 'moretime', 'answer', 'rematch', 'what'];

/**
 * A frame a page sent on a socket. `held`: the page kept it while this worker started, after a
 * takeback or resignation stopped the last one in the computer's search (local.js): the new
 * worker may have made that step again before the frame arrives (its timer and the page's
 * message race), so a held takeback or resignation acts on the table as it is then, not at the
 * version its page saw: the player took back their move, or resigned, whatever the computer
 * answered meanwhile (a takeback then takes back the answer too).
 * @param {number} sock
 * @param {string} text
 * @param {boolean} [held]
 */
export async function message(sock, text, held = false) {
  const s = sockets.get(sock);
  if (!s) return;
  /** @type {{type?: string, token?: string | null, v?: number, action?: string, line?: number}} */
  let f;
  try {
    f = JSON.parse(text);
  } catch {
    send(sock, { type: 'error', message: 'a frame is a JSON object {"type": ...}' });
    return;
  }
  if (f.type === 'ping') return send(sock, { type: 'pong' });
  if (!s.table) return f.type === 'hello' ? send(sock, { type: 'ready' }) : undefined;
  try {
    await tableFrame(sock, s, f, held);
  } catch (e) {
    send(sock, { type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
}

/**
 * A table's frame: hello (the snapshot), an act, a takeback, a resignation, a look back.
 * @param {number} sock
 * @param {Socket} s
 * @param {{type?: string, token?: string | null, v?: number, action?: string, line?: number}} f
 * @param {boolean} held the page kept it while the worker started again (message)
 */
async function tableFrame(sock, s, f, held) {
  const id = /** @type {string} */ (s.table);
  if (f.type === 'hello') {
    let seat;
    try {
      seat = /** @type {{seat: string}} */ (JSON.parse(await onTable(id, { op: 'hello', token: f.token ?? null })))
        .seat;
    } catch (e) {
      // a refused hello is final, as a server's: the error, then the close
      send(sock, { type: 'error', message: e instanceof Error ? e.message : String(e) });
      sockets.delete(sock);
      post(sock, 'close');
      return;
    }
    s.seat = seat;
    post(sock, 'message', await onTable(id, { op: 'frame', seat, snapshot: true }));
    play(id);
    return;
  }
  if (!s.seat) throw new Error('say hello first: {"type": "hello", "token": ...}');
  if (f.type === 'history') {
    post(sock, 'message', await onTable(id, { op: 'history', seat: s.seat, line: f.line }));
    return;
  }
  const ops = { act: 'act', takeback: 'takeback', undo: 'takeback', resign: 'resign', back: 'undo' };
  const op = f.type && f.type in ops ? ops[/** @type {keyof typeof ops} */ (f.type)] : null;
  if (!op)
    throw new Error(
      f.type && NOT_HERE.includes(f.type)
        ? `"${f.type}" is not for a game on this device`
        : `unknown frame type "${f.type}"`,
    );
  if (s.seat === 'public') throw new Error('you are watching: a spectator does not act');
  let v = f.v ?? -1;
  if (held && (op === 'takeback' || op === 'resign'))
    v = /** @type {TableInfo} */ (JSON.parse(await onTable(id, { op: 'info' }))).v;
  // an analysis board's move taken back is the referee's (the engine refuses it at a game)
  await onTable(id, op === 'undo' ? { op } : { op, seat: s.seat, v, action: f.action ?? '' });
  await changed(id);
}

/**
 * Another tab kept a change of a table this worker shows: its sockets get the table anew.
 * @param {{id: string, v: number}} news
 */
async function heard(news) {
  if (![...sockets.values()].some((s) => s.table === news.id && s.seat)) return;
  const kept = await keep.get(news.id);
  if (!kept) return;
  await call({ op: 'load', saved: kept.saved });
  await broadcast(news.id, true);
}

if (others) others.onmessage = (ev) => heard(ev.data).catch(() => {});
