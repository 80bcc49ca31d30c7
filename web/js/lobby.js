// SPDX-License-Identifier: MIT
// The lobby (#/lobby): challenges sent to me, quick pairing per pool and preset, the live list
// of open offers ("seeks", over the lobby socket) with filters and one-click accept, a form to
// post a seek, my running games with their your-turn marks, and, from the HTTP API, the open
// tables to join or watch and the finished games to replay (refreshed every few seconds).
import { t, colourName, describeSetup } from './i18n.js';
import { listTables, listGames } from './api.js';
import { lobby } from './lobby-socket.js';
import { currentMe, loggedIn, onMe } from './auth.js';
import { el, field, select, errorText } from './ui.js';
import { resultText } from './game.js';
import { challengeItem, incomingChallenges } from './challenges.js';
import { POOLS, PRESETS, setupForPool, clockForPreset, clockLabel, poolName, presetLabel, ratingText } from './pools.js';

const filters = { pool: 'all', time: 'all', rated: 'all' };
const seekForm = { pool: '8x8', preset: '5+3', rated: true, seat: 'random' };
let quickPool = '8x8';

const presetId = (preset) => preset.replace(/\W/g, '-');

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

    // Quick pairing: a pool, then one button per preset; while waiting, a mark and Cancel.
    function renderQuick() {
        const q = lobby.state.quick;
        if (q) {
            const cancel = el('button', { type: 'button', id: 'quick-cancel' }, t('lobby.quickCancel'));
            cancel.addEventListener('click', () => lobby.quickCancel());
            const windowText = q.window ? ` ${t('lobby.quickWindow', { n: Math.round(q.window) })}` : '';
            const hadFocus = quick.contains(document.activeElement);
            quick.replaceChildren(el('p', { class: 'waiting', id: 'quick-waiting' },
                el('span', { class: 'spinner', 'aria-hidden': 'true' }),
                t('lobby.quickWaiting', { pool: poolName(q.pool), preset: presetLabel(q.preset) }), windowText), cancel);
            if (hadFocus) cancel.focus();
            return;
        }
        const hadFocus = quick.contains(document.activeElement);
        const pool = select('quick-pool', POOLS.map((p) => [p, poolName(p)]), quickPool, (v) => { quickPool = v; });
        const buttons = el('div', { class: 'presets' }, PRESETS.map((p) => {
            const b = el('button', { type: 'button', id: `quick-${presetId(p)}`, 'data-preset': p }, presetLabel(p));
            b.addEventListener('click', () => lobby.quick(quickPool, p));
            return b;
        }));
        quick.replaceChildren(field(t('lobby.pool'), pool), buttons,
            el('p', { class: 'note' }, loggedIn() ? t('lobby.quickRated') : t('lobby.quickCasual')));
        if (hadFocus) pool.focus();
    }

    function renderChallenges() {
        const list = incomingChallenges();
        challenges.replaceChildren(...(list.length ? [el('h2', {}, t('lobby.challenges')),
            el('ul', { class: 'rows' }, list.map((c) => challengeItem(c)))] : []));
    }

    function presetOf(clock) {
        const label = clockLabel(clock);
        return PRESETS.find((p) => presetLabel(p) === label) || 'other';
    }

    function renderFilters() {
        const all = [['all', t('lobby.all')]];
        seekFilters.replaceChildren(
            field(t('lobby.pool'), select('filter-pool', [...all, ...POOLS.map((p) => [p, poolName(p)])], filters.pool,
                (v) => { filters.pool = v; renderSeeks(); })),
            field(t('lobby.time'), select('filter-time', [...all, ...PRESETS.map((p) => [p, presetLabel(p)]),
                ['other', t('lobby.otherTime')]], filters.time, (v) => { filters.time = v; renderSeeks(); })),
            field(t('lobby.kind'), select('filter-rated', [...all, ['rated', t('lobby.rated')], ['casual', t('lobby.casual')]],
                filters.rated, (v) => { filters.rated = v; renderSeeks(); })));
    }

    function renderSeeks() {
        const me = currentMe();
        const shown = [...lobby.state.seeks.values()].filter((s) =>
            (filters.pool === 'all' || s.pool === filters.pool)
            && (filters.time === 'all' || presetOf(s.clock) === filters.time)
            && (filters.rated === 'all' || (filters.rated === 'rated') === Boolean(s.rated)))
            .sort((a, b) => (b.created || 0) - (a.created || 0));
        if (!lobby.state.connected) {
            seeks.replaceChildren(el('p', { class: 'note' }, t('lobby.connecting')));
            return;
        }
        if (!shown.length) {
            seeks.replaceChildren(el('p', { class: 'note', id: 'no-seeks' }, t('lobby.noSeeks')));
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
                    ' ', s.rating === null || s.rating === undefined ? ''
                        : el('span', { class: 'rating' }, ratingText({ rating: s.rating, provisional: s.provisional }))),
                el('span', { class: 'what' }, `${s.pool ? poolName(s.pool) : describeSetup(s.setup)} · ${clockLabel(s.clock)}`),
                el('span', { class: 'state' }, `${s.rated ? t('lobby.rated') : t('lobby.casual')} · ${t(`lobby.as.${s.seat}`)}`),
                button);
        })));
    }

    function renderPostForm() {
        const rated = el('input', { type: 'checkbox', id: 'seek-rated' });
        rated.checked = seekForm.rated && loggedIn();
        rated.disabled = !loggedIn();
        rated.addEventListener('change', () => { seekForm.rated = rated.checked; });
        const post = el('button', { type: 'submit', class: 'primary', id: 'post-seek' }, t('lobby.post'));
        postForm.replaceChildren(
            field(t('lobby.pool'), select('seek-pool', POOLS.map((p) => [p, poolName(p)]), seekForm.pool, (v) => { seekForm.pool = v; })),
            field(t('lobby.time'), select('seek-time', PRESETS.map((p) => [p, presetLabel(p)]), seekForm.preset, (v) => { seekForm.preset = v; })),
            field(t('lobby.colour'), select('seek-seat', [['random', t('landing.random')], ['black', colourName(0)], ['white', colourName(1)]],
                seekForm.seat, (v) => { seekForm.seat = v; })),
            el('div', { class: 'check' }, rated, el('label', { for: 'seek-rated' }, t('lobby.rated')),
                loggedIn() ? '' : el('span', { class: 'note' }, ` ${t('lobby.ratedNeedsLogin')}`)),
            el('div', { class: 'form-bar' }, post));
    }
    postForm.addEventListener('submit', (e) => {
        e.preventDefault();
        alert.textContent = '';
        lobby.send({ type: 'seek', setup: setupForPool(seekForm.pool), clock: clockForPreset(seekForm.preset),
            rated: Boolean(seekForm.rated && loggedIn()), seat: seekForm.seat });
    });

    function renderMine() {
        const list = lobby.state.games;
        mine.replaceChildren(list.length ? el('ul', { class: 'rows my-games' }, list.map((g) =>
            el('li', { class: 'my-game' + (g.your_turn ? ' your-turn' : ''), 'data-table': g.table },
                el('span', { class: 'who' }, t('lobby.versus', { names: (g.opponents || []).join(', ') || '?' })),
                el('span', { class: 'what' }, describeSetup(g.setup)),
                el('span', { class: 'state' }, g.your_turn ? el('strong', { class: 'turn-mark' }, `● ${t('lobby.yourTurn')}`)
                    : t('lobby.theirTurn')),
                el('a', { href: `#/table/${encodeURIComponent(g.table)}`, class: 'button' }, t('lobby.open_game')))))
            : el('p', { class: 'note' }, t('lobby.noMyGames')));
    }

    function renderOnline() {
        const n = lobby.state.online;
        online.textContent = typeof n === 'number' ? t('site.online', { n }) : '';
    }

    function renderAll() {
        renderOnline();
        renderChallenges();
        renderQuick();
        renderSeeks();
        renderMine();
    }

    const unsubscribe = lobby.subscribe((msg) => {
        switch (msg.type) {
        case 'online': renderOnline(); break;
        case 'seek_added': case 'seek_removed': renderSeeks(); break;
        case 'games': renderMine(); break;
        case 'challenge': case 'challenge_gone': renderChallenges(); break;
        case 'quick_waiting': case 'quick_sent': case 'quick_cancelled': case 'quick_stopped': case 'paired': renderQuick(); break;
        case 'error': alert.textContent = errorText({ code: msg.code }); renderQuick(); break;
        default: renderAll();
        }
    });
    const unMe = onMe(() => { renderPostForm(); renderAll(); });
    lobby.start();
    renderFilters();
    renderPostForm();
    renderAll();

    const seatsText = (seats) => seats.map((s, i) => `${colourName(i)}: ${s.type === 'computer'
        ? t('seat.computerLevel', { n: s.level }) : s.name || (s.taken ? t('seat.human') : t('seat.free'))}`).join(', ');

    async function load() {
        try {
            const { tables: open } = await listTables();
            const rows = open.map((tb) => {
                const free = tb.seats.some((s) => s.type === 'human' && !s.taken);
                return el('li', { class: 'table-row', 'data-table': tb.id },
                    el('span', { class: 'what' }, describeSetup(tb.setup)),
                    el('span', { class: 'who' }, seatsText(tb.seats)),
                    el('span', { class: 'state' }, t(`status.${tb.status}`), ` · ${t('lobby.ply', { n: tb.ply })}`),
                    el('a', { href: `#/table/${tb.id}`, class: 'button' }, free ? t('lobby.join') : t('lobby.watch')));
            });
            tables.replaceChildren(rows.length ? el('ul', { class: 'rows' }, rows) : el('p', { class: 'note' }, t('lobby.noTables')));
        } catch (e) {
            tables.replaceChildren(el('p', { role: 'alert' }, errorText(e)));
        }
        try {
            const { games: done } = await listGames(50);
            const rows = done.map((g) => el('li', { class: 'game-row', 'data-game': g.id },
                el('span', { class: 'what' }, describeSetup(g.setup)),
                el('span', { class: 'who' }, seatsText(g.seats)),
                el('span', { class: 'state' }, g.result ? resultText(g.result, g.setup) : ''),
                el('a', { href: `#/replay/${g.id}`, class: 'button' }, t('lobby.replay'))));
            games.replaceChildren(rows.length ? el('ul', { class: 'rows' }, rows) : el('p', { class: 'note' }, t('lobby.noGames')));
        } catch (e) {
            games.replaceChildren(el('p', { role: 'alert' }, errorText(e)));
        }
    }
    load();
    const timer = setInterval(load, 5000);
    return { destroy() { clearInterval(timer); unsubscribe(); unMe(); } };
}
