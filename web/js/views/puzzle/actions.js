// SPDX-License-Identifier: MIT
// What the puzzle page does, over the HTTP API: finds and loads the puzzle (by id, the daily
// one, the next of a pool near the player's rating, or a streak's), sends the moves so far for
// grading, retries, steps through the solution's main line, and goes on in a streak. Every
// answer goes into the view's store; the view draws from it, never from an answer.
import { getPuzzle, getPuzzleOverview, nextPuzzle, startStreak, submitPuzzle } from '../../lib/api.js';
import { errorText } from '../../lib/dom.js';
import { allPools } from '../../lib/pools.js';
import { solutionLine } from './tree.js';

/** @typedef {import('../../lib/store.js').Store<import('./puzzle.js').PuzzleState>} PuzzleStore */
/** @typedef {ReturnType<typeof puzzleActions>} PuzzleActions */

/** @param {PuzzleStore} store the view's @param {string} streakPool the streak's pool, or '' */
export function puzzleActions(store, streakPool) {
    /** @param {unknown} e */
    const failed = (e) => store.set({ error: errorText(e) });
    // A streak's first puzzle, or the next one the server named.
    const beginStreak = () => {
        store.set({ puzzle: null, answer: null, streak: null, error: '', step: null });
        startStreak(streakPool).then((puzzle) => store.set({ puzzle, streak: puzzle.streak || null }), failed);
    };
    return {
        beginStreak,
        /** The player's move, sent with the moves before it for grading. @param {string} square */
        async play(square) {
            const { puzzle, answer, busy, step } = store.get();
            if (!puzzle || busy || step !== null || (answer && answer.status !== 'playing')) return;
            const mine = answer ? answer.moves.map((m) => m.move) : [];
            store.set({ busy: true, error: '' });
            try {
                store.set({ answer: await submitPuzzle(puzzle.id, [...mine, square]), busy: false });
            } catch (e) {
                store.set({ busy: false, error: errorText(e) });
            }
        },
        /**
         * The handler that steps to `to(step, length)` of the solution's main line.
         * @param {(step: number, length: number) => number} to
         */
        stepTo: (to) => () => {
            const { answer, step } = store.get();
            const length = answer && answer.tree ? solutionLine(answer.tree).length : 0;
            if (length) store.set({ step: Math.max(0, Math.min(length, to(step ?? 0, length))) });
        },
        // A retry: the same puzzle from its start, graded again (the server never rates it again).
        retry: () => store.set({ answer: null, step: null, error: '' }),
        /** The next puzzle of a streak going on, as the server named it. */
        streakNext() {
            const { answer } = store.get();
            const going = answer && answer.streak;
            if (!going || !going.next) return;
            getPuzzle(going.next).then((puzzle) => store.set({ puzzle, answer: null, streak: going, step: null }), failed);
        },
        /** Loads the tabs' pools and the puzzle the page is for. @param {{id?: string, pool?: string}} which */
        open(which) {
            // The tabs are the pools the server has puzzles in (shipped and mined), not a list of ours.
            getPuzzleOverview().then((o) => store.set({ pools: [...allPools().filter((p) => p in o.pools),
                ...Object.keys(o.pools).filter((p) => !allPools().includes(p))] }), () => {});
            if (streakPool) {
                beginStreak();
            } else if (which.pool) {
                nextPuzzle(which.pool).then((p) => location.replace(`#/puzzle/${encodeURIComponent(p.id)}`), failed);
            } else {
                getPuzzle(which.id || 'daily').then((puzzle) => store.set({ puzzle }), failed);
            }
        },
    };
}
