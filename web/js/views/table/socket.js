// SPDX-License-Identifier: MIT
// The WebSocket half of docs/PROTOCOL.md for one table: connects with the seat token (or as a
// spectator) and reconnects after a drop with the same token, so the player keeps the seat.
// With several server nodes a table lives on its owner: a `moved` error names it and the
// socket goes there at once (docs/MULTINODE.md). The table view's socket part
// (createTableFeed) puts every message into the view's store.
import { ReconnectingSocket } from '../../lib/socket.js';
import { errorText } from '../../lib/dom.js';
import { hintText } from '../../lib/game-text.js';
import { saveToken, tokenFor } from '../../lib/preferences.js';
import { soundOn } from '../../lib/sound.js';
import { chatReceive } from './chat.js';

/** @typedef {import('../../lib/protocol.js').TableState} TableState */
/** @typedef {import('../../lib/protocol.js').TableMessage} TableMessage */
/** @typedef {import('./store.js').TableViewState} TableViewState */

const FlipMs = 400; // the flip animation (style.css) and a little slack

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * Opens /ws for table `id`; `onMessage` gets every message but `moved`.
 * @param {string} id
 * @param {string | null} token
 * @param {{onMessage: (msg: import('../../lib/protocol.js').TableMessage) => void,
 *   onStatus?: (status: 'open' | 'closed') => void}} handlers
 */
export function openTableSocket(id, token, { onMessage, onStatus = () => {} }) {
    /** @type {string | null} */
    let owner = null;
    let moved = false;
    // The pause before asking again for a table that no node serves yet (0 while it is served).
    let comeBack = 0;
    const socket = new ReconnectingSocket({
        minRetryMs: 500,
        maxRetryMs: 8000,
        url() {
            const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
            const q = new URLSearchParams({ table: id });
            if (token) q.set('token', token);
            const base = owner ? owner.replace(/^http/, 'ws') : `${proto}//${location.host}`;
            return `${base}/ws?${q}`;
        },
        onMessage(msg) {
            if (msg.type === 'error' && msg.code === 'moved') {
                // Another node plays this table: reconnect there at once (the server closes).
                const named = typeof msg.owner === 'string' ? msg.owner : '';
                owner = /^https?:\/\/[^\s"'<>\\]+$/.test(named) ? named : null;
                moved = true;
                if (owner) {
                    socket.retrySoon(100);
                } else {
                    // No node serves it yet (its node died; the others are taking its tables
                    // over): ask again later each time (the socket spreads the players of one dead
                    // node over the pause), instead of ten times a second.
                    comeBack = Math.min(comeBack ? comeBack * 2 : 500, 8000);
                    socket.retrySoon(comeBack);
                }
                return;
            }
            comeBack = 0;
            onMessage(msg);
        },
        onStatus(status) {
            // A drop that no "moved" announced: ask where we came from again, which knows
            // whether the owner changed (its node may have died).
            if (status === 'closed') {
                if (!moved) owner = null;
                moved = false;
            }
            onStatus(status);
        },
    });
    socket.start();
    return socket;
}

/**
 * @typedef {object} TableFeed the table view's socket part
 * @property {() => void} connect (re)connects with the seat token this browser keeps for the table
 * @property {(msg: TableMessage) => void} receive takes a message as the server's (a hint found here)
 * @property {(msg: object) => void} send
 * @property {() => boolean} waiting states wait to be shown
 * @property {() => void} close
 */

/**
 * The table view's socket part: every message of the table's socket goes into the view's
 * store. States are applied one at a time, each after the previous move's flips have shown, so
 * the computer's reply never cuts them; a state one move on animates (unless the reader asked
 * for less motion), moves the clocks and beeps.
 * @param {string} id
 * @param {import('../../lib/store.js').Store<TableViewState>} store
 * @param {{clocks: import('./clock.js').Clocks, sound: ReturnType<typeof import('../../lib/sound.js').createSound>}} parts
 * @returns {TableFeed}
 */
export function createTableFeed(id, store, { clocks, sound }) {
    /** @type {ReconnectingSocket | null} */
    let socket = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let backTimer;
    const pacer = createPacer(apply);

    /** @param {TableState} next */
    function apply(next) {
        const { table, ply } = store.get();
        const animate = Boolean(table) && next.ply === (table?.ply ?? 0) + 1 && !reducedMotion();
        clocks.update(next);
        /** @type {Partial<TableViewState>} */
        const patch = { table: next, pending: false, animate, ply: next.ply };
        if (next.ply !== ply) {
            Object.assign(patch, { hint: null, hintLine: '', message: '', declined: null });
            if (ply >= 0 && soundOn()) sound.beep(next.status === 'finished' ? 330 : 660);
        }
        if (animate && (next.flipped || []).length) pacer.hold(FlipMs);
        store.set(patch);
    }

    /** @param {TableMessage} msg */
    function receive(msg) {
        if (msg.type === 'state') {
            pacer.push(msg.table);
        } else if (msg.type === 'rematch' && msg.table) {
            const token = tokenFor(id);
            if (token) saveToken(msg.table, token);
            location.hash = `#/table/${msg.table}`;
        } else {
            const patch = messagePatch(msg, store.get());
            if (patch) store.set(patch);
        }
    }

    /** @param {'open' | 'closed'} s */
    function onStatus(s) {
        const was = store.get().connection;
        const connection = s === 'open' ? (was === 'lost' ? 'back' : 'open') : 'lost';
        clearTimeout(backTimer);
        if (connection === 'back') backTimer = setTimeout(() => store.set({ connection: 'open' }), 2500);
        store.set({ connection });
    }

    return {
        connect() {
            if (socket) socket.close();
            socket = openTableSocket(id, tokenFor(id), { onMessage: receive, onStatus });
        },
        receive,
        send: (msg) => socket?.send(msg),
        waiting: pacer.waiting,
        close() {
            pacer.stop();
            clearTimeout(backTimer);
            if (socket) socket.close();
        },
    };
}

/**
 * The store change a message other than a state makes (the chat, a refusal, a hint, my offer
 * declined), or null.
 * @param {TableMessage} msg
 * @param {TableViewState} state
 * @returns {Partial<TableViewState> | null}
 */
function messagePatch(msg, state) {
    const { table } = state;
    const chatChange = chatReceive(msg, state);
    if (chatChange) return chatChange;
    if (msg.type === 'error') return { pending: false, message: errorText(msg) };
    if (msg.type === 'hint') {
        if (table && msg.ply !== undefined && msg.ply !== table.ply) return null;
        return { hint: msg.square, hintLine: hintText(msg, table?.setup.players ?? 2) };
    }
    // My offer was declined: say so (the state before it already dropped the offer).
    if (msg.type === 'offer_declined' && (table?.you || []).includes(msg.from)) {
        return { declined: { kind: msg.kind, by: msg.by, ply: table?.ply ?? 0 } };
    }
    return null;
}

/**
 * Applies queued states one at a time, each once the one before it has shown.
 * @param {(next: TableState) => void} apply applies a state; calls hold(ms) when it takes time to show
 */
function createPacer(apply) {
    /** @type {TableState[]} */
    const queue = [];
    let busyUntil = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    function pump() {
        clearTimeout(timer);
        while (queue.length) {
            const wait = busyUntil - performance.now();
            if (wait > 0) {
                timer = setTimeout(pump, wait);
                return;
            }
            apply(/** @type {TableState} */ (queue.shift()));
        }
    }
    return {
        /** @param {TableState} next */
        push(next) {
            queue.push(next);
            pump();
        },
        /** The state just applied shows for `ms`. @param {number} ms */
        hold(ms) {
            busyUntil = performance.now() + ms;
        },
        waiting: () => queue.length > 0,
        stop: () => clearTimeout(timer),
    };
}
