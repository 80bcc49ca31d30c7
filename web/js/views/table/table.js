// SPDX-License-Identifier: MIT
// The game view of one table: the board (flippable, sized to fit the screen), the players with
// counts, clocks and presence, whose turn it is, a forced pass (announced, then confirmed with
// the Pass button; computer seats pass on the server), the move list, the result, the controls
// (hint, undo, resign, cancel while waiting), etiquette between people (offers.js) and the
// chat (chat.js). The server's table state is the only truth: the view's store (store.js) is
// fed by the table socket's messages and every part is drawn from it; a click that is not a
// legal move for a seat this browser holds changes nothing and says why. States that arrive
// while a move's flips are still animating wait their turn, so the computer's reply never cuts
// them.
import { OpeningLabel } from '../../components/opening.js';
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { Board } from '../../components/board.js';
import { renderPlayers } from './players.js';
import { openTableSocket } from './socket.js';
import { getGame, getTable, joinTable, nameProblem } from '../../lib/api.js';
import { preferences, saveFlipped, saveShowLegal, saveToken, tokenFor } from '../../lib/preferences.js';
import { el, errorText } from '../../lib/dom.js';
import { createSound, soundOn } from '../../lib/sound.js';
import { Clocks } from './clock.js';
import { ChatPanel, chatReceive } from './chat.js';
import { canAbort, renderAfterGame, renderEtiquette, renderNewOpponent, tickClaim } from './offers.js';
import { session } from '../../lib/session.js';
import { hintText, neverPlayed, phaseNote, resultText, variantOf } from '../../lib/game-text.js';
import { boardTurned, createTableStore } from './store.js';
import { mirror } from '../../lib/store.js';
import { clockLabel, siteConfig } from '../../lib/pools.js';
import { tickQuickWait } from '../../components/quick-wait.js';
import { TournamentBar } from './tournament-bar.js';
import { moveItem } from '../../components/move-item.js';
import { hintHere, superseded } from '../../lib/engine-choice.js';

/** @typedef {import('../../lib/protocol.js').TableState} TableState */

const FlipMs = 400; // the flip animation (style.css) and a little slack

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** @param {HTMLElement} root @param {string} id */
export function tableView(root, id) {
    const view = el('section', { class: 'game', 'aria-labelledby': 'game-title' });
    root.append(view);
    const store = createTableStore(id);
    /** @type {import('../../lib/socket.js').ReconnectingSocket | null} */
    let socket = null;
    /** @type {Board | null} */
    let board = null;
    let boardKey = '';
    const sound = createSound();
    /** @type {TableState[]} */
    const queue = [];
    let busyUntil = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let pumpTimer;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let backTimer;
    const clocks = new Clocks();
    const timer = setInterval(() => {
        clocks.draw(players);
        tickClaim(etiquette, store.get().table);
        tickQuickWait(newOpponent);
        tournamentBar.tick();
    }, 250);

    const title = el('h1', { id: 'game-title' });
    const sub = el('p', { class: 'subtitle' });
    // The traditional opening's name (8x8), as the server names it.
    const opening = new OpeningLabel();
    const banners = el('div', { class: 'banners' });
    const claim = el('div', { class: 'claim' });
    const boardHost = el('div', { class: 'board-host' });
    const phase = el('p', { class: 'phase', id: 'phase', 'aria-live': 'polite' });
    const flip = el('button', { type: 'button', id: 'flip-board', class: 'link' }, t('game.flip'));
    const players = el('ul', { class: 'players', id: 'players' });
    const status = el('p', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' });
    const hintBox = el('p', { class: 'hint-line', id: 'hint-text', 'aria-live': 'polite' });
    const alert = el('p', { class: 'alert', id: 'alert', role: 'alert' });
    const passBar = el('div', { class: 'pass-bar' });
    const controls = el('div', { class: 'controls' });
    const etiquette = el('div', { class: 'etiquette-host' });
    const after = el('div', { class: 'after-game' });
    const newOpponent = el('div', { class: 'new-opponent' });
    const toggles = el('div', { class: 'toggles' });
    const moves = el('ol', { class: 'moves', id: 'moves', 'aria-label': t('game.moves') });
    const share = el('p', { class: 'share' });
    const chat = new ChatPanel(store, (msg) => socket?.send(msg));
    // A tournament game names its tournament, and its way back there.
    const tournamentBar = new TournamentBar();
    flip.addEventListener('click', () => saveFlipped(id, !boardTurned(store.get())));
    view.append(title, sub, tournamentBar.root, banners, claim,
        el('div', { class: 'game-grid' },
            el('div', { class: 'board-col' }, boardHost, el('div', { class: 'under-board' }, phase, flip)),
            el('div', { class: 'side' }, status, passBar, hintBox, alert, players, controls, etiquette, newOpponent, after, toggles,
                el('h2', {}, t('game.moves')), moves, chat.root, share)));

    function connect() {
        if (socket) socket.close();
        socket = openTableSocket(id, tokenFor(id), {
            onMessage: receive,
            onStatus: (s) => {
                const was = store.get().connection;
                const connection = s === 'open' ? (was === 'lost' ? 'back' : 'open') : 'lost';
                clearTimeout(backTimer);
                if (connection === 'back') backTimer = setTimeout(() => store.set({ connection: 'open' }), 2500);
                store.set({ connection });
            },
        });
    }

    /** @param {import('../../lib/protocol.js').TableMessage} msg */
    function receive(msg) {
        const state = store.get();
        const { table } = state;
        const chatChange = chatReceive(msg, state);
        if (msg.type === 'state') {
            queue.push(msg.table);
            pump();
        } else if (chatChange) {
            store.set(chatChange);
        } else if (msg.type === 'error') {
            store.set({ pending: false, message: errorText(msg) });
        } else if (msg.type === 'hint') {
            if (table && msg.ply !== undefined && msg.ply !== table.ply) return;
            store.set({ hint: msg.square, hintLine: hintText(msg, table?.setup.players ?? 2) });
        } else if (msg.type === 'offer_declined') {
            // My offer was declined: say so (the state before it already dropped the offer).
            if ((table?.you || []).includes(msg.from)) store.set({ declined: { kind: msg.kind, by: msg.by, ply: table?.ply ?? 0 } });
        } else if (msg.type === 'rematch' && msg.table) {
            const token = tokenFor(id);
            if (token) saveToken(msg.table, token);
            location.hash = `#/table/${msg.table}`;
        }
    }

    // Applies queued states one at a time, each after the previous move's flips have shown.
    function pump() {
        clearTimeout(pumpTimer);
        while (queue.length) {
            const wait = busyUntil - performance.now();
            if (wait > 0) {
                pumpTimer = setTimeout(pump, wait);
                return;
            }
            apply(/** @type {TableState} */ (queue.shift()));
        }
    }

    /** @param {TableState} next */
    function apply(next) {
        const { table, ply } = store.get();
        const animate = Boolean(table) && next.ply === (table?.ply ?? 0) + 1 && !reducedMotion();
        clocks.update(next);
        /** @type {Partial<import('./store.js').TableViewState>} */
        const patch = { table: next, pending: false, animate, ply: next.ply };
        if (next.ply !== ply) {
            Object.assign(patch, { hint: null, hintLine: '', message: '', declined: null });
            if (ply >= 0 && soundOn()) sound.beep(next.status === 'finished' ? 330 : 660);
        }
        if (animate && (next.flipped || []).length) busyUntil = performance.now() + FlipMs;
        store.set(patch);
    }

    const mine = () => new Set(store.get().table?.you || []);
    const myTurn = () => {
        const { table } = store.get();
        return Boolean(table && table.status === 'playing' && table.to_move !== null && mine().has(table.to_move));
    };

    /** @param {string} sq */
    function play(sq) {
        const { table, pending } = store.get();
        if (!table) return;
        if (!myTurn()) {
            store.set({ message: table.status === 'finished' ? t('error.game_over')
                : mine().size ? t('game.notYourTurn') : t('game.spectating') });
            return;
        }
        if (!(table.legal || []).includes(sq)) {
            store.set({ message: t('game.illegal', { sq, colour: colourName(table.to_move ?? 0) }) });
            return;
        }
        if (pending || queue.length) return;
        store.set({ pending: true });
        socket?.send({ type: 'move', square: sq, ply: table.ply });
    }

    function renderAlert() {
        alert.textContent = store.get().message;
    }

    function renderBanners() {
        const { table, connection } = store.get();
        view.classList.toggle('offline', connection === 'lost');
        banners.replaceChildren();
        if (connection === 'lost') {
            banners.append(el('p', { class: 'banner conn lost', id: 'conn-banner', role: 'alert' }, t('conn.lost')));
        } else if (connection === 'back') {
            banners.append(el('p', { class: 'banner conn back', id: 'conn-banner', role: 'status' }, t('conn.back')));
        }
        if (table && !mine().size) {
            banners.append(el('p', { class: 'banner watch', id: 'watch-banner', role: 'status' },
                table.status === 'waiting' ? t('game.watchWaiting') : t('game.watchBanner')));
        }
    }

    /** @param {boolean} animate */
    function render(animate) {
        const { table, showLegal, hint, hintLine } = store.get();
        const flipped = boardTurned(store.get());
        if (!table) return;
        const n = table.board.length;
        const marks = table.setup.players > 2;
        const key = `${n}/${flipped}`;
        if (!board || boardKey !== key) {
            boardHost.replaceChildren();
            board = new Board(boardHost, n, { onPlay: play, label: t('game.board'), flipped });
            boardKey = key;
        }
        // Exposed for scripts and tests that wait on the game's progress.
        view.dataset.ply = String(table.ply);
        view.dataset.status = table.status;
        title.textContent = describeSetup(table.setup);
        sub.replaceChildren(el('a', { href: `#/rules/${variantOf(table.setup)}`, id: 'rules-link' }, t('game.rulesLink')),
            el('span', { class: 'time-control', id: 'time-control' }, ` · ${clockLabel(table.clock)}`),
            table.rated ? el('span', { class: 'rated', id: 'rated-mark' }, ` · ${t('game.rated')}`) : '',
            // Players and spectators see when the engine may help (issue 48, 16).
            table.hints ? el('span', { class: 'hints-allowed', id: 'hints-mark' }, ` · ${t('game.hintsAllowed')}`) : '', opening.root);
        const legal = table.status === 'playing' ? (table.legal || []).filter((m) => m !== 'pass') : [];
        opening.update(table.setup, table.moves || []);
        board.update({ rows: table.board, legal, last: table.last_move, flipped: table.flipped,
            showLegal: showLegal && myTurn(), hint, interactive: myTurn(), animate, marks });
        flip.textContent = flipped ? t('game.unflip') : t('game.flip');
        flip.setAttribute('aria-pressed', String(flipped));
        phase.textContent = phaseNote(table);
        hintBox.textContent = hintLine;
        renderBanners();
        renderClaim();
        renderPlayers(players, table, mine(), clocks);
        renderStatus(table);
        renderControls(table);
        renderEtiquette(etiquette, forEtiquette(table), (m) => socket?.send(m), store.get().declined);
        renderAfterGame(after, table);
        drawNewOpponent(table);
        tournamentBar.draw(table.status === 'finished');
        renderMoves(table);
        renderAlert();
        share.replaceChildren(el('label', { for: 'share-link' }, t('game.share')),
            el('input', { id: 'share-link', readonly: true, value: location.href }));
    }

    function renderClaim() {
        const { table } = store.get();
        claim.replaceChildren();
        if (!table || mine().size || table.status !== 'waiting') return;
        const free = table.seats.map((s, i) => (s.type === 'human' && !s.taken ? i : -1)).filter((i) => i >= 0);
        if (!free.length) return;
        const name = el('input', { id: 'join-name', type: 'text', placeholder: t('setup.name'),
            'aria-label': t('setup.name') });
        claim.append(el('span', {}, t('game.freeSeats')), name);
        for (const i of free) {
            const b = el('button', { type: 'button', class: 'primary', id: `take-${i}` }, t('game.take', { colour: colourName(i) }));
            b.addEventListener('click', async () => {
                const problem = nameProblem(name.value.trim(), siteConfig().name_chars);
                if (problem) {
                    store.set({ message: t(problem) });
                    return;
                }
                try {
                    const res = await joinTable(id, i, name.value.trim() || undefined);
                    if (res.token) saveToken(id, res.token);
                    connect();
                } catch (e) {
                    store.set({ message: errorText(e) });
                }
            });
            claim.append(b);
        }
    }

    // A tournament pairs its players' next games itself: no rematch is offered (the state as if
    // no offer were left; the server refuses one too) and no new opponent is sought at its
    // tables. The state names the tournament, so this holds before the bar's request answers.
    /** @param {TableState} table */
    const inTournament = (table) => Boolean(table.tournament || store.get().tournament);
    /** @param {TableState} table */
    const forEtiquette = (table) => (inTournament(table) ? { ...table, rematch_offers_left: table.seats.map(() => 0) } : table);
    /** @param {TableState} table */
    function drawNewOpponent(table) {
        if (inTournament(table)) newOpponent.replaceChildren();
        else renderNewOpponent(newOpponent, table, store.get().quick);
    }

    /** @param {TableState} table */
    function renderStatus(table) {
        const parts = [];
        passBar.replaceChildren();
        const lastSeat = table.ply > 0 ? (table.ply - 1) % table.setup.players : null;
        if (table.last_move === 'pass' && lastSeat !== null) parts.push(t('game.passed', { colour: colourName(lastSeat) }));
        if (table.status === 'waiting') parts.push(t('game.waiting'));
        if (table.status === 'playing' && table.to_move !== null) {
            const c = colourName(table.to_move);
            const forced = table.legal && table.legal.length === 1 && table.legal[0] === 'pass';
            if (forced) {
                parts.push(t('game.mustPass', { colour: c }));
                if (myTurn()) {
                    const b = el('button', { type: 'button', id: 'pass', class: 'primary' }, t('game.pass'));
                    b.addEventListener('click', () => play('pass'));
                    passBar.append(b);
                }
            } else if (myTurn()) {
                parts.push(mine().size > 1 ? t('game.toMove', { colour: c }) : t('game.yourMove', { colour: c }));
            } else if (table.seats[table.to_move]?.type === 'computer') {
                parts.push(t('game.thinking', { colour: c }));
            } else {
                parts.push(t('game.toMove', { colour: c }));
            }
        }
        if (table.status === 'finished' && table.result) parts.push(resultText(table.result, table.setup));
        status.textContent = parts.join(' ');
        view.classList.toggle('finished', table.status === 'finished');
    }

    /** @param {string} bid @param {string} label @param {() => void} onClick */
    function button(bid, label, onClick) {
        const b = el('button', { type: 'button', id: bid }, label);
        b.addEventListener('click', onClick);
        return b;
    }

    /** @param {TableState} table */
    function renderControls(table) {
        const send = (/** @type {object} */ m) => socket?.send(m);
        controls.replaceChildren();
        const me = mine();
        const computer = table.seats.some((s) => s.type === 'computer');
        if (me.size && table.status === 'playing') {
            if (table.hints && myTurn()) controls.append(button('hint', t('game.hint'), () => askHint(table)));
            // The server takes back at tables against the computer and at one-screen tables.
            if (computer || table.local) {
                controls.append(button('undo', t('game.undo'), () => send({ type: 'undo' })));
            }
            // Before every person has moved the game is aborted instead (offers.js's Abort).
            if (!canAbort(table)) controls.append(button('resign', t('game.resign'), () => {
                const seat = (myTurn() ? table.to_move : null) ?? [...me][0];
                if (!confirm(t('game.confirmResign', { colour: colourName(seat) }))) return;
                send(table.local ? { type: 'resign', seat } : { type: 'resign' });
            }));
        }
        // A player may withdraw a table nobody has started playing at; the state that follows
        // shows it finished as cancelled.
        if (me.size && table.status === 'waiting') {
            controls.append(button('cancel-table', t('game.cancel'), () => {
                if (!confirm(t('game.confirmCancel'))) return;
                send({ type: 'cancel' });
            }));
        }
        if (table.rematch) {
            controls.append(el('a', { class: 'button primary', id: 'to-rematch', href: `#/table/${table.rematch}` },
                t('game.toRematch')));
        } else if (me.size && table.status === 'finished' && !neverPlayed(table.result) && (computer || table.local)) {
            // Nobody else has to agree at one screen or against the computer; between people
            // the rematch is an offer (game-offers.js).
            controls.append(button('rematch', t('game.rematch'), () => send({ type: 'rematch' })));
        }
        // A finished two-player game can be analysed (analysis.js).
        if (table.status === 'finished' && !neverPlayed(table.result) && table.setup.players === 2 && table.ply > 0) {
            controls.append(el('a', { class: 'button', id: 'to-analysis', href: `#/analysis/${encodeURIComponent(id)}` },
                t('analysis.link')));
        }
        toggles.replaceChildren(
            toggle('show-legal', t('game.showLegal'), store.get().showLegal, (v) => saveShowLegal(v)),
            toggle('sound', t('game.sound'), soundOn(), (v) => sound.setOn(v)),
        );
    }

    // A hint where the table allows them (the server's state says so): searched in this browser
    // when it runs the engine (lib/engine-choice.js; two players), so no hint reaches the
    // server; asked of the server otherwise, or when the browser's engine fails.
    /** @param {TableState} table */
    async function askHint(table) {
        store.set({ hintLine: t('game.hintThinking') });
        try {
            const hint = await hintHere(table.setup, table.moves || []);
            if (hint) {
                receive(hint);
                return;
            }
        } catch (e) {
            // Asked again meanwhile: that request answers. Otherwise the browser's engine
            // failed, and the server's answers.
            if (superseded(e)) return;
        }
        socket?.send({ type: 'hint' });
    }

    /** @param {TableState} table */
    function renderMoves(table) {
        const n = table.setup.players;
        moves.style.setProperty('--players', String(n));
        moves.replaceChildren();
        (table.moves || []).forEach((m, i) => moves.append(moveItem(m, i, n)));
        moves.scrollTop = moves.scrollHeight;
    }

    async function start() {
        try {
            await getTable(id);
        } catch (e) {
            // A finished table may only live on in the archive: show its replay instead.
            if (/** @type {{code?: string}} */ (e).code === 'not_found' && (await getGame(id).then(() => true, () => false))) {
                location.replace(`#/replay/${id}`);
                return;
            }
            view.replaceChildren(el('h1', {}, t('game.notFound')), el('p', { role: 'alert' }, errorText(e)),
                el('a', { href: '#/new' }, t('nav.new')));
            return;
        }
        connect();
        tournamentBar.load(id, (tournament) => store.set({ tournament }));
    }
    // Every part is drawn from the store: the table state and the hint redraw the table (the
    // board's flips animate only for a new state one move on), the rest their own parts.
    const stops = [
        store.subscribe((s, was) => {
            if (s.table !== was.table || s.hint !== was.hint || s.hintLine !== was.hintLine
                || s.flipChoice !== was.flipChoice || s.showLegal !== was.showLegal) {
                render(s.table !== was.table && s.animate);
            } else if (s.message !== was.message) {
                renderAlert();
            }
            if (s.declined !== was.declined && s.table === was.table && s.table) {
                renderEtiquette(etiquette, forEtiquette(s.table), (m) => socket?.send(m), s.declined);
            }
            if (s.connection !== was.connection) renderBanners();
            if (s.quick !== was.quick && s.table) drawNewOpponent(s.table);
            if (s.tournament !== was.tournament && s.table) render(false);
            // The first state names the table and my seats, which the report buttons need.
            if (s.chat !== was.chat || s.chatMuted !== was.chatMuted || s.chatError !== was.chatError
                || (s.table === null) !== (was.table === null)) chat.draw(s, s.chat !== was.chat);
        }),
        mirror(session, store, (s) => ({ quick: s.quick })),
        mirror(preferences, store, (p) => ({ flipChoice: p.flipped[id] ?? null, showLegal: p.showLegal, chatMuted: p.chatMuted })),
    ];
    start();

    return {
        destroy() {
            clearInterval(timer);
            clearTimeout(pumpTimer);
            clearTimeout(backTimer);
            stops.forEach((stop) => stop());
            sound.close();
            if (socket) socket.close();
        },
    };
}

/** @param {string} id @param {string} label @param {boolean} value @param {(on: boolean) => void} onChange */
function toggle(id, label, value, onChange) {
    const input = el('input', { type: 'checkbox', id });
    input.checked = value;
    input.addEventListener('change', () => onChange(input.checked));
    return el('div', { class: 'check' }, input, el('label', { for: id }, label));
}
