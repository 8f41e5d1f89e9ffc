// The tutorials' page (/learn, /learn/GAME, /learn/GAME/LESSON): the lessons of
// tutorials/<game>/ as `quiver serve` gives them (GET /api/lessons/GAME/ID: every step with the
// learner's view before it and what followed), drawn with the table's drawing modules. The
// learner finds each step's move by clicks or typed notation; the server judges it with the
// engine (POST /api/lessons/GAME/ID/try): the move to find goes on, any other gets the step's
// hint and changes nothing. Progress is kept in this browser (learn-progress.js); once every
// lesson of a game is done, a first game against the computer is offered. The page knows no
// rules.

import { byId, h, replace } from './dom.js';
import * as API from './api.js';
import { choosingScreen } from './move-panel.js';
import { LogPanel } from './log-panel.js';
import { gameModule } from './games/index.js';
import { finished, markFinished } from './learn-progress.js';
import { seatCount, create } from './new-table.js';
import { withCatalogue } from './screen.js';
import { t } from './i18n.js';
import { translatedLesson, translatedTitles } from './lesson-text.js';

/** @typedef {import('./types.js').LessonInfo} LessonInfo */
/** @typedef {import('./types.js').Lesson} Lesson */

const els = {
  title: byId('title'),
  rules: /** @type {HTMLAnchorElement} */ (byId('rules-link')),
  error: byId('learn-error'),
  index: byId('index'),
  indexGames: byId('index-games'),
  learn: byId('learn'),
  lessons: byId('lessons'),
  status: byId('status'),
  board: byId('board-area'),
  players: byId('players-area'),
  lesson: byId('lesson'),
  lessonTitle: byId('lesson-title'),
  stepCount: byId('step-count'),
  learned: byId('learned'),
  stepText: byId('step-text'),
  hint: byId('hint'),
  movePanel: byId('move-panel'),
  back: /** @type {HTMLButtonElement} */ (byId('back')),
  next: /** @type {HTMLButtonElement} */ (byId('next')),
  restart: /** @type {HTMLButtonElement} */ (byId('restart')),
  done: byId('done'),
  log: /** @type {HTMLOListElement} */ (byId('log')),
};

// /learn/GAME/LESSON (or ?game=GAME&lesson=LESSON)
const path = location.pathname
  .replace(/^\/learn\/?/, '')
  .split('/')
  .filter(Boolean)
  .map(decodeURIComponent);
const query = new URLSearchParams(location.search);
const game = path[0] ?? query.get('game') ?? '';
const asked = path[1] ?? query.get('lesson');

const state = {
  /** @type {LessonInfo[]} the game's lessons */ lessons: [],
  /** @type {Lesson | null} the expanded lesson */ lesson: null,
  /** the step shown; lesson.steps.length once the lesson is over */ at: 0,
  sending: false,
};

/** @param {string} seat */
function name(seat) {
  if (seat === state.lesson?.learner) return `you (${seat})`;
  return seat;
}

const log = new LogPanel(els.log, name);
const { screen, panel, chooser } = choosingScreen(els, { play: attempt, redraw: draw, busy: () => state.sending });

/** @param {unknown} e */
function fail(e) {
  els.error.textContent = e instanceof Error ? e.message : String(e);
}

/**
 * The learner's attempt at the step's move, judged by the server.
 * @param {string} action
 */
async function attempt(action) {
  const lesson = state.lesson;
  const step = lesson?.steps[state.at];
  if (!lesson || !step?.expect || state.sending) return;
  state.sending = true;
  document.body.dataset.sending = '1'; // a try is on its way (the tests wait for its answer)
  panel.clearError();
  els.hint.textContent = '';
  try {
    const r = await API.tryStep(game, lesson.id, state.at, action);
    if (r.verdict === 'right') {
      state.sending = false;
      panel.clearInput();
      forward();
      return;
    }
    // a hint or a move that is no move here: nothing changed; the choice starts again
    chooser.reset(step.view.legal ?? [], step.view);
    // the server answers with the lesson's English hint: the page's own words for it
    const said =
      r.verdict === 'hint' && step.hintEn && r.message === step.hintEn ? (step.hint ?? r.message) : r.message;
    if (r.verdict === 'hint') els.hint.textContent = t('learn.not-this-time', { hint: said });
    else panel.showError(r.message);
  } catch (e) {
    panel.showError(e instanceof Error ? e.message : String(e));
  } finally {
    state.sending = false;
    delete document.body.dataset.sending;
  }
  draw();
}

/** The step is done: what followed goes to the log and the next step is shown. */
function forward() {
  const steps = state.lesson?.steps;
  if (!steps || state.at >= steps.length) return;
  log.add(steps[state.at].log);
  state.at++;
  enter(true);
}

/** Back to the step before (the position as it was then). */
function backward() {
  if (!state.lesson || state.at === 0) return;
  state.at--;
  log.reset(state.lesson.steps.slice(0, state.at).flatMap((s) => s.log));
  enter(false);
}

/**
 * Shows the current step afresh.
 * @param {boolean} ahead whether the learner just went forward (then what the step taught is shown)
 */
function enter(ahead) {
  const steps = state.lesson?.steps;
  if (!steps) return;
  const step = steps[state.at];
  els.hint.textContent = '';
  panel.clearError();
  chooser.reset(step?.expect ? (step.view.legal ?? []) : null, step?.view);
  const learned = ahead && state.at > 0 ? (steps[state.at - 1].learned ?? []) : [];
  replace(
    els.learned,
    learned.map((t) => h('li', {}, t)),
  );
  els.learned.hidden = learned.length === 0;
  if (state.at >= steps.length) finish();
  draw();
  const active = document.activeElement;
  if (!active || active === document.body || /** @type {HTMLElement} */ (active).hidden || active.closest('[hidden]')) {
    els.lesson.focus({ preventScroll: true });
  }
}

/** Draws the current step: the view with its highlights, the words, the move panel. */
function draw() {
  const lesson = state.lesson;
  if (!lesson) return;
  const steps = lesson.steps;
  const over = state.at >= steps.length;
  const step = over ? null : steps[state.at];
  const view = step ? step.view : lesson.end;
  const mod = gameModule(view?.game);
  const p = step?.expect && !state.sending ? chooser.picker : null;
  const o = p ? p.options() : null;
  screen.draw(view, name, {
    chosen: p ? p.chosen : [],
    targets: o ?? undefined,
    selected: p?.chosenByKind(),
    status: !step ? t('learn.complete') : step.expect ? (mod?.turnText(view, { name }) ?? '') : t('learn.read-next'),
  });
  for (const t of step?.highlight ?? []) {
    for (const el of document.querySelectorAll(
      `#board-area [data-token="${CSS.escape(t)}"], #players-area [data-token="${CSS.escape(t)}"]`,
    )) {
      el.classList.add('lesson-mark');
    }
  }
  els.lessonTitle.textContent = lesson.title;
  els.stepCount.textContent = over
    ? t('learn.all-done', { n: steps.length })
    : t('learn.step-of', { at: state.at + 1, n: steps.length });
  replace(
    els.stepText,
    !step
      ? []
      : String(step.web ?? step.text)
          .split(/\n\s*\n/)
          .map((para) => h('p', {}, para)),
  );
  els.movePanel.hidden = !step?.expect;
  if (step?.expect) {
    panel.show(p, (w) => (mod ? mod.wordLabel(w, p?.chosen ?? [], view) : w), state.sending ? t('learn.checking') : '');
  }
  els.next.hidden = over || Boolean(step?.expect);
  els.back.disabled = state.at === 0;
  els.done.hidden = !over;
  document.title = t('learn.page-title', { lesson: lesson.title, game: titleOf(game) });
}

/** @param {string} g */
function titleOf(g) {
  return gameModule(g)?.title ?? g;
}

/** The end of a lesson: progress kept; the next lesson, or a first game. */
function finish() {
  const lesson = state.lesson;
  if (!lesson) return;
  markFinished(game, lesson.id);
  drawLessonList();
  const i = state.lessons.findIndex((l) => l.id === lesson.id);
  const done = finished(game);
  const left = state.lessons.filter((l) => !done.has(l.id));
  const nextLesson = state.lessons.slice(i + 1).find((l) => !done.has(l.id)) ?? left[0];
  const parts = [h('h3', {}, t('learn.lesson-complete', { lesson: lesson.title }))];
  if (nextLesson) {
    parts.push(
      h('p', {}, t('learn.to-go', { n: left.length, game: titleOf(game) })),
      h(
        'div',
        { class: 'lesson-nav' },
        h(
          'a',
          { class: 'button', id: 'next-lesson', href: lessonHref(nextLesson.id) },
          t('learn.next-lesson', { lesson: nextLesson.title }),
        ),
      ),
    );
  } else {
    const play = h('button', { type: 'button', id: 'play-easy' }, t('learn.play-easy'));
    play.addEventListener('click', () => playEasy(play));
    parts.push(
      h('p', {}, t('learn.all-finished', { game: titleOf(game) })),
      h(
        'div',
        { class: 'lesson-nav' },
        play,
        h('a', { class: 'button minor', href: `/rules.html?game=${encodeURIComponent(game)}` }, t('learn.full-rules')),
      ),
      h('p', { class: 'act-error', role: 'alert', id: 'play-error' }),
    );
  }
  replace(els.done, parts);
}

/**
 * A new table: the learner and the computer at `easy` in the other seats.
 * @param {HTMLButtonElement} button
 */
async function playEasy(button) {
  button.disabled = true;
  try {
    const g = (await API.games()).find((x) => x.name === game);
    if (!g) throw new Error(`the server has no game '${game}'`);
    const kinds = ['me', ...Array.from({ length: seatCount(g) - 1 }, () => 'easy')];
    const info = await create(g, {}, kinds, true);
    location.href = `/table.html?id=${encodeURIComponent(info.id)}`;
  } catch (e) {
    const el = document.getElementById('play-error');
    if (el) el.textContent = e instanceof Error ? e.message : String(e);
    button.disabled = false;
  }
}

/** @param {string} id */
function lessonHref(id) {
  return `/learn/${encodeURIComponent(game)}/${encodeURIComponent(id)}`;
}

/** The game's lessons, each marked when finished, the current one marked as such. */
function drawLessonList() {
  const done = finished(game);
  replace(
    els.lessons,
    state.lessons.map((l) => {
      const current = l.id === state.lesson?.id;
      const finishedMark = done.has(l.id)
        ? h('span', { class: 'lesson-check', 'aria-label': t('learn.finished') }, '✓')
        : null;
      return h(
        'li',
        { class: current ? 'current' : '' },
        h('a', { href: lessonHref(l.id), 'aria-current': current ? 'page' : null }, l.title),
        finishedMark,
      );
    }),
  );
}

/** The page without a game: every game, its lessons and the progress. */
async function showIndex() {
  els.index.hidden = false;
  const games = await API.lessons();
  replace(
    els.indexGames,
    games.map((g) => {
      const done = finished(g.game);
      const n = g.lessons.length;
      const k = g.lessons.filter((l) => done.has(l.id)).length;
      const mod = gameModule(g.game);
      return h(
        'article',
        { class: 'game-card' },
        h('h3', {}, g.title),
        h('p', {}, mod?.blurb ?? ''),
        h('p', {}, t('learn.lessons', { n }), k ? ` · ${t('learn.done', { n: k })}` : ''),
        h(
          'div',
          { class: 'quick' },
          h(
            'a',
            { class: 'button', href: `/learn/${encodeURIComponent(g.game)}` },
            k === 0 ? t('learn.learn-game', { game: g.title }) : k < n ? t('learn.go-on') : t('learn.again'),
          ),
        ),
      );
    }),
  );
}

/**
 * Opens a lesson of the game.
 * @param {string} id
 */
async function openLesson(id) {
  const lesson = await translatedLesson(await API.lesson(game, id));
  withCatalogue(lesson.catalogue, [...lesson.steps.map((s) => s.view), lesson.end]);
  state.lesson = lesson;
  state.at = 0;
  if (location.pathname !== lessonHref(id)) history.replaceState(null, '', lessonHref(id));
  log.reset([]);
  drawLessonList();
  enter(false);
}

async function showGame() {
  els.title.textContent = t('learn.learn-game', { game: titleOf(game) });
  els.rules.href = `/rules.html?game=${encodeURIComponent(game)}`;
  els.rules.hidden = false;
  const data = await API.gameLessons(game);
  state.lessons = await translatedTitles(game, data.lessons ?? []);
  els.title.textContent = t('learn.learn-game', { game: data.title ?? titleOf(game) });
  if (!state.lessons.length) throw new Error(t('learn.no-lessons', { game: data.title ?? game }));
  const done = finished(game);
  const pick = asked
    ? state.lessons.find((l) => l.id === asked || l.id.replace(/^\d+-/, '') === asked || l.id.startsWith(`${asked}-`))
    : (state.lessons.find((l) => !done.has(l.id)) ?? state.lessons[0]);
  if (!pick) throw new Error(t('learn.no-lesson', { game: titleOf(game), lesson: asked }));
  els.learn.hidden = false;
  await openLesson(pick.id);
}

els.next.addEventListener('click', () => forward());
els.back.addEventListener('click', () => backward());
els.restart.addEventListener('click', () => {
  if (state.lesson) openLesson(state.lesson.id).catch(fail);
});

if (game) {
  showGame().catch((e) => {
    fail(e);
    // an unknown lesson still shows the game's list
    if (state.lessons.length) {
      els.learn.hidden = false;
      byId('lesson-layout').hidden = true;
      drawLessonList();
    }
  });
} else {
  showIndex().catch(fail);
}
