// SPDX-License-Identifier: MIT
// What the moderators' page asks of the server: the queue, the sanctions in force and the audit
// log's first page read again after every action, the log's older pages, and each action with
// its answer. All of it goes into the view's store (mod.js draws from it).
import { errorText } from '../../lib/dom.js';
import { listReports, listSanctions, listAudit } from '../../lib/api.js';

const AuditPage = 50;

/** @param {import('../../lib/store.js').Store<import('./mod.js').ModState>} store the view's */
export function modActions(store) {
    /** Asks the server again for the queue, the sanctions in force and the audit log's first page. */
    async function refresh() {
        try {
            const [{ groups, more }, { sanctions }, { entries }] = await Promise.all([listReports(), listSanctions(), listAudit(0, AuditPage)]);
            store.set({ groups: groups || [], more: Boolean(more), sanctions: sanctions || [], audit: entries || [],
                auditEnd: (entries || []).length < AuditPage, error: '' });
        } catch (e) {
            store.set({ error: errorText(e) });
        }
    }

    /** Reads the audit log's next page, older than what is shown. */
    async function olderAudit() {
        const { audit } = store.get();
        try {
            const { entries } = await listAudit(audit.length ? audit[audit.length - 1].id : 0, AuditPage);
            store.set({ audit: [...audit, ...(entries || [])], auditEnd: (entries || []).length < AuditPage });
        } catch (e) {
            store.set({ answer: { ok: false, text: errorText(e) } });
        }
    }

    /**
     * Runs a moderator's action, shows its answer and re-reads the page.
     * @param {() => Promise<unknown>} action @param {string} done the answer's text when it succeeds
     */
    async function act(action, done) {
        try {
            await action();
            store.set({ answer: { ok: true, text: done } });
        } catch (e) {
            store.set({ answer: { ok: false, text: errorText(e) } });
        }
        await refresh();
    }

    return { refresh, olderAudit, act };
}
