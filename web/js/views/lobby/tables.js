// SPDX-License-Identifier: MIT
// The lobby's lists from the HTTP API: the open tables to join or watch, and the finished games
// to replay, a page at a time. Each draws the view store's last answer (or its refusal).
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { el } from '../../lib/dom.js';
import { computerName, resultText } from '../../lib/game-text.js';
import { afterName } from '../../components/bot-mark.js';
import { FinishedPerPage } from './actions.js';

/** @typedef {import('../../lib/store.js').Store<import('./lobby.js').LobbyState>} LobbyStore */
/** @typedef {import('./actions.js').LobbyActions} LobbyActions */

/**
 * Each seat's name, a bot's with its mark.
 * @param {import('../../lib/protocol.js').Seat[]} seats @returns {(string | HTMLElement)[]}
 */
const seatsText = (seats) => seats.flatMap((s, i) => [i ? ', ' : '', `${colourName(i)}: ${s.type === 'computer'
    ? computerName(s.level) : s.name || (s.taken ? t('seat.human') : t('seat.free'))}`,
...afterName(s.bot)]);

/** @param {HTMLElement} host @param {LobbyStore} store */
export function renderOpen(host, store) {
    const answer = store.get().open;
    if (!answer) return;
    if ('error' in answer) {
        host.replaceChildren(el('p', { role: 'alert' }, answer.error));
        return;
    }
    const rows = answer.tables.map((tb) => {
        const free = tb.seats.some((s) => s.type === 'human' && !s.taken);
        return el('li', { class: 'table-row', 'data-table': tb.id },
            el('span', { class: 'what' }, describeSetup(tb.setup)),
            el('span', { class: 'who' }, seatsText(tb.seats)),
            el('span', { class: 'state' }, t(`status.${tb.status}`), ` · ${t('lobby.ply', { n: tb.ply })}`),
            el('a', { href: `#/table/${tb.id}`, class: 'button' }, free ? t('lobby.join') : t('lobby.watch')));
    });
    host.replaceChildren(rows.length ? el('ul', { class: 'rows' }, rows) : el('p', { class: 'note' }, t('lobby.noTables')));
}

/** @param {HTMLElement} host @param {LobbyStore} store @param {LobbyActions} act */
export function renderFinished(host, store, act) {
    const answer = store.get().finished;
    if (!answer) return;
    if ('error' in answer) {
        host.replaceChildren(el('p', { role: 'alert' }, answer.error));
        return;
    }
    const rows = answer.games.slice(0, FinishedPerPage).map((g) => el('li', { class: 'game-row', 'data-game': g.id },
        el('span', { class: 'what' }, describeSetup(g.setup)),
        el('span', { class: 'who' }, seatsText(g.seats || [])),
        el('span', { class: 'state' }, g.result && typeof g.result === 'object' ? resultText(g.result, g.setup) : ''),
        el('a', { href: `#/replay/${g.id}`, class: 'button' }, t('lobby.replay'))));
    host.replaceChildren(rows.length ? el('ul', { class: 'rows' }, rows) : el('p', { class: 'note' }, t('lobby.noGames')),
        finishedPager(store, act, answer.games.length > FinishedPerPage));
}

/**
 * Previous and next page of finished games.
 * @param {LobbyStore} store @param {LobbyActions} act @param {boolean} more a next page exists
 */
function finishedPager(store, act, more) {
    const offset = store.get().finishedOffset;
    if (!more && offset === 0) return '';
    const prev = el('button', { type: 'button', id: 'finished-prev' }, t('lobby.pagePrev'));
    const next = el('button', { type: 'button', id: 'finished-next' }, t('lobby.pageNext'));
    prev.disabled = offset === 0;
    next.disabled = !more;
    prev.addEventListener('click', () => act.finishedPage(offset - FinishedPerPage));
    next.addEventListener('click', () => act.finishedPage(offset + FinishedPerPage));
    return el('div', { class: 'form-bar pager' }, prev,
        el('span', { id: 'finished-page' }, t('lobby.page', { page: Math.floor(offset / FinishedPerPage) + 1 })), next);
}
