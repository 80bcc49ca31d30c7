// SPDX-License-Identifier: MIT
// What the engine in the browser saves the server (issue 49, part 4): the CPU seconds of the
// `reversi serve` process (utime + stime of /proc/PID/stat: its engine threads above all) spent
// on casual games against the computer and on analysis-board sessions, played the way the site
// played them before (the server's engine: a table with a computer seat, its analysis queued
// when the game ends; POST /api/analyze for each position) and the way the web client plays them
// now (this browser's engine, through Chromium: the landing page's game in IndexedDB, the
// analysis board scored in the page). Each run starts its own server; the figures are per game
// or session and scaled to 100.
// Usage: node --experimental-websocket tests/e2e/engine-savings.mjs --binary build/reversi
//          [--games 10] [--sessions 10] [--browser-games 2] [--browser-sessions 2] [--level 3]
//          [--start 20] [--positions 10] [--depth 10] [--web DIR]
// An analysis-board session is a random game's first `start` plies pasted in, then `positions`
// positions from there, each scored, a random move played after each.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { closeChromium, launchBrowser, repo } from './lib.mjs';
import * as rules from '../../web/js/lib/rules.js';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
};
const binary = resolve(opt('--binary', join(repo, 'build/reversi')));
const web = opt('--web', null);
const games = Number(opt('--games', 10));
const sessions = Number(opt('--sessions', 10));
const browserGames = Number(opt('--browser-games', 2));
const browserSessions = Number(opt('--browser-sessions', 2));
const level = Number(opt('--level', 3));
const start = Number(opt('--start', 20));
const positions = Number(opt('--positions', 10));
const depth = Number(opt('--depth', 10));
const ClockTicks = 100; // sysconf(_SC_CLK_TCK) on Linux

// The server's CPU seconds so far (user + system, all its threads).
function cpuSeconds(pid) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ClockTicks;
}

// A server of its own on a free port; every request names a client address of its own
// (X-Forwarded-For from a trusted proxy), so the per-address limits never refuse the load.
async function startServer() {
    const dir = mkdtempSync(join(tmpdir(), 'reversi-savings-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(binary, ['serve', '--port', String(port), '--db', join(dir, 'db'), '--computer-pause-ms', '0',
        '--trusted-proxy', '127.0.0.1', '--puzzles', join(repo, 'tests/data/puzzles'), ...(web ? ['--web', web] : [])],
    { stdio: ['ignore', 'ignore', 'inherit'] });
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
        try {
            if ((await fetch(`${url}/api/health`)).ok) break;
        } catch {
            // not listening yet
        }
        if (i > 150) throw new Error('the server did not start');
        await new Promise((r) => setTimeout(r, 100));
    }
    return { url, pid: child.pid, stop() { child.kill('SIGTERM'); rmSync(dir, { recursive: true, force: true }); } };
}

let client = 0;
const nextAddress = () => { client++; return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`; };

async function post(url, path, body, address) {
    const res = await fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address } });
    const answer = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

// One casual game against the computer on the server, the person's moves random, then its
// analysis (queued by the server when the game ends) waited for.
async function serverGame(url) {
    const address = nextAddress();
    const made = await post(url, '/api/tables', { setup: { board: '8', players: 2 }, seats: [{ type: 'human' },
        { type: 'computer', level }], seat: 0, hints: true, clock: { mode: 'none' } }, address);
    await new Promise((done, fail) => {
        const ws = new WebSocket(`${url.replace('http', 'ws')}/ws?table=${made.table}&token=${made.token}`);
        ws.onmessage = (e) => {
            const msg = JSON.parse(String(e.data));
            if (msg.type === 'error' && msg.code !== 'stale') fail(new Error(JSON.stringify(msg)));
            if (msg.type !== 'state') return;
            const table = msg.table;
            if (table.status === 'finished') {
                ws.close();
                done();
            } else if (table.to_move === 0 && table.legal?.length) ws.send(JSON.stringify({ type: 'move', square: pick(table.legal), ply: table.ply }));
        };
        ws.onerror = () => fail(new Error('socket failed'));
    });
    for (;;) {
        const a = await (await fetch(`${url}/api/games/${made.table}/analysis`)).json();
        if (a.status === 'done') return;
        await new Promise((r) => setTimeout(r, 200));
    }
}

// A random game's first `start` plies (fewer when it ends before).
function randomOpening() {
    let pos = rules.initialPosition({ board: '8', players: 2 });
    const moves = [];
    while (moves.length < start && !rules.isOver(pos)) {
        const m = pick(rules.legalMoves(pos));
        moves.push(m);
        pos = rules.play(pos, m);
    }
    return moves;
}

// One analysis-board session on the server: from a random opening, `positions` positions each
// scored by POST /api/analyze, as a person steps through them.
async function serverSession(url) {
    const address = nextAddress();
    const moves = randomOpening();
    for (let k = 0; k < positions; k++) {
        const answer = await post(url, '/api/analyze', { setup: { board: '8', players: 2 }, moves, depth }, address);
        if (answer.over || !answer.moves.length) break;
        moves.push(pick(answer.moves).square);
    }
}

// One casual game against the computer in the browser (the landing page's), the person's
// moves the first legal square.
async function browserGame(page, url) {
    await page.goto(`${url}/`);
    await page.waitForSelector('#play-computer');
    await page.selectOption('#quick-level', String(level));
    await page.selectOption('#quick-colour', '0');
    await page.click('#play-computer');
    await page.waitForURL(/#\/play\//, { timeout: 30000 });
    for (;;) {
        await page.waitForFunction(() => document.querySelector('section.game')?.dataset.status === 'finished'
            || document.querySelector('#pass') || document.querySelector('.board.interactive .sq.playable'), null, { timeout: 120000 });
        const ply = Number(await page.getAttribute('section.game', 'data-ply'));
        if (await page.getAttribute('section.game', 'data-status') === 'finished') return;
        if (await page.$('#pass')) await page.click('#pass');
        else await page.click(`.board-host .sq[data-sq="${pick(await page.$$eval('.board.interactive .sq.playable', (b) => b.map((x) => x.dataset.sq)))}"]`);
        await page.waitForFunction((p) => Number(document.querySelector('section.game')?.dataset.ply) > p, ply, { timeout: 120000 });
    }
}

// One analysis-board session in the browser: `positions` positions clicked, each scored.
async function browserSession(page, url) {
    await page.goto(`${url}/#/analysis`);
    await page.waitForSelector('#board-depth');
    await page.selectOption('#board-depth', String(depth));
    const opening = randomOpening();
    await page.fill('#board-moves-input', opening.join(' '));
    await page.click('#board-apply');
    for (let k = opening.length; k < opening.length + positions; k++) {
        await page.waitForFunction((n) => document.getElementById('board-engine')?.dataset.engine
            && document.querySelectorAll('#board-scores li').length > 0
            && document.getElementById('board-moves-input')?.value.split(' ').filter(Boolean).length === n, k, { timeout: 120000 });
        const squares = await page.$$eval('.board.interactive .sq.playable', (b) => b.map((x) => x.dataset.sq));
        if (!squares.length) break;
        await page.click(`.board-host .sq[data-sq="${pick(squares)}"]`);
    }
}

/** Runs `n` of `one` on a fresh server; returns its CPU seconds per run. */
async function measure(label, n, one, browser = false) {
    if (n <= 0) return null;
    const server = await startServer();
    let b = null;
    try {
        let page = null;
        if (browser) {
            b = await launchBrowser();
            page = await b.page();
            // The engine's files loaded and the worker started before the count begins.
            await page.goto(`${server.url}/#/analysis`);
            await page.waitForSelector('#board-engine[data-engine]', { timeout: 60000 });
        }
        const before = cpuSeconds(server.pid);
        const t0 = Date.now();
        for (let k = 0; k < n; k++) await (browser ? one(page, server.url) : one(server.url));
        const spent = cpuSeconds(server.pid) - before;
        // The analysis board says which engine scored it; a game in the browser is at #/play/.
        const engine = !browser ? 'server' : page.url().includes('#/play/') ? 'browser'
            : await page.getAttribute('#board-engine', 'data-engine').catch(() => '?');
        console.log(`${label}: ${n} in ${((Date.now() - t0) / 1000).toFixed(1)} s wall; server CPU ${spent.toFixed(2)} s`
            + ` = ${(spent / n).toFixed(3)} s each, ${(100 * spent / n).toFixed(1)} s per 100${browser ? ` (engine: ${engine})` : ''}`);
        return spent / n;
    } finally {
        if (b) await b.close();
        server.stop();
    }
}

console.log(`level ${level} games; analysis sessions of ${positions} positions from ply ${start} at depth ${depth}`);
await measure('server engine, casual computer games', games, serverGame);
await measure('server engine, analysis-board sessions', sessions, serverSession);
await measure('browser engine, casual computer games', browserGames, browserGame, true);
await measure('browser engine, analysis-board sessions', browserSessions, browserSession, true);
await closeChromium();
