// SPDX-License-Identifier: MIT
// Shared machinery of the browser tests: starts `reversi serve` on a free port with a temporary
// database (and stops it), launches Debian's Chromium headless through playwright-core with a
// fresh profile, and offers page helpers that read the board and play through the UI.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, '../..');
export const ChromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
export const ChromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'];

export class Failure extends Error {}

export function check(cond, message) {
    if (!cond) throw new Failure(message);
}

async function freePort() {
    return new Promise((ok, fail) => {
        const s = createServer();
        s.on('error', fail);
        s.listen(0, '127.0.0.1', () => {
            const { port } = s.address();
            s.close(() => ok(port));
        });
    });
}

// Starts the server under test; resolves to {url, db, log(), restart(), stop()} once
// /api/health answers.
export async function startServer({ binary, mock = false, web = null, args: extra = [] }) {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'reversi-e2e-'));
    const args = mock ? [join(here, 'mock-server.mjs'), String(port)]
        : ['serve', '--port', String(port), '--db', join(dir, 'e2e.db'), '--computer-pause-ms', '0',
            // The tests' small puzzle set: the shipped thousands would slow every start.
            '--puzzles', join(here, '../data/puzzles'),
            // Every browser page connects from 127.0.0.1: rated games between them are allowed.
            '--rated-same-address',
            // ... and make more tournaments than one address may a day (arena: the list's pages).
            '--tournaments-per-address', '1000',
            // ... and register more players a minute than one address may (rooms, arena).
            '--login-attempts-per-minute', '1000',
            // One tournament of the site's schedule, shown on the tournament page (compete).
            '--tournament-schedule', 'weekly@mon00:00 arena 8x8 3+2 60m Weekly e2e arena',
            ...(web ? ['--web', web] : []), ...extra];
    const url = `http://127.0.0.1:${port}`;
    let log = '';
    let child = null;
    let exited = null;
    // Starts the process and waits for its health check.
    async function launch() {
        const c = spawn(mock ? process.execPath : binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        child = c;
        exited = null;
        c.stdout.on('data', (d) => { log += d; });
        c.stderr.on('data', (d) => { log += d; });
        c.on('exit', (code, signal) => { if (child === c) exited = code ?? signal; });
        const deadline = Date.now() + 15000;
        for (;;) {
            if (exited !== null) throw new Failure(`server exited (${exited}) before answering:\n${log}`);
            try {
                const res = await fetch(`${url}/api/health`);
                if (res.ok) return;
            } catch {
                // Not listening yet.
            }
            if (Date.now() > deadline) {
                c.kill('SIGKILL');
                throw new Failure(`server did not answer /api/health within 15 s:\n${log}`);
            }
            await new Promise((r) => setTimeout(r, 100));
        }
    }
    // Stops it as a service manager does: SIGTERM, SIGKILL after 3 s.
    async function halt() {
        if (exited !== null) return;
        const c = child;
        await new Promise((r) => {
            const timer = setTimeout(() => { c.kill('SIGKILL'); r(); }, 3000);
            c.on('exit', () => { clearTimeout(timer); r(); });
            c.kill('SIGTERM');
        });
    }
    await launch();
    return {
        url,
        // The server's SQLite file, for commands the tests run beside it (`reversi admin role`).
        db: mock ? null : join(dir, 'e2e.db'),
        log: () => log,
        // Stops the server and starts it again on the same database and port (a deploy).
        async restart() {
            await halt();
            log += '\n--- restarted ---\n';
            await launch();
        },
        async stop() {
            await halt();
            rmSync(dir, { recursive: true, force: true });
        },
    };
}

let shared = null;

// Starts the run's one Chromium (headless, a fresh temporary user-data directory that
// playwright creates and removes); launching it once per test would cost seconds each time.
// The promise is kept, so that browsers opened at once share the one launch.
function chromiumOnce() {
    shared ||= import('playwright-core').then(({ chromium }) =>
        chromium.launch({ executablePath: ChromiumPath, headless: true, args: ChromiumArgs }));
    return shared;
}

export async function closeChromium() {
    if (shared) await (await shared).close();
    shared = null;
}

// Opens a browser of its own (an isolated context: its own storage, so its own seat tokens and
// language); uncaught page errors are collected in `errors`. `reducedMotion: 'reduce'` skips
// the 400 ms flip animation per move, for long games that do not test the animation.
// `serviceWorkers: 'block'` keeps the site's worker (web/sw.js) out, for a test of what the
// server itself answers a browser.
export async function launchBrowser({ locale = 'en-US', viewport = { width: 1200, height: 900 }, hasTouch = false,
    reducedMotion = 'no-preference', serviceWorkers = 'allow' } = {}) {
    const browser = await chromiumOnce();
    const context = await browser.newContext({ viewport, locale, hasTouch, reducedMotion, serviceWorkers });
    const errors = [];
    const watch = (page) => {
        page.on('pageerror', (e) => errors.push(String(e)));
        // Refused requests (a 409 for a taken seat) and dropped sockets are logged by the browser
        // as console errors; they are expected, uncaught exceptions and other errors are not.
        page.on('console', (m) => {
            const text = m.text();
            if (m.type() === 'error' && !/Failed to load resource|WebSocket/.test(text)) errors.push(text);
        });
    };
    context.on('page', watch);
    return {
        context,
        errors,
        async page() {
            return context.pages()[0] || context.newPage();
        },
        close: () => context.close(),
    };
}

// Makes every WebSocket message reach `page` `ms` late (in order), as on a slow connection:
// a test that reads one page right after another page saw a broadcast then fails at once
// instead of once in a while. Call before the page loads.
export async function slowSocket(page, ms) {
    await page.addInitScript((delay) => {
        const Native = window.WebSocket;
        window.WebSocket = class extends Native {
            set onmessage(fn) {
                super.onmessage = (e) => setTimeout(() => fn.call(this, e), delay);
            }
            get onmessage() {
                return super.onmessage;
            }
        };
    }, ms);
}

export function screenshotDir(buildDir) {
    const dir = join(buildDir, 'screenshots');
    mkdirSync(dir, { recursive: true });
    return dir;
}

export const exists = existsSync;

// The board as table-state rows, read from the squares' data-c attributes.
// The board under `scope` as rows of the table state's letters, top row (1) first.
export async function boardRows(page, scope = '.board-host') {
    return page.evaluate((sel) => {
        const board = document.querySelector(`${sel} .board`);
        if (!board) return null;
        const n = Number(getComputedStyle(board).getPropertyValue('--n'));
        // By the squares' names, so a turned board reads the same as an upright one.
        const rows = Array.from({ length: n }, () => new Array(n).fill('?'));
        for (const b of board.querySelectorAll('.sq')) {
            const m = /^([a-z])(\d+)$/.exec(b.dataset.sq || '');
            if (m) rows[Number(m[2]) - 1][m[1].charCodeAt(0) - 97] = b.dataset.c ?? '?';
        }
        return rows.map((r) => r.join(''));
    }, scope);
}

export async function gameInfo(page) {
    return page.evaluate(() => {
        const g = document.querySelector('section.game');
        return g ? { ply: Number(g.dataset.ply ?? -1), status: g.dataset.status ?? '' } : null;
    });
}

// Waits until the game view shows a state with ply > `after` (or any state when after = -1).
export async function waitPly(page, after, timeout = 20000) {
    await page.waitForFunction((a) => {
        const g = document.querySelector('section.game');
        return g && g.dataset.ply !== undefined && Number(g.dataset.ply) > a;
    }, after, { timeout });
}

// Plays by clicks until the game is over: the first playable square (or the Pass button) each
// time it is this page's turn. `choose(squares)` may pick another square. Returns plies seen.
export async function playToEnd(page, { choose = (sq) => sq[0], maxSeconds = 90 } = {}) {
    const deadline = Date.now() + maxSeconds * 1000;
    for (;;) {
        check(Date.now() < deadline, 'game did not finish in time');
        await page.waitForFunction(() => {
            const g = document.querySelector('section.game');
            return g && (g.dataset.status === 'finished' || document.querySelector('#pass')
                || document.querySelector('.board.interactive .sq.playable'));
        }, null, { timeout: 30000 });
        const info = await gameInfo(page);
        if (info.status === 'finished') return info.ply;
        if (await page.$('#pass')) {
            await page.click('#pass');
        } else {
            const squares = await page.$$eval('.board.interactive .sq.playable', (bs) => bs.map((b) => b.dataset.sq));
            if (!squares.length) continue;
            await page.click(`.board-host .sq[data-sq="${choose(squares)}"]`);
        }
        await waitPly(page, info.ply);
    }
}

// Fills the setup screen: {board, players, anti, free, blocked: [sq], random, handicap,
// handicapTo, seats: ['human'|level], local, mySeat}.
export async function fillSetup(page, o) {
    if (o.board) await page.selectOption('#shape', String(o.board));
    if (o.players) await page.selectOption('#players', String(o.players));
    if (o.anti) await page.check('#anti');
    if (o.free) await page.check('#free-opening');
    if (o.handicap) await page.selectOption('#handicap', String(o.handicap));
    if (o.handicapTo) await page.selectOption('#handicap-to', o.handicapTo);
    if (o.blocked) {
        await page.check('#blocked-pick');
        for (const sq of o.blocked) await page.click(`#preview .sq[data-sq="${sq}"]`);
    }
    if (o.random) {
        await page.check('#blocked-random');
        await page.fill('#random-blocked', String(o.random));
        await page.press('#random-blocked', 'Tab');
    }
    if (o.seats) {
        for (let i = 0; i < o.seats.length; i++) {
            const s = o.seats[i];
            await page.selectOption(`#seat-type-${i}`, s === 'human' ? 'human' : 'computer');
            if (s !== 'human') await page.selectOption(`#seat-level-${i}`, String(s));
        }
    }
    if (o.local) await page.check('#local');
    if (o.mySeat !== undefined) await page.selectOption('#my-seat', String(o.mySeat));
}

// Creates the table from a filled setup screen and waits for the first state.
export async function createGame(page) {
    await page.click('#create');
    await page.waitForURL(/#\/table\//, { timeout: 10000 });
    await waitPly(page, -1);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The pixels of a screenshot of `page` (a PNG of the `clip` rectangle, CSS pixels, device scale
// 1), decoded by the browser itself in a blank page of the same context (no CSP there):
// {width, height, at(x, y) -> [r, g, b]}.
export async function screenshotPixels(page, clip) {
    const png = await page.screenshot({ clip });
    const blank = await page.context().newPage();
    try {
        const { width, height, data } = await blank.evaluate(async (b64) => {
            const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
            const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
            const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
            const g = canvas.getContext('2d');
            g.drawImage(bitmap, 0, 0);
            return { width: bitmap.width, height: bitmap.height, data: [...g.getImageData(0, 0, bitmap.width, bitmap.height).data] };
        }, png.toString('base64'));
        return { width, height, at: (x, y) => data.slice((y * width + x) * 4, (y * width + x) * 4 + 3) };
    } finally {
        await blank.close();
    }
}

// Relative luminance (WCAG 2) of an [r, g, b] colour with 0-255 channels, and the contrast ratio
// of two colours (1 to 21).
export function luminance([r, g, b]) {
    const lin = (c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
export function contrast(a, b) {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
}

// Follows a header link (#nav-lobby, ...): on a phone the links sit in the header's menu, which
// opens first.
export async function navClick(page, id) {
    if (await page.isVisible('#menu-toggle') && !(await page.isVisible(id))) await page.click('#menu-toggle');
    await page.click(id);
}

// The words of the text under `selector` (each element's own text) drawn on more than one
// line: a header split inside a word ("Inaccura" / "cies"). A line may end after a hyphen.
export function splitWords(page, selector) {
    return page.evaluate((sel) => {
        const out = [];
        for (const e of document.querySelectorAll(sel)) {
            for (const text of e.childNodes) {
                if (text.nodeType !== 3) continue;
                for (const m of text.textContent.matchAll(/[^\s-]+-?/g)) {
                    const range = document.createRange();
                    range.setStart(text, m.index);
                    range.setEnd(text, m.index + m[0].length);
                    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                    if (lines.size > 1) out.push(m[0]);
                }
            }
        }
        return out;
    }, selector);
}

// Accounts and pairings of the site tests (site.tests.mjs, returning.tests.mjs).
export const Password = 'correct horse 42';
let serial = 0;
// A fresh name per call (3-20 letters and digits), so reruns against one server do not clash.
export const freshName = (stem) => `${stem}${Date.now().toString(36).slice(-5)}${serial++}`;

export const tableOf = (page) => decodeURIComponent(page.url().split('#/table/')[1] || '');

// Registers `name` through the form of a fresh browser; returns {browser, page}.
export async function registered(ctx, name, options = {}) {
    const browser = await ctx.launch(options);
    const page = await browser.page();
    await page.goto(`${ctx.url}/#/register`);
    await page.fill('#auth-name', name);
    await page.fill('#auth-password', Password);
    await page.fill('#auth-again', Password);
    await page.click('#auth-submit');
    await page.waitForFunction((n) => location.hash === `#/player/${n}`, name, { timeout: 10000 });
    await page.waitForFunction((n) => document.querySelector('#user-name')?.textContent.includes(n), name);
    return { browser, page };
}

// Waits until both pages show the same table (after a pairing) and its first state.
export async function bothAtOneTable(pa, pb) {
    await pa.waitForURL(/#\/table\//, { timeout: 15000 });
    await pb.waitForURL(/#\/table\//, { timeout: 15000 });
    check(tableOf(pa) === tableOf(pb), `paired at different tables: ${tableOf(pa)} vs ${tableOf(pb)}`);
    await waitPly(pa, -1);
    await waitPly(pb, -1);
    return tableOf(pa);
}

// A registered account made over HTTP (no browser): its session cookie ("rv_session=...").
export async function account(url, name) {
    const me = await fetch(`${url}/api/me`);
    const cookie = (me.headers.get('set-cookie') || '').split(';')[0];
    const res = await fetch(`${url}/api/register`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, password: 'correct horse battery' }) });
    check(res.ok, `register ${name}: ${res.status}`);
    // Registering rotates the session: the new token is the account's.
    return (res.headers.get('set-cookie') || cookie).split(';')[0];
}

// POSTs `body` as JSON with `cookie`'s session; the answer, checked to be a success.
export async function post(url, path, cookie, body = {}) {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const data = await res.json();
    check(res.ok, `${path}: ${JSON.stringify(data)}`);
    return data;
}

// Gives `name` a role with `reversi admin role` on the run's database. The server writes a new
// player to its store behind the answer (a queue that commits within milliseconds), and the
// command, another process, sees only what is committed: it is asked again until the player is
// there (5 s at most).
export async function giveRole(ctx, name, role) {
    const run = () => spawnSync(ctx.binary, ['admin', 'role', '--db', ctx.db, name, role], { encoding: 'utf8' });
    let given = run();
    for (const deadline = Date.now() + 5000; given.status !== 0 && given.stderr.includes('no player is named') && Date.now() < deadline;) {
        await new Promise((ok) => setTimeout(ok, 100));
        given = run();
    }
    check(given.status === 0, `reversi admin role failed: ${given.stderr}`);
}
