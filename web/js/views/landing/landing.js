// SPDX-License-Identifier: MIT
// The landing page (#/): the three ways to start, each one click away (cards.js: play the
// computer, play online, play a friend); the full setup is at #/new. Below, what is being played
// now (live.js). This file makes the view's store when the view opens, creates the tables the
// cards ask for, and follows the session's quick-pairing wait.
import { t } from '../../lib/i18n.js';
import { createTable } from '../../lib/api.js';
import { saveToken } from '../../lib/preferences.js';
import { onLobbyMessage, session } from '../../lib/session.js';
import { createStore, mirror } from '../../lib/store.js';
import { keepChoices, lastChoices } from '../../lib/choices.js';
import { el, errorText } from '../../lib/dom.js';
import { tickQuickWait } from '../../components/quick-wait.js';
import { computerCard, friendCard, onlineCard, showWaiting } from './cards.js';
import { loadLive, showLive } from './live.js';

/**
 * @typedef {object} LandingState
 * @property {{board: string, level: string, colour: string}} choice kept while the page
 *   lives, so coming back shows the last choices (lib/choices.js)
 * @property {import('../../lib/session.js').QuickWait | null} quick the session's quick wait
 * @property {string} status the last refusal
 * @property {{tables: import('../../lib/protocol.js').TableSummary[], tournaments: import('../../lib/protocol.js').TournamentView[],
 *   at: number} | null} live what is being played, as the server last answered (at: when)
 */

/** The computer card's choices, kept while the page lives. */
const choices = () => ({ choice: { board: '8', level: '3', colour: 'random' } });

/** @param {HTMLElement} root */
export function landingView(root) {
    const store = createStore(/** @type {LandingState} */ ({
        ...lastChoices('landing', choices), quick: session.get().quick, status: '', live: null,
    }));
    const view = el('section', { class: 'landing', 'aria-labelledby': 'landing-title' });
    root.append(view);
    const status = el('p', { id: 'landing-status', class: 'alert', role: 'alert' });
    /** @param {object} request @param {HTMLButtonElement} button */
    async function start(request, button) {
        button.disabled = true;
        store.set({ status: '' });
        try {
            const res = await createTable(request);
            if (res.token) saveToken(res.table, res.token);
            location.hash = `#/table/${res.table}`;
        } catch (e) {
            store.set({ status: errorText(e) });
            button.disabled = false;
        }
    }
    const computer = computerCard(store, start);
    const online = onlineCard();
    const friend = friendCard(start);
    // Being played now: running games (a watch link each) and running tournaments; then those coming up.
    const live = el('section', { class: 'panel landing-live', id: 'landing-live', 'aria-labelledby': 'landing-live-title' });
    const stops = [
        keepChoices('landing', store, (s) => ({ choice: s.choice })),
        mirror(session, store, (s) => ({ quick: s.quick })),
        onLobbyMessage((msg) => {
            if (msg.type === 'error' && session.get().quick === null) store.set({ status: errorText({ code: msg.code }) });
        }),
        store.subscribe((s, was) => {
            if (s.quick !== was.quick) showWaiting(online, store);
            if (s.status !== was.status) status.textContent = s.status;
            if (s.live !== was.live) showLive(live, s.live);
        }),
    ];
    showWaiting(online, store);
    loadLive(store);
    const liveTimer = setInterval(() => loadLive(store), 10000);

    view.append(el('h1', { id: 'landing-title' }, t('landing.title')),
        el('p', { class: 'lead' }, t('landing.lead')),
        el('div', { class: 'cards' }, computer, online.card, friend), status,
        el('p', { class: 'more' }, el('a', { href: '#/new', class: 'button', id: 'full-setup' }, t('landing.fullSetup')),
            ' ', el('a', { href: '#/rules/standard' }, t('landing.rules')),
            ' ', el('a', { href: '#/puzzle/daily', id: 'daily-puzzle' }, t('landing.dailyPuzzle')),
            ' ', el('a', { href: '#/puzzles/8x8', id: 'puzzles-link' }, t('landing.puzzles')),
            ' ', el('a', { href: '#/explorer/8x8', id: 'explorer-link' }, t('landing.explorer'))), live);
    const ticker = setInterval(() => tickQuickWait(online.waiting), 500);
    return { destroy() { clearInterval(ticker); clearInterval(liveTimer); stops.forEach((stop) => stop()); } };
}
