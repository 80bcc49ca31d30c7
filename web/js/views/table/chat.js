// SPDX-License-Identifier: MIT
// The table's chat (docs/SITE.md "At the table"): the log the server keeps (chat_log on
// connect, then one chat message each), a text field with a length counter, the server's
// refusals (too fast, too long) shown next to the field, and a mute switch remembered per
// browser that hides what others write. Text is always inserted as text, never as markup.
import { t, colourName } from '../../lib/i18n.js';
import { el, errorText } from '../../lib/dom.js';

import { preferences, saveChatMuted } from '../../lib/preferences.js';

const MaxChars = 300;
const Control = /[\u0000-\u001F\u007F-\u009F]/u;

export class ChatPanel {
    // `send(msg)` sends a client message on the table's socket.
/** @param {(msg: object) => void} send */
    constructor(send) {
        this.send_ = send;
        /** @type {import('../../lib/protocol.js').ChatMessage[]} */
        this.messages_ = [];
        this.waiting_ = 0; // when our last message was sent (ms), 0 once answered
        this.muted_ = preferences.get().chatMuted;
        this.log_ = el('ol', { class: 'chat-log', id: 'chat-log', 'aria-live': 'polite', 'aria-label': t('chat.title') });
        this.input_ = el('input', { id: 'chat-input', type: 'text', maxlength: String(MaxChars * 2), autocomplete: 'off',
            'aria-label': t('chat.placeholder'), placeholder: t('chat.placeholder') });
        this.counter_ = el('span', { class: 'chat-count', id: 'chat-count', 'aria-live': 'off' });
        this.error_ = el('p', { class: 'chat-error', id: 'chat-error', role: 'alert' });
        this.mute_ = el('button', { type: 'button', id: 'chat-mute', 'aria-pressed': 'false' });
        const sendButton = el('button', { type: 'submit', id: 'chat-send' }, t('chat.send'));
        const form = el('form', { class: 'chat-form' }, this.input_, sendButton, this.counter_);
        form.addEventListener('submit', (e) => {
            e.preventDefault();
            this.submit_();
        });
        this.input_.addEventListener('input', () => this.count_());
        this.mute_.addEventListener('click', () => {
            this.muted_ = !this.muted_;
            saveChatMuted(this.muted_);
            this.draw_();
        });
        this.root = el('section', { class: 'chat', id: 'chat', 'aria-labelledby': 'chat-title' },
            el('div', { class: 'chat-head' }, el('h2', { id: 'chat-title' }, t('chat.title')), this.mute_),
            this.log_, form, this.error_);
        this.count_();
        this.draw_();
    }

    // Handles a server message; true when it was the chat's.
/** @param {any} msg @param {import('../../lib/protocol.js').TableState | null} table */
    receive(msg, table) {
        if (msg.type === 'chat_log' && Array.isArray(msg.messages)) {
            this.messages_ = msg.messages.slice(-100);
        } else if (msg.type === 'chat') {
            this.messages_.push(msg);
            if (this.messages_.length > 100) this.messages_.shift();
            if (this.waiting_ && this.isMine_(msg, table)) this.waiting_ = 0;
        } else if (msg.type === 'error' && this.waiting_ && performance.now() - this.waiting_ < 3000) {
            // The reply to our own chat message: refusals are shown by the field.
            this.waiting_ = 0;
            this.error_.textContent = msg.code === 'rate_limited' ? t('chat.tooFast') : errorText(msg);
            return true;
        } else {
            return false;
        }
        this.draw_(table);
        return true;
    }

    /** @param {{seat?: number | null}} msg @param {import('../../lib/protocol.js').TableState | null} table */
    isMine_(msg, table) {
        return msg.seat !== null && msg.seat !== undefined && (table?.you || []).includes(msg.seat);
    }

    count_() {
        const n = [...this.input_.value].length;
        this.counter_.textContent = t('chat.count', { n, max: MaxChars });
        this.counter_.classList.toggle('over', n > MaxChars);
    }

    submit_() {
        const text = this.input_.value.trim();
        if (!text) return;
        if ([...text].length > MaxChars) {
            this.error_.textContent = t('chat.tooLong', { max: MaxChars });
            return;
        }
        if (Control.test(text)) {
            this.error_.textContent = t('chat.badChars');
            return;
        }
        this.error_.textContent = '';
        this.waiting_ = performance.now();
        this.send_({ type: 'chat', text });
        this.input_.value = '';
        this.count_();
    }

/** @param {import('../../lib/protocol.js').TableState | null | undefined} [table] */
    draw_(table = null) {
        this.mute_.textContent = this.muted_ ? t('chat.unmute') : t('chat.mute');
        this.mute_.setAttribute('aria-pressed', String(this.muted_));
        this.root.classList.toggle('muted', this.muted_);
        if (this.muted_) {
            this.log_.replaceChildren(el('li', { class: 'chat-note' }, t('chat.muted')));
            return;
        }
        this.log_.replaceChildren(...this.messages_.map((m) => {
            const who = m.seat === null || m.seat === undefined
                ? `${m.from || '?'} ${t('chat.spectator')}` : `${m.from || colourName(m.seat)}`;
            return el('li', { class: m.seat === null || m.seat === undefined ? 'spectator' : `seat-${m.seat}` },
                el('span', { class: 'chat-from' }, `${who}:`), ' ', el('span', { class: 'chat-text' }, String(m.text ?? '')));
        }));
        if (table !== undefined) this.log_.scrollTop = this.log_.scrollHeight;
    }
}
