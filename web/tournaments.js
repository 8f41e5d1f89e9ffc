// tournaments.html: the tournaments (GET /api/tournaments, docs/server.md "Tournaments"),
// upcoming, under way and finished, and for a signed-in account a form to make one (an arena of
// N minutes or a Swiss of N rounds: the game, the clock, rated or not, the start).
// tournaments.html?id=ID: one tournament, its standings read again every 2 seconds while it is
// not over (so they follow its games live), Join and Withdraw for a signed-in account, and a
// link to the account's game when it has one.

import { byId, h, replace } from './dom.js';
import * as API from './api.js';
import { clockField } from './clock-field.js';
import { fill, count } from './words.js';

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
        ? `${c.seconds} s a move`
        : `${c.days} days a move`;
  const kind =
    t.kind === 'arena'
      ? count(t.minutes, 'Arena, {n} minute', 'Arena, {n} minutes')
      : count(t.rounds, 'Swiss, {n} round', 'Swiss, {n} rounds');
  return [kind, t.title, clock, t.rated ? 'rated' : 'casual'].filter(Boolean).join(' · ');
}

/** @param {Tournament} t */
function when(t) {
  if (t.status === 'finished') return t.winner ? fill('Won by {name}', { name: t.winner }) : (t.why ?? 'Over');
  if (t.status === 'running')
    return t.kind === 'swiss' ? fill('Round {n} of {of}', { n: t.round, of: t.rounds }) : 'Under way';
  return fill('Starts at {time}', { time: new Date(t.starts).toLocaleString() });
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
              h(
                'span',
                { class: 'how' },
                ` ${terms(t)} · ${count(t.players, '{n} player', '{n} players')} · ${when(t)}`,
              ),
            ),
          ),
        )
      : h('p', { class: 'how' }, 'None.'),
  ];
}

async function drawList() {
  const all = /** @type {{upcoming: Tournament[], running: Tournament[], finished: Tournament[]}} */ (
    await API.api('GET', '/api/tournaments')
  );
  replace(
    els.main,
    listOf('Under way', all.running),
    listOf('Upcoming', all.upcoming),
    listOf('Finished', all.finished),
  );
}

/**
 * The standings as a table: place, player (its profile), score, games, and a Swiss's Buchholz
 * or an arena's streak.
 * @param {Whole} t
 */
function standings(t) {
  const swiss = t.kind === 'swiss';
  const heads = ['#', 'Player', 'Score', 'Games', swiss ? 'Buchholz' : 'Streak'];
  return h(
    'table',
    { class: 'leaders standings', 'aria-label': 'Standings' },
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
          h('td', {}, swiss ? String(s.buchholz ?? 0) : s.fire ? 'On fire' : ''),
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
  if (!signedIn) return h('p', { class: 'how' }, h('a', { href: 'account.html' }, 'Sign in'), ' to join.');
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
    open && !m?.active ? h('button', { type: 'button', id: 'join', onclick: ask('join') }, 'Join') : null,
    t.status !== 'finished' && m?.active
      ? h('button', { type: 'button', class: 'minor', id: 'withdraw', onclick: ask('withdraw') }, 'Withdraw')
      : null,
    m?.table && m.seat
      ? h(
          'a',
          { id: 'my-game', href: `table.html?id=${encodeURIComponent(m.table)}&as=${encodeURIComponent(m.seat)}` },
          'Your game',
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
  document.title = `${t.name} · quiver`;
  replace(
    els.main,
    h('p', { class: 'intro', id: 'terms' }, terms(t)),
    h('p', { id: 'status', class: t.status }, when(t), ' · ', count(t.players, '{n} player', '{n} players')),
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
  const clock = clockField();
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
      h('label', { for: 'make-name' }, 'Name'),
      h('input', { id: 'make-name', maxlength: 60, required: true }),
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'make-kind' }, 'Kind'),
      h(
        'select',
        { id: 'make-kind' },
        h('option', { value: 'arena' }, 'Arena: play as many games as you can'),
        h('option', { value: 'swiss' }, 'Swiss: a game a round'),
      ),
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'make-game' }, 'Game'),
      h(
        'select',
        { id: 'make-game' },
        games.map((g) => h('option', { value: g.name }, g.title)),
      ),
    ),
    clock.el,
    box('make-length', 'Minutes (arena) or rounds (Swiss)', 30, 720),
    box('make-starts', 'Starts in (minutes)', 5, 10080),
    h(
      'div',
      { class: 'field check' },
      h('input', { type: 'checkbox', id: 'make-rated' }),
      h('label', { for: 'make-rated' }, 'Rated'),
    ),
    h('div', { class: 'form-actions' }, h('button', { type: 'submit' }, 'Make the tournament')),
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
      said.textContent = fill('Not made: {why}', { why: why(e) });
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
