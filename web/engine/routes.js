// The paths of the server's HTTP API (docs/server/api.md, "HTTP") that the app's engine answers in
// its Web Worker: the games and their reference, local tables (made, joined, their info, record
// and replay), "your games" from the tables kept in this browser, the lessons (their files are
// the app's own, tutorials/), a record's replay, reviews and the engine's ops for the analysis
// board. Every answer is the engine's JSON; a path a game on one device has no use for (accounts,
// ratings, the lobby's public tables) is answered as a server without it would answer.

import { call, callText, EngineError, EINVAL, ESTATE } from './engine.js';
import * as keep from './keep.js';
import { onTable, save } from './tables.js';
import { reviewOf, askReview, recordOf } from './review.js';

/** @typedef {{status: number, body: string}} Answer */
/** @typedef {(m: RegExpExecArray, body: string, query: URLSearchParams) => Promise<Answer>} Handler */

/** @param {unknown} data @param {number} [status] */
const json = (data, status = 200) => ({ status, body: JSON.stringify(data) });
/** @param {string} text @param {number} [status] */
const text = (text, status = 200) => ({ status, body: text });
/** @param {string} message @param {number} status */
const error = (message, status) => json({ error: message }, status);

/** @returns {string} 16 random hexadecimal digits */
function random16() {
  const b = crypto.getRandomValues(new Uint8Array(8));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

/** @returns {string} a random 64-bit seed in decimal digits */
function seed() {
  return BigInt(`0x${random16()}`).toString();
}

/**
 * A JSON body, or null when it is not one.
 * @param {string} body
 * @returns {Record<string, unknown> | null}
 */
function parse(body) {
  try {
    const v = JSON.parse(body || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/** @type {Handler} POST /api/tables: a local table, its info (201) */
async function createTable(_m, body) {
  const request = parse(body);
  if (!request) return error('expected a JSON object {"game", "params", "seats"}', 400);
  const id = `local-${random16()}`;
  const info = await call({ op: 'new', id, seed: seed(), request });
  await save(id);
  return json({ .../** @type {object} */ (info), invites: [] }, 201);
}

/** @type {Handler} POST /api/tables/ID/join: a person's seat, with a token of this device */
async function join(m, body) {
  const req = parse(body) ?? {};
  const answer = await onTable(m[1], { op: 'join', seat: req.seat ?? null, token: random16(), name: req.name });
  await save(m[1]);
  return text(answer);
}

/** @type {Handler} GET /api/tables/ID/record: once the game is over (it holds everything hidden) */
async function record(m) {
  const info = /** @type {{status: string}} */ (JSON.parse(await onTable(m[1], { op: 'info' })));
  if (info.status !== 'over')
    return error(`the game at table ${m[1]} is not over: a record holds everything hidden`, 409);
  return text(await onTable(m[1], { op: 'record' }));
}

/** @type {Handler} GET /api/tables/ID/replay */
async function tableReplay(m, _body, query) {
  const r = await record(m, '', query);
  if (r.status !== 200) return r;
  return text(await callText({ op: 'replay', record: r.body, full: query.get('views') === 'full' }));
}

/**
 * One of "your games" (api.js's MyTable) from a table kept.
 * @param {keep.Kept} k
 */
function mine(k) {
  const i = k.info;
  const people = (i.seats ?? []).filter((s) => s.kind === 'human').map((s) => s.seat);
  return {
    id: k.id,
    game: i.game,
    title: i.title,
    seat: people[0] ?? 'public',
    status: i.status,
    my_turn: (i.to_move ?? []).some((s) => people.includes(s)),
    left_ms: null,
    clock: null,
    abortable: false,
    people: (i.seats ?? []).map((s) => ({ seat: s.seat, name: s.name ?? s.seat, kind: s.kind })),
    result: i.result,
    finished: i.status === 'over' ? k.updated : null,
  };
}

/** @type {Handler} GET /api/me: the tables kept in this browser, being played first */
async function me(_m, _body, query) {
  const kept = (await keep.all()).filter((k) => !k.saved || !(/** @type {{board?: boolean}} */ (k.saved).board));
  kept.sort((a, b) => b.updated - a.updated);
  const playing = kept.filter((k) => k.info.status !== 'over');
  const over = kept.filter((k) => k.info.status === 'over').slice(0, Number(query.get('finished') ?? 50));
  return json({ name: null, account: null, tables: [...playing, ...over].map(mine) });
}

/**
 * The lessons' files, listed by `make web` (tutorials/index.json: each game's file names).
 * @returns {Promise<{game: string, files: string[]}[]>}
 */
async function lessonIndex() {
  const res = await fetch(new URL('../tutorials/index.json', import.meta.url));
  if (!res.ok) throw new EngineError('the lessons are not in this copy of the app', ESTATE);
  return res.json();
}

/**
 * A lesson file's text.
 * @param {string} game
 * @param {string} name
 */
async function lessonText(game, name) {
  const res = await fetch(new URL(`../tutorials/${game}/${name}.json`, import.meta.url));
  if (!res.ok) throw new EngineError(`no lesson '${name}' for ${game}`, EINVAL);
  return res.text();
}

/**
 * Every game's lessons, or one game's.
 * @param {string} [only]
 */
async function lessonLists(only) {
  const games = /** @type {{games: {name: string, title: string}[]}} */ (await call({ op: 'games' })).games;
  const lists = [];
  for (const g of await lessonIndex()) {
    if (only && g.game !== only) continue;
    const lessons = [];
    for (const name of g.files) lessons.push(await call({ op: 'lesson', text: await lessonText(g.game, name), name }));
    lists.push({ game: g.game, title: games.find((x) => x.name === g.game)?.title ?? g.game, lessons });
  }
  return lists;
}

/** The computer's search for the analysis board's best move: twice medium's, as the review's. */
const BEST = { iterations: 2000, plies: 4 };

/** @type {Handler} POST /api/analysis: a board of people at a record's position, its tokens */
async function analysisBoard(_m, body) {
  const req = parse(body);
  const record =
    typeof req?.record === 'string' ? req.record : typeof req?.from === 'string' ? await recordOf(req.from) : null;
  if (!record) return error('expected {"from": a finished table\'s id} or {"record": a record\'s text}', 400);
  const upto = Number.isInteger(req?.upto) ? req?.upto : (JSON.parse(record).actions ?? []).length;
  const id = `local-${random16()}`;
  const info = /** @type {{seats: {seat: string}[]}} */ (await call({ op: 'analysis', id, record, upto }));
  const seats = [];
  for (const s of info.seats) {
    const token = random16();
    await call({ op: 'join', id, seat: s.seat, token });
    seats.push({ seat: s.seat, token });
  }
  await save(id);
  return json({ id, seats }, 201);
}

/** @type {[string, RegExp, Handler][]} the routes, in order */
const routes = [
  ['GET', /^\/api\/games$/, async () => text(await callText({ op: 'games' }))],
  [
    'GET',
    /^\/api\/games\/([\w-]+)\/reference$/,
    async (m, _b, q) => text(await callText({ op: 'reference', game: m[1], variant: q.get('variant') ?? undefined })),
  ],
  ['POST', /^\/api\/tables$/, createTable],
  ['GET', /^\/api\/tables$/, async () => json({ tables: [], next: null })],
  ['GET', /^\/api\/tables\/(local-[0-9a-f]+)$/, async (m) => text(await onTable(m[1], { op: 'info' }))],
  ['POST', /^\/api\/tables\/(local-[0-9a-f]+)\/join$/, join],
  ['GET', /^\/api\/tables\/(local-[0-9a-f]+)\/record$/, record],
  ['GET', /^\/api\/tables\/(local-[0-9a-f]+)\/replay$/, tableReplay],
  ['POST', /^\/api\/analysis$/, analysisBoard],
  [
    'POST',
    /^\/api\/tables\/(local-[0-9a-f]+)\/best$/,
    async (m) => text(await onTable(m[1], { op: 'best', ...BEST, seed: seed() })),
  ],
  ['GET', /^\/api\/tables\/([\w-]+)\/review$/, async (m) => reviewOf(m[1])],
  ['POST', /^\/api\/tables\/([\w-]+)\/review$/, async (m) => askReview(m[1])],
  ['GET', /^\/api\/tables\/(local-[0-9a-f]+)\/mute$/, async () => json({ muted: [] })],
  ['GET', /^\/api\/tables\/(local-[0-9a-f]+)\/ratings$/, async (m) => json({ table: m[1], ratings: [] })],
  ['GET', /^\/api\/me$/, me],
  ['POST', /^\/api\/replay$/, async (_m, body) => text(await callText({ op: 'replay', record: body, full: false }))],
  ['GET', /^\/api\/lessons$/, async () => json({ games: await lessonLists() })],
  [
    'GET',
    /^\/api\/lessons\/([\w-]+)$/,
    async (m) => {
      const [g] = await lessonLists(m[1]);
      return g ? json(g) : error(`no lessons of '${m[1]}'`, 404);
    },
  ],
  [
    'GET',
    /^\/api\/lessons\/([\w-]+)\/([\w-]+)$/,
    async (m) => text(await callText({ op: 'lesson_page', text: await lessonText(m[1], m[2]), name: m[2] })),
  ],
  [
    'POST',
    /^\/api\/lessons\/([\w-]+)\/([\w-]+)\/try$/,
    async (m, body) => {
      const req = parse(body);
      if (!req) return error('expected {"step": N, "action": "..."}', 400);
      const lesson = await lessonText(m[1], m[2]);
      return text(await callText({ op: 'lesson_try', text: lesson, name: m[2], step: req.step, action: req.action }));
    },
  ],
  ['POST', /^\/engine\/call$/, async (_m, body) => text(await callText(parse(body) ?? {}))],
];

/**
 * A request of the API, answered here.
 * @param {string} method
 * @param {string} path with its query
 * @param {string} body
 * @returns {Promise<Answer>}
 */
export async function answer(method, path, body) {
  const url = new URL(path, 'http://local');
  let allowed = false;
  for (const [m, re, fn] of routes) {
    const match = re.exec(url.pathname);
    if (!match) continue;
    allowed = true;
    if (m !== method) continue;
    try {
      return await fn(match, body, url.searchParams);
    } catch (e) {
      const code = e instanceof EngineError ? e.code : 0;
      const status = code === EINVAL ? 400 : code === ESTATE ? 409 : 500;
      return error(e instanceof Error ? e.message : String(e), status);
    }
  }
  if (allowed) return error(`${method} is not a method of ${url.pathname}`, 405);
  return error(`${url.pathname}: not in a game on this device (the app has no server)`, 404);
}
