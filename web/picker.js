// The legal-action picker: the player chooses only among the view's `legal` actions, word by
// word. A click on a square, piece or card chooses the word it stands for (its `data-token`);
// the actions that contain every chosen word remain; the words that could come next are
// offered as buttons, and the words that name things on the board are highlighted there.
// It knows no rules: it only narrows a list of strings. Typed notation is completed from the
// same list. Each word has a kind, from the game's notation (the drawing module's `wordKinds`):
// a square of the board, or any other word (a piece, a card, an item, a verb). A click on a
// square matches only words in a square's place, and one on a card or item only the others,
// so that Arrow Party's die d4 is no choice on the area's square d4.

/** @typedef {'square' | 'word'} Kind */

/**
 * The kinds of an action's words when the game says nothing: a word shaped as a square (a
 * letter and a number) is one.
 * @param {string[]} action
 * @returns {Kind[]}
 */
export function squaresByShape(action) {
  return action.map((w) => (/^[a-z]\d{1,2}$/.test(w) ? 'square' : 'word'));
}

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
 * reads as "from c1 to c2"). A chosen word with a kind (a click on a square, a card) takes only
 * a position of that kind; one without (a word button) any. Returns the positions used, or
 * null when a word is missing.
 * @param {string[]} action
 * @param {string[]} chosen
 * @param {Kind[]} [kinds] the kind of each of the action's words
 * @param {(Kind | null)[]} [chosenKinds] the kind of each chosen word (null: any)
 * @returns {number[] | null}
 */
export function match(action, chosen, kinds, chosenKinds) {
  const used = new Array(action.length).fill(false);
  const at = [];
  let prev = -1;
  for (let c = 0; c < chosen.length; c++) {
    const w = chosen[c];
    const kind = chosenKinds?.[c] ?? null;
    /** @param {number} i */
    const fits = (i) => !used[i] && action[i] === w && (kind === null || !kinds || kinds[i] === kind);
    let pos = -1;
    for (let i = prev + 1; i < action.length; i++) {
      if (fits(i)) {
        pos = i;
        break;
      }
    }
    if (pos < 0) {
      for (let i = 0; i < action.length; i++) {
        if (fits(i)) {
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
 * @property {{word: string, count: number, kind: Kind}[]} next  the words that may come next,
 *   in the order the legal list first offers them, with how many actions each keeps and its
 *   kind (where it first comes)
 * @property {Set<string>} targets  every word still to choose in some remaining action
 * @property {Set<string>} squares  those of them in a square's place (highlighted on the board)
 * @property {Set<string>} things  those of them in another word's place (a card, an item)
 * @property {number} remaining  how many legal actions remain
 */

export class Picker {
  /**
   * @param {string[]} legal the view's legal actions (empty when it is not the viewer's turn)
   * @param {(action: string[]) => Kind[]} [kindsOf] the kind of each word of an action, from
   *   the game's notation (default: by shape)
   */
  constructor(legal, kindsOf = squaresByShape) {
    /** @type {string[][]} */
    this.actions = legal.map(words);
    /** @type {Kind[][]} */
    this.kinds = this.actions.map(kindsOf);
    this.kindsOf = kindsOf;
    /** @type {string[]} */
    this.legal = legal.slice();
    /** @type {string[]} */
    this.chosen = [];
    /** @type {(Kind | null)[]} the kind each chosen word was chosen as (null: any) */
    this.chosenKinds = [];
    /** @type {{chosen: string[], kinds: (Kind | null)[]}[]} the choices before each, for `back` */
    this.history = [];
    this.autoAdvance();
  }

  /**
   * Whether the i-th action has the chosen words (with these added).
   * @param {number} i
   * @param {string[]} chosen
   * @param {(Kind | null)[]} kinds
   */
  fits(i, chosen = this.chosen, kinds = this.chosenKinds) {
    return match(this.actions[i], chosen, this.kinds[i], kinds) !== null;
  }

  /** The indexes of the legal actions that contain every chosen word. */
  candidateIndexes() {
    return this.actions.map((_, i) => i).filter((i) => this.fits(i));
  }

  /** The legal actions (as word lists) that contain every chosen word. */
  candidates() {
    return this.candidateIndexes().map((i) => this.actions[i]);
  }

  /**
   * Chooses a word, as a word of that kind when one is given (a click on a square or a card),
   * else in any place. Returns false (and changes nothing) when no legal action has it with the
   * words chosen so far.
   * @param {string} word
   * @param {Kind | null} [kind]
   */
  choose(word, kind = null) {
    const next = [...this.chosen, word];
    const nextKinds = [...this.chosenKinds, kind];
    if (!this.actions.some((_, i) => this.fits(i, next, nextKinds))) return false;
    this.history.push({ chosen: this.chosen, kinds: this.chosenKinds });
    this.chosen = next;
    this.chosenKinds = nextKinds;
    this.autoAdvance();
    return true;
  }

  /**
   * Chooses a whole legal action at once (typed in the notation box): its words become the
   * chosen ones, so that it shows as a click's choice does, with its Play button.
   * @param {string} action one of `legal`
   */
  chooseAction(action) {
    this.history.push({ chosen: this.chosen, kinds: this.chosenKinds });
    this.chosen = words(action);
    this.chosenKinds = this.chosen.map(() => null);
  }

  /** Takes the last choice back, with the words that were chosen automatically after it. */
  back() {
    const h = this.history.pop();
    if (h) this.restore(h);
  }

  /** Forgets every chosen word. */
  clear() {
    if (this.history[0]) this.restore(this.history[0]);
    this.history = [];
  }

  /** @param {{chosen: string[], kinds: (Kind | null)[]}} h */
  restore(h) {
    this.chosen = h.chosen;
    this.chosenKinds = h.kinds;
  }

  /**
   * The chosen words that stand for squares (marked as chosen on the board) and those that
   * stand for anything else (marked among the cards and items), where the remaining actions
   * put them.
   */
  chosenByKind() {
    const squares = new Set();
    const things = new Set();
    for (const i of this.candidateIndexes()) {
      const at = /** @type {number[]} */ (match(this.actions[i], this.chosen, this.kinds[i], this.chosenKinds));
      for (const pos of at) (this.kinds[i][pos] === 'square' ? squares : things).add(this.actions[i][pos]);
    }
    return { squares, things };
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
      this.chosenKinds = [...this.chosenKinds, o.next[0].kind];
    }
  }

  /** @returns {Options} */
  options() {
    const cands = this.candidateIndexes();
    /** @type {Map<string, {word: string, count: number, kind: Kind}>} */
    const next = new Map();
    /** @type {Set<string>} */
    const targets = new Set();
    /** @type {Set<string>} */
    const squares = new Set();
    /** @type {Set<string>} */
    const things = new Set();
    let complete = null;
    for (const c of cands) {
      const a = this.actions[c];
      const kinds = this.kinds[c];
      const at = /** @type {number[]} */ (match(a, this.chosen, kinds, this.chosenKinds));
      const used = new Set(at);
      let first = -1;
      for (let i = 0; i < a.length; i++) {
        if (used.has(i)) continue;
        targets.add(a[i]);
        (kinds[i] === 'square' ? squares : things).add(a[i]);
        if (first < 0) first = i;
      }
      if (first < 0) {
        complete = a.join(' ');
      } else {
        const n = next.get(a[first]);
        if (n) n.count++;
        else next.set(a[first], { word: a[first], count: 1, kind: kinds[first] });
      }
    }
    return { complete, next: [...next.values()], targets, squares, things, remaining: cands.length };
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
 * @param {Kind | null} [kind] what was clicked: a square of the board, or a card or item
 * @returns {{picker: Picker, chose: boolean} | null}
 */
export function clickWord(p, token, kind = null) {
  const chosen = kind === null ? new Set(p.chosen) : p.chosenByKind()[kind === 'square' ? 'squares' : 'things'];
  if (chosen.has(token) && p.history.length) {
    p.back();
    return { picker: p, chose: false };
  }
  if (p.choose(token, kind)) return { picker: p, chose: true };
  const fresh = new Picker(p.legal, p.kindsOf);
  return fresh.choose(token, kind) ? { picker: fresh, chose: true } : null;
}
