// SPDX-License-Identifier: MIT
// The opening explorer (#/explorer/POOL, docs/EXPLORER.md): the moves played on the site from a
// position with their counts and results, the opening's name, and filters by player ("my
// openings") and rating band. A click on a move (in the list or on the board) goes one move
// deeper; the board is the server's sequence replayed with the rules port.
import { t } from '../../lib/i18n.js';
import { Board } from '../../components/board.js';
import { explore } from '../../lib/api.js';
import * as rules from '../../lib/rules.js';
import { session } from '../../lib/session.js';
import { createStore } from '../../lib/store.js';
import { el, errorText } from '../../lib/dom.js';
import { poolName, setupForPool } from '../../lib/pools.js';

const EXPLORER_POOLS = ['8x8', '8x8-anti', '6x6', '10x10', 'octagon'];

/**
 * @typedef {object} ExplorerState
 * @property {string[]} moves the sequence shown
 * @property {{player: string, min: number, max: number}} filter
 * @property {import('../../lib/protocol.js').ExplorerAnswer | null} answer the server's answer for `moves`
 * @property {string} error
 */

/** @param {number} part @param {number} all */
const percent = (part, all) => (all ? `${Math.round((100 * part) / all)}%` : '');

/** @param {HTMLElement} root @param {string} poolArg */
export function explorerView(root, poolArg) {
    const pool = EXPLORER_POOLS.includes(poolArg) ? poolArg : '8x8';
    const setup = setupForPool(pool);
    const view = el('section', { class: 'explorer', 'aria-labelledby': 'explorer-title' });
    root.append(view);
    const store = createStore(/** @type {ExplorerState} */ ({ moves: [], filter: { player: '', min: 0, max: 0 }, answer: null, error: '' }));
    const tabs = el('nav', { class: 'tabs', 'aria-label': t('leaderboard.pools') }, EXPLORER_POOLS.map((p) =>
        el('a', { href: `#/explorer/${p}`, id: `explorer-pool-${p}`, 'aria-current': p === pool ? 'page' : null }, poolName(p))));
    const line = el('p', { id: 'explorer-line', class: 'status' });
    const opening = el('p', { id: 'explorer-opening', class: 'opening' });
    const list = el('div', { id: 'explorer-moves' });
    const host = el('div', { class: 'board-host' });
    const player = el('input', { id: 'explorer-player', type: 'text', maxlength: '40', placeholder: t('explorer.anyone') });
    const min = el('input', { id: 'explorer-min', type: 'number', min: '0', max: '4000', step: '100' });
    const max = el('input', { id: 'explorer-max', type: 'number', min: '0', max: '4000', step: '100' });
    const mine = el('button', { type: 'button', id: 'explorer-mine' }, t('explorer.mine'));
    const apply = el('button', { type: 'submit', class: 'primary', id: 'explorer-apply' }, t('explorer.apply'));
    const back = el('button', { type: 'button', id: 'explorer-back' }, t('replay.prev'));
    const start = el('button', { type: 'button', id: 'explorer-start' }, t('replay.first'));
    const form = el('form', { class: 'explorer-filter' },
        el('label', { for: 'explorer-player' }, t('explorer.player')), player, mine,
        el('label', { for: 'explorer-min' }, t('explorer.min')), min,
        el('label', { for: 'explorer-max' }, t('explorer.max')), max, apply);
    view.append(el('h1', { id: 'explorer-title' }, t('explorer.title', { pool: poolName(pool) })), tabs, form,
        el('div', { class: 'puzzle-grid' }, host, el('div', {}, line, opening, el('div', { class: 'controls' }, start, back), list)));
    const board = new Board(host, rules.boardSize(setup.board || '8'), { onPlay: (sq) => played(sq), label: t('explorer.title', { pool: poolName(pool) }) });

    // A square of the board goes deeper only when it is one of the moves played there.
    /** @param {string} square */
    function played(square) {
        const { moves, answer } = store.get();
        if (answer && answer.moves === moves.join(' ') && answer.next.some((m) => m.move === square)) go([...moves, square]);
    }

    /** @param {string[]} moves */
    async function go(moves) {
        store.set({ moves, error: '' });
        try {
            const answer = await explore(pool, moves, store.get().filter);
            if (store.get().moves === moves) store.set({ answer });
        } catch (e) {
            store.set({ error: errorText(e) });
        }
    }

    /** @param {ExplorerState} s */
    function draw({ moves, answer, error }) {
        const positions = rules.replay(setup, moves);
        const pos = positions[positions.length - 1];
        const next = answer && answer.moves === moves.join(' ') ? answer.next : [];
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
            next.length ? el('table', { class: 'data', id: 'explorer-table' },
                el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('explorer.move')), el('th', { scope: 'col' }, t('profile.games')),
                    el('th', { scope: 'col' }, t('explorer.black')), el('th', { scope: 'col' }, t('explorer.draws')),
                    el('th', { scope: 'col' }, t('explorer.white')))),
                el('tbody', {}, next.map((m) => {
                    const link = el('button', { type: 'button', class: 'link', 'data-move': m.move }, m.move);
                    link.addEventListener('click', () => go([...moves, m.move]));
                    return el('tr', {}, el('td', {}, link), el('td', { class: 'num' }, String(m.games)),
                        el('td', { class: 'num' }, percent(m.black, m.games)), el('td', { class: 'num' }, percent(m.draws, m.games)),
                        el('td', { class: 'num' }, percent(m.white, m.games)));
                }))) : el('p', { class: 'note' }, t('explorer.none')));
    }

    back.addEventListener('click', () => go(store.get().moves.slice(0, -1)));
    start.addEventListener('click', () => go([]));
    mine.addEventListener('click', () => {
        player.value = session.get().me?.name || '';
    });
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        store.set({ filter: { player: player.value.trim(), min: Number(min.value) || 0, max: Number(max.value) || 0 } });
        go(store.get().moves);
    });
    const stop = store.subscribe(draw);
    go([]);
    return { destroy() { stop(); } };
}
