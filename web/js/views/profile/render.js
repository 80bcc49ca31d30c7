// SPDX-License-Identifier: MIT
// A player's page drawn from what the server sent: online or not, ratings per pool (provisional
// ones marked), games won, drawn and lost, the recent games with their replay links and rating
// changes, the puzzle rating, the finished tournaments, and the boxes of the challenge, the
// report form and (on one's own page) the bot panel.
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { discBadge } from '../../components/board.js';
import { dateText, outcome, outcomeText, seatName } from '../../lib/game-text.js';
import { session, loggedIn as isLoggedIn } from '../../lib/session.js';
import { el } from '../../lib/dom.js';
import { botMark, afterName } from '../../components/bot-mark.js';
import { reportButton } from '../../components/report-form.js';
import { tournamentName } from '../../lib/tournament-text.js';
import { allPools, clockLabel, poolName, ratingText } from '../../lib/pools.js';

/** @typedef {import('../../lib/protocol.js').GameSummary} GameSummary */
/** @typedef {import('../../lib/protocol.js').Me} Me */
/** @typedef {import('../../lib/protocol.js').Player} Player */
/** @typedef {import('./profile.js').ProfileState} ProfileState */
/**
 * @typedef {object} Boxes the view's parts kept across redraws
 * @property {HTMLElement} reportBox the report form's (an open form keeps what was typed)
 * @property {HTMLElement} challengeBox
 * @property {HTMLElement} challengeStatus
 * @property {(me: Me) => HTMLElement | ''} botSection one's own bot panel
 */

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

/** The player's ratings, one row per pool of the site's. @param {Player} p */
function ratingsTable(p) {
    const pools = allPools();
    const ratings = Object.entries(p.ratings || {}).filter(([pool]) => pools.includes(pool))
        .sort(([a], [b]) => pools.indexOf(a) - pools.indexOf(b));
    return ratings.length ? el('table', { class: 'data', id: 'profile-ratings' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('lobby.pool')), el('th', { scope: 'col' }, t('profile.rating')),
            el('th', { scope: 'col' }, t('profile.rd')), el('th', { scope: 'col' }, t('profile.games')))),
        el('tbody', {}, ratings.map(([pool, r]) => el('tr', { 'data-pool': pool },
            el('th', { scope: 'row' }, el('a', { href: `#/leaderboard/${pool}` }, poolName(pool))),
            el('td', { class: 'num rating' }, ratingText(r), r.provisional ? el('span', { class: 'sr' }, ` ${t('site.provisional')}`) : ''),
            el('td', { class: 'num' }, `±${Math.round(r.rd ?? 0)}`),
            el('td', { class: 'num' }, String(r.games ?? 0))))))
        : el('p', { class: 'note' }, t('profile.noRatings'));
}

// Each recent game (issue 26, 6): date, setup and time control, the profile's colour, the
// opponents (a computer by its level), the result with the score and rating change.
/** @param {GameSummary} g @param {string} name the profile's player */
function recentRow(g, name) {
    const seat = typeof g.seat === 'number' ? g.seat : seatOf(g, name);
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
}

/**
 * The page of the player `p`, with the view's boxes kept across redraws.
 * @param {HTMLElement} view @param {ProfileState} state @param {Player} p @param {Boxes} boxes
 */
export function drawProfile(view, state, p, boxes) {
    const { reportBox, challengeBox, challengeStatus, botSection } = boxes;
    const dot = el('span', { class: `dot ${p.online ? 'on' : 'off'}`, id: 'profile-online', title: t(p.online ? 'profile.online' : 'profile.offline') },
        el('span', { class: 'sr' }, t(p.online ? 'profile.online' : 'profile.offline')));
    const ratingTable = ratingsTable(p);
    /** @type {Record<string, number | undefined>} */
    const st = p.stats || {};
    const stats = el('dl', { class: 'stats', id: 'profile-stats' },
        ...['games', 'won', 'drawn', 'lost'].flatMap((k) => [el('dt', {}, t(`profile.${k}`)),
            el('dd', { 'data-stat': k }, String(st[k] ?? 0))]));
    const recent = (p.recent || []).map((g) => recentRow(g, p.name));
    const me = state.me;
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
                puzzleLine(state.puzzles)),
            el('section', { class: 'panel', 'aria-labelledby': 'stats-title' }, el('h2', { id: 'stats-title' }, t('profile.stats')), stats,
                challengeBox, challengeStatus)),
        el('section', { class: 'panel', 'aria-labelledby': 'recent-title' }, el('h2', { id: 'recent-title' }, t('profile.recent')),
            recent.length ? el('ul', { class: 'rows', id: 'profile-recent' }, recent) : el('p', { class: 'note' }, t('profile.noGames'))),
        state.tournaments.length ? el('section', { class: 'panel', 'aria-labelledby': 'ptournaments-title' },
            el('h2', { id: 'ptournaments-title' }, t('tournament.title')),
            el('ul', { class: 'rows', id: 'profile-tournaments' }, state.tournaments.map((r) => el('li', {},
                el('a', { href: `#/tournament/${encodeURIComponent(r.id)}` }, tournamentName(r)),
                ` · ${t('tournament.place', { rank: r.rank, of: r.players })}`)))) : '',
        self && me && loggedIn() ? botSection(me) : '');
}

// The player's puzzle rating and best streaks (docs/PUZZLES.md), once the server has sent them.
/** @param {import('../../lib/protocol.js').PuzzlePlayer | null} p */
function puzzleLine(p) {
    if (!p) return '';
    const streaks = Object.entries(p.streaks || {}).map(([pool, best]) => `${poolName(pool)} ${best}`);
    return el('p', { id: 'profile-puzzles' }, t('profile.puzzleRating', { rating: ratingText(p), solved: p.solved, attempts: p.attempts }),
        streaks.length ? el('span', { id: 'profile-streaks' }, ` · ${t('profile.bestStreaks', { streaks: streaks.join(', ') })}`) : '');
}
