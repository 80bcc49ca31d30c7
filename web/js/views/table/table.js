// SPDX-License-Identifier: MIT
// The game view of one table: the board (flippable, sized to fit the screen), the players with
// counts, clocks and presence, whose turn it is, a forced pass (announced, then confirmed with
// the Pass button; computer seats pass on the server), the move list, the result, the controls
// (hint, undo, resign, cancel while waiting), etiquette between people (offers.js) and the
// chat (chat.js). The server's table state is the only truth: the view's store (store.js, made
// when the view opens) is fed by the table socket's messages (socket.js) and every part is
// drawn from it (render.js); what a person does goes to the server (actions.js). States that
// arrive while a move's flips are still animating wait their turn, so the computer's reply
// never cuts them.
import { t } from '../../lib/i18n.js';
import { getGame, getTable } from '../../lib/api.js';
import { preferences } from '../../lib/preferences.js';
import { el, errorText } from '../../lib/dom.js';
import { createSound } from '../../lib/sound.js';
import { Clocks } from './clock.js';
import { session } from '../../lib/session.js';
import { createTableStore } from './store.js';
import { mirror } from '../../lib/store.js';
import { createTableFeed } from './socket.js';
import { listen, redraw, tableParts, tick } from './render.js';

/**
 * @typedef {object} TableView what the parts of one open table view share
 * @property {string} id the table
 * @property {import('../../lib/store.js').Store<import('./store.js').TableViewState>} store
 * @property {import('./socket.js').TableFeed} feed the socket part
 * @property {import('./render.js').TableParts} parts the elements
 * @property {Clocks} clocks
 * @property {ReturnType<typeof createSound>} sound
 */

/** @param {HTMLElement} root @param {string} id */
export function tableView(root, id) {
    const store = createTableStore(id);
    const clocks = new Clocks();
    const sound = createSound();
    const feed = createTableFeed(id, store, { clocks, sound });
    /** @type {TableView} */
    const v = { id, store, feed, parts: tableParts(store, feed.send), clocks, sound };
    root.append(v.parts.view);
    listen(v);
    const timer = setInterval(() => tick(v), 250);
    const stops = [
        store.subscribe((s, was) => redraw(v, s, was)),
        mirror(session, store, (s) => ({ quick: s.quick })),
        mirror(preferences, store, (p) => ({ flipChoice: p.flipped[id] ?? null, showLegal: p.showLegal, chatMuted: p.chatMuted })),
    ];
    open(v);
    return {
        destroy() {
            clearInterval(timer);
            stops.forEach((stop) => stop());
            sound.close();
            feed.close();
        },
    };
}

// Connects once the table is known; a finished table may only live on in the archive, which
// shows its replay instead.
/** @param {TableView} v */
async function open({ id, store, feed, parts }) {
    try {
        await getTable(id);
    } catch (e) {
        if (/** @type {{code?: string}} */ (e).code === 'not_found' && (await getGame(id).then(() => true, () => false))) {
            location.replace(`#/replay/${id}`);
            return;
        }
        parts.view.replaceChildren(el('h1', {}, t('game.notFound')), el('p', { role: 'alert' }, errorText(e)),
            el('a', { href: '#/new' }, t('nav.new')));
        return;
    }
    feed.connect();
    parts.tournamentBar.load(id, (tournament) => store.set({ tournament }));
}
