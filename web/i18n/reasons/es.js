// Por qué un juego rechaza una jugada, en español (web/reasons.js dice la forma): la parte de
// cada juego en reasons/es/JUEGO.js, la de los mensajes que dicen varios juegos en common.js.

import common from './es/common.js';
import threeArrows from './es/three-arrows.js';
import concardia from './es/concardia.js';
import evons from './es/evons.js';
import arrowParty from './es/arrow-party.js';

/** @type {import('../../narration.js').NarrationCatalog} */
export default { ...common, ...threeArrows, ...concardia, ...evons, ...arrowParty };
