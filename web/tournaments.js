// tournaments.html: the tournaments (GET /api/tournaments, docs/server.md "Tournaments"),
// upcoming, under way and finished, and for a signed-in account a form to make one (an arena of
// N minutes or a Swiss of N rounds: the game, the clock, rated or not, the start).
// tournaments.html?id=ID: one tournament, its standings read again every 2 seconds while it is
// not over (so they follow its games live), Join and Withdraw for a signed-in account, and a
// link to the account's game when it has one.

import { byId, h, replace } from './dom.js';
import * as API from './api.js';
import { clockField } from './clock-field.js';
import { t as tr, translate } from './i18n.js';

/** @typedef {import('./types.js').GameInfo} GameInfo */

/**
 * @typedef {Object} Tournament a tournament's head (docs/server.md, "Tournaments")
 * @property {string} id
 * @property {string} name
 * @property {'arena' | 'swiss'} kind
 * @property {string} title the game's
 * @property {{kind: string, base?: number, increment?: number, seconds?: number, days?: number} | null} clock
 * @property {boolean} rated
 * @property {number} starts epoch ms
 * @property {number} minutes
 * @property {number} rounds
 * @property {'created' | 'running' | 'finished'} status
 * @property {number} round
 * @property {number} players
 * @property {string | null} winner
 * @property {string | null} why
 */

/**
 * @typedef {Object} Standing
 * @property {number} rank
 * @property {string} username
 * @property {number} score
 * @property {number} games
 * @property {number} wins
 * @property {number} draws
 * @property {number} losses
 * @property {boolean} active
 * @property {boolean} [fire]
 * @property {number} [buchholz]
 */

/**
 * @typedef {Tournament & {standings: Standing[], mine: {joined: boolean, active: boolean, table: string | null, seat: string | null} | null}} Whole
 */

const els = {
  title: byId('tournaments-title'),
  error: byId('tournaments-error'),
  main: byId('tournaments'),
  make: byId('make'),
  form: /** @type {HTMLFormElement} */ (byId('make-form')),
};

/** @param {unknown} e */
function why(e) {
  return e instanceof Error ? e.message : String(e);
}

/**
 * What a tournament is, in a few words: "Arena, 60 minutes · THREE ARROWS · 3+2 · rated".
 * @param {Tournament} t
 */
function terms(t) {
  const c = t.clock;
  const clock = !c
    ? ''
    : c.kind === 'fischer'
      ? `${(c.base ?? 0) / 60}+${c.increment ?? 0}`
      : c.kind === 'move'
        ? tr('tournaments.clock-move', { n: c.seconds ?? 0 })
        : tr('tournaments.clock-days', { n: c.days ?? 0 });
  const kind =
    t.kind === 'arena' ? tr('tournaments.arena', { n: t.minutes }) : tr('tournaments.swiss', { n: t.rounds });
  return [kind, t.title, clock, tr(t.rated ? 'tournaments.rated' : 'tournaments.casual')].filter(Boolean).join(' · ');
}

/** Why a tournament ended without a winner, as the server says it: each form a message. */
const ENDINGS = /** @type {[RegExp, string][]} */ ([
  [/^fewer than two players joined$/, 'tournaments.why-few'],
  [/^fewer than two players were left for round (?<n>\d+)$/, 'tournaments.why-left'],
  [/^round (?<n>\d+) could not be paired without two players meeting again$/, 'tournaments.why-unpaired'],
  [/^cancelled by its maker$/, 'tournaments.why-cancelled'],
]);

/**
 * The server's reason for an end without a winner in the page's language (as it came when its
 * form is not known).
 * @param {string} why
 */
function ending(why) {
  for (const [re, key] of ENDINGS) {
    const m = re.exec(why);
    if (m) return tr(key, { ...m.groups });
  }
  return why;
}

/** @param {Tournament} t */
function when(t) {
  if (t.status === 'finished')
    return t.winner ? tr('tournaments.won-by', { name: t.winner }) : t.why ? ending(t.why) : tr('tournaments.over');
  if (t.status === 'running')
    return t.kind === 'swiss' ? tr('tournaments.round', { n: t.round, of: t.rounds }) : tr('tournaments.under-way');
  return tr('tournaments.starts', { time: new Date(t.starts).toLocaleString() });
}

/**
 * One list of tournaments, each a link to its page.
 * @param {string} title
 * @param {Tournament[]} list
 */
function listOf(title, list) {
  return [
    h('h2', {}, title),
    list.length
      ? h(
          'ul',
          { class: 'tournament-list' },
          list.map((t) =>
            h(
              'li',
              { 'data-id': t.id },
              h('a', { href: `tournaments.html?id=${encodeURIComponent(t.id)}` }, t.name),
              h('span', { class: 'how' }, ` ${terms(t)} · ${tr('lobby.players', { n: t.players })} · ${when(t)}`),
            ),
          ),
        )
      : h('p', { class: 'how' }, tr('tournaments.none')),
  ];
}

async function drawList() {
  const all = /** @type {{upcoming: Tournament[], running: Tournament[], finished: Tournament[]}} */ (
    await API.api('GET', '/api/tournaments')
  );
  replace(
    els.main,
    listOf(tr('tournaments.under-way'), all.running),
    listOf(tr('tournaments.upcoming'), all.upcoming),
    listOf(tr('tournaments.finished'), all.finished),
  );
}

/**
 * The standings as a table: place, player (its profile), score, games, and a Swiss's Buchholz
 * or an arena's streak.
 * @param {Whole} t
 */
function standings(t) {
  const swiss = t.kind === 'swiss';
  const heads = [
    '#',
    tr('leaderboard.col-player'),
    tr('ranks.score'),
    tr('player.col-games'),
    tr(swiss ? 'tournaments.buchholz' : 'tournaments.streak'),
  ];
  return h(
    'table',
    { class: 'leaders standings', 'aria-label': tr('tournaments.standings') },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        heads.map((x) => h('th', { scope: 'col' }, x)),
      ),
    ),
    h(
      'tbody',
      {},
      t.standings.map((s) =>
        h(
          'tr',
          { class: s.active ? '' : 'withdrawn' },
          h('td', {}, String(s.rank)),
          h('td', {}, h('a', { href: `player.html?name=${encodeURIComponent(s.username)}` }, s.username)),
          h('td', {}, String(s.score)),
          h('td', {}, String(s.games)),
          h('td', {}, swiss ? String(s.buchholz ?? 0) : s.fire ? tr('tournaments.fire') : ''),
        ),
      ),
    ),
  );
}

/**
 * Join or Withdraw, and the account's game, for a signed-in account.
 * @param {Whole} t
 * @param {boolean} signedIn
 */
function actions(t, signedIn) {
  if (!signedIn) {
    const p = h(
      'p',
      { class: 'how' },
      h(
        'span',
        { 'data-i18n': 'tournaments.sign-in' },
        h('a', { href: 'account.html', 'data-place': 'link' }, tr('tournaments.sign-in-link')),
      ),
    );
    translate(p);
    return p;
  }
  const m = t.mine;
  const open = t.status === 'created' || (t.status === 'running' && t.kind === 'arena');
  /** @param {string} what */
  const ask = (what) => async () => {
    els.error.textContent = '';
    try {
      await API.api('POST', `/api/tournaments/${encodeURIComponent(t.id)}/${what}`);
      await drawOne(t.id, signedIn);
    } catch (e) {
      els.error.textContent = why(e);
    }
  };
  return h(
    'div',
    { class: 'form-actions' },
    open && !m?.active
      ? h('button', { type: 'button', id: 'join', onclick: ask('join') }, tr('tournaments.join'))
      : null,
    t.status !== 'finished' && m?.active
      ? h(
          'button',
          { type: 'button', class: 'minor', id: 'withdraw', onclick: ask('withdraw') },
          tr('tournaments.withdraw'),
        )
      : null,
    m?.table && m.seat
      ? h(
          'a',
          { id: 'my-game', href: `table.html?id=${encodeURIComponent(m.table)}&as=${encodeURIComponent(m.seat)}` },
          tr('tournaments.your-game'),
        )
      : null,
  );
}

/** @type {number | undefined} */
let again;

/**
 * One tournament, read again every 2 seconds until it is over.
 * @param {string} id
 * @param {boolean} signedIn
 */
async function drawOne(id, signedIn) {
  clearTimeout(again);
  const t = /** @type {Whole} */ (await API.api('GET', `/api/tournaments/${encodeURIComponent(id)}`));
  els.title.textContent = t.name;
  document.title = tr('tournaments.page-title', { name: t.name });
  replace(
    els.main,
    h('p', { class: 'intro', id: 'terms' }, terms(t)),
    h('p', { id: 'status', class: t.status }, when(t), ' · ', tr('lobby.players', { n: t.players })),
    actions(t, signedIn),
    standings(t),
  );
  if (t.status !== 'finished')
    again = window.setTimeout(() => drawOne(id, signedIn).catch((e) => (els.error.textContent = why(e))), 2000);
}

/** A whole number from a box of the form. @param {string} id */
function number(id) {
  return Number(/** @type {HTMLInputElement} */ (byId(id)).value);
}

/**
 * The form to make a tournament.
 * @param {GameInfo[]} games those of two players
 */
function makeForm(games) {
  const said = h('p', { class: 'error', role: 'alert', id: 'make-error' });
  const clock = clockField({ required: true });
  const box = (
    /** @type {string} */ id,
    /** @type {string} */ label,
    /** @type {number} */ v,
    /** @type {number} */ max,
  ) =>
    h(
      'div',
      { class: 'field' },
      h('label', { for: id }, label),
      h('input', { id, type: 'number', min: 0, max, value: String(v), required: true }),
    );
  replace(
    els.form,
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'make-name' }, tr('tournaments.name')),
      h('input', { id: 'make-name', maxlength: 60, required: true }),
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'make-kind' }, tr('tournaments.kind')),
      h(
        'select',
        { id: 'make-kind' },
        h('option', { value: 'arena' }, tr('tournaments.kind-arena')),
        h('option', { value: 'swiss' }, tr('tournaments.kind-swiss')),
      ),
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'make-game' }, tr('lobby.game')),
      h(
        'select',
        { id: 'make-game' },
        games.map((g) => h('option', { value: g.name }, g.title)),
      ),
    ),
    clock.el,
    box('make-length', tr('tournaments.length'), 30, 720),
    box('make-starts', tr('tournaments.starts-in'), 5, 10080),
    h(
      'div',
      { class: 'field check' },
      h('input', { type: 'checkbox', id: 'make-rated' }),
      h('label', { for: 'make-rated' }, tr('tournaments.rated-label')),
    ),
    h('div', { class: 'form-actions' }, h('button', { type: 'submit' }, tr('tournaments.make'))),
    said,
  );
  els.form.onsubmit = async (ev) => {
    ev.preventDefault();
    said.textContent = '';
    const kind = /** @type {HTMLSelectElement} */ (byId('make-kind')).value;
    try {
      const t = /** @type {Tournament} */ (
        await API.api('POST', '/api/tournaments', {
          name: /** @type {HTMLInputElement} */ (byId('make-name')).value.trim(),
          kind,
          game: /** @type {HTMLSelectElement} */ (byId('make-game')).value,
          clock: clock.value() ?? { kind: 'none' },
          rated: /** @type {HTMLInputElement} */ (byId('make-rated')).checked,
          [kind === 'arena' ? 'minutes' : 'rounds']: number('make-length'),
          starts_in: Math.round(number('make-starts') * 60),
        })
      );
      location.href = `tournaments.html?id=${encodeURIComponent(t.id)}`;
    } catch (e) {
      said.textContent = tr('tournaments.not-made', { why: why(e) });
    }
  };
}

async function main() {
  const id = new URLSearchParams(location.search).get('id');
  const signedIn = await API.me(0).then(
    (me) => !!me.account,
    () => false,
  );
  try {
    if (id) {
      await drawOne(id, signedIn);
      return;
    }
    await drawList();
    if (signedIn) {
      makeForm((await API.games()).filter((g) => g.min_players <= 2 && g.max_players >= 2));
      els.make.hidden = false;
    }
  } catch (e) {
    els.error.textContent = why(e);
  }
}

main();
