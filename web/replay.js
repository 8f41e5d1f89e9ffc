// The replay page (replay.html?id=ID for a finished table, or a record file opened here):
// every step of the game as the referee sees it, forwards and backwards, with the board, the
// players' panels and the moves so far (each a button to its step). The steps come from the
// server (GET /api/tables/ID/replay or POST /api/replay), which replays the record; this page
// knows no rule. The server sends the start's view and then each step's changes, which
// replay-views.js applies to show any step. A table's replay offers the computer's review of
// the game (review.js): its marks in the moves, its curve, and at a reviewed decision the best
// alternative on the board.

import { byId, h, replace } from './dom.js';
import * as API from './api.js';
import { LogPanel } from './log-panel.js';
import { Screen, ranksTable, seatNamer, withCatalogue } from './screen.js';
import { andList } from './grammar.js';
import { t, tParts } from './i18n.js';
import { ReviewPanel } from './review.js';
import { ReplayViews } from './replay-views.js';
import { ENGINE, LOCAL } from './site.js';
import { analyse } from './analysis.js';

/** @typedef {import('./types.js').Replay} Replay */
/** @typedef {import('./types.js').TableInfo} TableInfo */

const els = {
  title: byId('title'),
  playedBy: byId('played-by'),
  open: byId('open'),
  file: /** @type {HTMLInputElement} */ (byId('record-file')),
  error: byId('replay-error'),
  replay: byId('replay'),
  status: byId('status'),
  step: /** @type {HTMLInputElement} */ (byId('step')),
  stepText: byId('step-text'),
  first: byId('first'),
  prev: byId('prev'),
  next: byId('next'),
  last: byId('last'),
  result: byId('result'),
  resultBody: byId('result-body'),
  board: byId('board-area'),
  players: byId('players-area'),
  log: /** @type {HTMLOListElement} */ (byId('log')),
  review: byId('review'),
  reviewBody: byId('review-body'),
  reviewNote: byId('review-note'),
  analyse: /** @type {HTMLButtonElement} */ (byId('analyse')),
};

/** The record file's text, when the replay is of one (the analysis board starts from it). */
let fileText = '';

/** @type {Replay | null} */
let replay = null;
/** @type {ReplayViews | null} every step's view */
let views = null;
let at = 0;

/**
 * A table's replay: how its page calls the seats ("Anna (p1)", "p2 (hard AI)"); else null.
 * @type {((seat: string) => string) | null}
 */
let tableName = null;

/**
 * How to call a seat in a replay: as the table did, else its seat and who played it by the
 * record ("p2 (hard)").
 * @param {string} seat
 */
function name(seat) {
  if (tableName) return tableName(seat);
  const i = Number(seat.slice(1)) - 1;
  const who = replay?.players?.[i];
  return who && who !== seat ? t('replay.seat-by', { seat, who }) : seat;
}

const log = new LogPanel(els.log, name, (line) => show(line + 1));
const screen = new Screen({ board: els.board, players: els.players, status: els.status });
const review = new ReviewPanel(
  { section: els.review, body: els.reviewBody },
  {
    // a decision chosen in the review: its verdict and board brought into view (a phone's page
    // scrolls; a desktop's is one screen)
    go: (step) => {
      show(step);
      els.reviewNote.scrollIntoView({ block: 'start' });
    },
    name,
    changed: () => show(at, true),
  },
);

/**
 * Shows step k (`again`: the same step drawn again, the review having arrived).
 * @param {number} k
 * @param {boolean} [again]
 */
function show(k, again = false) {
  if (!replay || !views) return;
  const steps = replay.steps;
  const from = again ? -1 : at;
  at = Math.max(0, Math.min(steps.length - 1, k));
  const step = steps[at];
  els.step.value = String(at);
  const done = at === steps.length - 1;
  const start = at === 0 || step.who === null;
  const move = { who: step.who === 'chance' ? t('log.chance') : name(step.who ?? ''), action: step.action ?? '' };
  els.stepText.textContent = start
    ? t('replay.step-start', { at, n: steps.length - 1 })
    : t('replay.step-move', { at, n: steps.length - 1, ...move });
  log.reset(
    steps.slice(1, at + 1).map((s, i) => ({ who: s.who ?? '', text: s.action ?? '', mark: review.markOf(i + 1) })),
  );
  log.mark(at - 1, at);
  const { view, previous } = views.pair(at);
  withCatalogue(replay.catalogue, [view, previous]);
  screen.draw(view, name, {
    previous,
    // only one step forwards is a move to watch; a jump or a step back shows its board at once
    still: at !== from + 1,
    status:
      done && replay.result ? resultSentence() : start ? t('replay.status-start') : t('replay.status-after', move),
  });
  els.result.hidden = !(done && Array.isArray(replay.result));
  // what the review says of this step's decision, its best alternative framed on the board
  replace(els.reviewNote, review.note(at, [els.board, els.players]));
  review.at(at);
  for (const [b, off] of /** @type {[HTMLElement, boolean][]} */ ([
    [els.first, at === 0],
    [els.prev, at === 0],
    [els.next, done],
    [els.last, done],
  ])) {
    b.toggleAttribute('disabled', off);
  }
}

function resultSentence() {
  const winners = (replay?.result ?? []).filter((r) => r.rank === 1).map((r) => r.player);
  return winners.length > 1
    ? t('replay.drawn', { names: andList(winners.map(name)) })
    : t('replay.won', { name: name(winners[0]) });
}

/**
 * Starts the replay of a server answer.
 * @param {Replay} data
 * @param {string} label
 */
function start(data, label) {
  if (!data || !Array.isArray(data.steps) || !data.steps.length) throw new Error(t('replay.no-steps'));
  views = new ReplayViews(data.steps);
  replay = data;
  els.replay.hidden = false;
  const variant = data.catalogue && data.catalogue.name !== 'base' ? data.catalogue.name : '';
  els.title.textContent = variant ? t('replay.title-variant', { label, variant }) : t('replay.title', { label });
  els.step.max = String(data.steps.length - 1);
  if (Array.isArray(data.result)) {
    const ranks = data.result.map((r) => ({ seat: r.player, rank: r.rank, score: r.score }));
    replace(els.resultBody, ranksTable(ranks, name));
  }
  show(0);
}

/**
 * Says who played a table's seats, each account's username a link to its profile.
 * @param {TableInfo} info
 */
function showPlayedBy(info) {
  const items = info.seats.flatMap((seat, i) => [
    i ? t('replay.list-separator') : '',
    seat.username
      ? h(
          'span',
          {},
          ...tParts('seat.named', {
            name: h('a', { href: `player.html?name=${encodeURIComponent(seat.username)}` }, seat.username),
            seat: seat.seat,
          }),
        )
      : name(seat.seat),
  ]);
  replace(els.playedBy, ...tParts('replay.played-by', { players: h('span', {}, ...items) }));
  els.playedBy.hidden = false;
}

/** @param {unknown} e */
function fail(e) {
  els.error.textContent = e instanceof Error ? e.message : String(e);
}

els.first.addEventListener('click', () => show(0));
els.prev.addEventListener('click', () => show(at - 1));
els.next.addEventListener('click', () => show(at + 1));
els.last.addEventListener('click', () => show(Infinity));
els.step.addEventListener('input', () => show(Number(els.step.value)));
document.addEventListener('keydown', (ev) => {
  if (!replay || (ev.target instanceof HTMLInputElement && ev.target.type !== 'range')) return;
  if (ev.key === 'ArrowRight' && !(ev.target instanceof HTMLInputElement)) show(at + 1);
  else if (ev.key === 'ArrowLeft' && !(ev.target instanceof HTMLInputElement)) show(at - 1);
  else if (ev.key === 'Home' || ev.key === 'End') {
    // the first or last step, not the top or bottom of the page: the board stays in view
    ev.preventDefault();
    show(ev.key === 'Home' ? 0 : Infinity);
  }
});
els.file.addEventListener('change', async () => {
  const f = els.file.files?.[0];
  if (!f) return;
  els.error.textContent = '';
  try {
    fileText = await f.text();
    // the app keeps the record as a game of this device: its replay, review and analysis board
    // are then the page's engine's, as a finished table's (an unfinished one opens on the board)
    if (LOCAL) await analyse({ record: fileText }, JSON.parse(fileText).result ? 'replay.html' : 'analysis.html');
    else start(await API.replayRecord(fileText), f.name);
  } catch (e) {
    fail(e);
  }
});
// the analysis board from the step shown, in the page's own engine
els.analyse.hidden = !ENGINE;
els.analyse.addEventListener('click', () => {
  const id = new URLSearchParams(location.search).get('id');
  analyse(id ? { from: id, upto: at } : { record: fileText, upto: at }).catch(fail);
});

const id = new URLSearchParams(location.search).get('id');
if (id) {
  // a table's replay: no record to open (the form stays for a page opened without one)
  els.open.hidden = true;
  // the table's info names the seats as its page did (its usernames linked); a replay
  // whose info cannot be read still plays, naming the seats by the record
  Promise.all([API.replay(id), API.tableInfo(id).catch(() => null)])
    .then(([data, info]) => {
      if (info?.seats) tableName = seatNamer(info, 'all', { zombie: false });
      start(data, t('replay.table', { id }));
      if (info?.seats) showPlayedBy(info);
      review.load(id, data.steps.length - 1);
    })
    .catch(fail);
}
