// contract-cases.mjs - the requests of the contract test (contract.test.mjs): for each
// operation of docs/api/openapi.yaml (`op`, its method and path as the YAML writes them), the
// requests with valid input and with refused input, each with the status it must get; the
// test checks each answer's body against the description. Cases run in order, on one server;
// `setup` makes what they use first (accounts, tables, a finished and reviewed game, a
// puzzle). A new route: its cases here.
import assert from 'node:assert/strict';
import { STEP_MS, until } from '../browser/support.mjs';

const PASSWORD = 'tulip-harbour-42';
const NEW_PASSWORD = 'lantern-orchard-17';
const LONG_ID = 'f'.repeat(64);
const GAMES_FOR_A_PUZZLE = 20;

/**
 * Makes what the cases use: accounts (ann, bob, cara, dan), an open table of ann's, a finished
 * public game between AI seats with its review done, and a puzzle (reviewing more games
 * between AI seats until one is made).
 * @param {any} ctx
 */
export async function setup(ctx) {
  const ok = async (/** @type {any} */ r, /** @type {number} */ status) => {
    const res = await ctx.call(r);
    assert.equal(res.status, status, `setup ${r.method} ${r.path}: ${res.status} ${res.text}`);
    return res.json;
  };
  for (const name of ['ann', 'bob', 'cara', 'dan']) {
    const made = await ok(
      { method: 'POST', path: '/api/accounts', as: name, body: { username: name, password: PASSWORD } },
      201,
    );
    ctx[`${name}Codes`] = made.recovery_codes;
  }
  // ann on a second device, from another address: the refused writes (the pace of writes
  // counts per address and browser)
  await ok({ method: 'POST', path: '/api/session', as: 'ann2', body: { username: 'ann', password: PASSWORD } }, 200);
  // ann and bob on devices of their own for the tournaments' writes (the same pace)
  for (const [jar, username] of [
    ['ann3', 'ann'],
    ['bob3', 'bob'],
  ])
    await ok({ method: 'POST', path: '/api/session', as: jar, body: { username, password: PASSWORD } }, 200);
  await ok({ method: 'GET', path: '/api/me', as: 'anon' }, 200); // the stranger's player key
  await ok({ method: 'GET', path: '/api/me', as: 'guest' }, 200);
  await ok({ method: 'GET', path: '/api/me', as: 'guest2' }, 200);
  const open = await ok(
    {
      method: 'POST',
      path: '/api/tables',
      as: 'ann',
      body: { game: 'three-arrows', seats: ['human', 'invite'], private: false },
    },
    201,
  );
  ctx.open = open.id;
  ctx.invite = open.invites[0].code;
  // about 2 games in 5 between beginners give a puzzle (3 of the 7 games of three runs did):
  // 20 games miss one well under once in 10,000 runs
  for (let game = 0; game < GAMES_FOR_A_PUZZLE && !ctx.puzzle; game++) {
    const t = await ok(
      {
        method: 'POST',
        path: '/api/tables',
        body: { game: 'three-arrows', seats: ['beginner', 'beginner'], private: false },
      },
      201,
    );
    await until(
      async () => (await ctx.call({ method: 'GET', path: `/api/tables/${t.id}` })).json.status === 'over',
      `table ${t.id} over`,
    );
    ctx.over ??= t.id;
    await ok({ method: 'POST', path: `/api/tables/${t.id}/review` }, 202);
    let found;
    await until(
      async () =>
        (found = (await ctx.call({ method: 'GET', path: `/api/tables/${t.id}/puzzles` })).json).status === 'done',
      `the puzzles of ${t.id} looked for`,
      STEP_MS * 3,
      200,
    );
    if (found.puzzles.length) ctx.puzzle = found.puzzles[0].id;
  }
  assert.ok(ctx.puzzle, `no puzzle was made from ${GAMES_FOR_A_PUZZLE} games between AI seats`);
  const puzzle = await ok({ method: 'GET', path: `/api/puzzles/${ctx.puzzle}` }, 200);
  ctx.puzzleMove = puzzle.view.legal[0];
  ctx.record = await ok({ method: 'GET', path: `/api/tables/${ctx.over}/record` }, 200);
  const lessons = await ok({ method: 'GET', path: '/api/lessons/three-arrows' }, 200);
  ctx.lesson = lessons.lessons[0].id;
  const lesson = await ok({ method: 'GET', path: `/api/lessons/three-arrows/${ctx.lesson}` }, 200);
  ctx.lessonStep = lesson.steps.findIndex((/** @type {any} */ s) => s.expect);
  ctx.textStep = lesson.steps.findIndex((/** @type {any} */ s) => !s.expect);
}

/** A case: the operation, what it checks, the status it must get, its request. */
const c = (
  /** @type {string} */ op,
  /** @type {string} */ title,
  /** @type {number} */ status,
  /** @type {(ctx: any) => any} */ req,
  /** @type {any} */ then = undefined,
) => ({ op, title, status, req, then });

/**
 * A WebSocket upgraded by a case (res.socket): `send` writes a frame as a client must (masked
 * text, RFC 6455 5.2), after checking it against frames.schema.json's `inDef`; `next` reads
 * the server's next text frame, checked against `outDef`.
 * @param {any} ctx
 * @param {import('node:net').Socket} socket
 * @param {string} inDef
 * @param {string} outDef
 */
function socketOf(ctx, socket, inDef, outDef) {
  let got = Buffer.alloc(0);
  /** @type {((frame: unknown) => void)[]} */
  const waiting = [];
  /** @type {unknown[]} */
  const frames = [];
  socket.on('data', (d) => {
    got = Buffer.concat([got, d]);
    for (;;) {
      if (got.length < 2) return;
      let len = got[1] & 0x7f,
        at = 2;
      if (len === 126) ((len = got.length >= 4 ? got.readUInt16BE(2) : Infinity), (at = 4));
      else if (len === 127) ((len = got.length >= 10 ? Number(got.readBigUInt64BE(2)) : Infinity), (at = 10));
      if (got.length < at + len) return;
      const opcode = got[0] & 0x0f;
      const payload = got.subarray(at, at + len);
      got = got.subarray(at + len);
      if (opcode !== 1) continue; // the server's JSON comes in text frames
      const frame = JSON.parse(payload.toString('utf8'));
      const w = waiting.shift();
      if (w) w(frame);
      else frames.push(frame);
    }
  });
  return {
    send(/** @type {unknown} */ frame) {
      ctx.checkFrame(inDef, frame);
      const payload = Buffer.from(JSON.stringify(frame));
      assert.ok(payload.length < 126, 'a short frame');
      const mask = Buffer.from([1, 2, 3, 4]);
      const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]));
      socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]));
    },
    /** @returns {Promise<any>} */
    async next() {
      const frame =
        frames.shift() ??
        (await new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no frame from the server')), STEP_MS);
          waiting.push((f) => (clearTimeout(timer), resolve(f)));
        }));
      ctx.checkFrame(outDef, frame);
      return frame;
    },
    close: () => socket.destroy(),
  };
}

/**
 * A table's WebSocket or the channel answered 101: `hello` with `token(ctx)` (a seat's token,
 * or null), its first frame, then `more(ws, first)` on it.
 * @param {string} inDef
 * @param {string} outDef
 * @param {(ctx: any) => string | null} [token]
 * @param {(ws: ReturnType<typeof socketOf>, first: any) => Promise<void>} [more]
 */
const socketThen =
  (inDef, outDef, token = () => null, more = async () => {}) =>
  async (/** @type {any} */ ctx, /** @type {any} */ res) => {
    const ws = socketOf(ctx, res.socket, inDef, outDef);
    ws.send({ type: 'hello', token: token(ctx) });
    await more(ws, await ws.next());
    ws.close();
  };

/**
 * A seat's socket: its snapshot, then a stale act answered with an error frame, and a ping
 * with a pong (each frame between them, an update, checked too).
 * @param {ReturnType<typeof socketOf>} ws
 * @param {any} first
 */
async function seatFrames(ws, first) {
  assert.equal(first.type, 'snapshot');
  assert.equal(first.seat, 'p1');
  ws.send({ type: 'act', v: first.v + 100, action: 'nothing' });
  while ((await ws.next()).type !== 'error');
  ws.send({ type: 'ping' });
  while ((await ws.next()).type !== 'pong');
}

const take = (/** @type {string} */ key) => (/** @type {any} */ ctx, /** @type {any} */ res) => {
  ctx[key] = res.json.challenge.id;
};

const tournament = (/** @type {string} */ key) => (/** @type {any} */ ctx, /** @type {any} */ res) => {
  ctx[key] = res.json.id;
};

export const cases = [
  c('GET /api/games', 'every game', 200, () => ({ path: '/api/games' })),
  c('GET /api/games/{game}/reference', 'a game', 200, () => ({ path: '/api/games/three-arrows/reference' })),
  c('GET /api/games/{game}/reference', 'of the base variant', 200, () => ({
    path: '/api/games/evons/reference?variant=base',
  })),
  c('GET /api/games/{game}/reference', 'an unknown game', 404, () => ({ path: '/api/games/chess/reference' })),
  c('GET /api/games/{game}/reference', 'an unknown variant', 404, () => ({
    path: `/api/games/evons/reference?variant=${'0'.repeat(64)}`,
  })),

  c('GET /api/tables', 'the lobby', 200, () => ({ path: '/api/tables' })),
  c('GET /api/tables', 'a page of 1', 200, () => ({ path: '/api/tables?limit=1' })),
  c('GET /api/tables', 'a limit out of bounds', 400, () => ({ path: '/api/tables?limit=0' })),
  c('GET /api/tables', 'a cursor of another form', 400, () => ({ path: '/api/tables?after=yesterday' })),
  c('POST /api/tables', 'a table against the computer', 201, () => ({
    as: 'anon',
    body: { game: 'evons', seats: ['human', 'beginner'] },
    path: '/api/tables',
  })),
  c('POST /api/tables', 'broken JSON', 400, () => ({ path: '/api/tables', raw: '{"game": ' })),
  c('POST /api/tables', 'no game', 400, () => ({ path: '/api/tables', body: { seats: ['human', 'human'] } })),
  c('POST /api/tables', 'a game of the wrong type', 400, () => ({ path: '/api/tables', body: { game: 7 } })),
  c('POST /api/tables', 'an unknown field', 400, () => ({
    path: '/api/tables',
    body: { game: 'evons', colour: 'red' },
  })),
  c('POST /api/tables', 'a parameter out of bounds', 400, () => ({
    path: '/api/tables',
    body: { game: 'three-arrows', params: { size: 99 } },
  })),
  c('POST /api/tables', 'a body over 64 KiB', 413, () => ({
    path: '/api/tables',
    body: { game: 'evons', params: { deck: 'x'.repeat(70000) } },
  })),
  c('POST /api/tables', "another site's Origin with cookies", 403, () => ({
    path: '/api/tables',
    as: 'anon',
    headers: { Origin: 'http://elsewhere.invalid' },
    body: { game: 'evons' },
  })),
  c('POST /api/tables', 'rated while signed out', 401, () => ({
    path: '/api/tables',
    body: {
      game: 'three-arrows',
      seats: ['human', 'human'],
      rated: true,
      takebacks: false,
      clock: { kind: 'fischer', base: 300, increment: 5 },
    },
  })),
  c('GET /api/tables/{table}', 'an open table', 200, (x) => ({ path: `/api/tables/${x.open}` })),
  c('GET /api/tables/{table}', 'a finished table', 200, (x) => ({ path: `/api/tables/${x.over}` })),
  c('GET /api/tables/{table}', 'an unknown table', 404, () => ({ path: '/api/tables/0123456789abcdef' })),
  c(
    'POST /api/tables/{table}/join',
    'the first free seat',
    200,
    (x) => ({ path: `/api/tables/${x.open}/join`, as: 'guest', body: { name: 'Gus' } }),
    (x, res) => (x.guestToken = res.json.token),
  ),
  c('POST /api/tables/{table}/join', 'a wrong invite code', 403, (x) => ({
    path: `/api/tables/${x.open}/join`,
    as: 'guest2',
    body: { invite: 'nope' },
  })),
  c('POST /api/tables/{table}/join', 'a name of the wrong type', 400, (x) => ({
    path: `/api/tables/${x.open}/join`,
    as: 'guest2',
    body: { invite: x.invite, name: 5 },
  })),
  c('POST /api/tables/{table}/join', 'the invite seat by its code', 200, (x) => ({
    path: `/api/tables/${x.open}/join`,
    as: 'guest2',
    body: { invite: x.invite, name: 'Ida' },
  })),
  c('POST /api/tables/{table}/join', 'no free seat', 409, (x) => ({
    path: `/api/tables/${x.open}/join`,
    as: 'anon',
    body: {},
  })),
  c('POST /api/tables/{table}/join', 'an unknown table', 404, () => ({
    path: '/api/tables/0123456789abcdef/join',
    body: {},
  })),
  c('GET /api/tables/{table}/record', 'a finished game', 200, (x) => ({ path: `/api/tables/${x.over}/record` })),
  c('GET /api/tables/{table}/record', 'a game not over', 409, (x) => ({ path: `/api/tables/${x.open}/record` })),
  c('GET /api/tables/{table}/record', 'an unknown table', 404, () => ({ path: '/api/tables/0123456789abcdef/record' })),
  c('GET /api/tables/{table}/replay', 'as changes', 200, (x) => ({ path: `/api/tables/${x.over}/replay` })),
  c('GET /api/tables/{table}/replay', 'as whole views', 200, (x) => ({
    path: `/api/tables/${x.over}/replay?views=full`,
  })),
  c('GET /api/tables/{table}/replay', 'views of another form', 400, (x) => ({
    path: `/api/tables/${x.over}/replay?views=some`,
  })),
  c('GET /api/tables/{table}/replay', 'a game not over', 409, (x) => ({ path: `/api/tables/${x.open}/replay` })),
  c('GET /api/tables/{table}/replay', 'an unknown table', 404, () => ({ path: '/api/tables/0123456789abcdef/replay' })),
  c('POST /api/tables/{table}/review', 'a review made already', 200, (x) => ({ path: `/api/tables/${x.over}/review` })),
  c('POST /api/tables/{table}/review', 'a body with a field', 400, (x) => ({
    path: `/api/tables/${x.over}/review`,
    body: { depth: 3 },
  })),
  c('POST /api/tables/{table}/review', 'a game not over', 409, (x) => ({ path: `/api/tables/${x.open}/review` })),
  c('POST /api/tables/{table}/review', 'an unknown table', 404, () => ({
    path: '/api/tables/0123456789abcdef/review',
  })),
  c('GET /api/tables/{table}/review', 'a review made', 200, (x) => ({ path: `/api/tables/${x.over}/review` })),
  c('GET /api/tables/{table}/review', 'nobody asked for it', 200, (x) => ({ path: `/api/tables/${x.open}/review` })),
  c('GET /api/tables/{table}/review', 'an id too long', 404, () => ({ path: `/api/tables/${LONG_ID}/review` })),
  c('POST /api/tables/{table}/report', 'a player', 201, (x) => ({
    path: `/api/tables/${x.open}/report`,
    as: 'ann',
    body: { seat: 'p1', reason: 'rude' },
  })),
  c('POST /api/tables/{table}/report', 'no reason', 400, (x) => ({
    path: `/api/tables/${x.open}/report`,
    as: 'ann',
    body: { seat: 'p1' },
  })),
  c('POST /api/tables/{table}/report', 'a reason of the wrong type', 400, (x) => ({
    path: `/api/tables/${x.open}/report`,
    as: 'ann',
    body: { seat: 'p1', reason: 5 },
  })),
  c('POST /api/tables/{table}/report', 'no such seat', 400, (x) => ({
    path: `/api/tables/${x.open}/report`,
    as: 'ann',
    body: { seat: 'p9', reason: 'rude' },
  })),
  c('POST /api/tables/{table}/report', 'an unknown table', 404, () => ({
    path: '/api/tables/0123456789abcdef/report',
    as: 'ann',
    body: { seat: 'p1', reason: 'rude' },
  })),
  c('GET /api/tables/{table}/ratings', 'a game not rated', 200, (x) => ({ path: `/api/tables/${x.over}/ratings` })),
  c('GET /api/tables/{table}/ratings', 'an id too long', 404, () => ({ path: `/api/tables/${LONG_ID}/ratings` })),
  c('GET /api/tables/{table}/puzzles', 'a reviewed game', 200, (x) => ({ path: `/api/tables/${x.over}/puzzles` })),
  c('GET /api/tables/{table}/puzzles', 'an id too long', 404, () => ({ path: `/api/tables/${LONG_ID}/puzzles` })),
  c('POST /api/tables/{table}/mute', 'a seat', 200, (x) => ({
    path: `/api/tables/${x.open}/mute`,
    as: 'ann',
    body: { seat: 'p2', mute: true },
  })),
  c('POST /api/tables/{table}/mute', 'no such seat', 400, (x) => ({
    path: `/api/tables/${x.open}/mute`,
    as: 'ann',
    body: { seat: 'p9', mute: true },
  })),
  c('POST /api/tables/{table}/mute', 'mute of the wrong type', 400, (x) => ({
    path: `/api/tables/${x.open}/mute`,
    as: 'ann',
    body: { seat: 'p2', mute: 'yes' },
  })),
  c('POST /api/tables/{table}/mute', 'no mute', 400, (x) => ({
    path: `/api/tables/${x.open}/mute`,
    as: 'ann',
    body: { seat: 'p2' },
  })),
  c('POST /api/tables/{table}/mute', 'an unknown table', 404, () => ({
    path: '/api/tables/0123456789abcdef/mute',
    as: 'ann',
    body: { seat: 'p2', mute: true },
  })),
  c('GET /api/tables/{table}/mute', 'the seats muted', 200, (x) => ({ path: `/api/tables/${x.open}/mute`, as: 'ann' })),
  c('GET /api/tables/{table}/mute', 'an unknown table: none', 200, () => ({
    path: '/api/tables/0123456789abcdef/mute',
    as: 'ann',
  })),
  c('GET /api/tables/{table}/mute', 'an id too long', 404, () => ({ path: `/api/tables/${LONG_ID}/mute`, as: 'ann' })),
  c(
    'GET /api/tables/{table}/ws',
    'an upgrade, then a spectator',
    101,
    (x) => ({ path: `/api/tables/${x.open}/ws`, headers: x.upgradeHeaders() }),
    socketThen('tableIn', 'tableOut'),
  ),
  c(
    'GET /api/tables/{table}/ws',
    'an upgrade, then a seat: an act refused, a ping',
    101,
    (x) => ({ path: `/api/tables/${x.open}/ws`, headers: x.upgradeHeaders() }),
    socketThen('tableIn', 'tableOut', (x) => x.guestToken, seatFrames),
  ),
  c('GET /api/tables/{table}/ws', 'a plain GET', 400, (x) => ({ path: `/api/tables/${x.open}/ws` })),
  c('GET /api/tables/{table}/ws', 'an unknown table', 404, (x) => ({
    path: '/api/tables/0123456789abcdef/ws',
    headers: x.upgradeHeaders(),
  })),
  c('POST /api/replay', 'a record', 200, (x) => ({ path: '/api/replay', body: x.record })),
  c('POST /api/replay', 'a record, as whole views', 200, (x) => ({ path: '/api/replay?views=full', body: x.record })),
  c('POST /api/replay', 'broken JSON', 400, () => ({ path: '/api/replay', raw: '{"game": "evons", ' })),
  c('POST /api/replay', 'not a record', 400, () => ({ path: '/api/replay', body: { game: 'evons' } })),
  c('POST /api/replay', 'an action that does not apply', 400, (x) => ({
    path: '/api/replay',
    body: { ...x.record, actions: ['fly away'] },
  })),

  c('GET /api/me', 'an account', 200, () => ({ path: '/api/me', as: 'ann' })),
  c('GET /api/me', 'a guest with a seat', 200, () => ({ path: '/api/me?finished=0', as: 'guest' })),
  c('GET /api/me', 'finished out of bounds', 400, () => ({ path: '/api/me?finished=51', as: 'ann' })),
  c(
    'GET /api/me/ws',
    'an upgrade, then hello',
    101,
    (x) => ({ path: '/api/me/ws', as: 'ann', headers: x.upgradeHeaders() }),
    socketThen('channelIn', 'channelOut'),
  ),
  c('GET /api/me/ws', 'without a player key', 403, (x) => ({ path: '/api/me/ws', headers: x.upgradeHeaders() })),
  c('GET /api/me/ws', 'a plain GET', 400, () => ({ path: '/api/me/ws', as: 'ann' })),
  c('GET /api/players/{username}', 'an account', 200, () => ({ path: '/api/players/ANN' })),
  c('GET /api/players/{username}', 'no such account', 404, () => ({ path: '/api/players/nobody' })),
  c('GET /api/leaderboard/{game}', 'two players', 200, () => ({ path: '/api/leaderboard/three-arrows?players=2' })),
  c('GET /api/leaderboard/{game}', 'no count of players', 400, () => ({ path: '/api/leaderboard/three-arrows' })),
  c('GET /api/leaderboard/{game}', 'a count the game does not take', 400, () => ({
    path: '/api/leaderboard/three-arrows?players=9',
  })),
  c('GET /api/leaderboard/{game}', 'an unknown game', 404, () => ({ path: '/api/leaderboard/chess?players=2' })),

  c('POST /api/accounts', 'a new account', 201, () => ({
    path: '/api/accounts',
    as: 'eve',
    body: { username: 'eve', password: PASSWORD },
  })),
  c('POST /api/accounts', 'no password', 400, () => ({ path: '/api/accounts', body: { username: 'fay' } })),
  c('POST /api/accounts', 'a username of the wrong type', 400, () => ({
    path: '/api/accounts',
    body: { username: 5, password: PASSWORD },
  })),
  c('POST /api/accounts', 'broken JSON', 400, () => ({
    path: '/api/accounts',
    raw: '{"username": "fay", "password": ',
  })),
  c('POST /api/accounts', 'a username taken', 409, () => ({
    path: '/api/accounts',
    body: { username: 'ANN', password: PASSWORD },
  })),
  c('POST /api/accounts/recover', 'a recovery code', 200, (x) => ({
    path: '/api/accounts/recover',
    as: 'dan',
    body: { username: 'dan', code: x.danCodes[0], password: NEW_PASSWORD },
  })),
  c('POST /api/accounts/recover', 'a code used already', 403, (x) => ({
    path: '/api/accounts/recover',
    body: { username: 'dan', code: x.danCodes[0], password: PASSWORD },
  })),
  c('POST /api/accounts/recover', 'no code', 400, () => ({
    path: '/api/accounts/recover',
    body: { username: 'dan', password: PASSWORD },
  })),
  c('POST /api/session', 'a sign-in', 200, () => ({
    path: '/api/session',
    as: 'ann',
    body: { username: 'ann', password: PASSWORD },
  })),
  c('POST /api/session', 'a sign-in to sign out', 200, () => ({
    path: '/api/session',
    as: 'leaving',
    body: { username: 'bob', password: PASSWORD },
  })),
  c('POST /api/session', 'a wrong password', 401, () => ({
    path: '/api/session',
    body: { username: 'ann', password: NEW_PASSWORD },
  })),
  c('POST /api/session', 'no password', 400, () => ({ path: '/api/session', body: { username: 'ann' } })),
  c('DELETE /api/session', 'a sign-out', 204, () => ({ path: '/api/session', as: 'leaving' })),
  c('DELETE /api/session', 'signed out', 401, () => ({ path: '/api/session', as: 'anon' })),
  c('POST /api/account/password', 'a new password', 200, () => ({
    path: '/api/account/password',
    as: 'cara',
    body: { old: PASSWORD, new: NEW_PASSWORD },
  })),
  c('POST /api/account/password', 'a wrong old one', 403, () => ({
    path: '/api/account/password',
    as: 'cara',
    body: { old: PASSWORD, new: PASSWORD },
  })),
  c('POST /api/account/password', 'no new one', 400, () => ({
    path: '/api/account/password',
    as: 'cara',
    body: { old: NEW_PASSWORD },
  })),
  c('POST /api/account/password', 'signed out', 401, () => ({
    path: '/api/account/password',
    as: 'anon',
    body: { old: PASSWORD, new: NEW_PASSWORD },
  })),
  c('GET /api/account/export', 'the records', 200, () => ({ path: '/api/account/export', as: 'ann' })),
  c('GET /api/account/export', 'signed out', 401, () => ({ path: '/api/account/export', as: 'anon' })),
  c('DELETE /api/account', 'a wrong password', 403, () => ({
    path: '/api/account',
    as: 'eve',
    body: { password: NEW_PASSWORD },
  })),
  c('DELETE /api/account', 'no password', 400, () => ({ path: '/api/account', as: 'eve', body: {} })),
  c('DELETE /api/account', 'signed out', 401, () => ({
    path: '/api/account',
    as: 'anon',
    body: { password: PASSWORD },
  })),
  c('DELETE /api/account', 'the account', 204, () => ({
    path: '/api/account',
    as: 'eve',
    body: { password: PASSWORD },
  })),
  c('GET /api/account/blocks', 'none yet', 200, () => ({ path: '/api/account/blocks', as: 'ann' })),
  c('GET /api/account/blocks', 'signed out', 401, () => ({ path: '/api/account/blocks', as: 'anon' })),
  c('POST /api/account/blocks', 'an account', 200, () => ({
    path: '/api/account/blocks',
    as: 'ann',
    body: { username: 'dan' },
  })),
  c('POST /api/account/blocks', 'oneself', 400, () => ({
    path: '/api/account/blocks',
    as: 'ann2',
    body: { username: 'ann' },
  })),
  c('POST /api/account/blocks', 'a username of the wrong type', 400, () => ({
    path: '/api/account/blocks',
    as: 'ann2',
    body: { username: ['dan'] },
  })),
  c('POST /api/account/blocks', 'no such account', 404, () => ({
    path: '/api/account/blocks',
    as: 'ann2',
    body: { username: 'nobody' },
  })),
  c('DELETE /api/account/blocks/{username}', 'a block', 200, () => ({ path: '/api/account/blocks/DAN', as: 'ann' })),
  c('DELETE /api/account/blocks/{username}', 'an account not blocked', 404, () => ({
    path: '/api/account/blocks/dan',
    as: 'ann',
  })),
  c('GET /api/account/follows', 'none yet', 200, () => ({ path: '/api/account/follows', as: 'ann' })),
  c('GET /api/account/follows', 'signed out', 401, () => ({ path: '/api/account/follows', as: 'anon' })),
  c('POST /api/account/follows', 'an account', 200, () => ({
    path: '/api/account/follows',
    as: 'ann',
    body: { username: 'bob' },
  })),
  c('POST /api/account/follows', 'oneself', 400, () => ({
    path: '/api/account/follows',
    as: 'ann2',
    body: { username: 'ann' },
  })),
  c('POST /api/account/follows', 'an unknown field', 400, () => ({
    path: '/api/account/follows',
    as: 'ann2',
    body: { username: 'bob', loud: true },
  })),
  c('POST /api/account/follows', 'no such account', 404, () => ({
    path: '/api/account/follows',
    as: 'ann2',
    body: { username: 'nobody' },
  })),
  c('DELETE /api/account/follows/{username}', 'a follow', 200, () => ({ path: '/api/account/follows/bob', as: 'ann' })),
  c('DELETE /api/account/follows/{username}', 'an account not followed', 404, () => ({
    path: '/api/account/follows/bob',
    as: 'ann',
  })),

  c('GET /api/challenges', 'none yet', 200, () => ({ path: '/api/challenges', as: 'ann' })),
  c('GET /api/challenges', 'signed out', 401, () => ({ path: '/api/challenges', as: 'anon' })),
  c(
    'POST /api/challenges',
    'an account',
    201,
    () => ({ path: '/api/challenges', as: 'ann', body: { username: 'bob', game: 'three-arrows' } }),
    take('accept'),
  ),
  c('POST /api/challenges', 'the same account again', 409, () => ({
    path: '/api/challenges',
    as: 'ann2',
    body: { username: 'bob', game: 'three-arrows' },
  })),
  c('POST /api/challenges', 'oneself', 400, () => ({
    path: '/api/challenges',
    as: 'ann2',
    body: { username: 'ann', game: 'three-arrows' },
  })),
  c('POST /api/challenges', 'no game', 400, () => ({
    path: '/api/challenges',
    as: 'ann2',
    body: { username: 'cara' },
  })),
  c('POST /api/challenges', 'a seat of another form', 400, () => ({
    path: '/api/challenges',
    as: 'ann2',
    body: { username: 'cara', game: 'three-arrows', seat: 'first' },
  })),
  c('POST /api/challenges', 'no such account', 404, () => ({
    path: '/api/challenges',
    as: 'ann2',
    body: { username: 'nobody', game: 'three-arrows' },
  })),
  c('GET /api/challenges/{challenge}', 'to its challenger', 200, (x) => ({
    path: `/api/challenges/${x.accept}`,
    as: 'ann',
  })),
  c('GET /api/challenges/{challenge}', 'to another account', 404, (x) => ({
    path: `/api/challenges/${x.accept}`,
    as: 'cara',
  })),
  c('POST /api/challenges/{challenge}/accept', 'by the challenged', 200, (x) => ({
    path: `/api/challenges/${x.accept}/accept`,
    as: 'bob',
  })),
  c('POST /api/challenges/{challenge}/accept', 'accepted already', 409, (x) => ({
    path: `/api/challenges/${x.accept}/accept`,
    as: 'bob',
  })),
  c('POST /api/challenges/{challenge}/accept', 'an unknown challenge', 404, () => ({
    path: '/api/challenges/0123456789abcdef/accept',
    as: 'bob',
  })),
  c(
    'POST /api/challenges',
    'one to cancel',
    201,
    () => ({ path: '/api/challenges', as: 'ann', body: { username: 'bob', game: 'evons', seat: 'p1' } }),
    take('cancel'),
  ),
  c('DELETE /api/challenges/{challenge}', 'by the challenger', 200, (x) => ({
    path: `/api/challenges/${x.cancel}`,
    as: 'ann',
  })),
  c('DELETE /api/challenges/{challenge}', 'cancelled already', 409, (x) => ({
    path: `/api/challenges/${x.cancel}`,
    as: 'ann',
  })),
  c('DELETE /api/challenges/{challenge}', 'an unknown challenge', 404, () => ({
    path: '/api/challenges/0123456789abcdef',
    as: 'ann',
  })),
  c(
    'POST /api/challenges',
    'one to decline',
    201,
    () => ({ path: '/api/challenges', as: 'ann', body: { username: 'bob', game: 'three-arrows', takebacks: false } }),
    take('decline'),
  ),
  c('POST /api/challenges/{challenge}/decline', 'by the challenged', 200, (x) => ({
    path: `/api/challenges/${x.decline}/decline`,
    as: 'bob',
  })),
  c('POST /api/challenges/{challenge}/decline', 'declined already', 409, (x) => ({
    path: `/api/challenges/${x.decline}/decline`,
    as: 'bob',
  })),
  c('POST /api/challenges/{challenge}/decline', 'an unknown challenge', 404, () => ({
    path: '/api/challenges/0123456789abcdef/decline',
    as: 'bob',
  })),

  c('GET /api/tournaments', 'every list', 200, () => ({ path: '/api/tournaments' })),
  c(
    'POST /api/tournaments',
    'a Swiss',
    201,
    () => ({
      path: '/api/tournaments',
      as: 'ann3',
      body: {
        name: 'Cup',
        kind: 'swiss',
        game: 'three-arrows',
        clock: { kind: 'fischer', base: 300, increment: 5 },
        rounds: 3,
      },
    }),
    tournament('cup'),
  ),
  c('POST /api/tournaments', 'no kind', 400, () => ({
    path: '/api/tournaments',
    as: 'ann3',
    body: { name: 'Cup', game: 'three-arrows', clock: { kind: 'fischer', base: 300, increment: 5 }, rounds: 3 },
  })),
  c('POST /api/tournaments', 'signed out', 401, () => ({
    path: '/api/tournaments',
    as: 'anon',
    body: {
      name: 'Cup',
      kind: 'swiss',
      game: 'three-arrows',
      clock: { kind: 'fischer', base: 300, increment: 5 },
      rounds: 3,
    },
  })),
  c('GET /api/tournaments/{tournament}', 'a tournament', 200, (x) => ({ path: `/api/tournaments/${x.cup}` })),
  c('GET /api/tournaments/{tournament}', 'an unknown one', 404, () => ({ path: '/api/tournaments/0123456789abcdef' })),
  c('POST /api/tournaments/{tournament}/join', 'an account', 200, (x) => ({
    path: `/api/tournaments/${x.cup}/join`,
    as: 'bob3',
  })),
  c('POST /api/tournaments/{tournament}/join', 'an unknown one', 404, () => ({
    path: '/api/tournaments/0123456789abcdef/join',
    as: 'bob3',
  })),
  c('POST /api/tournaments/{tournament}/withdraw', 'a player', 200, (x) => ({
    path: `/api/tournaments/${x.cup}/withdraw`,
    as: 'bob3',
  })),
  c('POST /api/tournaments/{tournament}/withdraw', 'never joined', 409, (x) => ({
    path: `/api/tournaments/${x.cup}/withdraw`,
    as: 'ann3',
  })),
  c('POST /api/tournaments/{tournament}/start', 'by another account', 403, (x) => ({
    path: `/api/tournaments/${x.cup}/start`,
    as: 'bob3',
  })),
  c('DELETE /api/tournaments/{tournament}', 'by another account', 403, (x) => ({
    path: `/api/tournaments/${x.cup}`,
    as: 'bob3',
  })),
  c('DELETE /api/tournaments/{tournament}', 'by its maker', 204, (x) => ({
    path: `/api/tournaments/${x.cup}`,
    as: 'ann3',
  })),
  c('DELETE /api/tournaments/{tournament}', 'cancelled already', 409, (x) => ({
    path: `/api/tournaments/${x.cup}`,
    as: 'ann3',
  })),
  c(
    'POST /api/tournaments',
    'one to start',
    201,
    () => ({
      path: '/api/tournaments',
      as: 'ann3',
      body: {
        name: 'Cup',
        kind: 'swiss',
        game: 'three-arrows',
        clock: { kind: 'fischer', base: 300, increment: 5 },
        rounds: 3,
      },
    }),
    tournament('start'),
  ),
  c('POST /api/tournaments/{tournament}/start', 'by its maker', 200, (x) => ({
    path: `/api/tournaments/${x.start}/start`,
    as: 'ann3',
  })),

  c('GET /api/puzzles', 'for a guest', 200, () => ({ path: '/api/puzzles' })),
  c('GET /api/puzzles', 'of a game, signed in', 200, () => ({ path: '/api/puzzles?game=three-arrows', as: 'ann' })),
  c('GET /api/puzzles', 'an unknown game', 400, () => ({ path: '/api/puzzles?game=chess' })),
  c('GET /api/puzzles/{puzzle}', 'a puzzle', 200, (x) => ({ path: `/api/puzzles/${x.puzzle}` })),
  c('GET /api/puzzles/{puzzle}', 'an unknown puzzle', 404, () => ({ path: '/api/puzzles/0123456789abcdef' })),
  c('POST /api/puzzles/{puzzle}/attempt', 'a legal move, rated', 200, (x) => ({
    path: `/api/puzzles/${x.puzzle}/attempt`,
    as: 'ann',
    body: { action: x.puzzleMove },
  })),
  c('POST /api/puzzles/{puzzle}/attempt', 'a move not legal', 400, (x) => ({
    path: `/api/puzzles/${x.puzzle}/attempt`,
    body: { action: 'fly away' },
  })),
  c('POST /api/puzzles/{puzzle}/attempt', 'no action', 400, (x) => ({
    path: `/api/puzzles/${x.puzzle}/attempt`,
    body: {},
  })),
  c('POST /api/puzzles/{puzzle}/attempt', 'an unknown puzzle', 404, (x) => ({
    path: '/api/puzzles/0123456789abcdef/attempt',
    body: { action: x.puzzleMove },
  })),

  c('GET /api/lessons', 'every game', 200, () => ({ path: '/api/lessons' })),
  c('GET /api/lessons/{game}', 'a game', 200, () => ({ path: '/api/lessons/evons' })),
  c('GET /api/lessons/{game}', 'an unknown game', 404, () => ({ path: '/api/lessons/chess' })),
  c('GET /api/lessons/{game}/{lesson}', 'a lesson', 200, (x) => ({ path: `/api/lessons/three-arrows/${x.lesson}` })),
  c('GET /api/lessons/{game}/{lesson}', 'an unknown lesson', 404, () => ({
    path: '/api/lessons/three-arrows/99-nothing',
  })),
  c('POST /api/lessons/{game}/{lesson}/try', 'a wrong move', 200, (x) => ({
    path: `/api/lessons/three-arrows/${x.lesson}/try`,
    body: { step: x.lessonStep, action: 'fly away' },
  })),
  c('POST /api/lessons/{game}/{lesson}/try', 'a step of the wrong type', 400, (x) => ({
    path: `/api/lessons/three-arrows/${x.lesson}/try`,
    body: { step: 'one', action: 'fly away' },
  })),
  c('POST /api/lessons/{game}/{lesson}/try', 'a step out of range', 400, (x) => ({
    path: `/api/lessons/three-arrows/${x.lesson}/try`,
    body: { step: 999, action: 'fly away' },
  })),
  c('POST /api/lessons/{game}/{lesson}/try', 'broken JSON', 400, (x) => ({
    path: `/api/lessons/three-arrows/${x.lesson}/try`,
    raw: '{"step": 0,',
  })),
  c('POST /api/lessons/{game}/{lesson}/try', 'an unknown lesson', 404, () => ({
    path: '/api/lessons/three-arrows/99-nothing/try',
    body: { step: 0, action: 'x' },
  })),

  c('GET /api/health', 'the store answers', 200, () => ({ path: '/api/health' })),
  c('GET /metrics', 'the figures', 200, () => ({ path: '/metrics' })),
  c('GET /site.js', "the server's own", 200, () => ({ path: '/site.js' })),
  c('GET /learn', 'the page', 200, () => ({ path: '/learn' })),
  c('GET /learn/{game}', "a game's lessons", 200, () => ({ path: '/learn/evons' })),
  c('GET /learn/{game}/{lesson}', 'a lesson', 200, (x) => ({ path: `/learn/three-arrows/${x.lesson}` })),
  c('GET /{file}', 'the home page', 200, () => ({ path: '/' })),
  c(
    'GET /{file}',
    'a module',
    200,
    () => ({ path: '/api.js' }),
    (x, res) => (x.etag = res.headers.etag),
  ),
  c('GET /{file}', 'not changed since its ETag', 304, (x) => ({
    path: '/api.js',
    headers: { 'If-None-Match': x.etag },
  })),
  c('GET /{file}', 'a range', 206, () => ({ path: '/index.html', headers: { Range: 'bytes=0-9' } })),
  c('GET /{file}', 'a range past the end', 416, () => ({ path: '/index.html', headers: { Range: 'bytes=99999999-' } })),
  c('GET /{file}', 'no such file', 404, () => ({ path: '/nothing-here.html' })),
  c('HEAD /{file}', 'a page', 200, () => ({ path: '/index.html' })),
  c('HEAD /{file}', 'no such file', 404, () => ({ path: '/nothing-here.html' })),
];
