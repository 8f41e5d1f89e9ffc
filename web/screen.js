// One game on screen: the board and the players' panels drawn by the game's module from a View
// JSON, the sentence saying whose turn it is, and the highlights of the picker. Clicks on
// anything that stands for a word (`data-token`) go to one hook. The table page and the
// replay page both use it; tutorials can too.

import { h, replace } from './dom.js';
import { applyHighlight, tokenKind } from './board.js';
import { gameModule } from './games/index.js';
import { t, LANG } from './i18n.js';
import { levelName } from './levels.js';

/** @typedef {import('./types.js').TableInfo} TableInfo */
/** @typedef {import('./types.js').SeatInfo} SeatInfo */
/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').Rank} Rank */
/** @typedef {import('./types.js').Catalogue} Catalogue */
/** @typedef {import('./board.js').ByKind} ByKind */

/**
 * Puts the components a game is played with on its views, where the drawing modules read them
 * (`vj.catalogue`): the server sends a table's, a replay's or a lesson's catalogue once, not
 * with every view. Changes the views in place; a null catalogue (a game without components)
 * leaves them as they are.
 * @param {Catalogue | null | undefined} catalogue
 * @param {(View | null | undefined)[]} views
 */
export function withCatalogue(catalogue, views) {
  if (!catalogue) return;
  // each game's View takes its own game's catalogue: the server sends a view and the
  // catalogue of the same game, which no type can say of two values
  for (const vj of views) if (vj) /** @type {{catalogue?: unknown}} */ (vj).catalogue = catalogue;
}

/**
 * How to call each seat for a viewer: "you (p1)", or by the person's name ("Alex (p2)"), "p2
 * (player)" for a person who gave none, "p2 (open seat)", "p2 (invited)", "p2 (hard AI)", and a
 * seat the computer plays for an absent person "Alex (p2, played by the computer)".
 * @param {TableInfo | null} table the table's info (seats with kinds and names), or null
 * @param {string} viewer p1… or public/all
 * @param {{zombie?: boolean}} [o] zombie: false leaves "played by the computer" out (for a
 *   place that says it beside the name)
 * @returns {(seat: string) => string}
 */
export function seatNamer(table, viewer, o = {}) {
  /** @type {Map<string, SeatInfo>} */
  const seats = new Map((table?.seats ?? []).map((s) => [s.seat, s]));
  return (seat) => {
    const info = seats.get(seat);
    const zombie = Boolean(info?.zombie && o.zombie !== false);
    if (seat === viewer) return t(zombie ? 'seat.you-zombie' : 'seat.you', { seat });
    if (!info) return seat;
    if (info.kind === 'human') {
      if (!info.claimed) return t(info.open === false ? 'seat.invited' : 'seat.open', { seat });
      if (info.name && info.name !== seat)
        return t(zombie ? 'seat.named-zombie' : 'seat.named', { name: info.name, seat });
      return t(zombie ? 'seat.player-zombie' : 'seat.player', { seat });
    }
    // English says the level as the server names it ("p2 (beginner AI)"), the others by its name
    return t('seat.ai', { seat, level: LANG === 'en' ? info.kind : levelName(info.kind) });
  };
}

/**
 * The final ranks as a table (rank, player, score, and who left the game and how when someone
 * did), best first and ties by seat; the viewer's row marked. The table page and the replay page show the same.
 * @param {Rank[]} ranks
 * @param {(seat: string) => string} name
 * @param {string} [me] the viewer's seat
 * @returns {HTMLElement}
 */
export function ranksTable(ranks, name, me) {
  const rows = [...ranks].sort((a, b) => a.rank - b.rank || a.seat.localeCompare(b.seat));
  return h(
    'table',
    { class: 'ranks' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, t('ranks.rank')),
        h('th', { scope: 'col' }, t('ranks.player')),
        h('th', { scope: 'col' }, t('ranks.score')),
        rows.some((r) => r.reason) ? h('th', { scope: 'col' }, t('ranks.left')) : null,
      ),
    ),
    h(
      'tbody',
      {},
      rows.map((r) =>
        h(
          'tr',
          { class: r.seat === me ? 'me' : '' },
          h('td', {}, String(r.rank)),
          h('td', {}, name(r.seat)),
          h('td', {}, String(r.score)),
          rows.some((x) => x.reason)
            ? h(
                'td',
                {},
                r.reason === 'timeout' ? t('ranks.timeout') : r.reason === 'resigned' ? t('ranks.resigned') : '',
              )
            : null,
        ),
      ),
    ),
  );
}

export class Screen {
  /**
   * @param {{board: HTMLElement, players: HTMLElement, status: HTMLElement}} els
   * @param {(token: string, kind: import('./picker.js').Kind) => void} [onToken] a click on a
   *   square, piece or card: its word, and whether it is a square
   */
  constructor(els, onToken) {
    this.els = els;
    /** @type {View | null} */
    this.vj = null;
    /** @type {Map<string, CellContent>} what each cell of the board drawn last held */
    this.cells = new Map();
    if (onToken) {
      for (const el of [els.board, els.players]) {
        // The thing a press began on: a frame may redraw the board between a finger's down and
        // up (another player moved), and the click then lands on the new board's container, not
        // on a square, so a tap did nothing now and then; it counts for the square pressed.
        /** @type {{token: string, kind: import('./picker.js').Kind, at: number} | null} */
        let down = null;
        el.addEventListener('pointerdown', (ev) => {
          const t = /** @type {Element} */ (ev.target).closest('[data-token]');
          down =
            t && el.contains(t)
              ? { token: t.getAttribute('data-token') ?? '', kind: tokenKind(t), at: ev.timeStamp }
              : null;
        });
        el.addEventListener('click', (ev) => {
          const t = /** @type {Element} */ (ev.target).closest('[data-token]');
          if (t && el.contains(t)) onToken(t.getAttribute('data-token') ?? '', tokenKind(t));
          else if (
            down &&
            ev.timeStamp - down.at < 1000 &&
            el.querySelector(`[data-token="${CSS.escape(down.token)}"]`)
          )
            onToken(down.token, down.kind);
          down = null;
        });
      }
    }
  }

  /**
   * Draws a View JSON.
   * @param {View} vj
   * @param {(seat: string) => string} name
   * @param {{chosen?: string[], targets?: ByKind, selected?: ByKind, previous?: View | null,
   *          status?: string, last?: string[], acting?: string[], still?: boolean}} [o] targets:
   *   the words that may be chosen next, selected: those chosen, by kind (picker.js); last: the
   *   words of the last move (its squares are marked on the board); acting: the seats that may
   *   act now; still: nothing animated (a past board looked at, or the return from it)
   */
  draw(vj, name, o = {}) {
    // a new view of the same game (not a redraw of the same one after a click): what changed
    // on the board since the one before is animated
    const fresh = !o.still && this.vj !== null && this.vj !== vj && this.vj.game === vj?.game;
    this.vj = vj;
    const mod = gameModule(vj?.game);
    if (!mod) {
      replace(this.els.board, h('p', { class: 'error' }, t('screen.no-game', { game: String(vj?.game) })));
      return;
    }
    const opts = { name, chosen: o.chosen ?? [], previous: o.previous, acting: o.acting };
    // keep the keyboard focus on the same square or card across redraws
    const focused = /** @type {Element | null} */ (document.activeElement)?.closest?.('[data-token]');
    const focusToken =
      focused && (this.els.board.contains(focused) || this.els.players.contains(focused))
        ? focused.getAttribute('data-token')
        : null;
    const board = mod.drawBoard(vj, opts);
    const cells = cellContents(board);
    if (fresh) markChanges(cells, this.cells);
    this.cells = cells;
    replace(this.els.board, board);
    replace(this.els.players, mod.drawPanels(vj, opts));
    // the viewer's own panel (its hand or holder) first, right under the move panel
    const mine = this.els.players.querySelector('.my-hand')?.closest('.player');
    if (mine?.parentElement && mine !== mine.parentElement.firstElementChild) mine.parentElement.prepend(mine);
    replace(this.els.status, o.status ?? mod.turnText(vj, opts));
    const none = { squares: [], things: [] };
    const hl = { targets: o.targets ?? none, selected: o.selected ?? none };
    applyHighlight(this.els.board, { ...hl, last: o.last ?? [] });
    applyHighlight(this.els.players, hl);
    if (focusToken) {
      const again =
        this.els.board.querySelector(`[data-token="${CSS.escape(focusToken)}"]`) ??
        this.els.players.querySelector(`[data-token="${CSS.escape(focusToken)}"]`);
      if (again) {
        for (const c of this.els.board.querySelectorAll('.cell[tabindex="0"]')) c.setAttribute('tabindex', '-1');
        if (again.classList.contains('cell')) again.setAttribute('tabindex', '0');
        /** @type {HTMLElement} */ (again).focus({ preventScroll: true });
      }
    }
  }
}

/**
 * What a cell of the board holds: its drawing but the square's own background, as markup to
 * compare, and the nodes.
 * @typedef {{cell: Element, html: string, nodes: Element[]}} CellContent
 */

/**
 * The contents of a board's cells, by name.
 * @param {Element} board
 * @returns {Map<string, CellContent>}
 */
function cellContents(board) {
  /** @type {Map<string, CellContent>} */
  const out = new Map();
  for (const cell of board.querySelectorAll('.cell[data-token]')) {
    const nodes = [...cell.children].filter((c) => !c.classList.contains('cell-bg'));
    out.set(cell.getAttribute('data-token') ?? '', { cell, html: nodes.map((n) => n.outerHTML).join(''), nodes });
  }
  return out;
}

/**
 * Marks the cells whose contents changed since the board before, for style.css's animations:
 * what was placed appears (`anim-appear`), what changed turns (`anim-change`: a flip, a
 * capture by another piece, a new strength), and what left fades, drawn once more over the
 * empty square (`anim-gone`). Nothing is marked when the system asks for less motion. Both
 * boards are drawn from the viewer's own views: nothing hidden from it can show.
 * @param {Map<string, CellContent>} now
 * @param {Map<string, CellContent>} before
 */
function markChanges(now, before) {
  if (typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  for (const [name, c] of now) {
    const was = before.get(name);
    if (!was || was.html === c.html) continue;
    if (!was.html) c.cell.classList.add('anim-appear');
    else if (c.html) c.cell.classList.add('anim-change');
    else {
      c.cell.classList.add('anim-gone');
      for (const old of was.nodes) {
        const ghost = /** @type {Element} */ (old.cloneNode(true));
        ghost.classList.add('leaving'); // not `ghost`: a placement's preview is one
        ghost.setAttribute('aria-hidden', 'true');
        ghost.addEventListener('animationend', () => ghost.remove());
        c.cell.appendChild(ghost);
      }
    }
  }
}
