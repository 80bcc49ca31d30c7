// SPDX-License-Identifier: MIT
// Loads the browser's engine (BUILD/engine, src/wasm) into node for the tests of this folder:
// the emscripten module as the worker loads it, the .wasm given as bytes (emscripten 3.1.6's own
// loader trips over node 18's global fetch) and every data file of data/files.json put into
// its file system, as web/js/engine/worker.js puts them there from /engine/data/.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The --NAME value of the command line, or `fallback`. @param {string} name @param {string} [fallback] */
export function arg(name, fallback) {
    const i = process.argv.indexOf(`--${name}`);
    if (i >= 0 && i + 1 < process.argv.length) return process.argv[i + 1];
    if (fallback === undefined) throw new Error(`--${name} is required`);
    return fallback;
}

/** The engine of `dir` (BUILD/engine), asked with call(request) -> answer. @param {string} dir */
export async function loadEngine(dir) {
    dir = resolve(dir);
    // The module's node branch (never taken in a browser) uses CommonJS names.
    globalThis.require ??= createRequire(import.meta.url);
    globalThis.__dirname ??= dir;
    const { default: create } = await import(pathToFileURL(join(dir, 'reversi-engine.js')).href);
    const module = await create({ wasmBinary: readFileSync(join(dir, 'reversi-engine.wasm')), print: () => {}, printErr: () => {} });
    for (const path of JSON.parse(readFileSync(join(dir, 'data', 'files.json'), 'utf8'))) {
        module.FS.mkdirTree(`/data/${path.slice(0, path.lastIndexOf('/'))}`);
        module.FS.writeFile(`/data/${path}`, readFileSync(join(dir, 'data', path)));
    }
    const handle = module._reversi_engine_new();
    if (!handle) throw new Error('the engine did not start');
    /** @type {(text: string) => void} */
    let onProgress = () => {};
    module.onEngineProgress = (text) => onProgress(text);
    return {
        /** The answer to a request (an object, or text sent as it is). @param {any} request @param {(p: any) => void} [progress] */
        call(request, progress) {
            onProgress = progress ? (text) => progress(JSON.parse(text)) : () => {};
            const text = typeof request === 'string' ? request : JSON.stringify(request);
            return JSON.parse(module.ccall('reversi_engine_call', 'string', ['number', 'string'], [handle, text]));
        },
    };
}

/** The setup object of docs/PROTOCOL.md for the setup flags of `reversi` (--board 8 --anti ...). @param {string[]} flags */
export function setupOf(flags) {
    const setup = {};
    for (let i = 0; i < flags.length; i++) {
        const flag = flags[i];
        const value = flags[i + 1];
        if (flag === '--anti') setup.anti = true;
        else if (flag === '--free-opening') setup.free_opening = true;
        else if (flag === '--board') { setup.board = value; i++; }
        else if (flag === '--players') { setup.players = Number(value); i++; }
        else if (flag === '--handicap') { setup.handicap = Number(value); i++; }
        else if (flag === '--handicap-to') { setup.handicap_to = value; i++; }
        else if (flag === '--blocked') { setup.blocked = value.split(','); i++; }
        else throw new Error(`setupOf: unknown flag ${flag}`);
    }
    return setup;
}
