// The app's Web Worker (docs/web.md, "The app"): quiver's engine as WebAssembly, behind the
// page's one interface to a table (../local.js). It answers the page's requests of the server's
// HTTP API (routes.js) and speaks a table's WebSocket frames on the page's sockets (tables.js),
// so that a search of the computer never blocks the page. Messages from the page:
//   {kind: 'request', id, method, path, body}  answered {kind: 'answer', id, status, body}
//   {kind: 'open', sock, path}, {kind: 'send', sock, data, held?}, {kind: 'close', sock}
// (held: a frame the page kept while this worker started, after the last one was stopped in a
// search of the computer: tables.js's message)
// and to it, for a socket: {kind: 'sock', sock, event: 'open' | 'message' | 'close', data}, and
// {kind: 'busy', table, on} around each of a table's own steps (a search the page may stop).

import { answer } from './routes.js';
import { close, message, open, setPost } from './tables.js';

/** @typedef {{kind: 'request', id: number, method: string, path: string, body?: string}
 *   | {kind: 'open', sock: number, path: string} | {kind: 'send', sock: number, data: string, held?: boolean}
 *   | {kind: 'close', sock: number}} FromPage */

/** @param {unknown} m */
const toPage = (m) => self.postMessage(m);

setPost(
  (sock, event, data) => toPage({ kind: 'sock', sock, event, data }),
  (table, on) => toPage({ kind: 'busy', table, on }),
);

// One message at a time, in order: a socket's frames must reach its table as they were sent.
let line = Promise.resolve();

self.addEventListener('message', (ev) => {
  const m = /** @type {FromPage} */ (/** @type {MessageEvent} */ (ev).data);
  line = line.then(() => handle(m)).catch((e) => console.warn(e));
});

/** @param {FromPage} m */
async function handle(m) {
  switch (m.kind) {
    case 'request': {
      const a = await answer(m.method, m.path, m.body ?? '');
      toPage({ kind: 'answer', id: m.id, status: a.status, body: a.body });
      break;
    }
    case 'open':
      open(m.sock, m.path);
      break;
    case 'send':
      await message(m.sock, m.data, m.held === true);
      break;
    case 'close':
      close(m.sock);
      break;
  }
}
