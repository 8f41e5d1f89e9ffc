// The lessons' words in the page's language (docs/web.md, "Languages"): a lesson's text is
// written in English in tutorials/GAME/ID.json (the terminal and the server read it there); its
// translations are web/i18n/lessons/LANG/GAME.js, keyed by the lesson's id and each step's
// place, and put over the English here. A lesson, a step or a field a translation lacks stays
// in English (scripts/i18n-check.mjs checks that a translated lesson has every step's words).

import { LANG } from './i18n.js';

/** @typedef {import('./types.js').Lesson} Lesson */
/** @typedef {import('./types.js').LessonInfo} LessonInfo */
/**
 * @typedef {Object} StepText a step's words in one language
 * @property {string} text
 * @property {string} [web]
 * @property {string} [hint]
 * @property {string[]} [learned]
 */
/** @typedef {Record<string, {title: string, topics?: string[], steps: StepText[]}>} GameText */

/** @type {Map<string, Promise<GameText>>} */
const loaded = new Map();

/**
 * The translations of a game's lessons in the page's language ({} in English or when there are
 * none).
 * @param {string} game
 * @returns {Promise<GameText>}
 */
function gameText(game) {
  if (LANG === 'en' || !/^[a-z0-9-]+$/.test(game)) return Promise.resolve({});
  let p = loaded.get(game);
  if (!p) {
    p = import(`./i18n/lessons/${LANG}/${game}.js`).then(
      (m) => /** @type {GameText} */ (m.default),
      () => ({}),
    );
    loaded.set(game, p);
  }
  return p;
}

/**
 * A lesson with its words in the page's language, where they are translated; each step keeps
 * its English hint as `hintEn`, to know the server's hint when it answers with it.
 * @param {Lesson} lesson
 * @returns {Promise<Lesson>}
 */
export async function translatedLesson(lesson) {
  const tr = (await gameText(lesson.game))[lesson.id];
  if (!tr) return lesson;
  return {
    ...lesson,
    title: tr.title,
    topics: tr.topics ?? lesson.topics,
    steps: lesson.steps.map((s, i) => {
      const w = tr.steps[i];
      if (!w) return s;
      return {
        ...s,
        text: w.text,
        web: s.web === undefined ? undefined : (w.web ?? w.text),
        hint: w.hint ?? s.hint,
        hintEn: s.hint,
        learned: w.learned && w.learned.length === s.learned.length ? w.learned : s.learned,
      };
    }),
  };
}

/**
 * The lessons of a game listed with their titles in the page's language.
 * @param {string} game
 * @param {LessonInfo[]} lessons
 */
export async function translatedTitles(game, lessons) {
  const tr = await gameText(game);
  return lessons.map((l) => (tr[l.id] ? { ...l, title: tr[l.id].title } : l));
}
