// SPDX-License-Identifier: MIT
// The opening explorer's page: the pools' tabs, the filter form, the board, and the table of
// the moves played from the position shown (counts, results, the engine's score), drawn from
// the view's store.
import { t } from '../../lib/i18n.js';
import { Board } from '../../components/board.js';
import * as rules from '../../lib/rules.js';
import { session } from '../../lib/session.js';
import { el } from '../../lib/dom.js';
import { poolName } from '../../lib/pools.js';

/** @typedef {import('./actions.js').ExplorerActions} ExplorerActions */
/** @typedef {ReturnType<typeof explorerLayout>} ExplorerLayout */

/** The pools the explorer has a page for. */
export const EXPLORER_POOLS = ['8x8', '8x8-anti', '6x6', '10x10', 'octagon'];

/** Signed score in discs: "+2.5", "-1", "0". @param {number} n */
const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** @param {number} part @param {number} all */
const percent = (part, all) => (all ? `${Math.round((100 * part) / all)}%` : '');

/** The filter: a player ("my openings" fills in mine and shows them at once) and a rating band. @param {ExplorerActions} act */
function filterForm(act) {
    const player = el('input', { id: 'explorer-player', type: 'text', maxlength: '40', placeholder: t('explorer.anyone') });
    const min = el('input', { id: 'explorer-min', type: 'number', min: '0', max: '4000', step: '100' });
    const max = el('input', { id: 'explorer-max', type: 'number', min: '0', max: '4000', step: '100' });
    const mine = el('button', { type: 'button', id: 'explorer-mine' }, t('explorer.mine'));
    const form = el('form', { class: 'explorer-filter' },
        el('label', { for: 'explorer-player' }, t('explorer.player')), player, mine,
        el('label', { for: 'explorer-min' }, t('explorer.min')), min,
        el('label', { for: 'explorer-max' }, t('explorer.max')), max,
        el('button', { type: 'submit', class: 'primary', id: 'explorer-apply' }, t('explorer.apply')));
    // "My openings" shows them at once (issue 48, 21), as the filter's Show would.
    mine.addEventListener('click', () => {
        player.value = session.get().me?.name || '';
        form.requestSubmit();
    });
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        act.filter({ player: player.value.trim(), min: Number(min.value) || 0, max: Number(max.value) || 0 });
    });
    return form;
}

/**
 * The page's parts, its buttons bound to `act`; `importer` is the import's panel.
 * @param {string} pool @param {ExplorerActions} act @param {HTMLElement} importer
 */
export function explorerLayout(pool, act, importer) {
    const view = el('section', { class: 'explorer', 'aria-labelledby': 'explorer-title' });
    const tabs = el('nav', { class: 'tabs', 'aria-label': t('leaderboard.pools') }, EXPLORER_POOLS.map((p) =>
        el('a', { href: `#/explorer/${p}`, id: `explorer-pool-${p}`, 'aria-current': p === pool ? 'page' : null }, poolName(p))));
    const parts = {
        view,
        line: el('p', { id: 'explorer-line', class: 'status' }),
        opening: el('p', { id: 'explorer-opening', class: 'opening' }),
        list: el('div', { id: 'explorer-moves' }),
        host: el('div', { class: 'board-host' }),
    };
    const back = el('button', { type: 'button', id: 'explorer-back' }, t('replay.prev'));
    const start = el('button', { type: 'button', id: 'explorer-start' }, t('replay.first'));
    back.addEventListener('click', act.back);
    start.addEventListener('click', act.start);
    view.append(el('h1', { id: 'explorer-title' }, t('explorer.title', { pool: poolName(pool) })), tabs, filterForm(act), importer,
        el('div', { class: 'puzzle-grid' }, parts.host, el('div', {}, parts.line, parts.opening, el('div', { class: 'controls' }, start, back), parts.list)));
    return parts;
}

/**
 * The table of the moves played from the position shown.
 * @param {import('../../lib/protocol.js').ExplorerAnswer['next']} next @param {Record<string, number> | null} scores
 * @param {(move: string) => void} deeper
 */
function movesTable(next, scores, deeper) {
    const th = (/** @type {string} */ key) => el('th', { scope: 'col' }, t(key));
    return el('table', { class: 'data', id: 'explorer-table' },
        el('thead', {}, el('tr', {}, th('explorer.move'), th('profile.games'), th('explorer.black'), th('explorer.draws'), th('explorer.white'),
            el('th', { scope: 'col', title: t('explorer.engineNote') }, t('explorer.engine')))),
        el('tbody', {}, next.map((m) => {
            const link = el('button', { type: 'button', class: 'link', 'data-move': m.move }, m.move);
            link.addEventListener('click', () => deeper(m.move));
            return el('tr', {}, el('td', {}, link), el('td', { class: 'num' }, String(m.games)),
                el('td', { class: 'num' }, percent(m.black, m.games)), el('td', { class: 'num' }, percent(m.draws, m.games)),
                el('td', { class: 'num' }, percent(m.white, m.games)),
                el('td', { class: 'num engine-score', 'data-score': scores && m.move in scores ? String(scores[m.move]) : null },
                    scores ? (m.move in scores ? signed(scores[m.move]) : '–') : t('explorer.evaluating')));
        })));
}

/**
 * The function that draws the position and its moves from the view's store.
 * @param {ExplorerLayout} parts @param {ExplorerActions} act @param {string} pool
 * @param {import('../../lib/protocol.js').Setup} setup
 */
export function explorerDrawer({ line, opening, list, host }, act, pool, setup) {
    const board = new Board(host, rules.boardSize(setup.board || '8'), { onPlay: act.played, label: t('explorer.title', { pool: poolName(pool) }) });
    /** @param {import('./explorer.js').ExplorerState} s */
    return ({ moves, answer, evals, error }) => {
        const positions = rules.replay(setup, moves);
        const pos = positions[positions.length - 1];
        const next = answer && answer.moves === moves.join(' ') ? answer.next : [];
        const scores = evals && evals.moves === moves.join(' ') ? evals.scores : null;
        board.update({ rows: rules.boardRows(pos), legal: next.map((m) => m.move).filter((m) => m !== 'pass'), showLegal: true,
            last: pos.last, flipped: pos.flipped, interactive: true });
        line.textContent = moves.length ? moves.join(' ') : t('explorer.start');
        opening.textContent = answer && answer.opening ? t('opening.name', { name: answer.opening.name }) : '';
        if (error) {
            list.replaceChildren(el('p', { role: 'alert', class: 'alert' }, error));
            return;
        }
        if (!answer) return;
        list.replaceChildren(el('p', { class: 'note', id: 'explorer-games' }, t('explorer.games', { n: answer.games })),
            next.length ? movesTable(next, scores, (move) => act.go([...moves, move])) : el('p', { class: 'note' }, t('explorer.none')));
    };
}
