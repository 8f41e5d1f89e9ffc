// puzzles.html: puzzles made from real games (docs/server/api.md, "Puzzles"). ?id=ID shows one:
// the position as its player saw it (the game's drawing module, from the view the server sends,
// which holds nothing the player could not see) and the move panel; the move chosen is judged
// by the server, which says whether it was the one, what the one does and the line after it,
// and, for a signed-in player's first try, how the puzzle rating moved. ?table=ID lists the
// puzzles of one game (asked again while the server is still looking for them) and shows the
// first; with neither, the next puzzle for me (GET /api/puzzles). The page knows no rule.

import { byId, h, replace } from './dom.js';
import * as API from './api.js';
import { choosingScreen } from './move-panel.js';
import { gameModule } from './games/index.js';
import { withCatalogue } from './screen.js';
import { t, tParts } from './i18n.js';
import { noteWords } from './log-panel.js';

/** @typedef {import('./types.js').Puzzle} Puzzle */
/** @typedef {import('./types.js').PuzzleVerdict} PuzzleVerdict */

const els = {
  title: byId('title'),
  error: byId('puzzle-error'),
  rating: byId('puzzle-rating'),
  gamePuzzles: byId('game-puzzles'),
  gameStatus: byId('game-puzzles-status'),
  gameList: byId('game-puzzle-list'),
  place: byId('puzzle-place'),
  status: byId('status'),
  board: byId('board-area'),
  players: byId('players-area'),
  about: byId('puzzle-about'),
  verdict: byId('verdict'),
  movePanel: byId('move-panel'),
  next: /** @type {HTMLButtonElement} */ (byId('next-puzzle')),
};

/** The themes the engine names a puzzle by (src/engine/puzzle.c), each a catalog message. */
const THEMES = new Set(['capture', 'endgame', 'defence', 'advantage']);

/**
 * A puzzle's themes in the page's language, joined; a theme the catalogs do not know is shown
 * as the engine names it.
 * @param {string[]} themes
 */
function themeWords(themes) {
  return themes.map((x) => (THEMES.has(x) ? t(`puzzles.theme-${x}`) : x)).join(t('review.line-separator'));
}

const query = new URLSearchParams(location.search);
const state = {
  /** @type {Puzzle | null} */ puzzle: null,
  /** @type {PuzzleVerdict | null} the verdict once tried */ verdict: null,
  sending: false,
};

/** @param {unknown} e */
function why(e) {
  return e instanceof Error ? e.message : String(e);
}

/** @param {string} seat */
function name(seat) {
  return seat === state.puzzle?.seat ? t('seat.you', { seat }) : seat;
}

// a try is final: a chosen move waits for Play, beside what it would do, as at a table
const { screen, panel, chooser } = choosingScreen(els, {
  play: attempt,
  redraw: draw,
  busy: () => state.sending,
  confirm: () => true,
  settings: false,
});

/**
 * The move chosen, judged by the server.
 * @param {string} action
 */
async function attempt(action) {
  const p = state.puzzle;
  if (!p || state.verdict || state.sending) return;
  state.sending = true;
  document.body.dataset.sending = '1';
  panel.clearError();
  try {
    state.verdict = await API.attemptPuzzle(p.id, action);
    showVerdict(action, state.verdict);
    chooser.reset(null, p.view);
    await next(); // the rating as it is now
  } catch (e) {
    panel.showError(why(e));
  } finally {
    state.sending = false;
    delete document.body.dataset.sending;
  }
  draw();
}

/**
 * What the server said of the move tried: right or not, the one move and why, the rating.
 * @param {string} tried
 * @param {PuzzleVerdict} v
 */
function showVerdict(tried, v) {
  const r = v.rating;
  replace(
    els.verdict,
    h(
      'p',
      { class: v.correct ? 'puzzle-right' : 'puzzle-wrong' },
      v.correct ? t('puzzles.right', { answer: v.answer }) : t('puzzles.wrong', { tried, answer: v.answer }),
    ),
    v.note ? h('p', {}, ...tParts('review.preview', { played: v.answer, note: noteWords(v.note) })) : null,
    v.line.length
      ? h(
          'p',
          { class: 'how' },
          t('puzzles.then', {
            line: v.line.map((m) => t('review.line-move', m)).join(t('review.line-separator')),
          }),
        )
      : null,
    h(
      'p',
      { class: 'how' },
      t('puzzles.in-the-game', {
        played: v.played,
        lost: Math.round((v.value - (v.played_value ?? v.second)) * 50),
      }),
    ),
    r
      ? h(
          'p',
          { class: 'puzzle-rating-change', 'data-change': String(r.change) },
          t(r.change >= 0 ? 'puzzles.rating-up' : 'puzzles.rating-down', {
            before: r.before,
            after: `${r.after}${r.provisional ? '?' : ''}`,
            change: r.change,
          }),
        )
      : h('p', { class: 'how' }, v.rated ? '' : t('puzzles.not-rated')),
  );
  els.next.hidden = false;
}

function draw() {
  const p = state.puzzle;
  if (!p) return;
  const mod = gameModule(p.game);
  const picker = state.verdict || state.sending ? null : chooser.picker;
  const o = picker ? picker.options() : null;
  screen.draw(p.view, name, {
    chosen: picker ? picker.chosen : [],
    targets: o ?? undefined,
    selected: picker?.chosenByKind(),
    status: state.verdict ? '' : t('puzzles.to-move', { seat: name(p.seat) }),
  });
  els.movePanel.hidden = Boolean(state.verdict);
  if (!state.verdict)
    panel.show(
      picker,
      (w) => (mod ? mod.wordLabel(w, picker?.chosen ?? [], p.view) : w),
      state.sending ? t('puzzles.checking') : '',
    );
}

/**
 * Shows puzzle id.
 * @param {string} id
 */
async function show(id) {
  const p = await API.puzzle(id);
  withCatalogue(p.catalogue ?? null, [p.view]);
  state.puzzle = p;
  state.verdict = null;
  els.place.hidden = false;
  els.next.hidden = true;
  replace(els.verdict);
  els.title.textContent = t('puzzles.title', { game: p.title });
  document.title = t('puzzles.page-title', { game: p.title });
  replace(
    els.about,
    t('puzzles.about', { step: p.step, seat: p.seat, rating: p.rating, solved: p.solved, n: p.plays }),
    p.themes.length ? ` ${t('puzzles.themes', { themes: themeWords(p.themes) })}` : '',
    ' ',
    h('a', { href: `replay.html?id=${encodeURIComponent(p.table)}` }, t('puzzles.the-game')),
  );
  chooser.reset(p.view.legal ?? [], p.view);
  draw();
}

/** My rating and the next puzzle for me. */
async function next() {
  const n = await API.nextPuzzle(state.puzzle?.game);
  els.rating.textContent = !n.rating
    ? t('puzzles.sign-in')
    : n.rating.games === 0
      ? t('puzzles.first-try')
      : t('puzzles.rating', {
          rating: n.rating.rating,
          mark: n.rating.provisional ? '?' : '',
          n: n.rating.games,
        });
  return n.next;
}

/**
 * The puzzles of one game, asked again while the server looks for them.
 * @param {string} table
 */
async function gamePuzzles(table) {
  const list = await API.tablePuzzles(table);
  els.gamePuzzles.hidden = false;
  els.gameStatus.textContent =
    list.status === 'none'
      ? t('puzzles.game-none')
      : list.status === 'looking'
        ? t('puzzles.game-looking', { looked: list.looked, n: list.candidates })
        : t('puzzles.game-made', { n: list.made });
  replace(
    els.gameList,
    list.puzzles.map((x) =>
      h(
        'li',
        {},
        h(
          'a',
          { href: `puzzles.html?id=${encodeURIComponent(x.id)}`, 'data-puzzle': x.id },
          t('puzzles.move', { step: x.step }),
        ),
        x.themes.length ? ` · ${themeWords(x.themes)}` : '',
      ),
    ),
  );
  if (list.status === 'looking')
    setTimeout(() => gamePuzzles(table).catch((e) => (els.error.textContent = why(e))), 1000);
  if (!state.puzzle && list.puzzles.length) await show(list.puzzles[0].id);
}

async function main() {
  els.next.onclick = async () => {
    try {
      const id = await next();
      if (id) location.href = `puzzles.html?id=${encodeURIComponent(id)}`;
      else els.error.textContent = t('puzzles.no-other');
    } catch (e) {
      els.error.textContent = why(e);
    }
  };
  const id = query.get('id');
  const table = query.get('table');
  if (id) await show(id);
  else if (table) await gamePuzzles(table);
  const first = await next();
  if (!id && !table) {
    if (first) await show(first);
    else els.error.textContent = t('puzzles.none');
  }
}

main().catch((e) => (els.error.textContent = why(e)));
