// SPDX-License-Identifier: MIT
// The game view of one table: the board (flippable, sized to fit the screen), the players with
// counts, clocks and presence, whose turn it is, a forced pass (announced, then confirmed with
// the Pass button; computer seats pass on the server), the move list, the result, the controls
// (hint, undo, resign, cancel while waiting), etiquette between people (game-offers.js) and the
// chat (game-chat.js). The server's table state is the only truth: a click that is not a legal
// move for a seat this browser holds changes nothing and says why. States that arrive while a
// move's flips are still animating wait their turn, so the computer's reply never cuts them.
import { t, colourName, describeSetup } from './i18n.js';
import { Board, discBadge } from './board.js';
import { renderPlayers } from './game-players.js';
import { TableSocket } from './socket.js';
import { getGame, getTable, joinTable, nameProblem, saveToken, tokenFor } from './api.js';
import { el, errorText } from './ui.js';
import { beep, soundOn, setSound } from './sound.js';
import { Clocks } from './game-clock.js';
import { ChatPanel } from './game-chat.js';
import { renderAfterGame, renderEtiquette, tickClaim } from './game-offers.js';
import { hintText, neverPlayed, phaseNote, resultText, variantOf } from './game-text.js';

export { resultText, variantOf } from './game-text.js';

const LegalKey = 'reversi.showLegal';
const FlipKey = 'reversi.flipped';
const FlipMs = 400; // the flip animation (style.css) and a little slack

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

function flippedTables() {
    try {
        return JSON.parse(localStorage.getItem(FlipKey) || '{}');
    } catch {
        return {};
    }
}

export function gameView(root, id) {
    const view = el('section', { class: 'game', 'aria-labelledby': 'game-title' });
    root.append(view);
    let table = null;
    let prevPly = -1;
    let hint = null;
    let hintLine = '';
    let message = '';
    let pending = false;
    let socket = null;
    let board = null;
    let boardKey = '';
    let connection = 'connecting';
    let flipped = Boolean(flippedTables()[id]);
    let showLegal = localStorage.getItem(LegalKey) !== 'off';
    const queue = [];
    let busyUntil = 0;
    let pumpTimer = null;
    let backTimer = null;
    const clocks = new Clocks();
    const timer = setInterval(() => {
        clocks.draw(players);
        tickClaim(etiquette, table);
    }, 250);

    const title = el('h1', { id: 'game-title' });
    const sub = el('p', { class: 'subtitle' });
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
    const toggles = el('div', { class: 'toggles' });
    const moves = el('ol', { class: 'moves', id: 'moves', 'aria-label': t('game.moves') });
    const share = el('p', { class: 'share' });
    const chat = new ChatPanel((msg) => socket?.send(msg));
    flip.addEventListener('click', () => {
        flipped = !flipped;
        const all = flippedTables();
        if (flipped) all[id] = true;
        else delete all[id];
        localStorage.setItem(FlipKey, JSON.stringify(all));
        render(false);
    });
    view.append(title, sub, banners, claim,
        el('div', { class: 'game-grid' },
            el('div', { class: 'board-col' }, boardHost, el('div', { class: 'under-board' }, phase, flip)),
            el('div', { class: 'side' }, status, passBar, hintBox, alert, players, controls, etiquette, after, toggles,
                el('h2', {}, t('game.moves')), moves, chat.root, share)));

    function connect() {
        if (socket) socket.close();
        socket = new TableSocket(id, tokenFor(id), {
            onMessage: receive,
            onStatus: (s) => {
                const was = connection;
                connection = s === 'open' ? (was === 'lost' ? 'back' : 'open') : 'lost';
                clearTimeout(backTimer);
                if (connection === 'back') backTimer = setTimeout(() => { connection = 'open'; renderBanners(); }, 2500);
                view.classList.toggle('offline', connection === 'lost');
                renderBanners();
            },
        });
    }

    function receive(msg) {
        if (msg.type === 'state') {
            queue.push(msg.table);
            pump();
        } else if (chat.receive(msg, table)) {
            // The chat panel showed it.
        } else if (msg.type === 'error') {
            pending = false;
            message = errorText(msg);
            renderAlert();
        } else if (msg.type === 'hint') {
            if (table && msg.ply !== undefined && msg.ply !== table.ply) return;
            hint = msg.square;
            hintLine = hintText(msg, table?.setup.players ?? 2);
            render(false);
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
            apply(queue.shift());
        }
    }

    function apply(next) {
        const animate = Boolean(table) && next.ply === table.ply + 1 && !reducedMotion();
        clocks.update(next);
        table = next;
        pending = false;
        if (table.ply !== prevPly) {
            hint = null;
            hintLine = '';
            if (prevPly >= 0 && soundOn()) beep(table.status === 'finished' ? 330 : 660);
            message = '';
        }
        prevPly = table.ply;
        if (animate && (table.flipped || []).length) busyUntil = performance.now() + FlipMs;
        render(animate);
    }

    const mine = () => new Set(table?.you || []);
    const myTurn = () => table && table.status === 'playing' && table.to_move !== null && mine().has(table.to_move);

    function play(sq) {
        if (!table) return;
        if (!myTurn()) {
            message = table.status === 'finished' ? t('error.game_over')
                : mine().size ? t('game.notYourTurn') : t('game.spectating');
            renderAlert();
            return;
        }
        if (!(table.legal || []).includes(sq)) {
            message = t('game.illegal', { sq, colour: colourName(table.to_move) });
            renderAlert();
            return;
        }
        if (pending || queue.length) return;
        pending = true;
        socket.send({ type: 'move', square: sq, ply: table.ply });
    }

    function renderAlert() {
        alert.textContent = message;
    }

    function renderBanners() {
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

    function render(animate) {
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
            table.rated ? el('span', { class: 'rated', id: 'rated-mark' }, ` · ${t('game.rated')}`) : '');
        const legal = table.status === 'playing' ? (table.legal || []).filter((m) => m !== 'pass') : [];
        board.update({ rows: table.board, legal, last: table.last_move, flipped: table.flipped,
            showLegal: showLegal && myTurn(), hint, interactive: myTurn(), animate, marks });
        flip.textContent = flipped ? t('game.unflip') : t('game.flip');
        flip.setAttribute('aria-pressed', String(flipped));
        phase.textContent = phaseNote(table);
        hintBox.textContent = hintLine;
        renderBanners();
        renderClaim();
        renderPlayers(players, table, mine(), clocks);
        renderStatus();
        renderControls();
        renderEtiquette(etiquette, table, (m) => socket.send(m));
        renderAfterGame(after, table);
        renderMoves();
        renderAlert();
        share.replaceChildren(el('label', { for: 'share-link' }, t('game.share')),
            el('input', { id: 'share-link', readonly: true, value: location.href }));
    }

    function renderClaim() {
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
                const problem = nameProblem(name.value.trim());
                if (problem) {
                    message = t(problem);
                    renderAlert();
                    return;
                }
                try {
                    const res = await joinTable(id, i, name.value.trim() || undefined);
                    saveToken(id, res.token);
                    connect();
                } catch (e) {
                    message = errorText(e);
                    renderAlert();
                }
            });
            claim.append(b);
        }
    }

    function renderStatus() {
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

    function button(bid, label, onClick) {
        const b = el('button', { type: 'button', id: bid }, label);
        b.addEventListener('click', onClick);
        return b;
    }

    function renderControls() {
        controls.replaceChildren();
        const me = mine();
        const computer = table.seats.some((s) => s.type === 'computer');
        if (me.size && table.status === 'playing') {
            if (table.hints && myTurn()) controls.append(button('hint', t('game.hint'), () => socket.send({ type: 'hint' })));
            // The server takes back at tables against the computer and at one-screen tables.
            if (computer || table.local) {
                controls.append(button('undo', t('game.undo'), () => socket.send({ type: 'undo' })));
            }
            controls.append(button('resign', t('game.resign'), () => {
                const seat = myTurn() ? table.to_move : [...me][0];
                if (!confirm(t('game.confirmResign', { colour: colourName(seat) }))) return;
                socket.send(table.local ? { type: 'resign', seat } : { type: 'resign' });
            }));
        }
        // A player may withdraw a table nobody has started playing at; the state that follows
        // shows it finished as cancelled.
        if (me.size && table.status === 'waiting') {
            controls.append(button('cancel-table', t('game.cancel'), () => {
                if (!confirm(t('game.confirmCancel'))) return;
                socket.send({ type: 'cancel' });
            }));
        }
        if (table.rematch) {
            controls.append(el('a', { class: 'button primary', id: 'to-rematch', href: `#/table/${table.rematch}` },
                t('game.toRematch')));
        } else if (me.size && table.status === 'finished' && !neverPlayed(table.result) && (computer || table.local)) {
            // Nobody else has to agree at one screen or against the computer; between people
            // the rematch is an offer (game-offers.js).
            controls.append(button('rematch', t('game.rematch'), () => socket.send({ type: 'rematch' })));
        }
        // A finished two-player game can be analysed (analysis.js).
        if (table.status === 'finished' && !neverPlayed(table.result) && table.setup.players === 2 && table.ply > 0) {
            controls.append(el('a', { class: 'button', id: 'to-analysis', href: `#/analysis/${encodeURIComponent(id)}` },
                t('analysis.link')));
        }
        toggles.replaceChildren(
            toggle('show-legal', t('game.showLegal'), showLegal, (v) => {
                showLegal = v;
                localStorage.setItem(LegalKey, v ? 'on' : 'off');
                render(false);
            }),
            toggle('sound', t('game.sound'), soundOn(), (v) => setSound(v)),
        );
    }

    function renderMoves() {
        const n = table.setup.players;
        moves.style.setProperty('--players', String(n));
        moves.replaceChildren();
        (table.moves || []).forEach((m, i) => {
            const seat = i % n;
            const word = m === 'pass' ? t('game.passWord') : m;
            moves.append(el('li', { 'aria-label': `${i + 1}. ${colourName(seat)} ${word}` },
                el('span', { class: 'num', 'aria-hidden': 'true' }, `${i + 1}.`), discBadge(seat, n > 2), ' ', word));
        });
        moves.scrollTop = moves.scrollHeight;
    }

    async function start() {
        try {
            await getTable(id);
        } catch (e) {
            // A finished table may only live on in the archive: show its replay instead.
            if (e.code === 'not_found' && (await getGame(id).then(() => true, () => false))) {
                location.replace(`#/replay/${id}`);
                return;
            }
            view.replaceChildren(el('h1', {}, t('game.notFound')), el('p', { role: 'alert' }, errorText(e)),
                el('a', { href: '#/new' }, t('nav.new')));
            return;
        }
        connect();
    }
    start();

    return {
        destroy() {
            clearInterval(timer);
            clearTimeout(pumpTimer);
            clearTimeout(backTimer);
            if (socket) socket.close();
        },
    };
}

function toggle(id, label, value, onChange) {
    const input = el('input', { type: 'checkbox', id });
    input.checked = value;
    input.addEventListener('change', () => onChange(input.checked));
    return el('div', { class: 'check' }, input, el('label', { for: id }, label));
}
