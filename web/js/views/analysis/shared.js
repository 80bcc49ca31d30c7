// SPDX-License-Identifier: MIT
// What the analysis of a game (game.js) and the analysis board (board.js) share: how scores
// and moves are written, the step buttons, and the position "explore this position" hands from
// a game's analysis to the board (the one store of the pair).
import { t } from '../../lib/i18n.js';
import { createStore } from '../../lib/store.js';
import { el } from '../../lib/dom.js';

/** @typedef {import('../../lib/protocol.js').Setup} Setup */

/** A score for display: "+4", "−2", "0" (discs). @param {number} s */
export function scoreText(s) {
    return s > 0 ? `+${s}` : s < 0 ? `−${-s}` : '0';
}

/** @param {string} m */
export const moveText = (m) => (m === 'pass' ? t('game.passWord') : m);

/**
 * @typedef {object} OpeningState
 * @property {{setup: Setup, moves: string[]} | null} opening what the analysis board opens
 *   with next (set by "explore this position")
 */

/** The hand-over from a game's analysis to the analysis board. */
const store = createStore(/** @type {OpeningState} */ ({ opening: null }));

/**
 * Opens the analysis board on a setup and moves.
 * @param {Setup} setup
 * @param {string[]} moves
 */
export function openOnBoard(setup, moves) {
    store.set({ opening: { setup, moves: moves.slice() } });
    location.hash = '#/analysis';
}

/** The position handed over, once; null when none was. */
export function takeOpening() {
    const { opening } = store.get();
    store.set({ opening: null });
    return opening;
}

/** @param {string} id @param {string} label @param {() => void} onClick */
export function controlButton(id, label, onClick) {
    const b = el('button', { type: 'button', id, 'aria-label': label, title: label }, label);
    b.addEventListener('click', onClick);
    return b;
}
