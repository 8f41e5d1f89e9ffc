// 手の説明の日本語版 (形式は web/notes.js)：各ゲームの部分は notes/ja/GAME.js。

import threeArrows from './ja/three-arrows.js';
import concardia from './ja/concardia.js';
import evons from './ja/evons.js';
import arrowParty from './ja/arrow-party.js';

/** @type {import('../../narration.js').NarrationCatalog} */
export default { ...threeArrows, ...concardia, ...evons, ...arrowParty };
