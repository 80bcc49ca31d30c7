// SPDX-License-Identifier: MIT
// Post-game analysis (#/analysis/GAMEID, game.js) and the analysis board (#/analysis,
// board.js), docs/SITE.md "Analysis".
import { gameAnalysisView } from './game.js';
import { boardView } from './board.js';

/** @param {HTMLElement} root @param {string} [id] a finished game */
export function analysisView(root, id) {
    return id ? gameAnalysisView(root, id) : boardView(root);
}
