// SPDX-License-Identifier: MIT
// Replays a finished game move by move: the server gives the setup and the move list, and the
// client's rules port (rules.js) rebuilds every position, so stepping needs no round trips.
// Above the board: when it was played, its time control and whether it was rated; beside it
// each seat's player with the rating (before -> after for a rated game) and discs (issue 26, 6).
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { Board, discBadge } from '../../components/board.js';
import { OpeningLabel } from '../../components/opening.js';
import { afterName } from '../../components/bot-mark.js';
import { moveItem } from '../../components/move-item.js';
import { getGame, exportUrl } from '../../lib/api.js';
import * as rules from '../../lib/rules.js';
import { createStore } from '../../lib/store.js';
import { el, errorText } from '../../lib/dom.js';
import { dateText, resultText, seatName, seatRating, variantOf } from '../../lib/game-text.js';
import { clockLabel } from '../../lib/pools.js';
import { stepKeys } from '../../lib/step-keys.js';

/**
 * @typedef {object} ReplayState
 * @property {import('../../lib/protocol.js').GameSummary | null} game the server's answer
 * @property {import('../../lib/rules.js').Position[]} positions every position of the game
 * @property {number} index the position shown
 */

/** @param {HTMLElement} root @param {string} id */
export function replayView(root, id) {
    const view = el('section', { class: 'replay', 'aria-labelledby': 'replay-title' });
    root.append(view);
    const store = createStore(/** @type {ReplayState} */ ({ game: null, positions: [], index: 0 }));
    /** @type {Board | null} */
    let board = null;
    const counts = el('ul', { class: 'players', id: 'replay-counts' });
    const where = el('p', { id: 'replay-ply', class: 'status', 'aria-live': 'polite' });
    // The traditional opening's name at the position shown (8x8), as the server names it.
    const opening = new OpeningLabel();
    const list = el('ol', { class: 'moves', id: 'moves' });

    /** @param {number} i */
    const go = (i) => store.set({ index: Math.max(0, Math.min(store.get().positions.length - 1, i)) });

    /** @param {ReplayState} state */
    function draw({ game, positions, index }) {
        if (!board || !game) return;
        const marks = game.setup.players > 2;
        const pos = positions[index];
        board.update({ rows: rules.boardRows(pos), legal: [], last: pos.last, flipped: pos.flipped, animate: true, marks });
        where.textContent = t('replay.at', { ply: index, total: positions.length - 1 });
        opening.update(game.setup, (game.moves || []).slice(0, index));
        counts.replaceChildren(...rules.counts(pos).map((c, s) =>
            el('li', { class: 'player', 'data-seat': String(s) }, discBadge(s, marks),
                el('span', { class: 'pname' }, playerText(game, s), ...afterName(game.seats?.[s]?.bot)), el('span', { class: 'count' }, String(c)))));
        list.querySelectorAll('li').forEach((li, k) => li.classList.toggle('current', k === index - 1));
    }

    async function start() {
        /** @type {import('../../lib/protocol.js').GameSummary} */
        let game;
        try {
            game = await getGame(id);
            store.set({ game, positions: rules.replay(game.setup, game.moves || []), index: 0 });
        } catch (e) {
            view.append(el('h1', {}, t('replay.title')), el('p', { role: 'alert' }, errorText(e)));
            return;
        }
        const { positions } = store.get();
        const host = el('div', { class: 'board-host' });
        const ctl = el('div', { class: 'controls' });
        /** @param {string} idn @param {string} label @param {() => void} f */
        const mk = (idn, label, f) => {
            const b = el('button', { type: 'button', id: idn, 'aria-label': label, title: label }, label);
            b.addEventListener('click', f);
            return b;
        };
        ctl.append(mk('first', t('replay.first'), () => go(0)), mk('prev', t('replay.prev'), () => go(store.get().index - 1)),
            mk('next', t('replay.next'), () => go(store.get().index + 1)), mk('last', t('replay.last'), () => go(positions.length - 1)));
        // Numbered as the table's list is (one writer, components/move-item.js).
        (game.moves || []).forEach((m, k) => list.append(moveItem(m, k, game.setup.players, (word) => {
            const b = el('button', { type: 'button', class: 'link' }, word);
            b.addEventListener('click', () => go(k + 1));
            return b;
        })));
        list.style.setProperty('--players', String(game.setup.players));
        const exports = el('p', {}, el('a', { href: exportUrl(id, 'text'), download: `${id}.txt`, id: 'export-text' }, t('replay.exportText')));
        // GGF holds two-player games on 8x8, 10x10 and the octagon without blocked squares; the
        // server refuses the others, so no link is offered for them.
        const s = game.setup;
        if (s.players === 2 && s.board !== '6' && !(s.blocked || []).length && !s.random_blocked) {
            exports.append(' · ', el('a', { href: exportUrl(id, 'ggf'), download: `${id}.ggf`, id: 'export-ggf' }, 'GGF'));
        }
        view.append(el('h1', { id: 'replay-title' }, `${t('replay.title')}: ${describeSetup(game.setup)}`),
            el('p', { class: 'subtitle', id: 'replay-info' }, t('replay.info', { date: dateText(game.created, true) }),
                ` · ${clockLabel(game.clock)} · ${game.rated ? t('game.rated') : t('replay.casual')} · `,
                el('a', { href: `#/rules/${variantOf(game.setup)}` }, t('game.rulesLink')),
                game.finished && game.setup.players === 2
                    ? [' · ', el('a', { href: `#/analysis/${encodeURIComponent(id)}`, id: 'replay-analysis' }, t('analysis.link'))] : null),
            el('div', { class: 'game-grid' }, host, el('div', { class: 'side' }, where, opening.root, ctl, counts,
                el('p', { class: 'status', id: 'replay-result' }, game.result && typeof game.result === 'object' ? resultText(game.result, game.setup) : ''),
                el('h2', {}, t('game.moves')), list, exports)));
        board = new Board(host, positions[0].w, { label: t('replay.title') });
        draw(store.get());
    }
    const stop = store.subscribe(draw);
    // The arrow keys step wherever the focus is (issue 48, 21), not only inside the view.
    const unkey = stepKeys((to) => {
        const { index, positions } = store.get();
        go(to === 'first' ? 0 : to === 'last' ? positions.length - 1 : index + (to === 'next' ? 1 : -1));
    });
    start();
    return { destroy() { stop(); unkey(); } };
}

/**
 * "Black: Ada (1500 → 1662)": a seat's colour, player and rating; a rated game's change from
 * its result, else the rating the seat carried (none at a casual table).
 * @param {import('../../lib/protocol.js').GameSummary} game @param {number} seat
 */
function playerText(game, seat) {
    const s = (game.seats || [])[seat];
    const who = s ? `${colourName(seat)}: ${seatName(s)}` : colourName(seat);
    const change = (typeof game.result === 'object' && game.result?.ratings || []).find((r) => r.seat === seat);
    if (change) return `${who} (${Math.round(change.before)} → ${Math.round(change.after)})`;
    const rating = seatRating(s);
    return rating === null ? who : `${who} (${rating})`;
}
