// SPDX-License-Identifier: MIT
// What a game against the computer in this browser does: the person's move, the computer's
// (this browser's engine, lib/engine-choice.js), an undo, a hint, and each move stored in
// IndexedDB (lib/local-games.js) before it is shown as kept. Everything goes into the view's
// store; an answer that comes after the view closed, or after an undo, is dropped.
import { t, colourName } from '../../lib/i18n.js';
import * as rules from '../../lib/rules.js';
import { hintText } from '../../lib/game-text.js';
import { hintHere, localEngine, superseded } from '../../lib/engine-choice.js';
import { loadGame, newGameId, saveGame } from '../../lib/local-games.js';

/** @typedef {import('../../lib/store.js').Store<import('./play.js').PlayState>} PlayStore */
/** @typedef {import('../../lib/local-games.js').LocalGame} LocalGame */
/** @typedef {ReturnType<typeof playActions>} PlayActions */

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

/**
 * The moves' keeping: a move stored and shown, and the computer's answer when it is to move.
 * @param {PlayStore} store the view's
 */
function moves(store) {
    // `closed`: the view closed, answers still coming are dropped. `serial`: the computer's
    // search in flight; an answer that is not the last one asked is dropped.
    const run = { closed: false, serial: 0 };
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
            if (!run.closed) store.set({ message: t('local.notSaved') });
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
        const mine = ++run.serial;
        store.set({ thinking: true });
        /** @type {string} */
        let square;
        try {
            square = (await engine.move({ setup: game.setup, moves: game.moves, level: game.level })).move ?? 'pass';
        } catch {
            if (!run.closed && mine === run.serial) store.set({ thinking: false, message: t('local.engineFailed') });
            return;
        }
        // An undo while it thought: the answer is for a position no longer shown.
        if (run.closed || mine !== run.serial) return;
        store.set({ thinking: false });
        if (!legal.includes(square)) {
            store.set({ message: t('local.engineFailed') });
            return;
        }
        await commit([...game.moves, square]);
    }
    return { run, last, myTurn, commit, computer };
}

/** @param {PlayStore} store the view's */
export function playActions(store) {
    const { run, last, myTurn, commit, computer } = moves(store);
    return {
        myTurn,
        /** The person's move, or why it is not one. @param {string} sq */
        play(sq) {
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
        },
        /** Back to before the person's last move (and the computer's reply to it). */
        undo() {
            const { game } = store.get();
            if (!game) return;
            const mine = game.moves.map((_, i) => i).filter((i) => i % 2 === game.seat);
            if (!mine.length) return;
            run.serial++;
            localEngine().then((e) => e?.stop());
            store.set({ thinking: false });
            commit(game.moves.slice(0, mine[mine.length - 1]));
        },
        /** The same game again from its start: a new one, with the same setup, seat and level. */
        again() {
            const { game } = store.get();
            if (game) startLocalGame({ setup: game.setup, seat: game.seat, level: game.level });
        },
        async hint() {
            const { game } = store.get();
            if (!game || !myTurn()) return;
            store.set({ hintLine: t('game.hintThinking') });
            try {
                const h = await hintHere(game.setup, game.moves);
                if (run.closed || !h || h.ply !== store.get().game?.moves.length) return;
                store.set({ hint: h.square, hintLine: hintText(h, 2) });
            } catch (e) {
                if (!run.closed && !superseded(e)) store.set({ hintLine: '', message: t('local.engineFailed') });
            }
        },
        /** Reads the game `id` from this browser, then lets the computer move if it is to. @param {string} id */
        async load(id) {
            let game = null;
            try {
                game = await loadGame(id);
            } catch {
                // IndexedDB refused (a private window of some browsers): no game to show.
            }
            if (run.closed) return;
            if (!game) {
                store.set({ missing: true });
                return;
            }
            store.set({ game, positions: rules.replay(game.setup, game.moves) });
            computer();
        },
        /** The view closes: answers still coming are dropped, the computer's search stopped. */
        close() {
            run.closed = true;
            if (store.get().thinking) localEngine().then((e) => e?.stop());
        },
    };
}
