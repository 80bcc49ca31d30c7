// SPDX-License-Identifier: MIT
// The WebSocket half of docs/PROTOCOL.md for one table: connects with the seat token (or as a
// spectator), hands every server message to one callback, and reconnects after a drop with the
// same token, so the player keeps the seat. A closed TableSocket never reconnects.

export class TableSocket {
    // Opens /ws for table `id`; `onMessage` gets every parsed message, `onStatus` 'open' or
    // 'closed' (with {retryIn: ms} until the next attempt).
    constructor(id, token, { onMessage, onStatus = () => {} }) {
        this.id_ = id;
        this.token_ = token;
        this.onMessage_ = onMessage;
        this.onStatus_ = onStatus;
        this.closed_ = false;
        this.retry_ = 500;
        this.queue_ = [];
        this.open_();
    }

    open_() {
        const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
        const q = new URLSearchParams({ table: this.id_ });
        if (this.token_) q.set('token', this.token_);
        // Several server nodes: the table's owner, once a node has named it (docs/MULTINODE.md).
        const base = this.owner_ ? this.owner_.replace(/^http/, 'ws') : `${proto}//${location.host}`;
        const ws = new WebSocket(`${base}/ws?${q}`);
        this.ws_ = ws;
        ws.onopen = () => {
            this.retry_ = 500;
            this.onStatus_('open');
            for (const m of this.queue_.splice(0)) ws.send(m);
        };
        ws.onmessage = (e) => {
            let msg;
            try {
                msg = JSON.parse(e.data);
            } catch {
                return;
            }
            if (msg && msg.type === 'error' && msg.code === 'moved') {
                // Another node plays this table: reconnect there at once (the server closes).
                const owner = typeof msg.owner === 'string' ? msg.owner : '';
                this.owner_ = /^https?:\/\/[^\s"'<>\\]+$/.test(owner) ? owner : null;
                this.moved_ = true;
                this.retry_ = 100;
                return;
            }
            this.onMessage_(msg);
        };
        ws.onclose = () => {
            if (this.closed_) return;
            // A drop that no "moved" announced: ask where we came from again, which knows
            // whether the owner changed (its node may have died).
            if (!this.moved_) this.owner_ = null;
            this.moved_ = false;
            this.onStatus_('closed', { retryIn: this.retry_ });
            setTimeout(() => { if (!this.closed_) this.open_(); }, this.retry_);
            this.retry_ = Math.min(this.retry_ * 2, 8000);
        };
    }

    // Sends one message now, or as soon as the connection is (re)opened.
    send(msg) {
        const text = JSON.stringify(msg);
        if (this.ws_ && this.ws_.readyState === WebSocket.OPEN) this.ws_.send(text);
        else this.queue_.push(text);
    }

    close() {
        this.closed_ = true;
        if (this.ws_) this.ws_.close();
    }
}
