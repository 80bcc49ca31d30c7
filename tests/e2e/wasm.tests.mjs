// SPDX-License-Identifier: MIT
// The engine in the browser (issue 49; docs/ENGINE.md "The engine in the browser"): Chromium
// loads the WebAssembly engine in its worker through the page's client (web/js/lib/local-engine.js,
// served to the page for the test under a path of its own, since the bundle holds only what the
// views import) and gets the analysis board's answer the server gives for the same position, a
// game's review with its progress, and a newer request in place of one still searching. The
// engine's files are sent as the issue asks: the .wasm as application/wasm, compressed, revalidated
// by its tag.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, repo } from './lib.mjs';

const ClientPath = '/test-only/local-engine.js';

/** A page of the site that can import the client (the page's route serves it: no service worker,
 * whose own fetches would pass the route by). */
async function sitePage(ctx) {
    const b = await ctx.launch({ serviceWorkers: 'block' });
    const page = await b.page();
    const source = readFileSync(join(repo, 'web/js/lib/local-engine.js'), 'utf8');
    await page.route(`**${ClientPath}`, (route) => route.fulfill({ body: source, contentType: 'text/javascript' }));
    await page.goto(`${ctx.url}/`);
    return page;
}

export const tests = {
    async 'wasm: the browser engine answers the analysis board as the server does'(ctx) {
        const page = await sitePage(ctx);
        const request = { setup: { board: '8' }, moves: ['f5', 'd6', 'c3', 'd3', 'c4', 'f4'], depth: 8 };
        const out = await page.evaluate(async ({ path, request }) => {
            const { createLocalEngine } = await import(path);
            const engine = createLocalEngine();
            const available = await engine.available();
            const local = await engine.analyze(request);
            const res = await fetch('/api/analyze', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request) });
            const server = await res.json();
            // An illegal move is refused by the same reader, with the same code and words.
            const refused = await engine.analyze({ moves: ['a1'] }).then(() => null, (e) => ({ code: e.code, message: e.message }));
            const serverRefused = await (await fetch('/api/analyze', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ moves: ['a1'] }) })).json();
            engine.terminate();
            return { available, local, server, refused, serverRefused };
        }, { path: ClientPath, request });
        check(out.available, 'the browser engine is available');
        console.log(`wasm: browser ${JSON.stringify(out.local)}`);
        check(JSON.stringify(out.local) === JSON.stringify(out.server),
            `the browser's answer is the server's:\n  browser ${JSON.stringify(out.local)}\n  server  ${JSON.stringify(out.server)}`);
        check(out.refused?.code === 'illegal_move' && out.refused.message === out.serverRefused.message,
            `an illegal move is refused as the server refuses it: ${JSON.stringify(out.refused)} / ${JSON.stringify(out.serverRefused)}`);
    },

    async 'wasm: a review with progress, a computer move, and a newer request in place of a search'(ctx) {
        const page = await sitePage(ctx);
        const out = await page.evaluate(async (path) => {
            const { createLocalEngine } = await import(path);
            const engine = createLocalEngine();
            const progress = [];
            const review = await engine.analyzeGame({ setup: { board: '6' }, moves: ['e4', 'e3', 'e2', 'e5', 'e6', 'd2'] }, (p) => progress.push(p));
            const move = await engine.move({ setup: { board: '8' }, moves: ['f5'], level: 3, seed: 7 });
            // A deep search, then a new question at once: the first gives way.
            const deep = engine.analyze({ setup: { board: '10' }, moves: ['g6', 'g7'], depth: 12 }).then(() => 'answered', (e) => e.code);
            const quick = await engine.analyze({ setup: { board: '8' }, depth: 2 });
            const stopped = engine.analyze({ setup: { board: '10' }, depth: 12 }).then(() => 'answered', (e) => e.code);
            engine.stop();
            const after = await engine.perft({ setup: { board: '8' }, depth: 4 });
            engine.terminate();
            return { review, progress, move, deep: await deep, quick, stopped: await stopped, after };
        }, ClientPath);
        check(out.review.status === 'done' && out.review.plies.length === 6 && out.review.plies[0].played === 'e4',
            `the review names every ply: ${JSON.stringify(out.review)}`);
        check(out.progress.length === 6 && out.progress.at(-1).done === 6 && out.progress.at(-1).total === 6,
            `progress after each ply: ${JSON.stringify(out.progress)}`);
        check(['f4', 'd6', 'f6'].includes(out.move.move) && out.move.ply === 1, `a legal computer move: ${JSON.stringify(out.move)}`);
        check(out.deep === 'superseded', `the deep search gave way to the newer request: ${out.deep}`);
        check(out.quick.best && out.quick.moves.length === 4, `the newer request is answered: ${JSON.stringify(out.quick)}`);
        check(out.stopped === 'stopped', `stop() ends a search: ${out.stopped}`);
        check(out.after.nodes === 244, `the engine answers after a stop: ${JSON.stringify(out.after)}`);
    },

    async 'wasm: after one visit the engine answers offline, from the service worker cache'(ctx) {
        const b = await ctx.launch();
        const page = await b.page();
        await page.goto(`${ctx.url}/`);
        await page.waitForFunction(() => Boolean(navigator.serviceWorker && navigator.serviceWorker.controller), null, { timeout: 20000 });
        // The worker keeps the engine and the 8x8 data when it installs.
        const kept = () => page.evaluate(async () => Boolean(await caches.match('/engine/reversi-engine.wasm'))
            && Boolean(await caches.match('/engine/data/weights/8x8.weights')));
        for (const deadline = Date.now() + 20000; !(await kept());) {
            check(Date.now() < deadline, 'the service worker did not keep the engine and the 8x8 data');
            await page.waitForTimeout(200);
        }
        await b.context.setOffline(true);
        const out = await page.evaluate(async () => {
            const worker = new Worker('/engine/worker.js', { type: 'module' });
            const ask = (message) => new Promise((resolve) => {
                const listen = (event) => {
                    if (event.data.id !== message.id || event.data.progress) return;
                    worker.removeEventListener('message', listen);
                    resolve(event.data);
                };
                worker.addEventListener('message', listen);
                worker.postMessage(message);
            });
            const eight = await ask({ id: 1, op: 'analyze', setup: { board: '8' }, moves: ['f5'], depth: 4 });
            const ten = await ask({ id: 2, op: 'analyze', setup: { board: '10' }, depth: 2 });
            worker.terminate();
            return { eight, ten, online: navigator.onLine };
        });
        check(!out.online, 'the browser is offline');
        check(out.eight.ok && ['f4', 'd6', 'f6'].includes(out.eight.result.best), `8x8 offline: ${JSON.stringify(out.eight)}`);
        // A board whose data was never fetched needs the network, and says so.
        check(!out.ten.ok && out.ten.error.code === 'unavailable', `10x10 offline: ${JSON.stringify(out.ten)}`);
    },

    async 'wasm: the engine files are sent compressed, typed and revalidated'(ctx) {
        const headers = async (path, extra = {}) => {
            const res = await fetch(`${ctx.url}${path}`, { headers: { 'Accept-Encoding': 'br, gzip', ...extra } });
            await res.arrayBuffer();
            return { status: res.status, type: res.headers.get('content-type'), encoding: res.headers.get('content-encoding'),
                cache: res.headers.get('cache-control'), etag: res.headers.get('etag'), csp: res.headers.get('content-security-policy') };
        };
        const wasm = await headers('/engine/reversi-engine.wasm');
        check(wasm.status === 200 && wasm.type === 'application/wasm' && wasm.encoding === 'br' && wasm.etag,
            `the module: ${JSON.stringify(wasm)}`);
        const again = await headers('/engine/reversi-engine.wasm', { 'If-None-Match': wasm.etag });
        check(again.status === 304, `asked again with its tag: ${again.status}`);
        const weights = await headers('/engine/data/weights/8x8.weights');
        check(weights.status === 200 && ['br', 'gzip'].includes(weights.encoding) && weights.etag, `the weights: ${JSON.stringify(weights)}`);
        const worker = await headers('/engine/worker.js');
        check(worker.status === 200 && /javascript/.test(worker.type) && /'wasm-unsafe-eval'/.test(worker.csp),
            `the worker may compile WebAssembly: ${JSON.stringify(worker)}`);
        const outside = await headers('/engine/../../CMakeCache.txt');
        check(outside.status === 404, `nothing outside the engine's folder: ${outside.status}`);
    },
};
