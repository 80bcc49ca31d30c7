// SPDX-License-Identifier: MIT
// The moderators' page (#/mod, docs/SITE.md "Moderation"): the open reports oldest first, each
// resolved (dismissed or actioned), its chat line hidden, or its player taken into the sanction
// form; the form mutes, bans or unlists a player for some minutes (0: no end) or lifts it; and
// the sanctions in force. Every action takes a reason. The page draws only what the server
// sent: after each action it asks again for the queue and the sanctions, and shows the answer.
import { t } from '../../lib/i18n.js';
import { el, errorText, field } from '../../lib/dom.js';
import { dateText } from '../../lib/game-text.js';
import { getModRole, listReports, listSanctions, resolveReport, sanction, hideChat } from '../../lib/api.js';
import { createStore } from '../../lib/store.js';

/** @typedef {import('../../lib/protocol.js').ModReport} ModReport */
/** @typedef {import('../../lib/protocol.js').ModSanction} ModSanction */
/**
 * @typedef {object} ModState
 * @property {string | null} role the caller's role ("moderator", "admin", ""), null until known
 * @property {ModReport[]} reports the open reports
 * @property {ModSanction[]} sanctions those in force
 * @property {string} error a refusal to load the page
 * @property {{ok: boolean, text: string}} answer the server's answer to the last action
 */

const SanctionKinds = ['mute', 'ban', 'unlisted'];
const MaxMinutes = 527040;

/** The moderators' page's store. */
const store = createStore(/** @type {ModState} */ ({
    role: null, reports: [], sanctions: [], error: '', answer: { ok: true, text: '' },
}));

/** Asks the server again for the queue and the sanctions in force. */
async function refresh() {
    try {
        const [{ reports }, { sanctions }] = await Promise.all([listReports(), listSanctions()]);
        store.set({ reports: reports || [], sanctions: sanctions || [], error: '' });
    } catch (e) {
        store.set({ error: errorText(e) });
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

/** @param {number} until wall ms, 0: no end */
const untilText = (until) => (until ? t('mod.until', { when: dateText(until, true) }) : t('mod.noEnd'));

/** @param {HTMLElement} root */
export function modView(root) {
    const view = el('section', { class: 'mod', 'aria-labelledby': 'mod-title' });
    root.append(view);
    store.set({ role: null, reports: [], sanctions: [], error: '', answer: { ok: true, text: '' } });

    // The sanction form keeps what the moderator types; a report's "Sanction" fills its player.
    const player = el('input', { id: 'mod-player', type: 'text', autocomplete: 'off', required: true });
    const kind = el('select', { id: 'mod-kind' }, SanctionKinds.map((k) => el('option', { value: k }, t(`mod.kind.${k}`))));
    const minutes = el('input', { id: 'mod-minutes', type: 'number', min: '0', max: String(MaxMinutes), value: '60', required: true });
    const reason = el('input', { id: 'mod-reason', type: 'text', maxlength: '600', autocomplete: 'off', required: true });
    const apply = el('button', { type: 'submit', id: 'mod-sanction-send', class: 'primary' }, t('mod.apply'));
    const form = el('form', { class: 'panel', id: 'mod-sanction-form', 'aria-labelledby': 'mod-sanction-title' },
        el('h2', { id: 'mod-sanction-title' }, t('mod.sanctionTitle')),
        field(t('mod.player'), player), field(t('mod.kind'), kind),
        field(t('mod.minutes', { max: MaxMinutes }), minutes), field(t('mod.reason'), reason),
        el('div', { class: 'form-bar' }, apply));
    /** @param {boolean} lift */
    const sendSanction = (lift, who = player.value.trim(), what = kind.value) => act(() => sanction({
        player: who, kind: what, minutes: Math.max(0, Math.min(MaxMinutes, Math.floor(Number(minutes.value) || 0))),
        lift, reason: reason.value.trim(),
    }), t(lift ? 'mod.lifted' : 'mod.applied', { name: who }));
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        sendSanction(false);
    });
    const answer = el('p', { id: 'mod-answer', role: 'status' });
    const queue = el('section', { class: 'panel', id: 'mod-queue', 'aria-labelledby': 'mod-queue-title' });
    const inForce = el('section', { class: 'panel', id: 'mod-sanctions', 'aria-labelledby': 'mod-sanctions-title' });

    // What the moderator has typed for each report, by report id: the queue is redrawn from the
    // server's list after every action, and a new row must not lose the text of the old one.
    /** @type {Map<string, string>} */
    const drafts = new Map();

    /** @param {ModReport} r */
    function reportRow(r) {
        const why = el('input', { type: 'text', class: 'mod-report-reason', maxlength: '600', 'aria-label': t('mod.reason'),
            placeholder: t('mod.reason') });
        why.value = drafts.get(r.id) ?? '';
        why.addEventListener('input', () => drafts.set(r.id, why.value));
        /** @param {string} label @param {string} cls @param {() => void} onClick */
        const button = (label, cls, onClick) => {
            const b = el('button', { type: 'button', class: cls }, label);
            b.addEventListener('click', onClick);
            return b;
        };
        const resolve = (/** @type {'dismissed' | 'actioned'} */ how) =>
            act(() => resolveReport(r.id, how, why.value.trim()), t(`mod.resolved.${how}`));
        return el('li', { class: 'mod-report', 'data-report': r.id },
            el('p', {}, el('strong', { class: 'mod-report-player' }, r.player), ' · ', t(`report.${r.reason}Reason`) === `report.${r.reason}Reason`
                ? r.reason : t(`report.${r.reason}Reason`), ' · ', t('mod.by', { name: r.reporter }), ' · ', dateText(r.at, true)),
            r.chat ? el('blockquote', { class: 'mod-report-chat' }, r.chat) : '',
            r.text ? el('p', { class: 'mod-report-text' }, r.text) : '',
            el('div', { class: 'form-bar' }, why,
                button(t('mod.dismiss'), 'mod-dismiss', () => resolve('dismissed')),
                button(t('mod.actioned'), 'mod-actioned', () => resolve('actioned')),
                r.table && typeof r.seq === 'number'
                    ? button(t('mod.hide'), 'mod-hide', () => act(() => hideChat(String(r.table), Number(r.seq), why.value.trim()), t('mod.hidden')))
                    : '',
                button(t('mod.sanction'), 'mod-sanction', () => {
                    player.value = r.player;
                    if (!reason.value) reason.value = why.value;
                    reason.focus();
                })));
    }

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
        for (const id of drafts.keys()) if (!s.reports.some((r) => r.id === id)) drafts.delete(id);
        const typing = document.activeElement?.closest('.mod-report')?.getAttribute('data-report');
        queue.replaceChildren(el('h2', { id: 'mod-queue-title' }, t('mod.queue', { n: s.reports.length })),
            s.reports.length ? el('ul', { class: 'rows', id: 'mod-reports' }, s.reports.map(reportRow))
                : el('p', { class: 'note' }, t('mod.noReports')));
        // A moderator typing in a report's reason keeps typing there after the redraw.
        if (typing) /** @type {HTMLInputElement | null} */ (queue.querySelector(`.mod-report[data-report="${CSS.escape(typing)}"] .mod-report-reason`))?.focus();
        inForce.replaceChildren(el('h2', { id: 'mod-sanctions-title' }, t('mod.inForce')),
            s.sanctions.length ? el('ul', { class: 'rows', id: 'mod-sanction-list' }, s.sanctions.map((x) => {
                const lift = el('button', { type: 'button', class: 'mod-lift' }, t('mod.lift'));
                lift.addEventListener('click', () => sendSanction(true, x.player, x.kind));
                return el('li', { 'data-player': x.player, 'data-kind': x.kind },
                    el('strong', {}, x.player), ` · ${t(`mod.kind.${x.kind}`)} · ${untilText(x.until)} `, lift);
            })) : el('p', { class: 'note' }, t('mod.noSanctions')));
        if (!view.contains(form)) view.replaceChildren(el('h1', { id: 'mod-title' }, t('mod.title')), answer, queue, form, inForce);
    }

    const stop = store.subscribe(draw);
    draw();
    getModRole().then(({ role }) => {
        store.set({ role: role || '' });
        if (role) refresh();
    }, (e) => store.set({ role: '', error: errorText(e) }));
    return { destroy() { stop(); } };
}
