// A new table from the browser: how many seats a game is created with, and creating a table
// whose "me" seats this browser takes at once (their tokens kept by tokens.js, the friends'
// invite codes by invite.js). The lobby and
// the tutorials' page (a first game against the computer) use it.

import * as API from './api.js';
import { keepSeat } from './tokens.js';
import { keepInvites } from './invite.js';

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
 * Creates a table, claims this browser's seats and remembers their tokens, and the invite codes
 * of the friends' seats (invite.js). This browser's own seats are invite seats too, taken at
 * once with their codes, so that nobody else can take them first.
 * @param {GameInfo} g
 * @param {Record<string, string | number | boolean>} params
 * @param {string[]} kinds per seat: 'me', 'invite' (a friend with the link), 'human' (anyone)
 *   or a level
 * @param {boolean} isPrivate
 * @param {import('./clock-field.js').ClockSpec | null} [clock] the clock (none when absent)
 * @param {unknown} [variant] a variant document read from a file (the built-in set when absent)
 * @param {boolean} [takebacks] false: a table where no move is taken back
 * @param {boolean} [rated] a rated table (the server asks for an account, a clock, no AI seat
 *   and no takebacks: takebacks are then off)
 */
export async function create(g, params, kinds, isPrivate, clock, variant, takebacks = true, rated = false) {
  const seats = kinds.map((k) => (k === 'me' ? 'invite' : k));
  const info = await API.createTable({
    game: g.name,
    params,
    seats,
    private: isPrivate,
    ...(clock ? { clock } : {}),
    ...(variant !== undefined ? { variant } : {}),
    ...(takebacks && !rated ? {} : { takebacks: false }),
    ...(rated ? { rated: true } : {}),
  });
  const codes = new Map((info.invites ?? []).map((x) => [x.seat, x.code]));
  for (let i = 0; i < kinds.length; i++) {
    if (kinds[i] !== 'me') continue;
    const seat = `p${i + 1}`;
    const j = await API.join(info.id, seat, { invite: codes.get(seat) });
    keepSeat(info.id, j.seat, j.token);
    codes.delete(seat);
  }
  keepInvites(
    info.id,
    [...codes].map(([seat, code]) => ({ seat, code })),
  );
  return info;
}
