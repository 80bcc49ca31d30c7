// SPDX-License-Identifier: MIT
// A player's page (#/player/NAME): online or not, ratings per pool (provisional ones marked),
// games won, drawn and lost, the recent games with their replay links and rating changes, and
// a challenge (pool, time control, rated or casual) sent over the lobby socket.
import { t, describeSetup } from './i18n.js';
import { getPlayer } from './api.js';
import { lobby } from './lobby-socket.js';
import { currentMe, loggedIn, onMe } from './auth.js';
import { el, field, select, errorText } from './ui.js';
import { POOLS, PRESETS, setupForPool, clockForPreset, clockLabel, poolName, presetLabel, ratingText } from './pools.js';

const challengeForm = { pool: '8x8', preset: '5+3', rated: true };

// The seat `name` held in a game summary, or -1.
function seatOf(game, name) {
    const lower = name.toLowerCase();
    return (game.seats || []).findIndex((s) => String(s.player ?? s.name ?? '').toLowerCase() === lower);
}

// 'won', 'drawn' or 'lost' for seat `seat` of a finished game's result, or null.
function outcome(result, seat) {
    if (!result || seat < 0 || ['cancelled', 'expired', 'aborted'].includes(result.reason)) return null;
    if (result.winner === null || result.winner === undefined) return 'drawn';
    return result.winner === seat ? 'won' : 'lost';
}

export function profileView(root, name) {
    const view = el('section', { class: 'profile', 'aria-labelledby': 'profile-title' });
    root.append(view);
    const challengeBox = el('div', { id: 'challenge-box' });
    const challengeStatus = el('p', { id: 'challenge-status', class: 'note', role: 'status' });
    let player = null;
    let sent = false;

    function renderChallenge() {
        const me = currentMe();
        const self = me && me.name && me.name.toLowerCase() === name.toLowerCase();
        if (!player || self || player.guest) {
            challengeBox.replaceChildren();
            return;
        }
        if (!player.online) {
            challengeBox.replaceChildren(el('p', { class: 'note' }, t('profile.offlineNoChallenge')));
            return;
        }
        const rated = el('input', { type: 'checkbox', id: 'challenge-rated' });
        rated.checked = challengeForm.rated && loggedIn();
        rated.disabled = !loggedIn();
        rated.addEventListener('change', () => { challengeForm.rated = rated.checked; });
        const send = el('button', { type: 'submit', class: 'primary', id: 'challenge-send' }, t('profile.challenge'));
        const form = el('form', { class: 'challenge-form', id: 'challenge-form' },
            field(t('lobby.pool'), select('challenge-pool', POOLS.map((p) => [p, poolName(p)]), challengeForm.pool,
                (v) => { challengeForm.pool = v; })),
            field(t('lobby.time'), select('challenge-time', PRESETS.map((p) => [p, presetLabel(p)]), challengeForm.preset,
                (v) => { challengeForm.preset = v; })),
            el('div', { class: 'check' }, rated, el('label', { for: 'challenge-rated' }, t('lobby.rated'))),
            el('div', { class: 'form-bar' }, send));
        form.addEventListener('submit', (e) => {
            e.preventDefault();
            sent = true;
            lobby.send({ type: 'challenge', to: player.name, setup: setupForPool(challengeForm.pool),
                clock: clockForPreset(challengeForm.preset), rated: Boolean(challengeForm.rated && loggedIn()) });
            challengeStatus.textContent = t('profile.challengeSent', { name: player.name });
        });
        challengeBox.replaceChildren(el('h2', {}, t('profile.challengeTitle')), form);
    }

    function render() {
        const p = player;
        const dot = el('span', { class: `dot ${p.online ? 'on' : 'off'}`, id: 'profile-online', title: t(p.online ? 'profile.online' : 'profile.offline') },
            el('span', { class: 'sr' }, t(p.online ? 'profile.online' : 'profile.offline')));
        const ratings = Object.entries(p.ratings || {}).filter(([pool]) => POOLS.includes(pool))
            .sort(([a], [b]) => POOLS.indexOf(a) - POOLS.indexOf(b));
        const ratingTable = ratings.length ? el('table', { class: 'data', id: 'profile-ratings' },
            el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('lobby.pool')), el('th', { scope: 'col' }, t('profile.rating')),
                el('th', { scope: 'col' }, t('profile.rd')), el('th', { scope: 'col' }, t('profile.games')))),
            el('tbody', {}, ratings.map(([pool, r]) => el('tr', { 'data-pool': pool },
                el('th', { scope: 'row' }, el('a', { href: `#/leaderboard/${pool}` }, poolName(pool))),
                el('td', { class: 'num rating' }, ratingText(r), r.provisional ? el('span', { class: 'sr' }, ` ${t('site.provisional')}`) : ''),
                el('td', { class: 'num' }, `±${Math.round(r.rd)}`),
                el('td', { class: 'num' }, String(r.games ?? 0))))))
            : el('p', { class: 'note' }, t('profile.noRatings'));
        const st = p.stats || {};
        const stats = el('dl', { class: 'stats', id: 'profile-stats' },
            ...['games', 'won', 'drawn', 'lost'].flatMap((k) => [el('dt', {}, t(`profile.${k}`)),
                el('dd', { 'data-stat': k }, String(st[k] ?? 0))]));
        const recent = (p.recent || []).map((g) => {
            const seat = seatOf(g, p.name);
            const result = typeof g.result === 'string' ? g.result : outcome(g.result, seat);
            const change = (g.result?.ratings || []).find((r) => r.seat === seat);
            const delta = change ? Math.round(change.after - change.before) : null;
            const opponents = (g.seats || []).filter((_, i) => i !== seat).map((s) => s.player ?? s.name ?? '?');
            return el('li', { class: 'game-row', 'data-game': g.id },
                el('span', { class: 'what' }, describeSetup(g.setup)),
                el('span', { class: 'who' }, t('lobby.versus', { names: opponents.join(', ') })),
                el('span', { class: `state ${result || ''}` }, result ? t(`profile.result.${result}`) : '',
                    delta === null ? '' : el('span', { class: 'delta' }, ` (${delta >= 0 ? '+' : ''}${delta})`)),
                el('a', { href: `#/replay/${encodeURIComponent(g.id)}`, class: 'button' }, t('lobby.replay')));
        });
        const me = currentMe();
        const self = me && me.name && me.name.toLowerCase() === p.name.toLowerCase();
        view.replaceChildren(
            el('div', { class: 'profile-head' }, el('h1', { id: 'profile-title' }, dot, ' ', p.name),
                p.guest ? el('span', { class: 'tag' }, t('profile.guest')) : '',
                self && loggedIn() ? el('a', { href: '#/password', id: 'change-password' }, t('auth.passwordTitle')) : ''),
            el('div', { class: 'profile-grid' },
                el('section', { class: 'panel', 'aria-labelledby': 'ratings-title' }, el('h2', { id: 'ratings-title' }, t('profile.ratings')), ratingTable),
                el('section', { class: 'panel', 'aria-labelledby': 'stats-title' }, el('h2', { id: 'stats-title' }, t('profile.stats')), stats,
                    challengeBox, challengeStatus)),
            el('section', { class: 'panel', 'aria-labelledby': 'recent-title' }, el('h2', { id: 'recent-title' }, t('profile.recent')),
                recent.length ? el('ul', { class: 'rows', id: 'profile-recent' }, recent) : el('p', { class: 'note' }, t('profile.noGames'))));
        renderChallenge();
    }

    async function load() {
        try {
            player = await getPlayer(name);
            render();
        } catch (e) {
            view.replaceChildren(el('h1', { id: 'profile-title' }, name),
                el('p', { role: 'alert', class: 'alert' }, e.code === 'not_found' ? t('profile.notFound') : errorText(e)));
        }
    }

    // The challenge I sent from this page: its id comes back in challenge_sent, for Cancel.
    let sentId = null;
    const unsubscribe = lobby.subscribe((msg) => {
        if (msg.type === 'challenge_sent' && sent && String(msg.to).toLowerCase() === name.toLowerCase()) {
            sentId = msg.id;
            const cancel = el('button', { type: 'button', id: 'challenge-cancel' }, t('lobby.quickCancel'));
            cancel.addEventListener('click', () => lobby.send({ type: 'challenge_cancel', id: msg.id }));
            challengeStatus.replaceChildren(el('span', { class: 'spinner', 'aria-hidden': 'true' }),
                t('profile.challengeSent', { name }), ' ', cancel);
        } else if (msg.type === 'challenge_gone' && sent && (sentId === null || msg.id === sentId)) {
            sent = false;
            sentId = null;
            const known = ['declined', 'cancelled', 'expired'].includes(msg.reason) ? msg.reason : 'cancelled';
            challengeStatus.textContent = t(`profile.challenge.${known}`, { name });
        } else if (msg.type === 'error' && sent && sentId === null) {
            sent = false;
            challengeStatus.textContent = errorText({ code: msg.code });
        }
    });
    const unMe = onMe(() => { if (player) render(); });
    lobby.start();
    load();
    return { destroy() { unsubscribe(); unMe(); } };
}
