// 各ゲームのリファレンスの日本語版 (形式は web/reference-words.js)：各ゲームの部分は reference/ja/GAME.js。

import threeArrows from './ja/three-arrows.js';
import concardia from './ja/concardia.js';
import evons from './ja/evons.js';
import arrowParty from './ja/arrow-party.js';

/** @type {import('../../narration.js').NarrationCatalog} */
export default { ...threeArrows, ...concardia, ...evons, ...arrowParty };
