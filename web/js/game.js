// SPDX-License-Identifier: MIT
// The game view of one table: the board, the players with counts and clocks, whose turn it is,
// a forced pass (announced, then confirmed by the player with the Pass button; computer seats
// pass on the server), the move list, the result, and the controls (hint, undo, resign,
// rematch, and cancel while the table still waits for players). The server's table state is
// the only truth: a click that is not a legal move for a seat this browser holds changes
// nothing and says why.
import { t, colourName, describeSetup } from './i18n.js';
import { Board, discBadge } from './board.js';
import { TableSocket } from './socket.js';
import { getGame, getTable, joinTable, nameProblem, saveToken, tokenFor } from './api.js';
import { el, errorText } from './ui.js';
import { beep, soundOn, setSound } from './sound.js';

const LegalKey = 'reversi.showLegal';

export function gameView(root, id) {
    const view = el('section', { class: 'game', 'aria-labelledby': 'game-title' });
    root.append(view);
    let table = null;
    let prevPly = -1;
    let hint = null;
    let message = '';
    let pending = false;
    let socket = null;
    let board = null;
    let boardSize = 0;
    let receivedAt = 0;
    let showLegal = localStorage.getItem(LegalKey) !== 'off';
    const timer = setInterval(() => drawClocks(), 250);

    const title = el('h1', { id: 'game-title' });
    const sub = el('p', { class: 'subtitle' });
    const claim = el('div', { class: 'claim' });
    const boardHost = el('div', { class: 'board-host' });
    const players = el('ul', { class: 'players', id: 'players' });
    const status = el('p', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' });
    const alert = el('p', { class: 'alert', id: 'alert', role: 'alert' });
    const passBar = el('div', { class: 'pass-bar' });
    const controls = el('div', { class: 'controls' });
    const toggles = el('div', { class: 'toggles' });
    const moves = el('ol', { class: 'moves', id: 'moves', 'aria-label': t('game.moves') });
    const share = el('p', { class: 'share' });
    view.append(title, sub, claim,
        el('div', { class: 'game-grid' }, boardHost,
            el('div', { class: 'side' }, status, passBar, alert, players, controls, toggles,
                el('h2', {}, t('game.moves')), moves, share)));

    function connect() {
        if (socket) socket.close();
        socket = new TableSocket(id, tokenFor(id), {
            onMessage: receive,
            onStatus: (s) => { view.classList.toggle('offline', s !== 'open'); },
        });
    }

    function receive(msg) {
        if (msg.type === 'state') {
            const animate = table && msg.table.ply === table.ply + 1;
            table = msg.table;
            receivedAt = performance.now();
            pending = false;
            if (table.ply !== prevPly) {
                hint = null;
                if (prevPly >= 0 && soundOn()) beep(table.status === 'finished' ? 330 : 660);
                message = '';
            }
            prevPly = table.ply;
            render(animate);
        } else if (msg.type === 'error') {
            pending = false;
            message = errorText(msg);
            renderAlert();
        } else if (msg.type === 'hint') {
            hint = msg.square;
            message = t('game.hintIs', { sq: msg.square, score: msg.score ?? '?', depth: msg.depth ?? '?' });
            render(false);
        } else if (msg.type === 'rematch' && msg.table) {
            const token = tokenFor(id);
            if (token) saveToken(msg.table, token);
            location.hash = `#/table/${msg.table}`;
        }
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
        if (pending) return;
        pending = true;
        socket.send({ type: 'move', square: sq, ply: table.ply });
    }

    function renderAlert() {
        alert.textContent = message;
    }

    function render(animate) {
        if (!table) return;
        const n = table.board.length;
        if (!board || boardSize !== n) {
            boardHost.replaceChildren();
            board = new Board(boardHost, n, { onPlay: play, label: t('game.board') });
            boardSize = n;
        }
        // Exposed for scripts and tests that wait on the game's progress.
        view.dataset.ply = String(table.ply);
        view.dataset.status = table.status;
        title.textContent = describeSetup(table.setup);
        sub.replaceChildren(el('a', { href: `#/rules/${variantOf(table.setup)}`, id: 'rules-link' }, t('game.rulesLink')));
        const legal = table.status === 'playing' ? (table.legal || []).filter((m) => m !== 'pass') : [];
        board.update({ rows: table.board, legal, last: table.last_move, flipped: table.flipped,
            showLegal: showLegal && myTurn(), hint, interactive: myTurn(), animate });
        renderClaim();
        renderPlayers();
        renderStatus();
        renderControls();
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
        const name = el('input', { id: 'join-name', type: 'text', maxlength: '40', placeholder: t('setup.name'),
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

    function seatLabel(s, i) {
        if (s.type === 'computer') return t('seat.computerLevel', { n: s.level });
        if (s.name) return s.name;
        return s.taken ? t('seat.human') : t('seat.free');
    }

    function renderPlayers() {
        players.replaceChildren();
        table.seats.forEach((s, i) => {
            const li = el('li', { class: 'player' + (table.to_move === i ? ' to-move' : ''), 'data-seat': String(i) });
            const you = mine().has(i) ? ` ${t('game.you')}` : '';
            li.append(discBadge(i), el('span', { class: 'pname' }, `${colourName(i)}: ${seatLabel(s, i)}${you}`),
                el('span', { class: 'count', 'aria-label': t('game.discs') }, String(table.counts?.[i] ?? 0)),
                el('span', { class: 'clock', 'data-seat': String(i) }));
            if (table.to_move === i) li.setAttribute('aria-current', 'true');
            players.append(li);
        });
        if (table.setup.players === 3) {
            players.append(el('li', { class: 'player neutral' }, discBadge('N'), el('span', { class: 'pname' }, t('colour.neutral'))));
        }
        drawClocks();
    }

    function drawClocks() {
        if (!table || !table.clock || table.clock.mode === 'none' || !table.clock.remaining_ms) return;
        const running = table.status === 'playing' ? table.clock.running : null;
        for (const span of players.querySelectorAll('.clock')) {
            const i = Number(span.dataset.seat);
            let ms = table.clock.remaining_ms[i];
            if (ms === undefined || ms === null) continue;
            if (running === i) ms -= performance.now() - receivedAt;
            ms = Math.max(0, ms);
            const s = Math.ceil(ms / 1000);
            span.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
            span.classList.toggle('low', s <= 10);
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

    function button(id, label, onClick) {
        const b = el('button', { type: 'button', id }, label);
        b.addEventListener('click', onClick);
        return b;
    }

    function renderControls() {
        controls.replaceChildren();
        const me = mine();
        if (me.size && table.status === 'playing') {
            if (table.hints && myTurn()) controls.append(button('hint', t('game.hint'), () => socket.send({ type: 'hint' })));
            if (table.seats.some((s) => s.type === 'computer')) {
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
        } else if (me.size && table.status === 'finished' && !neverPlayed(table.result)) {
            controls.append(button('rematch', t('game.rematch'), () => socket.send({ type: 'rematch' })));
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
        moves.replaceChildren();
        (table.moves || []).forEach((m, i) => {
            const seat = i % table.setup.players;
            moves.append(el('li', { 'aria-label': `${colourName(seat)} ${m === 'pass' ? t('game.passWord') : m}` },
                discBadge(seat), ' ', m === 'pass' ? t('game.passWord') : m));
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
                el('a', { href: '#/' }, t('nav.new')));
            return;
        }
        connect();
    }
    start();

    return {
        destroy() {
            clearInterval(timer);
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

// The rules page that best describes a setup.
export function variantOf(setup) {
    if (setup.players > 2) return 'multi';
    if (setup.anti) return 'anti';
    if (setup.free_opening) return 'free';
    if (setup.handicap > 0) return 'handicap';
    if ((setup.blocked && setup.blocked.length) || setup.random_blocked) return 'blocked';
    if (setup.board !== '8') return 'shapes';
    return 'standard';
}

// A table that ended before its game started (cancelled by a player, or expired waiting for
// players) has no winner and no score: it is no draw.
const neverPlayed = (result) => result?.reason === 'cancelled' || result?.reason === 'expired';

// "Black wins 40-24" and friends, for a result object of the table state or a finished game.
export function resultText(result, setup) {
    if (result.reason === 'cancelled') return t('result.cancelled');
    if (result.reason === 'expired') return t('result.expired');
    const counts = (result.counts || []).join('–');
    let text = result.winner === null || result.winner === undefined
        ? t('result.draw', { counts })
        : t('result.wins', { colour: colourName(result.winner), counts });
    if (result.reason === 'resign') text += ` ${t('result.byResign')}`;
    if (result.reason === 'time') text += ` ${t('result.byTime')}`;
    if (setup && setup.anti) text += ` ${t('result.anti')}`;
    return text;
}
