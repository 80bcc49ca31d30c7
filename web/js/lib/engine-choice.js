// SPDX-License-Identifier: MIT
// Which engine answers (issue 49, "The engine in the browser"; docs/SITE.md "The engine in the
// browser"): this browser's own (lib/local-engine.js: src/core and src/engine built to
// WebAssembly, in a worker) wherever it can run it, the server's otherwise (a browser without
// WebAssembly or workers, the engine's files missing, the worker failing). The one owner of that
// choice: the analysis board, the hints at a table that allows them, the analysis of a game
// played in the browser and the computer of such a game all ask here. What must be trusted or
// shared (rated play, bots, the stored analyses others read) never asks here: the server's engine.
import { analyzePosition } from './api.js';
import { createLocalEngine } from './local-engine.js';

/** @typedef {import('./protocol.js').Setup} Setup */
/** @typedef {import('./protocol.js').PositionScores} PositionScores */
/** @typedef {import('./local-engine.js').LocalEngine} LocalEngine */

/** The engine of this page, made once: null when this browser cannot run one. @type {Promise<LocalEngine | null> | null} */
let made = null;

/** This browser's engine, or null when it has none (the server's then answers). @returns {Promise<LocalEngine | null>} */
export function localEngine() {
    made ||= (async () => {
        if (typeof WebAssembly !== 'object' || typeof Worker !== 'function') return null;
        try {
            const engine = createLocalEngine();
            return (await engine.available()) ? engine : null;
        } catch {
            return null;
        }
    })();
    return made;
}

// A request the page itself replaced or stopped (a newer position, an undo): not a failure of
// the engine, so nothing is asked of the server instead.
/** @param {unknown} e */
export const superseded = (e) => ['superseded', 'stopped'].includes(/** @type {{code?: string}} */ (e)?.code ?? '');

/** Whether this browser runs the engine itself. */
export async function engineHere() {
    return (await localEngine()) !== null;
}

/**
 * Every legal move of the position scored (the answer of POST /api/analyze), by this browser's
 * engine when it has one and it answers, else by the server's.
 * @param {Setup} setup @param {string[]} moves @param {number} depth
 * @returns {Promise<{answer: PositionScores, where: 'browser' | 'server'}>}
 */
export async function scorePosition(setup, moves, depth) {
    const engine = await localEngine();
    if (engine) {
        try {
            return { answer: await engine.analyze({ setup, moves, depth }), where: 'browser' };
        } catch (e) {
            if (superseded(e)) throw e;
            // The worker failed on this position: the server answers it.
        }
    }
    return { answer: await analyzePosition(setup, moves, depth), where: 'server' };
}

/**
 * A hint for the side to move, searched in this browser as the server searches one (the engine's
 * `hint`: a search of the server's hint time): the `hint` message of docs/PROTOCOL.md (`ply` the
 * position it is for), or null when this browser has no engine (the table then asks the server).
 * Two players only: for three and four the table asks the server, whose hint the page has always
 * shown.
 * @param {Setup} setup @param {string[]} moves
 * @returns {Promise<{type: 'hint', square: string | null, score: number, depth: number, ply: number} | null>}
 */
export async function hintHere(setup, moves) {
    const engine = setup.players !== undefined && setup.players !== 2 ? null : await localEngine();
    if (!engine) return null;
    const answer = await engine.hint({ setup, moves });
    return { type: 'hint', square: answer.square, score: answer.score, depth: answer.depth, ply: answer.ply };
}
