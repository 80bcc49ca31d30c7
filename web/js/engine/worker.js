// SPDX-License-Identifier: MIT
// The browser's engine (docs/ENGINE.md "The engine in the browser"): a module worker that runs
// src/core and src/engine compiled to WebAssembly (src/wasm, built into BUILD/engine and served
// under /engine/ beside this file). It answers the page's messages one at a time:
//   {id, op, ...request}  ->  {id, ok: true, result} | {id, ok: false, error: {code, message}}
// and {id, progress} between the plies of an analyze_game. Before a search it fetches the data
// files the setup needs (weights, Multi-ProbCut parameters, book, solved openings; the engine
// names them: op "files") from /engine/data/ into the module's file system, once each: the
// server sends them compressed, the browser's cache and the service worker keep them.
// The engine cannot be interrupted inside a search: the page stops one by ending this worker
// (web/js/lib/local-engine.js). Not bundled: it is served as it is, beside the engine's files.

/** @typedef {{ok: boolean, result?: any, error?: {code: string, message: string}}} Answer */

// Where the engine's files lie: this worker's own folder.
const base = new URL('./', import.meta.url);
// The ops that search, and so need a setup's data files first.
const Searching = new Set(['analyze', 'move', 'hint', 'analyze_game', 'bench']);

/** @type {any} */
let module = null;
let handle = 0;
/** The id of the request being answered (its progress messages carry it). @type {unknown} */
let current = null;
/** Data files already in the module's file system (or found absent), by path. */
const loaded = new Set();

const ready = (async () => {
    if (typeof WebAssembly !== 'object') throw new Error('this browser has no WebAssembly');
    const { default: create } = await import(new URL('reversi-engine.js', base).href);
    module = await create({
        onEngineProgress: (/** @type {string} */ text) => {
            if (current !== null) self.postMessage({ id: current, progress: JSON.parse(text) });
        },
        print: () => {},
        printErr: () => {},
    });
    handle = module._reversi_engine_new();
    if (!handle) throw new Error('the engine could not start');
})();

/** The engine's answer to one request. @param {object} request @returns {Answer} */
function call(request) {
    return JSON.parse(module.ccall('reversi_engine_call', 'string', ['number', 'string'], [handle, JSON.stringify(request)]));
}

/** Puts `path` (e.g. "weights/8x8.weights") into the file system, fetched from /engine/data/. @param {string} path */
async function fetchData(path) {
    if (loaded.has(path)) return;
    const response = await fetch(new URL(`data/${path}`, base).href);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const dir = `/data/${path.slice(0, path.lastIndexOf('/'))}`;
    module.FS.mkdirTree(dir);
    module.FS.writeFile(`/data/${path}`, bytes);
    loaded.add(path);
}

/** The data files of every shape (bench searches them all). */
async function everyFile() {
    const list = await fetch(new URL('data/files.json', base).href);
    if (!list.ok) throw new Error(`data/files.json: ${list.status}`);
    return /** @type {string[]} */ (await list.json());
}

/** @param {any} message @returns {Promise<Answer>} */
async function answer(message) {
    try {
        await ready;
    } catch (e) {
        return { ok: false, error: { code: 'unavailable', message: String(e instanceof Error ? e.message : e) } };
    }
    const { id, ...request } = message;
    if (Searching.has(request.op)) {
        /** @type {string[]} */
        let files;
        if (request.op === 'bench') {
            files = await everyFile();
        } else {
            const named = call({ op: 'files', setup: request.setup });
            if (!named.ok) return named;
            files = named.result.files;
        }
        try {
            for (const path of files) await fetchData(path);
        } catch (e) {
            return { ok: false, error: { code: 'unavailable', message: `the engine's data is missing (${e instanceof Error ? e.message : e})` } };
        }
    }
    current = id;
    try {
        return call(request);
    } finally {
        current = null;
    }
}

// One request at a time, in the order they came.
let queue = Promise.resolve();
self.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object' || typeof message.op !== 'string') return;
    queue = queue.then(async () => {
        /** @type {Answer} */
        let result;
        try {
            result = await answer(message);
        } catch (e) {
            result = { ok: false, error: { code: 'internal', message: String(e instanceof Error ? e.message : e) } };
        }
        self.postMessage({ id: message.id, ...result });
    });
});
