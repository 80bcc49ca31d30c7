// SPDX-License-Identifier: MIT
// Replays a finished game move by move: the server gives the setup and the move list, and the
// client's rules port (rules.js) rebuilds every position, so stepping needs no round trips.
// Above the board: when it was played, its time control and whether it was rated; beside it
// each seat's player with the rating (before -> after for a rated game) and discs (issue 26, 6).
// The page is render.js's; this file makes the view's store when the view opens, asks for the
// game and draws the position shown from the store.
import { t } from '../../lib/i18n.js';
import { getGame } from '../../lib/api.js';
import * as rules from '../../lib/rules.js';
import { createStore } from '../../lib/store.js';
import { el, errorText } from '../../lib/dom.js';
import { stepKeys } from '../../lib/step-keys.js';
import { replayDrawer, replayPage } from './render.js';

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
    /** @type {((state: ReplayState) => void) | null} */
    let draw = null;
    const last = () => store.get().positions.length - 1;
    /** @param {number} i */
    const go = (i) => store.set({ index: Math.max(0, Math.min(last(), i)) });

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
        const page = replayPage(view, game, id, go, { index: () => store.get().index, last });
        draw = replayDrawer(page, store.get().positions[0]);
        draw(store.get());
    }
    const stop = store.subscribe((s) => draw?.(s));
    // The arrow keys step wherever the focus is (issue 48, 21), not only inside the view.
    const unkey = stepKeys((to) => {
        const { index } = store.get();
        go(to === 'first' ? 0 : to === 'last' ? last() : index + (to === 'next' ? 1 : -1));
    });
    start();
    return { destroy() { stop(); unkey(); } };
}
