// The table page (table.html?id=ID, or ?id=ID&seat=p2[&invite=CODE] from an invite link): joins
// the seat of the link (with the player's name, asked first when none is kept), connects to the
// table's socket with this browser's token for it (or as a spectator), draws every snapshot and
// update, lets the player to move choose among the view's legal actions by clicks, buttons or
// typed notation, and shows takeback requests (takeback.js), resign, the people at the table
// with their clocks and presence (people.js), "your turn" (your-turn.js), a premove at a table
// of two (premove.js), the result, the record, the rematch (rematch.js) or "play again", the
// invite links and the chat (chat.js), and beside each other person mute, report and block
// (seat-actions.js). Everything drawn comes from the frames this viewer receives.

import { byId, h, replace } from './dom.js';
import * as API from './api.js';
import { Connection } from './connection.js';
import { choosingScreen } from './move-panel.js';
import { moveSettings } from './move-settings.js';
import { lastChance, lastMoveWords } from './last-move.js';
import { LogPanel } from './log-panel.js';
import { LookBack } from './look-back.js';
import { refusal } from './refusal.js';
import { noteStore, storeRefusal } from './store-banner.js';
import { ranksTable, seatNamer, withCatalogue } from './screen.js';
import { gameModule } from './games/index.js';
import { seatsAt, keepSeat, forgetSeat } from './tokens.js';
import { inviteLink, copyField, invitesAt, invitation } from './invite.js';
import { People } from './people.js';
import { confirmDialog } from './confirm.js';
import { TurnSignal } from './your-turn.js';
import { myName, nameBox } from './names.js';
import { phoneLayout } from './phone.js';
import { keepOwnPanel } from './own-panel.js';
import { Details } from './details.js';
import { Takeback } from './takeback.js';
import { Courtesy } from './courtesy.js';
import { rematchBlock, peopleSeats } from './rematch.js';
import { Chat } from './chat.js';
import { andList } from './grammar.js';
import { othersWaiting } from './others-waiting.js';
import { Premove } from './premove.js';
import { SeatActions } from './seat-actions.js';
import { HandOver } from './handover.js';
import { downloadLocal } from './local.js';
import { LANG, t, translate } from './i18n.js';
import { serverText } from './server-text.js';

/** The messages of an act not sent for want of a connection: gone once it is back. */
const UNSENT = [
  'table.unsent-claim',
  'table.unsent-return',
  'table.unsent-resign',
  'table.unsent-takeback',
  'table.unsent-move',
];

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').TableInfo} TableInfo */
/** @typedef {import('./types.js').ServerFrame} ServerFrame */

const els = {
  title: byId('title'),
  conn: byId('conn'),
  status: byId('status'),
  chance: byId('chance'),
  board: byId('board-area'),
  players: byId('players-area'),
  movePanel: byId('move-panel'),
  move: byId('move'),
  undo: /** @type {HTMLButtonElement} */ (byId('undo')),
  resign: /** @type {HTMLButtonElement} */ (byId('resign')),
  people: byId('people'),
  joinPlace: byId('join-place'),
  result: byId('result'),
  resultBody: byId('result-body'),
  invites: byId('invites'),
  invitesBody: byId('invites-body'),
  seats: byId('seats'),
  seatsBody: byId('seats-body'),
  log: /** @type {HTMLOListElement} */ (byId('log')),
  rules: /** @type {HTMLAnchorElement} */ (byId('rules-link')),
  offer: byId('offer'),
};

const query = new URLSearchParams(location.search);
const tableId = query.get('id') ?? '';

/** What the page knows: the last frame's parts. */
const state = {
  /** @type {View | null} */ vj: null,
  /** @type {TableInfo | null} */ table: null,
  /** the table's components, from the last snapshot (updates do not repeat them) */
  /** @type {import('./types.js').Catalogue | null} */ catalogue: null,
  /** @type {View | null} */ previous: null,
  /** the board drawn last was a past one (looking back): the next is not animated from it */
  looked: false,
  v: -1,
  /** @type {string} */ seat: 'public',
  /** @type {import('./tokens.js').SeatToken | null} */ held: null,
  /** a refused token was asked for again once (a device's, whose session ended) */
  reclaimed: false,
  sending: false,
  animation: 0,
  /** the kind of the frame sent last that the server may refuse: its error is said there */
  /** @type {'act' | 'takeback' | 'answer' | 'rematch' | 'chat' | 'claim' | 'return' | 'resign' | 'abort' | 'draw' | 'moretime'} */ lastSent:
    'act',
  /** this page asked for a rematch (until the server's info says so) */
  rematchAsked: false,
  /** the connection is lost (reconnecting): moves wait, the people and clocks say so */
  lost: false,
};

let name = seatNamer(null, 'public');
const log = new LogPanel(
  els.log,
  (seat) => name(seat),
  (line) => look.ask(line),
);
const look = new LookBack(els.board.closest('.layout') ?? els.board, {
  send: (line) => Boolean(conn?.send({ type: 'history', line })),
  log,
  redraw,
});
const { screen, panel, chooser } = choosingScreen(els, {
  play,
  redraw,
  busy: () => state.sending,
  confirm: () => moveSettings.confirm,
  // at the other player's turn a click composes the premove (premove.js)
  idle: (token, kind) => !state.table?.stopped && !look.view && premove.click(token, kind),
});
/** @type {Connection | null} */
let conn = null;
const people = new People(els.people, {
  // the viewer's own line by its name too: "Alex (you)"
  name: (seat) => {
    const mine = seat === state.seat ? state.table?.seats?.find((s) => s.seat === seat) : null;
    return mine?.name && mine.name !== seat
      ? t('seat.named-you', { name: mine.name, seat })
      : seatNamer(state.table, state.seat, { zombie: false })(seat);
  },
  claim: (seat) => {
    panel.clearError();
    if (!send({ type: 'claim', v: state.v, seat })) panel.showError(t('table.unsent-claim'));
  },
  back: () => {
    panel.clearError();
    if (!send({ type: 'return' })) panel.showError(t('table.unsent-return'));
  },
  beside: (s) => seatActions.beside(s),
});
// mute, report and block another person (seat-actions.js): what the server keeps is read once
const seatActions = new SeatActions(tableId, {
  seat: (seat) => state.table?.seats?.find((x) => x.seat === seat),
  name: (seat) => name(seat),
  mine: (seat) => seatsAt(tableId).some((x) => x.seat === seat),
  lines: (seat) => chat.linesOf(seat),
  changed: () => {
    people.draw();
    hideChat();
  },
});

/** The chat of muted seats and blocked accounts hidden, and the panel saying whose. */
function hideChat() {
  const hidden = [...seatActions.hidden(state.table?.seats ?? [])].sort();
  chat.hide(new Map(hidden.map(([seat, why]) => [seat, `${name(seat)}, ${why}`])));
}
// hot-seat: the device handed from one of this page's seats to the next (handover.js)
const handover = new HandOver({
  held: () => seatsAt(tableId).map((x) => x.seat),
  // a seat as the people at the device call it: its person's name, else the seat
  name: (seat) => state.table?.seats?.find((s) => s.seat === seat)?.name ?? seat,
  leave: () => {
    conn?.close();
    conn = null;
    state.vj = null;
    state.previous = null;
    replace(els.board);
    replace(els.players);
    log.reset([]);
    els.move.hidden = true;
  },
  take: (seat) => connect(seatsAt(tableId).find((x) => x.seat === seat) ?? null),
});
// premove at a table of two: one move queued while the other player thinks (premove.js)
const premove = new Premove({ play: (action) => play(action), redraw });
els.move.insertBefore(premove.el, els.move.querySelector('.move-tools'));
const turn = new TurnSignal();
// the sound and the notification of "your turn", beside the move settings
(els.movePanel.querySelector('.move-settings') ?? els.movePanel).append(turn.settings());
// on a phone: the action sheet, the hand strip and the board's zoom; everywhere: the detail
// sheet of whatever is tapped that chooses nothing
phoneLayout({ board: els.board, players: els.players, move: els.move, game: () => state.vj?.game });
keepOwnPanel(els.players);
new Details([els.board, els.players], {
  game: () => state.vj?.game,
  variant: () => (state.table?.variant && !state.table.variant.builtin ? state.table.variant.sha256 : undefined),
  picker: () => (state.sending || state.table?.stopped ? null : chooser.picker),
  takes: () => premove.composing && !look.view,
});

els.resign.addEventListener('click', async () => {
  const others = (state.table?.seats ?? []).length - 1;
  const yes = await confirmDialog({
    title: t('table.resign-title'),
    text: others === 1 ? t('table.resign-two', { name: name(otherSeats()[0] ?? 'p2') }) : t('table.resign-more'),
    yes: t('table.resign'),
    no: t('table.keep-playing'),
  });
  if (!yes) return;
  panel.clearError();
  if (!send({ type: 'resign', v: state.v })) panel.showError(t('table.unsent-resign'));
});

/** The seats other than the viewer's. */
function otherSeats() {
  return (state.table?.seats ?? []).map((s) => s.seat).filter((x) => x !== state.seat);
}

const takeback = new Takeback(els.offer, {
  answer: (accept) => send({ type: 'answer', v: state.v, accept }),
});
// abort, a draw offer, 15 s to another player, and the count of spectators (courtesy.js)
const courtesy = new Courtesy(
  { tools: /** @type {HTMLElement} */ (els.resign.parentElement), watching: byId('watching') },
  {
    send: (frame) => {
      panel.clearError();
      return send(frame);
    },
    v: () => state.v,
    name: (seat) => name(seat),
    error: (text) => panel.showError(text),
  },
);
const chat = new Chat(
  {
    section: byId('chat'),
    title: byId('chat-title'),
    toggle: /** @type {HTMLButtonElement} */ (byId('chat-toggle')),
    unread: byId('chat-unread'),
    body: byId('chat-body'),
    note: byId('chat-note'),
    lines: /** @type {HTMLOListElement} */ (byId('chat-lines')),
    form: /** @type {HTMLFormElement} */ (byId('chat-form')),
    input: /** @type {HTMLInputElement} */ (byId('chat-input')),
    error: byId('chat-error'),
  },
  { send: (text) => send({ type: 'chat', text }), report: (line) => seatActions.open(line.from, line) },
);

/**
 * Sends a frame the server may refuse, remembering its kind so that a refusal is said where
 * the frame was made.
 * @param {import('./types.js').ClientFrame & {type: 'act' | 'takeback' | 'answer' | 'rematch' | 'chat' | 'claim' | 'return' | 'resign' | 'abort' | 'draw' | 'moretime'}} frame
 */
function send(frame) {
  if (!conn?.send(frame)) return false;
  state.lastSent = frame.type;
  return true;
}

// "Take back my last move": at once when nobody else is affected, else a request the others
// answer (takeback.js)
els.undo.addEventListener('click', () => {
  panel.clearError();
  if (!send({ type: 'takeback', v: state.v })) panel.showError(t('table.unsent-takeback'));
});

/**
 * Sends an action.
 * @param {string} action
 */
function play(action) {
  panel.clearError();
  if (!send({ type: 'act', v: state.v, action })) {
    panel.showError(t('table.unsent-move'));
    return;
  }
  state.sending = true;
  panel.clearInput();
  redraw();
}

/** Draws the current view with the picker's highlights. */
function redraw() {
  const vj = state.vj;
  if (!vj) return;
  if (look.view) {
    // looking back: the past position, view only (the frames meanwhile wait for the return)
    screen.draw(look.view, name, { status: look.status(), still: true });
    state.looked = true;
    els.move.hidden = true;
    return;
  }
  const mod = gameModule(vj.game);
  // a stopped table plays no more: nothing to pick
  const p = state.table?.stopped ? null : chooser.picker;
  const o = p ? p.options() : null;
  screen.draw(vj, name, {
    chosen: p && !state.sending ? p.chosen : [],
    targets: o && !state.sending && !state.lost ? o : undefined,
    // at the other player's turn: the words clicked into the premove
    selected: premove.composing ? premove.selected() : p && !state.sending ? p.chosenByKind() : undefined,
    previous: state.previous,
    still: state.looked,
    status: statusText(),
    last: lastMoveWords(log.entries, state.seat),
    acting: acting(),
  });
  state.looked = false;
  document.body.dataset.v = String(state.v); // the version on screen (the tests wait for it)
  const idle = state.sending ? t('table.sent') : idleText();
  panel.show(p && !state.sending ? p : null, (w) => (mod ? mod.wordLabel(w, p?.chosen ?? [], vj) : w), idle);
  // the move panel only for a seat in a game not over
  els.move.hidden = state.seat === 'public' || state.table?.status === 'over' || Boolean(state.table?.stopped);
  markGameOver();
  // a takeback takes back this seat's own last decision: offered once the seat has made one,
  // and not while a request is waiting for its answers
  els.undo.hidden =
    state.seat === 'public' ||
    state.table?.takebacks === false ||
    state.table?.status !== 'playing' ||
    Boolean(state.table?.stopped) ||
    Boolean(state.table?.offer) ||
    !log.entries.some((e) => e.who === state.seat);
  // resign: a seat still in a game being played (not one the computer plays already)
  const mine = (state.table?.seats ?? []).find((s) => s.seat === state.seat);
  els.resign.hidden =
    !mine || mine.zombie === true || state.table?.status !== 'playing' || Boolean(state.table?.stopped);
  holdMoves();
  // a variant's name beside the game's: its components are not the printed ones
  const variant = state.table?.variant;
  const game = state.table?.title ?? vj.game;
  const title = variant && !variant.builtin ? t('table.with-variant', { game, variant: variant.name }) : game;
  // (an invite link's page keeps the invitation's title until the seat is taken)
  if (!invitationTitle) document.title = myTurn() ? t('table.title-turn', { title }) : t('table.title', { title });
  turn.set(myTurn() && !state.table?.stopped, `${title}${t('table.id', { id: tableId })}`);
  replace(
    els.title,
    h('span', { class: 'game-title' }, title),
    h('span', { class: 'table-id' }, t('table.id', { id: tableId })),
  );
  els.rules.href = `rules.html?game=${encodeURIComponent(vj.game)}`;
  els.rules.hidden = false;
}

/**
 * While the connection is lost, the move panel's buttons and box, Undo and Resign are disabled,
 * and marked so that only those are enabled again when it is back (releaseMoves()).
 */
function holdMoves() {
  if (!state.lost) return;
  for (const el of els.move.querySelectorAll('button, input')) {
    const c = /** @type {HTMLButtonElement | HTMLInputElement} */ (el);
    if (c.disabled) continue;
    c.disabled = true;
    c.dataset.lost = '1';
  }
}

/** The connection is back: what holdMoves() disabled is enabled (redraw() then sets the panel). */
function releaseMoves() {
  for (const el of els.move.querySelectorAll('[data-lost]')) {
    const c = /** @type {HTMLButtonElement | HTMLInputElement} */ (el);
    c.disabled = false;
    delete c.dataset.lost;
  }
}

/** The seats that may act now: every seat of a secret step everyone chooses at once. */
function acting() {
  return state.table?.to_move ?? (state.vj ? [state.vj.to_move] : []);
}

/** What the seat may choose now: its version, legal actions and turn (the chooser's start). */
function choiceKey() {
  return JSON.stringify([state.v, state.vj?.legal ?? null, myTurn(), Boolean(state.table?.stopped)]);
}

function myTurn() {
  return Boolean(state.vj?.legal?.length) && acting().includes(state.seat);
}

/** The sentence at the top: whose turn it is, or the result. */
function statusText() {
  const mod = gameModule(state.vj?.game);
  if (!mod || !state.vj) return '';
  if (state.table?.status === 'over' || state.vj.to_move === 'over') {
    // a rated game the server did not rate says why (its rule against rating farming)
    const unrated = state.table?.unrated;
    return unrated ? t('table.unrated', { result: resultSentence(), why: serverText(unrated) }) : resultSentence();
  }
  // the server stopped the table (an AI seat's search failed, or nobody came): it plays no more
  if (state.table?.stopped) return t('table.stopped', { why: serverText(state.table.stopped) });
  if (state.table?.status === 'waiting') {
    const open = (state.table.seats ?? []).filter((s) => s.kind === 'human' && !s.claimed).map((s) => s.seat);
    // the invite link is for the seated to send: a watcher (one a block kept out among them)
    // is only told what the table waits for
    const seated = /^p\d+$/.test(state.seat);
    return t(seated ? 'table.waiting-seats' : 'table.waiting-seats-watching', { n: open.length, seats: andList(open) });
  }
  return mod.turnText(state.vj, { name, acting: acting() });
}

function idleText() {
  if (!state.vj) return '';
  if (state.seat === 'public') return t('table.watching');
  if (state.table?.status === 'over') return t('table.over');
  if (state.table?.stopped) return t('table.stopped-idle');
  if (state.table?.status === 'waiting') return t('table.starts-when');
  const to = state.vj.to_move;
  if (to === 'chance') return t('table.chance-drawn');
  if (to === 'over') return t('table.over');
  const others = acting().filter((s) => s !== state.seat);
  const waiting = t('table.waiting-for', { names: andList((others.length ? others : [to]).map(name)) });
  const mine = state.vj.committed;
  return mine?.length ? t('table.chose', { chosen: mine.join(', '), waiting }) : waiting;
}

function resultSentence() {
  // the server ended a table nobody was at for its idle limit: over, with no result
  if (state.table?.ended === 'abandoned') return t('table.abandoned');
  if (state.table?.ended === 'aborted') return t('table.aborted');
  // the site's operator ended it (quiver admin end), with a reason the players read
  if (state.table?.ended === 'closed') return t('table.closed', { why: state.table.ended_why || t('table.no-reason') });
  const res = state.table?.result;
  if (!Array.isArray(res) || !res.length) return t('table.over');
  const winners = res.filter((r) => r.rank === 1).map((r) => r.seat);
  // who left the game, and how: "p2 ran out of time", "p2 resigned"
  const left = res
    .filter((r) => r.reason)
    .map((r) =>
      r.seat === state.seat
        ? t(r.reason === 'timeout' ? 'table.you-timeout' : 'table.you-resigned')
        : t(r.reason === 'timeout' ? 'table.timeout' : 'table.resigned', { name: name(r.seat) }),
    );
  const why = left.length ? t('table.why', { list: left.join(', ') }) : '';
  const names = andList(winners.map(name));
  if (winners.length > 1)
    return t(state.table?.ended === 'drawn' ? 'table.drawn-agreed' : 'table.drawn', { why, names });
  if (winners[0] === state.seat) return t('table.you-won', { why });
  return t('table.won', { why, name: name(winners[0]) });
}

/**
 * Whether this browser holds every person's seat of the table (a game against the computer, or
 * hot-seat): then "Play again" makes the new table at once; with other people, a rematch.
 */
function allPeopleHere() {
  const held = seatsAt(tableId).map((x) => x.seat);
  return Boolean(state.table) && peopleSeats(/** @type {TableInfo} */ (state.table)).every((s) => held.includes(s));
}

/** What the rated game did to each rating, once it is over (asked for once). */
let ratingChanges = /** @type {import('./types.js').RatingChange[] | null} */ (null);
let ratingsAsked = false;

/** Asks for the rating changes of a rated table just over, and draws the result again with them. */
function askRatings() {
  if (ratingsAsked || !state.table?.rated || state.table.status !== 'over') return;
  ratingsAsked = true;
  API.tableRatings(tableId).then(
    (r) => {
      ratingChanges = r.ratings;
      drawResult();
    },
    () => {
      ratingsAsked = false; // asked again at the next update
    },
  );
}

/**
 * The rating changes as a list: "Ann: 1500 → 1662 (+162)".
 * @param {import('./types.js').RatingChange[]} changes
 */
function ratingList(changes) {
  return h(
    'ul',
    { class: 'rating-changes', 'aria-label': t('table.rating-changes') },
    changes.map((r) =>
      h(
        'li',
        {},
        h('a', { href: `player.html?name=${encodeURIComponent(r.username)}` }, r.username),
        `: ${r.before} → ${r.after} `,
        h(
          'span',
          { class: r.change >= 0 ? 'rating-up' : 'rating-down' },
          `(${r.change >= 0 ? '+' : '−'}${Math.abs(r.change)})`,
        ),
      ),
    ),
  );
}

/**
 * A game over (or a stopped table) keeps its hand in the page's flow: a phone's strip would lie
 * over the result. Marked as the result shows, not only at the redraw after the last walk (the
 * strip then lay over the result while the walk played).
 */
function markGameOver() {
  document.body.classList.toggle('game-over', state.table?.status === 'over' || Boolean(state.table?.stopped));
}

/** The result panel: ranks and scores, the record, replay, play again or the rematch. */
function drawResult() {
  markGameOver();
  // the move panel leaves as the result shows, not only at the redraw after the last walk
  // (Arrow Party's last move walked under the result with the panel of the turn before on
  // screen, live)
  if (state.table?.status === 'over' || state.table?.stopped) els.move.hidden = true;
  const res = state.table?.result;
  const over = state.table?.status === 'over' && Array.isArray(res);
  els.result.hidden = !over;
  if (!over) return;
  askRatings();
  replace(
    els.resultBody,
    ranksTable(res, name, state.seat),
    ratingChanges?.length ? ratingList(ratingChanges) : null,
    h(
      'div',
      { class: 'result-actions' },
      h(
        'a',
        {
          class: 'button minor',
          href: API.recordPath(tableId),
          download: `quiver-${state.vj?.game ?? 'game'}-${tableId}.json`,
          // a game on this device: its record is the page's engine's (a file of the same bytes)
          onclick: state.table?.local
            ? (/** @type {Event} */ ev) => {
                ev.preventDefault();
                downloadLocal(API.recordPath(tableId), `quiver-${state.vj?.game ?? 'game'}-${tableId}.json`);
              }
            : null,
        },
        t('table.download'),
      ),
      h('a', { class: 'button minor', href: `replay.html?id=${encodeURIComponent(tableId)}` }, t('table.replay')),
      state.seat !== 'public' && allPeopleHere()
        ? h('button', { type: 'button', onclick: playAgain }, t('table.play-again'))
        : null,
    ),
    state.seat === 'public' || !allPeopleHere() || state.table?.rematch?.table
      ? rematchBlock(/** @type {TableInfo} */ (state.table), state.seat, name, {
          ask: askRematch,
          asked: state.rematchAsked,
        })
      : null,
    h('p', { class: 'act-error', role: 'alert', id: 'result-error' }),
  );
}

/** Asks for a rematch; the server moves everyone once every person has asked. */
function askRematch() {
  resultError('');
  if (!send({ type: 'rematch' })) {
    resultError(t('table.unsent-rematch'));
    return;
  }
  state.rematchAsked = true;
  drawResult();
}

/**
 * The server made the rematch's table: this person's seat there and its token (none for a
 * device of the account), kept like any seat's; the page moves to the new table.
 * @param {import('./types.js').RematchFrame} frame
 */
function onRematch(frame) {
  if (typeof frame.table !== 'string' || typeof frame.seat !== 'string') return;
  // a device of the account hears no token (its own is asked for at the new table, by ?as=)
  if (typeof frame.token === 'string') keepSeat(frame.table, frame.seat, frame.token);
  conn?.close();
  location.href = `table.html?id=${encodeURIComponent(frame.table)}&as=${encodeURIComponent(frame.seat)}`;
}

/** A new table with the same game, parameters and seats; this browser takes its seats again. */
async function playAgain() {
  const t = state.table;
  if (!t) return;
  try {
    const seats = (t.seats ?? []).map((s) => s.kind);
    const next = await API.createTable({ game: t.game, params: t.params ?? {}, seats, private: Boolean(t.private) });
    const mine = seatsAt(tableId).map((x) => x.seat);
    for (const seat of mine) {
      const j = await API.join(next.id, seat);
      keepSeat(next.id, j.seat, j.token);
    }
    location.href = `table.html?id=${encodeURIComponent(next.id)}`;
  } catch (e) {
    resultError(e);
  }
}

/** @param {unknown} e */
function resultError(e) {
  const el = document.getElementById('result-error');
  if (el) el.textContent = e instanceof Error ? e.message : String(e);
}

/**
 * What the server refused, said where it was asked for.
 * @param {string} message
 */
function refused(message) {
  switch (state.lastSent) {
    case 'chat':
      chat.refused(message);
      return;
    case 'answer':
      takeback.refused(serverText(message));
      return;
    case 'rematch':
      state.rematchAsked = false;
      drawResult();
      resultError(serverText(message));
      return;
    default: {
      const r = refusal(message);
      panel.showError(r.text);
      if (r.stale && r.at !== null) resyncUnless(r.at);
      redraw();
    }
  }
}

/**
 * Invite links for the seats nobody has taken, shown to the players at the table: an open seat's
 * link, and an invite seat's with its code when this browser created the table (the codes are
 * the creator's only).
 */
function drawInvites() {
  const codes = invitesAt(tableId);
  const free = (state.table?.seats ?? []).filter((s) => s.kind === 'human' && !s.claimed);
  const links = free
    .map((s) => ({ seat: s.seat, code: s.open === false ? codes[s.seat] : undefined, open: s.open !== false }))
    .filter((x) => x.open || x.code);
  const show = state.seat !== 'public' && links.length > 0 && state.table?.status !== 'over' && !state.table?.stopped;
  els.invites.hidden = !show;
  if (!show) return;
  replace(
    els.invitesBody,
    h('p', {}, t('table.send-links')),
    links.map((x) =>
      h(
        'div',
        { class: 'invite', 'data-seat': x.seat },
        h('span', { class: 'invite-seat' }, t(x.open ? 'table.seat-open' : 'lobby.seat', { seat: x.seat })),
        copyField(inviteLink(tableId, x.seat, x.code), t('lobby.invite-link', { seat: x.seat })),
      ),
    ),
  );
}

/** With several seats held in this browser (hot-seat), a switch between them. */
function drawSeats() {
  const held = seatsAt(tableId);
  els.seats.hidden = held.length < 2;
  if (held.length < 2) return;
  replace(
    els.seatsBody,
    h(
      'div',
      { class: 'word-buttons' },
      held.map((x) =>
        h(
          'button',
          {
            type: 'button',
            class: x.seat === state.held?.seat ? 'word-button selected' : 'word-button',
            'aria-pressed': x.seat === state.held?.seat ? 'true' : 'false',
            // (through the hand-over screen: the seat shown is hidden before another's)
            onclick: () => (x.seat === state.seat ? undefined : handover.pass(x.seat)),
          },
          t('table.play-as', { seat: x.seat }),
        ),
      ),
    ),
  );
}

/** The last chance event (a die roll, a coin toss) in the server's words, under the status,
 * with how many moves ago it was, until it is stale (see lastChance). */
function drawChance() {
  const seats = (state.table?.seats ?? []).map((s) => s.seat);
  const c = lastChance(log.entries, state.seat, seats);
  els.chance.hidden = !c;
  if (c)
    els.chance.textContent = c.since
      ? t('table.chance-ago', { text: c.text, n: c.since })
      : t('table.chance', { text: c.text });
}

/**
 * A frame from the server.
 * @param {ServerFrame} frame
 */
function onFrame(frame) {
  switch (frame.type) {
    case 'snapshot':
    case 'update': {
      if (typeof frame.v === 'number' && frame.v < state.v && frame.type === 'update') return;
      const previous = state.vj;
      const choosing = choiceKey();
      state.table = frame.table ?? state.table;
      if (frame.type === 'snapshot') state.seat = frame.seat ?? 'public';
      // hot-seat: the seat shown is done, the next one of this page takes the device
      if (handover.after(state.table, state.seat)) break;
      state.v = frame.v;
      // a game on this device has no chat (local tables: local.js)
      byId('chat').hidden = Boolean(state.table?.local);
      if (frame.type === 'snapshot') state.catalogue = frame.table?.catalogue ?? null;
      withCatalogue(state.catalogue, [frame.view]);
      name = seatNamer(state.table, state.seat);
      if (state.table?.rematch?.asked?.includes(state.seat)) state.rematchAsked = false;
      state.vj = frame.view;
      // an update that changes nothing this seat may do (a spectator came or went, a person
      // connected) keeps a move half chosen and a move on its way
      const same = frame.type === 'update' && choiceKey() === choosing;
      if (!same) {
        chooser.reset(state.vj?.legal && myTurn() ? state.vj.legal : [], state.vj ?? {});
        state.sending = false;
      }
      // a snapshot (after an undo, a reconnection) replaces the log: the lines looked back at
      // may be gone
      if (frame.type === 'snapshot') look.leave();
      if (frame.type === 'snapshot') log.reset(frame.log ?? []);
      else log.add(frame.log ?? []);
      if (frame.type === 'snapshot') {
        chat.viewer(state.seat, name);
        chat.reset(frame.chat ?? []);
      }
      hideChat();
      takeback.update(state.table, state.seat, name, state.v, log.entries.length);
      courtesy.update(state.table, state.seat, log.entries);
      drawChance();
      drawResult();
      drawInvites();
      drawSeats();
      people.update(state.table, state.seat);
      animate(previous, state.vj);
      // the move queued while the other player thought: played now if legal, else cancelled
      if (!state.sending)
        premove.update({
          open:
            state.seat !== 'public' &&
            state.table?.status === 'playing' &&
            !state.table?.stopped &&
            (state.table?.seats ?? []).length === 2,
          turn: myTurn(),
          picker: myTurn() ? chooser.picker : null,
          label: (w) => gameModule(state.vj?.game)?.wordLabel(w, [], /** @type {View} */ (state.vj)) ?? w,
          drawn: (w) => Boolean(drawnToken(w)),
        });
      // a forced decision held for this seat goes at once when the player asked for that
      if (!state.sending && chooser.forcedAction() && moveSettings.playForced && !state.table?.stopped)
        play(/** @type {string} */ (chooser.forcedAction()));
      break;
    }
    case 'history':
      withCatalogue(state.catalogue, [frame.view]);
      look.show(frame);
      break;
    case 'chat':
      chat.add(frame);
      break;
    case 'rematch':
      onRematch(frame);
      break;
    case 'spectators':
      if (state.table && typeof frame.count === 'number') {
        state.table.spectators = frame.count;
        courtesy.update(state.table, state.seat, log.entries);
      }
      break;
    case 'error': {
      if (look.pending) {
        look.refused(String(frame.message ?? 'refused'));
        break;
      }
      state.sending = false;
      refused(String(frame.message ?? 'refused'));
      if (storeRefusal(String(frame.message ?? ''))) noteStore('down');
      break;
    }
    default:
      break;
  }
}

/**
 * The element drawn for a word, on the board or in the players' panels (a square, a piece of
 * the holder, a card), if any.
 * @param {string} word
 */
function drawnToken(word) {
  const sel = `[data-token="${CSS.escape(word)}"]`;
  return els.board.querySelector(sel) ?? els.players.querySelector(sel);
}

/**
 * After a stale refusal: the update that moved the table on is normally on its way; if no frame
 * brings version `at` soon, the page connects again for a whole snapshot.
 * @param {number} at
 */
function resyncUnless(at) {
  setTimeout(() => {
    if (state.v < at) conn?.resync();
  }, 1500);
}

/**
 * Shows the steps between two views when the game's module can draw them (Arrow Party's
 * walks), then the new view.
 * @param {View | null} previous
 * @param {View | null} next
 */
function animate(previous, next) {
  const mod = next ? gameModule(next.game) : null;
  const run = ++state.animation;
  state.previous = previous && previous.game === next?.game ? previous : null;
  const frames = next && mod?.walkFrames && state.previous && !look.active ? mod.walkFrames(state.previous, next) : [];
  if (!frames.length || matchMedia('(prefers-reduced-motion: reduce)').matches) {
    redraw();
    return;
  }
  let k = 0;
  const step = () => {
    if (run !== state.animation) return;
    if (k >= frames.length) {
      redraw();
      return;
    }
    // the last walk of a game over is drawn under the result, not under "Walking…"
    const status = state.table?.status === 'over' ? statusText() : t('table.walking');
    screen.draw(frames[k++], name, { previous: state.previous, status });
    setTimeout(step, 220);
  };
  step();
}

/**
 * The connection's state, on screen.
 * @param {import('./connection.js').ConnState} st
 * @param {{attempt: number, retryInMs: number, message: string}} d
 */
function onState(st, d) {
  els.conn.className = `conn ${st}`;
  const lost = st === 'lost' || (st === 'connecting' && d.attempt > 0);
  if (lost !== state.lost) {
    state.lost = lost;
    if (!lost) releaseMoves();
    people.outage(lost);
    redraw();
  }
  switch (st) {
    case 'open':
      replace(els.conn, state.seat === 'public' ? t('table.conn-watching') : t('table.conn-as', { seat: state.seat }));
      // what the page said while the connection was lost is over now
      if (UNSENT.some((k) => panel.error.textContent === t(k))) panel.clearError();
      break;
    case 'connecting':
      replace(els.conn, d.attempt ? t('table.reconnecting', { n: d.attempt }) : t('table.connecting'));
      break;
    case 'lost':
      replace(
        els.conn,
        t('table.lost', { s: Math.round(d.retryInMs / 100) / 10, n: d.attempt }),
        ' ',
        h('button', { type: 'button', class: 'minor', onclick: () => conn?.retryNow() }, t('table.retry')),
      );
      state.sending = false;
      redraw();
      break;
    case 'refused':
      if (state.held) {
        const seat = state.held.seat;
        forgetSeat(tableId, seat);
        // a device's token of the account's seat ends with its session: signed in again, this
        // device asks for a new one once; else it watches
        if (!state.reclaimed) {
          state.reclaimed = true;
          claimSeat(seat).then((ok) => connect(ok ? (seatsAt(tableId).find((x) => x.seat === seat) ?? null) : null));
          break;
        }
        replace(els.conn, t('table.seat-refused', { seat, why: serverText(d.message) }));
        connect(null);
      } else {
        replace(els.conn, t('table.refused', { why: serverText(d.message) }));
      }
      break;
    default:
      replace(els.conn, t('table.closed-conn'));
  }
}

/**
 * Connects (again) with a held seat, or as a spectator.
 * @param {import('./tokens.js').SeatToken | null} held
 */
function connect(held) {
  if (conn) conn.close();
  state.held = held;
  state.v = -1;
  const url = new URL(`api/tables/${encodeURIComponent(tableId)}/ws`, location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  // the log's messages, which narration.js words, when the page is not in English
  conn = new Connection(
    url.toString(),
    () => ({ type: 'hello', token: state.held?.token ?? null, messages: LANG !== 'en' }),
    {
      onFrame,
      onState,
    },
  );
  conn.start();
}

/** The title of an invite link's page while it asks (empty once the seat is taken). */
let invitationTitle = '';

/**
 * An invite link's page: the game, who invites, the seat and the clock, then the player's name
 * (asked once: it is kept, and shown with a way to change it once kept), and the seat is taken
 * only when the player says so, as lichess's challenge page asks (opening a link to look takes
 * nothing). An empty name takes the seat under the seat's own name. The table is watched
 * meanwhile, so that its board is there beside the question.
 * @param {string} seat
 * @returns {Promise<void>}
 */
function askToJoin(seat) {
  return new Promise((resolve) => {
    // the game, who invites and the seat, before the name (the table's public info)
    const says = API.tableInfo(tableId).then(
      (t) => invitation(t, seat),
      () => ({ title: t('table.invited', { seat }), clock: '' }),
    );
    // a signed-in account plays under its username: no name to ask (the app has no accounts)
    const account = API.me(0).then(
      (me) => me.account?.username ?? '',
      () => '',
    );
    const done = () => {
      invitationTitle = '';
      replace(els.joinPlace);
      resolve();
    };
    Promise.all([says, account]).then(([o, username]) => {
      const named = Boolean(username || myName());
      const button = h(
        'button',
        { type: 'button', class: named ? 'take-seat' : 'minor take-seat', onclick: done },
        username
          ? t('table.take-seat-as', { seat, name: username })
          : named
            ? t('table.take-seat', { seat })
            : t('table.take-seat-unnamed', { seat }),
      );
      invitationTitle = `${o.title} · quiver`;
      document.title = invitationTitle;
      // a name given here takes the seat at once; a name kept before may be changed first
      const box = username ? null : nameBox('table-name', named ? undefined : done);
      replace(
        els.joinPlace,
        h(
          'section',
          { class: 'panel ask-name', 'aria-labelledby': 'ask-name-title' },
          h('h2', { id: 'ask-name-title' }, o.title),
          o.clock ? h('p', { class: 'invite-clock' }, o.clock) : null,
          box,
          button,
        ),
      );
      /** @type {HTMLElement | null} */ (els.joinPlace.querySelector('input, .take-seat'))?.focus();
    });
  });
}

/**
 * Takes the seat of the link; a refusal is said in words and the page watches.
 * @param {string} seat
 * @param {string | null} invite the invite code of the link
 */
async function joinSeat(seat, invite) {
  try {
    const j = await API.join(tableId, seat, invite ? { invite } : {});
    keepSeat(tableId, j.seat, j.token);
  } catch (e) {
    const status = e instanceof API.ApiError ? e.status : 0;
    // a block between a person seated and this one (docs/server/players.md "Blocks"): the server's words
    // (told apart by its English sentence: the message is in the page's language)
    const apart =
      status === 403 && e instanceof API.ApiError ? /^you cannot take a seat here: (.*)$/s.exec(e.said) : null;
    const msg = apart
      ? t('table.join-blocked', { seat, why: serverText(apart[1]) })
      : status === 409
        ? invite
          ? t('table.join-used', { seat })
          : t('table.join-taken', { seat })
        : status === 403
          ? t('table.join-code', { seat })
          : status === 404
            ? t('table.join-none')
            : t('table.join-failed', { seat, why: e instanceof Error ? serverText(e.message) : String(e) });
    replace(els.joinPlace, h('p', { class: 'join-refused', role: 'alert' }, msg));
  }
}

/**
 * Asks the server for a token of this device for the account's seat (signed in: a seat taken on
 * another device of the account plays here too) and keeps it; false when refused (not signed
 * in, or not the account's seat: the page then watches).
 * @param {string} seat
 * @returns {Promise<boolean>}
 */
async function claimSeat(seat) {
  try {
    const j = await API.claimSeat(tableId, seat);
    keepSeat(tableId, j.seat, j.token);
    return true;
  } catch {
    return false;
  }
}

/**
 * The account's seat at this table when the browser is signed in and holds none here (a table
 * opened from a link or a notification on a second device), else null. A finished game is not
 * among the tables being played: its seat is the one taken under the account's username (the
 * server still decides whose it is).
 * @returns {Promise<string | null>}
 */
async function accountSeat() {
  try {
    const me = await API.me(0);
    if (!me.account) return null;
    const playing = me.tables.find((x) => x.id === tableId)?.seat;
    if (playing) return playing;
    const username = me.account.username;
    return (await API.tableInfo(tableId)).seats?.find((s) => s.username === username)?.seat ?? null;
  } catch {
    return null;
  }
}

async function main() {
  if (!tableId) {
    const link = h('a', { href: './', 'data-place': 'lobby' }, t('table.go-lobby'));
    replace(els.status, h('span', { 'data-i18n': 'table.no-table' }, link));
    translate(els.status);
    return;
  }
  othersWaiting(/** @type {HTMLAnchorElement} */ (byId('others')), tableId);
  const seat = query.get('seat');
  if (seat && !seatsAt(tableId).some((x) => x.seat === seat)) {
    // the invitation, and the player's name, before the seat is taken; the table is not opened
    // meanwhile, so that the invited is never counted among its spectators
    els.status.textContent = '';
    await askToJoin(seat);
    await joinSeat(seat, query.get('invite'));
    // the seat is now in this browser: a refresh must not try to join again
    history.replaceState(null, '', `table.html?id=${encodeURIComponent(tableId)}`);
  }
  const want = query.get('as') ?? (seatsAt(tableId).length ? null : await accountSeat());
  if (want && !seatsAt(tableId).some((x) => x.seat === want)) await claimSeat(want);
  const held = seatsAt(tableId);
  connect(held.find((x) => x.seat === want) ?? held[0] ?? null);
  await seatActions.load();
}

main();
