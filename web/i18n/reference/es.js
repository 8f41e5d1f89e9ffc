// La referencia de los juegos en español (web/reference-words.js dice la forma): la parte de
// cada juego en reference/es/JUEGO.js.

import threeArrows from './es/three-arrows.js';
import concardia from './es/concardia.js';
import evons from './es/evons.js';
import arrowParty from './es/arrow-party.js';

/** @type {import('../../narration.js').NarrationCatalog} */
export default { ...threeArrows, ...concardia, ...evons, ...arrowParty };
