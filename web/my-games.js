// "Your games": the tables this browser's player key took seats at (GET /api/me, kept by the
// server under the cookie quiver_key, docs/server/players.md "Players"), for the lobby's short list and
// the page games.html. Each row: the game, the people, whose turn it is (a badge when it is
// mine), my clock, and what may be done from here: play or watch, resign or abort (with the
// seat's token this browser keeps, or, signed in, one the server gives this device for the
// account's seat), the replay of a finished game.

import { h, replace } from './dom.js';
import { andList } from './grammar.js';
import { clockText } from './clock.js';
import { seatsAt, keepSeat } from './tokens.js';
import * as API from './api.js';
import { confirmDialog } from './confirm.js';
import { levelName } from './levels.js';
import { openSocket } from './local.js';
import { t as tr } from './i18n.js';
import { serverText } from './server-text.js';

/** @typedef {import('./api.js').MyTable} MyTable */

/**
 * Who plays at a table, by name, the viewer's own seat as "you".
 * @param {MyTable} t
 */
export function peopleText(t) {
  return andList(
    t.people.map((p) =>
      p.seat === t.seat
        ? tr('games.you')
        : p.kind === 'human'
          ? p.name && p.name !== p.seat
            ? p.name
            : p.seat
          : tr('games.ai', { level: levelName(p.kind) }),
    ),
  );
}

/**
 * How a table stands for its viewer: "Your turn · 4:59 left", "Waiting for players", "You won".
 * @param {MyTable} t
 */
export function standing(t) {
  if (t.status === 'over') {
    const mine = (t.result ?? []).find((r) => r.seat === t.seat);
    if (!mine) return tr('games.no-result');
    const first = (t.result ?? []).filter((r) => r.rank === 1).length;
    if (mine.rank === 1) return tr(first > 1 ? 'games.draw' : 'games.you-won');
    return tr('games.you-came', { place: place(mine.rank), n: (t.result ?? []).length });
  }
  if (t.status === 'waiting') return tr('games.waiting-players');
  if (t.left_ms === null) return tr(t.my_turn ? 'games.your-turn' : 'games.their-turn');
  return tr(t.my_turn ? 'games.your-turn-left' : 'games.their-turn-left', { time: clockText(t.left_ms) });
}

/**
 * A place below the first in words: "second", … "fifth", then "#6".
 * @param {number} n
 */
function place(n) {
  return n >= 2 && n <= 5 ? tr(`games.place-${n}`) : tr('games.place-n', { n });
}

/**
 * Sends one frame to a table's socket as its seat (hello with the token, then the frame with
 * the version heard), and resolves once the server answered with an update, or rejects with
 * its error.
 * @param {string} id
 * @param {string} token
 * @param {string} type "resign" or "abort"
 * @returns {Promise<void>}
 */
function sendAs(id, token, type) {
  return new Promise((resolve, reject) => {
    const url = new URL(`api/tables/${encodeURIComponent(id)}/ws`, location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = openSocket(url.toString());
    let sent = false;
    const done = (/** @type {Error | null} */ e) => {
      ws.close();
      e ? reject(e) : resolve();
    };
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token }));
    ws.onerror = () => done(new Error(tr('games.conn-failed')));
    ws.onmessage = (ev) => {
      let m;
      try {
        m = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (m.type === 'error') return done(new Error(m.message ? serverText(m.message) : tr('games.refused')));
      if ((m.type === 'snapshot' || m.type === 'update') && !sent) {
        sent = true;
        ws.send(JSON.stringify({ type, v: m.v }));
      } else if (m.type === 'update' && sent) {
        done(null);
      }
    };
  });
}

/**
 * A token of this device for the account's seat, asked of the server and kept like any other.
 * @param {string} id
 * @param {string} seat
 * @returns {Promise<string>}
 */
async function deviceToken(id, seat) {
  const j = await API.claimSeat(id, seat);
  keepSeat(id, j.seat, j.token);
  return j.token;
}

/**
 * One table's row.
 * @param {MyTable} t
 * @param {{actions: boolean, changed: () => void, account: boolean}} o actions: resign and
 *   abort buttons (the page of all games); changed: called after one of them; account: the
 *   browser is signed in, so that every seat listed is the account's and plays here too
 */
function row(t, o) {
  const kept = seatsAt(t.id).find((x) => x.seat === t.seat);
  // signed in, a seat taken on another device plays here as well: the table asks for it
  const held = kept ?? (o.account ? { seat: t.seat, token: '' } : undefined);
  const over = t.status === 'over';
  const problem = h('span', { class: 'act-error', role: 'alert' });
  /** @type {(HTMLElement | null)[]} */
  const buttons = [];
  if (over) {
    buttons.push(
      h('a', { class: 'button minor', href: `replay.html?id=${encodeURIComponent(t.id)}` }, tr('games.replay')),
    );
  } else {
    buttons.push(
      h(
        'a',
        {
          class: t.my_turn ? 'button' : 'button minor',
          href: `table.html?id=${encodeURIComponent(t.id)}${held ? `&as=${encodeURIComponent(t.seat)}` : ''}`,
        },
        tr(held ? (t.my_turn ? 'games.play' : 'games.open') : 'games.watch'),
      ),
    );
    if (o.actions && held && t.status === 'playing') {
      const act = async (/** @type {string} */ type, /** @type {string} */ title, /** @type {string} */ text) => {
        const yes = await confirmDialog({ title, text, yes: title, no: tr('table.keep-playing') });
        if (!yes) return;
        try {
          await sendAs(t.id, held.token || (await deviceToken(t.id, t.seat)), type);
          o.changed();
        } catch (e) {
          problem.textContent = tr('games.failed', { what: title, why: e instanceof Error ? e.message : String(e) });
        }
      };
      if (t.abortable)
        buttons.push(
          h(
            'button',
            {
              type: 'button',
              class: 'minor abort',
              onclick: () => act('abort', tr('games.abort'), tr('games.abort-text')),
            },
            tr('games.abort'),
          ),
        );
      buttons.push(
        h(
          'button',
          {
            type: 'button',
            class: 'minor resign',
            onclick: () =>
              act('resign', tr('games.resign'), tr('games.resign-text', { game: t.title, people: peopleText(t) })),
          },
          tr('games.resign'),
        ),
      );
    }
  }
  return h(
    'li',
    { class: `my-game${t.my_turn ? ' my-turn' : ''}`, 'data-table': t.id },
    h(
      'div',
      { class: 'my-game-what' },
      h('strong', {}, t.title || t.game),
      t.my_turn ? h('span', { class: 'badge your-turn' }, tr('games.badge')) : null,
      h('span', { class: 'my-game-people' }, ' · ', tr('games.people', { people: peopleText(t), seat: t.seat })),
    ),
    h('div', { class: 'my-game-standing' }, standing(t)),
    h('div', { class: 'my-game-actions' }, ...buttons, problem),
    !held && !over ? h('p', { class: 'how' }, tr('games.elsewhere')) : null,
  );
}

/**
 * Draws a list of tables into el.
 * @param {HTMLElement} el
 * @param {MyTable[]} tables
 * @param {{actions: boolean, changed: () => void, empty: string, account: boolean}} o
 */
export function drawMyGames(el, tables, o) {
  if (!tables.length) {
    replace(el, h('p', { class: 'how' }, o.empty));
    return;
  }
  replace(
    el,
    h(
      'ul',
      { class: 'my-games' },
      tables.map((t) => row(t, o)),
    ),
  );
}

/**
 * How many tables wait for this player's decision.
 * @param {MyTable[]} tables
 */
export function waiting(tables) {
  return tables.filter((t) => t.my_turn).length;
}

/**
 * The signal of tables waiting for me, on a page that lists them (the lobby, games.html): the
 * favicon's badge while any waits, and, when a table starts waiting after the page's first
 * look, the sound and notification the player turned on at a table (your-turn.js); the same
 * when a table that waited for its players starts (the friends invited took their seats), and
 * once a turn when a days-per-move clock waiting for me has less than 12 hours left.
 */
/** Below this a days-per-move clock waiting for me is news: 12 hours, in ms. */
const LOW_DAYS_MS = 12 * 3600 * 1000;

export class WaitingSignal {
  /** @param {import('./your-turn.js').TurnSignal} signal */
  constructor(signal) {
    this.signal = signal;
    /** @type {Set<string> | null} the tables waiting at the last look (null: none yet) */
    this.seen = null;
    /** @type {Set<string>} the tables waiting for their players at the last look */
    this.open = new Set();
    /** @type {Set<string>} the tables whose days clock was said to run low, this turn */
    this.low = new Set();
  }

  /** @param {MyTable[]} tables */
  update(tables) {
    const started = tables.filter((t) => t.status === 'playing' && this.open.has(t.id));
    this.open = new Set(tables.filter((t) => t.status === 'waiting').map((t) => t.id));
    for (const t of started)
      this.signal.tell(tr('games.begins'), tr('games.with', { game: t.title, people: peopleText(t) }));
    const now = tables.filter((t) => t.my_turn);
    for (const t of now) {
      if (t.clock !== 'days' || t.left_ms === null || t.left_ms >= LOW_DAYS_MS || this.low.has(t.id)) continue;
      this.low.add(t.id);
      this.signal.tell(
        tr('games.low'),
        tr('games.low-text', { game: t.title, people: peopleText(t), time: clockText(t.left_ms) }),
      );
    }
    for (const id of [...this.low]) if (!now.some((t) => t.id === id)) this.low.delete(id);
    const fresh = this.seen ? now.filter((t) => !this.seen?.has(t.id)) : [];
    this.seen = new Set(now.map((t) => t.id));
    if (fresh.length) this.signal.set(false, '');
    this.signal.set(
      now.length > 0,
      fresh.length ? tr('games.with', { game: fresh[0].title, people: peopleText(fresh[0]) }) : '',
    );
  }
}
