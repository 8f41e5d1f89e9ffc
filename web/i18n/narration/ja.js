// エンジンによる手の説明の日本語版（形は web/narration.js が述べる）：各ゲームの分は
// narration/ja/ゲーム.js にある。

import threeArrows from './ja/three-arrows.js';
import concardia from './ja/concardia.js';
import evons from './ja/evons.js';
import arrowParty from './ja/arrow-party.js';

/** @type {import('../../narration.js').NarrationCatalog} */
export default { ...threeArrows, ...concardia, ...evons, ...arrowParty };
