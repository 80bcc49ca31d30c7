// SPDX-License-Identifier: MIT
// The player list of the game view: per seat a presence dot (human seats: at the table or
// away), the disc (with its glyph only for 3-4 players), colour and name (a registered
// player's name and rating, a computer's level), the disc count and the clock.
import { t, colourName } from '../../lib/i18n.js';
import { discBadge } from '../../components/board.js';
import { el } from '../../lib/dom.js';
import { botMark } from '../../components/bot-mark.js';
import { computerName } from '../../lib/game-text.js';

/** @param {import('../../lib/protocol.js').Seat} s */
function seatLabel(s) {
    if (s.type === 'computer') return computerName(s.level);
    const name = s.player || s.name;
    if (name) return s.rating ? `${name} (${Math.round(typeof s.rating === 'object' ? s.rating.rating : s.rating)})` : name;
    return s.taken ? t('seat.human') : t('seat.free');
}

/** @param {import('../../lib/protocol.js').TableState} table @param {import('../../lib/protocol.js').Seat} s @param {number} i */
function presenceDot(table, s, i) {
    const online = s.type === 'human' && s.taken !== false ? (table.presence?.[i] ?? s.connected) : undefined;
    if (online === undefined) return el('span', { class: 'presence none', 'aria-hidden': 'true' });
    const word = t(online ? 'presence.on' : 'presence.off');
    return el('span', { class: `presence ${online ? 'on' : 'off'}`, title: word, 'aria-label': word, role: 'img' });
}

// Fills `host` (a <ul>) for `table`; `mine` is the set of seats this browser holds.
/** @param {HTMLElement} host @param {import('../../lib/protocol.js').TableState} table @param {Set<number>} mine @param {import('./clock.js').Clocks} clocks */
export function renderPlayers(host, table, mine, clocks) {
    host.replaceChildren();
    const marks = table.setup.players > 2;
    table.seats.forEach((s, i) => {
        const li = el('li', { class: 'player' + (table.to_move === i ? ' to-move' : ''), 'data-seat': String(i) });
        const you = mine.has(i) ? ` ${t('game.you')}` : '';
        li.append(presenceDot(table, s, i), discBadge(i, marks),
            el('span', { class: 'pname' }, `${colourName(i)}: ${seatLabel(s)}${you}`, ' ', botMark(s.bot)),
            el('span', { class: 'count', 'aria-label': t('game.discs') }, String(table.counts?.[i] ?? 0)),
            el('span', { class: 'clock', 'data-seat': String(i) }));
        if (table.to_move === i) li.setAttribute('aria-current', 'true');
        host.append(li);
    });
    if (table.setup.players === 3) {
        host.append(el('li', { class: 'player neutral' }, el('span', { class: 'presence none' }), discBadge('N'),
            el('span', { class: 'pname' }, t('colour.neutral'))));
    }
    clocks.draw(host);
}
