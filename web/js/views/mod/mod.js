// SPDX-License-Identifier: MIT
// The moderators' page (#/mod, docs/SITE.md "Moderation"): the open reports grouped by reported
// player, the most reported first, then the most recently reported, each group resolved at
// once (dismissed or actioned) or its player taken into the sanction form, each report with
// its game linked and its chat line hidable; the form mutes, bans or unlists a player for some
// minutes (0: no end) or lifts it; the sanctions in force; and the audit log, newest first,
// a page at a time. Every action takes a reason. The page draws only what the server sent:
// after each action it asks again for the queue, the sanctions and the log's first page.
import { t } from '../../lib/i18n.js';
import { el, errorText } from '../../lib/dom.js';
import { getModRole } from '../../lib/api.js';
import { createStore } from '../../lib/store.js';
import { modActions } from './actions.js';
import { drawAudit, drawInForce, drawQueue, sanctionForm } from './render.js';

/** @typedef {import('../../lib/protocol.js').ModReportGroup} ModReportGroup */
/** @typedef {import('../../lib/protocol.js').ModSanction} ModSanction */
/** @typedef {import('../../lib/protocol.js').AuditEntry} AuditEntry */
/**
 * @typedef {object} ModState
 * @property {string | null} role the caller's role ("moderator", "admin", ""), null until known
 * @property {ModReportGroup[]} groups the reported players with their open reports
 * @property {boolean} more more reported players than the queue shows
 * @property {ModSanction[]} sanctions those in force
 * @property {AuditEntry[]} audit the log's entries read so far, newest first
 * @property {boolean} auditEnd no older entries
 * @property {string} error a refusal to load the page
 * @property {{ok: boolean, text: string}} answer the server's answer to the last action
 */

/** The moderators' page's state when it opens. */
const blank = () => /** @type {ModState} */ ({
    role: null, groups: [], more: false, sanctions: [], audit: [], auditEnd: false, error: '', answer: { ok: true, text: '' },
});

/** @param {HTMLElement} root */
export function modView(root) {
    const view = el('section', { class: 'mod', 'aria-labelledby': 'mod-title' });
    root.append(view);
    const store = createStore(blank());
    const { refresh, olderAudit, act } = modActions(store);
    const sanctions = sanctionForm(act);
    const answer = el('p', { id: 'mod-answer', role: 'status' });
    const queue = el('section', { class: 'panel', id: 'mod-queue', 'aria-labelledby': 'mod-queue-title' });
    const inForce = el('section', { class: 'panel', id: 'mod-sanctions', 'aria-labelledby': 'mod-sanctions-title' });
    const older = el('button', { type: 'button', id: 'mod-audit-older' }, t('mod.auditOlder'));
    older.addEventListener('click', () => olderAudit());
    const auditPanel = el('section', { class: 'panel', id: 'mod-audit', 'aria-labelledby': 'mod-audit-title' });
    // What the moderator has typed for each reported player: the queue is redrawn from the
    // server's list after every action, and a new row must not lose the text of the old one.
    /** @type {Map<string, string>} */
    const drafts = new Map();

    function draw() {
        const s = store.get();
        if (s.role === null) {
            view.replaceChildren(el('h1', { id: 'mod-title' }, t('mod.title')), el('p', { class: 'note' }, t('mod.loading')));
            return;
        }
        if (!s.role || s.error) {
            view.replaceChildren(el('h1', { id: 'mod-title' }, t('mod.title')),
                el('p', { role: 'alert', class: 'alert', id: 'mod-error' }, s.error || t('error.forbidden')));
            return;
        }
        answer.textContent = s.answer.text;
        answer.className = s.answer.ok ? 'note' : 'alert';
        drawQueue(queue, s, { act, drafts, sanctions });
        drawAudit(auditPanel, s, older);
        drawInForce(inForce, s, sanctions);
        if (!view.contains(sanctions.form)) {
            view.replaceChildren(el('h1', { id: 'mod-title' }, t('mod.title')), answer, queue, sanctions.form, inForce, auditPanel);
        }
    }

    const stop = store.subscribe(draw);
    draw();
    getModRole().then(({ role }) => {
        store.set({ role: role || '' });
        if (role) refresh();
    }, (e) => store.set({ role: '', error: errorText(e) }));
    return { destroy() { stop(); } };
}
