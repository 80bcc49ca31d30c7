// SPDX-License-Identifier: MIT
// The site without a network (issue 49, "An installable app"): one visit online (the landing
// page, the rules, a puzzle), then the browser context set offline and the page reloaded. The
// shell, the rules and that puzzle must show from the service worker's cache, and the pages
// must say what works offline and what needs the server (a table's game, the analysis board: in
// the browser where it runs the engine, tests/e2e/wasmui.tests.mjs) in the page's language, in
// English and in Turkish. Also the bars of the issue: a manifest linked from the
// page and sent as application/manifest+json with icons that answer, and the worker sent as
// JavaScript that the browser asks for again (no-cache), registered for the whole site, whose
// list of files names the bundle the page loads; and a new release's worker replacing the old.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boardRows, check, repo, startServer } from './lib.mjs';
import { strings as en } from '../../web/js/i18n/en.js';
import { strings as tr } from '../../web/js/i18n/tr.js';

// Waits until the service worker is installed, controls the page and keeps every file of the
// site the page loaded (served unbundled, the modules are kept once the page names them).
async function controlled(page) {
    await page.waitForFunction(() => Boolean(navigator.serviceWorker && navigator.serviceWorker.controller), null, { timeout: 20000 });
    const missing = () => page.evaluate(async () => {
        const files = performance.getEntriesByType('resource').map((e) => new URL(e.name))
            .filter((u) => u.origin === location.origin && !u.pathname.startsWith('/api/'));
        const hits = await Promise.all(files.map((u) => caches.match(u.href)));
        return files.filter((u, i) => !hits[i]).map((u) => u.pathname);
    });
    const deadline = Date.now() + 20000;
    for (let left = await missing(); left.length; left = await missing()) {
        check(Date.now() < deadline, `the worker did not keep ${left.join(', ')}`);
        await page.waitForTimeout(200);
    }
}

// The offline notice's text once it shows on the page.
async function notice(page) {
    await page.waitForSelector('#offline-notice', { timeout: 10000 });
    return page.textContent('#offline-notice');
}

// Goes to `hash` and waits for the view to be drawn by `selector`.
async function open(page, url, hash, selector) {
    await page.goto(`${url}/${hash}`);
    await page.waitForSelector(selector, { timeout: 10000 });
}

export const tests = {
    async 'offline: the manifest is linked and the worker is sent as JavaScript, asked again each time, for the whole site'(ctx) {
        const b = await ctx.launch();
        const page = await b.page();
        await page.goto(`${ctx.url}/`);
        const href = await page.getAttribute('link[rel="manifest"]', 'href');
        check(href, 'the page links no manifest');
        const manifestUrl = new URL(href, `${ctx.url}/`);
        const res = await fetch(manifestUrl);
        check(res.ok && /^application\/manifest\+json/.test(res.headers.get('content-type') || ''),
            `the manifest is answered ${res.status} as "${res.headers.get('content-type')}"`);
        const manifest = await res.json();
        check(manifest.name && manifest.start_url && manifest.display === 'standalone', `the manifest: ${JSON.stringify(manifest)}`);
        const sizes = manifest.icons.map((i) => i.sizes);
        check(sizes.includes('192x192') && sizes.includes('512x512'), `the icons' sizes: ${sizes.join(', ')}`);
        for (const icon of manifest.icons) {
            const r = await fetch(new URL(icon.src, manifestUrl));
            check(r.ok && (r.headers.get('content-type') || '').startsWith(icon.type), `icon ${icon.src}: ${r.status} ${r.headers.get('content-type')}`);
        }
        const worker = await fetch(`${ctx.url}/sw.js`);
        check(worker.ok && /^text\/javascript/.test(worker.headers.get('content-type') || ''),
            `the worker is answered ${worker.status} as "${worker.headers.get('content-type')}"`);
        check(worker.headers.get('cache-control') === 'no-cache', `the worker's Cache-Control: "${worker.headers.get('cache-control')}"`);
        // Served from the build's bundle, the worker's list names the page's script and stylesheet.
        const script = await page.getAttribute('script[type="module"]', 'src');
        if (script.startsWith('assets/')) {
            const text = await worker.text();
            const sheet = await page.getAttribute('link[rel="stylesheet"]', 'href');
            check(text.includes(`"${script}"`) && text.includes(`"${sheet}"`), `the worker's list does not name ${script} and ${sheet}`);
        }
        await controlled(page);
        const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
        check(scope === `${ctx.url}/`, `the worker's scope is ${scope}, not the site`);
    },

    async 'offline: after one visit the shell, the rules and a puzzle open offline; the setup page and the analysis board say what needs the network'(ctx) {
        const daily = await (await fetch(`${ctx.url}/api/puzzles/daily`)).json();
        check(daily.id, `no daily puzzle: ${JSON.stringify(daily)}`);
        const b = await ctx.launch();
        const page = await b.page();
        await open(page, ctx.url, '', '#play-computer');
        await controlled(page);
        check(!(await page.$('#offline-notice')), 'an offline notice while online');
        await open(page, ctx.url, '#/rules/standard', '#rules-title');
        const rulesTitle = await page.textContent('#rules-title');
        await open(page, ctx.url, `#/puzzle/${daily.id}`, '#puzzle-task:not(:empty)');
        await page.waitForSelector('.board-host .sq');
        const puzzleRows = await boardRows(page);
        const task = await page.textContent('#puzzle-task');

        await b.context.setOffline(true);
        await page.reload();
        await page.waitForSelector('#puzzle-task:not(:empty)', { timeout: 10000 });
        check(await page.isVisible('header .brand'), 'the shell does not show offline');
        check(await page.textContent('#puzzle-task') === task, 'the puzzle offline is not the one seen online');
        check(JSON.stringify(await boardRows(page)) === JSON.stringify(puzzleRows), 'the puzzle\'s board offline is not the one seen online');
        check(await notice(page) === en['offline.puzzle'], `the puzzle's offline notice: ${await notice(page)}`);

        await open(page, ctx.url, '#/rules/standard', '#rules-title');
        check(await page.textContent('#rules-title') === rulesTitle, 'the rules do not show offline');
        check(await notice(page) === en['offline.rules'], `the rules' offline notice: ${await notice(page)}`);

        await open(page, ctx.url, '#/new', 'main section, main form');
        check(await notice(page) === en['offline.play'], `the computer game's offline notice: ${await notice(page)}`);
        await open(page, ctx.url, '#/analysis', '#board-status');
        check(await notice(page) === en['offline.analysis'], `the analysis board's offline notice: ${await notice(page)}`);

        // A page opened afresh (not a change of the hash) comes from the worker too.
        await open(page, ctx.url, '', '#play-computer');
        check(await notice(page) === en['offline.landing'], `the landing page's offline notice: ${await notice(page)}`);

        // Back online, the notice goes.
        await b.context.setOffline(false);
        await page.waitForSelector('#offline-notice', { state: 'detached', timeout: 10000 });
    },

    async 'offline: in Turkish, the setup page and the analysis board say what needs the network'(ctx) {
        const b = await ctx.launch({ locale: 'tr-TR' });
        const page = await b.page();
        await open(page, ctx.url, '', '#play-computer');
        await controlled(page);
        await b.context.setOffline(true);
        await page.reload();
        await page.waitForSelector('#play-computer');
        check(await notice(page) === tr['offline.landing'], `the landing page's offline notice: ${await notice(page)}`);
        await open(page, ctx.url, '#/new', 'main section, main form');
        check(await notice(page) === tr['offline.play'], `the computer game's offline notice: ${await notice(page)}`);
        await open(page, ctx.url, '#/analysis', '#board-status');
        check(await notice(page) === tr['offline.analysis'], `the analysis board's offline notice: ${await notice(page)}`);
        await page.screenshot({ path: join(ctx.shots, 'offline-analysis-tr.png') });
    },

    async 'offline: a new release\'s worker replaces the old one and drops its files'(ctx) {
        // A site of its own, from a copy of the modules, whose worker changes as a new release's does.
        const web = mkdtempSync(join(tmpdir(), 'reversi-offline-web-'));
        cpSync(join(repo, 'web'), web, { recursive: true });
        const server = await startServer({ binary: ctx.binary, web });
        try {
            const b = await ctx.launch();
            const page = await b.page();
            await open(page, server.url, '', '#play-computer');
            await controlled(page);
            const fileCaches = () => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('reversi-files-')));
            const before = await fileCaches();
            check(before.length === 1, `the worker keeps the files in one cache: ${before.join(', ')}`);
            const worker = join(web, 'sw.js');
            const source = readFileSync(worker, 'utf8');
            const next = source.replace(/\/\* version \*\/.*?\/\* end \*\//, '"next-release"');
            check(next !== source, 'web/sw.js has no version marker');
            writeFileSync(worker, next);
            await page.reload();
            await page.waitForSelector('#play-computer');
            const deadline = Date.now() + 20000;
            let now = await fileCaches();
            while (!(now.length === 1 && now[0] === 'reversi-files-next-release') && Date.now() < deadline) {
                await page.waitForTimeout(200);
                now = await fileCaches();
            }
            check(now.length === 1 && now[0] === 'reversi-files-next-release', `after the new release the caches are ${now.join(', ')}`);
            check(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 'the new worker does not control the page');
        } finally {
            await server.stop();
            rmSync(web, { recursive: true, force: true });
        }
    },

    async 'offline: a server built without the browser engine still gets its worker installed'(ctx) {
        // The engine's files answer 404 there; the worker must not wait on them (it once asked
        // for all six at once and Chromium never answered one, so it never took the page).
        const server = await startServer({ binary: ctx.binary, web: ctx.web, args: ['--engine-web', ''] });
        try {
            const b = await ctx.launch();
            const page = await b.page();
            const engine = await (await fetch(`${server.url}/engine/worker.js`)).status;
            check(engine === 404, `the engine's worker answers ${engine} on a server without it`);
            await open(page, server.url, '', '#play-computer');
            await controlled(page);
        } finally {
            await server.stop();
        }
    },
};
