// player.html?name=USERNAME: an account's ratings (GET /api/players/NAME, docs/server/players.md
// "Ratings"): per game and number of players its rating, deviation, games and whether it is
// still provisional (marked "?", as lichess does); the rating over time as an inline SVG plot,
// one line per kind of game; and its recent games with their replays.

import { byId, h, s, replace } from './dom.js';
import * as API from './api.js';
import { andList } from './grammar.js';
import { t } from './i18n.js';

const els = {
  title: byId('player-title'),
  error: byId('player-error'),
  ratings: byId('ratings'),
  history: byId('history'),
  recent: byId('recent'),
  actions: byId('player-actions'),
};

/** @typedef {{game: string, players: number, rating: number, deviation: number, provisional: boolean, games: number}} Rating */
/** @typedef {{game: string, players: number, at: number, rating: number}} Point */

/** @type {Map<string, string>} each game's title */
const titles = new Map();

/**
 * A kind of rated game in words: "THREE ARROWS, 2 players".
 * @param {{game: string, players: number}} r
 */
function kind(r) {
  return t('player.kind', { game: titles.get(r.game) ?? r.game, n: r.players });
}

/**
 * A time of the server's (epoch seconds or milliseconds) as a Date.
 * @param {number} at
 */
function when(at) {
  return new Date(at < 1e12 ? at * 1000 : at);
}

/** @param {Rating[]} ratings */
function drawRatings(ratings) {
  if (!ratings.length) {
    replace(els.ratings, h('p', { class: 'how' }, t('player.no-rated')));
    return;
  }
  replace(
    els.ratings,
    h(
      'table',
      { class: 'ratings' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['player.col-game', 'player.col-rating', 'player.col-deviation', 'player.col-games'].map((k) =>
            h('th', { scope: 'col' }, t(k)),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        ratings.map((r) =>
          h(
            'tr',
            { 'data-game': r.game, 'data-players': String(r.players) },
            h('td', {}, kind(r)),
            h(
              'td',
              { class: 'rating' },
              `${Math.round(r.rating)}${r.provisional ? '?' : ''}`,
              r.provisional ? [' ', h('span', { class: 'how' }, t('player.provisional'))] : null,
            ),
            h('td', {}, `± ${Math.round(r.deviation)}`),
            h('td', {}, String(r.games)),
          ),
        ),
      ),
    ),
  );
}

/**
 * The rating over time: one line per kind of game, drawn in the page (no image file).
 * @param {Point[]} history
 */
function drawHistory(history) {
  if (!history.length) {
    replace(els.history, h('p', { class: 'how' }, t('player.plot-empty')));
    return;
  }
  const W = 640;
  const H = 220;
  const pad = { left: 52, right: 12, top: 12, bottom: 28 };
  const times = history.map((p) => when(p.at).getTime());
  const ratings = history.map((p) => p.rating);
  let t0 = Math.min(...times);
  let t1 = Math.max(...times);
  if (t1 === t0) [t0, t1] = [t0 - 3600e3, t1 + 3600e3];
  let r0 = Math.min(...ratings) - 20;
  let r1 = Math.max(...ratings) + 20;
  const x = (/** @type {number} */ t) => pad.left + ((t - t0) / (t1 - t0)) * (W - pad.left - pad.right);
  const y = (/** @type {number} */ r) => pad.top + (1 - (r - r0) / (r1 - r0)) * (H - pad.top - pad.bottom);
  /** @type {Map<string, Point[]>} */
  const series = new Map();
  for (const p of history) {
    const k = `${p.game}/${p.players}`;
    series.set(k, [...(series.get(k) ?? []), p]);
  }
  const lines = [...series.values()].map((pts, i) => {
    const d = pts.map((p) => `${x(when(p.at).getTime()).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
    return s(
      'g',
      { class: `history-line line-${i % 4}` },
      s('polyline', { points: d, fill: 'none' }),
      pts.map((p) => s('circle', { cx: x(when(p.at).getTime()).toFixed(1), cy: y(p.rating).toFixed(1), r: 3 })),
    );
  });
  const last = [...series.values()].map((pts) =>
    t('player.kind-rating', { kind: kind(pts[0]), rating: Math.round(pts[pts.length - 1].rating) }),
  );
  const svg = s(
    'svg',
    {
      class: 'history-plot',
      viewBox: `0 0 ${W} ${H}`,
      role: 'img',
      'aria-label': t('player.plot-label', { n: history.length, last: andList(last) }),
    },
    s('line', { class: 'axis', x1: pad.left, y1: H - pad.bottom, x2: W - pad.right, y2: H - pad.bottom }),
    s('line', { class: 'axis', x1: pad.left, y1: pad.top, x2: pad.left, y2: H - pad.bottom }),
    s('text', { class: 'axis-label', x: pad.left - 6, y: y(r1) + 4, 'text-anchor': 'end' }, String(Math.round(r1))),
    s('text', { class: 'axis-label', x: pad.left - 6, y: y(r0), 'text-anchor': 'end' }, String(Math.round(r0))),
    s('text', { class: 'axis-label', x: pad.left, y: H - 8 }, new Date(t0).toLocaleDateString()),
    s(
      'text',
      { class: 'axis-label', x: W - pad.right, y: H - 8, 'text-anchor': 'end' },
      new Date(t1).toLocaleDateString(),
    ),
    lines,
  );
  const legend = h(
    'ul',
    { class: 'history-legend' },
    [...series.values()].map((pts, i) => h('li', { class: `line-${i % 4}` }, kind(pts[0]))),
  );
  replace(els.history, svg, legend);
}

/** @param {import('./types.js').TableInfo[]} recent */
function drawRecent(recent) {
  if (!recent.length) {
    replace(els.recent, h('p', { class: 'how' }, t('games.no-finished')));
    return;
  }
  replace(
    els.recent,
    h(
      'ul',
      { class: 'my-games' },
      recent.map((g) => {
        const people = (g.seats ?? []).map((x) => (x.name && x.name !== x.seat ? x.name : x.seat));
        const winners = (g.result ?? []).filter((r) => r.rank === 1).map((r) => r.seat);
        const names = (g.seats ?? []).filter((x) => winners.includes(x.seat)).map((x) => x.name || x.seat);
        return h(
          'li',
          { class: 'my-game', 'data-table': g.id },
          h('div', { class: 'my-game-what' }, h('strong', {}, g.title ?? g.game), ` · ${andList(people)}`),
          h(
            'div',
            { class: 'my-game-standing' },
            names.length
              ? names.length > 1
                ? t('player.draw', { names: andList(names) })
                : t('player.won', { name: names[0] })
              : t('player.no-result'),
          ),
          h(
            'div',
            { class: 'my-game-actions' },
            h('a', { class: 'button minor', href: `replay.html?id=${encodeURIComponent(g.id)}` }, t('games.replay')),
          ),
        );
      }),
    ),
  );
}

/**
 * Follow (or Unfollow) and Challenge, for a signed-in viewer of another account's profile.
 * @param {string} username
 */
async function drawActions(username) {
  let me, follows;
  try {
    me = await API.me(0);
    if (!me.account || me.account.username.toLowerCase() === username.toLowerCase()) return;
    follows = await API.follows();
  } catch {
    return; // signed out, or the server away: a profile to read only
  }
  const said = h('span', { class: 'error', role: 'alert' });
  const following = follows.some((f) => f.username.toLowerCase() === username.toLowerCase());
  const toggle = h(
    'button',
    {
      type: 'button',
      class: 'minor',
      'aria-pressed': String(following),
      onclick: async () => {
        try {
          await (following ? API.unfollow(username) : API.follow(username));
          drawActions(username);
        } catch (e) {
          said.textContent = e instanceof Error ? e.message : String(e);
        }
      },
    },
    t(following ? 'friends.unfollow-name' : 'friends.follow-name', { name: username }),
  );
  replace(
    els.actions,
    toggle,
    ' ',
    h(
      'a',
      { class: 'button', href: `friends.html?challenge=${encodeURIComponent(username)}` },
      t('friends.challenge-name', { name: username }),
    ),
    ' ',
    said,
  );
}

async function main() {
  const name = new URLSearchParams(location.search).get('name') ?? '';
  if (!name) {
    els.error.textContent = t('player.no-name');
    return;
  }
  try {
    for (const g of await API.games()) titles.set(g.name, g.title ?? g.name);
    const p =
      /** @type {{username: string, ratings: Rating[], history: Point[], recent: import('./types.js').TableInfo[]}} */ (
        await API.api('GET', `/api/players/${encodeURIComponent(name)}`)
      );
    els.title.textContent = p.username;
    document.title = t('player.page-title', { name: p.username });
    drawRatings(p.ratings);
    drawHistory(p.history);
    drawRecent(p.recent);
    drawActions(p.username);
  } catch (e) {
    els.error.textContent =
      e instanceof API.ApiError && e.status === 404
        ? t('player.none', { name })
        : t('player.load-failed', { why: e instanceof Error ? e.message : String(e) });
    for (const el of [els.ratings, els.history, els.recent]) replace(el);
  }
}

main();
