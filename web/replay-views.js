// The view of every step of a replay (the replay page, replay.js). The server sends step 0's
// view whole and each later step as its changes from the step before (RFC 6902 operations,
// json-patch.js), or, asked with ?views=full, every step's view whole (both forms are read
// here). Every CHECKPOINT-th view is kept as a copy, made when the replay is read (which also
// checks that every step's changes apply): any step, forwards, backwards or by a jump, is then
// its checkpoint's copy with fewer than CHECKPOINT steps' changes applied. A 1,000-step game
// keeps 63 views rather than 1,000.

import { applyPatch } from './json-patch.js';

/** @typedef {import('./types.js').ReplayStep} ReplayStep */
/** @typedef {import('./types.js').View} View */

/** Steps between two kept views: at most 15 steps' changes are applied to show one. */
export const CHECKPOINT = 16;

export class ReplayViews {
  /**
   * Reads the steps once, keeping every CHECKPOINT-th view; throws, naming the step, when a
   * step has neither a view nor changes that apply to the view before.
   * @param {ReplayStep[]} steps
   */
  constructor(steps) {
    this.steps = steps;
    /** @type {View[]} saved[j]: the view of step j * CHECKPOINT (never handed out) */
    this.saved = [];
    /** @type {View | null} */
    let view = null;
    steps.forEach((step, k) => {
      view = this.after(view, step, k);
      if (k % CHECKPOINT === 0) this.saved.push(structuredClone(view));
    });
  }

  /**
   * Step k's view from the view before it (changed in place), or its own view.
   * @param {View | null} before
   * @param {ReplayStep} step
   * @param {number} k
   * @returns {View}
   */
  after(before, step, k) {
    if (step.view !== undefined) return structuredClone(step.view);
    if (!Array.isArray(step.changes) || before === null) {
      throw new Error(`the server sent step ${k} with neither a view nor its changes`);
    }
    try {
      return /** @type {View} */ (applyPatch(before, step.changes));
    } catch (e) {
      throw new Error(
        `the server sent changes for step ${k} that do not apply: ${e instanceof Error ? e.message : e}`,
        { cause: e },
      );
    }
  }

  /**
   * The view of step k (0 to the last), a new object that the caller may keep or change.
   * @param {number} k
   * @returns {View}
   */
  view(k) {
    const from = Math.floor(k / CHECKPOINT);
    let view = structuredClone(this.saved[from]);
    for (let j = from * CHECKPOINT + 1; j <= k; j++) view = this.after(view, this.steps[j], j);
    return view;
  }

  /**
   * The views of step k and of the step before it (null at step 0), for a page that draws
   * what changed.
   * @param {number} k
   * @returns {{view: View, previous: View | null}}
   */
  pair(k) {
    if (k === 0) return { view: this.view(0), previous: null };
    const previous = this.view(k - 1);
    return { view: this.after(structuredClone(previous), this.steps[k], k), previous };
  }
}
