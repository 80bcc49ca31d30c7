// SPDX-License-Identifier: MIT
// A player's page's challenge: the form (pool, time control, rated or casual; to a player away,
// only correspondence times), sent over the lobby socket, and what the lobby answers of it
// (sent, with Cancel; declined, cancelled or expired; refused), kept in the view's store.
import { t } from '../../lib/i18n.js';
import { lobby, session, loggedIn as isLoggedIn } from '../../lib/session.js';
import { el, field, select, errorText } from '../../lib/dom.js';
import { choice, siteConfig, setupForPool, clockForTime, poolName, presetLabel } from '../../lib/pools.js';

/** @typedef {import('./profile.js').ProfileState} ProfileState */
/** @typedef {import('../../lib/store.js').Store<ProfileState>} ProfileStore */

const loggedIn = () => isLoggedIn(session.get());

/**
 * The challenge form, for a player who can be challenged (not me, not a guest, not a bot away).
 * @param {HTMLElement} box @param {ProfileStore} store @param {string} name the page's player
 */
export function renderChallenge(box, store, name) {
    /** @param {Partial<ProfileState['form']>} patch */
    const choose = (patch) => store.set({ form: { ...store.get().form, ...patch } });
    const { me, player, form: challengeForm } = store.get();
    const self = me && me.name && me.name.toLowerCase() === name.toLowerCase();
    if (!player || self || player.guest) {
        box.replaceChildren();
        return;
    }
    // A player who is away can be sent a correspondence challenge: it waits for them (a
    // bot plays while its program is connected).
    if (!player.online && player.bot) {
        box.replaceChildren(el('p', { class: 'note' }, t('profile.offlineNoChallenge')));
        return;
    }
    const away = !player.online;
    // A challenge is an offer of two (the lobby's seeks too): only what the server takes;
    // to a player who is away, only its days-per-move times.
    const { offers } = siteConfig();
    const times = away ? offers.times.filter((id) => clockForTime(id).mode === 'days') : offers.times;
    const rated = el('input', { type: 'checkbox', id: 'challenge-rated' });
    rated.checked = challengeForm.rated && loggedIn();
    rated.disabled = !loggedIn();
    rated.addEventListener('change', () => choose({ rated: rated.checked }));
    const send = el('button', { type: 'submit', class: 'primary', id: 'challenge-send' }, t('profile.challenge'));
    const form = el('form', { class: 'challenge-form', id: 'challenge-form' },
        field(t('lobby.pool'), select('challenge-pool', offers.pools.map((p) => [p, poolName(p)]), choice(offers.pools, challengeForm.pool),
            (v) => choose({ pool: v }))),
        field(t('lobby.time'), select('challenge-time', times.map((p) => [p, presetLabel(p)]), choice(times, challengeForm.preset),
            (v) => choose({ preset: v }))),
        el('div', { class: 'check' }, rated, el('label', { for: 'challenge-rated' }, t('lobby.rated'))),
        el('div', { class: 'form-bar' }, send));
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        const challengeForm = store.get().form;
        store.set({ challenge: { state: 'sending', id: null, text: '' } });
        lobby.send({ type: 'challenge', to: player.name, setup: setupForPool(choice(offers.pools, challengeForm.pool)),
            clock: clockForTime(choice(times, challengeForm.preset)), rated: Boolean(challengeForm.rated && loggedIn()) });
    });
    box.replaceChildren(el('h2', {}, t('profile.challengeTitle')),
        away ? el('p', { class: 'note', id: 'challenge-away' }, t('profile.awayCorrespondence')) : '', form);
}

/** What became of my challenge. @param {HTMLElement} host @param {ProfileStore} store @param {string} name */
export function renderStatus(host, store, name) {
    const { challenge, player } = store.get();
    if (challenge.state === 'sending') {
        host.textContent = t('profile.challengeSent', { name: player?.name ?? name });
    } else if (challenge.state === 'sent') {
        const cancel = el('button', { type: 'button', id: 'challenge-cancel' }, t('lobby.quickCancel'));
        cancel.addEventListener('click', () => lobby.send({ type: 'challenge_cancel', id: challenge.id }));
        host.replaceChildren(el('span', { class: 'spinner', 'aria-hidden': 'true' }),
            t('profile.challengeSent', { name }), ' ', cancel);
    } else {
        host.textContent = challenge.text;
    }
}

// The challenge I sent from this page: its id comes back in challenge_sent, for Cancel.
/** @param {ProfileStore} store @param {string} name the page's player */
export const challengeAnswers = (store, name) => (/** @type {import('../../lib/protocol.js').LobbyMessage | {type: string}} */ msg) => {
    const { challenge } = store.get();
    const sent = challenge.state === 'sending' || challenge.state === 'sent';
    if (!sent) return;
    if (msg.type === 'challenge_sent' && 'to' in msg && String(msg.to).toLowerCase() === name.toLowerCase()) {
        store.set({ challenge: { state: 'sent', id: /** @type {{id: string}} */ (msg).id, text: '' } });
    } else if (msg.type === 'challenge_gone' && 'id' in msg && (challenge.id === null || msg.id === challenge.id)) {
        const reason = /** @type {{reason?: string}} */ (msg).reason ?? '';
        // 'accepted': once the server ends an accepted challenge with challenge_gone too
        // (issue 26, 1: today it only pairs, and the challenge stays in the store).
        const known = ['accepted', 'declined', 'cancelled', 'expired'].includes(reason) ? reason : 'cancelled';
        store.set({ challenge: { state: 'gone', id: null, text: t(`profile.challenge.${known}`, { name }) } });
    } else if (msg.type === 'error' && 'code' in msg && challenge.id === null) {
        store.set({ challenge: { state: 'refused', id: null, text: errorText({ code: msg.code }) } });
    }
};
