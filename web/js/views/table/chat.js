// SPDX-License-Identifier: MIT
// The table's chat (docs/SITE.md "At the table"): the log the server keeps (chat_log on
// connect, then one chat message each), a text field with a length counter, the server's
// refusals (too fast, too long) shown next to the field, and a mute switch remembered per
// browser that hides what others write. The log, the refusal and the mute live in the table
// view's store (store.js, chatReceive below); the panel draws them. Text is always inserted as
// text, never as markup. A registered player may report another's line (components/report-form.js);
// a moderator's mute comes back as the refusal `muted`, shown by the field like any other.
import { t, colourName } from '../../lib/i18n.js';
import { el, errorText } from '../../lib/dom.js';
import { saveChatMuted } from '../../lib/preferences.js';
import { session, loggedIn } from '../../lib/session.js';
import { reportButton } from '../../components/report-form.js';

/** @typedef {import('./store.js').TableViewState} TableViewState */
/** @typedef {import('../../lib/protocol.js').ChatMessage} ChatMessage */

const MaxChars = 300;
const MaxKept = 100;
const Control = /[\u0000-\u001F\u007F-\u009F]/u;

/**
 * The store change a server message makes to the chat, or null when it is not the chat's.
 * @param {any} msg
 * @param {TableViewState} state
 * @returns {Partial<TableViewState> | null}
 */
export function chatReceive(msg, state) {
    if (msg.type === 'chat_log' && Array.isArray(msg.messages)) return { chat: msg.messages.slice(-MaxKept) };
    if (msg.type === 'chat') {
        const mine = msg.seat !== null && msg.seat !== undefined && (state.table?.you || []).includes(msg.seat);
        return { chat: [...state.chat, msg].slice(-MaxKept), chatSentAt: mine ? 0 : state.chatSentAt };
    }
    if (msg.type === 'error' && state.chatSentAt && performance.now() - state.chatSentAt < 3000) {
        // The reply to our own chat message: refusals are shown by the field. A moderator's mute
        // is said once, in the reader's language, not again in the server's words after it.
        const own = { rate_limited: t('chat.tooFast'), muted: t('error.muted') };
        return { chatSentAt: 0, chatError: own[/** @type {'rate_limited' | 'muted'} */ (msg.code)] ?? errorText(msg) };
    }
    return null;
}

export class ChatPanel {
    /**
     * @param {import('../../lib/store.js').Store<TableViewState>} store
     * @param {(msg: object) => void} send sends a client message on the table's socket
     */
    constructor(store, send) {
        this.store_ = store;
        this.send_ = send;
        this.log_ = el('ol', { class: 'chat-log', id: 'chat-log', 'aria-live': 'polite', 'aria-label': t('chat.title') });
        this.input_ = el('input', { id: 'chat-input', type: 'text', maxlength: String(MaxChars * 2), autocomplete: 'off',
            'aria-label': t('chat.placeholder'), placeholder: t('chat.placeholder') });
        this.counter_ = el('span', { class: 'chat-count', id: 'chat-count', 'aria-live': 'off' });
        this.error_ = el('p', { class: 'chat-error', id: 'chat-error', role: 'alert' });
        this.report_ = el('div', { class: 'chat-report-box', id: 'chat-report-box' });
        this.mute_ = el('button', { type: 'button', id: 'chat-mute', 'aria-pressed': 'false' });
        const sendButton = el('button', { type: 'submit', id: 'chat-send' }, t('chat.send'));
        const form = el('form', { class: 'chat-form' }, this.input_, sendButton, this.counter_);
        form.addEventListener('submit', (e) => {
            e.preventDefault();
            this.submit_();
        });
        this.input_.addEventListener('input', () => this.count_());
        this.mute_.addEventListener('click', () => saveChatMuted(!store.get().chatMuted));
        this.root = el('section', { class: 'chat', id: 'chat', 'aria-labelledby': 'chat-title' },
            el('div', { class: 'chat-head' }, el('h2', { id: 'chat-title' }, t('chat.title')), this.mute_),
            this.log_, form, this.error_, this.report_);
        this.count_();
        this.draw(store.get(), false);
    }

    count_() {
        const n = [...this.input_.value].length;
        this.counter_.textContent = t('chat.count', { n, max: MaxChars });
        this.counter_.classList.toggle('over', n > MaxChars);
    }

    /** @param {string} error */
    refuse_(error) {
        this.store_.set({ chatError: '' });
        this.store_.set({ chatError: error });
    }

    submit_() {
        const text = this.input_.value.trim();
        if (!text) return;
        if ([...text].length > MaxChars) {
            this.refuse_(t('chat.tooLong', { max: MaxChars }));
            return;
        }
        if (Control.test(text)) {
            this.refuse_(t('chat.badChars'));
            return;
        }
        this.store_.set({ chatError: '', chatSentAt: performance.now() });
        this.send_({ type: 'chat', text });
        this.input_.value = '';
        this.count_();
    }

    /**
     * Draws the chat's fields of the table view's state.
     * @param {TableViewState} state
     * @param {boolean} scroll the log changed: show its end
     */
    draw({ chat, chatMuted, chatError, table }, scroll) {
        this.error_.textContent = chatError;
        this.mute_.textContent = chatMuted ? t('chat.unmute') : t('chat.mute');
        this.mute_.setAttribute('aria-pressed', String(chatMuted));
        this.root.classList.toggle('muted', chatMuted);
        if (chatMuted) {
            this.log_.replaceChildren(el('li', { class: 'chat-note' }, t('chat.muted')));
            return;
        }
        // Only a registered player may report, and never a line of their own.
        const me = session.get().me;
        const canReport = loggedIn(session.get());
        const mine = (/** @type {ChatMessage} */ m) => (m.seat !== null && m.seat !== undefined && (table?.you || []).includes(m.seat))
            || (Boolean(m.from) && String(m.from).toLowerCase() === String(me?.name ?? '').toLowerCase());
        this.log_.replaceChildren(...chat.map((m) => {
            const who = m.seat === null || m.seat === undefined
                ? `${m.from || '?'} ${t('chat.spectator')}` : `${m.from || colourName(m.seat)}`;
            const report = canReport && table && typeof m.seq === 'number' && !mine(m)
                ? reportButton(this.report_, { table: table.id, seq: m.seq }, `${m.from || who}: ${m.text ?? ''}`,
                    { class: 'link report-button chat-report', 'data-seq': String(m.seq) })
                : '';
            return el('li', { class: m.seat === null || m.seat === undefined ? 'spectator' : `seat-${m.seat}` },
                el('span', { class: 'chat-from' }, `${who}:`), ' ', el('span', { class: 'chat-text' }, String(m.text ?? '')),
                report ? ' ' : '', report);
        }));
        // An empty log says so (it showed as a thin empty bar).
        if (!chat.length) this.log_.replaceChildren(el('li', { class: 'chat-note', id: 'chat-empty' }, t('chat.empty')));
        if (scroll) this.log_.scrollTop = this.log_.scrollHeight;
    }
}
