// leaderboard.html?game=GAME&players=N: the best settled ratings of a kind of rated game
// (GET /api/leaderboard/GAME?players=N, docs/server.md "Ratings"), with a picker of the game
// and the number of players; each name links to its player's page.

import { byId, h, replace } from './dom.js';
import * as API from './api.js';

const els = {
  pick: /** @type {HTMLFormElement} */ (byId('board-pick')),
  board: byId('board'),
  error: byId('board-error'),
};

/** @typedef {{username: string, rating: number, deviation: number, games: number}} Leader */

/**
 * Draws one leaderboard.
 * @param {string} title
 * @param {number} players
 * @param {Leader[]} leaders
 */
function drawBoard(title, players, leaders) {
  const caption = `${title}, ${players} players`;
  if (!leaders.length) {
    replace(
      els.board,
      h('h2', {}, caption),
      h('p', { class: 'how' }, 'Nobody yet: ratings settle after a few rated games.'),
    );
    return;
  }
  replace(
    els.board,
    h('h2', {}, caption),
    h(
      'table',
      { class: 'leaders' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['#', 'Player', 'Rating', 'Deviation', 'Games'].map((t) => h('th', { scope: 'col' }, t)),
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
            h('td', {}, String(Math.round(l.rating))),
            h('td', {}, `± ${Math.round(l.deviation)}`),
            h('td', {}, String(l.games)),
          ),
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
    els.error.textContent = `Could not load the games: ${e instanceof Error ? e.message : e}`;
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
    counts.map((n) => h('option', { value: String(n), selected: n === players }, `${n} players`)),
  );
  replace(
    els.pick,
    h('label', { for: 'board-game' }, 'Game'),
    gameSel,
    h('label', { for: 'board-players' }, 'Players'),
    countSel,
    h('button', { type: 'submit' }, 'Show'),
  );
  gameSel.addEventListener('change', () => {
    location.search = `?game=${encodeURIComponent(gameSel.value)}`;
  });
  try {
    const board = /** @type {{leaders: Leader[]}} */ (
      await API.api('GET', `/api/leaderboard/${encodeURIComponent(game.name)}?players=${players}`)
    );
    drawBoard(game.title ?? game.name, players, board.leaders);
  } catch (e) {
    els.error.textContent = `Could not load the leaderboard: ${e instanceof Error ? e.message : e}`;
  }
}

main();
