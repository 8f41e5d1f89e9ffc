// The legal-action picker: the player chooses only among the view's `legal` actions, word by
// word. A click on a square, piece or card chooses the word it stands for (its `data-token`);
// the actions that contain every chosen word remain; the words that could come next are
// offered as buttons, and the words that name things on the board are highlighted there.
// It knows no rules: it only narrows a list of strings. Typed notation is completed from the
// same list.

/**
 * An action split into its words.
 * @param {string} action
 */
export function words(action) {
  return action.trim().split(/\s+/).filter(Boolean);
}

/**
 * Matches the chosen words against an action's words: each chosen word takes the first free
 * position holding it, preferring positions after the previous match (so that "c1 then c2"
 * reads as "from c1 to c2"). Returns the positions used, or null when a word is missing.
 * @param {string[]} action
 * @param {string[]} chosen
 * @returns {number[] | null}
 */
export function match(action, chosen) {
  const used = new Array(action.length).fill(false);
  const at = [];
  let prev = -1;
  for (const w of chosen) {
    let pos = -1;
    for (let i = prev + 1; i < action.length; i++) {
      if (!used[i] && action[i] === w) {
        pos = i;
        break;
      }
    }
    if (pos < 0) {
      for (let i = 0; i < action.length; i++) {
        if (!used[i] && action[i] === w) {
          pos = i;
          break;
        }
      }
    }
    if (pos < 0) return null;
    used[pos] = true;
    at.push(pos);
    prev = pos;
  }
  return at;
}

/**
 * @typedef {Object} Options
 * @property {string | null} complete  the action made of exactly the chosen words, if legal
 * @property {{word: string, count: number}[]} next  the words that may come next, in the
 *   order the legal list first offers them, with how many actions each keeps
 * @property {Set<string>} targets  every word still to choose in some remaining action
 * @property {number} remaining  how many legal actions remain
 */

export class Picker {
  /**
   * @param {string[]} legal the view's legal actions (empty when it is not the viewer's turn)
   */
  constructor(legal) {
    /** @type {string[][]} */
    this.actions = legal.map(words);
    /** @type {string[]} */
    this.legal = legal.slice();
    /** @type {string[]} */
    this.chosen = [];
    /** @type {string[][]} the chosen words before each choice, for `back` */
    this.history = [];
    this.autoAdvance();
  }

  /** The legal actions (as word lists) that contain every chosen word. */
  candidates() {
    return this.actions.filter((a) => match(a, this.chosen) !== null);
  }

  /**
   * Chooses a word. Returns false (and changes nothing) when no legal action has it with the
   * words chosen so far.
   * @param {string} word
   */
  choose(word) {
    const next = [...this.chosen, word];
    if (!this.actions.some((a) => match(a, next) !== null)) return false;
    this.history.push(this.chosen);
    this.chosen = next;
    this.autoAdvance();
    return true;
  }

  /** Takes the last choice back, with the words that were chosen automatically after it. */
  back() {
    this.chosen = this.history.pop() ?? this.chosen;
  }

  /** Forgets every chosen word. */
  clear() {
    this.chosen = this.history[0] ?? this.chosen;
    this.history = [];
  }

  /**
   * When every remaining action has the same next word and none is complete, that word is no
   * choice: it is chosen at once (the verb when there is only one, "place" when nothing else
   * is legal).
   */
  autoAdvance() {
    for (let guard = 0; guard < 16; guard++) {
      const o = this.options();
      if (o.complete !== null || o.next.length !== 1 || o.remaining === 0) return;
      this.chosen = [...this.chosen, o.next[0].word];
    }
  }

  /** @returns {Options} */
  options() {
    const cands = this.candidates();
    /** @type {Map<string, number>} */
    const next = new Map();
    const targets = new Set();
    let complete = null;
    for (const a of cands) {
      const at = /** @type {number[]} */ (match(a, this.chosen));
      const used = new Set(at);
      let first = -1;
      for (let i = 0; i < a.length; i++) {
        if (used.has(i)) continue;
        targets.add(a[i]);
        if (first < 0) first = i;
      }
      if (first < 0) {
        complete = a.join(' ');
      } else {
        next.set(a[first], (next.get(a[first]) ?? 0) + 1);
      }
    }
    return {
      complete,
      next: [...next.entries()].map(([word, count]) => ({ word, count })),
      targets,
      remaining: cands.length,
    };
  }

  /**
   * The legal actions that begin with a typed text (case and spacing ignored), for completion.
   * @param {string} typed
   */
  completions(typed) {
    const t = normalize(typed);
    return this.legal.filter((a) => normalize(a).startsWith(t));
  }

  /**
   * The typed text completed as far as every matching action agrees (Tab in the input box):
   * the longest common prefix, extended to a whole word when possible.
   * @param {string} typed
   */
  complete(typed) {
    const list = this.completions(typed);
    if (list.length === 0) return typed;
    let prefix = list[0];
    for (const a of list) {
      let i = 0;
      while (i < prefix.length && i < a.length && prefix[i].toLowerCase() === a[i].toLowerCase()) i++;
      prefix = prefix.slice(0, i);
    }
    if (list.length > 1 && !list.includes(prefix)) {
      // stop after the last whole word everyone shares
      const cut = prefix.lastIndexOf(' ');
      if (cut >= 0 && normalize(prefix.slice(0, cut + 1)).length >= normalize(typed).length)
        prefix = prefix.slice(0, cut + 1);
    }
    return normalize(prefix).length >= normalize(typed).length ? prefix : typed;
  }
}

/**
 * Lower case with single spaces, for comparing typed text with notation.
 * @param {string} text
 */
export function normalize(text) {
  return text.toLowerCase().replace(/\s+/g, ' ').replace(/^ /, '');
}

/**
 * A click on a square, piece or card (its word) while choosing: a word already chosen takes
 * that choice back; a word that fits the choices so far is chosen; one that does not starts
 * the choice again from it. Returns the picker to go on with and whether a word was chosen
 * (false: taken back), or null when the word is in no legal action.
 * @param {Picker} p
 * @param {string} token
 * @returns {{picker: Picker, chose: boolean} | null}
 */
export function clickWord(p, token) {
  if (p.chosen.includes(token) && p.history.length) {
    p.back();
    return { picker: p, chose: false };
  }
  if (p.choose(token)) return { picker: p, chose: true };
  const fresh = new Picker(p.legal);
  return fresh.choose(token) ? { picker: fresh, chose: true } : null;
}
