// The computer's levels as people read them ("Beginner", not `beginner`), and what this browser
// remembers of the games it started against the computer: whether it has played a game yet
// (a first game starts at Beginner and suggests the lessons) and the level it chose last. A
// storage that cannot be read or written (private browsing, a full quota) only forgets.

import { finished } from './learn-progress.js';
import { t, has } from './i18n.js';
import { loadObject, saveObject } from './storage.js';

const KEY = 'quiver.levels';

/**
 * A level's name for people.
 * @param {string} level
 */
export function levelName(level) {
  return has(`level.${level}`) ? t(`level.${level}`) : level;
}

/**
 * A level's name with its measured strength in a game when the server has it, "Easy (Elo
 * +N)": Elo against Beginner, so that the levels' gaps read in one unit; "Hard (Elo ?)" while
 * the server says too few games were played to settle it.
 * @param {{ladder?: Record<string, {elo: number, settled?: boolean}>}} game a game of GET /api/games
 * @param {string} level
 */
export function levelLabel(game, level) {
  const rung = game.ladder?.[level];
  if (typeof rung?.elo !== 'number') return levelName(level);
  if (rung.settled === false) return t('level.unsettled', { level: levelName(level) });
  return t('level.elo', { level: levelName(level), elo: `${rung.elo > 0 ? '+' : ''}${rung.elo}` });
}

/** What the figures beside the levels' names are, for a tooltip. */
export const LADDER_MEANING = t('level.meaning');

/** The levels a server that names none offers (an older one), weakest first. */
const DEFAULT_LEVELS = ['beginner', 'easy', 'medium', 'hard'];

/**
 * The computer's levels for a game, weakest first: those the server offers for it.
 * @param {{levels?: string[]}} game a game of GET /api/games
 * @returns {string[]}
 */
export function levelsOf(game) {
  return game.levels?.length ? game.levels : DEFAULT_LEVELS;
}

/**
 * Whether this browser has started a game of `game` against the computer, or finished one of
 * its lessons.
 * @param {string} game
 */
export function playedBefore(game) {
  return typeof loadObject(KEY)[game] === 'string' || finished(game).size > 0;
}

/**
 * The level the lobby offers first for `game`: the last one chosen here, else Beginner for a
 * first game (when the server offers it), else the weakest offered.
 * @param {string} game
 * @param {string[]} levels the levels the server offers, weakest first
 */
export function firstLevel(game, levels) {
  const last = loadObject(KEY)[game];
  if (typeof last === 'string' && levels.includes(last)) return last;
  return levels.includes('beginner') ? 'beginner' : (levels[0] ?? 'easy');
}

/**
 * Remembers that a game of `game` was started against the computer at `level`.
 * @param {string} game
 * @param {string} level
 */
export function rememberLevel(game, level) {
  saveObject(KEY, { ...loadObject(KEY), [game]: level });
}
