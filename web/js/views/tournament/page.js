// SPDX-License-Identifier: MIT
// One tournament's page (#/tournament/ID): its settings, the standings, its games (each a link
// to its table; a Swiss bye listed) and Join, Withdraw, Start and Cancel (its creator, before it
// starts); and the words both pages use for a tournament.
import { t } from '../../lib/i18n.js';
import { tournamentAction } from '../../lib/api.js';
import { session } from '../../lib/session.js';
import { el, errorText } from '../../lib/dom.js';
import { botMark, afterName } from '../../components/bot-mark.js';
import { clockLabel, poolName } from '../../lib/pools.js';
import { standingText, tournamentName } from '../../lib/tournament-text.js';

/** @typedef {import('../../lib/protocol.js').TournamentView} TournamentView */
/** @typedef {import('./tournament.js').TournamentState} TournamentState */
/**
 * @typedef {object} Parts what a page of the view draws into and from
 * @property {HTMLElement} view
 * @property {HTMLElement} alert the last refusal's line
 * @property {import('../../lib/store.js').Store<TournamentState>} store the view's
 */

/** @param {TournamentView} v */
export function describe(v) {
    const ms = (v.ends_at ?? v.starts_at) - v.starts_at;
    // An arena made through the API may last seconds (docs/SITE.md "Tournaments").
    const length = v.kind !== 'arena' ? t('tournament.swissOf', { n: v.rounds ?? 0 })
        : ms < 60000 ? t('tournament.arenaOfSeconds', { n: Math.round(ms / 1000) })
            : t('tournament.arenaOf', { n: Math.round(ms / 60000) });
    return `${poolName(v.pool)} · ${clockLabel(v.clock)} · ${length} · ${v.rated ? t('lobby.rated') : t('lobby.casual')}`;
}

/** The mark of a tournament the site's schedule made (the server's `scheduled`). @param {TournamentView} v */
export function scheduledMark(v) {
    return v.scheduled ? el('span', { class: 'scheduled-mark', title: t('tournament.scheduledTitle') }, ` · ${t('tournament.scheduled')}`) : '';
}

/**
 * One game of the list: its players (a link to its table, which shows the end of a finished
 * game or its replay), the result, or Watch while it runs. A Swiss bye is listed as one; a
 * game of three or four gives each player's points by place.
 * @param {NonNullable<TournamentView['games']>[number]} g
 * @param {boolean} swiss
 * @param {(name: string | null) => boolean} botOf
 */
function gameRow(g, swiss, botOf) {
    const round = swiss ? `${t('tournament.round', { n: g.round })} · ` : '';
    if (!g.table && g.players.length === 2 && g.players[1] === null) {
        return el('li', { class: 'bye' }, el('span', { class: 'who' }, round, g.players[0] ?? '–', ...afterName(botOf(g.players[0]))),
            el('span', { class: 'state' }, t('tournament.bye')));
    }
    const href = g.table ? `#/table/${encodeURIComponent(g.table)}` : null;
    const names = g.players.flatMap((p, k) => [k ? ' – ' : '', p ?? '–', ...afterName(botOf(p)),
        g.points && g.done ? ` (${g.points[k] ?? 0})` : '']);
    // A Swiss game whose table could not be made counts as a draw, and has no table to show.
    return el('li', { 'data-table': g.table }, href ? el('a', { class: 'who game-link', href }, round, ...names) : el('span', { class: 'who' }, round, ...names),
        g.done ? el('span', { class: 'state' }, g.points ? '' : g.score === 2 ? '1–0' : g.score === 1 ? '½–½' : '0–1')
            : el('a', { href, class: 'button watch' }, t('lobby.watch')));
}

/** One tournament's page, and what I may do there. @param {Parts} parts */
export function renderOne({ view, alert, store }) {
    /** @param {Promise<TournamentView>} p */
    const act = (p) => p.then((v) => store.set({ current: v, alert: '' }), (e) => store.set({ alert: errorText(e) }));
    const v = store.get().current;
    if (!v) {
        view.replaceChildren(el('p', { class: 'note' }, t('site.loading')), alert);
        return;
    }
    const me = session.get().me?.name?.toLowerCase();
    const mine = (v.standings || []).find((s) => s.name.toLowerCase() === me);
    const buttons = el('div', { class: 'form-bar', id: 'tournament-actions' });
    /** @param {'join' | 'withdraw' | 'start' | 'cancel'} action @param {string} label */
    const button = (action, label) => {
        const b = el('button', { type: 'button', id: `tournament-${action}` }, label);
        b.addEventListener('click', () => act(tournamentAction(v.id, action)));
        buttons.append(b);
    };
    if (v.status === 'created' || v.status === 'running') {
        if (!mine || !mine.active) button('join', t('tournament.join'));
        else button('withdraw', t('tournament.withdraw'));
        if (v.status === 'created' && v.creator.toLowerCase() === me) {
            button('start', t('tournament.start'));
            const cancel = el('button', { type: 'button', id: 'tournament-cancel' }, t('tournament.cancel'));
            cancel.addEventListener('click', () => {
                if (!confirm(t('tournament.cancelConfirm', { name: v.name }))) return;
                tournamentAction(v.id, 'cancel').then(() => { location.hash = '#/tournaments'; }, (e) => store.set({ alert: errorText(e) }));
            });
            buttons.append(cancel);
        }
    }
    const swiss = v.kind === 'swiss';
    // The standings say which entrants are bots; the games name them.
    /** @param {string | null} name */
    const botOf = (name) => (v.standings || []).some((s) => s.bot && s.name === name);
    const standings = el('table', { class: 'data', id: 'standings' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, '#'), el('th', { scope: 'col' }, t('leaderboard.player')),
            el('th', { scope: 'col' }, t('tournament.score')), el('th', { scope: 'col' }, t('profile.games')),
            swiss ? el('th', { scope: 'col' }, t('tournament.buchholz')) : el('th', { scope: 'col' }, t('tournament.streak')),
            swiss ? el('th', { scope: 'col' }, t('tournament.sb')) : '')),
        el('tbody', {}, (v.standings || []).map((s) => el('tr', { 'data-player': s.name },
            el('td', { class: 'num' }, String(s.rank)),
            el('td', {}, el('a', { href: `#/player/${encodeURIComponent(s.name)}` }, s.name), ' ', botMark(s.bot),
                s.playing ? el('span', { class: 'note' }, ` ${t('tournament.playing')}`) : ''),
            el('td', { class: 'num score' }, swiss ? String((s.score ?? 0) / 2) : String(s.score)),
            el('td', { class: 'num' }, String(s.games)),
            el('td', { class: 'num' }, swiss ? String((s.buchholz ?? 0) / 2) : String(s.streak ?? 0)),
            swiss ? el('td', { class: 'num' }, String((s.sonneborn_berger ?? 0) / 4)) : ''))));
    const games = el('ul', { class: 'rows', id: 'tournament-games' },
        (v.games || []).filter((g) => g.table || g.done).slice(-30).reverse().map((g) => gameRow(g, swiss, botOf)));
    const several = (v.games || []).some((g) => g.points);
    view.replaceChildren(el('h1', { id: 'tournament-title' }, tournamentName(v), scheduledMark(v)),
        el('p', { class: 'note', id: 'tournament-what' }, describe(v)),
        el('p', { id: 'tournament-status', 'data-status': v.status }, standingText(v, store.get().receivedAt)), alert, buttons,
        el('section', { class: 'panel', 'aria-labelledby': 'standings-title' }, el('h2', { id: 'standings-title' }, t('tournament.standings')),
            el('div', { class: 'table-scroll' }, standings)),
        el('section', { class: 'panel' }, el('h2', {}, t('tournament.games')), games,
            games.children.length ? '' : el('p', { class: 'note', id: 'tournament-no-games' }, t('tournament.noGames')),
            several ? el('p', { class: 'note', id: 'tournament-places-note' }, t('tournament.placesNote')) : ''));
}
