// SPDX-License-Identifier: MIT
// The leaderboard of one pool (#/leaderboard/POOL): a link per pool, then the players by rating,
// provisional ones (rating deviation over 110) marked and listed after the others.
import { t } from './i18n.js';
import { getLeaderboard } from './api.js';
import { el, errorText } from './ui.js';
import { POOLS, poolName, ratingText } from './pools.js';

export function leaderboardView(root, poolArg) {
    const pool = POOLS.includes(poolArg) ? poolArg : '8x8';
    const view = el('section', { class: 'leaderboard', 'aria-labelledby': 'leaderboard-title' });
    root.append(view);
    const tabs = el('nav', { class: 'tabs', 'aria-label': t('leaderboard.pools') }, POOLS.map((p) =>
        el('a', { href: `#/leaderboard/${p}`, id: `pool-${p}`, 'aria-current': p === pool ? 'page' : null }, poolName(p))));
    const body = el('div', { id: 'leaderboard-body' }, el('p', { class: 'note' }, t('site.loading')));
    view.append(el('h1', { id: 'leaderboard-title' }, t('leaderboard.title', { pool: poolName(pool) })), tabs, body);

    let alive = true;
    (async () => {
        try {
            const res = await getLeaderboard(pool);
            if (!alive) return;
            const players = res.players || [];
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
                    el('td', {}, el('a', { href: `#/player/${encodeURIComponent(p.name)}` }, p.name)),
                    el('td', { class: 'num rating' }, ratingText(p), p.provisional ? el('span', { class: 'sr' }, ` ${t('site.provisional')}`) : ''),
                    el('td', { class: 'num' }, `±${Math.round(p.rd)}`),
                    el('td', { class: 'num' }, String(p.games ?? 0))))))),
            el('p', { class: 'note' }, t('leaderboard.provisionalNote')));
        } catch (e) {
            if (alive) body.replaceChildren(el('p', { role: 'alert', class: 'alert' }, errorText(e)));
        }
    })();
    return { destroy() { alive = false; } };
}
