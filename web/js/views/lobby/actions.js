// SPDX-License-Identifier: MIT
// What the lobby does, over the lobby socket (quick pairing, seeks, their pages) and the HTTP
// API (the open tables and a page of finished games): each action of the lobby view, bound to
// the view's store, which the answers go into (the view draws from it, never from an answer).
import { listTables, listGames } from '../../lib/api.js';
import { lobby, loggedIn as isLoggedIn } from '../../lib/session.js';
import { errorText } from '../../lib/dom.js';
import { choice, siteConfig, setupForPool, clockForTime } from '../../lib/pools.js';

// Finished games on one page: the whole archive in one list was 6,456 px tall on a phone.
export const FinishedPerPage = 10;

/** @typedef {ReturnType<typeof lobbyActions>} LobbyActions */

/** @param {import('../../lib/store.js').Store<import('./lobby.js').LobbyState>} store the view's */
export function lobbyActions(store) {
    const loggedIn = () => isLoggedIn(store.get().session);
    return {
        loggedIn,
        /** @param {Partial<import('./lobby.js').LobbyState['filters']>} patch */
        filter: (patch) => store.set({ filters: { ...store.get().filters, ...patch } }),
        /** @param {Partial<import('./lobby.js').LobbyState['seekForm']>} patch */
        seekChoice: (patch) => store.set({ seekForm: { ...store.get().seekForm, ...patch } }),
        /** @param {string} pool */
        quickPool: (pool) => store.set({ quickPool: pool }),
        /** Quick pairing in the pool chosen. @param {string} preset */
        quick(preset) {
            lobby.quick(choice(siteConfig().quick.pools, store.get().quickPool), preset);
        },
        quickCancel: () => lobby.quickCancel(),
        /** @param {number} offset */
        seekPage: (offset) => lobby.seekPage(offset),
        /** Accepts a seek, or cancels one's own. @param {import('../../lib/protocol.js').Seek} seek @param {boolean} own */
        answerSeek(seek, own) {
            lobby.send(own ? { type: 'cancel_seek', id: seek.id } : { type: 'accept', id: seek.id });
        },
        /** Posts the seek of the form (rated only for a player logged in). */
        postSeek() {
            const { seekForm } = store.get();
            store.set({ alert: '' });
            const { offers } = siteConfig();
            lobby.send({ type: 'seek', setup: setupForPool(choice(offers.pools, seekForm.pool)),
                clock: clockForTime(choice(offers.times, seekForm.preset)),
                rated: Boolean(seekForm.rated && loggedIn()), seat: seekForm.seat });
        },
        /** @param {number} offset where the page of finished games starts */
        finishedPage: (offset) => store.set({ finishedOffset: Math.max(0, offset) }),
        // The open tables and finished games come from the HTTP API, asked again every few seconds.
        async load() {
            await listTables().then((answer) => store.set({ open: { tables: answer.tables } }),
                (e) => store.set({ open: { error: errorText(e) } }));
            const offset = store.get().finishedOffset;
            await listGames(FinishedPerPage + 1, offset).then((answer) => {
                if (store.get().finishedOffset === offset) store.set({ finished: { games: answer.games } });
            },
            (e) => store.set({ finished: { error: errorText(e) } }));
        },
    };
}
