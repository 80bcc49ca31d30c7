// SPDX-License-Identifier: MIT
// The lobby (#/lobby): challenges sent to me, quick pairing per pool and preset, the live list
// of open offers ("seeks", over the lobby socket) with filters and one-click accept, a form to
// post a seek, my running games with their your-turn marks (the server's: a game against the
// computer named, and my turn while I am at it or left it lately), and, from the HTTP API, the open tables to join
// or watch and the finished games to replay, a page at a time (refreshed every few seconds).
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { listTables, listGames } from '../../lib/api.js';
import { lobby, session, loggedIn as isLoggedIn, incomingChallenges, onLobbyMessage } from '../../lib/session.js';
import { createStore, mirror } from '../../lib/store.js';
import { el, field, select, errorText } from '../../lib/dom.js';
import { computerName, resultText } from '../../lib/game-text.js';
import { challengeItem } from '../../components/challenge-item.js';
import { afterName } from '../../components/bot-mark.js';
import { quickWaitDetails, tickQuickWait } from '../../components/quick-wait.js';
import { allPools, choice, siteConfig, setupForPool, clockForTime, clockLabel, poolName, presetLabel, presetOf, ratingText } from '../../lib/pools.js';

/** @typedef {import('../../lib/protocol.js').Clock} Clock */
/** @typedef {import('../../lib/protocol.js').GameSummary} GameSummary */
/** @typedef {import('../../lib/protocol.js').Seat} Seat */
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

// Finished games on one page: the whole archive in one list was 6,456 px tall on a phone.
const FinishedPerPage = 10;

/** The lobby's store; the choices in it are kept while the page lives. */
const store = createStore(/** @type {LobbyState} */ ({
    session: session.get(),
    filters: { pool: 'all', time: 'all', rated: 'all' },
    seekForm: { pool: '8x8', preset: '5+3', rated: true, seat: 'random' },
    quickPool: '8x8',
    alert: '',
    open: null,
    finished: null,
    finishedOffset: 0,
}));

/** @param {Partial<LobbyState['filters']>} patch */
const filter = (patch) => store.set({ filters: { ...store.get().filters, ...patch } });
/** @param {Partial<LobbyState['seekForm']>} patch */
const seekChoice = (patch) => store.set({ seekForm: { ...store.get().seekForm, ...patch } });
const loggedIn = () => isLoggedIn(store.get().session);

/** @param {import('../../lib/protocol.js').MyGame} g every other seat is the computer's */
const againstComputer = (g) => (g.opponents_level || []).length > 0 && (g.opponents_level || []).every((n) => n > 0);

/** The other seats of my game by name, a computer's by its level. @param {import('../../lib/protocol.js').MyGame} g */
const opponentNames = (g) => (g.opponents || []).map((name, i) => {
    const level = g.opponents_level?.[i] ?? 0;
    return level > 0 ? computerName(level) : name || t('seat.free');
}).join(', ');

// A seek's board and variant, a correspondence seek's (pool "8x8-corr") as a live one's.
/** @param {import('../../lib/protocol.js').Seek} seek */
const seekBoard = (seek) => {
    const pool = (seek.pool || '').replace(/-corr$/, '');
    return allPools().includes(pool) ? poolName(pool) : describeSetup(seek.setup);
};

/** @param {string} preset */
const presetId = (preset) => preset.replace(/\W/g, '-');

/** @param {HTMLElement} root */
export function lobbyView(root) {
    const view = el('section', { class: 'lobby', 'aria-labelledby': 'lobby-title' });
    root.append(view);
    const online = el('p', { id: 'lobby-online', class: 'online-count', 'aria-live': 'polite' });
    const alert = el('p', { id: 'lobby-alert', class: 'alert', role: 'alert' });
    const challenges = el('div', { id: 'challenges' });
    const quick = el('div', { id: 'quick' });
    const seekFilters = el('div', { class: 'filters', id: 'seek-filters' });
    const seeks = el('div', { id: 'seeks' });
    const postForm = el('form', { id: 'seek-form', class: 'seek-form' });
    const mine = el('div', { id: 'my-games' });
    const tables = el('div', { id: 'open-tables' });
    const games = el('div', { id: 'finished-games' });
    const refresh = el('button', { type: 'button', id: 'refresh' }, t('lobby.refresh'));
    refresh.addEventListener('click', () => load());

    view.append(el('div', { class: 'lobby-head' }, el('h1', { id: 'lobby-title' }, t('lobby.title')), online), alert,
        challenges,
        el('div', { class: 'lobby-grid' },
            el('section', { class: 'panel', 'aria-labelledby': 'quick-title' },
                el('h2', { id: 'quick-title' }, t('lobby.quickTitle')), quick),
            el('section', { class: 'panel', 'aria-labelledby': 'mine-title' },
                el('h2', { id: 'mine-title' }, t('lobby.myGames')), mine)),
        el('section', { class: 'panel', 'aria-labelledby': 'seeks-title' },
            el('h2', { id: 'seeks-title' }, t('lobby.seeks')), seekFilters, seeks,
            el('h3', {}, t('lobby.postSeek')), postForm),
        el('section', { class: 'panel', 'aria-labelledby': 'tables-title' },
            el('div', { class: 'panel-head' }, el('h2', { id: 'tables-title' }, t('lobby.open')), refresh), tables,
            el('h2', {}, t('lobby.finished')), games));

    // Quick pairing: a pool, then one button per preset; while waiting, a mark and Cancel, and
    // what the server says it is doing (window, seekers, when it pairs anyway).
    function renderQuick() {
        const q = store.get().session.quick;
        if (q) {
            const cancel = el('button', { type: 'button', id: 'quick-cancel' }, t('lobby.quickCancel'));
            cancel.addEventListener('click', () => lobby.quickCancel());
            const hadFocus = quick.contains(document.activeElement);
            quick.replaceChildren(el('p', { class: 'waiting', id: 'quick-waiting' },
                el('span', { class: 'spinner', 'aria-hidden': 'true' }),
                t('lobby.quickWaiting', { pool: poolName(q.pool), preset: presetLabel(q.preset) })),
            quickWaitDetails(q, 'quick-details'), cancel);
            if (hadFocus) cancel.focus();
            return;
        }
        const hadFocus = quick.contains(document.activeElement);
        const offered = siteConfig().quick;
        const pool = select('quick-pool', offered.pools.map((p) => [p, poolName(p)]), choice(offered.pools, store.get().quickPool),
            (v) => store.set({ quickPool: v }));
        const buttons = el('div', { class: 'presets' }, offered.times.map((p) => {
            const b = el('button', { type: 'button', id: `quick-${presetId(p)}`, 'data-preset': p }, presetLabel(p));
            b.addEventListener('click', () => lobby.quick(choice(offered.pools, store.get().quickPool), p));
            return b;
        }));
        quick.replaceChildren(field(t('lobby.pool'), pool), buttons,
            el('p', { class: 'note' }, loggedIn() ? t('lobby.quickRated') : t('lobby.quickCasual')));
        if (hadFocus) pool.focus();
    }

    function renderChallenges() {
        const list = incomingChallenges(store.get().session);
        challenges.replaceChildren(...(list.length ? [el('h2', {}, t('lobby.challenges')),
            el('ul', { class: 'rows' }, list.map((c) => challengeItem(c)))] : []));
    }

    /** The filter a seek's clock falls under: a time control of the site's, or 'other'. @param {Clock} clock */
    const timeOf = (clock) => presetOf(clock) ?? 'other';

    function renderFilters() {
        const { filters } = store.get();
        /** @type {[string, string][]} */
        const all = [['all', t('lobby.all')]];
        seekFilters.replaceChildren(
            field(t('lobby.pool'), select('filter-pool', [...all, ...allPools().map((p) => [p, poolName(p)])], filters.pool,
                (v) => filter({ pool: v }))),
            field(t('lobby.time'), select('filter-time', [...all, ...siteConfig().offers.times.map((p) => [p, presetLabel(p)]),
                ['other', t('lobby.otherTime')]], filters.time, (v) => filter({ time: v }))),
            field(t('lobby.kind'), select('filter-rated', [...all, ['rated', t('lobby.rated')], ['casual', t('lobby.casual')]],
                filters.rated, (v) => filter({ rated: v }))));
    }

    /** Previous and next page of seeks, when they do not fit on one. */
    function seekPager() {
        const { offset, total, perPage } = store.get().session.seekPage;
        if (total <= perPage && offset === 0) return '';
        const pages = Math.max(1, Math.ceil(total / perPage));
        const page = Math.min(pages, Math.floor(offset / perPage) + 1);
        const prev = el('button', { type: 'button', id: 'seeks-prev' }, t('lobby.pagePrev'));
        const next = el('button', { type: 'button', id: 'seeks-next' }, t('lobby.pageNext'));
        prev.disabled = offset === 0;
        next.disabled = offset + perPage >= total;
        prev.addEventListener('click', () => lobby.seekPage(offset - perPage));
        next.addEventListener('click', () => lobby.seekPage(offset + perPage));
        return el('div', { class: 'form-bar pager' }, prev, el('span', { id: 'seeks-page' }, t('lobby.pageOf', { page, pages })), next);
    }

    function renderSeeks() {
        const { session: { me, seeks: all, connected }, filters } = store.get();
        const shown = [...all.values()].filter((s) =>
            (filters.pool === 'all' || s.pool === filters.pool)
            && (filters.time === 'all' || timeOf(s.clock) === filters.time)
            && (filters.rated === 'all' || (filters.rated === 'rated') === Boolean(s.rated)))
            .sort((a, b) => (b.created || 0) - (a.created || 0));
        if (!connected) {
            seeks.replaceChildren(el('p', { class: 'note' }, t('lobby.connecting')));
            return;
        }
        if (!shown.length) {
            seeks.replaceChildren(el('p', { class: 'note', id: 'no-seeks' }, t('lobby.noSeeks')), seekPager());
            return;
        }
        seeks.replaceChildren(el('ul', { class: 'rows seeks' }, shown.map((s) => {
            const own = me && s.player === me.name;
            const button = el('button', { type: 'button', class: own ? '' : 'primary',
                id: `${own ? 'cancel' : 'accept'}-${s.id}` }, own ? t('lobby.cancelSeek') : t('lobby.accept'));
            button.addEventListener('click', () => lobby.send(own ? { type: 'cancel_seek', id: s.id } : { type: 'accept', id: s.id }));
            if (!own && s.rated && !loggedIn()) {
                button.disabled = true;
                button.title = t('lobby.ratedNeedsLogin');
            }
            return el('li', { class: 'seek-row' + (own ? ' own' : ''), 'data-seek': s.id },
                el('span', { class: 'who' }, el('a', { href: `#/player/${encodeURIComponent(s.player)}` }, s.player),
                    ...afterName(s.bot), ' ', s.rating === null || s.rating === undefined ? ''
                        : el('span', { class: 'rating' }, ratingText({ rating: s.rating, provisional: s.provisional }))),
                el('span', { class: 'what' }, `${seekBoard(s)} · ${clockLabel(s.clock)}`),
                el('span', { class: 'state' }, `${s.rated ? t('lobby.rated') : t('lobby.casual')} · ${t(`lobby.as.${s.seat}`)}`),
                button);
        })), seekPager());
    }

    function renderPostForm() {
        const { seekForm } = store.get();
        const rated = el('input', { type: 'checkbox', id: 'seek-rated' });
        rated.checked = seekForm.rated && loggedIn();
        rated.disabled = !loggedIn();
        rated.addEventListener('change', () => seekChoice({ rated: rated.checked }));
        const post = el('button', { type: 'submit', class: 'primary', id: 'post-seek' }, t('lobby.post'));
        const { offers } = siteConfig();
        postForm.replaceChildren(
            field(t('lobby.pool'), select('seek-pool', offers.pools.map((p) => [p, poolName(p)]), choice(offers.pools, seekForm.pool),
                (v) => seekChoice({ pool: v }))),
            field(t('lobby.time'), select('seek-time', offers.times.map((p) => [p, presetLabel(p)]), choice(offers.times, seekForm.preset),
                (v) => seekChoice({ preset: v }))),
            field(t('lobby.colour'), select('seek-seat', [['random', t('landing.random')], ['black', colourName(0)], ['white', colourName(1)]],
                seekForm.seat, (v) => seekChoice({ seat: v }))),
            el('div', { class: 'check' }, rated, el('label', { for: 'seek-rated' }, t('lobby.rated')),
                loggedIn() ? '' : el('span', { class: 'note' }, ` ${t('lobby.ratedNeedsLogin')}`)),
            el('div', { class: 'form-bar' }, post));
    }
    postForm.addEventListener('submit', (e) => {
        e.preventDefault();
        const { seekForm } = store.get();
        store.set({ alert: '' });
        const { offers } = siteConfig();
        lobby.send({ type: 'seek', setup: setupForPool(choice(offers.pools, seekForm.pool)),
            clock: clockForTime(choice(offers.times, seekForm.preset)),
            rated: Boolean(seekForm.rated && loggedIn()), seat: seekForm.seat });
    });

    function renderMine() {
        const list = store.get().session.games;
        // Correspondence games wait for days: the browser may tell the player of a new turn.
        const ask = 'Notification' in window && Notification.permission === 'default'
            ? el('button', { type: 'button', id: 'notify-turns', class: 'link' }, t('lobby.notifyTurns')) : '';
        if (ask) ask.addEventListener('click', () => Notification.requestPermission().then(() => renderMine()));
        mine.replaceChildren(ask, list.length ? el('ul', { class: 'rows my-games' }, list.map((g) =>
            el('li', { class: 'my-game' + (g.your_turn ? ' your-turn' : ''), 'data-table': g.table },
                el('span', { class: 'who' }, t('lobby.versus', { names: opponentNames(g) }),
                    ...afterName((g.opponents_bot || []).some(Boolean))),
                el('span', { class: 'what' }, describeSetup(g.setup)),
                el('span', { class: 'state' }, g.your_turn ? el('strong', { class: 'turn-mark' }, `● ${t('lobby.yourTurn')}`)
                    : againstComputer(g) ? t('lobby.computerWaits') : t('lobby.theirTurn')),
                el('a', { href: `#/table/${encodeURIComponent(g.table)}`, class: 'button' }, t('lobby.open_game')))))
            : el('p', { class: 'note' }, t('lobby.noMyGames')));
    }

    function renderOnline() {
        const n = store.get().session.online;
        online.textContent = typeof n === 'number' ? t('site.online', { n }) : '';
    }

    function renderAll() {
        renderOnline();
        renderChallenges();
        renderQuick();
        renderSeeks();
        renderMine();
    }

    // Each part is drawn again when the fields it draws from change.
    const stops = [
        store.subscribe((s, was) => {
            const now = s.session;
            const before = was.session;
            if (now.me !== before.me) {
                renderPostForm();
                renderAll();
                return;
            }
            if (now.online !== before.online) renderOnline();
            if (now.seeks !== before.seeks || now.seekPage !== before.seekPage || now.connected !== before.connected || s.filters !== was.filters) renderSeeks();
            if (now.games !== before.games) renderMine();
            if (now.challenges !== before.challenges) renderChallenges();
            if (now.quick !== before.quick) renderQuick();
            if (s.alert !== was.alert) alert.textContent = s.alert;
            if (s.open !== was.open) renderOpen();
            if (s.finished !== was.finished) renderFinished();
            if (s.finishedOffset !== was.finishedOffset) load();
        }),
        mirror(session, store, (s) => ({ session: s })),
        onLobbyMessage((msg) => {
            if (msg.type === 'error') store.set({ alert: errorText({ code: msg.code }) });
        }),
    ];
    lobby.start();
    store.set({ alert: '', open: null, finished: null, finishedOffset: 0 });
    renderFilters();
    renderPostForm();
    renderAll();

    /** @param {Seat[]} seats @returns {(string | HTMLElement)[]} each seat's name, a bot's with its mark */
    const seatsText = (seats) => seats.flatMap((s, i) => [i ? ', ' : '', `${colourName(i)}: ${s.type === 'computer'
        ? computerName(s.level) : s.name || (s.taken ? t('seat.human') : t('seat.free'))}`,
    ...afterName(s.bot)]);

    function renderOpen() {
        const answer = store.get().open;
        if (!answer) return;
        if ('error' in answer) {
            tables.replaceChildren(el('p', { role: 'alert' }, answer.error));
        } else {
            const rows = answer.tables.map((tb) => {
                const free = tb.seats.some((s) => s.type === 'human' && !s.taken);
                return el('li', { class: 'table-row', 'data-table': tb.id },
                    el('span', { class: 'what' }, describeSetup(tb.setup)),
                    el('span', { class: 'who' }, seatsText(tb.seats)),
                    el('span', { class: 'state' }, t(`status.${tb.status}`), ` · ${t('lobby.ply', { n: tb.ply })}`),
                    el('a', { href: `#/table/${tb.id}`, class: 'button' }, free ? t('lobby.join') : t('lobby.watch')));
            });
            tables.replaceChildren(rows.length ? el('ul', { class: 'rows' }, rows) : el('p', { class: 'note' }, t('lobby.noTables')));
        }
    }

    function renderFinished() {
        const answer = store.get().finished;
        if (!answer) return;
        if ('error' in answer) {
            games.replaceChildren(el('p', { role: 'alert' }, answer.error));
        } else {
            const rows = answer.games.slice(0, FinishedPerPage).map((g) => el('li', { class: 'game-row', 'data-game': g.id },
                el('span', { class: 'what' }, describeSetup(g.setup)),
                el('span', { class: 'who' }, seatsText(g.seats || [])),
                el('span', { class: 'state' }, g.result && typeof g.result === 'object' ? resultText(g.result, g.setup) : ''),
                el('a', { href: `#/replay/${g.id}`, class: 'button' }, t('lobby.replay'))));
            games.replaceChildren(rows.length ? el('ul', { class: 'rows' }, rows) : el('p', { class: 'note' }, t('lobby.noGames')),
                finishedPager(answer.games.length > FinishedPerPage));
        }
    }

    /** Previous and next page of finished games. @param {boolean} more a next page exists */
    function finishedPager(more) {
        const offset = store.get().finishedOffset;
        if (!more && offset === 0) return '';
        const prev = el('button', { type: 'button', id: 'finished-prev' }, t('lobby.pagePrev'));
        const next = el('button', { type: 'button', id: 'finished-next' }, t('lobby.pageNext'));
        prev.disabled = offset === 0;
        next.disabled = !more;
        prev.addEventListener('click', () => store.set({ finishedOffset: Math.max(0, offset - FinishedPerPage) }));
        next.addEventListener('click', () => store.set({ finishedOffset: offset + FinishedPerPage }));
        return el('div', { class: 'form-bar pager' }, prev,
            el('span', { id: 'finished-page' }, t('lobby.page', { page: Math.floor(offset / FinishedPerPage) + 1 })), next);
    }

    // The open tables and finished games come from the HTTP API, asked again every few seconds.
    async function load() {
        await listTables().then((answer) => store.set({ open: { tables: answer.tables } }),
            (e) => store.set({ open: { error: errorText(e) } }));
        const offset = store.get().finishedOffset;
        await listGames(FinishedPerPage + 1, offset).then((answer) => {
            if (store.get().finishedOffset === offset) store.set({ finished: { games: answer.games } });
        },
            (e) => store.set({ finished: { error: errorText(e) } }));
    }
    renderOpen();
    renderFinished();
    load();
    const timer = setInterval(load, 5000);
    const ticker = setInterval(() => tickQuickWait(quick), 500);
    return { destroy() { clearInterval(timer); clearInterval(ticker); stops.forEach((stop) => stop()); } };
}
