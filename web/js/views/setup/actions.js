// SPDX-License-Identifier: MIT
// What the setup form does: builds the create request from the form (the seats, the clock, my
// seat or chance's pick of my colour, the names at one screen), sends it and goes to the new
// table, and picks or drops a blocked square on the preview (with the rule that refuses one).
import { t } from '../../lib/i18n.js';
import * as rules from '../../lib/rules.js';
import { createTable } from '../../lib/api.js';
import { saveToken } from '../../lib/preferences.js';
import { errorText } from '../../lib/dom.js';
import { sentNames, setupObject, versusComputer } from './form.js';

/** @typedef {import('./form.js').SetupForm} SetupForm */

/**
 * The create request of the form (docs/PROTOCOL.md "POST /api/tables").
 * @param {SetupForm} st @param {string} myName my name when the server knows who I am
 */
export function request(st, myName) {
    const seats = st.seats.slice(0, st.players).map((x) =>
        (x.type === 'human' ? { type: 'human' } : { type: 'computer', level: Number(x.level) }));
    const clock = st.clock === 'move' ? { mode: 'move', seconds: Number(st.moveSeconds) }
        : st.clock === 'game' ? { mode: 'game', seconds: Math.round(Number(st.gameMinutes) * 60),
            increment: Number(st.increment) }
            : { mode: 'none' };
    /** @type {Record<string, any>} */
    const req = { setup: setupObject(st), seats, local: st.local, clock };
    // Unless the player chose, the server's default decides (the box only shows it).
    if (st.hints !== null) req.hints = st.hints;
    if (st.rated && !st.local) req.rated = true;
    const humans = seats.map((x, i) => (x.type === 'human' ? i : -1)).filter((i) => i >= 0);
    if (st.local) {
        if (humans.length) req.seat = humans[0];
        req.names = sentNames(st, myName);
        if (req.names[humans[0]]) req.name = req.names[humans[0]];
    } else {
        if (!myName && st.name.trim()) req.name = st.name.trim();
        if (versusComputer(st) && st.randomSeat) {
            // Chance picks the colour: the computer takes the other seat.
            const want = crypto.getRandomValues(new Uint8Array(1))[0] & 1;
            if (seats[want].type !== 'human') seats.reverse();
            req.seat = want;
        } else if (st.mySeat !== 'watch') {
            req.seat = Number(st.mySeat);
        }
    }
    return req;
}

/**
 * Sends the request and opens the new table; a refusal is said in `status` and the button
 * given back.
 * @param {Record<string, any>} req @param {HTMLButtonElement} button @param {HTMLElement} status
 */
export async function create(req, button, status) {
    button.disabled = true;
    try {
        const res = await createTable(req);
        if (res.token) saveToken(res.table, res.token);
        location.hash = `#/table/${res.table}`;
    } catch (e) {
        status.textContent = errorText(e);
        button.disabled = false;
    }
}

/**
 * Picks a blocked square on the preview, or drops one picked; returns the note to show (why a
 * square cannot be blocked, or nothing).
 * @param {SetupForm} st changed in place (the view's copy) @param {string} sq
 */
export function toggleBlocked(st, sq) {
    const i = st.blocked.indexOf(sq);
    if (i >= 0) {
        st.blocked.splice(i, 1);
        return '';
    }
    const probs = rules.setupProblems({ ...setupObject(st), blocked: [sq], random_blocked: 0 });
    const own = probs.find((p) => p.key.startsWith('problem.blocked'));
    if (own) return t(own.key, own.params);
    st.blocked.push(sq);
    return '';
}
