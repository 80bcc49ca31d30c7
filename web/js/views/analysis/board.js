// SPDX-License-Identifier: MIT
// The analysis board (#/analysis, docs/SITE.md "Analysis"): replays typed or clicked moves
// with the rules port and has every legal move of the position scored: by this browser's engine
// where it runs one, by the server's otherwise (lib/engine-choice.js); the page says which.
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { Board } from '../../components/board.js';
import { scorePosition } from '../../lib/engine-choice.js';
import * as rules from '../../lib/rules.js';
import { el, errorText, select } from '../../lib/dom.js';
import { createStore } from '../../lib/store.js';
import { resultText } from '../../lib/game-text.js';
import { controlButton, moveText, scoreText, takeOpening } from './shared.js';

const Depths = [4, 6, 8, 10, 12];
const DefaultDepth = 10;

/** @typedef {import('../../lib/rules.js').Position} Position */
/**
 * @typedef {object} BoardState the analysis board's store
 * @property {import('../../lib/protocol.js').Setup & {board: string}} setup
 * @property {Position[]} positions from the setup's start to the position shown
 * @property {number} depth the search depth asked for
 * @property {import('../../lib/protocol.js').PositionScores | null} scores the engine's answer
 *   for the position shown, null while it is asked
 * @property {'browser' | 'server' | ''} where which engine gave `scores` ('' before the first)
 * @property {string} status whose move it is and the best move, or the end
 * @property {string} refused why the server gave no scores
 * @property {string} movesError why typed moves were not played
 */

/** @param {Position[]} positions */
const movesOf = (positions) => positions.slice(1).map((p) => p.last ?? '');

/** @param {HTMLElement} root */
export function boardView(root) {
    const view = el('section', { class: 'analysis analysis-board', 'aria-labelledby': 'board-title' });
    root.append(view);
    const start = takeOpening() || { setup: { board: '8', players: 2 }, moves: [] };
    const store = createStore(/** @type {BoardState} */ ({
        setup: rules.normaliseSetup(start.setup), positions: [], depth: DefaultDepth, scores: null,
        status: '', refused: '', movesError: '', where: '',
    }));
    let serial = 0;
    let destroyed = false;
    /** @type {Board | null} */
    let board = null;
    let boardSize = 0;
    /** @type {Position | null} */
    let drawn = null;
    /** @type {string | null} */
    let movesShown = null;  // the move list last written into the box
    const host = el('div', { class: 'board-host' });
    const status = el('p', { id: 'board-status', class: 'status', 'aria-live': 'polite' });
    const scoreList = el('ol', { id: 'board-scores', class: 'board-scores' });
    const movesInput = el('input', { id: 'board-moves-input', type: 'text', autocomplete: 'off', spellcheck: 'false',
        'aria-describedby': 'board-moves-help' });
    const movesError = el('p', { id: 'board-moves-error', class: 'error', role: 'alert' });
    const passButton = el('button', { type: 'button', id: 'board-pass', hidden: true }, t('analysis.pass'));
    const subtitle = el('p', { class: 'subtitle', id: 'board-setup' });
    const engineNote = el('p', { class: 'note', id: 'board-engine' });

    const position = () => store.get().positions.at(-1);

    /** @param {BoardState} state */
    function draw({ setup, positions, scores }) {
        const pos = positions.at(-1);
        if (!pos) return;
        subtitle.textContent = describeSetup(setup);
        if (pos.w !== boardSize) {
            host.replaceChildren();
            board = new Board(host, pos.w, { label: t('analysis.boardTitle'), onPlay: (sq) => play(sq) });
            boardSize = pos.w;
        }
        if (!board) return;
        const legal = rules.legalMoves(pos);
        /** @type {Record<string, string>} */
        const labels = {};
        if (scores) for (const m of scores.moves) labels[m.square] = scoreText(m.score);
        board.update({ rows: rules.boardRows(pos), legal, showLegal: !scores, last: pos.last, flipped: pos.flipped,
            interactive: legal.length > 0 && legal[0] !== 'pass', animate: drawn !== pos, best: scores?.best && scores.best !== 'pass' ? scores.best : null,
            labels, marks: false });
        drawn = pos;
        passButton.hidden = !(legal.length === 1 && legal[0] === 'pass');
        // Only when the moves change: an answer that arrives later must not overwrite what
        // the user is typing in the box.
        const text = movesOf(positions).join(' ');
        if (text !== movesShown) movesInput.value = movesShown = text;
        const best = scores?.best;
        scoreList.replaceChildren(...(scores ? scores.moves : []).map((m) =>
            el('li', { class: m.square === best ? 'best' : '' }, el('span', { class: 'sqname' }, moveText(m.square)), ' ',
                el('span', { class: 'score' }, scoreText(m.score)), m.exact ? el('span', { class: 'exact' }, ` (${t('analysis.exact')})`) : '')));
    }

    /** @param {Position} pos */
    function describe(pos) {
        if (rules.isOver(pos)) {
            return resultText({ winner: rules.outcome(pos).winner, counts: rules.counts(pos), reason: 'end' }, store.get().setup);
        }
        return t('analysis.toMove', { colour: colourName(pos.toMove) });
    }

    // Has every legal move of the position shown scored (here or by the server).
    async function evaluate() {
        const mine = ++serial;
        const { setup, positions, depth } = store.get();
        const pos = positions.at(-1);
        if (!pos) return;
        if (rules.isOver(pos)) {
            store.set({ scores: null, refused: '', status: describe(pos) });
            return;
        }
        store.set({ scores: null, refused: '', status: `${describe(pos)} ${t('analysis.thinking')}` });
        try {
            const { answer, where } = await scorePosition(setup, movesOf(positions), depth);
            if (destroyed || mine !== serial) return;
            store.set({ scores: answer, where, status: `${describe(pos)} ${answer.best
                ? t('analysis.bestMove', { move: moveText(answer.best), score: scoreText(answer.score) }) : ''}` });
        } catch (e) {
            if (destroyed || mine !== serial) return;
            store.set({ refused: /** @type {{code?: string}} */ (e).code === 'rate_limited' ? t('analysis.rateLimited') : errorText(e) });
        }
    }

    // Replays `list` from the setup; false (and the error shown) when a move is not legal.
    /** @param {string[]} list */
    function load(list) {
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
        evaluate();
        return true;
    }

    /** @param {string} sq */
    function play(sq) {
        const pos = position();
        if (!pos || !rules.legalMoves(pos).includes(sq)) return;
        load([...movesOf(store.get().positions), sq]);
    }

    /** @param {Partial<BoardState['setup']>} patch */
    const changeSetup = (patch) => {
        store.set({ setup: rules.normaliseSetup({ ...store.get().setup, ...patch }) });
        load([]);
    };
    const initial = store.get().setup;
    const shapeSelect = select('board-shape', rules.SHAPES.map((s) => [s, t(`shape.${s}`)]), initial.board,
        (v) => changeSetup({ board: v, blocked: [], handicap: v === 'octagon' ? 0 : store.get().setup.handicap }));
    /** @param {string} id @param {string} key @param {'anti' | 'free_opening'} field */
    const check = (id, key, field) => {
        const box = el('input', { type: 'checkbox', id, checked: initial[field] });
        box.addEventListener('change', () => changeSetup({ [field]: box.checked }));
        return el('label', { class: 'check' }, box, ' ', t(key));
    };
    const depthSelect = select('board-depth', Depths.map((d) => [d, String(d)]), store.get().depth, (v) => {
        store.set({ depth: Number(v) });
        evaluate();
    });
    const apply = el('button', { type: 'submit', id: 'board-apply' }, t('analysis.apply'));
    const form = el('form', { class: 'board-moves-form' },
        el('label', { for: 'board-moves-input' }, t('analysis.moves')), movesInput, apply);
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        load(movesInput.value.split(/[\s,;]+/).filter(Boolean).map((m) => m.toLowerCase()));
    });
    passButton.addEventListener('click', () => play('pass'));
    const undo = controlButton('board-undo', t('analysis.undo'), () => load(movesOf(store.get().positions).slice(0, -1)));
    const reset = controlButton('board-reset', t('analysis.reset'), () => load([]));

    view.append(el('h1', { id: 'board-title' }, t('analysis.boardTitle')),
        el('div', { class: 'board-options' },
            el('label', { for: 'board-shape' }, t('setup.shape')), shapeSelect,
            check('board-anti', 'setup.anti', 'anti'), check('board-free', 'setup.free', 'free_opening'),
            el('label', { for: 'board-depth' }, t('analysis.depth')), depthSelect),
        subtitle,
        el('div', { class: 'game-grid' }, host, el('div', { class: 'side' }, status,
            el('div', { class: 'controls' }, undo, reset, passButton),
            form, el('p', { id: 'board-moves-help', class: 'note' }, t('analysis.movesHelp')), movesError,
            el('h2', {}, t('analysis.scores')), scoreList,
            el('p', { class: 'note' }, t('analysis.boardNote')), engineNote)));

    // The view draws from its store: the board and the scores, the status line, the refusals.
    const stop = store.subscribe((s, was) => {
        if (s.positions !== was.positions || s.scores !== was.scores || s.setup !== was.setup) draw(s);
        if (s.refused && s.refused !== was.refused) status.replaceChildren(el('span', { role: 'alert' }, s.refused));
        else if (s.status !== was.status || (!s.refused && was.refused)) status.textContent = s.status;
        if (s.movesError !== was.movesError) movesError.textContent = s.movesError;
        if (s.where !== was.where) {
            engineNote.dataset.engine = s.where;
            engineNote.textContent = s.where ? t(`analysis.where.${s.where}`) : '';
        }
    });
    if (!load(start.moves)) load([]);
    return {
        destroy() {
            destroyed = true;
            stop();
        },
    };
}
