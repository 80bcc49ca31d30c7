// SPDX-License-Identifier: MIT
// The service worker (issue 49, "An installable app"; docs/OPERATIONS.md "Offline"): keeps the
// site's own files so that it opens without a network, and the puzzles the player opened.
// - The files of the build's bundle are fetched and kept when the worker installs: the list
//   below is written by scripts/bundle/bundle.mjs into build/web/sw.js (with the version, a
//   hash of those files), so a new release is a new worker, which takes over at once and drops
//   the older files. Served as web/ is (the modules), the list is the page alone: the page
//   sends the worker the files it loaded before the worker was there (lib/offline.js), and
//   every later one is kept as it is fetched.
// - Content-hashed files (assets/) never change: from the cache first. Every other file (the
//   page, the modules, the manifest): from the network first, so a new release shows at once,
//   and from the cache when there is no network.
// - The API (GET only): from the network; the answers about puzzles are kept, and answered from
//   the cache without a network, marked with the header Reversi-Offline so that the page says it
//   is offline. Everything else (moves, games, the lobby, analysis) needs the server.
// - The browser's engine (/engine/: the WebAssembly module, its worker, and the data of the
//   default board, 8x8) is fetched when the worker installs, so that the computer and the
//   analysis board play offline; the other boards' data is kept as the engine fetches it. Like
//   the page, from the network first (answered 304 while unchanged).
// - Anything that is not a GET of this site (POSTs, WebSockets, other sites) is left alone.

const Precache = /* precache */ ['./'] /* end */;
const Version = /* version */ 'modules' /* end */;
const FilesCache = `reversi-files-${Version}`;
const ApiCache = 'reversi-api';
// The API answers kept for offline use: what the site allows (the page builds its forms from it
// before it draws anything), a puzzle by its id (daily included) and the overview of the pools,
// not the picks of the next puzzle, which change each time.
const KeptApi = /^\/api\/(config|puzzles(\/(?!next$|streak$|players\/)[^/]+)?)$/;
// Fetched when the worker installs: the page loaded it before the worker was there.
const ConfigUrl = new URL('api/config', self.location.href).href;
// The browser's engine (docs/ENGINE.md "The engine in the browser"): absent when the server was
// built without it, which the install step takes in its stride.
const EngineFiles = ['engine/worker.js', 'engine/reversi-engine.js', 'engine/reversi-engine.wasm',
    'engine/data/weights/8x8.weights', 'engine/data/mpc/8x8.mpc', 'engine/data/book/8x8.book'];
// At most this many API answers are kept; the oldest go first.
const MaxKeptApi = 200;
// At most this many files named by one message of the page are fetched.
const MaxNamedFiles = 200;

self.addEventListener('install', (event) => {
    event.waitUntil((async () => {
        const cache = await caches.open(FilesCache);
        // The content-hashed files from the browser's HTTP cache when the page just loaded them
        // (they never change); the others asked again (answered 304 when unchanged), so the
        // worker never keeps an older copy.
        await cache.addAll(Precache.map((url) => new Request(url, { cache: url.startsWith('assets/') ? 'default' : 'no-cache' })));
        // One at a time, and none after the first that fails: on a server without the engine
        // Chromium never answered some of six failing requests sent at once, so the worker never
        // finished installing.
        for (const url of EngineFiles) {
            const response = await fetch(url, { cache: 'no-cache' }).catch(() => null);
            if (!response || !response.ok) break;
            await cache.put(url, response);
        }
        const config = await fetch(ConfigUrl, { cache: 'no-cache' }).catch(() => null);
        if (config && config.ok) await (await caches.open(ApiCache)).put(ConfigUrl, config);
        await self.skipWaiting();
    })());
});

self.addEventListener('activate', (event) => {
    event.waitUntil((async () => {
        for (const name of await caches.keys()) {
            if (name.startsWith('reversi-files-') && name !== FilesCache) await caches.delete(name);
        }
        await self.clients.claim();
    })());
});

/** @param {Cache} cache @param {Request} request @param {Response} response */
async function keep(cache, request, response) {
    if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
    return response;
}

// The API answer from the network, or the kept one (marked) when the network fails.
/** @param {Request} request @param {URL} url */
async function api(request, url) {
    const kept = KeptApi.test(url.pathname);
    try {
        const response = await fetch(request);
        if (kept && response.ok) {
            const cache = await caches.open(ApiCache);
            await cache.put(request, response.clone());
            const keys = await cache.keys();
            for (const old of keys.slice(0, Math.max(0, keys.length - MaxKeptApi))) await cache.delete(old);
        }
        return response;
    } catch (e) {
        const cached = kept ? await caches.match(request, { cacheName: ApiCache }) : undefined;
        if (!cached) throw e;
        const headers = new Headers(cached.headers);
        headers.set('Reversi-Offline', '1');
        return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
    }
}

// A file of the site: the content-hashed ones from the cache first, the others from the network
// first; a page that is not kept falls back to the kept page (the client routes by its hash).
/** @param {Request} request @param {URL} url */
async function file(request, url) {
    const cache = await caches.open(FilesCache);
    if (url.pathname.startsWith('/assets/')) {
        const hit = await cache.match(request);
        if (hit) return hit;
        return keep(cache, request, await fetch(request));
    }
    try {
        return await keep(cache, request, await fetch(request));
    } catch (e) {
        const hit = await cache.match(request, { ignoreSearch: request.mode === 'navigate' })
            || (request.mode === 'navigate' ? await cache.match('./') : undefined);
        if (!hit) throw e;
        return hit;
    }
}

// The files the page loaded before the worker controlled it ({type: 'keep', files: [URL]}):
// those of this site that are not kept yet, but never the API.
self.addEventListener('message', (event) => {
    const files = event.data && event.data.type === 'keep' && Array.isArray(event.data.files) ? event.data.files : [];
    event.waitUntil((async () => {
        const cache = await caches.open(FilesCache);
        for (const name of files.slice(0, MaxNamedFiles)) {
            let url;
            try {
                url = new URL(String(name), self.location.href);
            } catch {
                continue;
            }
            if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/ws')) continue;
            if (await cache.match(url.href)) continue;
            await fetch(url.href).then((response) => keep(cache, new Request(url.href), response), () => null);
        }
    })());
});

self.addEventListener('fetch', (event) => {
    const request = event.request;
    const url = new URL(request.url);
    if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/ws')) return;
    event.respondWith(url.pathname.startsWith('/api/') ? api(request, url) : file(request, url));
});
