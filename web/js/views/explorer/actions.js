// SPDX-License-Identifier: MIT
// What the opening explorer does, over the HTTP API: goes to a sequence (the counts and
// results of the moves played there, then the engine's scores, each dropped when the page has
// gone elsewhere meanwhile), one move deeper from the board, and sets the filters. The answers
// go into the view's store; the view draws from it, never from an answer.
import { explore, explorerEval } from '../../lib/api.js';
import { errorText } from '../../lib/dom.js';

/** @typedef {import('../../lib/store.js').Store<import('./explorer.js').ExplorerState>} ExplorerStore */
/** @typedef {ReturnType<typeof explorerActions>} ExplorerActions */

/** @param {ExplorerStore} store the view's @param {string} pool */
export function explorerActions(store, pool) {
    /** @param {string[]} moves */
    async function go(moves) {
        store.set({ moves, error: '' });
        try {
            const answer = await explore(pool, moves, store.get().filter);
            if (store.get().moves === moves) store.set({ answer });
        } catch (e) {
            store.set({ error: errorText(e) });
            return;
        }
        // The engine's scores come after the counts: a busy engine never holds the table back.
        try {
            const evals = await explorerEval(pool, moves);
            /** @type {Record<string, number>} */
            const scores = {};
            for (const m of evals.moves) scores[m.move] = m.score;
            if (store.get().moves === moves) store.set({ evals: { moves: moves.join(' '), scores } });
        } catch {
            // No score column is shown without one.
        }
    }
    return {
        go,
        /** The sequence shown, asked again (after a filter or an import). */
        again: () => go(store.get().moves),
        /** A square of the board goes deeper only when it is one of the moves played there. @param {string} square */
        played(square) {
            const { moves, answer } = store.get();
            if (answer && answer.moves === moves.join(' ') && answer.next.some((m) => m.move === square)) go([...moves, square]);
        },
        back: () => go(store.get().moves.slice(0, -1)),
        start: () => go([]),
        /** @param {import('./explorer.js').ExplorerState['filter']} filter */
        filter(filter) {
            store.set({ filter });
            go(store.get().moves);
        },
    };
}
