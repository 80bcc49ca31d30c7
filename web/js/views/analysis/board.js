// SPDX-License-Identifier: MIT
// The analysis board (#/analysis, docs/SITE.md "Analysis"): replays typed or clicked moves
// with the rules port and asks the server to score every legal move of the position.
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { Board } from '../../components/board.js';
import { analyzePosition } from '../../lib/api.js';
import * as rules from '../../lib/rules.js';
import { el, errorText, select } from '../../lib/dom.js';
import { resultText } from '../../lib/game-text.js';
import { controlButton, moveText, scoreText, takeOpening } from './shared.js';

const Depths = [4, 6, 8, 10, 12];
const DefaultDepth = 10;

/** @param {HTMLElement} root */
export function boardView(root) {
    const view = el('section', { class: 'analysis analysis-board', 'aria-labelledby': 'board-title' });
    root.append(view);
    const start = takeOpening() || { setup: { board: '8', players: 2 }, moves: [] };
    let setup = rules.normaliseSetup(start.setup);
    /** @type {string[]} */
    let moves = [];
    /** @type {import('../../lib/rules.js').Position[]} */
    let positions = [];
    let depth = DefaultDepth;
    let serial = 0;
    /** @type {import('../../lib/protocol.js').PositionScores | null} */
    let scores = null;
    /** @type {Board | null} */
    let board = null;
    let boardSize = 0;
    /** @type {import('../../lib/rules.js').Position | null} */
    let drawn = null;
    let destroyed = false;
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

    const position = () => positions[positions.length - 1];

    function draw() {
        const pos = position();
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
        const text = moves.join(' ');
        if (text !== movesShown) movesInput.value = movesShown = text;
        const best = scores?.best;
        scoreList.replaceChildren(...(scores ? scores.moves : []).map((m) =>
            el('li', { class: m.square === best ? 'best' : '' }, el('span', { class: 'sqname' }, moveText(m.square)), ' ',
                el('span', { class: 'score' }, scoreText(m.score)), m.exact ? el('span', { class: 'exact' }, ` (${t('analysis.exact')})`) : '')));
    }

    function describe() {
        const pos = position();
        if (rules.isOver(pos)) return resultText({ winner: rules.outcome(pos).winner, counts: rules.counts(pos), reason: 'end' }, setup);
        return t('analysis.toMove', { colour: colourName(pos.toMove) });
    }

    async function evaluate() {
        const mine = ++serial;
        scores = null;
        draw();
        const pos = position();
        if (rules.isOver(pos)) {
            status.textContent = describe();
            return;
        }
        status.textContent = `${describe()} ${t('analysis.thinking')}`;
        try {
            const answer = await analyzePosition(setup, moves, depth);
            if (destroyed || mine !== serial) return;
            scores = answer;
            status.textContent = `${describe()} ${answer.best ? t('analysis.bestMove', { move: moveText(answer.best), score: scoreText(answer.score) }) : ''}`;
        } catch (e) {
            if (destroyed || mine !== serial) return;
            status.replaceChildren(el('span', { role: 'alert' }, /** @type {{code?: string}} */ (e).code === 'rate_limited' ? t('analysis.rateLimited') : errorText(e)));
        }
        draw();
    }

    // Replays `list` from the setup; false (and the error shown) when a move is not legal.
    /** @param {string[]} list */
    function load(list) {
        let next;
        try {
            next = [rules.initialPosition(setup)];
        } catch {
            movesError.textContent = t('error.bad_setup');
            return false;
        }
        for (const [k, m] of list.entries()) {
            try {
                next.push(rules.play(next[next.length - 1], m));
            } catch {
                movesError.textContent = t('analysis.badMove', { n: k + 1, move: m });
                return false;
            }
        }
        movesError.textContent = '';
        positions = next;
        moves = next.slice(1).map((p) => p.last ?? '');
        evaluate();
        return true;
    }

    /** @param {string} sq */
    function play(sq) {
        const legal = rules.legalMoves(position());
        if (!legal.includes(sq)) return;
        load([...moves, sq]);
    }

    const shapeSelect = select('board-shape', rules.SHAPES.map((s) => [s, t(`shape.${s}`)]), setup.board, (v) => {
        setup = rules.normaliseSetup({ ...setup, board: v, blocked: [], handicap: v === 'octagon' ? 0 : setup.handicap });
        load([]);
    });
    /** @param {string} id @param {string} key @param {'anti' | 'free_opening'} field */
    const check = (id, key, field) => {
        const box = el('input', { type: 'checkbox', id, checked: setup[field] });
        box.addEventListener('change', () => {
            setup = rules.normaliseSetup({ ...setup, [field]: box.checked });
            load([]);
        });
        return el('label', { class: 'check' }, box, ' ', t(key));
    };
    const depthSelect = select('board-depth', Depths.map((d) => [d, String(d)]), depth, (v) => {
        depth = Number(v);
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
    const undo = controlButton('board-undo', t('analysis.undo'), () => load(moves.slice(0, -1)));
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
            el('p', { class: 'note' }, t('analysis.boardNote')))));
    if (!load(start.moves)) load([]);
    return {
        destroy() {
            destroyed = true;
        },
    };
}
