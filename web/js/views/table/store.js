// SPDX-License-Identifier: MIT
// The table view's store: the last table state the server sent (applied one at a time, after
// the previous move's flips), the hint it answered, the last refusal or explanation, the
// connection, and the reader's choices that change the drawing (turned board, legal dots).
import { createStore } from '../../lib/store.js';
import { flipChoice, preferences } from '../../lib/preferences.js';

/**
 * @typedef {object} TableViewState
 * @property {import('../../lib/protocol.js').TableState | null} table the state shown
 * @property {number} ply the ply of the state shown (-1 before the first)
 * @property {boolean} animate the state shown is one move on from the one before it
 * @property {string | null} hint the hinted square of this ply
 * @property {string} hintLine the hint as a sentence
 * @property {string} message the last refusal or explanation
 * @property {{kind: string, by: number, ply: number} | null} declined my offer the server said was
 *   declined (`offer_declined`), shown until the next move or my next offer
 * @property {boolean} pending a move was sent and its state has not come
 * @property {'connecting' | 'open' | 'lost' | 'back'} connection
 * @property {boolean | null} flipChoice the reader's choice to show this table turned or upright;
 *   null: the default (turned for the player of White, as lichess does)
 * @property {boolean} showLegal dots on the legal moves
 * @property {import('../../lib/protocol.js').ChatMessage[]} chat the chat log (the last 100)
 * @property {string} chatError the refusal of my last chat message
 * @property {number} chatSentAt when my last chat message was sent (performance.now()), 0 once answered
 * @property {boolean} chatMuted others' chat is hidden
 * @property {import('../../lib/session.js').QuickWait | null} quick the session's quick-pairing wait
 * @property {import('../../lib/protocol.js').TournamentView | null} tournament the tournament this game
 *   belongs to, as the server answered (null: none, or not known yet)
 */

/**
 * Whether the board is drawn turned: the reader's choice, else turned when this browser plays
 * White alone in a two-player game, so that the player's own discs start at the bottom.
 * @param {TableViewState} state
 */
export function boardTurned({ flipChoice, table }) {
    if (flipChoice !== null) return flipChoice;
    return Boolean(table && table.setup.players === 2 && table.you?.length === 1 && table.you[0] === 1);
}

/** The seats this browser holds at the table shown. @param {TableViewState} state */
export const mySeats = ({ table }) => new Set(table?.you || []);

/** Whether one of those seats is to move. @param {TableViewState} state */
export function myTurn(state) {
    const { table } = state;
    return Boolean(table && table.status === 'playing' && table.to_move !== null && mySeats(state).has(table.to_move));
}

/** @param {string} id the table */
export function createTableStore(id) {
    return createStore(/** @type {TableViewState} */ ({
        table: null, ply: -1, animate: false, hint: null, hintLine: '', message: '', declined: null, pending: false,
        connection: 'connecting', flipChoice: flipChoice(id), showLegal: preferences.get().showLegal,
        chat: [], chatError: '', chatSentAt: 0, chatMuted: preferences.get().chatMuted, quick: null,
        tournament: null,
    }));
}
