// SPDX-License-Identifier: MIT
// The notice under the header while the page is offline (lib/offline.js): what works without
// the network on the page shown and what needs it. The rules and the puzzles already opened
// work offline (the service worker keeps them, the engine's files too), and so do a game
// against the computer played in this browser and the analysis board (this browser's engine,
// lib/engine-choice.js); games at a table and the server's analyses need the network, and
// those pages say so plainly.
import { t } from '../lib/i18n.js';
import { el } from '../lib/dom.js';

// The notice's text for each page of the router (app.js); any other page needs the network.
/** @type {Record<string, string>} */
const PageNotice = {
    '': 'offline.landing',
    rules: 'offline.rules',
    puzzle: 'offline.puzzle',
    new: 'offline.play',
    table: 'offline.play',
    lobby: 'offline.play',
    play: 'offline.localGame',
    analysis: 'offline.analysis',
};

/** The notice for `page` while offline, or nothing online. @param {string} page @param {boolean} online */
export function offlineNotice(page, online) {
    if (online) return [];
    return [el('p', { id: 'offline-notice', class: 'offline-notice', role: 'status', 'data-page': page },
        t(PageNotice[page] || 'offline.page'))];
}
