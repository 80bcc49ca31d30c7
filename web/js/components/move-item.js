// SPDX-License-Identifier: MIT
// One move of a game's move list, as the table and the replay draw it: the move number, the
// disc of the seat that played it and the square (or "pass"), read out as "3. Black d3". The
// one writer of a move list's row, so both lists number their moves alike (the replay had none).
import { t, colourName } from '../lib/i18n.js';
import { el } from '../lib/dom.js';
import { discBadge } from './board.js';

/**
 * The <li> of move `index` (0-based) of a game of `players` seats; `wrap` may turn the move's
 * word into a control (the replay's button that steps to it).
 * @param {string} move @param {number} index @param {number} players
 * @param {(word: string) => HTMLElement | string} [wrap]
 */
export function moveItem(move, index, players, wrap = (word) => word) {
    const seat = index % players;
    const word = move === 'pass' ? t('game.passWord') : move;
    return el('li', { 'aria-label': `${index + 1}. ${colourName(seat)} ${word}` },
        el('span', { class: 'num', 'aria-hidden': 'true' }, `${index + 1}.`), discBadge(seat, players > 2), ' ', wrap(word));
}
