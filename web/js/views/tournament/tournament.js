// SPDX-License-Identifier: MIT
// Tournaments (#/tournaments and #/tournament/ID; docs/SITE.md "Tournaments"): the list with a
// form to create an arena or a Swiss, and one tournament's page: its settings, the live
// standings (pushed on the lobby socket to its entrants, fetched every few seconds for
// everyone else), its games (each a link to its table; a Swiss bye listed), and Join,
// Withdraw, Start and Cancel (its creator, before it starts). Times read as times: when it
// starts, an arena's countdown. The list comes a page at a time (More).
import { t } from '../../lib/i18n.js';
import { listTournaments, getTournament, createTournament, tournamentAction } from '../../lib/api.js';
import { session, loggedIn as isLoggedIn, onLobbyMessage } from '../../lib/session.js';
import { createStore } from '../../lib/store.js';
import { keepChoices, lastChoices } from '../../lib/choices.js';
import { el, field, select, errorText } from '../../lib/dom.js';
import { botMark, afterName } from '../../components/bot-mark.js';
import { choice, siteConfig, clockForTime, clockLabel, poolName, presetLabel } from '../../lib/pools.js';
import { standingText, tournamentName } from '../../lib/tournament-text.js';

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

const LIST_PAGE = 20;

/** The create form's choices, kept while the page lives. */
const choices = () => ({ form: { name: '', kind: 'arena', pool: '8x8', preset: '3+2', minutes: '30', rounds: '5', rated: true } });

/** @param {TournamentView} v */
function describe(v) {
    const ms = (v.ends_at ?? v.starts_at) - v.starts_at;
    // An arena made through the API may last seconds (docs/SITE.md "Tournaments").
    const length = v.kind !== 'arena' ? t('tournament.swissOf', { n: v.rounds ?? 0 })
        : ms < 60000 ? t('tournament.arenaOfSeconds', { n: Math.round(ms / 1000) })
            : t('tournament.arenaOf', { n: Math.round(ms / 60000) });
    return `${poolName(v.pool)} · ${clockLabel(v.clock)} · ${length} · ${v.rated ? t('lobby.rated') : t('lobby.casual')}`;
}

/** The mark of a tournament the site's schedule made (the server's `scheduled`). @param {TournamentView} v */
function scheduledMark(v) {
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

/** @param {HTMLElement} root @param {string} [id] */
export function tournamentView(root, id) {
    const store = createStore(/** @type {TournamentState} */ ({
        ...lastChoices('tournament', choices), list: null, total: 0, shown: LIST_PAGE, current: null, alert: '', receivedAt: 0,
    }));
    /** @param {Partial<TournamentState['form']>} patch */
    const choose = (patch) => store.set({ form: { ...store.get().form, ...patch } });
    const view = el('section', { class: 'tournament', 'aria-labelledby': 'tournament-title' });
    root.append(view);
    const alert = el('p', { id: 'tournament-alert', class: 'alert', role: 'alert' });

    /** @param {Promise<TournamentView>} p */
    const act = (p) => p.then((v) => store.set({ current: v, alert: '' }), (e) => store.set({ alert: errorText(e) }));

    function renderList() {
        const { list, total, form } = store.get();
        const rows = list === null ? el('p', { class: 'note' }, t('site.loading'))
            : !list.length ? el('p', { class: 'note', id: 'no-tournaments' }, t('tournament.none'))
                : el('ul', { class: 'rows', id: 'tournament-list' }, list.map((v) => el('li', { 'data-tournament': v.id },
                    el('a', { href: `#/tournament/${encodeURIComponent(v.id)}` }, tournamentName(v)),
                    scheduledMark(v),
                    el('span', { class: 'what' }, ` ${describe(v)}`),
                    el('span', { class: 'state' }, el('span', { class: 'when' }, standingText(v, store.get().receivedAt)),
                        ` · ${t('tournament.players', { n: v.players ?? 0 })}`))));
        const more = list && total > list.length ? el('button', { type: 'button', id: 'tournament-more' }, t('tournament.more', { n: total - list.length })) : '';
        if (more) {
            more.addEventListener('click', () => {
                store.set({ shown: store.get().shown + LIST_PAGE });
                load();
            });
        }
        // Every choice and bound is the server's (GET /api/config): an arena plays in every pool,
        // a Swiss pairs two, and each has the length the server accepts.
        const allowed = siteConfig().tournament;
        const pools = form.kind === 'arena' ? allowed.pools.arena : allowed.pools.swiss;
        const name = el('input', { id: 'tournament-name', maxlength: String(allowed.name_chars), value: form.name, required: '' });
        name.addEventListener('input', () => choose({ name: /** @type {HTMLInputElement} */ (name).value }));
        const minutes = { min: String(Math.max(1, Math.ceil(allowed.arena_seconds.min / 60))), max: String(Math.floor(allowed.arena_seconds.max / 60)) };
        const length = form.kind === 'arena'
            ? field(t('tournament.minutes'), el('input', { id: 'tournament-minutes', type: 'number', ...minutes, value: form.minutes }))
            : field(t('tournament.rounds'), el('input', { id: 'tournament-rounds', type: 'number', min: String(allowed.rounds.min),
                max: String(allowed.rounds.max), value: form.rounds }));
        length.querySelector('input')?.addEventListener('input', (e) => {
            const value = /** @type {HTMLInputElement} */ (e.target).value;
            choose(form.kind === 'arena' ? { minutes: value } : { rounds: value });
        });
        const rated = el('input', { type: 'checkbox', id: 'tournament-rated' });
        rated.checked = form.rated;
        rated.addEventListener('change', () => choose({ rated: rated.checked }));
        const create = el('form', { id: 'tournament-form', class: 'seek-form' },
            field(t('tournament.name'), name),
            field(t('tournament.kind'), select('tournament-kind', [['arena', t('tournament.arena')], ['swiss', t('tournament.swiss')]], form.kind,
                (v) => choose({ kind: v }))),
            field(t('lobby.pool'), select('tournament-pool', pools.map((p) => [p, poolName(p)]),
                choice(pools, form.pool), (v) => choose({ pool: v }))),
            field(t('lobby.time'), select('tournament-time', allowed.times.map((p) => [p, presetLabel(p)]), choice(allowed.times, form.preset),
                (v) => choose({ preset: v }))),
            length,
            el('div', { class: 'check' }, rated, el('label', { for: 'tournament-rated' }, t('lobby.rated'))),
            el('div', { class: 'form-bar' }, el('button', { type: 'submit', class: 'primary', id: 'tournament-create' }, t('tournament.create'))));
        create.addEventListener('submit', (e) => {
            e.preventDefault();
            const f = store.get().form;
            const pool = choice(f.kind === 'arena' ? allowed.pools.arena : allowed.pools.swiss, f.pool);
            createTournament({ name: f.name, kind: f.kind, pool, clock: clockForTime(choice(allowed.times, f.preset)), rated: f.rated,
                minutes: Number(f.minutes), rounds: Number(f.rounds) })
                .then((v) => { location.hash = `#/tournament/${encodeURIComponent(v.id)}`; }, (err) => store.set({ alert: errorText(err) }));
        });
        view.replaceChildren(el('h1', { id: 'tournament-title' }, t('tournament.title')), alert, rows, more,
            isLoggedIn(session.get()) ? el('section', { class: 'panel' }, el('h2', {}, t('tournament.new')), create)
                : el('p', { class: 'note' }, t('tournament.loginToCreate')));
    }

    function renderOne() {
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

    function draw() {
        alert.textContent = store.get().alert;
        if (id) renderOne();
        else renderList();
    }
    const stop = store.subscribe(draw);
    // The page says it is loading until the first answer (a fresh store changes only then).
    draw();
    // A cancelled tournament is gone from the server: its page keeps saying so.
    const load = () => (id ? getTournament(id).then((v) => store.set({ current: v, receivedAt: Date.now() }),
        (e) => { if (store.get().current?.status !== 'cancelled') store.set({ alert: errorText(e) }); })
        : listTournaments(0, store.get().shown).then((r) => store.set({ list: r.tournaments || [], total: r.total ?? 0, receivedAt: Date.now() }),
            (e) => store.set({ alert: errorText(e) })));
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
