// Takeback requests between people (the server's `offer` in a table's info). A seat asks with
// {"type": "takeback", "v"}; when other people's seats are affected the server does not take
// the move back at once but asks them: info's `offer` names who asked and whose answers are
// awaited. The asker reads "Waiting for p2 to accept your takeback"; each awaited seat gets a
// banner with Accept and Decline ({"type": "answer", "v", "accept"}); everyone else reads who
// asked and who is awaited. When the offer goes, what became of it is said once: taken back
// (the server's snapshot has a shorter log), declined, or lapsed because the game went on.
// A draw offer ({"type": "draw", "v"}, courtesy.js) stands in the same banner, answered the
// same way; it stands while its maker plays on and lapses when the player asked moves.

import { h, replace } from './dom.js';
import { andList } from './grammar.js';
import { t } from './i18n.js';

/** @typedef {import('./types.js').TableInfo} TableInfo */
/** @typedef {import('./types.js').Offer} Offer */

/**
 * What happened to an offer that is gone, in words, or '' when there is nothing to say.
 * @param {Offer} offer the offer as it was
 * @param {string} seat the viewer's seat (or `public`)
 * @param {(seat: string) => string} name
 * @param {number} before the log's length while the offer stood
 * @param {number} after the log's length now
 */
export function offerOutcome(offer, seat, name, before, after) {
  const mine = offer.by === seat;
  if (offer.kind === 'draw') {
    const other = name(offer.waiting[0] ?? '');
    if (after > before) return mine ? t('offer.draw-lapsed-mine', { other }) : t('offer.draw-lapsed');
    if (mine) return t('offer.draw-declined-mine', { other });
    if (offer.waiting.includes(seat)) return t('offer.draw-declined-you');
    return t('offer.draw-declined', { other, by: name(offer.by) });
  }
  // a takeback shortens the log (the server sends a snapshot with the moves gone)
  if (after < before) return mine ? t('offer.taken-back-mine') : t('offer.taken-back', { by: name(offer.by) });
  // a new move clears the request
  if (after > before) return mine ? t('offer.takeback-lapsed-mine') : t('offer.takeback-lapsed');
  const who = offer.waiting.length === 1 ? name(offer.waiting[0]) : t('offer.a-player');
  if (mine) return t('offer.takeback-declined-mine', { who });
  if (offer.waiting.length === 1 && offer.waiting[0] === seat) return t('offer.takeback-declined-you');
  return t('offer.takeback-declined', { who, by: name(offer.by) });
}

export class Takeback {
  /**
   * @param {HTMLElement} banner where the request, the waiting and the outcome are said
   * @param {{answer: (accept: boolean) => boolean}} hooks answer: sends the seat's answer
   *   (false when it could not be sent)
   */
  constructor(banner, hooks) {
    this.banner = banner;
    this.hooks = hooks;
    /** @type {Offer | null} the offer as last seen */
    this.offer = null;
    /** the log's length while that offer stood */
    this.logLength = 0;
    /** what became of the last offer, said until the table moves on */
    this.notice = '';
    /** the version at which the notice was said */
    this.noticeV = -1;
    /** a word of the page's own (an answer that could not be sent) */
    this.error = '';
  }

  /**
   * After every snapshot and update: the banner from the table's offer.
   * @param {TableInfo | null} table
   * @param {string} seat the viewer's seat (or `public`)
   * @param {(seat: string) => string} name
   * @param {number} v the version shown
   * @param {number} logLength the log's length now
   */
  update(table, seat, name, v, logLength) {
    const kind = table?.offer?.kind;
    const offer =
      table?.status === 'playing' && (kind === 'takeback' || kind === 'draw') ? (table.offer ?? null) : null;
    if (this.offer && !offer) {
      // a game that ended meanwhile (a draw agreed, a resignation) is said by its result
      this.notice = table?.status === 'over' ? '' : offerOutcome(this.offer, seat, name, this.logLength, logLength);
      this.noticeV = v;
      this.error = '';
    } else if (offer || v > this.noticeV) {
      // a new request, or the game went on since the outcome was said: once is enough
      this.notice = '';
    }
    if (offer) this.error = '';
    this.offer = offer;
    this.logLength = logLength;
    this.draw(seat, name);
  }

  /**
   * @param {string} seat
   * @param {(seat: string) => string} name
   */
  draw(seat, name) {
    const o = this.offer;
    if (!o) {
      this.banner.hidden = !this.notice && !this.error;
      this.banner.className = 'offer said';
      replace(this.banner, this.notice ? h('p', {}, this.notice) : null, this.errorLine());
      return;
    }
    this.banner.hidden = false;
    const waiting = andList(o.waiting.map(name));
    const draw = o.kind === 'draw';
    if (o.by === seat) {
      this.banner.className = 'offer mine';
      replace(
        this.banner,
        h('p', {}, t(draw ? 'offer.waiting-draw' : 'offer.waiting-takeback', { waiting })),
        h('p', { class: 'offer-note' }, draw ? t('offer.note-draw') : t('offer.note-takeback')),
      );
      return;
    }
    const asks = t(draw ? 'offer.asks-draw' : 'offer.asks-takeback', { by: name(o.by) });
    if (o.waiting.includes(seat)) {
      this.banner.className = 'offer asked';
      replace(
        this.banner,
        h('p', { class: 'offer-question' }, t('offer.question', { asks })),
        h(
          'div',
          { class: 'offer-buttons' },
          h('button', { type: 'button', class: 'offer-accept', onclick: () => this.answer(true) }, t('offer.accept')),
          h(
            'button',
            { type: 'button', class: 'minor offer-decline', onclick: () => this.answer(false) },
            t('offer.decline'),
          ),
        ),
        this.errorLine(),
      );
      return;
    }
    this.banner.className = 'offer others';
    const others = o.waiting.filter((s) => s !== seat);
    replace(this.banner, h('p', {}, t('offer.others', { asks, waiting: andList(others.map(name)) })));
  }

  /** @param {boolean} accept */
  answer(accept) {
    this.error = this.hooks.answer(accept) ? '' : t('offer.unsent');
    for (const b of this.banner.querySelectorAll('button')) /** @type {HTMLButtonElement} */ (b).disabled = true;
    if (this.error) this.banner.appendChild(this.errorLine() ?? h('span'));
  }

  /**
   * The server refused something to do with takebacks: said in the banner.
   * @param {string} text
   */
  refused(text) {
    this.error = text;
    this.banner.hidden = false;
    const old = this.banner.querySelector('.offer-error');
    if (old) old.remove();
    for (const b of this.banner.querySelectorAll('button')) /** @type {HTMLButtonElement} */ (b).disabled = false;
    this.banner.appendChild(this.errorLine() ?? h('span'));
  }

  errorLine() {
    return this.error ? h('p', { class: 'offer-error', role: 'alert' }, this.error) : null;
  }
}
