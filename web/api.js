// The server's HTTP API (docs/server/api.md, "HTTP"): JSON in and out; an error is a 4xx or 5xx
// status with {"error": "message"}, turned here into an ApiError carrying that message. The
// paths the page's own engine answers (local tables, and every one in the app: local.js) go to
// it instead of the network, with the same answers.

import { myName } from './names.js';
import { noteStore } from './store-banner.js';
import { isLocalPath, localFetch } from './local.js';
import { t } from './i18n.js';
import { serverText } from './server-text.js';

/** @typedef {import('./types.js').GameInfo} GameInfo */
/** @typedef {import('./types.js').TableInfo} TableInfo */
/** @typedef {import('./types.js').GameLessons} GameLessons */
/** @typedef {import('./types.js').Lesson} Lesson */
/** @typedef {import('./types.js').LessonVerdict} LessonVerdict */
/** @typedef {import('./types.js').Replay} Replay */
/** @typedef {import('./types.js').ReviewState} ReviewState */
/** @typedef {import('./types.js').Challenge} Challenge */
/** @typedef {import('./types.js').Follow} Follow */
/** @typedef {import('./types.js').Puzzle} Puzzle */
/** @typedef {import('./types.js').PuzzleVerdict} PuzzleVerdict */
/** @typedef {import('./types.js').TablePuzzles} TablePuzzles */

export class ApiError extends Error {
  /**
   * @param {string} message what to show, in the page's language
   * @param {number} status
   * @param {string} [said] the server's own sentence, in English as it sent it ('' when none),
   *   for a page that tells refusals apart by their words
   */
  constructor(message, status, said = '') {
    super(message);
    this.status = status;
    this.said = said;
  }
}

/**
 * A request to the API. Network failures and non-JSON answers become ApiErrors with a
 * message a player can read.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<unknown>} the answer's JSON, for the caller to read as the API defines it
 */
export async function api(method, path, body) {
  return send(method, path, body === undefined ? undefined : JSON.stringify(body));
}

/**
 * A request whose body is JSON text already (a record file as the player gave it: the page
 * never parses and re-writes a record, which would round a 64-bit number).
 * @param {string} method
 * @param {string} path
 * @param {string} [text]
 * @returns {Promise<unknown>} the answer's JSON
 */
async function send(method, path, text) {
  // A table that is moving between the site's processes is answered 503 with Retry-After
  // (docs/server/storage.md, "Several processes"), before anything was done: asked again after it.
  for (let tries = 1; ; tries++) {
    const res = await sendOnce(method, path, text);
    const wait = Number(res.headers.get('Retry-After'));
    if (res.status !== 503 || !(wait > 0) || tries >= MOVING_TRIES) return answerOf(res);
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 5) * 1000));
  }
}

/** Asks of a moving table before giving up. */
const MOVING_TRIES = 8;

/**
 * One request, its answer not read yet.
 * @param {string} method
 * @param {string} path
 * @param {string} [text]
 * @returns {Promise<Response>}
 */
async function sendOnce(method, path, text) {
  /** @type {RequestInit} */
  const init = { method, headers: { Accept: 'application/json' } };
  if (text !== undefined) {
    init.body = text;
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  try {
    return isLocalPath(path) ? await localFetch(method, path, text) : await fetch(path, init);
  } catch {
    throw new ApiError(t('api.unreachable'), 0);
  }
}

/**
 * An answer's JSON, or an ApiError with the server's message.
 * @param {Response} res
 * @returns {Promise<unknown>}
 */
async function answerOf(res) {
  // The page's own engine (a Response with no url) says nothing of the server's database.
  if (res.url) noteStore(res.headers.get('X-Quiver-Store') ?? (res.ok ? 'ok' : null));
  const answer = await res.text();
  /** @type {unknown} */
  let data;
  try {
    data = answer ? JSON.parse(answer) : null;
  } catch {
    if (!res.ok) throw new ApiError(t('api.status', { status: res.status }), res.status);
    throw new ApiError(t('api.not-json'), res.status);
  }
  if (!res.ok) {
    const said = data && typeof data === 'object' && 'error' in data ? data.error : undefined;
    throw new ApiError(
      typeof said === 'string' ? serverText(said) : t('api.status', { status: res.status }),
      res.status,
      typeof said === 'string' ? said : '',
    );
  }
  return data;
}

/** @returns {Promise<GameInfo[]>} the games with their parameters and levels */
export async function games() {
  return /** @type {{games?: GameInfo[]}} */ (await api('GET', '/api/games')).games ?? [];
}

/**
 * What each piece, card and item of a game is: the terminal's reference entries, for its
 * built-in set or a variant the server has loaded.
 * @param {string} game
 * @param {string} [variant] the variant's SHA-256 (a table's info's variant.sha256)
 * @returns {Promise<import('./types.js').Reference>}
 */
export async function reference(game, variant) {
  const query = variant ? `?variant=${encodeURIComponent(variant)}` : '';
  const r = /** @type {import('./types.js').Reference} */ (
    await api('GET', `/api/games/${encodeURIComponent(game)}/reference${query}`)
  );
  return { game: r.game, entries: Array.isArray(r.entries) ? r.entries : [] };
}

/**
 * A page of the lobby's tables, newest first (GET /api/tables). With `etag`, the ETag of the
 * last answer for that page: when nothing changed the server answers 304 without a body, and
 * this returns null, so that a poll costs nothing.
 * @param {{after?: string | null, limit?: number, etag?: string}} [ask] `after`: the `next`
 *   of the page before
 * @returns {Promise<import('./types.js').TablePage | null>} the page with its ETag, or null
 *   when it is still the one `etag` names
 */
export async function tables(ask = {}) {
  const query = new URLSearchParams();
  if (ask.limit) query.set('limit', String(ask.limit));
  if (ask.after) query.set('after', ask.after);
  const qs = query.toString();
  const path = `/api/tables${qs ? `?${qs}` : ''}`;
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json' };
  if (ask.etag) headers['If-None-Match'] = ask.etag;
  let res;
  try {
    res = isLocalPath(path) ? await localFetch('GET', path) : await fetch(path, { headers });
  } catch {
    throw new ApiError(t('api.unreachable'), 0);
  }
  if (res.status === 304) return null;
  const text = await res.text();
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiError(t('api.status', { status: res.status }), res.status);
  }
  const page = /** @type {{tables?: TableInfo[], next?: string | null, error?: string}} */ (data);
  if (!res.ok)
    throw new ApiError(page.error ? serverText(page.error) : t('api.status', { status: res.status }), res.status);
  return { tables: page.tables ?? [], next: page.next ?? null, etag: res.headers.get('ETag') ?? '' };
}

/**
 * One of the tables this browser's player key took a seat at (GET /api/me).
 * @typedef {{id: string, game: string, title: string, seat: string, status: string,
 *   my_turn: boolean, left_ms: number | null, clock: 'move' | 'fischer' | 'days' | null,
 *   abortable: boolean,
 *   people: {seat: string, name: string, kind: string}[],
 *   result: {seat: string, rank: number, score: number, reason?: string}[] | null,
 *   finished: number | null}} MyTable
 */
/** @typedef {{name: string | null, account: {username: string} | null, tables: MyTable[]}} Me */

/**
 * The person behind this browser's player key (its cookie, set by the server) and its tables.
 * @param {number} [finished] the most finished tables wanted (0 to 50; the server's 50 when
 *   absent)
 * @returns {Promise<Me>}
 */
export async function me(finished) {
  return /** @type {Me} */ (await api('GET', finished === undefined ? '/api/me' : `/api/me?finished=${finished}`));
}

/**
 * Creates an account and signs this browser in (its session cookie): the recovery codes are
 * in this answer only.
 * @param {string} username
 * @param {string} password
 * @returns {Promise<{username: string, recovery_codes: string[]}>}
 */
export async function signUp(username, password) {
  return /** @type {{username: string, recovery_codes: string[]}} */ (
    await api('POST', '/api/accounts', { username, password })
  );
}

/**
 * Signs this browser in: its player key is linked to the account.
 * @param {string} username
 * @param {string} password
 * @returns {Promise<{username: string}>}
 */
export async function signIn(username, password) {
  return /** @type {{username: string}} */ (await api('POST', '/api/session', { username, password }));
}

/** Ends this browser's session. */
export async function signOut() {
  await api('DELETE', '/api/session');
}

/**
 * Sets a new password with a recovery code (used once), and signs in.
 * @param {string} username
 * @param {string} code
 * @param {string} password
 * @returns {Promise<{username: string}>}
 */
export async function recover(username, code, password) {
  return /** @type {{username: string}} */ (await api('POST', '/api/accounts/recover', { username, code, password }));
}

/**
 * Changes the password (every other session ends).
 * @param {string} old
 * @param {string} fresh
 */
export async function changePassword(old, fresh) {
  await api('POST', '/api/account/password', { old, new: fresh });
}

/**
 * Deletes the account (its ratings go; its tables stay the browsers').
 * @param {string} password
 */
export async function deleteAccount(password) {
  await api('DELETE', '/api/account', { password });
}

/**
 * A table's info, as anyone with its id may read it (no secret: the view of a spectator).
 * @param {string} id
 * @returns {Promise<TableInfo>}
 */
export async function tableInfo(id) {
  return /** @type {TableInfo} */ (await api('GET', `/api/tables/${encodeURIComponent(id)}`));
}

/**
 * Creates a table.
 * @param {{game: string, params: Record<string, unknown>, seats: string[], private: boolean,
 *          clock?: import('./clock-field.js').ClockSpec, variant?: unknown}} spec `variant`: a
 *   variant document (docs/variants.md), checked by the server (a 400 names its JSON path)
 * @returns {Promise<TableInfo>} the new table's info
 */
export async function createTable(spec) {
  return /** @type {TableInfo} */ (await api('POST', '/api/tables', spec));
}

/**
 * Claims a seat (or the first free open seat when `seat` is null, or the invite seat of
 * `invite`), with this browser's player name when one is kept.
 * @param {string} id
 * @param {string | null} seat
 * @param {{invite?: string}} [more] the invite code of an invite seat
 * @returns {Promise<{seat: string, token: string}>}
 */
export async function join(id, seat, more = {}) {
  /** @type {{seat?: string, invite?: string, name?: string}} */
  const body = {};
  if (seat) body.seat = seat;
  if (more.invite) body.invite = more.invite;
  const name = myName();
  if (name) body.name = name;
  return /** @type {{seat: string, token: string}} */ (
    await api('POST', `/api/tables/${encodeURIComponent(id)}/join`, body)
  );
}

/**
 * Asks for a seat of the signed-in account as this device (docs/server/players.md, "Every device of
 * the account"): a token of this device's own, when the seat is the account's; refused (409)
 * otherwise, or when this browser is not signed in.
 * @param {string} id
 * @param {string} seat
 * @returns {Promise<{seat: string, token: string, device?: boolean}>}
 */
export async function claimSeat(id, seat) {
  return /** @type {{seat: string, token: string, device?: boolean}} */ (
    await api('POST', `/api/tables/${encodeURIComponent(id)}/join`, { seat })
  );
}

/**
 * What a finished rated table's game did to each account's rating ([] for a table not rated).
 * @param {string} id
 * @returns {Promise<{table: string, ratings: import('./types.js').RatingChange[]}>}
 */
export async function tableRatings(id) {
  return /** @type {{table: string, ratings: import('./types.js').RatingChange[]}} */ (
    await api('GET', `/api/tables/${encodeURIComponent(id)}/ratings`)
  );
}

/**
 * The seats whose chat this browser's person muted at a table (its account's, on every device
 * signed in to it; else its player key's).
 * @param {string} id
 * @returns {Promise<string[]>}
 */
export async function mutes(id) {
  const r = /** @type {{muted?: string[]}} */ (await api('GET', `/api/tables/${encodeURIComponent(id)}/mute`));
  return r.muted ?? [];
}

/**
 * Mutes (or, with false, unmutes) a seat's chat at a table.
 * @param {string} id
 * @param {string} seat
 * @param {boolean} mute
 * @returns {Promise<string[]>} the seats muted now
 */
export async function setMute(id, seat, mute) {
  const r = /** @type {{muted?: string[]}} */ (
    await api('POST', `/api/tables/${encodeURIComponent(id)}/mute`, { seat, mute })
  );
  return r.muted ?? [];
}

/**
 * Reports the player at a seat, or (with `line`) one of their chat lines, to the site's
 * moderators.
 * @param {string} id
 * @param {string} seat
 * @param {string} reason
 * @param {number} [line] the chat line's number (its `n`)
 * @returns {Promise<{report: number}>}
 */
export async function report(id, seat, reason, line) {
  return /** @type {{report: number}} */ (
    await api('POST', `/api/tables/${encodeURIComponent(id)}/report`, line ? { seat, reason, line } : { seat, reason })
  );
}

/** @typedef {{username: string, at: number}} Block an account blocked, and when (epoch ms) */

/** @returns {Promise<Block[]>} the accounts the signed-in account blocks, newest first */
export async function blocks() {
  return /** @type {{blocks?: Block[]}} */ (await api('GET', '/api/account/blocks')).blocks ?? [];
}

/**
 * Blocks an account: the two never sit at one table.
 * @param {string} username
 * @returns {Promise<Block[]>} the list now
 */
export async function block(username) {
  return /** @type {{blocks?: Block[]}} */ (await api('POST', '/api/account/blocks', { username })).blocks ?? [];
}

/**
 * Undoes a block.
 * @param {string} username
 * @returns {Promise<Block[]>} the list now
 */
export async function unblock(username) {
  return (
    /** @type {{blocks?: Block[]}} */ (await api('DELETE', `/api/account/blocks/${encodeURIComponent(username)}`))
      .blocks ?? []
  );
}

/** @returns {Promise<Follow[]>} the accounts the signed-in account follows, newest first */
export async function follows() {
  return /** @type {{follows?: Follow[]}} */ (await api('GET', '/api/account/follows')).follows ?? [];
}

/**
 * Follows an account: it is listed with whether it is online and where it plays.
 * @param {string} username
 * @returns {Promise<Follow[]>} the list now
 */
export async function follow(username) {
  return /** @type {{follows?: Follow[]}} */ (await api('POST', '/api/account/follows', { username })).follows ?? [];
}

/**
 * Stops following an account.
 * @param {string} username
 * @returns {Promise<Follow[]>} the list now
 */
export async function unfollow(username) {
  return (
    /** @type {{follows?: Follow[]}} */ (await api('DELETE', `/api/account/follows/${encodeURIComponent(username)}`))
      .follows ?? []
  );
}

/** @returns {Promise<{incoming: Challenge[], outgoing: Challenge[]}>} the open challenges to and from me */
export async function challenges() {
  const got = /** @type {{incoming?: Challenge[], outgoing?: Challenge[]}} */ (await api('GET', '/api/challenges'));
  return { incoming: got.incoming ?? [], outgoing: got.outgoing ?? [] };
}

/**
 * Challenges an account to a game.
 * @param {{username: string, game: string, clock?: unknown, rated?: boolean, takebacks?: boolean, seat?: string}} spec
 * @returns {Promise<Challenge>}
 */
export async function challenge(spec) {
  return /** @type {{challenge: Challenge}} */ (await api('POST', '/api/challenges', spec)).challenge;
}

/**
 * Accepts a challenge: its table is made, my seat's token is for this browser.
 * @param {string} id
 * @returns {Promise<{challenge: Challenge, table: string, seat: string, token?: string}>}
 */
export async function acceptChallenge(id) {
  return /** @type {{challenge: Challenge, table: string, seat: string, token?: string}} */ (
    await api('POST', `/api/challenges/${encodeURIComponent(id)}/accept`)
  );
}

/**
 * Declines a challenge to me.
 * @param {string} id
 * @returns {Promise<Challenge>}
 */
export async function declineChallenge(id) {
  return /** @type {{challenge: Challenge}} */ (await api('POST', `/api/challenges/${encodeURIComponent(id)}/decline`))
    .challenge;
}

/**
 * Cancels a challenge of mine.
 * @param {string} id
 * @returns {Promise<Challenge>}
 */
export async function cancelChallenge(id) {
  return /** @type {{challenge: Challenge}} */ (await api('DELETE', `/api/challenges/${encodeURIComponent(id)}`))
    .challenge;
}

/**
 * A puzzle, without its answer.
 * @param {string} id
 * @returns {Promise<Puzzle>}
 */
export async function puzzle(id) {
  return /** @type {Puzzle} */ (await api('GET', `/api/puzzles/${encodeURIComponent(id)}`));
}

/**
 * A move tried at a puzzle, judged by the server.
 * @param {string} id
 * @param {string} action
 * @returns {Promise<PuzzleVerdict>}
 */
export async function attemptPuzzle(id, action) {
  return /** @type {PuzzleVerdict} */ (await api('POST', `/api/puzzles/${encodeURIComponent(id)}/attempt`, { action }));
}

/**
 * My puzzle rating and a puzzle to try next (of one game, or any).
 * @param {string} [game]
 * @returns {Promise<{rating: {rating: number, deviation: number, provisional: boolean, games: number} | null, next: string | null, count: number}>}
 */
export async function nextPuzzle(game) {
  return /** @type {{rating: {rating: number, deviation: number, provisional: boolean, games: number} | null, next: string | null, count: number}} */ (
    await api('GET', `/api/puzzles${game ? `?game=${encodeURIComponent(game)}` : ''}`)
  );
}

/**
 * The puzzles of one game, and how far the server is in looking for them.
 * @param {string} table
 * @returns {Promise<TablePuzzles>}
 */
export async function tablePuzzles(table) {
  return /** @type {TablePuzzles} */ (await api('GET', `/api/tables/${encodeURIComponent(table)}/puzzles`));
}

/**
 * Where the record of a finished game is: the page downloads the server's own bytes from it.
 * @param {string} id
 */
export function recordPath(id) {
  return `/api/tables/${encodeURIComponent(id)}/record`;
}

/** @returns {Promise<GameLessons[]>} every game's lessons, in order */
export async function lessons() {
  return /** @type {{games?: GameLessons[]}} */ (await api('GET', '/api/lessons')).games ?? [];
}

/**
 * @param {string} game
 * @returns {Promise<GameLessons>} one game's lessons
 */
export async function gameLessons(game) {
  return /** @type {GameLessons} */ (await api('GET', `/api/lessons/${encodeURIComponent(game)}`));
}

/**
 * @param {string} game
 * @param {string} id
 * @returns {Promise<Lesson>} a lesson expanded: every step with its view
 */
export async function lesson(game, id) {
  const path = `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(id)}`;
  return /** @type {Lesson} */ (await api('GET', path));
}

/**
 * The server's verdict on the learner's move at a step of a lesson.
 * @param {string} game
 * @param {string} id
 * @param {number} step
 * @param {string} action
 * @returns {Promise<LessonVerdict>}
 */
export async function tryStep(game, id, step, action) {
  const path = `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(id)}/try`;
  return /** @type {LessonVerdict} */ (await api('POST', path, { step, action }));
}

/**
 * A finished table's game step by step.
 * @param {string} id
 * @returns {Promise<Replay>}
 */
export async function replay(id) {
  return /** @type {Replay} */ (await api('GET', `/api/tables/${encodeURIComponent(id)}/replay`));
}

/**
 * A record's game step by step. The record file's text is sent as it is: the server reads and
 * checks it (a seed above 2^53 would lose digits in a JavaScript number).
 * @param {string} text
 * @returns {Promise<Replay>}
 */
export async function replayRecord(text) {
  return /** @type {Replay} */ (await send('POST', '/api/replay', text));
}

/**
 * Sets up an analysis board in the page's engine (the app: local.js): a local table of people
 * at every seat, at the position after the first `upto` actions (all when absent) of a finished
 * table's record (`from`) or of a record's text.
 * @param {{from?: string, record?: string, upto?: number}} at
 * @returns {Promise<{id: string, seats: {seat: string, token: string}[]}>} the board and this
 *   device's tokens of its seats
 */
export async function analysis(at) {
  return /** @type {{id: string, seats: {seat: string, token: string}[]}} */ (await api('POST', '/api/analysis', at));
}

/**
 * The computer's best move for the player to move at an analysis board, and its line.
 * @param {string} id
 * @returns {Promise<{seat: string, best: string, value: number | null, line: {seat: string, action: string}[]}>}
 */
export async function bestMove(id) {
  return /** @type {{seat: string, best: string, value: number | null, line: {seat: string, action: string}[]}} */ (
    await api('POST', `/api/tables/${encodeURIComponent(id)}/best`, {})
  );
}

/**
 * What the server knows of a finished table's review (GET /api/tables/ID/review): null when
 * nobody asked for one yet (its status "none").
 * @param {string} id
 * @returns {Promise<ReviewState | null>}
 */
export async function review(id) {
  const state = /** @type {ReviewState} */ (await api('GET', `/api/tables/${encodeURIComponent(id)}/review`));
  return state.status === 'none' ? null : state;
}

/**
 * Asks for a finished table's review (POST /api/tables/ID/review): made on the server's AI
 * workers, or given at once when it is made already.
 * @param {string} id
 * @returns {Promise<ReviewState>}
 */
export async function askReview(id) {
  return /** @type {ReviewState} */ (await api('POST', `/api/tables/${encodeURIComponent(id)}/review`, {}));
}
