// SPDX-License-Identifier: MIT
// A player's page (#/player/NAME): online or not, ratings per pool (provisional ones marked),
// games won, drawn and lost, the recent games with their replay links and rating changes, and
// a challenge (pool, time control, rated or casual) sent over the lobby socket, and a registered
// visitor's report of the player (components/report-form.js); on one's own page, the bot
// account and its API tokens (bot-panel.js).
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { discBadge } from '../../components/board.js';
import { dateText, outcome, outcomeText, seatName } from '../../lib/game-text.js';
import { getPlayer, getPuzzlePlayer, playerTournaments } from '../../lib/api.js';
import { lobby, session, loggedIn as isLoggedIn, onLobbyMessage } from '../../lib/session.js';
import { createStore, mirror } from '../../lib/store.js';
import { keepChoices, lastChoices } from '../../lib/choices.js';
import { el, field, select, errorText } from '../../lib/dom.js';
import { botMark, afterName } from '../../components/bot-mark.js';
import { reportButton } from '../../components/report-form.js';
import { tournamentName } from '../../lib/tournament-text.js';
import { botPanel } from './bot-panel.js';
import { allPools, choice, siteConfig, setupForPool, clockForTime, clockLabel, poolName, presetLabel, ratingText } from '../../lib/pools.js';

/** @typedef {import('../../lib/protocol.js').GameSummary} GameSummary */
/** @typedef {import('../../lib/protocol.js').Me} Me */
/** @typedef {import('../../lib/protocol.js').Player} Player */
/** @typedef {import('../../lib/protocol.js').Result} Result */
/**
 * @typedef {object} ChallengeStatus my challenge from this page, as the lobby answers it
 * @property {'none' | 'sending' | 'sent' | 'gone' | 'refused'} state
 * @property {string | null} id the challenge's id once `challenge_sent` named it
 * @property {string} text what happened (gone: declined, cancelled or expired; refused: why)
 */
/**
 * @typedef {object} ProfileState
 * @property {string} name the player of the page
 * @property {Player | null} player the server's answer
 * @property {string} error a refusal to load it
 * @property {Me | null} me who I am (the session's)
 * @property {{pool: string, preset: string, rated: boolean}} form the challenge form, kept while the page lives
 * @property {ChallengeStatus} challenge
 * @property {import('../../lib/protocol.js').PuzzlePlayer | null} puzzles the player's puzzle rating
 * @property {import('../../lib/protocol.js').TournamentResult[]} tournaments finished tournaments of the player
 */

/** The challenge form's choices, kept while the page lives. */
const choices = () => ({ form: { pool: '8x8', preset: '5+3', rated: true } });

const loggedIn = () => isLoggedIn(session.get());

/**
 * The seat `name` held in a game summary, or -1.
 * @param {GameSummary} game
 * @param {string} name
 */
function seatOf(game, name) {
    const lower = name.toLowerCase();
    return (game.seats || []).findIndex((s) => String(s.player ?? s.name ?? '').toLowerCase() === lower);
}

/**
 * The others at a recent game, in seat order: a computer by its level in the reader's language,
 * a person by the server's name for them (today's name of a guest who registered).
 * @param {GameSummary} game @param {number} seat the profile's seat
 */
function opponentNames(game, seat) {
    const others = (game.seats || []).filter((_, i) => i !== seat);
    return others.map((s, k) => (s.type === 'computer' ? seatName(s) : game.opponents?.[k] ?? seatName(s)));
}

/**
 * The score of a recent game, the profile's own count first: "33–31".
 * @param {GameSummary} game @param {number} seat
 */
function scoreText(game, seat) {
    const counts = typeof game.result === 'object' ? game.result?.counts : null;
    if (!counts || seat < 0 || counts[seat] === undefined) return '';
    return t('profile.score', { mine: counts[seat], others: counts.filter((_, i) => i !== seat).join('–') });
}

/**
 * The profile's recent games against `me`, for a report to name one (the server checks that
 * both played it): "3 Dec 2026, 14:05 · 8×8".
 * @param {Player} p @param {string} me
 * @returns {import('../../components/report-form.js').ReportGame[]}
 */
function gamesAgainst(p, me) {
    const lower = me.toLowerCase();
    return (p.recent || []).filter((g) => lower && (g.opponents || []).some((o) => String(o).toLowerCase() === lower))
        .map((g) => ({ id: g.id, label: `${dateText(g.created, true)} · ${describeSetup(g.setup)}` }));
}

/** @param {HTMLElement} root @param {string} name */
export function profileView(root, name) {
    // The view's store, made for this visit: an answer for a profile left before it came
    // (another profile opened at once) goes into the store of the view it was asked for.
    const store = createStore(/** @type {ProfileState} */ ({
        ...lastChoices('profile', choices), name, player: null, error: '', me: session.get().me, puzzles: null,
        challenge: { state: 'none', id: null, text: '' }, tournaments: [],
    }));
    /** @param {Partial<ProfileState['form']>} patch */
    const choose = (patch) => store.set({ form: { ...store.get().form, ...patch } });
    const view = el('section', { class: 'profile', 'aria-labelledby': 'profile-title' });
    root.append(view);
    const challengeBox = el('div', { id: 'challenge-box' });
    // The report form's box, kept across redraws so an open form keeps what was typed.
    const reportBox = el('div', { class: 'report-box', id: 'profile-report-box' });
    const challengeStatus = el('p', { id: 'challenge-status', class: 'note', role: 'status' });
    // One's own bot panel, kept across redraws (a token just made is shown there once), made
    // again only when the account becomes a bot.
    /** @type {{key: string, node: HTMLElement | null}} */
    const bot = { key: '', node: null };
    /** @param {Me} me */
    const botSection = (me) => {
        const key = `${me.name}:${Boolean(me.bot)}`;
        if (bot.key !== key) Object.assign(bot, { key, node: botPanel(me) });
        return bot.node ?? '';
    };

    function renderChallenge() {
        const { me, player, form: challengeForm } = store.get();
        const self = me && me.name && me.name.toLowerCase() === name.toLowerCase();
        if (!player || self || player.guest) {
            challengeBox.replaceChildren();
            return;
        }
        // A player who is away can be sent a correspondence challenge: it waits for them (a
        // bot plays while its program is connected).
        if (!player.online && player.bot) {
            challengeBox.replaceChildren(el('p', { class: 'note' }, t('profile.offlineNoChallenge')));
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
        challengeBox.replaceChildren(el('h2', {}, t('profile.challengeTitle')),
            away ? el('p', { class: 'note', id: 'challenge-away' }, t('profile.awayCorrespondence')) : '', form);
    }

    /** @param {Player} p */
    function render(p) {
        const dot = el('span', { class: `dot ${p.online ? 'on' : 'off'}`, id: 'profile-online', title: t(p.online ? 'profile.online' : 'profile.offline') },
            el('span', { class: 'sr' }, t(p.online ? 'profile.online' : 'profile.offline')));
        const pools = allPools();
        const ratings = Object.entries(p.ratings || {}).filter(([pool]) => pools.includes(pool))
            .sort(([a], [b]) => pools.indexOf(a) - pools.indexOf(b));
        const ratingTable = ratings.length ? el('table', { class: 'data', id: 'profile-ratings' },
            el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('lobby.pool')), el('th', { scope: 'col' }, t('profile.rating')),
                el('th', { scope: 'col' }, t('profile.rd')), el('th', { scope: 'col' }, t('profile.games')))),
            el('tbody', {}, ratings.map(([pool, r]) => el('tr', { 'data-pool': pool },
                el('th', { scope: 'row' }, el('a', { href: `#/leaderboard/${pool}` }, poolName(pool))),
                el('td', { class: 'num rating' }, ratingText(r), r.provisional ? el('span', { class: 'sr' }, ` ${t('site.provisional')}`) : ''),
                el('td', { class: 'num' }, `±${Math.round(r.rd ?? 0)}`),
                el('td', { class: 'num' }, String(r.games ?? 0))))))
            : el('p', { class: 'note' }, t('profile.noRatings'));
        /** @type {Record<string, number | undefined>} */
        const st = p.stats || {};
        const stats = el('dl', { class: 'stats', id: 'profile-stats' },
            ...['games', 'won', 'drawn', 'lost'].flatMap((k) => [el('dt', {}, t(`profile.${k}`)),
                el('dd', { 'data-stat': k }, String(st[k] ?? 0))]));
        // Each recent game (issue 26, 6): date, setup and time control, the profile's colour, the
        // opponents (a computer by its level), the result with the score and rating change.
        const recent = (p.recent || []).map((g) => {
            const seat = typeof g.seat === 'number' ? g.seat : seatOf(g, p.name);
            const result = typeof g.result === 'string' ? g.result : outcome(g.result, seat);
            const change = (typeof g.result === 'object' && g.result?.ratings || []).find((r) => r.seat === seat);
            const delta = change ? Math.round(change.after - change.before) : null;
            const score = result ? scoreText(g, seat) : '';
            return el('li', { class: 'game-row', 'data-game': g.id },
                el('span', { class: 'when' }, dateText(g.created)),
                el('span', { class: 'what' }, describeSetup(g.setup), ` · ${clockLabel(g.clock)}`, g.rated ? ` · ${t('game.rated')}` : ''),
                seat >= 0 ? el('span', { class: 'colour', 'data-seat': String(seat) }, discBadge(seat, g.setup.players > 2), ' ', colourName(seat)) : '',
                el('span', { class: 'who' }, t('lobby.versus', { names: opponentNames(g, seat).join(', ') }),
                    ...afterName((g.seats || []).some((s, i) => i !== seat && s.bot))),
                el('span', { class: `state ${result || ''}` },
                    typeof g.result === 'object' ? outcomeText(g.result, seat) : result ? t(`profile.result.${result}`) : '',
                    score ? el('span', { class: 'score' }, ` ${score}`) : '',
                    delta === null ? '' : el('span', { class: 'delta' }, ` (${delta >= 0 ? '+' : ''}${delta})`)),
                el('a', { href: `#/replay/${encodeURIComponent(g.id)}`, class: 'button' }, t('lobby.replay')));
        });
        const me = store.get().me;
        const self = me && me.name && me.name.toLowerCase() === p.name.toLowerCase();
        view.replaceChildren(
            el('div', { class: 'profile-head' }, el('h1', { id: 'profile-title' }, dot, ' ', p.name, ' ', botMark(p.bot)),
                p.guest ? el('span', { class: 'tag' }, t('profile.guest')) : '',
                self && loggedIn() ? el('a', { href: '#/settings', id: 'change-password' }, t('auth.settingsTitle')) : '',
                !self && loggedIn() ? reportButton(reportBox, { player: p.name }, p.name, { id: 'profile-report' }, gamesAgainst(p, me?.name ?? '')) : '',
                // Issue 27: one's own finished games as one GGF file.
                self ? el('a', { href: '/api/account/games.ggf', download: 'my-games.ggf', id: 'download-ggf' }, t('profile.downloadGgf')) : ''),
            reportBox,
            el('div', { class: 'profile-grid' },
                el('section', { class: 'panel', 'aria-labelledby': 'ratings-title' }, el('h2', { id: 'ratings-title' }, t('profile.ratings')), ratingTable,
                    puzzleLine(store.get().puzzles)),
                el('section', { class: 'panel', 'aria-labelledby': 'stats-title' }, el('h2', { id: 'stats-title' }, t('profile.stats')), stats,
                    challengeBox, challengeStatus)),
            el('section', { class: 'panel', 'aria-labelledby': 'recent-title' }, el('h2', { id: 'recent-title' }, t('profile.recent')),
                recent.length ? el('ul', { class: 'rows', id: 'profile-recent' }, recent) : el('p', { class: 'note' }, t('profile.noGames'))),
            store.get().tournaments.length ? el('section', { class: 'panel', 'aria-labelledby': 'ptournaments-title' },
                el('h2', { id: 'ptournaments-title' }, t('tournament.title')),
                el('ul', { class: 'rows', id: 'profile-tournaments' }, store.get().tournaments.map((r) => el('li', {},
                    el('a', { href: `#/tournament/${encodeURIComponent(r.id)}` }, tournamentName(r)),
                    ` · ${t('tournament.place', { rank: r.rank, of: r.players })}`)))) : '',
            self && me && loggedIn() ? botSection(me) : '');
        renderChallenge();
    }

    function renderStatus() {
        const { challenge, player } = store.get();
        if (challenge.state === 'sending') {
            challengeStatus.textContent = t('profile.challengeSent', { name: player?.name ?? name });
        } else if (challenge.state === 'sent') {
            const cancel = el('button', { type: 'button', id: 'challenge-cancel' }, t('lobby.quickCancel'));
            cancel.addEventListener('click', () => lobby.send({ type: 'challenge_cancel', id: challenge.id }));
            challengeStatus.replaceChildren(el('span', { class: 'spinner', 'aria-hidden': 'true' }),
                t('profile.challengeSent', { name }), ' ', cancel);
        } else {
            challengeStatus.textContent = challenge.text;
        }
    }

    // The challenge I sent from this page: its id comes back in challenge_sent, for Cancel.
    /** @param {import('../../lib/protocol.js').LobbyMessage | {type: string}} msg */
    function answer(msg) {
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
    }

    const stops = [
        store.subscribe((s, was) => {
            if (s.error !== was.error && s.error) {
                view.replaceChildren(el('h1', { id: 'profile-title' }, name), el('p', { role: 'alert', class: 'alert' }, s.error));
            }
            if (s.player && (s.player !== was.player || s.me !== was.me || s.puzzles !== was.puzzles
                || s.tournaments !== was.tournaments)) render(s.player);
            if (s.challenge !== was.challenge) renderStatus();
            // One's own account just became a bot (bot-panel.js): the page marks it BOT.
            if (s.me?.bot && !was.me?.bot && s.player && !s.player.bot && s.me.name.toLowerCase() === name.toLowerCase()) {
                getPlayer(name).then((player) => store.set({ player }), () => {});
            }
        }),
        keepChoices('profile', store, (s) => ({ form: s.form })),
        mirror(session, store, (s) => ({ me: s.me })),
        onLobbyMessage(answer),
    ];
    lobby.start();
    getPuzzlePlayer(name).then((puzzles) => store.set({ puzzles }), () => {});
    playerTournaments(name).then((r) => store.set({ tournaments: r.tournaments || [] }), () => {});
    getPlayer(name).then((player) => store.set({ player }),
        (e) => store.set({ error: e.code === 'not_found' ? t('profile.notFound') : errorText(e) }));
    return { destroy() { stops.forEach((stop) => stop()); } };
}

// The player's puzzle rating and best streaks (docs/PUZZLES.md), once the server has sent them.
/** @param {import('../../lib/protocol.js').PuzzlePlayer | null} p */
function puzzleLine(p) {
    if (!p) return '';
    const streaks = Object.entries(p.streaks || {}).map(([pool, best]) => `${poolName(pool)} ${best}`);
    return el('p', { id: 'profile-puzzles' }, t('profile.puzzleRating', { rating: ratingText(p), solved: p.solved, attempts: p.attempts }),
        streaks.length ? el('span', { id: 'profile-streaks' }, ` · ${t('profile.bestStreaks', { streaks: streaks.join(', ') })}`) : '');
}
