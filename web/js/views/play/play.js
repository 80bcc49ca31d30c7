// SPDX-License-Identifier: MIT
// A game against the computer played in this browser (#/play/ID; issue 49, parts 3 and 5;
// docs/SITE.md "The engine in the browser"): the person's moves and the computer's (this
// browser's engine, lib/engine-choice.js) are checked by the rules port and kept in IndexedDB
// after each move (lib/local-games.js), so the game goes on after a reload and without a
// network; nothing of it reaches the server or a rating. The view draws from its store: the
// game as stored, the positions replayed from it, and what the computer and the hint are doing.
// What it does is actions.js's, its drawing render.js's; this file makes the view's store when
// the view opens and draws the page from it.
import { createStore } from '../../lib/store.js';
import { playActions } from './actions.js';
import { drawMissing, gameDrawer, playLayout } from './render.js';

export { startLocalGame } from './actions.js';

/** @typedef {import('../../lib/local-games.js').LocalGame} LocalGame */
/** @typedef {import('../../lib/rules.js').Position} Position */
/**
 * @typedef {object} PlayState
 * @property {LocalGame | null} game as stored
 * @property {Position[]} positions the game replayed, the start included
 * @property {boolean} thinking the computer is searching its move
 * @property {string | null} hint the hinted square of the position shown
 * @property {string} hintLine
 * @property {string} message a refusal or a failure
 * @property {boolean} missing no game by this id in this browser
 */

/** @param {HTMLElement} root @param {string} id */
export function playView(root, id) {
    const store = createStore(/** @type {PlayState} */ ({
        game: null, positions: [], thinking: false, hint: null, hintLine: '', message: '', missing: false,
    }));
    const act = playActions(store);
    const parts = playLayout();
    root.append(parts.view);
    const draw = gameDrawer(parts, act);
    const stop = store.subscribe((s, was) => {
        if (s.missing && !was.missing) {
            drawMissing(parts);
            return;
        }
        draw(s);
    });
    act.load(id);
    return {
        destroy() {
            stop();
            act.close();
        },
    };
}
