// SPDX-License-Identifier: MIT
// Etiquette at a table between people (docs/SITE.md "At the table"): offers of a draw, a
// takeback or a rematch, the other side's offer shown as accept/decline, abort before every
// human seat has moved, claiming the win once the opponent has been gone long enough (with a
// countdown to `claim_at`), and after the game the rating change.
// Everything is drawn from the table state; the server decides what is allowed.
import { t, colourName } from '../../lib/i18n.js';
import { el } from '../../lib/dom.js';
import { neverPlayed } from '../../lib/game-text.js';
import { poolName, poolOf, presetLabel, presetOf, siteConfig } from '../../lib/pools.js';
import { lobby } from '../../lib/session.js';
import { quickWaitDetails } from '../../components/quick-wait.js';

const Kinds = ['draw', 'takeback', 'rematch'];

// True when every seat is a person and the seats are held at different screens.
/** @param {import('../../lib/protocol.js').TableState} table */
export const betweenPeople = (table) => !table.local && table.seats.every((s) => s.type === 'human');

// Abort is allowed while some human seat has not made its first move (seat i moves first at
// ply i, and no pass can come before every seat has moved once).
/** @param {import('../../lib/protocol.js').TableState} table */
export function canAbort(table) {
    if (table.status !== 'playing') return false;
    const humans = table.seats.map((s, i) => (s.type === 'human' ? i : -1)).filter((i) => i >= 0);
    return humans.some((i) => table.ply <= i);
}

/** @param {string} id @param {string} label @param {() => void} onClick @param {string} [cls] */
function button(id, label, onClick, cls = '') {
    const b = el('button', { type: 'button', id, class: cls || null }, label);
    b.addEventListener('click', onClick);
    return b;
}

// Fills `host` with the offer, abort and claim controls for this browser's seats, and the news
// that my last offer was declined (issue 26, 4). `send(msg)` sends on the table socket. A draw
// or takeback declined or withdrawn at this ply (`offers_refused`) shows its button disabled,
// saying when it may be offered again, instead of a button the server would refuse.
/**
 * @param {HTMLElement} host @param {import('../../lib/protocol.js').TableState} table
 * @param {(msg: object) => void} send
 * @param {import('./store.js').TableViewState['declined']} [declined]
 */
export function renderEtiquette(host, table, send, declined = null) {
    host.replaceChildren();
    const mine = new Set(table.you || []);
    if (!mine.size) return;
    const offers = table.offers || [];
    const people = betweenPeople(table);
    if (declined && !offers.some((o) => o.kind === declined.kind && mine.has(o.from))) {
        host.append(el('p', { class: 'offer declined', id: `declined-${declined.kind}`, role: 'status' },
            t(`offer.declined.${declined.kind}`, { colour: colourName(declined.by) })));
    }
    /** @param {string} kind the offer's kind: refused to my seats until a later ply */
    const refused = (kind) => (table.offers_refused || []).some((r) => r.kind === kind && mine.has(r.from) && table.ply < r.again_at_ply);
    /** @param {string} kind @param {string} label */
    const offerButton = (kind, label) => {
        const b = button(`offer-${kind}`, label, () => send({ type: 'offer', kind }));
        if (!refused(kind)) return [b];
        b.disabled = true;
        b.setAttribute('aria-describedby', `again-${kind}`);
        return [b, el('span', { class: 'note again', id: `again-${kind}` }, t('offer.again'))];
    };
    for (const offer of offers) {
        if (!Kinds.includes(offer.kind)) continue;
        const from = colourName(offer.from);
        if (mine.has(offer.from)) {
            host.append(el('div', { class: 'offer own', id: `pending-${offer.kind}` },
                el('span', {}, t(`offer.sent.${offer.kind}`)), ' ',
                button(`withdraw-${offer.kind}`, t('offer.withdraw'), () => send({ type: 'withdraw', kind: offer.kind }))));
        } else {
            host.append(el('div', { class: 'offer incoming', id: `pending-${offer.kind}`, role: 'alert' },
                el('span', {}, t(`offer.in.${offer.kind}`, { colour: from })), ' ',
                button(`accept-${offer.kind}`, t('offer.accept'), () => send({ type: 'answer', kind: offer.kind, accept: true }), 'primary'),
                ' ',
                button(`decline-${offer.kind}`, t('offer.decline'), () => send({ type: 'answer', kind: offer.kind, accept: false }))));
        }
    }
    const pending = new Set(offers.map((o) => o.kind));
    const bar = el('div', { class: 'controls etiquette' });
    // Until every person has moved only Abort is offered (as lichess does): the server makes a
    // resignation or a draw then an abort anyway.
    if (people && table.status === 'playing' && !canAbort(table)) {
        if (!pending.has('draw')) bar.append(...offerButton('draw', t('offer.draw')));
        const moved = [...mine].some((seat) => table.ply > seat);
        if (moved && !pending.has('takeback')) bar.append(...offerButton('takeback', t('offer.takeback')));
    }
    if (canAbort(table)) {
        bar.append(button('abort', t('offer.abort'), () => {
            if (confirm(t('offer.confirmAbort'))) send({ type: 'abort' });
        }));
    }
    // A seat may offer a rematch a few times (the server counts); then the button goes.
    const left = table.rematch_offers_left;
    const mayAskRematch = !Array.isArray(left) || [...mine].some((seat) => left[seat] > 0);
    if (people && table.status === 'finished' && !table.rematch && !neverPlayed(table.result) && !pending.has('rematch')
        && mayAskRematch) {
        bar.append(button('offer-rematch', t('game.rematch'), () => send({ type: 'offer', kind: 'rematch' })));
    }
    if (!table.local && table.status === 'playing' && table.claim_at) {
        const left = Math.max(0, Math.ceil((table.claim_at - Date.now()) / 1000));
        const claim = button('claim', left > 0 ? t('offer.claimIn', { s: left }) : t('offer.claim'), () => send({ type: 'claim' }), 'primary');
        claim.disabled = left > 0;
        bar.append(claim);
    }
    if (bar.childNodes.length) host.append(bar);
}

// Refreshes only the claim countdown (called by the view's timer), so focus stays put.
/** @param {HTMLElement} host @param {import('../../lib/protocol.js').TableState | null} table */
export function tickClaim(host, table) {
    const b = /** @type {HTMLButtonElement | null} */ (host.querySelector('#claim'));
    if (!b || !table?.claim_at) return;
    const left = Math.max(0, Math.ceil((table.claim_at - Date.now()) / 1000));
    b.textContent = left > 0 ? t('offer.claimIn', { s: left }) : t('offer.claim');
    b.disabled = left > 0;
}

// After the game: the rating change of a rated game.
/** @param {HTMLElement} host @param {import('../../lib/protocol.js').TableState} table */
export function renderAfterGame(host, table) {
    host.replaceChildren();
    if (table.status !== 'finished' || neverPlayed(table.result)) return;
    const ratings = table.result?.ratings || [];
    if (ratings.length) {
        const list = el('ul', { class: 'ratings', id: 'rating-change' });
        for (const r of ratings) {
            const seat = table.seats[r.seat] || {};
            const diff = Math.round(r.after) - Math.round(r.before);
            list.append(el('li', { 'data-seat': String(r.seat) }, t('rating.change', {
                name: seat.player || seat.name || colourName(r.seat),
                before: Math.round(r.before), after: Math.round(r.after),
                diff: diff > 0 ? `+${diff}` : diff < 0 ? `−${-diff}` : '±0',
            })));
        }
        host.append(el('h2', {}, t('rating.title')), list);
    }
    // The analysis link is with the game's controls (game.js, #to-analysis).
}

/**
 * After a game between people, or its abort, "New opponent": quick pairing in the same pool
 * and time control (issue 26, 13), then the wait with a Cancel, drawn from the session's quick
 * wait.
 * @param {HTMLElement} host
 * @param {import('../../lib/protocol.js').TableState} table
 * @param {import('../../lib/session.js').QuickWait | null} quick
 */
export function renderNewOpponent(host, table, quick) {
    const pool = poolOf(table.setup);
    const preset = presetOf(table.clock);
    const mine = (table.you || []).length > 0;
    // Only a game quick pairing could make again (its pools and time controls, GET /api/config).
    const { quick: offered } = siteConfig();
    if (table.status !== 'finished' || !mine || !betweenPeople(table) || !pool || !preset
        || !offered.pools.includes(pool) || !offered.times.includes(preset)) {
        host.replaceChildren();
        return;
    }
    const hadFocus = host.contains(document.activeElement);
    const what = { pool: poolName(pool), preset: presetLabel(preset) };
    if (quick && quick.pool === pool && quick.preset === preset) {
        const cancel = button('new-opponent-cancel', t('lobby.quickCancel'), () => lobby.quickCancel());
        host.replaceChildren(el('p', { class: 'waiting', id: 'new-opponent-waiting' },
            el('span', { class: 'spinner', 'aria-hidden': 'true' }), t('lobby.quickWaiting', what), ' ', cancel),
        quickWaitDetails(quick, 'new-opponent-details'));
        if (hadFocus) cancel.focus();
        return;
    }
    const go = button('new-opponent', t('game.newOpponent', what), () => lobby.quick(pool, preset), 'primary');
    host.replaceChildren(go);
    if (hadFocus) go.focus();
}
