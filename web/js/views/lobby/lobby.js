// SPDX-License-Identifier: MIT
// The lobby (#/lobby): challenges sent to me, quick pairing per pool and preset, the live list
// of open offers ("seeks", over the lobby socket) with filters and one-click accept, a form to
// post a seek, my running games with their your-turn marks (the server's: a game against the
// computer named, and my turn while I am at it or left it lately), and, from the HTTP API, the open tables to join
// or watch and the finished games to replay, a page at a time (refreshed every few seconds).
// The parts are drawn by render.js, seeks.js and tables.js, the actions are actions.js's, and
// socket.js follows the lobby socket; this file makes the view's store when the view opens and
// redraws each part when the fields it draws from change.
import { session } from '../../lib/session.js';
import { createStore } from '../../lib/store.js';
import { keepChoices, lastChoices } from '../../lib/choices.js';
import { tickQuickWait } from '../../components/quick-wait.js';
import { lobbyActions } from './actions.js';
import { followLobby } from './socket.js';
import { lobbyLayout, renderChallenges, renderMine, renderOnline, renderQuick } from './render.js';
import { renderFilters, renderPostForm, renderSeeks } from './seeks.js';
import { renderFinished, renderOpen } from './tables.js';

/** @typedef {import('../../lib/protocol.js').GameSummary} GameSummary */
/** @typedef {import('../../lib/protocol.js').TableSummary} TableSummary */
/**
 * @typedef {object} LobbyState
 * @property {import('../../lib/session.js').Session} session the lobby connection's state
 * @property {{pool: string, time: string, rated: string}} filters of the seek list
 * @property {{pool: string, preset: string, rated: boolean, seat: string}} seekForm
 * @property {string} quickPool
 * @property {string} alert the last refusal
 * @property {{tables: TableSummary[]} | {error: string} | null} open open tables (HTTP)
 * @property {{games: GameSummary[]} | {error: string} | null} finished finished games (HTTP): one page,
 *   and one game more when there is a next page
 * @property {number} finishedOffset where the page of finished games starts
 */

/** The lobby's choices (the seek filters, the seek form, the quick pool), kept while the page lives. */
const choices = () => ({
    filters: { pool: 'all', time: 'all', rated: 'all' },
    seekForm: { pool: '8x8', preset: '5+3', rated: true, seat: 'random' },
    quickPool: '8x8',
});

/** @param {HTMLElement} root */
export function lobbyView(root) {
    const store = createStore(/** @type {LobbyState} */ ({
        ...lastChoices('lobby', choices), session: session.get(), alert: '', open: null, finished: null, finishedOffset: 0,
    }));
    const act = lobbyActions(store);
    const { view, online, alert, challenges, quick, seekFilters, seeks, postForm, mine, tables, games, refresh } = lobbyLayout();
    root.append(view);
    refresh.addEventListener('click', () => act.load());
    postForm.addEventListener('submit', (e) => {
        e.preventDefault();
        act.postSeek();
    });

    function renderAll() {
        renderOnline(online, store);
        renderChallenges(challenges, store);
        renderQuick(quick, store, act);
        renderSeeks(seeks, store, act);
        renderMine(mine, store);
    }

    // Each part is drawn again when the fields it draws from change.
    const stops = [
        store.subscribe((s, was) => {
            const now = s.session;
            const before = was.session;
            if (now.me !== before.me) {
                renderPostForm(postForm, store, act);
                renderAll();
                return;
            }
            if (now.online !== before.online) renderOnline(online, store);
            if (now.seeks !== before.seeks || now.seekPage !== before.seekPage || now.connected !== before.connected || s.filters !== was.filters) renderSeeks(seeks, store, act);
            if (now.games !== before.games) renderMine(mine, store);
            if (now.challenges !== before.challenges) renderChallenges(challenges, store);
            if (now.quick !== before.quick) renderQuick(quick, store, act);
            if (s.alert !== was.alert) alert.textContent = s.alert;
            if (s.open !== was.open) renderOpen(tables, store);
            if (s.finished !== was.finished) renderFinished(games, store, act);
            if (s.finishedOffset !== was.finishedOffset) act.load();
        }),
        keepChoices('lobby', store, (s) => ({ filters: s.filters, seekForm: s.seekForm, quickPool: s.quickPool })),
        ...followLobby(store),
    ];
    renderFilters(seekFilters, store, act);
    renderPostForm(postForm, store, act);
    renderAll();
    act.load();
    const timer = setInterval(act.load, 5000);
    const ticker = setInterval(() => tickQuickWait(quick), 500);
    return { destroy() { clearInterval(timer); clearInterval(ticker); stops.forEach((stop) => stop()); } };
}
