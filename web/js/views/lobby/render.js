// SPDX-License-Identifier: MIT
// The lobby's page (its panels, each part's empty box) and its own parts, each drawn from the
// view's store into its box: the online count, the challenges sent to me, quick pairing (a pool
// and a button per preset, or the wait with Cancel) and my running games with their your-turn
// marks.
import { t, describeSetup } from '../../lib/i18n.js';
import { incomingChallenges } from '../../lib/session.js';
import { el, field, select } from '../../lib/dom.js';
import { computerName } from '../../lib/game-text.js';
import { challengeItem } from '../../components/challenge-item.js';
import { afterName } from '../../components/bot-mark.js';
import { quickWaitDetails } from '../../components/quick-wait.js';
import { choice, siteConfig, poolName, presetLabel } from '../../lib/pools.js';

/** @typedef {import('../../lib/store.js').Store<import('./lobby.js').LobbyState>} LobbyStore */
/** @typedef {import('./actions.js').LobbyActions} LobbyActions */
/** @typedef {import('../../lib/protocol.js').MyGame} MyGame */

/** @param {MyGame} g every other seat is the computer's */
const againstComputer = (g) => (g.opponents_level || []).length > 0 && (g.opponents_level || []).every((n) => n > 0);

/** The other seats of my game by name, a computer's by its level. @param {MyGame} g */
const opponentNames = (g) => (g.opponents || []).map((name, i) => {
    const level = g.opponents_level?.[i] ?? 0;
    return level > 0 ? computerName(level) : name || t('seat.free');
}).join(', ');

/** @param {string} preset */
const presetId = (preset) => preset.replace(/\W/g, '-');

/** @param {HTMLElement} host @param {LobbyStore} store */
export function renderOnline(host, store) {
    const n = store.get().session.online;
    host.textContent = typeof n === 'number' ? t('site.online', { n }) : '';
}

/** @param {HTMLElement} host @param {LobbyStore} store */
export function renderChallenges(host, store) {
    const list = incomingChallenges(store.get().session);
    host.replaceChildren(...(list.length ? [el('h2', {}, t('lobby.challenges')),
        el('ul', { class: 'rows' }, list.map((c) => challengeItem(c)))] : []));
}

/**
 * Quick pairing: a pool, then one button per preset; while waiting, a mark and Cancel, and
 * what the server says it is doing (window, seekers, when it pairs anyway).
 * @param {HTMLElement} host @param {LobbyStore} store @param {LobbyActions} act
 */
export function renderQuick(host, store, act) {
    const q = store.get().session.quick;
    const hadFocus = host.contains(document.activeElement);
    if (q) {
        const cancel = el('button', { type: 'button', id: 'quick-cancel' }, t('lobby.quickCancel'));
        cancel.addEventListener('click', () => act.quickCancel());
        host.replaceChildren(el('p', { class: 'waiting', id: 'quick-waiting' },
            el('span', { class: 'spinner', 'aria-hidden': 'true' }),
            t('lobby.quickWaiting', { pool: poolName(q.pool), preset: presetLabel(q.preset) })),
        quickWaitDetails(q, 'quick-details'), cancel);
        if (hadFocus) cancel.focus();
        return;
    }
    const offered = siteConfig().quick;
    const pool = select('quick-pool', offered.pools.map((p) => [p, poolName(p)]), choice(offered.pools, store.get().quickPool),
        (v) => act.quickPool(v));
    const buttons = el('div', { class: 'presets' }, offered.times.map((p) => {
        const b = el('button', { type: 'button', id: `quick-${presetId(p)}`, 'data-preset': p }, presetLabel(p));
        b.addEventListener('click', () => act.quick(p));
        return b;
    }));
    host.replaceChildren(field(t('lobby.pool'), pool), buttons,
        el('p', { class: 'note' }, act.loggedIn() ? t('lobby.quickRated') : t('lobby.quickCasual')));
    if (hadFocus) pool.focus();
}

/** My running games, my turn marked. @param {HTMLElement} host @param {LobbyStore} store */
export function renderMine(host, store) {
    const list = store.get().session.games;
    // Correspondence games wait for days: the browser may tell the player of a new turn.
    const ask = 'Notification' in window && Notification.permission === 'default'
        ? el('button', { type: 'button', id: 'notify-turns', class: 'link' }, t('lobby.notifyTurns')) : '';
    if (ask) ask.addEventListener('click', () => Notification.requestPermission().then(() => renderMine(host, store)));
    host.replaceChildren(ask, list.length ? el('ul', { class: 'rows my-games' }, list.map((g) =>
        el('li', { class: 'my-game' + (g.your_turn ? ' your-turn' : ''), 'data-table': g.table },
            el('span', { class: 'who' }, t('lobby.versus', { names: opponentNames(g) }),
                ...afterName((g.opponents_bot || []).some(Boolean))),
            el('span', { class: 'what' }, describeSetup(g.setup)),
            el('span', { class: 'state' }, g.your_turn ? el('strong', { class: 'turn-mark' }, `● ${t('lobby.yourTurn')}`)
                : againstComputer(g) ? t('lobby.computerWaits') : t('lobby.theirTurn')),
            el('a', { href: `#/table/${encodeURIComponent(g.table)}`, class: 'button' }, t('lobby.open_game')))))
        : el('p', { class: 'note' }, t('lobby.noMyGames')));
}

/** The lobby's page: its head, panels and the empty box of each part. */
export function lobbyLayout() {
    const view = el('section', { class: 'lobby', 'aria-labelledby': 'lobby-title' });
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
    return { view, online, alert, challenges, quick, seekFilters, seeks, postForm, mine, tables, games, refresh };
}
