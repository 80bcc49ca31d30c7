// SPDX-License-Identifier: MIT
// One incoming challenge (docs/SITE.md, lobby socket) as a row with Accept and Decline; the
// lobby lists them, and the notice bar under the header shows them on every other screen.
import { t, describeSetup } from '../lib/i18n.js';
import { lobby } from '../lib/session.js';
import { el } from '../lib/dom.js';
import { clockLabel } from '../lib/pools.js';
import { botMark } from './bot-mark.js';

/** @param {import('../lib/protocol.js').Challenge} c @param {string} [idPrefix] */
export function challengeItem(c, idPrefix = 'challenge') {
    /** @param {boolean} accept */
    const answer = (accept) => lobby.send({ type: 'challenge_reply', id: c.id, accept });
    const yes = el('button', { type: 'button', class: 'primary', id: `${idPrefix}-accept-${c.id}` }, t('lobby.accept'));
    const no = el('button', { type: 'button', id: `${idPrefix}-decline-${c.id}` }, t('lobby.decline'));
    yes.addEventListener('click', () => answer(true));
    no.addEventListener('click', () => answer(false));
    return el('li', { class: 'challenge-row', 'data-challenge': c.id },
        el('span', { class: 'who' }, t('lobby.challengeFrom', { name: c.from ?? '' }), ' ', botMark(c.from_bot)),
        el('span', { class: 'what' }, `${describeSetup(c.setup)} · ${clockLabel(c.clock)}`),
        el('span', { class: 'state' }, c.rated ? t('lobby.rated') : t('lobby.casual')),
        el('span', { class: 'actions' }, yes, ' ', no));
}
