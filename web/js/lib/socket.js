// SPDX-License-Identifier: MIT
// The one reconnecting WebSocket of the client, under the table socket (views/table/socket.js)
// and the lobby connection (session.js): it sends now or queues until the connection is
// (re)opened, hands every parsed message to one callback, and after a drop opens again after
// a pause that doubles up to a limit (each client taking a random half to all of it). A closed
// socket never reconnects.

/**
 * @typedef {object} SocketOptions
 * @property {() => string} url the address to open, asked before each attempt
 * @property {(msg: any) => void} onMessage every parsed JSON message
 * @property {(status: 'open' | 'closed', info?: {retryIn: number}) => void} [onStatus]
 * @property {number} [minRetryMs] the first pause after a drop
 * @property {number} [maxRetryMs] the longest pause
 * @property {number} [maxQueued] messages kept while closed (the oldest are kept)
 */

export class ReconnectingSocket {
    /** @param {SocketOptions} options */
    constructor(options) {
        this.options_ = options;
        this.minRetry_ = options.minRetryMs ?? 500;
        this.maxRetry_ = options.maxRetryMs ?? 8000;
        this.retry_ = this.minRetry_;
        /** @type {string[]} */
        this.queue_ = [];
        /** @type {WebSocket | null} */
        this.ws_ = null;
        /** @type {ReturnType<typeof setTimeout> | null} */
        this.timer_ = null;
        this.closed_ = false;
    }

    /** Opens the connection unless it is open, opening or waiting to reopen. */
    start() {
        if (!this.closed_ && !this.ws_ && !this.timer_) this.open_();
    }

    /** Drops the connection and opens it again at once (e.g. the session changed). */
    restart() {
        if (this.timer_) clearTimeout(this.timer_);
        this.timer_ = null;
        const old = this.ws_;
        this.ws_ = null;
        if (old) {
            old.onclose = null;
            old.close();
        }
        this.retry_ = this.minRetry_;
        this.open_();
    }

    /** The next reconnection waits `ms` (e.g. the server named another node). @param {number} ms */
    retrySoon(ms) {
        this.retry_ = ms;
    }

    open_() {
        const ws = new WebSocket(this.options_.url());
        this.ws_ = ws;
        ws.onopen = () => {
            this.retry_ = this.minRetry_;
            this.options_.onStatus?.('open');
            for (const m of this.queue_.splice(0)) ws.send(m);
        };
        ws.onmessage = (e) => {
            let msg;
            try {
                msg = JSON.parse(e.data);
            } catch {
                return;
            }
            if (msg && typeof msg === 'object') this.options_.onMessage(msg);
        };
        ws.onclose = () => {
            if (this.ws_ !== ws || this.closed_) return;
            this.ws_ = null;
            // Each client waits a share of the pause of its own: when a server goes away, all
            // its clients lose it at once, and must not all come back in the same instant.
            const retryIn = Math.round(this.retry_ * (0.5 + Math.random() / 2));
            this.options_.onStatus?.('closed', { retryIn });
            this.timer_ = setTimeout(() => {
                this.timer_ = null;
                if (!this.closed_) this.open_();
            }, retryIn);
            this.retry_ = Math.min(this.retry_ * 2, this.maxRetry_);
        };
    }

    /** Sends now, or as soon as the connection is (re)opened. @param {object} msg */
    send(msg) {
        const text = JSON.stringify(msg);
        if (this.ws_ && this.ws_.readyState === WebSocket.OPEN) {
            this.ws_.send(text);
            return;
        }
        if (this.queue_.length < (this.options_.maxQueued ?? Infinity)) this.queue_.push(text);
    }

    close() {
        this.closed_ = true;
        if (this.timer_) clearTimeout(this.timer_);
        if (this.ws_) this.ws_.close();
    }
}
