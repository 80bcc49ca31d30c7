// SPDX-License-Identifier: MIT
// The analysis board (#/analysis, docs/SITE.md "Analysis"): replays typed or clicked moves
// with the rules port and has every legal move of the position scored: by this browser's engine
// where it runs one, by the server's otherwise (lib/engine-choice.js); the page says which.
// Its store is made when the view opens, on the position a game's analysis handed over
// (shared.js) or the standard start; board-render.js draws it, board-actions.js changes it.
import * as rules from '../../lib/rules.js';
import { createStore } from '../../lib/store.js';
import { takeOpening } from './shared.js';
import { load } from './board-actions.js';
import { boardParts, layout, redraw } from './board-render.js';

const DefaultDepth = 10;

/**
 * @typedef {object} BoardState the analysis board's store
 * @property {import('../../lib/protocol.js').Setup & {board: string}} setup
 * @property {import('../../lib/rules.js').Position[]} positions from the setup's start to the position shown
 * @property {number} depth the search depth asked for
 * @property {import('../../lib/protocol.js').PositionScores | null} scores the engine's answer
 *   for the position shown, null while it is asked
 * @property {'browser' | 'server' | ''} where which engine gave `scores` ('' before the first)
 * @property {string} status whose move it is and the best move, or the end
 * @property {string} refused why the server gave no scores
 * @property {string} movesError why typed moves were not played
 */

/**
 * @typedef {object} BoardView what the parts of one open analysis board share
 * @property {import('../../lib/store.js').Store<BoardState>} store
 * @property {import('./board-render.js').BoardParts} parts
 * @property {{serial: number, closed: boolean}} asks the engine's questions: the last one's
 *   number (only its answer shows) and whether the view has closed
 */

/** @param {HTMLElement} root */
export function boardView(root) {
    const start = takeOpening() || { setup: { board: '8', players: 2 }, moves: [] };
    /** @type {BoardView} */
    const v = {
        store: createStore(/** @type {BoardState} */ ({
            setup: rules.normaliseSetup(start.setup), positions: [], depth: DefaultDepth, scores: null,
            status: '', refused: '', movesError: '', where: '',
        })),
        parts: boardParts(),
        asks: { serial: 0, closed: false },
    };
    root.append(v.parts.view);
    layout(v);
    const stop = v.store.subscribe((s, was) => redraw(v, s, was));
    if (!load(v, start.moves)) load(v, []);
    return {
        destroy() {
            v.asks.closed = true;
            stop();
        },
    };
}
