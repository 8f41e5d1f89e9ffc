// The computer's review of a finished game on the replay page (docs/server/api.md, "Reviews"), as
// lichess's computer analysis shows one: asked for with one button, made on the server's AI
// workers while the page says how far it is, then each player's accuracy and marks, the curve of
// the expected results over the game (a line per player, each point as its mover saw it), the
// marks in the move list (?! an inaccuracy, ? a mistake, ?? a blunder), and at a reviewed
// decision what it was worth and the best alternative, whose squares and cards are framed on the
// board. The page computes nothing: it draws what the server's review says. The review says
// nothing that the record of the finished game does not (the server makes it from the record).

import { h, s, replace } from './dom.js';
import * as API from './api.js';
import { markBadge } from './log-panel.js';
import { t, tParts } from './i18n.js';
import { noteWords } from './log-panel.js';
import { LOCAL_ID } from './local.js';

/** @typedef {import('./types.js').Review} Review */
/** @typedef {import('./types.js').ReviewDecision} ReviewDecision */
/** @typedef {import('./types.js').ReviewState} ReviewState */

/** How often the page asks how far a review is, in ms. */
const POLL_MS = 1000;

/**
 * An expected result in [-1, 1] as a share of a win, 0 to 100.
 * @param {number} v
 */
export function share(v) {
  return Math.round((v + 1) * 50);
}

/** The curve's drawing box, in its own units, and its plot's margins (the axes' labels). */
const W = 400;
const H = 140;
const PAD = 8;
const LEFT = 34;
const BOTTOM = 22;

export class ReviewPanel {
  /**
   * @param {{section: HTMLElement, body: HTMLElement}} els the review's section and its body
   * @param {{go: (step: number) => void, name: (seat: string) => string, changed: () => void}} hooks
   *   go: show a step; name: how to call a seat; changed: the review arrived (redraw the log)
   */
  constructor(els, hooks) {
    this.els = els;
    this.hooks = hooks;
    /** @type {Review | null} */
    this.review = null;
    /** @type {Map<number, ReviewDecision>} the reviewed decisions by their step */
    this.byStep = new Map();
    this.id = '';
    this.steps = 0;
    /** @type {SVGElement | null} the line at the step shown */
    this.cursor = null;
    /** @type {((step: number) => number) | null} a step's place across the curve */
    this.x = null;
    this.timer = 0;
  }

  /**
   * The review of table id, as far as the server has it (a button to ask for it when nobody
   * did); `steps` is the replay's last step.
   * @param {string} id
   * @param {number} steps
   */
  async load(id, steps) {
    this.id = id;
    this.steps = steps;
    this.els.section.hidden = false;
    try {
      const state = await API.review(id);
      if (state) this.follow(state);
      else this.offer();
    } catch (e) {
      this.offer(e);
    }
  }

  /**
   * The button that asks for the review, with what it does (and why the last try failed).
   * @param {unknown} [error]
   */
  offer(error) {
    replace(
      this.els.body,
      h('p', { class: 'how' }, t('review.how')),
      h('button', { type: 'button', id: 'ask-review', onclick: () => this.ask() }, t('review.ask')),
      error ? h('p', { class: 'error', role: 'alert' }, error instanceof Error ? error.message : String(error)) : null,
    );
  }

  async ask() {
    replace(this.els.body, h('p', { class: 'review-progress', role: 'status' }, t('review.asking')));
    try {
      this.follow(await API.askReview(this.id));
    } catch (e) {
      this.offer(e);
    }
  }

  /**
   * Shows how far the review is, and asks again until it is made or failed.
   * @param {ReviewState} state
   */
  follow(state) {
    clearTimeout(this.timer);
    if (state.status === 'done' && state.review) {
      this.show(state.review);
      return;
    }
    if (state.status === 'failed') {
      this.offer(new Error(t('review.failed', { why: state.error ?? t('review.no-reason') })));
      return;
    }
    const words =
      state.status === 'queued' ? t('review.queued') : t('review.reviewing', { done: state.done, n: state.total });
    replace(
      this.els.body,
      h(
        'p',
        { class: 'review-progress', role: 'status' },
        words,
        ' ',
        h('progress', { max: String(Math.max(state.total, 1)), value: String(state.done), 'aria-label': words }),
      ),
    );
    this.timer = window.setTimeout(async () => {
      try {
        const next = await API.review(this.id);
        if (next) this.follow(next);
      } catch (e) {
        this.offer(e);
      }
    }, POLL_MS);
  }

  /**
   * The review made: each player's accuracy and marks, the curve and the marked decisions.
   * @param {Review} review
   */
  show(review) {
    this.review = review;
    this.byStep = new Map(review.decisions.map((d) => [d.step, d]));
    const marked = review.decisions.filter((d) => d.mark);
    replace(
      this.els.body,
      h(
        'ul',
        { class: 'review-seats' },
        review.seats.map((x) =>
          h(
            'li',
            { class: `review-seat ${x.seat}` },
            h('strong', {}, this.hooks.name(x.seat)),
            t('log.colon'),
            x.accuracy === null
              ? t('review.no-decision')
              : t('review.accuracy', {
                  accuracy: Math.round(x.accuracy),
                  inaccuracies: t('review.inaccuracies', { n: x.inaccuracies }),
                  mistakes: t('review.mistakes', { n: x.mistakes }),
                  blunders: t('review.blunders', { n: x.blunders }),
                }),
          ),
        ),
      ),
      this.curve(review),
      marked.length
        ? h(
            'div',
            { class: 'review-marks' },
            h('h3', {}, t('review.marked')),
            h(
              'ol',
              { class: 'review-mark-list' },
              marked.map((d) =>
                h(
                  'li',
                  {},
                  h(
                    'button',
                    {
                      type: 'button',
                      class: 'minor review-jump',
                      'data-step': String(d.step),
                      onclick: () => this.hooks.go(d.step),
                    },
                    markBadge(d.mark),
                    ' ',
                    t('review.jump', { name: this.hooks.name(d.seat), played: d.played }),
                  ),
                ),
              ),
            ),
          )
        : h('p', { class: 'how' }, t('review.none-marked')),
      // (the puzzles are a server's, made from its tables: none for a table of this device)
      this.id.startsWith(LOCAL_ID)
        ? null
        : h(
            'p',
            {},
            h(
              'a',
              { href: `puzzles.html?table=${encodeURIComponent(this.id)}`, id: 'game-puzzles-link' },
              t('puzzles.puzzles-from-this'),
            ),
            ' ',
            h('span', { class: 'how' }, t('review.puzzles-how')),
          ),
    );
    this.hooks.changed();
  }

  /**
   * The curve of the expected results: a line per player through the results after each of its
   * decisions (as a share of a win, 100% at the top), a dot at each marked decision, and the
   * line of the step shown. A click goes to the decision nearest to it.
   * @param {Review} review
   */
  curve(review) {
    const right = W - PAD;
    const low = H - BOTTOM;
    const x = (/** @type {number} */ step) => LEFT + ((right - LEFT) * step) / Math.max(this.steps, 1);
    const y = (/** @type {number} */ v) => PAD + ((low - PAD) * (100 - share(v))) / 100;
    const svg = s('svg', {
      class: 'review-curve',
      viewBox: `0 0 ${W} ${H}`,
      role: 'img',
      'aria-label': curveWords(review, this.hooks.name),
    });
    svg.appendChild(s('rect', { class: 'review-frame', x: LEFT, y: PAD, width: right - LEFT, height: low - PAD }));
    svg.appendChild(s('line', { class: 'review-half', x1: LEFT, x2: right, y1: y(0), y2: y(0) }));
    // the axes: the share of a win up the side, the moves along the bottom
    for (const [v, label] of /** @type {[number, string][]} */ ([
      [1, '100%'],
      [0, '50%'],
      [-1, '0%'],
    ]))
      svg.appendChild(s('text', { class: 'review-axis', x: LEFT - 4, y: y(v) + 3.5, 'text-anchor': 'end' }, label));
    svg.appendChild(
      s('text', { class: 'review-axis', x: LEFT, y: H - 6, 'text-anchor': 'start' }, t('review.axis-move', { n: 1 })),
    );
    svg.appendChild(
      s(
        'text',
        { class: 'review-axis', x: right, y: H - 6, 'text-anchor': 'end' },
        t('review.axis-move', { n: this.steps }),
      ),
    );
    svg.appendChild(
      s('text', { class: 'review-axis', x: (LEFT + right) / 2, y: H - 6, 'text-anchor': 'middle' }, t('review.axis')),
    );
    for (const seat of review.seats.map((x) => x.seat)) {
      const mine = review.decisions.filter((d) => d.seat === seat);
      if (!mine.length) continue;
      const points = mine.map((d) => `${x(d.step).toFixed(1)},${y(d.after).toFixed(1)}`).join(' ');
      svg.appendChild(s('polyline', { class: `review-line ${seat}`, points }));
      for (const d of mine.filter((m) => m.mark))
        svg.appendChild(
          s('circle', {
            class: `review-dot ${d.mark}`,
            cx: x(d.step),
            cy: y(d.after),
            r: d.mark === 'blunder' ? 5 : 4,
          }),
        );
    }
    this.cursor = s('line', { class: 'review-cursor', x1: x(0), x2: x(0), y1: PAD, y2: H - PAD });
    svg.appendChild(this.cursor);
    svg.addEventListener('click', (ev) => {
      const r = svg.getBoundingClientRect();
      const at = ((ev.clientX - r.left) / r.width) * W;
      let best = null;
      for (const d of review.decisions) if (!best || Math.abs(x(d.step) - at) < Math.abs(x(best.step) - at)) best = d;
      if (best) this.hooks.go(best.step);
    });
    this.x = x;
    const legend = h(
      'ul',
      { class: 'review-legend' },
      review.seats
        .filter((x) => review.decisions.some((d) => d.seat === x.seat))
        .map((x) => h('li', { class: x.seat }, this.hooks.name(x.seat))),
    );
    return h('figure', { class: 'review-figure' }, svg, h('figcaption', {}, legend));
  }

  /**
   * The step shown: the curve's line moves there.
   * @param {number} step
   */
  at(step) {
    if (!this.cursor || !this.x) return;
    const px = this.x(step).toFixed(1);
    this.cursor.setAttribute('x1', px);
    this.cursor.setAttribute('x2', px);
  }

  /**
   * The mark of the decision of a step, or null.
   * @param {number} step
   */
  markOf(step) {
    return this.byStep.get(step)?.mark ?? null;
  }

  /**
   * What the review says of the decision of a step (null when it reviewed none there): the
   * expected result before and after, the mark, and the best alternative, which is framed on
   * the board (the squares and cards its words name) when it differs from the move made.
   * @param {number} step
   * @param {HTMLElement[]} areas where the board and the players are drawn
   */
  note(step, areas) {
    const d = this.byStep.get(step);
    if (!d) return null;
    const better = d.best !== d.played;
    // "advance N", "defend": a move that names nothing drawn has nothing to frame
    const framed = better && frame(areas, d.seat, d.best.split(' ')) > 0;
    const who = this.hooks.name(d.seat);
    const verdict = { name: who, played: d.played, before: share(d.before), after: share(d.after) };
    return h(
      'div',
      { class: `review-note${d.mark ? ` ${d.mark}` : ''}` },
      h(
        'p',
        {},
        d.mark ? markBadge(d.mark) : null,
        ' ',
        d.mark
          ? t(`review.verdict-${d.mark}`, { ...verdict, points: Math.round(d.loss * 50) })
          : t('review.verdict', verdict),
        d.played_note
          ? h(
              'span',
              { class: 'review-preview' },
              ' ',
              ...tParts('review.preview', { played: d.played, note: noteWords(d.played_note) }),
            )
          : null,
      ),
      better
        ? h(
            'p',
            { class: 'review-best' },
            d.best_note
              ? tParts('review.best-note', { best: d.best, note: noteWords(d.best_note) })
              : t('review.best', { best: d.best }),
            framed ? h('span', { class: 'review-alt-key' }, ' ', t('review.framed')) : null,
          )
        : null,
      better && d.line?.length
        ? h(
            'p',
            { class: 'review-line-words' },
            t('review.then', {
              name: who,
              line: d.line
                .map((m) => t('review.line-move', { seat: this.hooks.name(m.seat), action: m.action }))
                .join(t('review.line-separator')),
            }),
          )
        : null,
    );
  }
}

/**
 * Frames on the board and in the mover's own panel the things the words name (`data-token`):
 * another player's holder or hand may hold a thing of the same name, which the move does not
 * touch. The number of things framed.
 * @param {HTMLElement[]} areas
 * @param {string} seat the mover
 * @param {string[]} words
 */
function frame(areas, seat, words) {
  let n = 0;
  for (const area of areas) {
    const own = area.querySelector(`.player.${CSS.escape(seat)}`);
    const where = area.querySelector('.player') ? own : area;
    if (!where) continue;
    for (const w of words)
      for (const el of where.querySelectorAll(`[data-token="${CSS.escape(w)}"]`)) {
        el.classList.add('review-alt');
        n++;
      }
  }
  return n;
}

/**
 * The curve in words, for a screen reader: each player's expected result at the start and at
 * the end, and its lowest.
 * @param {Review} review
 * @param {(seat: string) => string} name
 */
function curveWords(review, name) {
  const parts = review.seats
    .map((x) => {
      const mine = review.decisions.filter((d) => d.seat === x.seat);
      if (!mine.length) return '';
      const low = Math.min(...mine.map((d) => share(d.after)));
      return t('review.curve-seat', {
        name: name(x.seat),
        from: share(mine[0].before),
        to: share(mine[mine.length - 1].after),
        low,
      });
    })
    .filter(Boolean);
  return t('review.curve', { seats: parts.join(t('review.curve-separator')) });
}
