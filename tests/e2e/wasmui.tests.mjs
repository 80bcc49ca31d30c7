// SPDX-License-Identifier: MIT
// The engine in the browser, as a person meets it (issue 49, parts 3 and 5; docs/SITE.md "The
// engine in the browser"): the analysis board scored in the page, the same scores as the
// server's POST /api/analyze and no request for them to the server; with WebAssembly taken away
// the server scores it and the computer plays at a table (the fallback, in Turkish); a hint at a
// table that allows them searched in the page, no hint message on the socket; a game played in
// the page to its end and analysed there; hostile records in IndexedDB refused; and after one
// visit, with the browser offline, a game against the computer played, hinted, reloaded and
// continued (in Polish) and the analysis board scoring positions.
import { join } from 'node:path';
import { check, fillSetup, createGame, waitPly } from './lib.mjs';
import { strings as en } from '../../web/js/i18n/en.js';
import { strings as tr } from '../../web/js/i18n/tr.js';
import { strings as pl } from '../../web/js/i18n/pl.js';

const Opening = ['f5', 'd6', 'c3', 'd3', 'c4'];
const Depth = 8;

// The board's score list as {square: score}, read from the page.
async function shownScores(page) {
    return page.$$eval('#board-scores li', (items) => Object.fromEntries(items.map((li) => [
        li.querySelector('.sqname')?.textContent ?? '',
        Number((li.querySelector('.score')?.textContent ?? '').replace('−', '-').replace('+', '')),
    ])));
}

// The server's answer for the position, as {square: score}.
async function serverScores(url, moves, depth) {
    const res = await fetch(`${url}/api/analyze`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ setup: { board: '8', players: 2 }, moves, depth }) });
    const answer = await res.json();
    check(res.ok && Array.isArray(answer.moves), `POST /api/analyze answered ${res.status}: ${JSON.stringify(answer)}`);
    return Object.fromEntries(answer.moves.map((m) => [m.square, m.score]));
}

// Sets the analysis board's depth and moves, then waits until it shows scores from `engine`
// ('browser' or 'server') for that position; returns them.
async function scoreOnBoard(page, moves, depth, engine) {
    await page.waitForSelector('#board-depth');
    await page.selectOption('#board-depth', String(depth));
    await page.fill('#board-moves-input', moves.join(' '));
    await page.click('#board-apply');
    await page.waitForFunction(({ text, want }) => document.getElementById('board-moves-input')?.value === text
        && document.getElementById('board-engine')?.dataset.engine === want
        && document.querySelectorAll('#board-scores li').length > 0, { text: moves.join(' '), want: engine }, { timeout: 30000 });
    return shownScores(page);
}

const same = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

// Waits until the service worker controls the page and keeps every file the page loaded, the
// engine's files included (web/sw.js fetches them when it installs, though the page never
// started the engine).
async function controlled(page) {
    await page.waitForFunction(() => Boolean(navigator.serviceWorker && navigator.serviceWorker.controller), null, { timeout: 20000 });
    const missing = () => page.evaluate(async () => {
        const files = performance.getEntriesByType('resource').map((e) => new URL(e.name))
            .filter((u) => u.origin === location.origin && !u.pathname.startsWith('/api/')).map((u) => u.href);
        const engine = ['/engine/worker.js', '/engine/reversi-engine.wasm', '/engine/data/weights/8x8.weights']
            .map((f) => new URL(f, location.href).href);
        const all = [...files, ...engine];
        const hits = await Promise.all(all.map((u) => caches.match(u)));
        return all.filter((u, i) => !hits[i]);
    });
    const deadline = Date.now() + 30000;
    for (let left = await missing(); left.length; left = await missing()) {
        check(Date.now() < deadline, `the worker did not keep ${left.join(', ')}`);
        await page.waitForTimeout(200);
    }
}

// The squares the person may play now on the game view, once it is their turn.
async function myMove(page) {
    await page.waitForFunction(() => document.querySelector('#pass') || document.querySelector('.board.interactive .sq.playable'),
        null, { timeout: 30000 });
    if (await page.$('#pass')) return 'pass';
    return page.$eval('.board.interactive .sq.playable', (b) => b.dataset.sq);
}

// Collects in `into` what a game on the server would ask of it: a table made, a game or its
// analysis read, a position scored, a table's socket (the landing page's list of running tables
// is no question about a game).
function watchGameRequests(page, into) {
    page.on('request', (r) => {
        if (/\/api\/(games|analyze)/.test(r.url()) || (r.method() === 'POST' && r.url().includes('/api/tables'))) into.push(r.url());
    });
    page.on('websocket', (ws) => { if (ws.url().includes('table=')) into.push(ws.url()); });
}

export const tests = {
    async 'wasmui: the analysis board is scored in the browser, the same as the server\'s /api/analyze, without asking it'(ctx) {
        const b = await ctx.launch();
        const page = await b.page();
        let asked = 0;
        page.on('request', (r) => { if (r.url().includes('/api/analyze')) asked++; });
        await page.goto(`${ctx.url}/#/analysis`);
        const shown = await scoreOnBoard(page, Opening, Depth, 'browser');
        const server = await serverScores(ctx.url, Opening, Depth);
        check(same(shown, server), `the page shows ${JSON.stringify(shown)}, the server answers ${JSON.stringify(server)}`);
        check(await page.textContent('#board-engine') === en['analysis.where.browser'], `the engine note: ${await page.textContent('#board-engine')}`);
        check(asked === 0, `the page asked the server ${asked} times for scores`);
    },

    async 'wasmui: without WebAssembly, the analysis board is scored by the server and the computer plays there (in Turkish)'(ctx) {
        const b = await ctx.launch({ locale: 'tr-TR' });
        const page = await b.page();
        await page.addInitScript(() => { delete globalThis.WebAssembly; });
        let asked = 0;
        page.on('request', (r) => { if (r.url().includes('/api/analyze')) asked++; });
        await page.goto(`${ctx.url}/#/analysis`);
        const shown = await scoreOnBoard(page, Opening, Depth, 'server');
        const server = await serverScores(ctx.url, Opening, Depth);
        check(same(shown, server), `the page shows ${JSON.stringify(shown)}, the server answers ${JSON.stringify(server)}`);
        check(await page.textContent('#board-engine') === tr['analysis.where.server'], `the engine note: ${await page.textContent('#board-engine')}`);
        check(asked > 0, 'the page never asked the server');
        // ... and the computer of the landing page plays at a table of the server.
        await page.goto(`${ctx.url}/#/`);
        await page.click('#play-computer');
        await page.waitForURL(/#\/table\//, { timeout: 15000 });
        await waitPly(page, -1);
    },

    async 'wasmui: a hint at a table that allows them is searched in the browser; no hint reaches the server'(ctx) {
        const b = await ctx.launch();
        const page = await b.page();
        const sent = [];
        page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload))));
        await page.goto(`${ctx.url}/#/new`);
        await page.waitForSelector('#create');
        await fillSetup(page, { seats: ['human', 1] });
        await createGame(page);
        await page.waitForSelector('#hints-mark');
        await page.waitForSelector('#hint', { timeout: 20000 });
        const legal = await page.$$eval('.board.interactive .sq.playable', (bs) => bs.map((x) => x.dataset.sq));
        await page.click('#hint');
        await page.waitForFunction(() => document.querySelector('.board-host .sq.hint'), null, { timeout: 30000 });
        const hinted = await page.$eval('.board-host .sq.hint', (x) => x.dataset.sq);
        check(legal.includes(hinted), `the hint ${hinted} is not one of the legal moves ${legal.join(' ')}`);
        check((await page.textContent('#hint-text')).includes(hinted), `the hint's line: ${await page.textContent('#hint-text')}`);
        const hints = sent.filter((m) => /"type"\s*:\s*"hint"/.test(m));
        check(hints.length === 0, `the page sent the server ${hints.length} hint messages`);
        // The server still decides: a table between two people without hints shows no button.
        await page.goto(`${ctx.url}/#/new`);
        await page.waitForSelector('#create');
        await fillSetup(page, { seats: ['human', 'human'] });
        await page.click('#create');
        await page.waitForURL(/#\/table\//, { timeout: 10000 });
        await waitPly(page, -1);
        check(!(await page.$('#hints-mark')) && !(await page.$('#hint')), 'a table without hints offers one');
    },

    async 'wasmui: offline after one visit, a game against the computer is played, reloaded and continued (in Polish)'(ctx) {
        const b = await ctx.launch({ locale: 'pl-PL' });
        const page = await b.page();
        const toServer = [];
        await page.goto(`${ctx.url}/`);
        await page.waitForSelector('#play-computer');
        await controlled(page);
        await b.context.setOffline(true);
        await page.reload();
        await page.waitForSelector('#play-computer', { timeout: 10000 });
        watchGameRequests(page, toServer);
        await page.selectOption('#quick-level', '1');
        await page.selectOption('#quick-colour', '0');
        await page.click('#play-computer');
        await page.waitForURL(/#\/play\/b[0-9a-f]{12}$/, { timeout: 15000 });
        const url = page.url();
        await page.waitForSelector('#offline-notice');
        check(await page.textContent('#offline-notice') === pl['offline.localGame'], `the notice: ${await page.textContent('#offline-notice')}`);
        check(await page.textContent('#local-note') === pl['local.note'], `the game's note: ${await page.textContent('#local-note')}`);
        // Black's three moves, each answered by the computer of this browser.
        for (let k = 0; k < 3; k++) {
            const move = await myMove(page);
            if (move === 'pass') await page.click('#pass');
            else await page.click(`.board-host .sq[data-sq="${move}"]`);
            await page.waitForFunction((n) => Number(document.querySelector('section.game')?.dataset.ply) >= n, 2 * (k + 1), { timeout: 30000 });
        }
        // A hint, offline too: searched in the page, marked on a legal square.
        await myMove(page);
        const legal = await page.$$eval('.board.interactive .sq.playable', (bs) => bs.map((x) => x.dataset.sq));
        await page.click('#hint');
        await page.waitForSelector('.board-host .sq.hint', { timeout: 30000 });
        const hinted = await page.$eval('.board-host .sq.hint', (x) => x.dataset.sq);
        check(legal.includes(hinted), `the hint ${hinted} is not one of ${legal.join(' ')}`);
        const moves = await page.$$eval('#moves li', (li) => li.map((x) => x.textContent));
        const board = await page.$$eval('.board-host .sq', (sq) => sq.map((x) => x.dataset.c).join(''));
        check(moves.length >= 6, `only ${moves.length} moves were played`);
        await page.reload();
        await page.waitForFunction((n) => Number(document.querySelector('section.game')?.dataset.ply) === n, moves.length, { timeout: 15000 });
        check(page.url() === url, `the reload went to ${page.url()}`);
        check(JSON.stringify(await page.$$eval('#moves li', (li) => li.map((x) => x.textContent))) === JSON.stringify(moves),
            'the moves after the reload are not the moves played');
        check(await page.$$eval('.board-host .sq', (sq) => sq.map((x) => x.dataset.c).join('')) === board, 'the board after the reload differs');
        const move = await myMove(page);
        if (move === 'pass') await page.click('#pass');
        else await page.click(`.board-host .sq[data-sq="${move}"]`);
        await page.waitForFunction((n) => Number(document.querySelector('section.game')?.dataset.ply) >= n, moves.length + 2, { timeout: 30000 });
        check(toServer.length === 0, `the game asked the server: ${toServer.join(', ')}`);
        await page.screenshot({ path: join(ctx.shots, 'wasmui-offline-game-pl.png') });
    },

    async 'wasmui: a game played in the browser to its end is analysed in the browser, the server never asked'(ctx) {
        const b = await ctx.launch({ reducedMotion: 'reduce' });
        const page = await b.page();
        const toServer = [];
        watchGameRequests(page, toServer);
        await page.goto(`${ctx.url}/`);
        await page.selectOption('#quick-board', '6');
        await page.selectOption('#quick-level', '1');
        await page.selectOption('#quick-colour', '0');
        await page.click('#play-computer');
        await page.waitForURL(/#\/play\/b[0-9a-f]{12}$/, { timeout: 15000 });
        const id = page.url().split('#/play/')[1];
        for (let k = 0; k < 40; k++) {
            await page.waitForFunction(() => document.querySelector('section.game')?.dataset.status === 'finished'
                || document.querySelector('#pass') || document.querySelector('.board.interactive .sq.playable'), null, { timeout: 30000 });
            if (await page.getAttribute('section.game', 'data-status') === 'finished') break;
            const ply = Number(await page.getAttribute('section.game', 'data-ply'));
            const move = await myMove(page);
            if (move === 'pass') await page.click('#pass');
            else await page.click(`.board-host .sq[data-sq="${move}"]`);
            await page.waitForFunction((p) => Number(document.querySelector('section.game')?.dataset.ply) > p, ply, { timeout: 30000 });
        }
        check(await page.getAttribute('section.game', 'data-status') === 'finished', 'the game did not end');
        const plies = Number(await page.getAttribute('section.game', 'data-ply'));
        await page.click('#to-analysis');
        await page.waitForURL(new RegExp(`#/analysis/${id}$`));
        await page.waitForFunction(() => document.getElementById('analysis-status')?.textContent
            && document.getElementById('analysis-progress')?.hidden, null, { timeout: 60000 });
        check(await page.textContent('#analysis-status') === en['analysis.done'], `the status: ${await page.textContent('#analysis-status')}`);
        const rows = await page.$$eval('#analysis-moves li', (li) => li.map((x) => x.className));
        check(rows.length === plies && rows.every((c) => /best|good|inaccuracy|mistake|blunder/.test(c)),
            `${plies} plies, the list: ${rows.join(' ')}`);
        check(toServer.length === 0, `the page asked the server: ${toServer.join(', ')}`);
        await page.screenshot({ path: join(ctx.shots, 'wasmui-local-analysis.png'), fullPage: true });
        // The landing page lists no finished game to go on with.
        await page.goto(`${ctx.url}/`);
        await page.waitForSelector('#play-computer');
        check(!(await page.$(`#local-games a[href="#/play/${id}"]`)), 'the finished game is listed to go on with');
    },

    async 'wasmui: a kept game that does not replay, or names no level of the site, is no game'(ctx) {
        const b = await ctx.launch();
        const page = await b.page();
        await page.goto(`${ctx.url}/`);
        await page.waitForSelector('#play-computer');
        const bad = [
            { id: 'b000000000001', setup: { board: '8', players: 2 }, seat: 0, level: 3, moves: ['a1'], created: 1 },
            { id: 'b000000000002', setup: { board: '8', players: 2 }, seat: 0, level: 99, moves: [], created: 2 },
            { id: 'b000000000003', setup: { board: '8', players: 3 }, seat: 0, level: 3, moves: [], created: 3 },
            { id: 'b000000000004', setup: { board: '8', players: 2 }, seat: 0, level: 3, moves: new Array(300).fill('pass'), created: 4 },
        ];
        // Written straight into the browser's store, as another tab or the browser's tools could.
        await page.evaluate((records) => new Promise((resolve, reject) => {
            const req = indexedDB.open('reversi-local', 1);
            req.onupgradeneeded = () => req.result.createObjectStore('games', { keyPath: 'id' });
            req.onerror = () => reject(req.error);
            req.onsuccess = () => {
                const tx = req.result.transaction('games', 'readwrite');
                for (const r of records) tx.objectStore('games').put(r);
                tx.oncomplete = () => { req.result.close(); resolve(); };
                tx.onerror = () => reject(tx.error);
            };
        }), [...bad, { id: 'b000000000005', setup: { board: '8', players: 2 }, seat: 0, level: 3, moves: ['d3'], created: 5 }]);
        for (const r of bad) {
            await page.goto(`${ctx.url}/#/play/${r.id}`);
            await page.waitForSelector('#local-missing', { timeout: 10000 });
            check(await page.textContent('#local-missing') === en['local.missing'], `game ${r.id}: ${await page.textContent('#local-missing')}`);
        }
        // The landing page offers the one whole game to go on with, none of the others.
        await page.goto(`${ctx.url}/`);
        await page.waitForSelector('#local-games a[href="#/play/b000000000005"]', { timeout: 10000 });
        const offered = await page.$$eval('#local-games a', (a) => a.map((x) => x.getAttribute('href')));
        check(offered.length === 1, `the landing page offers ${offered.join(', ')}`);
        await page.screenshot({ path: join(ctx.shots, 'wasmui-landing-go-on.png') });
    },

    async 'wasmui: offline after one visit, the analysis board scores positions in the browser'(ctx) {
        const b = await ctx.launch();
        const page = await b.page();
        await page.goto(`${ctx.url}/`);
        await page.waitForSelector('#play-computer');
        await controlled(page);
        const server = await serverScores(ctx.url, Opening, Depth);
        await b.context.setOffline(true);
        await page.goto(`${ctx.url}/#/analysis`);
        await page.reload();
        const shown = await scoreOnBoard(page, Opening, Depth, 'browser');
        check(same(shown, server), `offline the page shows ${JSON.stringify(shown)}, the server answered ${JSON.stringify(server)}`);
        await page.waitForSelector('#offline-notice');
        check(await page.textContent('#offline-notice') === en['offline.analysis'], `the notice: ${await page.textContent('#offline-notice')}`);
    },
};
