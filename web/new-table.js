// A new table from the browser: how many seats a game is created with, and creating a table
// whose "me" seats this browser takes at once (their tokens kept by tokens.js). The lobby and
// the tutorials' page (a first game against the computer) use it.

import * as API from './api.js';
import { keepSeat } from './tokens.js';

/** @typedef {import('./types.js').GameInfo} GameInfo */

/**
 * The number of seats a game is created with: its `players` parameter when it has one.
 * @param {GameInfo} g
 * @param {Record<string, string>} [values]
 */
export function seatCount(g, values = {}) {
  const p = (g.params ?? []).find((x) => x.key === 'players');
  const n = Number(values.players ?? p?.default ?? g.min_players);
  return Number.isInteger(n) && n >= g.min_players && n <= g.max_players ? n : g.min_players;
}

/**
 * Creates a table, claims this browser's seats and remembers their tokens.
 * @param {GameInfo} g
 * @param {Record<string, string | number | boolean>} params
 * @param {string[]} kinds 'me', 'friend' or a level, per seat
 * @param {boolean} isPrivate
 */
export async function create(g, params, kinds, isPrivate) {
  const seats = kinds.map((k) => (k === 'me' || k === 'friend' ? 'human' : k));
  const info = await API.createTable({ game: g.name, params, seats, private: isPrivate });
  for (let i = 0; i < kinds.length; i++) {
    if (kinds[i] !== 'me') continue;
    const j = await API.join(info.id, `p${i + 1}`);
    keepSeat(info.id, j.seat, j.token);
  }
  return info;
}
