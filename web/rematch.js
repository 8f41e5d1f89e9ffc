// A rematch between people (the server's `rematch` in an over table's info). Each seat asks with
// {"type": "rematch"}; once every person's seat has asked, the server creates the new table
// (every seat moved one place on) and sends each person, privately, {"type": "rematch", "table",
// "seat", "token"}: the page keeps that token like any seat's (tokens.js) and moves to the new
// table, so that everyone arrives at the same one. A spectator, or a page that missed the frame,
// follows info's `rematch.table` with a link. A table whose people all sit in this browser (a game
// against the computer, hot-seat) has no one to wait for: its "Play again" makes the new table at
// once, in the same seats.

import { h } from './dom.js';
import { andList } from './grammar.js';
import { t } from './i18n.js';

/** @typedef {import('./types.js').TableInfo} TableInfo */

/**
 * The people's seats of a table: the seats played by a person (not by the computer).
 * @param {TableInfo} table
 */
export function peopleSeats(table) {
  return (table.seats ?? []).filter((s) => s.kind === 'human').map((s) => s.seat);
}

/**
 * What the result panel says and offers about a rematch, for the viewer.
 * @param {TableInfo} table an over table
 * @param {string} seat the viewer's seat (or `public`)
 * @param {(seat: string) => string} name
 * @param {{ask: () => void, asked: boolean}} o ask: sends the request; asked: the page sent it
 *   and the server has not yet said so
 * @returns {HTMLElement | null}
 */
export function rematchBlock(table, seat, name, o) {
  const r = table.rematch ?? { asked: [], table: null };
  if (r.table) {
    const href = `table.html?id=${encodeURIComponent(r.table)}`;
    return h(
      'div',
      { class: 'rematch', role: 'status' },
      h('p', {}, t(seat === 'public' ? 'rematch.started-watching' : 'rematch.started'), ' '),
      h('a', { class: 'button rematch-link', href }, t(seat === 'public' ? 'rematch.watch' : 'rematch.go')),
    );
  }
  const people = peopleSeats(table);
  const asked = r.asked.filter((s) => people.includes(s));
  const waiting = people.filter((s) => !asked.includes(s) && s !== seat);
  const mine = asked.includes(seat) || o.asked;
  if (seat === 'public') {
    if (!asked.length) return null;
    return h(
      'div',
      { class: 'rematch', role: 'status' },
      h('p', {}, t('rematch.asked', { names: andList(asked.map(name)), n: asked.length })),
    );
  }
  /** @type {(HTMLElement | null)[]} */
  const lines = [];
  const others = asked.filter((s) => s !== seat);
  if (others.length)
    lines.push(
      h('p', { class: 'rematch-asked' }, t('rematch.wants', { names: andList(others.map(name)), n: others.length })),
    );
  if (mine) {
    const text = waiting.length
      ? t('rematch.you-asked-waiting', { names: andList(waiting.map(name)) })
      : t('rematch.you-asked-making');
    lines.push(h('p', { class: 'rematch-waiting' }, text));
  } else {
    lines.push(h('p', { class: 'rematch-how' }, t('rematch.how')));
  }
  return h(
    'div',
    { class: 'rematch', role: 'status' },
    lines,
    mine ? null : h('button', { type: 'button', class: 'rematch-button', onclick: o.ask }, t('rematch.button')),
  );
}
