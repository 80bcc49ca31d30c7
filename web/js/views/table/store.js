// SPDX-License-Identifier: MIT
// The table view's store: the last table state the server sent (applied one at a time, after
// the previous move's flips), the hint it answered, the last refusal or explanation, the
// connection, and the reader's choices that change the drawing (turned board, legal dots).
import { createStore } from '../../lib/store.js';
import { isFlipped, preferences } from '../../lib/preferences.js';

/**
 * @typedef {object} TableViewState
 * @property {import('../../lib/protocol.js').TableState | null} table the state shown
 * @property {number} ply the ply of the state shown (-1 before the first)
 * @property {boolean} animate the state shown is one move on from the one before it
 * @property {string | null} hint the hinted square of this ply
 * @property {string} hintLine the hint as a sentence
 * @property {string} message the last refusal or explanation
 * @property {boolean} pending a move was sent and its state has not come
 * @property {'connecting' | 'open' | 'lost' | 'back'} connection
 * @property {boolean} flipped this table is shown turned
 * @property {boolean} showLegal dots on the legal moves
 * @property {import('../../lib/protocol.js').ChatMessage[]} chat the chat log (the last 100)
 * @property {string} chatError the refusal of my last chat message
 * @property {number} chatSentAt when my last chat message was sent (performance.now()), 0 once answered
 * @property {boolean} chatMuted others' chat is hidden
 */

/** @param {string} id the table */
export function createTableStore(id) {
    return createStore(/** @type {TableViewState} */ ({
        table: null, ply: -1, animate: false, hint: null, hintLine: '', message: '', pending: false,
        connection: 'connecting', flipped: isFlipped(id), showLegal: preferences.get().showLegal,
        chat: [], chatError: '', chatSentAt: 0, chatMuted: preferences.get().chatMuted,
    }));
}
