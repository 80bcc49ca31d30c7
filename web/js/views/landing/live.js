// SPDX-License-Identifier: MIT
// What is being played now, below the landing page's cards (issue 48, 21): running games to
// watch and the tournaments running, then those about to start, asked again every few seconds.
import { t, describeSetup } from '../../lib/i18n.js';
import { listTables, listTournaments } from '../../lib/api.js';
import { standingText, tournamentName } from '../../lib/tournament-text.js';
import { el } from '../../lib/dom.js';
import { computerName } from '../../lib/game-text.js';

/** @typedef {import('./landing.js').LandingState} LandingState */

// How many running games and tournaments the landing page shows.
const LiveGames = 6;
const LiveTournaments = 4;

/** @param {HTMLElement} live the panel @param {LandingState['live']} now the server's last answer */
export function showLive(live, now) {
    if (!now) return;
    const games = now.tables.filter((tb) => tb.status === 'playing').slice(0, LiveGames);
    const tours = now.tournaments.filter((v) => v.status !== 'finished')
        .sort((a, b) => (a.status === b.status ? a.starts_at - b.starts_at : a.status === 'running' ? -1 : 1)).slice(0, LiveTournaments);
    // A tournament that has not started is not being played: it is listed as coming up.
    const running = tours.filter((v) => v.status === 'running');
    const coming = tours.filter((v) => v.status !== 'running');
    /** @param {string} id @param {typeof tours} list */
    const tourList = (id, list) => el('ul', { class: 'rows', id }, list.map((v) => el('li', { 'data-tournament': v.id },
        el('a', { href: `#/tournament/${encodeURIComponent(v.id)}`, class: 'who' }, tournamentName(v)),
        el('span', { class: 'state' }, `${standingText(v, now.at)} · ${t('tournament.players', { n: v.players ?? 0 })}`))));
    live.replaceChildren(el('h2', { id: 'landing-live-title' }, t('landing.live')),
        !games.length && !running.length ? el('p', { class: 'note' }, t('landing.noLive')) : '',
        running.length ? tourList('landing-tournaments', running) : '',
        games.length ? el('ul', { class: 'rows', id: 'landing-games' }, games.map((tb) => el('li', { 'data-table': tb.id },
            el('span', { class: 'who' }, tb.seats.map((seat) => (seat.type === 'computer' ? computerName(seat.level)
                : seat.name || t('seat.human'))).join(' – ')),
            el('span', { class: 'what' }, describeSetup(tb.setup)),
            el('a', { href: `#/table/${encodeURIComponent(tb.id)}`, class: 'button' }, t('lobby.watch'))))) : '',
        coming.length ? el('h3', { id: 'landing-upcoming-title' }, t('landing.upcoming')) : '',
        coming.length ? tourList('landing-upcoming', coming) : '');
}

/** Asks the server what is being played. @param {import('../../lib/store.js').Store<LandingState>} store the view's */
export async function loadLive(store) {
    const [tables, tournaments] = await Promise.all([
        listTables().then((r) => r.tables || [], () => []),
        listTournaments(0, 20).then((r) => r.tournaments || [], () => []),
    ]);
    store.set({ live: { tables, tournaments, at: Date.now() } });
}
