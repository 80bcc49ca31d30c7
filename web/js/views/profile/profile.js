// SPDX-License-Identifier: MIT
// A player's page (#/player/NAME): online or not, ratings per pool (provisional ones marked),
// games won, drawn and lost, the recent games with their replay links and rating changes, and
// a challenge (pool, time control, rated or casual) sent over the lobby socket, and a registered
// visitor's report of the player (components/report-form.js); on one's own page, the bot
// account and its API tokens (bot-panel.js). The page is drawn by render.js, the challenge and
// the lobby's answers to it are challenge.js's; this file makes the view's store when the view
// opens and asks the server for the player.
import { t } from '../../lib/i18n.js';
import { getPlayer, getPuzzlePlayer, playerTournaments } from '../../lib/api.js';
import { lobby, session, onLobbyMessage } from '../../lib/session.js';
import { createStore, mirror } from '../../lib/store.js';
import { keepChoices, lastChoices } from '../../lib/choices.js';
import { el, errorText } from '../../lib/dom.js';
import { botPanel } from './bot-panel.js';
import { drawProfile } from './render.js';
import { challengeAnswers, renderChallenge, renderStatus } from './challenge.js';

/** @typedef {import('../../lib/protocol.js').Me} Me */
/** @typedef {import('../../lib/protocol.js').Player} Player */
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

/** @param {HTMLElement} root @param {string} name */
export function profileView(root, name) {
    // The view's store, made for this visit: an answer for a profile left before it came
    // (another profile opened at once) goes into the store of the view it was asked for.
    const store = createStore(/** @type {ProfileState} */ ({
        ...lastChoices('profile', choices), name, player: null, error: '', me: session.get().me, puzzles: null,
        challenge: { state: 'none', id: null, text: '' }, tournaments: [],
    }));
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
    const boxes = { reportBox, challengeBox, challengeStatus, botSection };

    const stops = [
        store.subscribe((s, was) => {
            if (s.error !== was.error && s.error) {
                view.replaceChildren(el('h1', { id: 'profile-title' }, name), el('p', { role: 'alert', class: 'alert' }, s.error));
            }
            if (s.player && (s.player !== was.player || s.me !== was.me || s.puzzles !== was.puzzles
                || s.tournaments !== was.tournaments)) {
                drawProfile(view, s, s.player, boxes);
                renderChallenge(challengeBox, store, name);
            }
            if (s.challenge !== was.challenge) renderStatus(challengeStatus, store, name);
            // One's own account just became a bot (bot-panel.js): the page marks it BOT.
            if (s.me?.bot && !was.me?.bot && s.player && !s.player.bot && s.me.name.toLowerCase() === name.toLowerCase()) {
                getPlayer(name).then((player) => store.set({ player }), () => {});
            }
        }),
        keepChoices('profile', store, (s) => ({ form: s.form })),
        mirror(session, store, (s) => ({ me: s.me })),
        onLobbyMessage(challengeAnswers(store, name)),
    ];
    lobby.start();
    getPuzzlePlayer(name).then((puzzles) => store.set({ puzzles }), () => {});
    playerTournaments(name).then((r) => store.set({ tournaments: r.tournaments || [] }), () => {});
    getPlayer(name).then((player) => store.set({ player }),
        (e) => store.set({ error: e.code === 'not_found' ? t('profile.notFound') : errorText(e) }));
    return { destroy() { stops.forEach((stop) => stop()); } };
}

