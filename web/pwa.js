// The installable app (docs/web.md, "The app"): on each page of the app built by `make web`
// (site.js's LOCAL; `make web` adds this module and the web manifest to its pages), the service
// worker (sw.js) is registered, and when a new version has been served and installed beside the
// one in use, a banner offers it: "Reload" lets it take over (it waits until then, so that no
// page mixes two versions) and reloads the page once it has.

import { LOCAL } from './site.js';
import { h } from './dom.js';
import { t } from './i18n.js';

/**
 * The banner of a new version waiting.
 * @param {ServiceWorker} waiting
 */
function offer(waiting) {
  if (document.getElementById('update-ready')) return;
  const bar = h(
    'div',
    { id: 'update-ready', class: 'update-ready', role: 'status' },
    t('app.new-version'),
    ' ',
    h(
      'button',
      {
        type: 'button',
        onclick: () => {
          bar.textContent = t('app.updating');
          waiting.postMessage({ type: 'update' });
        },
      },
      t('app.reload'),
    ),
  );
  document.body.prepend(bar);
}

async function register() {
  if (!LOCAL || !('serviceWorker' in navigator)) return;
  const reg = await navigator.serviceWorker.register(new URL('sw.js', import.meta.url));
  // a version that took over at the page's answer: the page shows it
  let reloading = false;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return; // the first install: nothing was served by another
    reloading = true;
    location.reload();
  });
  const watch = (/** @type {ServiceWorker | null} */ w) => {
    if (!w) return;
    const ready = () => {
      if (w.state === 'installed' && navigator.serviceWorker.controller) offer(w);
    };
    w.addEventListener('statechange', ready);
    ready();
  };
  watch(reg.waiting);
  reg.addEventListener('updatefound', () => watch(reg.installing));
}

register().catch((e) => console.warn(`the app's service worker: ${e instanceof Error ? e.message : e}`));
