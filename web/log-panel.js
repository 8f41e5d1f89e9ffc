// The move log: the moves and their narrated consequences as the server words them for this
// viewer, each naming whom it is about ({"who": "p1" | "chance" | "game", "text": …}: a seat's
// move or revealed decision under the seat's name, a chance outcome under "chance", and what the
// rules did with no name, indented under the move), in an aria-live list so that a screen reader
// announces each new line. A consequence comes with its message (`msg`), which the page's
// language words when its catalog has it (narration.js); else the engine's English is shown.
// Given `pick`, each line is a button that looks back at the game right after its move
// (look-back.js). A line may carry a computer review's mark (?!, ?, ??: the replay page's).

import { h, s, replace } from './dom.js';
import { seatIcon } from './seat-marks.js';
import { dieIcon } from './games/icons.js';
import { t } from './i18n.js';
import { narrate } from './narration.js';
import { noteText } from './notes.js';

/** @typedef {'inaccuracy' | 'mistake' | 'blunder'} Mark a computer review's mark (review.js) */
/** @typedef {{who: string, text: string, msg?: string[], mark?: Mark | null}} LogEntry */

/** The symbols of a review's marks, as chess annotates moves. */
const MARK_SYMBOLS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/**
 * A review's mark as a badge: its symbol, with its word for a screen reader and a tooltip.
 * @param {Mark | null | undefined} mark
 */
export function markBadge(mark) {
  if (!mark) return null;
  return h(
    'span',
    { class: `review-mark ${mark}`, title: t(`log.mark-${mark}`) },
    MARK_SYMBOLS[mark],
    h('span', { class: 'sr-only' }, ' ', t('log.mark-spoken', { mark: t(`log.mark-${mark}`) })),
  );
}

/** What the engine adds to a move the mover had no choice about (match/log.c). */
const ONLY_OPTION = ' (only option)';

/**
 * A line's words as the engine wrote them, in a span marked English; a move that was the
 * mover's only option says so in the page's language.
 * @param {string} text
 */
function moveWords(text) {
  if (!text.endsWith(ONLY_OPTION)) return engineWords(text, 'log-text');
  return h('span', { class: 'log-text' }, engineWords(text.slice(0, -ONLY_OPTION.length)), ' ', t('log.only-option'));
}

/**
 * Words the engine wrote (a move's narration, a preview's), which are English in every language
 * of the page (docs/web.md, "Not yet translated"): in a span marked `lang="en"`, so that a
 * screen reader says them as English and the browser test of the languages tells them from the
 * page's own words.
 * @param {string} text
 * @param {string} [cls]
 */
export function engineWords(text, cls) {
  return h('span', { class: cls ?? null, lang: 'en' }, text);
}

/**
 * What a move would do (the engine's note): in the page's language where the catalogs of
 * notes.js say every part of it, else the engine's words.
 * @param {string} text
 */
export function noteWords(text) {
  const said = noteText(text);
  return said === null ? engineWords(text) : h('span', {}, said);
}

export class LogPanel {
  /**
   * @param {HTMLOListElement} list the `ol` to fill (it should carry aria-live)
   * @param {(seat: string) => string} name how to call a seat
   * @param {((line: number) => void) | null} [pick] called with a line's index when it is chosen
   */
  constructor(list, name, pick = null) {
    this.list = list;
    this.name = name;
    this.pick = pick;
    /** @type {LogEntry[]} */
    this.entries = [];
    // the newest lines stay in sight when the box changes size (the page's layout settling,
    // the window resized), unless the reader scrolled up to older ones
    this.stuck = true;
    /** where the panel itself last scrolled the box to (a scroll there is not the reader's) */
    this.auto = 0;
    const box = list.parentElement;
    if (box) {
      box.addEventListener('scroll', () => {
        if (Math.abs(box.scrollTop - this.auto) < 2) return;
        this.stuck = box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
      });
      new ResizeObserver(() => this.toEnd()).observe(box);
    }
  }

  /** Scrolls the box to the newest line, unless the reader scrolled up to older ones. */
  toEnd() {
    const box = this.list.parentElement;
    if (!box || !this.stuck) return;
    box.scrollTop = box.scrollHeight;
    this.auto = box.scrollTop;
  }

  /**
   * Replaces the whole log (a snapshot).
   * @param {LogEntry[]} entries
   */
  reset(entries) {
    this.entries = [];
    replace(this.list);
    this.add(entries);
  }

  /**
   * Appends entries (an update) and scrolls to the newest.
   * @param {LogEntry[]} entries
   */
  add(entries) {
    for (const e of entries ?? []) {
      if (!e || typeof e.text !== 'string') continue;
      const line = this.entries.length;
      this.entries.push(e);
      const who = String(e.who ?? '');
      const said = narrate(e.msg);
      const words = said === null ? moveWords(e.text) : h('span', { class: 'log-text' }, said);
      const parts = [...this.parts(who, words), e.mark ? ' ' : null, markBadge(e.mark)];
      const pick = this.pick;
      const body = pick
        ? h('button', { type: 'button', class: 'log-pick', title: t('log.look'), onclick: () => pick(line) }, parts)
        : parts;
      this.list.appendChild(h('li', { class: `log-entry ${who}`, 'data-line': String(line) }, body));
    }
    this.stuck = true;
    this.toEnd();
  }

  /**
   * A line's icon, name and words: a consequence of the rules ("game") has neither icon nor
   * visible name (a screen reader hears "game:").
   * @param {string} who
   * @param {Node} words
   */
  parts(who, words) {
    if (who === 'game') return [h('span', { class: 'sr-only' }, t('log.game'), ' '), words];
    const icon =
      who === 'chance'
        ? s(
            'svg',
            { class: 'seat-icon', viewBox: '0 0 20 20', width: 20, height: 20, 'aria-hidden': 'true' },
            dieIcon(10, 10, 16, '?'),
          )
        : seatIcon(who);
    return [
      icon,
      h('span', { class: 'log-who' }, who === 'chance' ? t('log.chance') : this.name(who)),
      t('log.colon'),
      words,
    ];
  }

  /**
   * Marks the lines [from, to) as the move looked at (none with from < 0).
   * @param {number} from
   * @param {number} to
   */
  mark(from, to) {
    for (const li of this.list.children) {
      const n = Number(li.getAttribute('data-line'));
      const on = from >= 0 && n >= from && n < to;
      li.classList.toggle('looked', on);
      if (on) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
    }
  }
}
