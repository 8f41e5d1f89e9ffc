// The lobby (index.html): the four games with a line each and their rules, one click to play
// against the computer at a chosen level, "create a table" (parameters, seats as me, a friend
// with an invite link, anyone or a computer level, the clock, listed or private: a form built
// from /api/games; then the invite links with a copy button), the player's name (asked once),
// and the open tables to join (open seats only) or watch, newest first, a page at a time
// ("More tables"), polled every 5 s with the first page's ETag: nothing comes back (304) when
// nothing changed.

import { byId, h, replace } from './dom.js';
import * as API from './api.js';
import { gameModule } from './games/index.js';
import { keepSeat } from './tokens.js';
import { seatCount, create } from './new-table.js';
import { inviteLink, copyField } from './invite.js';
import { clockField } from './clock-field.js';
import { nameBox } from './names.js';
import { paramField, typedValue, label } from './param-fields.js';
import { seatIcon } from './seat-marks.js';
import { levelName, levelLabel, levelsOf, firstLevel, playedBefore, rememberLevel, LADDER_MEANING } from './levels.js';
import { drawMyGames, waiting, WaitingSignal } from './my-games.js';
import { PlayerChannel } from './channel.js';
import { ChallengeBar } from './challenge-bar.js';
import { TurnSignal } from './your-turn.js';
import { LOCAL } from './site.js';
import { hideServerLinks } from './local.js';
import { t, has } from './i18n.js';

/** @typedef {import('./types.js').GameInfo} GameInfo */
/** @typedef {import('./types.js').TableInfo} TableInfo */

const els = {
  error: byId('lobby-error'),
  games: byId('games'),
  form: /** @type {HTMLFormElement} */ (byId('create-form')),
  created: byId('created'),
  tables: byId('tables'),
  name: byId('name-place'),
  mine: byId('mine'),
  account: byId('account-link'),
  mineList: byId('mine-list'),
};

/** @type {GameInfo[]} */
let games = [];

/** @param {unknown} e */
function showError(e) {
  // a limit of the address (too many open tables): the way to finish or abort one
  if (e instanceof API.ApiError && e.status === 429)
    replace(els.error, e.message, ' ', h('a', { href: 'games.html' }, t('lobby.see-games')));
  else els.error.textContent = e instanceof Error ? e.message : String(e);
}

/** The most games being played that the lobby lists (games.html has them all). */
const MINE_SHOWN = 5;
const signal = new WaitingSignal(new TurnSignal());

/** "Your games": the tables this browser took seats at that are being played (GET /api/me). */
async function loadMine() {
  let me;
  try {
    me = await API.me(0); // the games being played only
  } catch {
    return; // the list is a convenience: the lobby works without it
  }
  els.account.textContent = me.account ? me.account.username : t('nav.sign-in');
  const playing = me.tables.filter((t) => t.status !== 'over');
  els.mine.hidden = playing.length === 0;
  drawMyGames(els.mineList, playing.slice(0, MINE_SHOWN), {
    actions: false,
    account: Boolean(me.account),
    changed: loadMine,
    empty: t('lobby.none-playing'),
  });
  signal.update(playing);
  const n = waiting(playing);
  document.title = `${n ? `(${n}) ` : ''}${t('lobby.title')}`;
}

/** The game cards with the one-click game against the computer. */
function drawGames() {
  replace(
    els.games,
    games.map((g) => {
      const mod = gameModule(g.name);
      const levels = levelsOf(g);
      const start = firstLevel(g.name, levels);
      const sel = h(
        'select',
        {
          id: `level-${g.name}`,
          'aria-label': t('lobby.level-for', { game: g.title ?? g.name }),
          title: LADDER_MEANING,
        },
        levels.map((/** @type {string} */ l) => h('option', { value: l, selected: l === start }, levelLabel(g, l))),
      );
      // a first game: the lessons teach the rules in a few minutes
      const firstTime = playedBefore(g.name)
        ? null
        : h(
            'p',
            { class: 'first-time' },
            t('lobby.new-to', { game: g.title ?? g.name }),
            ' ',
            h('a', { href: `learn/${encodeURIComponent(g.name)}`, class: 'learn-first' }, t('lobby.start-lessons')),
            t('lobby.or-beginner'),
          );
      const n = seatCount(g);
      const button = h(
        'button',
        {
          type: 'button',
          class: 'quick-play',
          'data-game': g.name,
          onclick: async () => {
            button.disabled = true;
            try {
              const kinds = ['me', ...Array.from({ length: n - 1 }, () => sel.value)];
              const info = await create(g, {}, kinds, true);
              rememberLevel(g.name, sel.value);
              location.href = `table.html?id=${encodeURIComponent(info.id)}`;
            } catch (e) {
              showError(e);
              button.disabled = false;
            }
          },
        },
        t('lobby.play'),
      );
      return h(
        'article',
        { class: 'game-card' },
        h('h3', {}, g.title ?? mod?.title ?? g.name),
        h('p', {}, mod?.blurb ?? ''),
        h(
          'p',
          {},
          g.min_players === g.max_players
            ? t('lobby.players', { n: g.min_players })
            : t('lobby.players-range', { min: g.min_players, max: g.max_players }),
          ' · ',
          h('a', { href: `learn/${encodeURIComponent(g.name)}`, class: 'learn-link' }, t('nav.learn')),
          ' · ',
          h(
            'a',
            { href: `rules.html?game=${encodeURIComponent(g.name)}` },
            t('lobby.rules-of', { game: g.title ?? g.name }),
          ),
        ),
        h(
          'div',
          { class: 'quick' },
          h('label', { for: `level-${g.name}` }, t('lobby.against', { n: n - 1 })),
          sel,
          button,
        ),
        firstTime,
      );
    }),
  );
}

/** A variant file that could not be read as JSON. */
class VariantFileError extends Error {}

/**
 * The "Variant file" of the create form, for a game whose components may vary (it has the
 * parameter `variant`): a file a designer made with `quiver variant` (docs/variants.md), read
 * in the page and sent as the request's `variant`, which the server checks. Null for other
 * games.
 * @param {GameInfo} g
 * @returns {{el: HTMLElement, value: () => Promise<unknown>} | null} value: the parsed
 *   document, undefined when no file is chosen
 */
function variantField(g) {
  if (!(g.params ?? []).some((p) => p.key === 'variant')) return null;
  const input = /** @type {HTMLInputElement} */ (
    h('input', {
      type: 'file',
      id: 'variant-file',
      accept: '.json,application/json',
      'aria-describedby': 'variant-file-meaning',
    })
  );
  const el = h(
    'div',
    { class: 'field' },
    h('label', { for: 'variant-file' }, t('lobby.variant-file')),
    h('p', { class: 'meaning', id: 'variant-file-meaning' }, t('lobby.variant-meaning')),
    input,
  );
  const value = async () => {
    const f = input.files?.[0];
    if (!f) return undefined;
    const text = await f.text();
    try {
      return /** @type {unknown} */ (JSON.parse(text));
    } catch (e) {
      throw new VariantFileError(
        t('lobby.variant-not-json', { file: f.name, why: e instanceof Error ? e.message : String(e) }),
      );
    }
  };
  return { el, value };
}

/**
 * The game picker of the "create a table" form: choosing another game draws the form anew.
 * @param {GameInfo} g the game chosen
 */
function gamePicker(g) {
  return h(
    'fieldset',
    { class: 'field' },
    h('legend', {}, t('lobby.game')),
    h(
      'div',
      { class: 'segmented' },
      games.map((x) =>
        h(
          'label',
          {},
          h('input', {
            type: 'radio',
            name: 'game',
            value: x.name,
            checked: x.name === g.name,
            onchange: () => drawForm(x.name),
          }),
          h('span', {}, x.title ?? x.name),
        ),
      ),
    ),
  );
}

const SEATS_MEANING = LOCAL ? t('lobby.seats-meaning-local') : t('lobby.seats-meaning');

/**
 * The seats of the form, a row each: drawn again (keeping the choices made) when the number
 * of players changes.
 * @param {GameInfo} g
 * @param {Record<string, string>} values the parameters chosen so far (`players`)
 */
function seatField(g, values) {
  const el = h('fieldset', { class: 'field' });
  const levels = levelsOf(g);
  /** @type {HTMLSelectElement[]} */
  let selects = [];
  const draw = () => {
    const old = selects.map((sel) => sel.value);
    selects = [];
    const rows = [];
    for (let i = 0; i < seatCount(g, values); i++) {
      const seat = `p${i + 1}`;
      const id = `seat-${seat}`;
      const sel = h(
        'select',
        { id },
        h('option', { value: 'me' }, LOCAL ? t('lobby.seat-device') : t('lobby.seat-me')),
        // the app has no server: nobody else can come to a table
        LOCAL ? null : h('option', { value: 'invite' }, t('lobby.seat-invite')),
        LOCAL ? null : h('option', { value: 'human' }, t('lobby.seat-open')),
        levels.map((/** @type {string} */ l) =>
          h('option', { value: l }, t('lobby.seat-computer', { level: levelLabel(g, l) })),
        ),
      );
      sel.value = old[i] ?? (i === 0 || LOCAL ? 'me' : 'invite');
      selects.push(sel);
      rows.push(h('div', { class: 'seat-row' }, h('label', { for: id }, seatIcon(seat), seat), sel));
    }
    replace(el, h('legend', {}, t('lobby.seats')), h('p', { class: 'meaning' }, SEATS_MEANING), rows);
  };
  return { el, draw, kinds: () => selects.map((sel) => sel.value) };
}

/**
 * A check box of the form with its label.
 * @param {string} id
 * @param {string} text
 * @param {boolean} checked
 */
function checkField(id, text, checked) {
  const box = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id, checked }));
  return { box, el: h('div', { class: 'check' }, box, h('label', { for: id }, text)) };
}

/** The form's three choices of how the table is played: listed, takebacks, rated. */
function tableChecks() {
  const listed = checkField('listed', t('lobby.listed'), false);
  const takebacks = checkField('takebacks', t('lobby.takebacks'), true);
  const rated = checkField('rated', t('lobby.rated'), false);
  // a rated game has no takebacks
  rated.box.addEventListener('change', () => {
    if (rated.box.checked) takebacks.box.checked = false;
    takebacks.box.disabled = rated.box.checked;
  });
  return { listed: listed.box, takebacks: takebacks.box, rated: rated.box, els: [listed.el, takebacks.el, rated.el] };
}

/** The "create a table" form for the chosen game. */
function drawForm(gameName = games[0]?.name) {
  const g = games.find((x) => x.name === gameName) ?? games[0];
  if (!g) return;
  /** @type {Record<string, string>} */
  const values = {};
  const seats = seatField(g, values);
  // `variant` names loaded components by their hash, which nobody types: a file is offered
  const shown = (g.params ?? []).filter((p) => p.key !== 'variant');
  const variant = variantField(g);
  const fields = shown.map((p) => {
    values[p.key] = String(p.default);
    return paramField(g.name, p, (key, v) => {
      values[key] = v;
      if (key === 'players') seats.draw();
    });
  });
  seats.draw();
  const clock = clockField();
  const checks = tableChecks();
  const submit = h('button', { type: 'submit' }, t('lobby.create', { game: g.title ?? g.name }));
  const formError = h('p', { class: 'error', id: 'create-error', role: 'alert' });
  replace(
    els.form,
    gamePicker(g),
    h(
      'details',
      {},
      h('summary', {}, t('lobby.settings', { list: shown.map((p) => label(p.key).toLowerCase()).join(', ') })),
      fields.map((f) => f.el),
    ),
    variant?.el ?? null,
    seats.el,
    // a game on this device has no clock, public list or rating: only takebacks to choose
    LOCAL ? null : clock.el,
    LOCAL ? checks.els[1] : checks.els,
    h('div', { class: 'form-actions' }, submit),
    formError,
  );
  els.form.onsubmit = async (ev) => {
    ev.preventDefault();
    submit.disabled = true;
    els.error.textContent = '';
    formError.textContent = '';
    try {
      /** @type {Record<string, string | number | boolean>} */
      const params = {};
      shown.forEach((p, i) => {
        const v = fields[i].value();
        if (v !== String(p.default)) params[p.key] = typedValue(p, v);
      });
      const kinds = seats.kinds();
      const doc = variant ? await variant.value() : undefined;
      const info = await create(
        g,
        params,
        kinds,
        !checks.listed.checked,
        LOCAL ? null : clock.value(),
        doc,
        checks.takebacks.checked,
        checks.rated.checked,
      );
      showCreated(info, kinds);
      loadTables();
    } catch (e) {
      // what the form holds was refused (a parameter, a variant file): said under it
      if (e instanceof VariantFileError || (e instanceof API.ApiError && e.status === 400))
        formError.textContent = e.message;
      else showError(e);
    } finally {
      submit.disabled = false;
    }
  };
}

/**
 * After creating a table: the invite links (with their codes) and the way to the table.
 * @param {TableInfo} info the 201 answer, with the invite codes
 * @param {string[]} kinds
 */
function showCreated(info, kinds) {
  const invites = (info.invites ?? []).filter((x) => kinds[Number(x.seat.slice(1)) - 1] === 'invite');
  const open = kinds.map((k, i) => (k === 'human' ? `p${i + 1}` : null)).filter((x) => x !== null);
  const mine = kinds.includes('me');
  replace(
    els.created,
    h(
      'div',
      { class: 'panel created', role: 'status' },
      h('h3', {}, t('lobby.ready', { id: info.id })),
      invites.length ? h('p', {}, t('lobby.send-links')) : null,
      invites.map((x) =>
        h(
          'div',
          { class: 'invite', 'data-seat': x.seat },
          h('span', { class: 'invite-seat' }, t('lobby.seat', { seat: x.seat })),
          copyField(inviteLink(info.id, x.seat, x.code), t('lobby.invite-link', { seat: x.seat })),
        ),
      ),
      open.length ? h('p', {}, t('lobby.open-links')) : null,
      open.map((seat) =>
        h(
          'div',
          { class: 'invite open-seat', 'data-seat': seat },
          h('span', { class: 'invite-seat' }, t('lobby.seat', { seat: String(seat) })),
          copyField(inviteLink(info.id, /** @type {string} */ (seat)), t('lobby.open-link', { seat: String(seat) })),
        ),
      ),
      h(
        'p',
        {},
        h(
          'a',
          { class: 'button', href: `table.html?id=${encodeURIComponent(info.id)}` },
          mine ? t('lobby.go-table') : t('lobby.watch-table'),
        ),
      ),
    ),
  );
}

/**
 * A seat in the open tables' list: who sits there, or that it is open or waits for a friend
 * (the list has no names: a table's own page shows them).
 * @param {import('./types.js').SeatInfo} s
 */
function seatWords(s) {
  if (s.kind !== 'human') return t('lobby.seat-ai', { level: levelName(s.kind) });
  if (s.claimed) return t('lobby.seat-player');
  return s.open === false ? t('lobby.seat-invited') : t('lobby.seat-free');
}

/**
 * The tables shown: the first page's ETag (for the poll), how many pages are open, their
 * tables and the cursor of the page after them.
 * @type {{etag: string, pages: number, tables: TableInfo[], next: string | null}}
 */
let shown = { etag: '', pages: 1, tables: [], next: null };

/** @param {unknown} e */
function tablesFailed(e) {
  replace(
    els.tables,
    h('p', { class: 'error' }, t('lobby.tables-failed', { why: e instanceof Error ? e.message : String(e) })),
  );
}

/**
 * The open tables, newest first: the first page, and as many more as were open. Asked with the
 * first page's ETag unless `fresh`: when nothing changed, nothing is redrawn.
 * @param {boolean} [fresh]
 */
async function loadTables(fresh = false) {
  try {
    const first = await API.tables({ etag: fresh ? '' : shown.etag });
    if (!first) return;
    let tables = first.tables;
    let next = first.next;
    let pages = 1;
    for (; pages < shown.pages && next; pages++) {
      const more = await API.tables({ after: next });
      if (!more) break;
      tables = tables.concat(more.tables);
      next = more.next;
    }
    shown = { etag: first.etag, pages, tables, next };
  } catch (e) {
    tablesFailed(e);
    return;
  }
  drawTables();
}

/** "More tables": the next page, after those shown. */
async function moreTables() {
  if (!shown.next) return;
  const before = shown.tables.length;
  try {
    const more = await API.tables({ after: shown.next });
    if (!more) return;
    shown = { ...shown, pages: shown.pages + 1, tables: shown.tables.concat(more.tables), next: more.next };
  } catch (e) {
    tablesFailed(e);
    return;
  }
  drawTables(before);
  // the first of the new rows, for a keyboard or a screen reader
  /** @type {HTMLElement | null} */ (els.tables.querySelector('tr.first-of-page a'))?.focus();
}

/**
 * The tables shown, with Join for a free open seat and Watch, and "More tables" while the
 * server has more.
 * @param {number} [firstNew] the index of the first row of a page just added, marked
 */
function drawTables(firstNew = -1) {
  const list = shown.tables;
  if (!list.length) {
    replace(els.tables, h('p', {}, t('lobby.no-tables')));
    return;
  }
  replace(
    els.tables,
    h(
      'table',
      { class: 'tables' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          [t('lobby.col-table'), t('lobby.game'), t('lobby.seats'), t('lobby.col-status'), ''].map((c) =>
            h('th', { scope: 'col' }, c),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        list.map((tb, i) => {
          // only an open seat is joined from here: an invite seat is its invited friend's
          const free = (tb.seats ?? []).filter((s) => s.kind === 'human' && !s.claimed && s.open !== false);
          const seats = (tb.seats ?? []).map((s) => `${s.seat} ${seatWords(s)}`).join(', ');
          return h(
            'tr',
            i === firstNew ? { class: 'first-of-page' } : {},
            h('td', {}, tb.id),
            h('td', {}, tb.title ?? tb.game),
            h('td', {}, seats),
            h('td', {}, has(`status.${tb.status}`) ? t(`status.${tb.status}`) : tb.status),
            h(
              'td',
              {},
              free.length
                ? h(
                    'button',
                    {
                      type: 'button',
                      class: 'join',
                      onclick: async () => {
                        try {
                          const j = await API.join(tb.id, free[0].seat);
                          keepSeat(tb.id, j.seat, j.token);
                          location.href = `table.html?id=${encodeURIComponent(tb.id)}`;
                        } catch (e) {
                          showError(
                            e instanceof API.ApiError && e.status === 409
                              ? t('lobby.seat-taken', { seat: free[0].seat, id: tb.id })
                              : e,
                          );
                          loadTables(true);
                        }
                      },
                    },
                    t('lobby.join-as', { seat: free[0].seat }),
                  )
                : null,
              ' ',
              h('a', { class: 'button minor', href: `table.html?id=${encodeURIComponent(tb.id)}` }, t('lobby.watch')),
            ),
          );
        }),
      ),
    ),
    shown.next
      ? h(
          'p',
          {},
          h('button', { type: 'button', class: 'minor more-tables', onclick: moreTables }, t('lobby.more-tables')),
        )
      : null,
  );
}

async function main() {
  try {
    games = await API.games();
  } catch (e) {
    replace(
      els.games,
      h('p', { class: 'error' }, t('lobby.games-failed', { why: e instanceof Error ? e.message : String(e) })),
    );
    return;
  }
  drawGames();
  replace(els.name, nameBox('lobby-name'));
  drawForm();
  if (LOCAL) {
    // the app: no server, so no public tables, accounts, leaderboards, friends or puzzles (made
    // from a server's games); your games are this device's, and the people at a table are the
    // ones around it
    const tables = els.tables.closest('section');
    if (tables instanceof HTMLElement) tables.hidden = true;
    hideServerLinks();
    const intro = document.querySelector('.intro');
    if (intro) intro.textContent = t('lobby.intro-local');
    const how = document.querySelector('#create-title + .how');
    if (how) how.textContent = t('lobby.create-how-local');
    loadMine();
    return;
  }
  loadTables();
  // Your games: asked when the player's channel opens and at each of its news; asked every 5 s
  // with the public tables only while the channel is down.
  loadMine();
  const channel = new PlayerChannel(() => loadMine());
  new ChallengeBar(channel);
  channel.start();
  setInterval(() => {
    if (document.visibilityState !== 'visible') return;
    loadTables();
    if (!channel.open) loadMine();
  }, 5000);
}

main();
