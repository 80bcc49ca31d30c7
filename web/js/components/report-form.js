// SPDX-License-Identifier: MIT
// A player's report (docs/SITE.md "Moderation"): a "Report" button that opens a small form in
// its box -- the reason (abuse, spam, cheating, name, other) and up to 500 characters of
// text, and from a profile, optionally, one of the reported player's recent games against the
// reporter (sent as its id; the server checks that both played it) -- and posts it to
// /api/reports. What the server answered (sent, or its refusal) is
// shown under the form. The box lives outside the lines its view redraws, so an open form
// survives a new chat line or a profile refresh.
import { t } from '../lib/i18n.js';
import { el, errorText, field } from '../lib/dom.js';
import { sendReport } from '../lib/api.js';

export const ReportReasons = ['abuse', 'spam', 'cheating', 'name', 'other'];
export const ReportMaxChars = 500;

/** @typedef {{player?: string, table?: string, seq?: number}} ReportTarget a player, or a chat line */
/** @typedef {{id: string, label: string}} ReportGame a game the report may name */

/**
 * Opens the report form for `target` in `box` (replacing what it held).
 * @param {HTMLElement} box
 * @param {ReportTarget} target
 * @param {string} what the reported player or line, as the heading names it
 * @param {ReportGame[]} [games] games of a reported player against the reporter, to choose from
 */
export function openReport(box, target, what, games = []) {
    const reason = el('select', { id: 'report-reason' }, ReportReasons.map((r) => el('option', { value: r }, t(`report.${r}Reason`))));
    const game = el('select', { id: 'report-game' }, el('option', { value: '' }, t('report.noGame')),
        games.map((g) => el('option', { value: g.id }, g.label)));
    const text = el('textarea', { id: 'report-text', rows: '3', maxlength: String(ReportMaxChars * 2) });
    const send = el('button', { type: 'submit', id: 'report-send', class: 'primary' }, t('report.send'));
    const close = el('button', { type: 'button', id: 'report-close' }, t('report.close'));
    const status = el('p', { id: 'report-status', role: 'status' });
    const form = el('form', { class: 'report-form panel', id: 'report-form', 'aria-labelledby': 'report-title' },
        el('h3', { id: 'report-title' }, t('report.title', { what })),
        field(t('report.reason'), reason), games.length ? field(t('report.game'), game) : '',
        field(t('report.text', { max: ReportMaxChars }), text),
        el('div', { class: 'form-bar' }, send, close), status);
    close.addEventListener('click', () => box.replaceChildren());
    form.addEventListener('submit', async (e) => {
        e.preventDefault();
        const words = text.value.trim();
        if ([...words].length > ReportMaxChars) {
            status.textContent = t('report.tooLong', { max: ReportMaxChars });
            return;
        }
        send.disabled = true;
        status.textContent = t('report.sending');
        try {
            await sendReport({ ...target, reason: reason.value, ...(words ? { text: words } : {}),
                ...(games.length && game.value ? { game: game.value } : {}) });
            status.textContent = t('report.sent');
            status.dataset.state = 'sent';
        } catch (err) {
            // The reporter's allowance, a second open report of one player and the guests'
            // refusal have wordings of their own here, said once.
            const code = /** @type {{code?: string}} */ (err).code;
            status.textContent = code === 'rate_limited' ? t('report.tooMany') : code === 'guest' ? t('report.guest')
                : code === 'already_reported' ? t('error.already_reported') : errorText(err);
            status.dataset.state = 'refused';
            send.disabled = false;
        }
    });
    box.replaceChildren(form);
    reason.focus();
}

/**
 * The "Report" button that opens the form for `target` in `box`.
 * @param {HTMLElement} box
 * @param {ReportTarget} target
 * @param {string} what
 * @param {Record<string, string>} [attrs] the button's id, class or data
 * @param {ReportGame[]} [games] games the report may name (openReport)
 */
export function reportButton(box, target, what, attrs = {}, games = []) {
    const button = el('button', { type: 'button', class: 'link report-button', title: t('report.title', { what }), ...attrs },
        t('report.button'));
    button.addEventListener('click', () => openReport(box, target, what, games));
    return button;
}
