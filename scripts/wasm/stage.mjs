// SPDX-License-Identifier: MIT
// Puts together the folder the server sends under /engine/ (src/wasm/wasm.cmake, docs/ENGINE.md
// "The engine in the browser"): the emscripten output (reversi-engine.js, .wasm), the worker
// that runs it (web/js/engine/worker.js, as it is) and the engine's data files under data/
// (weights, Multi-ProbCut parameters, the book, the solved openings) with data/files.json, the
// list of them all. Beside each file its brotli (.br) and gzip (.gz) copies when smaller; a file
// whose copy is newer than itself is left alone, so a build that changed nothing costs nothing.
// The weights compress little (about 1.4:1): brotli's best level would take two minutes on their
// 15 MB for 18% less than gzip, its quick levels gain nothing over gzip, so they get gzip alone;
// the code and the small text files get brotli's best too.
// Usage: node scripts/wasm/stage.mjs --wasm BUILD/wasm --worker web/js/engine/worker.js
//                                    --data data --out BUILD/engine
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const opt = (name) => {
    const i = args.indexOf(name);
    if (i < 0 || i + 1 >= args.length) throw new Error(`stage: ${name} is required`);
    return resolve(args[i + 1]);
};
const wasm = opt('--wasm');
const worker = opt('--worker');
const data = opt('--data');
const out = opt('--out');
// The data folders the engine reads (engine/data_paths.h); the puzzles are the server's.
const DataFolders = ['weights', 'mpc', 'book', 'solved'];
// The large binary files: gzip only.
const GzipOnly = new Set(['.weights']);

const newer = (a, b) => !existsSync(b) || statSync(a).mtimeMs > statSync(b).mtimeMs;

/** Copies `from` to `to` when changed, then refreshes its compressed copies. */
function stage(from, to) {
    mkdirSync(dirname(to), { recursive: true });
    if (newer(from, to)) copyFileSync(from, to);
    const ext = to.slice(to.lastIndexOf('.'));
    for (const [suffix, pack] of [
        ['.br', (b) => brotliCompressSync(b, { params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: b.length } })],
        ['.gz', (b) => gzipSync(b, { level: 9 })],
    ]) {
        const copy = to + suffix;
        if (suffix === '.br' && GzipOnly.has(ext)) {
            rmSync(copy, { force: true });
            continue;
        }
        if (!newer(to, copy)) continue;
        const bytes = readFileSync(to);
        const packed = pack(bytes);
        if (packed.length < bytes.length) writeFileSync(copy, packed);
        else rmSync(copy, { force: true });
    }
}

mkdirSync(out, { recursive: true });
for (const name of ['reversi-engine.js', 'reversi-engine.wasm']) stage(join(wasm, name), join(out, name));
stage(worker, join(out, basename(worker)));
const files = [];
for (const folder of DataFolders) {
    const dir = join(data, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
        if (name.startsWith('.')) continue;
        stage(join(dir, name), join(out, 'data', folder, name));
        files.push(`${folder}/${name}`);
    }
}
const list = join(out, 'data', 'files.json');
const text = JSON.stringify(files);
if (!existsSync(list) || readFileSync(list, 'utf8') !== text) writeFileSync(list, text);
const size = (p) => statSync(p).size;
const gz = (p) => (existsSync(`${p}.gz`) ? size(`${p}.gz`) : size(p));
const br = (p) => (existsSync(`${p}.br`) ? size(`${p}.br`) : size(p));
const code = ['reversi-engine.js', 'reversi-engine.wasm'].map((n) => `${n} ${size(join(out, n))} (br ${br(join(out, n))})`);
const total = files.reduce((s, f) => s + size(join(out, 'data', f)), 0);
const packed = files.reduce((s, f) => s + Math.min(gz(join(out, 'data', f)), br(join(out, 'data', f))), 0);
console.log(`engine: ${out}: ${code.join('; ')}; data ${files.length} files ${total} (compressed ${packed})`);
