// SPDX-License-Identifier: MIT
// What the lobby socket brings to the lobby view: the session's fields (seeks, the online
// count, my games, challenges, the quick-pairing wait, who I am) mirrored into the view's store,
// and a refusal of the server shown as the lobby's alert. The connection itself is the page's
// (lib/session.js), opened here when it is not yet and kept across views.
import { lobby, session, onLobbyMessage } from '../../lib/session.js';
import { mirror } from '../../lib/store.js';
import { errorText } from '../../lib/dom.js';

/**
 * Follows the lobby socket into `store`; returns the functions that stop.
 * @param {import('../../lib/store.js').Store<import('./lobby.js').LobbyState>} store the view's
 */
export function followLobby(store) {
    const stops = [
        mirror(session, store, (s) => ({ session: s })),
        onLobbyMessage((msg) => {
            if (msg.type === 'error') store.set({ alert: errorText({ code: msg.code }) });
        }),
    ];
    lobby.start();
    return stops;
}
