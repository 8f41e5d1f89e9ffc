// The computer's review of a finished game made in the app's Web Worker (review.h, the same as
// the server's POST /api/tables/ID/review makes: the same configuration and seed, so the same
// review), a decision at a time so that the worker answers the page between two, and so that the
// page shows how far it is by asking as it asks a server. The record is a local table's, or a
// server's finished table's (fetched from the server: the review then costs the server nothing).

import { call, callText, EngineError, EINVAL, ESTATE } from './engine.js';
import { onTable } from './tables.js';

/** @typedef {import('../types.js').ReviewState} ReviewState */
/** @typedef {{status: number, body: string}} Answer */

/** The server's review: review.h's default iterations, 3/20 of them after each move, seed 1. */
const CONFIG = { iterations: 2000, reply_iterations: 300, samples: 0, seed: '1' };

/** @type {Map<string, ReviewState>} the reviews asked for, by table */
const reviews = new Map();
/** The tables whose review waits for the one being made (the engine makes one at a time). */
/** @type {string[]} */
const queue = [];
let running = '';

/** @param {ReviewState} state */
const answer = (state) => ({ status: state.status === 'done' ? 200 : 202, body: JSON.stringify(state) });

/**
 * GET: the review of a table as far as it is made; status "none" when nobody asked (as the
 * server answers).
 * @param {string} id
 * @returns {Promise<Answer>}
 */
export async function reviewOf(id) {
  const state = reviews.get(id);
  return state
    ? answer(state)
    : { status: 200, body: JSON.stringify({ table: id, status: 'none', done: 0, total: 0 }) };
}

/**
 * The record of a finished table: a local one's, or a server's (fetched from it).
 * @param {string} id
 * @returns {Promise<string>} its text
 */
export async function recordOf(id) {
  if (id.startsWith('local-')) {
    const info = /** @type {{status: string}} */ (JSON.parse(await onTable(id, { op: 'info' })));
    if (info.status !== 'over') throw new EngineError('no review before the end of the game', ESTATE);
    return onTable(id, { op: 'record' });
  }
  const res = await fetch(`/api/tables/${encodeURIComponent(id)}/record`);
  if (!res.ok) throw new EngineError(`the server gave no record of table ${id} (${res.status})`, EINVAL);
  return res.text();
}

/**
 * POST: the review asked for, begun (or queued behind the one being made).
 * @param {string} id
 * @returns {Promise<Answer>}
 */
export async function askReview(id) {
  const had = reviews.get(id);
  if (had && had.status !== 'failed') return answer(had);
  const record = await recordOf(id);
  /** @type {ReviewState} */
  const state = { table: id, status: 'queued', done: 0, total: 0 };
  reviews.set(id, state);
  queue.push(id);
  pending.set(id, record);
  if (!running) next();
  return answer(state);
}

/** @type {Map<string, string>} the records of the reviews queued */
const pending = new Map();

/** Begins the next review queued, and makes it a decision at a time. */
async function next() {
  const id = queue.shift();
  running = id ?? '';
  if (!id) return;
  const state = /** @type {ReviewState} */ (reviews.get(id));
  try {
    const r = /** @type {{total: number}} */ (await call({ op: 'review_new', record: pending.get(id), ...CONFIG }));
    pending.delete(id);
    state.status = 'running';
    state.total = r.total;
    while (state.done < state.total) {
      const s = /** @type {{done: number}} */ (await call({ op: 'review_step' }));
      state.done = s.done;
      await new Promise((resolve) => setTimeout(resolve, 0)); // the page's requests, between two
    }
    state.review = JSON.parse(await callText({ op: 'review_json' }));
    state.status = 'done';
  } catch (e) {
    state.status = 'failed';
    state.error = e instanceof Error ? e.message : String(e);
  }
  next();
}
