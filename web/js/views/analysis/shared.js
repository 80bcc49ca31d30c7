// SPDX-License-Identifier: MIT
// What the analysis of a game (game.js) and the analysis board (board.js) share: how scores
// and moves are written, the step buttons, and the position "explore this position" hands from
// a game's analysis to the board.
import { t } from '../../lib/i18n.js';
import { el } from '../../lib/dom.js';

/** @typedef {import('../../lib/protocol.js').Setup} Setup */

/** A score for display: "+4", "−2", "0" (discs). @param {number} s */
export function scoreText(s) {
    return s > 0 ? `+${s}` : s < 0 ? `−${-s}` : '0';
}

/** @param {string} m */
export const moveText = (m) => (m === 'pass' ? t('game.passWord') : m);

/**
 * @typedef {object} Opening what the analysis board opens with, handed over by "explore this
 *   position" (a game's analysis)
 * @property {Setup} setup
 * @property {string[]} moves
 */

/**
 * Opens the analysis board on a setup and moves. The position rides on the board page's entry
 * in the browser's history, so that no store outlives the views: the board takes it when it
 * opens (takeOpening).
 * @param {Setup} setup
 * @param {string[]} moves
 */
export function openOnBoard(setup, moves) {
    location.hash = '#/analysis';
    // The new entry is made at once; its hashchange, which opens the board, comes later.
    history.replaceState({ opening: { setup, moves: moves.slice() } }, '');
}

/**
 * The position handed over, once (the entry forgets it, as if the board had been opened
 * without one when it is shown again); null when none was.
 * @returns {Opening | null}
 */
export function takeOpening() {
    const opening = history.state?.opening;
    if (!opening) return null;
    history.replaceState(null, '');
    return typeof opening.setup === 'object' && Array.isArray(opening.moves) ? opening : null;
}

/** @param {string} id @param {string} label @param {() => void} onClick */
export function controlButton(id, label, onClick) {
    const b = el('button', { type: 'button', id, 'aria-label': label, title: label }, label);
    b.addEventListener('click', onClick);
    return b;
}
