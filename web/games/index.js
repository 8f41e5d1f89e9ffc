// The drawing modules, one per game, by the game's name. A drawing module turns one viewer's
// View JSON into SVG and HTML and words; it knows how pieces and cards look, never which moves
// are legal (that comes from the view's `legal` list, through picker.js).

import * as threeArrows from './three-arrows.js';
import * as concardia from './concardia.js';
import * as evons from './evons.js';
import * as arrowParty from './arrow-party.js';

/** @typedef {import('../types.js').View} View */

/**
 * @typedef {Object} DrawOptions
 * @property {(seat: string) => string} name  how to call a seat: "you", "p2 (hard)", …
 * @property {string[]} [chosen]  the words chosen so far in the picker (for previews)
 * @property {View | null} [previous]  the view before this one (what just changed)
 * @property {string[]} [acting]  the seats that may act now (info's to_move): in a secret step
 *   everyone chooses at once, each seat of it that has not chosen
 */

/**
 * A drawing module. Its functions are written as methods so that each module may take its own
 * game's view (ThreeArrowsView, …): gameModule() hands a view only to the module of its game.
 * @typedef {{
 *   name: string,
 *   title: string,
 *   blurb: string,
 *   drawBoard(vj: View, o: DrawOptions): SVGElement,
 *   drawPanels(vj: View, o: DrawOptions): HTMLElement,
 *   turnText(vj: View, o: DrawOptions): string,
 *   wordLabel(word: string, chosen: string[], vj: View): string | Node,
 *   wordKinds(action: string[]): import('../picker.js').Kind[],
 *   walkFrames?(prev: View, next: View): View[],
 *   zoomable?: boolean,
 * }} GameModule
 *   `name` is the game's name in the API (three-arrows, …), `blurb` one line for the lobby;
 *   drawBoard draws the board, drawPanels the players, hands and piles, turnText says whose
 *   turn it is and what they do, wordLabel how a word of the notation looks on a picker
 *   button, wordKinds which words of an action name squares (the rest are pieces, cards, items
 *   and verbs: a click on a square picks only a square's word), walkFrames (Arrow Party) the views between two, to animate; zoomable, a board
 *   whose words are too small on a phone without zooming (phone.js). Each thing drawn carries
 *   in `data-ref` the names of its reference entries the viewer may know (details.js), and the
 *   viewer's own hand or holder is wrapped in `.my-hand` (the strip above a phone's action sheet)
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
 * @param {string | undefined} game
 * @returns {GameModule | null}
 */
export function gameModule(game) {
  return game !== undefined && Object.prototype.hasOwnProperty.call(GAMES, game) ? GAMES[game] : null;
}
