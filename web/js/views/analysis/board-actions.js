// SPDX-License-Identifier: MIT
// What the analysis board (board.js) does: replays typed or clicked moves with the rules port,
// changes the setup, and has every legal move of the position shown scored, by this
// browser's engine where it runs one, by the server's otherwise (lib/engine-choice.js). Each
// writes the view's store; the last question asked is the one whose answer shows.
import { t, colourName } from '../../lib/i18n.js';
import { scorePosition } from '../../lib/engine-choice.js';
import * as rules from '../../lib/rules.js';
import { errorText } from '../../lib/dom.js';
import { resultText } from '../../lib/game-text.js';
import { moveText, scoreText } from './shared.js';

/** @typedef {import('./board.js').BoardView} BoardView */
/** @typedef {import('./board.js').BoardState} BoardState */
/** @typedef {import('../../lib/rules.js').Position} Position */

/** The moves that led to the last position. @param {Position[]} positions */
export const movesOf = (positions) => positions.slice(1).map((p) => p.last ?? '');

// Replays `list` from the setup; false (and the error shown) when a move is not legal.
/** @param {BoardView} v @param {string[]} list */
export function load(v, list) {
    const { store } = v;
    let next;
    try {
        next = [rules.initialPosition(store.get().setup)];
    } catch {
        store.set({ movesError: t('error.bad_setup') });
        return false;
    }
    for (const [k, m] of list.entries()) {
        try {
            next.push(rules.play(next[next.length - 1], m));
        } catch {
            store.set({ movesError: t('analysis.badMove', { n: k + 1, move: m }) });
            return false;
        }
    }
    store.set({ movesError: '', positions: next });
    evaluate(v);
    return true;
}

/** A move clicked on the board (or the pass button). @param {BoardView} v @param {string} sq */
export function play(v, sq) {
    const pos = v.store.get().positions.at(-1);
    if (!pos || !rules.legalMoves(pos).includes(sq)) return;
    load(v, [...movesOf(v.store.get().positions), sq]);
}

/** A new setup starts from its first position. @param {BoardView} v @param {Partial<BoardState['setup']>} patch */
export function changeSetup(v, patch) {
    v.store.set({ setup: rules.normaliseSetup({ ...v.store.get().setup, ...patch }) });
    load(v, []);
}

/** @param {BoardView} v @param {number} depth */
export function changeDepth(v, depth) {
    v.store.set({ depth });
    evaluate(v);
}

/** @param {BoardView} v @param {Position} pos */
function describe(v, pos) {
    if (rules.isOver(pos)) {
        return resultText({ winner: rules.outcome(pos).winner, counts: rules.counts(pos), reason: 'end' }, v.store.get().setup);
    }
    return t('analysis.toMove', { colour: colourName(pos.toMove) });
}

// Has every legal move of the position shown scored (here or by the server).
/** @param {BoardView} v */
async function evaluate(v) {
    const { store, asks } = v;
    const mine = ++asks.serial;
    const { setup, positions, depth } = store.get();
    const pos = positions.at(-1);
    if (!pos) return;
    if (rules.isOver(pos)) {
        store.set({ scores: null, refused: '', status: describe(v, pos) });
        return;
    }
    store.set({ scores: null, refused: '', status: `${describe(v, pos)} ${t('analysis.thinking')}` });
    const current = () => !asks.closed && mine === asks.serial;
    try {
        const { answer, where } = await scorePosition(setup, movesOf(positions), depth);
        if (!current()) return;
        store.set({ scores: answer, where, status: `${describe(v, pos)} ${answer.best
            ? t('analysis.bestMove', { move: moveText(answer.best), score: scoreText(answer.score) }) : ''}` });
    } catch (e) {
        if (!current()) return;
        store.set({ refused: /** @type {{code?: string}} */ (e).code === 'rate_limited' ? t('analysis.rateLimited') : errorText(e) });
    }
}
