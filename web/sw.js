// The app's service worker (docs/web.md, "The app"): `make web` writes this file into build/web
// with VERSION, the hash of every file of the app, and FILES, their paths. At install it caches
// every file of that version in a cache of its own, all or nothing; then it serves the app from
// that cache only, so that after the first visit nothing is asked of the network and the app
// works with none. A new version, once served, installs beside the one in use and waits: the
// page offers it ("A new version is ready") and only its answer makes it take over, so a page is
// never served half of one version and half of another. The old version's cache goes when the
// new one takes over. Never registered by a page that a server serves (site.js).

const VERSION = 'dev';
/** @type {string[]} */
const FILES = [];
const CACHE = `quiver-${VERSION}`;

/**
 * What is used of the worker's scope and events (the type check knows the page's, not a
 * service worker's).
 * @typedef {Event & {waitUntil: (p: Promise<unknown>) => void}} ExtendableEvent
 * @typedef {ExtendableEvent & {request: Request, respondWith: (r: Promise<Response>) => void}} FetchEvent
 * @typedef {{addEventListener: ((type: 'install' | 'activate', fn: (ev: ExtendableEvent) => void) => void)
 *   & ((type: 'fetch', fn: (ev: FetchEvent) => void) => void)
 *   & ((type: 'message', fn: (ev: MessageEvent) => void) => void),
 *   skipWaiting: () => Promise<void>, clients: {claim: () => Promise<void>}}} Scope
 */
const sw = /** @type {Scope} */ (/** @type {unknown} */ (self));

sw.addEventListener('install', (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })))));
});

sw.addEventListener('activate', (ev) => {
  ev.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('quiver-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => sw.clients.claim()),
  );
});

// The page's answer to "a new version is ready".
sw.addEventListener('message', (ev) => {
  if (ev.data && ev.data.type === 'update') sw.skipWaiting();
});

/**
 * The cached answer for a request of the app: the file itself, or for a page of the lessons
 * (/learn/GAME/LESSON), learn.html, which reads which from its address.
 * @param {Request} req
 */
async function cached(req) {
  const cache = await caches.open(CACHE);
  const url = new URL(req.url);
  const hit = await cache.match(req, { ignoreSearch: true });
  if (hit) return hit;
  if (req.mode === 'navigate' && /\/learn(\/|$)/.test(url.pathname)) return cache.match('learn.html');
  if (req.mode === 'navigate' && url.pathname.endsWith('/')) return cache.match('index.html');
  return undefined;
}

sw.addEventListener('fetch', (ev) => {
  const req = ev.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== location.origin) return;
  ev.respondWith(cached(req).then((hit) => hit ?? fetch(req)));
});
