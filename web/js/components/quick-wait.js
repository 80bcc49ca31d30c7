// SPDX-License-Identifier: MIT
// What a quick-pairing wait is doing, from the session's `quick` (the server's quick_waiting,
// issue 26, 17): the rating window, how many wait for the same game, and when the seekers,
// alone in their game, are paired whatever their ratings (a countdown that tickQuickWait
// moves on without redrawing the rest).
import { t } from '../lib/i18n.js';
import { el } from '../lib/dom.js';

/** @param {number} at wall-clock ms */
const anyRatingText = (at) => {
    const s = Math.ceil((at - Date.now()) / 1000);
    return s > 0 ? t('quick.anyRatingIn', { s }) : t('quick.anyRatingNow');
};

/**
 * The wait's details as one line, or '' before the server's first answer.
 * @param {import('../lib/session.js').QuickWait} q
 * @param {string} id the element's id
 */
export function quickWaitDetails(q, id) {
    if (q.window === null && q.seeking === null) return '';
    const parts = [];
    if (q.window !== null) parts.push(el('span', { class: 'quick-window' }, t('quick.window', { n: Math.round(q.window) })));
    if (q.seeking !== null) {
        parts.push(el('span', { class: 'quick-seeking' }, q.seeking > 1 ? t('quick.seeking', { n: q.seeking }) : t('quick.alone')));
    }
    if (q.anyRatingAt !== null) {
        parts.push(el('span', { class: 'quick-any', 'data-at': String(q.anyRatingAt) }, anyRatingText(q.anyRatingAt)));
    }
    const line = el('p', { class: 'note quick-details', id, 'aria-live': 'polite' });
    parts.forEach((p, i) => line.append(...(i ? [' · ', p] : [p])));
    return line;
}

// Moves the countdowns under `host` on (called by the view's timer).
/** @param {HTMLElement} host */
export function tickQuickWait(host) {
    for (const span of host.querySelectorAll('.quick-any')) {
        const text = anyRatingText(Number(/** @type {HTMLElement} */ (span).dataset.at));
        if (span.textContent !== text) span.textContent = text;
    }
}
