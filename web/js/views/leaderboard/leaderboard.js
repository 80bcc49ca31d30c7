// SPDX-License-Identifier: MIT
// The leaderboard of one pool (#/leaderboard/POOL): a link per pool and one to correspondence
// (days per move: pools of their own, "8x8-corr"; then a link per correspondence pool), then
// the players by rating, provisional ones (rating deviation over 110) marked and listed after
// the others.
import { t } from '../../lib/i18n.js';
import { getLeaderboard } from '../../lib/api.js';
import { createStore } from '../../lib/store.js';
import { el, errorText } from '../../lib/dom.js';
import { botMark } from '../../components/bot-mark.js';
import { allPools, poolName, ratingText } from '../../lib/pools.js';

/**
 * @typedef {object} LeaderboardState
 * @property {import('../../lib/protocol.js').LeaderboardRow[] | null} players null while loading
 * @property {string} error
 */

/** A pool's name, a correspondence pool's as such. @param {string} pool */
const boardName = (pool) => (pool.endsWith('-corr') ? t('leaderboard.corrPool', { pool: poolName(pool.slice(0, -5)) }) : poolName(pool));

/** @param {HTMLElement} root @param {string} poolArg */
export function leaderboardView(root, poolArg) {
    const pools = allPools();
    const correspondencePools = pools.map((p) => `${p}-corr`);
    const pool = pools.includes(poolArg) || correspondencePools.includes(poolArg) ? poolArg : '8x8';
    const corr = correspondencePools.includes(pool);
    const view = el('section', { class: 'leaderboard', 'aria-labelledby': 'leaderboard-title' });
    root.append(view);
    /** @param {string} p @param {string} label @param {boolean} current @param {string} [id] */
    const tab = (p, label, current, id = `pool-${p}`) =>
        el('a', { href: `#/leaderboard/${p}`, id, 'aria-current': current ? 'page' : null }, label);
    const tabs = el('nav', { class: 'tabs', 'aria-label': t('leaderboard.pools') },
        pools.map((p) => tab(p, poolName(p), p === pool)), tab('8x8-corr', t('leaderboard.correspondence'), corr, 'pool-corr'));
    const corrTabs = corr ? el('nav', { class: 'tabs', id: 'corr-pools', 'aria-label': t('leaderboard.correspondence') },
        pools.map((p) => tab(`${p}-corr`, poolName(p), `${p}-corr` === pool))) : '';
    const body = el('div', { id: 'leaderboard-body' }, el('p', { class: 'note' }, t('site.loading')));
    view.append(el('h1', { id: 'leaderboard-title' }, t('leaderboard.title', { pool: boardName(pool) })), tabs, corrTabs, body);

    // The view's store: the server's answer.
    const store = createStore(/** @type {LeaderboardState} */ ({ players: null, error: '' }));
    const stop = store.subscribe(({ players, error }) => {
        if (error) body.replaceChildren(el('p', { role: 'alert', class: 'alert' }, error));
        else if (players) render(players);
    });
    /** @param {import('../../lib/protocol.js').LeaderboardRow[]} players */
    function render(players) {
        if (!players.length) {
            body.replaceChildren(el('p', { class: 'note' }, t('leaderboard.empty')));
            return;
        }
        body.replaceChildren(el('div', { class: 'table-scroll' }, el('table', { class: 'data', id: 'leaderboard-table' },
            el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, '#'), el('th', { scope: 'col' }, t('leaderboard.player')),
                el('th', { scope: 'col' }, t('profile.rating')), el('th', { scope: 'col' }, t('profile.rd')),
                el('th', { scope: 'col' }, t('profile.games')))),
            el('tbody', {}, players.map((p, i) => el('tr', { 'data-player': p.name, class: p.provisional ? 'provisional' : null },
                el('td', { class: 'num' }, String(i + 1)),
                el('td', {}, el('a', { href: `#/player/${encodeURIComponent(p.name)}` }, p.name), ' ', botMark(p.bot)),
                el('td', { class: 'num rating' }, ratingText(p), p.provisional ? el('span', { class: 'sr' }, ` ${t('site.provisional')}`) : ''),
                el('td', { class: 'num' }, `±${Math.round(p.rd)}`),
                el('td', { class: 'num' }, String(p.games ?? 0))))))),
        el('p', { class: 'note' }, t('leaderboard.provisionalNote')));
    }
    getLeaderboard(pool).then((res) => store.set({ players: res.players || [] }),
        (e) => store.set({ error: errorText(e) }));
    return { destroy() { stop(); } };
}
