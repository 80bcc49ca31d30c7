// SPDX-License-Identifier: MIT
// What a person does at the table: a move (a click that is not a legal move for a seat this
// browser holds changes nothing and says why), a hint, a free seat taken, resigning, cancelling
// a table nobody has started, turning the board. Each goes to the server through the view's
// socket part (socket.js), whose next state shows what it did.
import { t, colourName } from '../../lib/i18n.js';
import { joinTable, nameProblem } from '../../lib/api.js';
import { saveFlipped, saveToken } from '../../lib/preferences.js';
import { errorText } from '../../lib/dom.js';
import { siteConfig } from '../../lib/pools.js';
import { hintHere, superseded } from '../../lib/engine-choice.js';
import { boardTurned, mySeats, myTurn } from './store.js';

/** @typedef {import('./table.js').TableView} TableView */
/** @typedef {import('../../lib/protocol.js').TableState} TableState */

/** @param {TableView} v @param {string} sq a square or 'pass' */
export function play({ store, feed }, sq) {
    const state = store.get();
    const { table, pending } = state;
    if (!table) return;
    if (!myTurn(state)) {
        store.set({ message: table.status === 'finished' ? t('error.game_over')
            : mySeats(state).size ? t('game.notYourTurn') : t('game.spectating') });
        return;
    }
    if (!(table.legal || []).includes(sq)) {
        store.set({ message: t('game.illegal', { sq, colour: colourName(table.to_move ?? 0) }) });
        return;
    }
    if (pending || feed.waiting()) return;
    store.set({ pending: true });
    feed.send({ type: 'move', square: sq, ply: table.ply });
}

// A hint where the table allows them (the server's state says so): searched in this browser
// when it runs the engine (lib/engine-choice.js; two players), so no hint reaches the
// server; asked of the server otherwise, or when the browser's engine fails.
/** @param {TableView} v @param {TableState} table */
export async function askHint({ store, feed }, table) {
    store.set({ hintLine: t('game.hintThinking') });
    try {
        const hint = await hintHere(table.setup, table.moves || []);
        if (hint) {
            feed.receive(hint);
            return;
        }
    } catch (e) {
        // Asked again meanwhile: that request answers. Otherwise the browser's engine
        // failed, and the server's answers.
        if (superseded(e)) return;
    }
    feed.send({ type: 'hint' });
}

// Takes free seat `seat` under `name` (a guest's choice; empty: the server names it), then
// connects again with the seat's token.
/** @param {TableView} v @param {number} seat @param {string} name */
export async function takeSeat({ id, store, feed }, seat, name) {
    const problem = nameProblem(name, siteConfig().name_chars);
    if (problem) {
        store.set({ message: t(problem) });
        return;
    }
    try {
        const res = await joinTable(id, seat, name || undefined);
        if (res.token) saveToken(id, res.token);
        feed.connect();
    } catch (e) {
        store.set({ message: errorText(e) });
    }
}

// At one screen the seat to move resigns (else the first this browser holds), once confirmed.
/** @param {TableView} v @param {TableState} table */
export function resign({ store, feed }, table) {
    const state = store.get();
    const seat = (myTurn(state) ? table.to_move : null) ?? [...mySeats(state)][0];
    if (!confirm(t('game.confirmResign', { colour: colourName(seat) }))) return;
    feed.send(table.local ? { type: 'resign', seat } : { type: 'resign' });
}

// A player may withdraw a table nobody has started playing at; the state that follows shows
// it finished as cancelled.
/** @param {TableView} v */
export function cancelTable({ feed }) {
    if (!confirm(t('game.confirmCancel'))) return;
    feed.send({ type: 'cancel' });
}

/** @param {TableView} v */
export function flipBoard({ id, store }) {
    saveFlipped(id, !boardTurned(store.get()));
}
