// account.html: the optional account (docs/server/players.md "Accounts"). Signed out: sign in, create an
// account (its recovery codes shown once, to keep), or set a new password with a recovery code.
// Signed in: who, sign out, the accounts blocked (each with Unblock, and a username to block),
// change the password, download every finished game as one JSON file, delete the account.
// Every form says the server's refusal in words under it; nothing typed is lost on a refusal.

import { byId, h, replace } from './dom.js';
import * as API from './api.js';
import { confirmDialog } from './confirm.js';
import { t, translate } from './i18n.js';

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
      t('account.sign-in'),
      [
        { name: 'username', label: t('account.username'), auto: 'username' },
        { name: 'password', label: t('account.password'), type: 'password', auto: 'current-password' },
      ],
      t('account.sign-in'),
      async (v) => {
        await API.signIn(v.username, v.password);
        await load();
      },
    ),
    form(
      'sign-up',
      t('account.create-title'),
      [
        { name: 'username', label: t('account.username-seen'), auto: 'username' },
        { name: 'password', label: t('account.password-length'), type: 'password', auto: 'new-password' },
      ],
      t('account.create'),
      async (v) => {
        const r = await API.signUp(v.username, v.password);
        drawCodes(r.username, r.recovery_codes);
      },
      t('account.games-come'),
    ),
    form(
      'recover',
      t('account.forgot'),
      [
        { name: 'username', label: t('account.username'), auto: 'username' },
        { name: 'code', label: t('account.recovery-code') },
        { name: 'password', label: t('account.new-password'), type: 'password', auto: 'new-password' },
      ],
      t('account.set-password'),
      async (v) => {
        await API.recover(v.username, v.code, v.password);
        await load();
      },
      t('account.recover-note'),
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
      h('h2', { id: 'codes-title' }, t('account.welcome', { name: username })),
      h('p', {}, t('account.codes-how')),
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
                copied.textContent = t('copy.done');
              } catch {
                copied.textContent = t('account.copy-select');
              }
            },
          },
          t('account.copy-codes'),
        ),
        h('button', { type: 'button', id: 'codes-kept', onclick: () => load() }, t('account.codes-kept')),
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
    t('account.sign-out'),
  );
  // translate() fills the elements below the one it is given: the sentence is a span in the <p>
  const shares = h(
    'p',
    {},
    h(
      'span',
      { 'data-i18n': 'account.shares' },
      h('a', { href: 'games.html', 'data-place': 'games' }, t('nav.games')),
      h(
        'a',
        { href: `player.html?name=${encodeURIComponent(username)}`, id: 'my-profile', 'data-place': 'profile' },
        t('account.your-profile'),
      ),
    ),
  );
  translate(shares);
  replace(
    els.body,
    h(
      'section',
      { class: 'panel', 'aria-labelledby': 'who-title' },
      h('h2', { id: 'who-title' }, t('account.signed-in-as', { name: username })),
      shares,
      h(
        'div',
        { class: 'form-actions' },
        out,
        h(
          'a',
          { class: 'button minor', href: 'api/account/export', download: `quiver-${username}.json` },
          t('account.download'),
        ),
      ),
    ),
    blocksPanel(),
    form(
      'password',
      t('account.change-title'),
      [
        { name: 'old', label: t('account.current-password'), type: 'password', auto: 'current-password' },
        { name: 'fresh', label: t('account.new-password'), type: 'password', auto: 'new-password' },
      ],
      t('account.change'),
      async (v) => {
        await API.changePassword(v.old, v.fresh);
        await load();
      },
      t('account.change-note'),
    ),
    form(
      'delete',
      t('account.delete-title'),
      [{ name: 'password', label: t('account.password'), type: 'password', auto: 'current-password' }],
      t('account.delete-button'),
      async (v) => {
        const yes = await confirmDialog({
          title: t('account.delete-title'),
          text: t('account.delete-text', { name: username }),
          yes: t('account.delete-yes'),
          no: t('account.delete-no'),
        });
        if (!yes) return;
        await API.deleteAccount(v.password);
        await load();
      },
      t('account.delete-note'),
      true,
    ),
  );
}

/**
 * The accounts this one blocks (docs/server/players.md "Blocks"), each with Unblock, and a form that
 * blocks a username; filled once the list is read.
 */
function blocksPanel() {
  const list = h(
    'ul',
    { class: 'blocks-list', id: 'blocks-list', 'aria-live': 'polite' },
    h('li', {}, t('common.loading')),
  );
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
              ' ',
              h('span', { class: 'how' }, t('account.since', { date: new Date(b.at).toLocaleDateString() })),
              h(
                'button',
                {
                  type: 'button',
                  class: 'minor unblock',
                  'aria-label': t('account.unblock-name', { name: b.username }),
                  onclick: async () => {
                    problem.textContent = '';
                    try {
                      draw(await API.unblock(b.username));
                      said.textContent = t('account.unblocked', { name: b.username });
                    } catch (e) {
                      problem.textContent = t('account.not-unblocked', {
                        why: e instanceof Error ? e.message : String(e),
                      });
                    }
                  },
                },
                t('account.unblock'),
              ),
            ),
          )
        : h('li', { class: 'how' }, t('account.blocks-none')),
    );
  API.blocks().then(draw, (e) => {
    replace(list);
    problem.textContent = t('account.blocks-failed', { why: e instanceof Error ? e.message : String(e) });
  });
  const adding = form(
    'block',
    t('account.block-title'),
    [{ name: 'username', label: t('account.username') }],
    t('account.block'),
    async (v) => {
      said.textContent = '';
      draw(await API.block(v.username.trim()));
      said.textContent = t('account.blocked', { name: v.username.trim() });
      /** @type {HTMLInputElement} */ (adding.querySelector('input')).value = '';
    },
  );
  adding.classList.remove('panel');
  return h(
    'section',
    { class: 'panel blocks', 'aria-labelledby': 'blocks-title' },
    h('h2', { id: 'blocks-title' }, t('account.blocks-title')),
    h('p', { class: 'how' }, t('account.blocks-how')),
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
      h(
        'p',
        { class: 'error', role: 'alert' },
        t('account.load-failed', { why: e instanceof Error ? e.message : String(e) }),
      ),
    );
  }
}

load();
