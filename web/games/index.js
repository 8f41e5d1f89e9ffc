// The drawing modules, one per game, by the game's name. A drawing module turns one viewer's
// View JSON into SVG and HTML and words; it knows how pieces and cards look, never which moves
// are legal (that comes from the view's `legal` list, through picker.js).

import * as threeArrows from './three-arrows.js';
import * as concardia from './concardia.js';
import * as evons from './evons.js';
import * as arrowParty from './arrow-party.js';

/**
 * @typedef {Object} DrawOptions
 * @property {(seat: string) => string} name  how to call a seat: "you", "p2 (hard)", …
 * @property {string[]} [chosen]  the words chosen so far in the picker (for previews)
 */

/**
 * @typedef {Object} GameModule
 * @property {string} name   the game's name in the API (three-arrows, …)
 * @property {string} title
 * @property {string} blurb  one line for the lobby
 * @property {(vj: any, o: DrawOptions) => SVGElement} drawBoard  the board
 * @property {(vj: any, o: DrawOptions) => HTMLElement} drawPanels  players, hands, piles
 * @property {(vj: any, o: DrawOptions) => string} turnText  whose turn and what they do
 * @property {(word: string, chosen: string[], vj: any) => string | Node} wordLabel
 *   how a word of the notation looks on a picker button
 */

/** @type {Record<string, GameModule>} */
export const GAMES = {
  'three-arrows': threeArrows,
  concardia,
  evons,
  'arrow-party': arrowParty,
};

/**
 * The drawing module of a game, or null for a game this client cannot draw.
 * @param {string} game
 * @returns {GameModule | null}
 */
export function gameModule(game) {
  return Object.prototype.hasOwnProperty.call(GAMES, game) ? GAMES[game] : null;
}
