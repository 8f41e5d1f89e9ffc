// The table's chat: the last lines from the snapshot's `chat`, each new `chat` frame, and an
// input (Enter sends {"type": "chat", "text"}; a line over 500 characters is refused with its
// count as it is typed, never cut). The players' lines reach everyone at the table; a
// spectator's reach only the spectators, so a spectator's panel is labelled as the spectators'
// chat. Each line shows when it was said, who said it (with the seat's colour and shape) and
// the text, always as a text node: markup shows as typed. The list is aria-live. The panel
// collapses (on a phone it starts collapsed) and then counts the lines not yet seen. The lines of
// seats the reader muted or blocks (seat-actions.js) are hidden, and the panel says whose; each
// line of another player has a Report button.

import { h, replace } from './dom.js';
import { seatIcon } from './seat-marks.js';
import { andList } from './grammar.js';
import { t } from './i18n.js';
import { serverText } from './server-text.js';

/** @typedef {import('./types.js').ChatLine} ChatLine */

/** The longest line the server takes, in characters. */
export const CHAT_MAX = 500;

/**
 * Why a line cannot be sent for its length ("523 characters: at most 500"), or '' when it may:
 * characters as the server counts them (code points, once trimmed).
 * @param {string} text
 */
export function lengthProblem(text) {
  const n = [...text.trim()].length;
  return n > CHAT_MAX ? t('chat.length', { n, max: CHAT_MAX }) : '';
}

/**
 * "14:05", the time of day a line was said, in the reader's locale.
 * @param {number} at epoch ms
 */
function clock(at) {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export class Chat {
  /**
   * @param {{section: HTMLElement, title: HTMLElement, toggle: HTMLButtonElement, unread: HTMLElement,
   *          body: HTMLElement, note: HTMLElement, lines: HTMLOListElement, form: HTMLFormElement,
   *          input: HTMLInputElement, error: HTMLElement}} els
   * @param {{send: (text: string) => boolean, report?: (line: ChatLine) => void}} hooks send: sends a
   *   line (false when it could not be sent); report: the reader reports another player's line
   */
  constructor(els, hooks) {
    this.els = els;
    this.hooks = hooks;
    /** @type {ChatLine[]} the lines the panel holds, oldest first */
    this.kept = [];
    /** @type {Map<string, string>} the seats whose lines are hidden, each with whom and why ("Bob (p2), muted") */
    this.hidden = new Map();
    /** says whose lines are hidden */
    this.mutedNote = h('p', { class: 'chat-muted', hidden: true });
    els.note.after(this.mutedNote);
    this.seat = 'public';
    /** @type {(seat: string) => string} how the page calls a seat (for the viewer's own lines) */
    this.name = (seat) => seat;
    this.unread = 0;
    /** the text of the line sent last, given back to the input if the server refuses it */
    this.sent = '';
    els.input.addEventListener('input', () => this.checkLength());
    els.form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      this.submit();
    });
    els.toggle.addEventListener('click', () => this.setOpen(!this.open));
    this.open = !matchMedia('(max-width: 700px)').matches;
    this.setOpen(this.open);
  }

  /**
   * Who reads this panel: a seat or a spectator (`public`).
   * @param {string} seat
   * @param {(seat: string) => string} name
   */
  viewer(seat, name) {
    this.seat = seat;
    this.name = name;
    const watching = seat === 'public';
    this.els.title.textContent = watching ? t('chat.spectators') : t('table.chat');
    this.els.note.textContent = watching ? t('chat.note-spectators') : t('chat.note');
    this.els.input.placeholder = watching ? t('chat.to-spectators') : t('chat.say');
  }

  /**
   * Every line again (a snapshot).
   * @param {ChatLine[]} lines
   */
  reset(lines) {
    replace(this.els.lines);
    this.kept = [...lines];
    for (const line of lines) this.els.lines.appendChild(this.line(line));
    this.drawHidden();
    this.scroll();
  }

  /**
   * The seats whose lines are hidden from now on, each with whom and why ("Bob (p2), muted").
   * @param {Map<string, string>} seats
   */
  hide(seats) {
    this.hidden = seats;
    for (const li of this.els.lines.querySelectorAll('li[data-seat]'))
      /** @type {HTMLElement} */ (li).hidden = seats.has(li.getAttribute('data-seat') ?? '');
    this.drawHidden();
  }

  /** Says whose lines are hidden, and how many: "Hidden: 2 lines of Bob (p2), muted." */
  drawHidden() {
    const parts = [...this.hidden].map(([seat, who]) => {
      const n = this.linesOf(seat).length;
      return n ? t('chat.lines-of', { n, who }) : t('chat.all-lines-of', { who });
    });
    this.mutedNote.textContent = parts.length ? t('chat.hidden', { list: andList(parts) }) : '';
    this.mutedNote.hidden = !parts.length;
  }

  /**
   * The lines the panel holds of one seat, oldest first.
   * @param {string} seat
   */
  linesOf(seat) {
    return this.kept.filter((l) => l.from === seat);
  }

  /**
   * A new line (a `chat` frame).
   * @param {ChatLine} line
   */
  add(line) {
    this.els.lines.appendChild(this.line(line));
    this.kept.push(line);
    if (this.kept.length > 200) this.kept.shift();
    if (line.from === this.seat && line.text === this.sent) this.sent = '';
    if (this.hidden.has(line.from)) this.drawHidden();
    if (!this.open && line.from !== this.seat && !this.hidden.has(line.from)) {
      this.unread++;
      this.drawUnread();
    }
    this.scroll();
  }

  /**
   * One line on screen: the time, the writer (with the seat's mark), the text.
   * @param {ChatLine} line
   */
  line(line) {
    const from = String(line.from ?? '');
    const seat = /^p\d+$/.test(from) ? from : '';
    const own = from === this.seat && seat !== '';
    const who = own
      ? this.name(seat)
      : seat && line.name !== seat
        ? `${line.name} (${seat})`
        : String(line.name ?? from);
    const at = Number(line.at);
    const report = this.hooks.report;
    return h(
      'li',
      {
        class: `chat-line ${seat || 'spectator'}${own ? ' own' : ''}`,
        'data-seat': seat || null,
        hidden: Boolean(seat) && this.hidden.has(seat),
      },
      Number.isFinite(at) ? h('time', { class: 'chat-time', datetime: new Date(at).toISOString() }, clock(at)) : null,
      ' ',
      seat ? seatIcon(seat) : null,
      h('span', { class: 'chat-name' }, who),
      ': ',
      h('span', { class: 'chat-text' }, String(line.text ?? '')),
      seat && !own && report && typeof line.n === 'number'
        ? h(
            'button',
            {
              type: 'button',
              class: 'chat-report',
              title: t('chat.report', { who }),
              'aria-label': t('chat.report', { who }),
              onclick: () => report(line),
            },
            '⚑',
          )
        : null,
    );
  }

  submit() {
    const text = this.els.input.value.trim();
    this.clearError();
    if (!text) return;
    const long = lengthProblem(text);
    if (long) {
      this.showError(t('chat.not-sent-long', { why: long }));
      return;
    }
    if (!this.hooks.send(text)) {
      this.showError(t('chat.unsent'));
      return;
    }
    this.sent = text;
    this.els.input.value = '';
  }

  /** While typing: a line too long says so at once (and clears when it fits again). */
  checkLength() {
    const long = lengthProblem(this.els.input.value);
    this.els.input.setAttribute('aria-invalid', String(Boolean(long)));
    if (long) this.showError(t('chat.too-long', { why: long }));
    else if (this.els.error.dataset.long) this.clearError();
    this.els.error.dataset.long = long ? '1' : '';
  }

  /**
   * The server refused the line sent last (too fast, too long, empty): said in words, and the
   * text back in the input to send again.
   * @param {string} message
   */
  refused(message) {
    const slow = /\b(rate|too (many|fast|often)|per \d+ ?s|wait)\b/i.test(message);
    this.showError(
      slow ? t('chat.too-fast', { why: serverText(message) }) : t('chat.not-sent', { why: serverText(message) }),
    );
    if (this.sent && !this.els.input.value) this.els.input.value = this.sent;
    this.sent = '';
  }

  /** @param {string} text */
  showError(text) {
    this.els.error.textContent = text;
  }

  clearError() {
    this.els.error.textContent = '';
  }

  /** @param {boolean} open */
  setOpen(open) {
    this.open = open;
    this.els.body.hidden = !open;
    this.els.toggle.setAttribute('aria-expanded', String(open));
    this.els.section.classList.toggle('collapsed', !open);
    if (open) {
      this.unread = 0;
      this.scroll();
    }
    this.drawUnread();
  }

  drawUnread() {
    const n = this.open ? 0 : this.unread;
    this.els.unread.hidden = n === 0;
    this.els.unread.textContent = n ? t('chat.unread', { n }) : '';
  }

  scroll() {
    const box = this.els.lines.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  }
}
