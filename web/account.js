// account.html: the optional account (docs/server/players.md "Accounts"). Signed out: sign in, create an
// account (its recovery codes shown once, to keep), or set a new password with a recovery code.
// Signed in: who, sign out, the accounts blocked (each with Unblock, and a username to block),
// change the password, download every finished game as one JSON file, delete the account.
// Every form says the server's refusal in words under it; nothing typed is lost on a refusal.

import { byId, h, replace } from './dom.js';
import * as API from './api.js';
import { confirmDialog } from './confirm.js';

const els = { body: byId('account-body') };

/**
 * A form of labelled fields and a submit button; `send` gets the values by name and may throw
 * (its message is shown under the form).
 * @param {string} id
 * @param {string} title
 * @param {{name: string, label: string, type?: string, auto?: string}[]} fields
 * @param {string} button
 * @param {(values: Record<string, string>) => Promise<void>} send
 * @param {string} [note] a line under the title
 * @param {boolean} [danger] the button of what cannot be undone
 */
function form(id, title, fields, button, send, note, danger = false) {
  const problem = h('p', { class: 'error', role: 'alert', id: `${id}-error` });
  const inputs = fields.map((f) =>
    h('input', {
      id: `${id}-${f.name}`,
      name: f.name,
      type: f.type ?? 'text',
      autocomplete: f.auto ?? 'off',
      required: true,
    }),
  );
  const submit = h('button', { type: 'submit', class: danger ? 'danger' : null }, button);
  const el = h(
    'form',
    { class: 'panel account-form', id, 'aria-labelledby': `${id}-title` },
    h('h2', { id: `${id}-title` }, title),
    note ? h('p', { class: 'how' }, note) : null,
    fields.map((f, i) => h('div', { class: 'field' }, h('label', { for: `${id}-${f.name}` }, f.label), inputs[i])),
    h('div', { class: 'form-actions' }, submit),
    problem,
  );
  el.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    problem.textContent = '';
    submit.disabled = true;
    /** @type {Record<string, string>} */
    const values = {};
    fields.forEach((f, i) => (values[f.name] = /** @type {HTMLInputElement} */ (inputs[i]).value));
    try {
      await send(values);
    } catch (e) {
      problem.textContent = e instanceof Error ? e.message : String(e);
    } finally {
      submit.disabled = false;
    }
  });
  return el;
}

/** Signed out: sign in, create an account, or recover one. */
function drawSignedOut() {
  replace(
    els.body,
    form(
      'sign-in',
      'Sign in',
      [
        { name: 'username', label: 'Username', auto: 'username' },
        { name: 'password', label: 'Password', type: 'password', auto: 'current-password' },
      ],
      'Sign in',
      async (v) => {
        await API.signIn(v.username, v.password);
        await load();
      },
    ),
    form(
      'sign-up',
      'Create an account',
      [
        { name: 'username', label: 'Username (the others see it)', auto: 'username' },
        { name: 'password', label: 'Password (8 to 256 characters)', type: 'password', auto: 'new-password' },
      ],
      'Create the account',
      async (v) => {
        const r = await API.signUp(v.username, v.password);
        drawCodes(r.username, r.recovery_codes);
      },
      'The games this browser played come with you.',
    ),
    form(
      'recover',
      'Forgot your password?',
      [
        { name: 'username', label: 'Username', auto: 'username' },
        { name: 'code', label: 'One of your recovery codes' },
        { name: 'password', label: 'New password', type: 'password', auto: 'new-password' },
      ],
      'Set the new password',
      async (v) => {
        await API.recover(v.username, v.code, v.password);
        await load();
      },
      'A recovery code works once; every other session of the account ends.',
    ),
  );
}

/**
 * Right after the sign-up: the recovery codes, shown this once.
 * @param {string} username
 * @param {string[]} codes
 */
function drawCodes(username, codes) {
  const list = h('pre', { class: 'recovery-codes', id: 'recovery-codes' }, codes.join('\n'));
  const copied = h('span', { class: 'how', 'aria-live': 'polite' });
  replace(
    els.body,
    h(
      'section',
      { class: 'panel', 'aria-labelledby': 'codes-title' },
      h('h2', { id: 'codes-title' }, `Welcome, ${username}: keep these recovery codes`),
      h(
        'p',
        {},
        'Each code sets a new password once if you forget yours. They are shown only now: write them down or save them somewhere safe. No e-mail is needed, and none can be sent.',
      ),
      list,
      h(
        'div',
        { class: 'form-actions' },
        h(
          'button',
          {
            type: 'button',
            class: 'minor',
            onclick: async () => {
              try {
                await navigator.clipboard.writeText(codes.join('\n'));
                copied.textContent = 'Copied.';
              } catch {
                copied.textContent = 'Select the codes and copy them.';
              }
            },
          },
          'Copy the codes',
        ),
        h('button', { type: 'button', id: 'codes-kept', onclick: () => load() }, 'I have kept them'),
        copied,
      ),
    ),
  );
}

/**
 * Signed in.
 * @param {string} username
 */
function drawSignedIn(username) {
  const out = h(
    'button',
    {
      type: 'button',
      id: 'sign-out',
      onclick: async () => {
        await API.signOut();
        await load();
      },
    },
    'Sign out',
  );
  replace(
    els.body,
    h(
      'section',
      { class: 'panel', 'aria-labelledby': 'who-title' },
      h('h2', { id: 'who-title' }, `Signed in as ${username}`),
      h(
        'p',
        {},
        'Every browser you sign in from shares your games: ',
        h('a', { href: 'games.html' }, 'Your games'),
        '. Your ratings: ',
        h('a', { href: `player.html?name=${encodeURIComponent(username)}`, id: 'my-profile' }, 'your profile'),
        '.',
      ),
      h(
        'div',
        { class: 'form-actions' },
        out,
        h(
          'a',
          { class: 'button minor', href: 'api/account/export', download: `quiver-${username}.json` },
          'Download all my finished games',
        ),
      ),
    ),
    blocksPanel(),
    form(
      'password',
      'Change the password',
      [
        { name: 'old', label: 'Current password', type: 'password', auto: 'current-password' },
        { name: 'fresh', label: 'New password', type: 'password', auto: 'new-password' },
      ],
      'Change it',
      async (v) => {
        await API.changePassword(v.old, v.fresh);
        await load();
      },
      'Every other browser signed in as you is signed out.',
    ),
    form(
      'delete',
      'Delete the account',
      [{ name: 'password', label: 'Password', type: 'password', auto: 'current-password' }],
      'Delete my account',
      async (v) => {
        const yes = await confirmDialog({
          title: 'Delete the account',
          text: `The account ${username} and its ratings go for good. Your browsers keep their games.`,
          yes: 'Delete',
          no: 'Keep it',
        });
        if (!yes) return;
        await API.deleteAccount(v.password);
        await load();
      },
      'Your ratings go with it; your games stay with the browsers that played them.',
      true,
    ),
  );
}

/**
 * The accounts this one blocks (docs/server/players.md "Blocks"), each with Unblock, and a form that
 * blocks a username; filled once the list is read.
 */
function blocksPanel() {
  const list = h('ul', { class: 'blocks-list', id: 'blocks-list', 'aria-live': 'polite' }, h('li', {}, 'Loading…'));
  const said = h('p', { class: 'how', role: 'status', 'aria-live': 'polite' });
  const problem = h('p', { class: 'error', role: 'alert' });
  /** @param {API.Block[]} blocks */
  const draw = (blocks) =>
    replace(
      list,
      blocks.length
        ? blocks.map((b) =>
            h(
              'li',
              { class: 'block-row', 'data-username': b.username },
              h('a', { href: `player.html?name=${encodeURIComponent(b.username)}` }, b.username),
              h('span', { class: 'how' }, ` since ${new Date(b.at).toLocaleDateString()}`),
              h(
                'button',
                {
                  type: 'button',
                  class: 'minor unblock',
                  'aria-label': `Unblock ${b.username}`,
                  onclick: async () => {
                    problem.textContent = '';
                    try {
                      draw(await API.unblock(b.username));
                      said.textContent = `Unblocked: ${b.username} may sit at your tables again.`;
                    } catch (e) {
                      problem.textContent = `Not unblocked: ${e instanceof Error ? e.message : e}.`;
                    }
                  },
                },
                'Unblock',
              ),
            ),
          )
        : h('li', { class: 'how' }, 'Nobody: you block no account.'),
    );
  API.blocks().then(draw, (e) => {
    replace(list);
    problem.textContent = `Could not read whom you block: ${e instanceof Error ? e.message : e}.`;
  });
  const adding = form('block', 'Block an account', [{ name: 'username', label: 'Username' }], 'Block', async (v) => {
    said.textContent = '';
    draw(await API.block(v.username.trim()));
    said.textContent = `Blocked: ${v.username.trim()} cannot join your tables, and you will not be seated with them.`;
    /** @type {HTMLInputElement} */ (adding.querySelector('input')).value = '';
  });
  adding.classList.remove('panel');
  return h(
    'section',
    { class: 'panel blocks', 'aria-labelledby': 'blocks-title' },
    h('h2', { id: 'blocks-title' }, 'Blocked accounts'),
    h(
      'p',
      { class: 'how' },
      'An account you block cannot take a seat at a table where you play, nor you at theirs; their chat is hidden from you. A game under way goes on. The button ⋯ beside a player at a table blocks them too.',
    ),
    list,
    said,
    problem,
    adding,
  );
}

async function load() {
  try {
    const me = await API.me(0);
    if (me.account) drawSignedIn(me.account.username);
    else drawSignedOut();
  } catch (e) {
    replace(
      els.body,
      h('p', { class: 'error', role: 'alert' }, `Could not load your account: ${e instanceof Error ? e.message : e}`),
    );
  }
}

load();
