// SPDX-License-Identifier: MIT
// A puzzle graded by the exact solver (#/puzzle/ID, #/puzzle/daily; #/puzzles/POOL finds the
// next one near the player's puzzle rating and goes to it). The player clicks a square; the
// server grades the moves so far (exact score, discs lost) and answers with the computer's
// reply; at the end it sends the whole solution tree, drawn with every move's exact score, and
// both ratings' changes (a provisional rating with "?"). The board is drawn only from the
// puzzle and the server's answer. To teach: the goal in words (a win, a draw or a loss by so
// many discs), a retry after a failure (graded again, never rated again), and the solution's
// main line stepped through on the board.
// Streak mode (#/streak/POOL): the server picks puzzles of rising rating, each solved one naming
// the next, until the first mistake; the count and the best streak are the server's.
// The requests are actions.js's, the page render.js's, the solution tree tree.js's; this file
// makes the view's store when the view opens and draws the page from it.
import { createStore } from '../../lib/store.js';
import { puzzleActions } from './actions.js';
import { puzzleDrawer, puzzleLayout } from './render.js';

/**
 * @typedef {object} PuzzleState
 * @property {import('../../lib/protocol.js').Puzzle | null} puzzle the server's puzzle
 * @property {import('../../lib/protocol.js').PuzzleAnswer | null} answer the server's grade of the moves sent so far
 * @property {boolean} busy a move is being graded
 * @property {import('../../lib/protocol.js').PuzzleStreak | null} streak in streak mode, where the streak stood when this puzzle came
 * @property {string} error
 * @property {string[]} pools the pools that have puzzles on this server, in the site's order
 * @property {number | null} step stepping through the solution: the moves of its line shown
 */

/** @param {HTMLElement} root @param {{id?: string, pool?: string, streak?: string}} which */
export function puzzleView(root, which) {
    const store = createStore(/** @type {PuzzleState} */ ({ puzzle: null, answer: null, busy: false, streak: null, error: '', pools: [], step: null }));
    const streakPool = which.streak || '';
    const act = puzzleActions(store, streakPool);
    const parts = puzzleLayout(streakPool, act);
    root.append(parts.view);
    const draw = puzzleDrawer(parts, act, streakPool);
    const stop = store.subscribe(draw);
    draw(store.get());
    act.open(which);
    return { destroy() { stop(); } };
}
