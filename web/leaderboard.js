// leaderboard.html?game=GAME&players=N: the best settled ratings of a kind of rated game, then
// the provisional ones in a list of their own (GET /api/leaderboard/GAME?players=N,
// docs/server/players.md "Ratings"), with a picker of the game and the number of players; each name
// links to its player's page.

import { byId, h, replace } from './dom.js';
import * as API from './api.js';
import { t } from './i18n.js';

const els = {
  pick: /** @type {HTMLFormElement} */ (byId('board-pick')),
  board: byId('board'),
  error: byId('board-error'),
};

/** @typedef {{username: string, rating: number, deviation: number, games: number}} Leader */

/**
 * Draws one leaderboard: the settled ratings, then those still provisional (marked "?" as a
 * profile marks them), so that a new site's board lists its players before any has settled.
 * @param {string} title
 * @param {number} players
 * @param {Leader[]} leaders
 * @param {Leader[]} provisional
 */
function drawBoard(title, players, leaders, provisional) {
  const caption = t('player.kind', { game: title, n: players });
  replace(
    els.board,
    h('h2', {}, caption),
    leaders.length
      ? ranking(leaders, t('leaderboard.settled'), '')
      : h('p', { class: 'how' }, t(provisional.length ? 'leaderboard.none-settled' : 'leaderboard.nobody')),
    provisional.length
      ? [
          h('h3', { id: 'provisional-title' }, t('leaderboard.provisional')),
          h('p', { class: 'how' }, t('leaderboard.provisional-how')),
          ranking(provisional, t('leaderboard.provisional'), '?'),
        ]
      : null,
  );
}

/**
 * A ranking as a table: place, player (a link to the profile), rating, deviation, games.
 * @param {Leader[]} leaders
 * @param {string} label the table's name
 * @param {string} mark after each rating ("?" for a provisional one)
 */
function ranking(leaders, label, mark) {
  return h(
    'table',
    { class: 'leaders', 'aria-label': label },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        [
          '#',
          t('leaderboard.col-player'),
          t('player.col-rating'),
          t('player.col-deviation'),
          t('player.col-games'),
        ].map((x) => h('th', { scope: 'col' }, x)),
      ),
    ),
    h(
      'tbody',
      {},
      leaders.map((l, i) =>
        h(
          'tr',
          {},
          h('td', {}, String(i + 1)),
          h('td', {}, h('a', { href: `player.html?name=${encodeURIComponent(l.username)}` }, l.username)),
          h('td', {}, `${Math.round(l.rating)}${mark}`),
          h('td', {}, `± ${Math.round(l.deviation)}`),
          h('td', {}, String(l.games)),
        ),
      ),
    ),
  );
}

async function main() {
  const q = new URLSearchParams(location.search);
  let games;
  try {
    games = await API.games();
  } catch (e) {
    els.error.textContent = t('lobby.games-failed', { why: e instanceof Error ? e.message : String(e) });
    return;
  }
  const game = games.find((g) => g.name === q.get('game')) ?? games[0];
  const gameSel = h(
    'select',
    { id: 'board-game', name: 'game' },
    games.map((g) => h('option', { value: g.name, selected: g.name === game.name }, g.title ?? g.name)),
  );
  const wanted = Number(q.get('players')) || game.min_players;
  const players = Math.min(game.max_players, Math.max(game.min_players, wanted));
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  const countSel = h(
    'select',
    { id: 'board-players', name: 'players' },
    counts.map((n) => h('option', { value: String(n), selected: n === players }, t('lobby.players', { n }))),
  );
  replace(
    els.pick,
    h('label', { for: 'board-game' }, t('lobby.game')),
    gameSel,
    h('label', { for: 'board-players' }, t('common.players')),
    countSel,
    h('button', { type: 'submit' }, t('leaderboard.show')),
  );
  gameSel.addEventListener('change', () => {
    location.search = `?game=${encodeURIComponent(gameSel.value)}`;
  });
  try {
    const board = /** @type {{leaders: Leader[], provisional?: Leader[]}} */ (
      await API.api('GET', `/api/leaderboard/${encodeURIComponent(game.name)}?players=${players}`)
    );
    drawBoard(game.title ?? game.name, players, board.leaders, board.provisional ?? []);
  } catch (e) {
    els.error.textContent = t('leaderboard.failed', { why: e instanceof Error ? e.message : String(e) });
  }
}

main();
