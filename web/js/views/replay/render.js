// SPDX-License-Identifier: MIT
// The replay's page, built once the game came: the title and what the game was (when, its
// clock, rated or not), the board, the stepping buttons, each seat's player and discs, the
// result, the move list and the exports; and the drawing of the position shown.
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { Board, discBadge } from '../../components/board.js';
import { OpeningLabel } from '../../components/opening.js';
import { afterName } from '../../components/bot-mark.js';
import { moveItem } from '../../components/move-item.js';
import { exportUrl } from '../../lib/api.js';
import * as rules from '../../lib/rules.js';
import { el } from '../../lib/dom.js';
import { dateText, resultText, seatName, seatRating, variantOf } from '../../lib/game-text.js';
import { clockLabel } from '../../lib/pools.js';

/** @typedef {import('../../lib/protocol.js').GameSummary} GameSummary */
/** @typedef {ReturnType<typeof replayPage>} ReplayPage */

/**
 * "Black: Ada (1500 → 1662)": a seat's colour, player and rating; a rated game's change from
 * its result, else the rating the seat carried (none at a casual table).
 * @param {GameSummary} game @param {number} seat
 */
function playerText(game, seat) {
    const s = (game.seats || [])[seat];
    const who = s ? `${colourName(seat)}: ${seatName(s)}` : colourName(seat);
    const change = (typeof game.result === 'object' && game.result?.ratings || []).find((r) => r.seat === seat);
    if (change) return `${who} (${Math.round(change.before)} → ${Math.round(change.after)})`;
    const rating = seatRating(s);
    return rating === null ? who : `${who} (${rating})`;
}

/** @param {string} idn @param {string} label @param {() => void} f */
function stepButton(idn, label, f) {
    const b = el('button', { type: 'button', id: idn, 'aria-label': label, title: label }, label);
    b.addEventListener('click', f);
    return b;
}

/** The exports of game `id`: its text, and GGF where GGF can hold it. @param {GameSummary} game @param {string} id */
function exportLinks(game, id) {
    const exports = el('p', {}, el('a', { href: exportUrl(id, 'text'), download: `${id}.txt`, id: 'export-text' }, t('replay.exportText')));
    // GGF holds two-player games on 8x8, 10x10 and the octagon without blocked squares; the
    // server refuses the others, so no link is offered for them.
    const s = game.setup;
    if (s.players === 2 && s.board !== '6' && !(s.blocked || []).length && !s.random_blocked) {
        exports.append(' · ', el('a', { href: exportUrl(id, 'ggf'), download: `${id}.ggf`, id: 'export-ggf' }, 'GGF'));
    }
    return exports;
}

/**
 * The page of game `id`, appended to `view`; `go` shows the position after that many moves.
 * @param {HTMLElement} view @param {GameSummary} game @param {string} id @param {(i: number) => void} go
 * @param {{index: () => number, last: () => number}} at the position shown and the last one
 */
export function replayPage(view, game, id, go, at) {
    const host = el('div', { class: 'board-host' });
    const counts = el('ul', { class: 'players', id: 'replay-counts' });
    const where = el('p', { id: 'replay-ply', class: 'status', 'aria-live': 'polite' });
    // The traditional opening's name at the position shown (8x8), as the server names it.
    const opening = new OpeningLabel();
    const list = el('ol', { class: 'moves', id: 'moves' });
    const ctl = el('div', { class: 'controls' }, stepButton('first', t('replay.first'), () => go(0)),
        stepButton('prev', t('replay.prev'), () => go(at.index() - 1)), stepButton('next', t('replay.next'), () => go(at.index() + 1)),
        stepButton('last', t('replay.last'), () => go(at.last())));
    // Numbered as the table's list is (one writer, components/move-item.js).
    (game.moves || []).forEach((m, k) => list.append(moveItem(m, k, game.setup.players, (word) => {
        const b = el('button', { type: 'button', class: 'link' }, word);
        b.addEventListener('click', () => go(k + 1));
        return b;
    })));
    list.style.setProperty('--players', String(game.setup.players));
    view.append(el('h1', { id: 'replay-title' }, `${t('replay.title')}: ${describeSetup(game.setup)}`),
        el('p', { class: 'subtitle', id: 'replay-info' }, t('replay.info', { date: dateText(game.created, true) }),
            ` · ${clockLabel(game.clock)} · ${game.rated ? t('game.rated') : t('replay.casual')} · `,
            el('a', { href: `#/rules/${variantOf(game.setup)}` }, t('game.rulesLink')),
            game.finished && game.setup.players === 2
                ? [' · ', el('a', { href: `#/analysis/${encodeURIComponent(id)}`, id: 'replay-analysis' }, t('analysis.link'))] : null),
        el('div', { class: 'game-grid' }, host, el('div', { class: 'side' }, where, opening.root, ctl, counts,
            el('p', { class: 'status', id: 'replay-result' }, game.result && typeof game.result === 'object' ? resultText(game.result, game.setup) : ''),
            el('h2', {}, t('game.moves')), list, exportLinks(game, id))));
    return { host, counts, where, opening, list };
}

/**
 * The function that draws the position shown into the page.
 * @param {ReplayPage} page @param {import('../../lib/rules.js').Position} first the game's start
 */
export function replayDrawer({ host, counts, where, opening, list }, first) {
    const board = new Board(host, first.w, { label: t('replay.title') });
    /** @param {import('./replay.js').ReplayState} state */
    return ({ game, positions, index }) => {
        if (!game) return;
        const marks = game.setup.players > 2;
        const pos = positions[index];
        board.update({ rows: rules.boardRows(pos), legal: [], last: pos.last, flipped: pos.flipped, animate: true, marks });
        where.textContent = t('replay.at', { ply: index, total: positions.length - 1 });
        opening.update(game.setup, (game.moves || []).slice(0, index));
        counts.replaceChildren(...rules.counts(pos).map((c, s) =>
            el('li', { class: 'player', 'data-seat': String(s) }, discBadge(s, marks),
                el('span', { class: 'pname' }, playerText(game, s), ...afterName(game.seats?.[s]?.bot)), el('span', { class: 'count' }, String(c)))));
        list.querySelectorAll('li').forEach((li, k) => li.classList.toggle('current', k === index - 1));
    };
}
