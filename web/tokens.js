// The seat tokens this browser holds, kept in localStorage so that a refresh or another tab on
// the same device rejoins the seat. A token is the seat's only credential: it is stored only
// here and sent only in the WebSocket's hello frame.

const PREFIX = 'quiver.seats.';

/**
 * @typedef {{seat: string, token: string}} SeatToken
 */

/**
 * The seats this browser holds at a table, in seat order.
 * @param {string} tableId
 * @returns {SeatToken[]}
 */
export function seatsAt(tableId) {
  try {
    const raw = localStorage.getItem(PREFIX + tableId);
    const list = raw ? JSON.parse(raw) : [];
    return Array.isArray(list)
      ? list.filter((x) => x && typeof x.seat === 'string' && typeof x.token === 'string')
      : [];
  } catch {
    return [];
  }
}

/**
 * Remembers a seat's token (replacing an older one for the same seat).
 * @param {string} tableId
 * @param {string} seat
 * @param {string} token
 */
export function keepSeat(tableId, seat, token) {
  const list = seatsAt(tableId).filter((x) => x.seat !== seat);
  list.push({ seat, token });
  list.sort((a, b) => a.seat.localeCompare(b.seat, 'en', { numeric: true }));
  try {
    localStorage.setItem(PREFIX + tableId, JSON.stringify(list));
  } catch {
    // storage full or disabled: the seat still works in this tab
  }
}

/**
 * Forgets a seat (a token the server refused).
 * @param {string} tableId
 * @param {string} seat
 */
export function forgetSeat(tableId, seat) {
  const list = seatsAt(tableId).filter((x) => x.seat !== seat);
  try {
    if (list.length) localStorage.setItem(PREFIX + tableId, JSON.stringify(list));
    else localStorage.removeItem(PREFIX + tableId);
  } catch {
    // nothing to do
  }
}
