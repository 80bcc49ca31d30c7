// SPDX-License-Identifier: MIT
// Tournaments (#/tournaments and #/tournament/ID; docs/SITE.md "Tournaments"): the list with a
// form to create an arena or a Swiss, and one tournament's page: its settings, the live
// standings (pushed on the lobby socket to its entrants, fetched every few seconds for
// everyone else), its games (each a link to its table; a Swiss bye listed), and Join,
// Withdraw, Start and Cancel (its creator, before it starts). Times read as times: when it
// starts, an arena's countdown. The list comes a page at a time (More). The list is list.js's,
// one tournament's page page.js's; this file makes the view's store when the view opens, asks
// the server, and takes the lobby socket's pushes of the standings.
import { listTournaments, getTournament } from '../../lib/api.js';
import { onLobbyMessage } from '../../lib/session.js';
import { createStore } from '../../lib/store.js';
import { keepChoices, lastChoices } from '../../lib/choices.js';
import { el, errorText } from '../../lib/dom.js';
import { standingText } from '../../lib/tournament-text.js';
import { LIST_PAGE, renderList } from './list.js';
import { renderOne } from './page.js';

/** @typedef {import('../../lib/protocol.js').TournamentView} TournamentView */
/**
 * @typedef {object} TournamentState
 * @property {TournamentView[] | null} list the tournaments (list page), null while loading
 * @property {number} total how many the server lists in all
 * @property {number} shown how many of them the page asks for (More adds a page)
 * @property {TournamentView | null} current the tournament of the page
 * @property {number} receivedAt when the list or the tournament came (Date.now()), for the countdowns
 * @property {{name: string, kind: string, pool: string, preset: string, minutes: string, rounds: string, rated: boolean}} form
 * @property {string} alert the last refusal
 */

/** The create form's choices, kept while the page lives. */
const choices = () => ({ form: { name: '', kind: 'arena', pool: '8x8', preset: '3+2', minutes: '30', rounds: '5', rated: true } });

/** @param {HTMLElement} root @param {string} [id] */
export function tournamentView(root, id) {
    const store = createStore(/** @type {TournamentState} */ ({
        ...lastChoices('tournament', choices), list: null, total: 0, shown: LIST_PAGE, current: null, alert: '', receivedAt: 0,
    }));
    const view = el('section', { class: 'tournament', 'aria-labelledby': 'tournament-title' });
    root.append(view);
    const alert = el('p', { id: 'tournament-alert', class: 'alert', role: 'alert' });
    // A cancelled tournament is gone from the server: its page keeps saying so.
    const load = () => (id ? getTournament(id).then((v) => store.set({ current: v, receivedAt: Date.now() }),
        (e) => { if (store.get().current?.status !== 'cancelled') store.set({ alert: errorText(e) }); })
        : listTournaments(0, store.get().shown).then((r) => store.set({ list: r.tournaments || [], total: r.total ?? 0, receivedAt: Date.now() }),
            (e) => store.set({ alert: errorText(e) })));
    const parts = { view, alert, store };
    function draw() {
        alert.textContent = store.get().alert;
        if (id) renderOne(parts);
        else renderList(parts, load);
    }
    const stop = store.subscribe(draw);
    // The page says it is loading until the first answer (a fresh store changes only then).
    draw();
    load();
    // Entrants hear every change on the lobby socket; everyone else (and the clock) every 3 s.
    const timer = setInterval(load, 3000);
    // The countdowns move every second between fetches, without drawing the page again.
    const ticker = setInterval(() => {
        const { current, list, receivedAt } = store.get();
        const status = view.querySelector('#tournament-status');
        if (id && current && status) status.textContent = standingText(current, receivedAt);
        if (!id) {
            for (const v of list || []) {
                const when = view.querySelector(`li[data-tournament="${CSS.escape(v.id)}"] .when`);
                if (when) when.textContent = standingText(v, receivedAt);
            }
        }
    }, 1000);
    // The push carries the standings without the games: the games shown stay, and are fetched
    // anew when a round or the tournament ends (the timer fetches the rest).
    const unlisten = onLobbyMessage((msg) => {
        if (msg.type !== 'tournament' || !id || msg.tournament.id !== id) return;
        const was = store.get().current;
        store.set({ current: { ...msg.tournament, games: msg.tournament.games ?? was?.games }, receivedAt: Date.now() });
        if (!was || was.status !== msg.tournament.status || was.round !== msg.tournament.round) load();
    });
    const unkeep = keepChoices('tournament', store, (s) => ({ form: s.form }));
    return { destroy() { stop(); unlisten(); unkeep(); clearInterval(timer); clearInterval(ticker); } };
}
