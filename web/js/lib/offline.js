// SPDX-License-Identifier: MIT
// Whether the page has the network (issue 49, "An installable app"), and the service worker
// that lets the site open without one (web/sw.js; docs/OPERATIONS.md "Offline"). The page is
// offline when the browser says so (navigator.onLine, its online/offline events), when a fetch
// of the API fails, or when the worker answered one from its cache (the Reversi-Offline
// header); an answer from the server brings it back online.
import { createStore } from './store.js';

/** @type {import('./store.js').Store<{online: boolean}>} */
export const connection = createStore({ online: typeof navigator === 'undefined' || navigator.onLine !== false });

if (typeof window !== 'undefined') {
    window.addEventListener('online', () => connection.set({ online: true }));
    window.addEventListener('offline', () => connection.set({ online: false }));
}

/** What one fetch of the API showed: no answer at all (null), or the answer. @param {Response | null} res */
export function sawFetch(res) {
    connection.set({ online: Boolean(res) && !res?.headers.get('Reversi-Offline') });
}

// Registers the worker (at the site's root, beside index.html, so that it may keep every
// file of the site). A browser without workers, or one that refuses them (a private window,
// a page not served over https or from localhost), still has the site, only not offline.
export function registerWorker() {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('sw.js', { updateViaCache: 'none' })
        .then(() => navigator.serviceWorker.ready)
        // The files this page loaded before a worker was there to keep them: the modules, when
        // the site is served unbundled (the bundle's are on the worker's own list).
        .then((registration) => registration.active?.postMessage({
            type: 'keep', files: performance.getEntriesByType('resource').map((e) => e.name) }))
        .catch(() => {});
}
