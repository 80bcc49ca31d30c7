// SPDX-License-Identifier: MIT
// A game against the computer played in this browser (#/play/ID; issue 49, parts 3 and 5;
// docs/SITE.md "The engine in the browser"): the person's moves and the computer's (this
// browser's engine, lib/engine-choice.js) are checked by the rules port and kept in IndexedDB
// after each move (lib/local-games.js), so the game goes on after a reload and without a
// network; nothing of it reaches the server or a rating. The view draws from its store: the
// game as stored, the positions replayed from it, and what the computer and the hint are doing.
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { Board, discBadge } from '../../components/board.js';
import * as rules from '../../lib/rules.js';
import { el } from '../../lib/dom.js';
import { createStore } from '../../lib/store.js';
import { hintText, resultText } from '../../lib/game-text.js';
import { hintHere, localEngine, superseded } from '../../lib/engine-choice.js';
import { loadGame, newGameId, saveGame } from '../../lib/local-games.js';

/** @typedef {import('../../lib/local-games.js').LocalGame} LocalGame */
/** @typedef {import('../../lib/rules.js').Position} Position */
/**
 * @typedef {object} PlayState
 * @property {LocalGame | null} game as stored
 * @property {Position[]} positions the game replayed, the start included
 * @property {boolean} thinking the computer is searching its move
 * @property {string | null} hint the hinted square of the position shown
 * @property {string} hintLine
 * @property {string} message a refusal or a failure
 * @property {boolean} missing no game by this id in this browser
 */

/**
 * Starts a new game in this browser and opens it.
 * @param {{setup: import('../../lib/protocol.js').Setup, seat: number, level: number}} choice
 */
export async function startLocalGame({ setup, seat, level }) {
    /** @type {LocalGame} */
    const game = { id: newGameId(), setup: rules.normaliseSetup({ ...setup, players: 2 }), seat, level, moves: [], created: Date.now() };
    await saveGame(game);
    location.hash = `#/play/${game.id}`;
}

/** @param {HTMLElement} root @param {string} id */
export function playView(root, id) {
    const view = el('section', { class: 'game local-game', 'aria-labelledby': 'game-title' });
    root.append(view);
    const store = createStore(/** @type {PlayState} */ ({
        game: null, positions: [], thinking: false, hint: null, hintLine: '', message: '', missing: false,
    }));
    let destroyed = false;
    // The computer's search in flight: an answer that is not the last one asked is dropped.
    let serial = 0;
    /** @type {Board | null} */
    let board = null;
    /** @type {Position | null} */
    let drawn = null;
    const title = el('h1', { id: 'game-title' });
    const note = el('p', { class: 'note', id: 'local-note' }, t('local.note'));
    const host = el('div', { class: 'board-host' });
    const status = el('p', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' });
    const passBar = el('div', { class: 'pass-bar' });
    const hintBox = el('p', { class: 'hint-line', id: 'hint-text', 'aria-live': 'polite' });
    const alert = el('p', { class: 'alert', id: 'alert', role: 'alert' });
    const controls = el('div', { class: 'controls' });
    const moves = el('ol', { class: 'moves', id: 'moves', 'aria-label': t('game.moves') });
    view.append(title, note, el('div', { class: 'game-grid' }, el('div', { class: 'board-col' }, host),
        el('div', { class: 'side' }, status, passBar, hintBox, alert, controls, el('h2', {}, t('game.moves')), moves)));

    const last = () => store.get().positions.at(-1);
    const myTurn = () => {
        const { game } = store.get();
        const pos = last();
        return Boolean(game && pos && !rules.isOver(pos) && pos.toMove === game.seat);
    };

    // Stores the game with `list` as its moves, then shows it; the computer answers when it is
    // to move. A store that fails (a full disk, a private window) is said, the move stays shown.
    /** @param {string[]} list */
    async function commit(list) {
        const { game } = store.get();
        if (!game) return;
        const next = { ...game, moves: list };
        store.set({ game: next, positions: rules.replay(next.setup, list), hint: null, hintLine: '', message: '' });
        try {
            await saveGame(next);
        } catch {
            if (!destroyed) store.set({ message: t('local.notSaved') });
        }
        computer();
    }

    // The computer's move when it is to move: a forced pass at once, else this browser's engine.
    async function computer() {
        const { game, thinking } = store.get();
        const pos = last();
        if (!game || !pos || thinking || rules.isOver(pos) || pos.toMove === game.seat) return;
        const legal = rules.legalMoves(pos);
        if (legal.length === 1 && legal[0] === 'pass') {
            commit([...game.moves, 'pass']);
            return;
        }
        const engine = await localEngine();
        if (!engine) {
            store.set({ message: t('local.noEngine') });
            return;
        }
        const mine = ++serial;
        store.set({ thinking: true });
        /** @type {string} */
        let square;
        try {
            square = (await engine.move({ setup: game.setup, moves: game.moves, level: game.level })).move ?? 'pass';
        } catch {
            if (!destroyed && mine === serial) store.set({ thinking: false, message: t('local.engineFailed') });
            return;
        }
        // An undo while it thought: the answer is for a position no longer shown.
        if (destroyed || mine !== serial) return;
        store.set({ thinking: false });
        if (!legal.includes(square)) {
            store.set({ message: t('local.engineFailed') });
            return;
        }
        await commit([...game.moves, square]);
    }

    /** @param {string} sq */
    function play(sq) {
        const { game } = store.get();
        const pos = last();
        if (!game || !pos) return;
        if (!myTurn()) {
            store.set({ message: rules.isOver(pos) ? t('error.game_over') : t('game.notYourTurn') });
            return;
        }
        if (!rules.legalMoves(pos).includes(sq)) {
            store.set({ message: t('game.illegal', { sq, colour: colourName(pos.toMove) }) });
            return;
        }
        commit([...game.moves, sq]);
    }

    // Back to before the person's last move (and the computer's reply to it).
    function undo() {
        const { game } = store.get();
        if (!game) return;
        const mine = game.moves.map((_, i) => i).filter((i) => i % 2 === game.seat);
        if (!mine.length) return;
        serial++;
        localEngine().then((e) => e?.stop());
        store.set({ thinking: false });
        commit(game.moves.slice(0, mine[mine.length - 1]));
    }

    async function hint() {
        const { game } = store.get();
        if (!game || !myTurn()) return;
        store.set({ hintLine: t('game.hintThinking') });
        try {
            const h = await hintHere(game.setup, game.moves);
            if (destroyed || !h || h.ply !== store.get().game?.moves.length) return;
            store.set({ hint: h.square, hintLine: hintText(h, 2) });
        } catch (e) {
            if (!destroyed && !superseded(e)) store.set({ hintLine: '', message: t('local.engineFailed') });
        }
    }

    /** @param {string} bid @param {string} label @param {() => void} onClick @param {string} [cls] */
    function button(bid, label, onClick, cls = '') {
        const b = el('button', { type: 'button', id: bid, class: cls }, label);
        b.addEventListener('click', onClick);
        return b;
    }

    /** @param {PlayState} state */
    function draw({ game, positions, thinking, hint: hinted, hintLine, message }) {
        const pos = positions.at(-1);
        if (!game || !pos) return;
        title.textContent = `${describeSetup(game.setup)} · ${t('local.title', { n: game.level })}`;
        if (!board) board = new Board(host, pos.w, { label: t('game.board'), onPlay: play, flipped: game.seat === 1 });
        const over = rules.isOver(pos);
        const legal = over ? [] : rules.legalMoves(pos).filter((m) => m !== 'pass');
        board.update({ rows: rules.boardRows(pos), legal, showLegal: myTurn(), last: pos.last, flipped: pos.flipped,
            hint: hinted, interactive: myTurn(), animate: drawn !== pos && drawn !== null, marks: false });
        drawn = pos;
        view.dataset.ply = String(game.moves.length);
        view.dataset.status = over ? 'finished' : 'playing';
        passBar.replaceChildren();
        const c = colourName(pos.toMove);
        /** @type {string[]} */
        const parts = [];
        if (pos.last === 'pass') parts.push(t('game.passed', { colour: colourName((pos.toMove + 1) % 2) }));
        if (over) parts.push(resultText({ winner: rules.outcome(pos).winner, counts: rules.counts(pos), reason: 'end' }, game.setup));
        else if (myTurn() && rules.legalMoves(pos)[0] === 'pass') {
            parts.push(t('game.mustPass', { colour: c }));
            passBar.append(button('pass', t('game.pass'), () => play('pass'), 'primary'));
        } else if (myTurn()) parts.push(t('game.yourMove', { colour: c }));
        else if (thinking) parts.push(t('game.thinking', { colour: c }));
        else parts.push(t('game.toMove', { colour: c }));
        status.textContent = parts.join(' ');
        hintBox.textContent = hintLine;
        alert.textContent = message;
        controls.replaceChildren(
            ...(!over && myTurn() ? [button('hint', t('game.hint'), hint)] : []),
            ...(!over && game.moves.length > game.seat ? [button('undo', t('game.undo'), undo)] : []),
            button('new-local', t('local.again'), () => startLocalGame({ setup: game.setup, seat: game.seat, level: game.level })),
            ...(over && game.moves.length ? [el('a', { class: 'button', id: 'to-analysis', href: `#/analysis/${game.id}` }, t('analysis.link'))] : []));
        moves.replaceChildren(...game.moves.map((m, i) => el('li', { 'aria-label': `${i + 1}. ${colourName(i % 2)} ${m}` },
            el('span', { class: 'num', 'aria-hidden': 'true' }, `${i + 1}.`), discBadge(i % 2, false), ' ',
            m === 'pass' ? t('game.passWord') : m)));
        moves.scrollTop = moves.scrollHeight;
    }

    const stop = store.subscribe((s, was) => {
        if (s.missing && !was.missing) {
            view.replaceChildren(el('h1', {}, t('game.notFound')), el('p', { role: 'alert', id: 'local-missing' }, t('local.missing')),
                el('a', { href: '#/' }, t('nav.new')));
            return;
        }
        draw(s);
    });

    (async () => {
        let game = null;
        try {
            game = await loadGame(id);
        } catch {
            // IndexedDB refused (a private window of some browsers): no game to show.
        }
        if (destroyed) return;
        if (!game) {
            store.set({ missing: true });
            return;
        }
        store.set({ game, positions: rules.replay(game.setup, game.moves) });
        computer();
    })();

    return {
        destroy() {
            destroyed = true;
            stop();
            if (store.get().thinking) localEngine().then((e) => e?.stop());
        },
    };
}
