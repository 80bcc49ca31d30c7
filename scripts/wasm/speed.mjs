// SPDX-License-Identifier: MIT
// Nodes a second of one search thread (docs/ENGINE.md "The engine in the browser"): the native
// `reversi bench --depth-offset N` beside the same bench in the WebAssembly build, in node and
// in Chromium (its worker, through web/js/lib/local-engine.js against a running `reversi
// serve`), each run RUNS times, interleaved so that a busy machine slows them alike. Each run is
// timed by the wall clock and, where it can be read, by the processor time it took (native: the
// process's user + system time, weights read included; node: the process's own over the call;
// Chromium: its renderer's ProcessTime over the call, worker start and data fetched included),
// which a machine whose cores are taken by others disturbs far less. Prints each run and the
// median and best of each; the node counts must be equal.
// Usage: node scripts/wasm/speed.mjs --binary build/reversi --engine build/engine
//            [--engine-other DIR] [--runs 3] [--offset 2] [--chromium]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { arg, loadEngine } = await import(join(repo, 'tests/wasm/engine.mjs'));
const binary = resolve(arg('binary'));
const runs = Number(arg('runs', '3'));
const offset = Number(arg('offset', '0'));
const engines = [['wasm node', arg('engine')]];
// Another build to set beside it (one with -DREVERSI_WASM_SIMD=ON, staged by stage.mjs).
if (process.argv.includes('--engine-other')) engines.push(['wasm node (other build)', arg('engine-other')]);

/** @type {Map<string, number[]>} */
const results = new Map();
const record = (name, nodes, seconds, cpu) => {
    const add = (key, value) => {
        if (!results.has(key)) results.set(key, []);
        results.get(key).push(value);
    };
    add(`${name}, wall clock`, Math.round(nodes / seconds));
    if (cpu) add(`${name}, processor time`, Math.round(nodes / cpu));
    console.log(`${name}: ${nodes} nodes in ${seconds.toFixed(3)} s${cpu ? ` (processor ${cpu.toFixed(3)} s)` : ''}`);
};

// Chromium: a server of the build and a page that imports the client (as tests/e2e/wasm.tests.mjs).
let page = null;
let server = null;
let browser = null;
let cdp = null;
const processTime = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ProcessTime')?.value;
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
    // The renderer's processor time (its ProcessTime metric), where the page's worker runs.
    cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const source = readFileSync(join(repo, 'web/js/lib/local-engine.js'), 'utf8');
    await page.route('**/speed-only/local-engine.js', (route) => route.fulfill({ body: source, contentType: 'text/javascript' }));
    await page.goto(`${url}/`);
}

for (let i = 0; i < runs; i++) {
    const text = execFileSync('/bin/sh', ['-c', `/usr/bin/time -f "cpu %U %S" "${binary}" bench --depth-offset ${offset} 2>&1`], { encoding: 'utf8' });
    const [, user, system] = /cpu ([\d.]+) ([\d.]+)/.exec(text);
    record('native', Number(/Nodes searched: (\d+)/.exec(text)[1]), Number(/Time \(s\): ([\d.]+)/.exec(text)[1]),
        Number(user) + Number(system));
    for (const [name, dir] of engines) {
        // A fresh module each run, as a fresh process is for the native bench.
        const engine = await loadEngine(dir);
        const before = process.cpuUsage();
        const r = engine.call({ op: 'bench', depth_offset: offset }).result;
        const used = process.cpuUsage(before);
        record(name, r.nodes, r.seconds, (used.user + used.system) / 1e6);
    }
    if (page) {
        // The worker started and its module compiled first, as the native process's start is
        // not a search either; the data files are fetched inside the call.
        await page.evaluate(async () => {
            const { createLocalEngine } = await import('/speed-only/local-engine.js');
            window.speedEngine = createLocalEngine();
            await window.speedEngine.available();
        });
        const before = await processTime();
        const r = await page.evaluate(async (depth_offset) => {
            const result = await window.speedEngine.bench({ depth_offset });
            window.speedEngine.terminate();
            return result;
        }, offset);
        const after = await processTime();
        record('wasm Chromium', r.nodes, r.seconds, before === undefined ? undefined : after - before);
    }
}
await browser?.close();
server?.kill();
for (const [name, list] of results) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(`${name}: median ${sorted[Math.floor(sorted.length / 2)]} nodes/s, best ${sorted.at(-1)} (${list.length} runs)`);
}
