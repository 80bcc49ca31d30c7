// SPDX-License-Identifier: MIT
// The moderators' page's parts: the sanction form, the queue of reported players (each group
// with its reason, resolved at once or taken into the form; each report with its game and its
// chat line hidable), the sanctions in force with Lift, and the audit log's rows, with the
// server's words in the reader's language. Each draws what the view's store holds; the actions
// are mod/actions.js's.
import { t } from '../../lib/i18n.js';
import { el, field } from '../../lib/dom.js';
import { counted, dateText } from '../../lib/game-text.js';
import { resolvePlayerReports, sanction, hideChat } from '../../lib/api.js';

/** @typedef {import('../../lib/protocol.js').ModReport} ModReport */
/** @typedef {import('../../lib/protocol.js').ModReportGroup} ModReportGroup */
/** @typedef {import('../../lib/protocol.js').AuditEntry} AuditEntry */
/** @typedef {import('./mod.js').ModState} ModState */
/** @typedef {ReturnType<typeof import('./actions.js').modActions>['act']} Act */
/** @typedef {ReturnType<typeof sanctionForm>} SanctionForm */
/**
 * @typedef {object} Queue what the queue's rows call and keep
 * @property {Act} act
 * @property {Map<string, string>} drafts what the moderator has typed for each reported player
 * @property {SanctionForm} sanctions the form a group's "Sanction" fills
 */

const SanctionKinds = ['mute', 'ban', 'unlisted'];
const MaxMinutes = 527040;

/** @param {number} until wall ms, 0: no end */
const untilText = (until) => (until ? t('mod.until', { when: dateText(until, true) }) : t('mod.noEnd'));

/** A report's reason in the reader's language (the server's word when it is new). @param {string} reason */
function reasonText(reason) {
    const text = t(`report.${reason}Reason`);
    return text === `report.${reason}Reason` ? reason : text;
}

/** An audit entry's action in the reader's language. @param {string} action */
function actionText(action) {
    const text = t(`mod.action.${action}`);
    return text === `mod.action.${action}` ? action : text;
}

/**
 * What an audit entry touched: a sanction's end as a date, a role given by its name in the
 * reader's language, else the server's words.
 * @param {string} detail @param {string} action
 */
function detailText(detail, action) {
    const until = /^until (\d+)$/.exec(detail);
    if (until) return untilText(Number(until[1]));
    if (action === 'role') {
        const role = t(`mod.role.${detail}`);
        return role === `mod.role.${detail}` ? detail : role;
    }
    return detail === 'no end' ? t('mod.noEnd') : detail;
}

/** @param {string} label @param {string} cls @param {() => void} onClick */
const button = (label, cls, onClick) => {
    const b = el('button', { type: 'button', class: cls }, label);
    b.addEventListener('click', onClick);
    return b;
};

/**
 * The sanction form: it keeps what the moderator types; a report's "Sanction" fills its player.
 * @param {Act} act
 */
export function sanctionForm(act) {
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
    return { form, player, reason, sendSanction };
}

/** @param {ModReport} r @param {HTMLInputElement} why the group's reason @param {Act} act */
function reportRow(r, why, act) {
    const game = r.table ? el('a', { class: 'mod-report-game', href: `#/table/${encodeURIComponent(r.table)}` }, t('mod.game')) : '';
    return el('li', { class: 'mod-report', 'data-report': r.id },
        el('p', {}, reasonText(r.reason), ' · ', t('mod.by', { name: r.reporter }), ' · ', dateText(r.at, true),
            game ? ' · ' : '', game),
        r.chat ? el('blockquote', { class: 'mod-report-chat' }, r.chat) : '',
        r.text ? el('p', { class: 'mod-report-text' }, r.text) : '',
        r.table && typeof r.seq === 'number'
            ? el('div', { class: 'form-bar' }, button(t('mod.hide'), 'mod-hide',
                () => act(() => hideChat(String(r.table), Number(r.seq), why.value.trim()), t('mod.hidden'))))
            : '');
}

/** @param {ModReportGroup} g @param {Queue} q */
function groupRow(g, { act, drafts, sanctions: { player, reason } }) {
    const why = el('input', { type: 'text', class: 'mod-group-reason', maxlength: '600', 'aria-label': t('mod.reason'),
        placeholder: t('mod.reason') });
    why.value = drafts.get(g.player) ?? '';
    why.addEventListener('input', () => drafts.set(g.player, why.value));
    const resolve = (/** @type {'dismissed' | 'actioned'} */ how) =>
        act(() => resolvePlayerReports(g.player, how, why.value.trim(), g.newest), t(`mod.resolved.${how}`));
    const name = g.player
        ? el('a', { class: 'mod-group-player', href: `#/player/${encodeURIComponent(g.player)}` }, g.player)
        : el('span', { class: 'mod-group-player' }, t('mod.visitors'));
    return el('li', { class: 'mod-group', 'data-player': g.player },
        el('p', {}, el('strong', {}, name), ' · ',
            el('span', { class: 'mod-group-count' }, counted('mod.reportCount', g.count)), ' · ', t('mod.newest', { when: dateText(g.newest, true) })),
        el('div', { class: 'form-bar' }, why,
            g.player ? button(t('mod.dismiss'), 'mod-dismiss', () => resolve('dismissed')) : '',
            g.player ? button(t('mod.actioned'), 'mod-actioned', () => resolve('actioned')) : '',
            g.player ? button(t('mod.sanction'), 'mod-sanction', () => {
                player.value = g.player;
                if (!reason.value) reason.value = why.value;
                reason.focus();
            }) : ''),
        el('ul', { class: 'rows mod-reports' }, g.reports.map((r) => reportRow(r, why, act))),
        g.count > g.reports.length ? el('p', { class: 'note' }, t('mod.olderReports', { n: g.count - g.reports.length })) : '');
}

/** @param {AuditEntry} e */
const auditRow = (e) => el('tr', { 'data-entry': String(e.id) },
    el('td', {}, dateText(e.at, true)), el('td', {}, e.moderator ?? t('mod.operator')), el('td', { class: 'mod-audit-action' }, actionText(e.action)),
    el('td', {}, e.player ? el('a', { href: `#/player/${encodeURIComponent(e.player)}` }, e.player) : ''),
    el('td', {}, detailText(e.detail, e.action)), el('td', { class: 'mod-audit-reason' }, e.reason));

/**
 * The queue of reported players; a moderator typing in a group's reason keeps typing there.
 * @param {HTMLElement} queue @param {ModState} s @param {Queue} q
 */
export function drawQueue(queue, s, q) {
    for (const who of q.drafts.keys()) if (!s.groups.some((g) => g.player === who)) q.drafts.delete(who);
    const typing = document.activeElement?.closest('.mod-group')?.getAttribute('data-player');
    queue.replaceChildren(el('h2', { id: 'mod-queue-title' }, t('mod.queue', { n: s.groups.length })),
        s.groups.length ? el('ul', { class: 'rows', id: 'mod-reports' }, s.groups.map((g) => groupRow(g, q)))
            : el('p', { class: 'note' }, t('mod.noReports')),
        s.more ? el('p', { class: 'note', id: 'mod-more' }, t('mod.more')) : '');
    if (typing !== null && typing !== undefined) /** @type {HTMLInputElement | null} */ (queue.querySelector(`.mod-group[data-player="${CSS.escape(typing)}"] .mod-group-reason`))?.focus();
}

/** The audit log read so far, and Older while there is more. @param {HTMLElement} panel @param {ModState} s @param {HTMLElement} older */
export function drawAudit(panel, s, older) {
    panel.replaceChildren(el('h2', { id: 'mod-audit-title' }, t('mod.audit')),
        // Six columns are wider than a phone: the table scrolls inside its panel, not the page.
        s.audit.length ? el('div', { class: 'table-scroll' }, el('table', { class: 'data', id: 'mod-audit-log' },
            el('thead', {}, el('tr', {}, ...['mod.when', 'mod.moderator', 'mod.action', 'mod.player', 'mod.detail', 'mod.reason']
                .map((k) => el('th', { scope: 'col' }, t(k))))),
            el('tbody', {}, s.audit.map(auditRow)))) : el('p', { class: 'note' }, t('mod.noAudit')),
        s.auditEnd ? '' : el('div', { class: 'form-bar' }, older));
}

/** The sanctions in force, each with Lift. @param {HTMLElement} host @param {ModState} s @param {SanctionForm} sanctions */
export function drawInForce(host, s, sanctions) {
    host.replaceChildren(el('h2', { id: 'mod-sanctions-title' }, t('mod.inForce')),
        s.sanctions.length ? el('ul', { class: 'rows', id: 'mod-sanction-list' }, s.sanctions.map((x) => {
            const lift = el('button', { type: 'button', class: 'mod-lift' }, t('mod.lift'));
            lift.addEventListener('click', () => sanctions.sendSanction(true, x.player, x.kind));
            return el('li', { 'data-player': x.player, 'data-kind': x.kind },
                el('strong', {}, x.player), ` · ${t(`mod.kind.${x.kind}`)} · ${untilText(x.until)} `, lift);
        })) : el('p', { class: 'note' }, t('mod.noSanctions')));
}
