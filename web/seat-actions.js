// What a person may do about another at the table (docs/server.md: mute, report, block): a
// button "⋯" beside each other person's name opens a dialog for that seat with three things:
// Mute (a toggle: the seat's chat lines are hidden here, and on every device of the account,
// since the server keeps the mute: GET and POST /api/tables/ID/mute), Report (a reason and
// optionally one of their chat lines, for the site's moderators; each of their chat lines has a
// Report button of its own that opens the dialog with that line chosen) and Block (for a
// signed-in viewer, of a seat an account took: the two never sit at one table again; their
// chat lines are hidden too). What was done is said in the dialog ("Muted", "Reported: thank
// you", "Blocked") and stays beside the name as a mark; a refusal is said in words. The dialog
// is modal: the focus starts on its first button, Tab stays inside, Escape closes it, and the
// focus returns to the seat's button. A signed-in viewer's page listens on the player's channel
// (channel.js) for the account's mutes made on its other devices: a mute or unmute at this
// table there hides or shows the seat's chat here at once, without a reload.

import { h, replace } from './dom.js';
import * as API from './api.js';
import { PlayerChannel } from './channel.js';
import { seatIcon } from './seat-marks.js';
import { t, tParts } from './i18n.js';

/** @typedef {import('./types.js').SeatInfo} SeatInfo */
/** @typedef {import('./types.js').ChatLine} ChatLine */

/** The longest reason the server takes, in characters. */
const REASON_MAX = 500;

/**
 * @typedef {Object} SeatActionHooks
 * @property {(seat: string) => SeatInfo | undefined} seat the seat's entry in the latest info
 * @property {(seat: string) => string} name how the page names a seat ("Bob (p2)")
 * @property {(seat: string) => boolean} mine whether this browser plays the seat
 * @property {(seat: string) => ChatLine[]} lines the seat's chat lines the page holds, oldest first
 * @property {() => void} changed the mutes or blocks changed: the people and the chat are drawn again
 */

/**
 * A chat line as a choice of the report's list: "14:05 “the text…”".
 * @param {ChatLine} line
 */
function lineChoice(line) {
  const text = String(line.text ?? '');
  const short = [...text].length > 60 ? `${[...text].slice(0, 60).join('')}…` : text;
  const at = Number(line.at);
  const when = Number.isFinite(at) ? new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : '';
  return `${when ? `${when} ` : ''}“${short}”`;
}

export class SeatActions {
  /**
   * @param {string} tableId
   * @param {SeatActionHooks} hooks
   */
  constructor(tableId, hooks) {
    this.tableId = tableId;
    this.hooks = hooks;
    /** @type {Set<string>} the seats whose chat the viewer muted */
    this.muted = new Set();
    /** @type {Set<string>} the usernames the viewer's account blocks, in lowercase */
    this.blocked = new Set();
    /** @type {string | null} the viewer's username when signed in */
    this.me = null;
    /** @type {HTMLDialogElement | null} */
    this.dialog = null;
    /** @type {PlayerChannel | null} the player's channel, opened once signed in */
    this.channel = null;
  }

  /** Reads what the server keeps: the mutes at this table, the account and its blocks. */
  async load() {
    const [muted, me] = await Promise.all([
      API.mutes(this.tableId).catch(() => /** @type {string[]} */ ([])),
      API.me(0).catch(() => null),
    ]);
    this.muted = new Set(muted);
    this.me = me?.account?.username ?? null;
    if (this.me) {
      const list = await API.blocks().catch(() => []);
      this.blocked = new Set(list.map((b) => b.username.toLowerCase()));
      this.listen();
    }
    this.hooks.changed();
  }

  /**
   * Hears the account's mutes from its other devices: the mutes at this table are read again
   * when one changes there, and whenever the channel (re)opens, since what was said while it
   * was away is not said again.
   */
  listen() {
    if (this.channel) return;
    this.channel = new PlayerChannel(() => {}, {
      mute: (f) => {
        if (f.table === this.tableId) void this.reread();
      },
      opened: () => void this.reread(),
    });
    this.channel.start();
  }

  /** Reads the mutes at this table again (a failure keeps what is shown). */
  async reread() {
    const muted = await API.mutes(this.tableId).catch(() => null);
    if (!muted) return;
    this.muted = new Set(muted);
    this.hooks.changed();
  }

  /**
   * Whether the viewer's account blocks the seat's.
   * @param {SeatInfo | undefined} s
   */
  isBlocked(s) {
    return Boolean(s?.username && this.blocked.has(s.username.toLowerCase()));
  }

  /**
   * The seats whose chat lines the page hides, and why: those muted, and those of blocked
   * accounts.
   * @param {SeatInfo[]} seats
   * @returns {Map<string, 'muted' | 'blocked'>}
   */
  hidden(seats) {
    /** @type {Map<string, 'muted' | 'blocked'>} */
    const out = new Map();
    for (const seat of this.muted) out.set(seat, 'muted');
    for (const s of seats) if (this.isBlocked(s)) out.set(s.seat, 'blocked');
    return out;
  }

  /**
   * Whether the viewer may act about seat s: another person's claimed seat.
   * @param {SeatInfo} s
   */
  applies(s) {
    return (
      s.kind === 'human' &&
      s.claimed &&
      !this.hooks.mine(s.seat) &&
      !(s.username && this.me && s.username.toLowerCase() === this.me.toLowerCase())
    );
  }

  /**
   * What goes beside a seat's name in the people's line: its marks (muted, blocked) and the
   * button that opens its dialog; nothing for the viewer's own seats and the computer's.
   * @param {SeatInfo} s
   * @returns {HTMLElement[]}
   */
  beside(s) {
    if (!this.applies(s)) return [];
    const name = this.hooks.name(s.seat);
    /** @type {string[]} */
    const marks = [];
    if (this.muted.has(s.seat)) marks.push('muted');
    if (this.isBlocked(s)) marks.push('blocked');
    const words = marks.map((m) => t(`seatmenu.mark-${m}`));
    const label = words.length
      ? t('seatmenu.actions-marked', { name, marks: words.join(', ') })
      : t('seatmenu.actions', { name });
    return [
      ...marks.map((m, i) => h('span', { class: `seat-mark ${m}` }, words[i])),
      h(
        'button',
        {
          type: 'button',
          class: `seat-actions minor${marks.length ? ' marked' : ''}`,
          'data-seat': s.seat,
          'data-focus': `actions-${s.seat}`,
          'aria-haspopup': 'dialog',
          'aria-label': label,
          title: label,
          onclick: () => this.open(s.seat),
        },
        '⋯',
      ),
    ];
  }

  /**
   * Opens the dialog of a seat; with `line`, its report names that chat line.
   * @param {string} seat
   * @param {ChatLine} [line]
   */
  open(seat, line) {
    this.dialog?.close();
    const s = this.hooks.seat(seat);
    if (!s) return;
    // the title names the seat ("Bob (p2)"); the sentences the person
    const title = this.hooks.name(seat);
    const name = s.username || (s.name && s.name !== seat ? s.name : title);
    const said = h('p', { class: 'seat-said', role: 'status', 'aria-live': 'polite' });
    const problem = h('p', { class: 'error', role: 'alert' });
    /** @param {string} text */
    const tell = (text) => {
      problem.textContent = '';
      said.textContent = text;
    };
    /** @param {unknown} e @param {string} what */
    const fail = (e, what) => {
      said.textContent = '';
      problem.textContent = t('seatmenu.failed', { what, why: e instanceof Error ? e.message : String(e) });
    };
    const close = h('button', { type: 'button', class: 'minor seat-close' }, t('seatmenu.close'));
    const dialog = /** @type {HTMLDialogElement} */ (
      h(
        'dialog',
        { class: 'confirm-dialog seat-dialog', 'aria-labelledby': 'seat-dialog-title', 'data-seat': seat },
        h('h2', { id: 'seat-dialog-title' }, seatIcon(seat), ' ', title),
        s.username
          ? h(
              'p',
              { class: 'how' },
              h(
                'a',
                { href: `player.html?name=${encodeURIComponent(s.username)}`, target: '_blank', rel: 'noopener' },
                t('seatmenu.profile', { name: s.username }),
              ),
              t('seatmenu.new-tab'),
            )
          : null,
        this.mutePart(s, name, tell, fail),
        this.reportPart(s, name, line, tell, fail),
        this.blockPart(s, name, tell, fail),
        said,
        problem,
        h('div', { class: 'confirm-actions' }, close),
      )
    );
    close.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (this.dialog === dialog) this.dialog = null;
      /** @type {HTMLElement | null} */ (document.querySelector(`.seat-actions[data-seat="${seat}"]`))?.focus();
    });
    document.body.appendChild(dialog);
    this.dialog = dialog;
    dialog.showModal();
    /** @type {HTMLElement | null} */ (dialog.querySelector(line ? 'textarea' : '.seat-mute'))?.focus();
  }

  /**
   * The dialog's Mute: a toggle, kept by the server.
   * @param {SeatInfo} s
   * @param {string} name
   * @param {(text: string) => void} tell
   * @param {(e: unknown, what: string) => void} fail
   */
  mutePart(s, name, tell, fail) {
    const how = h('p', { class: 'how' });
    const button = h('button', { type: 'button', class: 'minor seat-mute' });
    const draw = () => {
      const on = this.muted.has(s.seat);
      button.setAttribute('aria-pressed', String(on));
      button.textContent = t(on ? 'seatmenu.unmute' : 'seatmenu.mute', { name });
      how.textContent = t(on ? 'seatmenu.muted-how' : 'seatmenu.mute-how', { name });
    };
    draw();
    button.addEventListener('click', async () => {
      const on = !this.muted.has(s.seat);
      button.disabled = true;
      try {
        this.muted = new Set(await API.setMute(this.tableId, s.seat, on));
        tell(t(on ? 'seatmenu.muted-done' : 'seatmenu.unmuted-done', { name }));
        this.hooks.changed();
      } catch (e) {
        fail(e, t(on ? 'seatmenu.not-muted' : 'seatmenu.not-unmuted'));
      } finally {
        button.disabled = false;
        draw();
      }
    });
    return h('section', { class: 'seat-part' }, h('h3', {}, t('seatmenu.chat')), how, button);
  }

  /**
   * The dialog's Report: what (the player, or one of their chat lines) and why.
   * @param {SeatInfo} s
   * @param {string} name
   * @param {ChatLine | undefined} chosen
   * @param {(text: string) => void} tell
   * @param {(e: unknown, what: string) => void} fail
   */
  reportPart(s, name, chosen, tell, fail) {
    const lines = this.hooks.lines(s.seat).filter((l) => typeof l.n === 'number');
    if (chosen && typeof chosen.n === 'number' && !lines.some((l) => l.n === chosen.n)) lines.push(chosen);
    const what = h(
      'select',
      { id: 'report-what', name: 'what' },
      h('option', { value: '' }, t('seatmenu.report-player', { name })),
      lines
        .slice()
        .reverse()
        .map((l) =>
          h(
            'option',
            { value: String(l.n), selected: chosen !== undefined && l.n === chosen.n },
            t('seatmenu.report-line', { line: lineChoice(l) }),
          ),
        ),
    );
    const reason = h('textarea', {
      id: 'report-reason',
      name: 'reason',
      rows: 3,
      maxlength: REASON_MAX,
      required: true,
      placeholder: t('seatmenu.report-placeholder'),
    });
    const send = h('button', { type: 'submit', class: 'seat-report' }, t('seatmenu.report-send'));
    const form = h(
      'form',
      { class: 'seat-part seat-report-form' },
      h('h3', {}, t('seatmenu.report')),
      h('label', { for: 'report-what' }, t('seatmenu.report-what')),
      what,
      h('label', { for: 'report-reason' }, t('seatmenu.report-reason')),
      reason,
      h('div', { class: 'form-actions' }, send),
    );
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const text = reason.value.trim();
      if (!text) {
        fail(new Error(t('seatmenu.report-empty')), t('seatmenu.not-sent'));
        reason.focus();
        return;
      }
      send.disabled = true;
      try {
        await API.report(this.tableId, s.seat, text, what.value ? Number(what.value) : undefined);
        reason.value = '';
        tell(t('seatmenu.reported'));
      } catch (e) {
        fail(e, t('seatmenu.not-reported'));
      } finally {
        send.disabled = false;
      }
    });
    return form;
  }

  /**
   * The dialog's Block: for a signed-in viewer, of a seat an account took.
   * @param {SeatInfo} s
   * @param {string} name
   * @param {(text: string) => void} tell
   * @param {(e: unknown, what: string) => void} fail
   */
  blockPart(s, name, tell, fail) {
    const part = h('section', { class: 'seat-part' }, h('h3', {}, t('seatmenu.block')));
    const username = s.username;
    if (!username) {
      part.append(h('p', { class: 'how' }, t('seatmenu.no-account', { name })));
      return part;
    }
    if (!this.me) {
      part.append(
        h(
          'p',
          { class: 'how' },
          ...tParts('seatmenu.sign-in-to-block', {
            link: h('a', { href: 'account.html' }, t('seatmenu.sign-in')),
            name: username,
          }),
        ),
      );
      return part;
    }
    const how = h('p', { class: 'how' });
    const button = h('button', { type: 'button', class: 'seat-block' });
    const draw = () => {
      const on = this.isBlocked(s);
      button.className = on ? 'minor seat-block' : 'danger seat-block';
      button.textContent = t(on ? 'seatmenu.unblock' : 'seatmenu.block-name', { name: username });
      how.textContent = t(on ? 'seatmenu.blocked-how' : 'seatmenu.block-how', { name: username });
    };
    draw();
    button.addEventListener('click', async () => {
      const on = !this.isBlocked(s);
      button.disabled = true;
      try {
        const list = on ? await API.block(username) : await API.unblock(username);
        this.blocked = new Set(list.map((b) => b.username.toLowerCase()));
        tell(t(on ? 'seatmenu.blocked-done' : 'seatmenu.unblocked-done', { name: username }));
        this.hooks.changed();
      } catch (e) {
        fail(e, t(on ? 'seatmenu.not-blocked' : 'seatmenu.not-unblocked'));
      } finally {
        button.disabled = false;
        draw();
      }
    });
    replace(part, h('h3', {}, t('seatmenu.block')), how, button);
    return part;
  }
}
