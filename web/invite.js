// Invite links: the address that seats a friend at a table (table.html?id=…&seat=p2), shown
// with a button that copies it. Opening the link claims that seat in the friend's browser.

import { h } from './dom.js';

/**
 * @param {string} tableId
 * @param {string} seat
 */
export function inviteLink(tableId, seat) {
  const url = new URL('table.html', location.href);
  url.search = new URLSearchParams({ id: tableId, seat }).toString();
  return url.toString();
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
          done.textContent = 'Copied.';
        } catch {
          done.textContent = 'Selected: press Ctrl+C (or ⌘C) to copy.';
        }
      },
    },
    'Copy',
  );
  return h('div', { class: 'copy-field' }, input, button, done);
}
