// The banner of a site whose database does not answer (docs/server/storage.md, "When the database is
// down"): the server still serves its pages, its lobby as last read and the tables it has in
// memory, and says with every answer (the header X-Quiver-Store: down) that nothing can be
// saved; a table's act is refused with "the site is slow" or "the site could not save this".
// On either, every page shows one line at its top until the database answers again, which it
// asks GET /api/health every CHECK_MS (200: back).

const CHECK_MS = 5000;
const TEXT =
  'Moves cannot be saved right now: the site’s database is not answering. ' +
  'What you see is as it was; try again in a minute.';

/** @type {HTMLElement | null} */
let banner = null;
/** @type {ReturnType<typeof setTimeout> | null} */
let check = null;

/**
 * What an answer or a refusal said of the database: 'down' shows the banner, 'ok' hides it,
 * anything else changes nothing.
 * @param {string | null | undefined} state
 */
export function noteStore(state) {
  if (state === 'down') show();
  else if (state === 'ok') hide();
}

/**
 * Whether a refusal's message is the store's (its act not saved because the database failed).
 * @param {string} message
 */
export function storeRefusal(message) {
  return message.startsWith('the site is slow') || message.startsWith('the site could not save');
}

function show() {
  if (typeof document === 'undefined') return;
  if (!banner) {
    banner = document.createElement('p');
    banner.id = 'store-down';
    banner.className = 'store-down';
    banner.setAttribute('role', 'alert');
    banner.textContent = TEXT;
    document.body.prepend(banner);
  }
  banner.hidden = false;
  if (!check) check = setTimeout(askAgain, CHECK_MS);
}

function hide() {
  if (banner) banner.hidden = true;
  if (check) clearTimeout(check);
  check = null;
}

/** Asks the health check whether the database answers again; the banner goes when it does. */
async function askAgain() {
  check = null;
  try {
    const res = await fetch('/api/health', { headers: { Accept: 'application/json' } });
    if (res.ok) {
      hide();
      return;
    }
  } catch {
    // the server itself unreachable: the connection's own line says so
  }
  if (banner && !banner.hidden) check = setTimeout(askAgain, CHECK_MS);
}
