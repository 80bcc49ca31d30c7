// SPDX-License-Identifier: MIT
// The session store: who this browser is (GET /api/me, kept in step with the lobby's `me`) and
// the page's one lobby connection (/ws/lobby, docs/SITE.md), which stays open whichever view
// is shown, so the header's online count, the "your turn" mark in the tab title, incoming
// challenges and pairings reach every view. Every lobby message is folded into the store; views
// and the header draw from it. Messages that ask for an action rather than a redraw (`paired`,
// a refusal) are then set as `last`, which onLobbyMessage watches. It is the app's store, made
// once as the app starts, not a view's (docs/ARCHITECTURE.md "The session is the app's store").
import { createStore } from './store.js';
import { ReconnectingSocket } from './socket.js';
import { getMe, logout } from './api.js';

/** @typedef {import('./protocol.js').Me} Me */
/** @typedef {import('./protocol.js').LobbyMessage} LobbyMessage */
/** @typedef {import('./protocol.js').Challenge} Challenge */

/**
 * @typedef {object} QuickWait the quick-pairing wait, from the request until paired or stopped
 * @property {string} pool
 * @property {string} preset
 * @property {number | null} window the rating window, null until the server's first answer
 * @property {number | null} seeking how many wait for the same game, me included (issue 26, 17)
 * @property {number | null} anyRatingAt wall-clock ms from which the seekers, alone in their game,
 *   are paired whatever their ratings; null otherwise
 */

/**
 * @typedef {object} Session
 * @property {Me | null} me
 * @property {boolean} enabled the lobby connection may open (after GET /api/me)
 * @property {boolean} connected
 * @property {Map<string, import('./protocol.js').Seek>} seeks the page of seeks shown
 * @property {SeekPage} seekPage where that page lies among all the open seeks
 * @property {number | null} online
 * @property {import('./protocol.js').MyGame[]} games my running games
 * @property {Map<string, Challenge>} challenges challenges to me (and copies of mine)
 * @property {Map<string, Challenge>} sent challenges from me
 * @property {QuickWait | null} quick
 * @property {import('./protocol.js').ErrorMessage | null} lastError
 * @property {LobbyEvent | null} last the last message, after it was folded in
 */

/** @typedef {LobbyMessage | {type: 'connected' | 'disconnected'}} LobbyEvent */

/**
 * @typedef {object} SeekPage the server sends the seeks a page at a time (issue 27: a lobby of
 *   183 seeks made a first message of 51 KB)
 * @property {number} offset
 * @property {number} total
 * @property {number} perPage
 */

/** @type {import('./store.js').Store<Session>} */
export const session = createStore(/** @type {Session} */ ({
    me: null, enabled: false, connected: false, seeks: new Map(),
    seekPage: { offset: 0, total: 0, perPage: 50 }, online: null, games: [],
    challenges: new Map(), sent: new Map(), quick: null, lastError: null, last: null,
}));

/**
 * Calls fn(message) after each lobby message has been folded into the session store.
 * @param {(msg: LobbyEvent) => void} fn
 * @returns {() => void} the unsubscribe function
 */
export function onLobbyMessage(fn) {
    return session.subscribe((s, was) => {
        if (s.last && s.last !== was.last) fn(s.last);
    });
}

/** @param {LobbyEvent} msg a new object for every message */
const emit = (msg) => session.set({ last: msg });

/** What a lost or restarted connection forgets: it is sent again on connect. */
const forgotten = () => ({ quick: null, challenges: new Map(), sent: new Map() });

const socket = new ReconnectingSocket({
    minRetryMs: 1000,
    maxRetryMs: 15000,
    maxQueued: 20,
    url: () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws/lobby`,
    onMessage: (msg) => receive(/** @type {LobbyMessage} */ (msg)),
    onStatus(status) {
        if (status === 'open') {
            session.set({ connected: true });
            emit({ type: 'connected' });
        } else {
            session.set({ connected: false, ...forgotten() });
            emit({ type: 'disconnected' });
        }
    },
});

/** @param {Me | null} me */
function setMe(me) {
    const value = me && typeof me === 'object' ? me : null;
    if (JSON.stringify(value) !== JSON.stringify(session.get().me)) session.set({ me: value });
}

/**
 * Folds one lobby message into the store, then tells the listeners.
 * @param {LobbyMessage} msg
 */
function receive(msg) {
    const s = session.get();
    switch (msg.type) {
    case 'lobby':
        session.set({
            seeks: new Map((msg.seeks || []).map((x) => [x.id, x])),
            seekPage: { offset: 0, total: msg.seeks_total ?? (msg.seeks || []).length,
                perPage: msg.seeks_per_page || s.seekPage.perPage },
            online: typeof msg.online === 'number' ? msg.online : s.online,
            games: Array.isArray(msg.games) ? msg.games : [],
        });
        if (msg.me) setMe(msg.me);
        break;
    case 'seek_page':
        session.set({
            seeks: new Map((msg.seeks || []).map((x) => [x.id, x])),
            seekPage: { ...s.seekPage, offset: msg.offset || 0, total: msg.total || 0 },
        });
        break;
    case 'seek_added': {
        if (!msg.seek?.id) break;
        const seekPage = { ...s.seekPage, total: s.seekPage.total + 1 };
        // A new seek comes last in the server's order: it shows when this page has room.
        if (s.seeks.size < s.seekPage.perPage) session.set({ seeks: new Map(s.seeks).set(msg.seek.id, msg.seek), seekPage });
        else session.set({ seekPage });
        break;
    }
    case 'seek_removed': {
        const seeks = new Map(s.seeks);
        seeks.delete(msg.id);
        session.set({ seeks, seekPage: { ...s.seekPage, total: Math.max(0, s.seekPage.total - 1) } });
        break;
    }
    case 'online':
        session.set({ online: msg.count });
        break;
    case 'games':
        session.set({ games: Array.isArray(msg.games) ? msg.games : [] });
        break;
    case 'quick_waiting':
        session.set({ quick: { pool: msg.pool, preset: msg.preset, window: msg.window ?? null,
            seeking: msg.seeking ?? null, anyRatingAt: msg.any_rating_at ?? null } });
        break;
    case 'paired':
    case 'quick_stopped':
        session.set({ quick: null });
        break;
    case 'challenge_sent':
        if (msg.id) session.set({ sent: new Map(s.sent).set(msg.id, msg) });
        break;
    case 'challenge':
        if (msg.id) session.set({ challenges: new Map(s.challenges).set(msg.id, msg) });
        break;
    case 'challenge_gone': {
        const challenges = new Map(s.challenges);
        const sent = new Map(s.sent);
        challenges.delete(msg.id);
        sent.delete(msg.id);
        session.set({ challenges, sent });
        break;
    }
    case 'error':
        // A refused quick request never got its first answer: stop showing the wait.
        session.set({ lastError: msg, quick: s.quick && s.quick.window === null ? null : s.quick });
        break;
    default:
        break;
    }
    emit(msg);
}

/**
 * The lobby connection's actions: it opens once enabled (after GET /api/me has set the
 * session cookie, so that a first visit does not make two guests).
 */
export const lobby = {
    /** Opens the connection if it is enabled and not open. */
    start() {
        if (session.get().enabled) socket.start();
    },
    enable() {
        session.set({ enabled: true });
        socket.start();
    },
    /** Drops and reopens the connection, e.g. after logging in or out (the session changed). */
    restart() {
        if (!session.get().enabled) return;
        session.set(forgotten());
        socket.restart();
    },
    /** Sends now, or once the connection is (re)opened. @param {object} msg */
    send(msg) {
        socket.send(msg);
        lobby.start();
    },
    /** The quick-pairing wait starts when the request is sent. @param {string} pool @param {string} preset */
    quick(pool, preset) {
        session.set({ quick: { pool, preset, window: null, seeking: null, anyRatingAt: null } });
        lobby.send({ type: 'quick', pool, preset });
    },
    quickCancel() {
        session.set({ quick: null });
        lobby.send({ type: 'quick_cancel' });
    },
    /** Asks for the page of seeks from `offset` on. @param {number} offset */
    seekPage(offset) {
        lobby.send({ type: 'seek_page', offset: Math.max(0, offset) });
    },
};

/** True when any of my running games waits for my move. @param {Session} s */
export const myTurn = (s) => s.games.some((g) => g.your_turn);

/** A registered (not guest) player is logged in. @param {Session} s */
export const loggedIn = (s) => Boolean(s.me && !s.me.guest && s.me.name);

/** My incoming challenges: those not sent by me. @param {Session} s */
export function incomingChallenges(s) {
    const me = s.me;
    return [...s.challenges.values()].filter((c) => !me || c.from !== me.name);
}

/** Asks the server who we are (this creates a guest on the first visit). */
export async function loadMe() {
    try {
        setMe(await getMe());
    } catch {
        // No server answer (or an older server): the header shows the log-in links.
    }
    return session.get().me;
}

/** After a login or a registration: the answer is who we are now. @param {Me} me */
export function signedIn(me) {
    setMe(me);
    lobby.restart();
}

export async function logOut() {
    try {
        await logout();
    } finally {
        await loadMe();
        lobby.restart();
    }
}
