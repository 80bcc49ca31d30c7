// SPDX-License-Identifier: MIT
// The browser's engine, asked by promises (docs/ENGINE.md "The engine in the browser"): the
// same core and engine as the server's, compiled to WebAssembly and run in a worker
// (web/js/engine/worker.js, served under /engine/). Its answers are the server's for the same
// question: analyze = POST /api/analyze, analyzeGame = the review of GET
// /api/games/{id}/analysis, move = the computer's move at a level, hint = a table's hint (a
// search of `ms` milliseconds, the server's 1 s by default). A page asks `available()`
// first and falls back to the server when it says false (no WebAssembly, no worker, or a
// server built without the engine).
//
// One request runs at a time. A new one supersedes the one running: the engine cannot be
// interrupted inside a search, so the worker is ended and a new one started, and the old
// request's promise rejects with the code "superseded" (stop() and cancel() do the same without a
// new request: "stopped").

/**
 * @typedef {{setup?: object, moves?: string[], depth?: number}} AnalyzeRequest
 * @typedef {{setup?: object, moves?: string[], level?: number, seed?: number}} MoveRequest
 * @typedef {{setup?: object, moves?: string[], ms?: number}} HintRequest
 * @typedef {{square: string | null, score: number, depth: number, ply: number}} HintAnswer
 * @typedef {{setup?: object, moves?: string[]}} GameRequest
 * @typedef {{move: string | null, score: number, exact: boolean, depth: number, nodes: number,
 *   seconds: number, ply: number, to_move: number}} MoveAnswer
 * @typedef {{done: number, total: number}} Progress
 * @typedef {{
 *   available: () => Promise<boolean>,
 *   analyze: (req: AnalyzeRequest) => Promise<import('./protocol.js').PositionScores>,
 *   move: (req: MoveRequest) => Promise<MoveAnswer>,
 *   hint: (req: HintRequest) => Promise<HintAnswer>,
 *   analyzeGame: (req: GameRequest, onProgress?: (p: Progress) => void) => Promise<import('./protocol.js').GameAnalysis>,
 *   perft: (req: {setup?: object, moves?: string[], depth: number}) => Promise<{nodes: number}>,
 *   bench: (req?: {depth_offset?: number}) => Promise<{nodes: number, seconds: number}>,
 *   cancel: () => void,
 *   stop: () => void,
 *   terminate: () => void,
 * }} LocalEngine
 */

/** An engine's refusal or failure: `code` as the server's error codes, plus "superseded",
 * "stopped" and "unavailable". */
export class LocalEngineError extends Error {
    /** @param {string} code @param {string} message */
    constructor(code, message) {
        super(message);
        this.code = code;
    }
}

// Where the worker is served (src/server/net: the engine's folder under /engine/).
const WorkerUrl = '/engine/worker.js';

/**
 * @param {{workerUrl?: string}} [options]
 * @returns {LocalEngine}
 */
export function createLocalEngine(options = {}) {
    const url = options.workerUrl ?? WorkerUrl;
    /** @type {Worker | null} */
    let worker = null;
    let nextId = 1;
    /** @type {{id: number, resolve: (v: any) => void, reject: (e: Error) => void, onProgress?: (p: any) => void} | null} */
    let pending = null;
    /** @type {Promise<boolean> | null} */
    let probe = null;

    const supported = () => typeof WebAssembly === 'object' && typeof Worker === 'function';

    function spawn() {
        const w = new Worker(url, { type: 'module' });
        w.addEventListener('message', (event) => {
            const data = event.data;
            if (!pending || !data || data.id !== pending.id) return;
            if (data.progress) {
                pending.onProgress?.(data.progress);
                return;
            }
            const p = pending;
            pending = null;
            if (data.ok) p.resolve(data.result);
            else p.reject(new LocalEngineError(data.error?.code ?? 'internal', data.error?.message ?? 'engine error'));
        });
        // A worker that fails to load (no such file, a refused module) answers nothing more.
        w.addEventListener('error', (event) => {
            event.preventDefault?.();
            if (w !== worker) return;
            worker = null;
            probe = Promise.resolve(false);
            if (pending) {
                const p = pending;
                pending = null;
                p.reject(new LocalEngineError('unavailable', 'the browser engine could not start'));
            }
        });
        return w;
    }

    /** Ends the running request (and the worker that runs it), rejecting it with `code`. @param {string} code */
    function interrupt(code) {
        if (!pending) return;
        const p = pending;
        pending = null;
        worker?.terminate();
        worker = null;
        p.reject(new LocalEngineError(code, code === 'stopped' ? 'stopped' : 'a newer request took its place'));
    }

    /** @param {string} op @param {object} request @param {(p: any) => void} [onProgress] */
    function ask(op, request, onProgress) {
        if (!supported()) return Promise.reject(new LocalEngineError('unavailable', 'this browser has no WebAssembly workers'));
        interrupt('superseded');
        if (!worker) worker = spawn();
        const id = nextId++;
        const w = worker;
        return new Promise((resolve, reject) => {
            pending = { id, resolve, reject, onProgress };
            w.postMessage({ ...request, id, op });
        });
    }

    return {
        available() {
            if (!supported()) return Promise.resolve(false);
            if (probe) return probe;
            // A request running shows the worker started; a question of its own would end it.
            if (pending) return Promise.resolve(true);
            // A version question loads the module: true once it answers.
            probe = ask('version', {}).then(() => true, (e) => {
                if (e instanceof LocalEngineError && (e.code === 'superseded' || e.code === 'stopped')) {
                    probe = null;
                    return true;
                }
                return false;
            });
            return probe;
        },
        analyze: (req) => ask('analyze', req),
        move: (req) => ask('move', req),
        hint: (req) => ask('hint', req),
        analyzeGame: (req, onProgress) => ask('analyze_game', req, onProgress),
        perft: (req) => ask('perft', req),
        bench: (req = {}) => ask('bench', req),
        cancel: () => interrupt('stopped'),
        stop: () => interrupt('stopped'),
        terminate() {
            interrupt('stopped');
            worker?.terminate();
            worker = null;
        },
    };
}
