// SPDX-License-Identifier: MIT
// The analysis of a finished game (#/analysis/GAMEID): the server analyses it in the
// background and the view polls the analysis while it runs (a game played in this browser,
// views/play/, is analysed here by this browser's engine instead: the server never saw it),
// game-load.js; it draws from its store, made when the view opens (game-render.js). The
// buttons, the graph, the move list and the arrow keys step through the positions.
import { createStore } from '../../lib/store.js';
import { stepKeys } from '../../lib/step-keys.js';
import { loadAnalysis } from './game-load.js';
import { gameParts, redraw } from './game-render.js';

/**
 * @typedef {object} GameAnalysisState
 * @property {import('../../lib/protocol.js').GameSummary | null} game the finished game (GET /api/games/ID)
 * @property {import('../../lib/rules.js').Position[]} positions every position of it
 * @property {import('../../lib/protocol.js').GameAnalysis | null} analysis the server's analysis, as last polled
 * @property {string} error why the game or its analysis cannot be shown
 * @property {number} index the position shown (0: the start)
 */

/**
 * @typedef {object} GameAnalysisView what the parts of one open game analysis share
 * @property {string} id the game
 * @property {import('../../lib/store.js').Store<GameAnalysisState>} store
 * @property {import('./game-render.js').GameParts} parts
 * @property {(index: number) => void} show shows the position at `index` (kept within the game)
 */

/** @param {HTMLElement} root @param {string} id */
export function gameAnalysisView(root, id) {
    const store = createStore(/** @type {GameAnalysisState} */ ({ game: null, positions: [], analysis: null, error: '', index: 0 }));
    /** @type {GameAnalysisView} */
    const v = {
        id, store, parts: gameParts(),
        show: (i) => store.set({ index: Math.max(0, Math.min(store.get().positions.length - 1, i)) }),
    };
    root.append(v.parts.view);
    const stop = store.subscribe((s, was) => redraw(v, s, was));
    // The arrow keys step wherever the focus is (issue 48, 21), not only inside the view.
    const unkey = stepKeys((to) => {
        const { index, positions } = store.get();
        v.show(to === 'first' ? 0 : to === 'last' ? positions.length - 1 : index + (to === 'next' ? 1 : -1));
    });
    const unload = loadAnalysis(id, store);
    return {
        destroy() {
            unload();
            unkey();
            stop();
        },
    };
}
