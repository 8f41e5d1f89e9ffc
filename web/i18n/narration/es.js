// La narración del motor en español (web/narration.js dice la forma): la de cada juego, en
// narration/es/JUEGO.js.

import threeArrows from './es/three-arrows.js';
import concardia from './es/concardia.js';
import evons from './es/evons.js';
import arrowParty from './es/arrow-party.js';

/** @type {import('../../narration.js').NarrationCatalog} */
export default { ...threeArrows, ...concardia, ...evons, ...arrowParty };
