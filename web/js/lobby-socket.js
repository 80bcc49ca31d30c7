// SPDX-License-Identifier: MIT
// The one lobby connection of the page (/ws/lobby, docs/SITE.md): it stays open while the page
// lives, whichever view is shown, so the header's online count, the "your turn" mark in the tab
// title, incoming challenges and pairings reach every view. It keeps the last known lobby state
// (seeks, online count, me, my running games, challenges to and from me, the quick-pairing
// wait) and tells
// subscribers after each message. It reconnects after a drop, with a growing pause.

const MaxRetryMs = 15000;
const MaxQueued = 20;

class LobbySocket {
    constructor() {
        this.listeners_ = new Set();
        this.queue_ = [];
        this.retry_ = 1000;
        this.enabled_ = false;
        this.ws_ = null;
        this.timer_ = null;
        this.state = {
            connected: false, seeks: new Map(), online: null, me: null, games: [],
            challenges: new Map(), sent: new Map(), quick: null, lastError: null,
        };
    }

    // Opens the connection once; later calls do nothing while it is open or reopening. Until
    // enable() (after GET /api/me has set the session cookie) it waits, so that a first visit
    // does not make two guests.
    start() {
        if (this.enabled_ && !this.ws_ && !this.timer_) this.open_();
    }

    enable() {
        this.enabled_ = true;
        this.start();
    }

    // Drops and reopens the connection, e.g. after logging in or out (the session changed).
    restart() {
        if (!this.enabled_) return;
        clearTimeout(this.timer_);
        this.timer_ = null;
        const old = this.ws_;
        this.ws_ = null;
        if (old) {
            old.onclose = null;
            old.close();
        }
        this.state.quick = null;
        this.state.challenges.clear();
        this.state.sent.clear();
        this.open_();
    }

    open_() {
        const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
        const ws = new WebSocket(`${proto}//${location.host}/ws/lobby`);
        this.ws_ = ws;
        ws.onopen = () => {
            this.retry_ = 1000;
            this.state.connected = true;
            for (const m of this.queue_.splice(0)) ws.send(m);
            this.emit_({ type: 'connected' });
        };
        ws.onmessage = (e) => {
            let msg;
            try {
                msg = JSON.parse(e.data);
            } catch {
                return;
            }
            if (msg && typeof msg === 'object') this.apply_(msg);
        };
        ws.onclose = () => {
            if (this.ws_ !== ws) return;
            this.ws_ = null;
            this.state.connected = false;
            this.state.quick = null;
            this.state.challenges.clear();
            this.state.sent.clear();
            this.emit_({ type: 'disconnected' });
            this.timer_ = setTimeout(() => { this.timer_ = null; this.open_(); }, this.retry_);
            this.retry_ = Math.min(this.retry_ * 2, MaxRetryMs);
        };
    }

    // Folds one server message into the state, then tells the subscribers.
    apply_(msg) {
        const s = this.state;
        switch (msg.type) {
        case 'lobby':
            s.seeks = new Map((msg.seeks || []).map((x) => [x.id, x]));
            if (typeof msg.online === 'number') s.online = msg.online;
            if (msg.me) s.me = msg.me;
            s.games = Array.isArray(msg.games) ? msg.games : [];
            break;
        case 'seek_added':
            if (msg.seek?.id) s.seeks.set(msg.seek.id, msg.seek);
            break;
        case 'seek_removed':
            s.seeks.delete(msg.id);
            break;
        case 'online':
            s.online = msg.count;
            break;
        case 'games':
            s.games = Array.isArray(msg.games) ? msg.games : [];
            break;
        case 'quick_waiting':
            s.quick = { pool: msg.pool, preset: msg.preset, window: msg.window };
            break;
        case 'paired':
        case 'quick_stopped':
            s.quick = null;
            break;
        case 'challenge_sent':
            if (msg.id) s.sent.set(msg.id, msg);
            break;
        case 'challenge':
            if (msg.id) s.challenges.set(msg.id, msg);
            break;
        case 'challenge_gone':
            s.challenges.delete(msg.id);
            s.sent.delete(msg.id);
            break;
        case 'error':
            s.lastError = msg;
            // A refused quick request never got its first answer: stop showing the wait.
            if (s.quick && s.quick.window === null) s.quick = null;
            break;
        default:
            break;
        }
        this.emit_(msg);
    }

    emit_(msg) {
        for (const fn of [...this.listeners_]) {
            try {
                fn(msg, this.state);
            } catch (e) {
                // One view's bug must not stop the others from hearing the lobby.
                setTimeout(() => { throw e; });
            }
        }
    }

    // Calls fn(message, state) after every message; returns the function that unsubscribes.
    subscribe(fn) {
        this.listeners_.add(fn);
        return () => this.listeners_.delete(fn);
    }

    // Sends now, or once the connection is (re)opened.
    send(msg) {
        const text = JSON.stringify(msg);
        if (this.ws_ && this.ws_.readyState === WebSocket.OPEN) this.ws_.send(text);
        else {
            if (this.queue_.length < MaxQueued) this.queue_.push(text);
            this.start();
        }
    }

    // The quick-pairing wait starts when the request is sent, before the server answers.
    quick(pool, preset) {
        this.state.quick = { pool, preset, window: null };
        this.send({ type: 'quick', pool, preset });
        this.emit_({ type: 'quick_sent' });
    }

    quickCancel() {
        this.state.quick = null;
        this.send({ type: 'quick_cancel' });
        this.emit_({ type: 'quick_cancelled' });
    }

    // True when any of my running games waits for my move.
    myTurn() {
        return this.state.games.some((g) => g.your_turn);
    }
}

export const lobby = new LobbySocket();
