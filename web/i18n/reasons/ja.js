// 手を拒む理由の日本語版 (形式は web/reasons.js)：各ゲームの部分は reasons/ja/GAME.js、
// 複数のゲームが言う理由は common.js。

import common from './ja/common.js';
import threeArrows from './ja/three-arrows.js';
import concardia from './ja/concardia.js';
import evons from './ja/evons.js';
import arrowParty from './ja/arrow-party.js';

/** @type {import('../../narration.js').NarrationCatalog} */
export default { ...common, ...threeArrows, ...concardia, ...evons, ...arrowParty };
