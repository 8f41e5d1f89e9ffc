// Invite links: the address that seats a friend at a table (table.html?id=…&seat=p2&invite=CODE
// for an invite seat, without the code for an open seat), shown with a button that copies it.
// Opening the link claims that seat in the friend's browser; an invite code works once. The
// codes the server gave the table's creator are kept in this browser (localStorage
// `quiver.invites.<table id>`), so that the creator's table page can show the links again. The
// link's page names the game, who invites and the seat before it asks a name (`invitation`).

import { h } from './dom.js';
import { loadObject, saveObject } from './storage.js';
import { andList } from './grammar.js';
import { clockName } from './clock.js';
import { t } from './i18n.js';

/** @typedef {import('./types.js').TableInfo} TableInfo */

const PREFIX = 'quiver.invites.';

/**
 * @param {string} tableId
 * @param {string} seat
 * @param {string} [code] the invite code of an invite seat
 */
export function inviteLink(tableId, seat, code) {
  const url = new URL('table.html', location.href);
  url.search = new URLSearchParams(code ? { id: tableId, seat, invite: code } : { id: tableId, seat }).toString();
  return url.toString();
}

/**
 * What an invite link's page says before it asks the friend's name: the game, who invites (the
 * people already seated, by name; the table's public info holds nothing more) and the seat, as
 * "Ann invites you to play ConCardia as p2", and the clock when there is one.
 * @param {TableInfo} table the table's info (GET /api/tables/ID)
 * @param {string} seat the link's seat
 * @returns {{title: string, clock: string}}
 */
export function invitation(table, seat) {
  const hosts = (table.seats ?? [])
    .filter((s) => s.kind === 'human' && s.claimed && s.seat !== seat)
    .map((s) => (s.name && s.name !== s.seat ? s.name : s.seat));
  const game = table.title || table.game;
  const title = hosts.length
    ? t('invite.by', { n: hosts.length, hosts: andList(hosts), game, seat })
    : t('invite.anonymous', { game, seat });
  const c = table.clock;
  const clock = c && c.kind !== 'none' ? t('invite.clock', { clock: clockName(c) }) : '';
  // a rated game says so before the seat is taken, as the server rates it: a game between two
  // new accounts is counted toward their first ten and moves no rating (docs/server/players.md)
  const rated = table.rated ? t('invite.rated') : '';
  return { title, clock: [rated, clock].filter(Boolean).join(' ') };
}

/**
 * Keeps the invite codes of a table this browser created.
 * @param {string} tableId
 * @param {{seat: string, code: string}[]} invites
 */
export function keepInvites(tableId, invites) {
  if (!invites.length) return;
  /** @type {Record<string, string>} */
  const codes = {};
  for (const x of invites) codes[x.seat] = x.code;
  saveObject(PREFIX + tableId, codes);
}

/**
 * The invite codes kept for a table, by seat.
 * @param {string} tableId
 * @returns {Record<string, string>}
 */
export function invitesAt(tableId) {
  /** @type {Record<string, string>} */
  const codes = {};
  for (const [seat, code] of Object.entries(loadObject(PREFIX + tableId))) {
    if (typeof code === 'string') codes[seat] = code;
  }
  return codes;
}

/**
 * The address of a table for watching it.
 * @param {string} tableId
 */
export function tableLink(tableId) {
  const url = new URL('table.html', location.href);
  url.search = new URLSearchParams({ id: tableId }).toString();
  return url.toString();
}

/**
 * A read-only field with the link and a Copy button (the clipboard when the browser allows
 * it, else the text is selected so that the player can copy it by hand).
 * @param {string} link
 * @param {string} label
 */
export function copyField(link, label) {
  const input = h('input', { type: 'text', readonly: true, value: link, class: 'link', 'aria-label': label });
  const done = h('span', { class: 'copied', role: 'status' });
  const button = h(
    'button',
    {
      type: 'button',
      class: 'minor copy',
      onclick: async () => {
        input.select();
        try {
          await navigator.clipboard.writeText(link);
          done.textContent = t('copy.done');
        } catch {
          done.textContent = t('copy.selected');
        }
      },
    },
    t('copy.button'),
  );
  return h('div', { class: 'copy-field' }, input, button, done);
}
