// The server's HTTP API (DESIGN.md, "The server"): JSON in and out; an error is a 4xx or 5xx
// status with {"error": "message"}, turned here into an ApiError carrying that message.

export class ApiError extends Error {
  /**
   * @param {string} message
   * @param {number} status
   */
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/**
 * A request to the API. Network failures and non-JSON answers become ApiErrors with a
 * message a player can read.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function api(method, path, body) {
  /** @type {RequestInit} */
  const init = { method, headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError('cannot reach the server: is it running?', 0);
  }
  const text = await res.text();
  let data;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    if (!res.ok) throw new ApiError(`the server answered ${res.status}`, res.status);
    throw new ApiError('the server sent something that is not JSON', res.status);
  }
  if (!res.ok) throw new ApiError(data?.error ?? `the server answered ${res.status}`, res.status);
  return data;
}

/** @returns {Promise<any[]>} the games with their parameters and levels */
export async function games() {
  return (await api('GET', '/api/games')).games ?? [];
}

/** @returns {Promise<any[]>} the listed tables that are not over */
export async function tables() {
  return (await api('GET', '/api/tables')).tables ?? [];
}

/**
 * @param {string} id
 * @returns {Promise<any>} a table's info
 */
export function table(id) {
  return api('GET', `/api/tables/${encodeURIComponent(id)}`);
}

/**
 * Creates a table.
 * @param {{game: string, params: Record<string, unknown>, seats: string[], private: boolean}} spec
 */
export function createTable(spec) {
  return api('POST', '/api/tables', spec);
}

/**
 * Claims a seat (or the first free human seat when `seat` is null).
 * @param {string} id
 * @param {string | null} seat
 * @returns {Promise<{seat: string, token: string}>}
 */
export function join(id, seat) {
  return api('POST', `/api/tables/${encodeURIComponent(id)}/join`, seat ? { seat } : {});
}

/**
 * The record of a finished game.
 * @param {string} id
 */
export function record(id) {
  return api('GET', `/api/tables/${encodeURIComponent(id)}/record`);
}
