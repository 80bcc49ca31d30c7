// SPDX-License-Identifier: MIT
// The landing page (#/): the three ways to start, each one click away: play the computer (a
// board size, a level, a colour; in this browser where it runs the engine, views/play/, else at
// a table on the server; the games kept in this browser listed to go on with), play online (quick pairing, 8x8 5+3, with a waiting mark and
// a cancel button), play a friend (a table with a link to send). The full setup is at #/new.
// Below, what is being played now (issue 48, 21): running games to watch and the tournaments
// running or about to start, asked again every few seconds.
import { t, describeSetup } from '../../lib/i18n.js';
import { createTable, listTables, listTournaments } from '../../lib/api.js';
import { standingText, tournamentName } from '../../lib/tournament-text.js';
import { saveToken } from '../../lib/preferences.js';
import { lobby, onLobbyMessage, session } from '../../lib/session.js';
import { createStore, mirror } from '../../lib/store.js';
import { keepChoices, lastChoices } from '../../lib/choices.js';
import { el, field, select, errorText } from '../../lib/dom.js';
import { computerLevels, poolName, presetLabel } from '../../lib/pools.js';
import { computerName } from '../../lib/game-text.js';
import { quickWaitDetails, tickQuickWait } from '../../components/quick-wait.js';
import { engineHere } from '../../lib/engine-choice.js';
import { listGames } from '../../lib/local-games.js';
import { startLocalGame } from '../play/play.js';
import * as rules from '../../lib/rules.js';

const OnlinePool = '8x8';
const OnlinePreset = '5+3';

/**
 * @typedef {object} LandingState
 * @property {{board: string, level: string, colour: string}} choice kept while the page
 *   lives, so coming back shows the last choices (lib/choices.js)
 * @property {import('../../lib/session.js').QuickWait | null} quick the session's quick wait
 * @property {string} status the last refusal
 * @property {{tables: import('../../lib/protocol.js').TableSummary[], tournaments: import('../../lib/protocol.js').TournamentView[],
 *   at: number} | null} live what is being played, as the server last answered (at: when)
 */

// How many running games and tournaments the landing page shows.
const LiveGames = 6;
const LiveTournaments = 4;

/** The computer card's choices, kept while the page lives. */
const choices = () => ({ choice: { board: '8', level: '3', colour: 'random' } });

/** @param {HTMLElement} root */
export function landingView(root) {
    const store = createStore(/** @type {LandingState} */ ({
        ...lastChoices('landing', choices), quick: session.get().quick, status: '', live: null,
    }));
    /** @param {Partial<LandingState['choice']>} patch */
    const choose = (patch) => store.set({ choice: { ...store.get().choice, ...patch } });
    const view = el('section', { class: 'landing', 'aria-labelledby': 'landing-title' });
    root.append(view);
    const status = el('p', { id: 'landing-status', class: 'alert', role: 'alert' });
    const choice = store.get().choice;

    /** @param {object} request @param {HTMLButtonElement} button */
    async function start(request, button) {
        button.disabled = true;
        store.set({ status: '' });
        try {
            const res = await createTable(request);
            if (res.token) saveToken(res.table, res.token);
            location.hash = `#/table/${res.table}`;
        } catch (e) {
            store.set({ status: errorText(e) });
            button.disabled = false;
        }
    }

    // The games against the computer this browser keeps that are not over, to go on with.
    const localList = el('div', { id: 'local-games' });
    listGames().then((games) => {
        const open = games.filter((g) => !rules.isOver(rules.replay(g.setup, g.moves).at(-1) ?? rules.initialPosition(g.setup))).slice(0, 3);
        if (!open.length) return;
        localList.replaceChildren(el('p', { class: 'note' }, t('local.continue')), el('ul', {}, open.map((g) =>
            el('li', {}, el('a', { href: `#/play/${g.id}` }, `${describeSetup(g.setup)} · ${t('seat.level', { n: g.level })} · ${t('local.moves', { n: g.moves.length })}`)))));
    }, () => {});

    // Play the computer.
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
    const computer = card('card-computer', t('landing.computer'), t('landing.computerText'),
        field(t('setup.shape'), select('quick-board', ['6', '8', '10'].map((b) => [b, t(`shape.${b}`)]), choice.board,
            (v) => choose({ board: v }))),
        field(t('landing.level'), select('quick-level', computerLevels().map((n) => [String(n),
            t('seat.level', { n })]), choice.level, (v) => choose({ level: v }))),
        field(t('landing.colour'), select('quick-colour', [['random', t('landing.random')], ['0', t('colour.0')],
            ['1', t('colour.1')]], choice.colour, (v) => choose({ colour: v }))),
        computerButton, localList);

    // Play online: quick pairing with the common default.
    const onlineButton = el('button', { type: 'button', class: 'primary', id: 'play-online' }, t('landing.onlineGo'));
    const waiting = el('div', { class: 'waiting', id: 'online-waiting', 'aria-live': 'polite' });
    onlineButton.addEventListener('click', () => lobby.quick(OnlinePool, OnlinePreset));
    const online = card('card-online', t('landing.online'),
        t('landing.onlineText', { pool: poolName(OnlinePool), preset: presetLabel(OnlinePreset) }),
        onlineButton, waiting, el('p', { class: 'note' }, el('a', { href: '#/lobby' }, t('landing.moreOnline'))));

    // Play a friend: a two-player table with the second seat free and a link to send.
    const friendButton = el('button', { type: 'button', class: 'primary', id: 'play-friend' }, t('landing.friendGo'));
    friendButton.addEventListener('click', () => start({ setup: { board: '8', players: 2 },
        seats: [{ type: 'human' }, { type: 'human' }], seat: 0, hints: false, clock: { mode: 'none' } }, friendButton));
    const friend = card('card-friend', t('landing.friend'), t('landing.friendText'), friendButton);

    function showWaiting() {
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
    const stops = [
        keepChoices('landing', store, (s) => ({ choice: s.choice })),
        mirror(session, store, (s) => ({ quick: s.quick })),
        onLobbyMessage((msg) => {
            if (msg.type === 'error' && session.get().quick === null) store.set({ status: errorText({ code: msg.code }) });
        }),
        store.subscribe((s, was) => {
            if (s.quick !== was.quick) showWaiting();
            if (s.status !== was.status) status.textContent = s.status;
            if (s.live !== was.live) showLive();
        }),
    ];
    showWaiting();

    // Being played now: running games (a watch link each) and running tournaments; then those coming up.
    const live = el('section', { class: 'panel landing-live', id: 'landing-live', 'aria-labelledby': 'landing-live-title' });
    function showLive() {
        const now = store.get().live;
        if (!now) return;
        const games = now.tables.filter((tb) => tb.status === 'playing').slice(0, LiveGames);
        const tours = now.tournaments.filter((v) => v.status !== 'finished')
            .sort((a, b) => (a.status === b.status ? a.starts_at - b.starts_at : a.status === 'running' ? -1 : 1)).slice(0, LiveTournaments);
        // A tournament that has not started is not being played: it is listed as coming up.
        const running = tours.filter((v) => v.status === 'running');
        const coming = tours.filter((v) => v.status !== 'running');
        /** @param {string} id @param {typeof tours} list */
        const tourList = (id, list) => el('ul', { class: 'rows', id }, list.map((v) => el('li', { 'data-tournament': v.id },
            el('a', { href: `#/tournament/${encodeURIComponent(v.id)}`, class: 'who' }, tournamentName(v)),
            el('span', { class: 'state' }, `${standingText(v, now.at)} · ${t('tournament.players', { n: v.players ?? 0 })}`))));
        live.replaceChildren(el('h2', { id: 'landing-live-title' }, t('landing.live')),
            !games.length && !running.length ? el('p', { class: 'note' }, t('landing.noLive')) : '',
            running.length ? tourList('landing-tournaments', running) : '',
            games.length ? el('ul', { class: 'rows', id: 'landing-games' }, games.map((tb) => el('li', { 'data-table': tb.id },
                el('span', { class: 'who' }, tb.seats.map((seat) => (seat.type === 'computer' ? computerName(seat.level)
                    : seat.name || t('seat.human'))).join(' – ')),
                el('span', { class: 'what' }, describeSetup(tb.setup)),
                el('a', { href: `#/table/${encodeURIComponent(tb.id)}`, class: 'button' }, t('lobby.watch'))))) : '',
            coming.length ? el('h3', { id: 'landing-upcoming-title' }, t('landing.upcoming')) : '',
            coming.length ? tourList('landing-upcoming', coming) : '');
    }
    async function loadLive() {
        const [tables, tournaments] = await Promise.all([
            listTables().then((r) => r.tables || [], () => []),
            listTournaments(0, 20).then((r) => r.tournaments || [], () => []),
        ]);
        store.set({ live: { tables, tournaments, at: Date.now() } });
    }
    loadLive();
    const liveTimer = setInterval(loadLive, 10000);

    view.append(el('h1', { id: 'landing-title' }, t('landing.title')),
        el('p', { class: 'lead' }, t('landing.lead')),
        el('div', { class: 'cards' }, computer, online, friend), status,
        el('p', { class: 'more' }, el('a', { href: '#/new', class: 'button', id: 'full-setup' }, t('landing.fullSetup')),
            ' ', el('a', { href: '#/rules/standard' }, t('landing.rules')),
            ' ', el('a', { href: '#/puzzle/daily', id: 'daily-puzzle' }, t('landing.dailyPuzzle')),
            ' ', el('a', { href: '#/puzzles/8x8', id: 'puzzles-link' }, t('landing.puzzles')),
            ' ', el('a', { href: '#/explorer/8x8', id: 'explorer-link' }, t('landing.explorer'))), live);
    const ticker = setInterval(() => tickQuickWait(waiting), 500);
    return { destroy() { clearInterval(ticker); clearInterval(liveTimer); stops.forEach((stop) => stop()); } };
}

/** @param {string} id @param {string} title @param {string} text @param {...import('../../lib/dom.js').Children} body */
function card(id, title, text, ...body) {
    return el('article', { class: 'card', id, 'aria-labelledby': `${id}-title` },
        el('h2', { id: `${id}-title` }, title), el('p', { class: 'note' }, text), ...body);
}
