// SPDX-License-Identifier: MIT
// The WebSocket half of docs/PROTOCOL.md for one table: connects with the seat token (or as a
// spectator) and reconnects after a drop with the same token, so the player keeps the seat.
// With several server nodes a table lives on its owner: a `moved` error names it and the
// socket goes there at once (docs/MULTINODE.md).
import { ReconnectingSocket } from '../../lib/socket.js';

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
                socket.retrySoon(100);
                return;
            }
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
