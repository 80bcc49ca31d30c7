// SPDX-License-Identifier: MIT
// The opening explorer (#/explorer/POOL, docs/EXPLORER.md): the moves played on the site from a
// position with their counts and results, the opening's name, and filters by player ("my
// openings") and rating band, and beside each move the engine's score from the server (asked
// after the counts, cached there per position). A click on a move (in the list or on the board)
// goes one move deeper; the board is the server's sequence replayed with the rules port.
// The requests are actions.js's, the page render.js's, a registered player's import of games
// import.js's; this file makes the view's store when the view opens and draws the page from it.
import { loggedIn, session } from '../../lib/session.js';
import { createStore } from '../../lib/store.js';
import { setupForPool } from '../../lib/pools.js';
import { explorerActions } from './actions.js';
import { importPanel } from './import.js';
import { EXPLORER_POOLS, explorerDrawer, explorerLayout } from './render.js';

/**
 * @typedef {object} ExplorerState
 * @property {string[]} moves the sequence shown
 * @property {{player: string, min: number, max: number}} filter
 * @property {import('../../lib/protocol.js').ExplorerAnswer | null} answer the server's answer for `moves`
 * @property {{moves: string, scores: Record<string, number>} | null} evals the engine's scores of the moves of `evals.moves`
 * @property {string} error
 */

/** @param {HTMLElement} root @param {string} poolArg */
export function explorerView(root, poolArg) {
    const pool = EXPLORER_POOLS.includes(poolArg) ? poolArg : '8x8';
    const store = createStore(/** @type {ExplorerState} */ ({ moves: [], filter: { player: '', min: 0, max: 0 }, answer: null, evals: null, error: '' }));
    const act = explorerActions(store, pool);
    const importer = importPanel(pool, act.again);
    importer.hidden = !loggedIn(session.get());
    const parts = explorerLayout(pool, act, importer);
    root.append(parts.view);
    const stop = store.subscribe(explorerDrawer(parts, act, pool, setupForPool(pool)));
    const stopSession = session.subscribe((s) => { importer.hidden = !loggedIn(s); });
    act.start();
    return { destroy() { stop(); stopSession(); } };
}
