// SPDX-License-Identifier: MIT
// The landing page's three cards: play the computer (a board size, a level, a colour; in this
// browser where it runs the engine, views/play/, else at a table on the server; the games kept
// in this browser listed to go on with), play online (quick pairing, 8x8 5+3, with a waiting
// mark and a cancel button), play a friend (a table with a link to send).
import { t, describeSetup } from '../../lib/i18n.js';
import { lobby } from '../../lib/session.js';
import { el, field, select } from '../../lib/dom.js';
import { computerLevels, poolName, presetLabel } from '../../lib/pools.js';
import { quickWaitDetails } from '../../components/quick-wait.js';
import { engineHere } from '../../lib/engine-choice.js';
import { listGames } from '../../lib/local-games.js';
import { startLocalGame } from '../play/play.js';
import * as rules from '../../lib/rules.js';

/** @typedef {import('./landing.js').LandingState} LandingState */
/** @typedef {import('../../lib/store.js').Store<LandingState>} LandingStore */
/** @typedef {(request: object, button: HTMLButtonElement) => void} Start creates a table and opens it */

const OnlinePool = '8x8';
const OnlinePreset = '5+3';

/** @param {string} id @param {string} title @param {string} text @param {...import('../../lib/dom.js').Children} body */
function card(id, title, text, ...body) {
    return el('article', { class: 'card', id, 'aria-labelledby': `${id}-title` },
        el('h2', { id: `${id}-title` }, title), el('p', { class: 'note' }, text), ...body);
}

/** The games against the computer this browser keeps that are not over, to go on with. */
function localGames() {
    const localList = el('div', { id: 'local-games' });
    listGames().then((games) => {
        const open = games.filter((g) => !rules.isOver(rules.replay(g.setup, g.moves).at(-1) ?? rules.initialPosition(g.setup))).slice(0, 3);
        if (!open.length) return;
        localList.replaceChildren(el('p', { class: 'note' }, t('local.continue')), el('ul', {}, open.map((g) =>
            el('li', {}, el('a', { href: `#/play/${g.id}` }, `${describeSetup(g.setup)} · ${t('seat.level', { n: g.level })} · ${t('local.moves', { n: g.moves.length })}`)))));
    }, () => {});
    return localList;
}

/** Play the computer. @param {LandingStore} store @param {Start} start */
export function computerCard(store, start) {
    /** @param {Partial<LandingState['choice']>} patch */
    const choose = (patch) => store.set({ choice: { ...store.get().choice, ...patch } });
    const choice = store.get().choice;
    const computerButton = el('button', { type: 'button', class: 'primary', id: 'play-computer' }, t('landing.computerGo'));
    computerButton.addEventListener('click', async () => {
        const choice = store.get().choice;
        const mine = choice.colour === 'random' ? Math.floor(Math.random() * 2) : Number(choice.colour);
        // A casual game: played in this browser when it runs the engine (the server spends
        // nothing on it, and it goes on offline), at a table on the server otherwise.
        computerButton.disabled = true;
        if (await engineHere()) {
            try {
                await startLocalGame({ setup: { board: choice.board, players: 2 }, seat: mine, level: Number(choice.level) });
                return;
            } catch {
                // IndexedDB refused (a private window of some browsers): the server's table.
            } finally {
                computerButton.disabled = false;
            }
        }
        const seats = [0, 1].map((s) => (s === mine ? { type: 'human' } : { type: 'computer', level: Number(choice.level) }));
        start({ setup: { board: choice.board, players: 2 }, seats, seat: mine, hints: true, clock: { mode: 'none' } },
            computerButton);
    });
    return card('card-computer', t('landing.computer'), t('landing.computerText'),
        field(t('setup.shape'), select('quick-board', ['6', '8', '10'].map((b) => [b, t(`shape.${b}`)]), choice.board,
            (v) => choose({ board: v }))),
        field(t('landing.level'), select('quick-level', computerLevels().map((n) => [String(n),
            t('seat.level', { n })]), choice.level, (v) => choose({ level: v }))),
        field(t('landing.colour'), select('quick-colour', [['random', t('landing.random')], ['0', t('colour.0')],
            ['1', t('colour.1')]], choice.colour, (v) => choose({ colour: v }))),
        computerButton, localGames());
}

/**
 * Play online: quick pairing with the common default; `waiting` shows the wait.
 * @returns {{card: HTMLElement, button: HTMLButtonElement, waiting: HTMLElement}}
 */
export function onlineCard() {
    const onlineButton = el('button', { type: 'button', class: 'primary', id: 'play-online' }, t('landing.onlineGo'));
    const waiting = el('div', { class: 'waiting', id: 'online-waiting', 'aria-live': 'polite' });
    onlineButton.addEventListener('click', () => lobby.quick(OnlinePool, OnlinePreset));
    const online = card('card-online', t('landing.online'),
        t('landing.onlineText', { pool: poolName(OnlinePool), preset: presetLabel(OnlinePreset) }),
        onlineButton, waiting, el('p', { class: 'note' }, el('a', { href: '#/lobby' }, t('landing.moreOnline'))));
    return { card: online, button: onlineButton, waiting };
}

/** The quick-pairing wait, or the button that starts one. @param {{button: HTMLButtonElement, waiting: HTMLElement}} online @param {LandingStore} store */
export function showWaiting({ button: onlineButton, waiting }, store) {
    const q = store.get().quick;
    const hadFocus = document.activeElement === onlineButton || document.activeElement?.id === 'online-cancel';
    onlineButton.hidden = Boolean(q);
    if (!q) {
        waiting.replaceChildren();
        if (hadFocus) onlineButton.focus();
        return;
    }
    const cancel = el('button', { type: 'button', id: 'online-cancel' }, t('lobby.quickCancel'));
    cancel.addEventListener('click', () => lobby.quickCancel());
    waiting.replaceChildren(el('span', { class: 'spinner', 'aria-hidden': 'true' }),
        el('span', {}, t('lobby.quickWaiting', { pool: poolName(q.pool), preset: presetLabel(q.preset) })), ' ', cancel,
        quickWaitDetails(q, 'online-details'));
    if (hadFocus) cancel.focus();
}

/** Play a friend: a two-player table with the second seat free and a link to send. @param {Start} start */
export function friendCard(start) {
    const friendButton = el('button', { type: 'button', class: 'primary', id: 'play-friend' }, t('landing.friendGo'));
    friendButton.addEventListener('click', () => start({ setup: { board: '8', players: 2 },
        seats: [{ type: 'human' }, { type: 'human' }], seat: 0, hints: false, clock: { mode: 'none' } }, friendButton));
    return card('card-friend', t('landing.friend'), t('landing.friendText'), friendButton);
}
