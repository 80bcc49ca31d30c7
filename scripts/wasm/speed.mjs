// SPDX-License-Identifier: MIT
// Nodes a second of one search thread (docs/ENGINE.md "The engine in the browser"): the native
// `reversi bench` beside the same bench in the WebAssembly build, in node and in Chromium (its
// worker, through web/js/lib/local-engine.js against a running `reversi serve`), each run
// RUNS times, interleaved so that a busy machine slows them alike. Prints each run and the
// median and best of each; the node count must be the signature in all three.
// Usage: node scripts/wasm/speed.mjs --binary build/reversi --engine build/engine
//            [--engine-nosimd DIR] [--runs 3] [--chromium]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { arg, loadEngine } = await import(join(repo, 'tests/wasm/engine.mjs'));
const binary = resolve(arg('binary'));
const runs = Number(arg('runs', '3'));
const engines = [['wasm node (SIMD)', arg('engine')]];
if (process.argv.includes('--engine-nosimd')) engines.push(['wasm node (no SIMD)', arg('engine-nosimd')]);

/** @type {Map<string, number[]>} */
const results = new Map();
const record = (name, nodes, seconds) => {
    const nps = Math.round(nodes / seconds);
    if (!results.has(name)) results.set(name, []);
    results.get(name).push(nps);
    console.log(`${name}: ${nodes} nodes in ${seconds.toFixed(3)} s: ${nps} nodes/s`);
};

// Chromium: a server of the build and a page that imports the client (as tests/e2e/wasm.tests.mjs).
let page = null;
let server = null;
let browser = null;
if (process.argv.includes('--chromium')) {
    const { chromium } = await import(join(repo, 'tests/e2e/node_modules/playwright-core/index.mjs'));
    const dir = mkdtempSync(join(tmpdir(), 'reversi-speed-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    server = spawn(binary, ['serve', '--port', '0', '--db', join(dir, 'speed.db'), '--engine-threads', '1'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const url = await new Promise((ok) => {
        let text = '';
        server.stdout.on('data', (d) => {
            text += d;
            const m = /listening on (http:\/\/\S+)/.exec(text);
            if (m) ok(m[1]);
        });
    });
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
    const context = await browser.newContext({ serviceWorkers: 'block' });
    page = await context.newPage();
    const source = readFileSync(join(repo, 'web/js/lib/local-engine.js'), 'utf8');
    await page.route('**/speed-only/local-engine.js', (route) => route.fulfill({ body: source, contentType: 'text/javascript' }));
    await page.goto(`${url}/`);
}

for (let i = 0; i < runs; i++) {
    const out = execFileSync(binary, ['bench'], { encoding: 'utf8' });
    record('native', Number(/Nodes searched: (\d+)/.exec(out)[1]), Number(/Time \(s\): ([\d.]+)/.exec(out)[1]));
    for (const [name, dir] of engines) {
        // A fresh module each run, as a fresh process is for the native bench.
        const r = (await loadEngine(dir)).call({ op: 'bench' }).result;
        record(name, r.nodes, r.seconds);
    }
    if (page) {
        const r = await page.evaluate(async () => {
            const { createLocalEngine } = await import('/speed-only/local-engine.js');
            const engine = createLocalEngine();
            const result = await engine.bench();
            engine.terminate();
            return result;
        });
        record('wasm Chromium (SIMD)', r.nodes, r.seconds);
    }
}
await browser?.close();
server?.kill();
for (const [name, list] of results) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(`${name}: median ${sorted[Math.floor(sorted.length / 2)]} nodes/s, best ${sorted.at(-1)} (${list.length} runs)`);
}
