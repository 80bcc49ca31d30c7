// SPDX-License-Identifier: MIT
// Which engine answers (issue 49, "The engine in the browser"; docs/SITE.md "The engine in the
// browser"): this browser's own (lib/local-engine.js: src/core and src/engine built to
// WebAssembly, in a worker) wherever it can run it, the server's otherwise (a browser without
// WebAssembly or workers, the engine's files missing, the worker failing). The one owner of that
// choice: the analysis board, the hints at a table that allows them, the analysis of a game
// played in the browser and the computer of such a game all ask here. What must be trusted or
// shared (rated play, bots, the stored analyses others read) never asks here: the server's engine.
import { analyzePosition } from './api.js';

/** @typedef {import('./protocol.js').Setup} Setup */
/** @typedef {import('./protocol.js').PositionScores} PositionScores */
/** @typedef {import('./protocol.js').AnalysisPly} AnalysisPly */
/**
 * @typedef {object} LocalEngine the promise client of lib/local-engine.js
 * @property {() => boolean | Promise<boolean>} available
 * @property {(q: {setup: Setup, moves: string[], depth: number}) => Promise<PositionScores>} analyze
 *   the answer of POST /api/analyze, searched here
 * @property {(q: {setup: Setup, moves: string[], level: number}) =>
 *   Promise<{square: string, score: number, depth: number, nodes: number}>} move the computer's move
 * @property {(q: {setup: Setup, moves: string[]}, onProgress?: (plies: AnalysisPly[]) => void) =>
 *   Promise<AnalysisPly[]>} analyzeGame the plies of GET /api/games/ID/analysis, searched here
 * @property {() => void} stop
 */

// The module's path, out of the type checker's sight: the engine's files are a build's, and a
// page without them still works (through the server).
const LocalEnginePath = './local-engine.js';

/** The engine of this page, made once: null when this browser cannot run one. @type {Promise<LocalEngine | null> | null} */
let made = null;

/** This browser's engine, or null when it has none (the server's then answers). @returns {Promise<LocalEngine | null>} */
export function localEngine() {
    made ||= (async () => {
        if (typeof WebAssembly !== 'object' || typeof Worker !== 'function') return null;
        try {
            const module = await import(LocalEnginePath);
            const engine = /** @type {LocalEngine} */ (module.createLocalEngine());
            return (await engine.available()) ? engine : null;
        } catch {
            return null;
        }
    })();
    return made;
}

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
            engine.stop();
            return { answer: await engine.analyze({ setup, moves, depth }), where: 'browser' };
        } catch {
            // The worker failed on this position: the server answers it.
        }
    }
    return { answer: await analyzePosition(setup, moves, depth), where: 'server' };
}

// The depth of a hint searched here: the server's hint searches for about a second, and depth 10
// is about as deep as that on a phone (exact from 14 empties, as the analysis board is).
export const HintDepth = 10;

/**
 * A hint for the side to move, searched in this browser: the `hint` message of docs/PROTOCOL.md
 * (`ply` the position it is for), or null when this browser has no engine (the table then asks
 * the server). Two players only: the engine's answer for three and four is the server's.
 * @param {Setup} setup @param {string[]} moves
 * @returns {Promise<{type: 'hint', square: string | null, score: number, depth: number, ply: number} | null>}
 */
export async function hintHere(setup, moves) {
    const engine = setup.players !== undefined && setup.players !== 2 ? null : await localEngine();
    if (!engine) return null;
    const answer = await engine.analyze({ setup, moves, depth: HintDepth });
    return { type: 'hint', square: answer.best, score: answer.score, depth: /** @type {{depth?: number}} */ (answer).depth ?? HintDepth,
        ply: moves.length };
}
