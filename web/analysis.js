// The analysis board (analysis.html?id=local-…, docs/web.md "The app"): a position of a replay
// or of a finished game, set up in the page's own engine (a local table of people at every seat,
// made by POST /api/analysis: analyse() below) where the player plays on for every side, asks
// the computer's best move and the line that follows it, and takes any move back. The board is
// shown as the player to move sees it (the computer's search judges from that player's
// information too); after each move the page follows the next player. The engine decides
// everything; the page draws its frames as a table's.

import { byId, h, replace } from './dom.js';
import * as API from './api.js';
import { Connection } from './connection.js';
import { choosingScreen } from './move-panel.js';
import { LogPanel } from './log-panel.js';
import { seatNamer, withCatalogue } from './screen.js';
import { gameModule } from './games/index.js';
import { seatsAt, keepSeat } from './tokens.js';
import { LANG, t, tParts } from './i18n.js';
import { serverText } from './server-text.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').TableInfo} TableInfo */
/** @typedef {import('./types.js').ServerFrame} ServerFrame */

/**
 * Sets up a board at a position and opens it: the record of a finished table (`from`, a
 * server's or a local one) or a record's text, after its first `upto` actions (all of them when
 * absent).
 * @param {{from?: string, record?: string, upto?: number}} at
 * @param {string} [page] where to open it: the board (default), or the replay of it
 */
export async function analyse(at, page = 'analysis.html') {
  const board = await API.analysis(at);
  for (const s of board.seats) keepSeat(board.id, s.seat, s.token);
  location.href = `${page}?id=${encodeURIComponent(board.id)}`;
}

/** The page's elements, or null when this module is only imported for analyse(). */
function elements() {
  if (!document.body.classList.contains('analysis-page')) return null;
  return {
    title: byId('title'),
    status: byId('status'),
    error: byId('analysis-error'),
    board: byId('board-area'),
    players: byId('players-area'),
    movePanel: byId('move-panel'),
    move: byId('move'),
    best: /** @type {HTMLButtonElement} */ (byId('best')),
    back: /** @type {HTMLButtonElement} */ (byId('back')),
    line: byId('best-line'),
    log: /** @type {HTMLOListElement} */ (byId('log')),
    rules: /** @type {HTMLAnchorElement} */ (byId('rules-link')),
  };
}

const els = elements();
if (els) board(els);

/**
 * The board's page.
 * @param {NonNullable<ReturnType<typeof elements>>} els
 */
function board(els) {
  const tableId = new URLSearchParams(location.search).get('id') ?? '';
  const state = {
    /** @type {View | null} */ vj: null,
    /** @type {TableInfo | null} */ table: null,
    /** @type {import('./types.js').Catalogue | null} */ catalogue: null,
    seat: '',
    v: -1,
    sending: false,
  };
  let name = seatNamer(null, 'public');
  const log = new LogPanel(els.log, (seat) => name(seat));
  const { screen, panel, chooser } = choosingScreen(els, { play, redraw, busy: () => state.sending });
  /** @type {Connection | null} */
  let conn = null;

  /** @param {unknown} e */
  const fail = (e) => (els.error.textContent = e instanceof Error ? e.message : String(e));

  /** @param {string} action */
  function play(action) {
    panel.clearError();
    if (!conn?.send({ type: 'act', v: state.v, action })) return;
    state.sending = true;
    replace(els.line);
    redraw();
  }

  function redraw() {
    const vj = state.vj;
    if (!vj) return;
    const mod = gameModule(vj.game);
    const p = state.sending ? null : chooser.picker;
    const o = p ? p.options() : null;
    const over = vj.to_move === 'over';
    screen.draw(vj, name, {
      chosen: p ? p.chosen : [],
      targets: o ?? undefined,
      selected: p?.chosenByKind(),
      status: over ? t('analysis.over-status') : (mod?.turnText(vj, { name }) ?? ''),
    });
    panel.show(p, (w) => (mod ? mod.wordLabel(w, p?.chosen ?? [], vj) : w), over ? t('analysis.over') : '');
    els.best.disabled = over || vj.to_move === 'chance' || state.sending;
    els.back.disabled = log.entries.length === 0 || state.sending;
    els.title.textContent = t('analysis.title', { title: state.table?.title ?? vj.game });
    els.rules.href = `rules.html?game=${encodeURIComponent(vj.game)}`;
    els.rules.hidden = false;
    document.body.dataset.v = String(state.v); // the version on screen (the tests wait for it)
  }

  /** @param {ServerFrame} frame */
  function onFrame(frame) {
    if (frame.type === 'error') {
      state.sending = false;
      panel.showError(frame.message ? serverText(String(frame.message)) : t('analysis.refused'));
      redraw();
      return;
    }
    if (frame.type !== 'snapshot' && frame.type !== 'update') return;
    state.table = frame.table ?? state.table;
    if (frame.type === 'snapshot') {
      state.seat = frame.seat ?? 'public';
      state.catalogue = frame.table?.catalogue ?? null;
    }
    // the board follows the player to move: its view is the one to play from
    const mover = state.table?.to_move?.[0];
    if (mover && mover !== state.seat && seatsAt(tableId).some((x) => x.seat === mover)) {
      connect(mover);
      return;
    }
    state.v = frame.v;
    withCatalogue(state.catalogue, [frame.view]);
    name = seatNamer(state.table, state.seat);
    state.vj = frame.view;
    state.sending = false;
    chooser.reset(frame.view.legal ?? [], frame.view);
    if (frame.type === 'snapshot') log.reset(frame.log ?? []);
    else log.add(frame.log ?? []);
    redraw();
  }

  /** @param {string} seat */
  function connect(seat) {
    conn?.close();
    const held = seatsAt(tableId).find((x) => x.seat === seat) ?? null;
    const url = new URL(`api/tables/${encodeURIComponent(tableId)}/ws`, location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    conn = new Connection(
      url.toString(),
      () => ({ type: 'hello', token: held?.token ?? null, messages: LANG !== 'en' }),
      {
        onFrame,
        onState: () => {},
      },
    );
    conn.start();
  }

  /** The computer's best move for the player to move, and the line after it. */
  async function best() {
    replace(els.line, h('p', { class: 'how' }, t('analysis.thinking')));
    els.best.disabled = true;
    try {
      const r = await API.bestMove(tableId);
      const best = { name: name(r.seat), best: h('strong', { class: 'best-move' }, r.best) };
      replace(
        els.line,
        h(
          'p',
          {},
          ...(typeof r.value === 'number'
            ? tParts('analysis.best-value', { ...best, value: Math.round(r.value * 100) })
            : tParts('analysis.best', best)),
        ),
        r.line.length
          ? h(
              'p',
              {},
              t('analysis.then', {
                line: r.line
                  .map((m) => t('review.line-move', { seat: name(m.seat), action: m.action }))
                  .join(t('review.line-separator')),
              }),
            )
          : null,
        h(
          'button',
          { type: 'button', class: 'play-best', onclick: () => play(r.best) },
          t('analysis.play', { move: r.best }),
        ),
      );
    } catch (e) {
      replace(els.line, h('p', { class: 'error' }, e instanceof Error ? e.message : String(e)));
    }
    redraw();
  }

  els.best.addEventListener('click', best);
  els.back.addEventListener('click', () => {
    panel.clearError();
    replace(els.line);
    if (conn?.send({ type: 'back', v: state.v })) state.sending = true;
    redraw();
  });

  const held = seatsAt(tableId);
  if (!tableId || !held.length) {
    fail(t('analysis.no-board', { button: t('replay.analyse-from-here') }));
    return;
  }
  connect(held[0].seat);
}
