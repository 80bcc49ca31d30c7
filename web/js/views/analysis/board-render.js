// SPDX-License-Identifier: MIT
// The analysis board's page (board.js): the setup's options and the search depth, the board
// with each legal move's score on its square, the moves as text (typed and applied, or
// written back as they are played), the scores' list and which engine gave them, all drawn
// from the view's store. The controls call board-actions.js.
import { t, describeSetup } from '../../lib/i18n.js';
import { Board } from '../../components/board.js';
import * as rules from '../../lib/rules.js';
import { el, select } from '../../lib/dom.js';
import { controlButton, moveText, scoreText } from './shared.js';
import { changeDepth, changeSetup, load, movesOf, play } from './board-actions.js';

/** @typedef {import('./board.js').BoardView} BoardView */
/** @typedef {import('./board.js').BoardState} BoardState */
/** @typedef {ReturnType<typeof boardParts>} BoardParts */

const Depths = [4, 6, 8, 10, 12];

/** The view's elements, and what the board last drew. */
export function boardParts() {
    return {
        view: el('section', { class: 'analysis analysis-board', 'aria-labelledby': 'board-title' }),
        host: el('div', { class: 'board-host' }),
        status: el('p', { id: 'board-status', class: 'status', 'aria-live': 'polite' }),
        scoreList: el('ol', { id: 'board-scores', class: 'board-scores' }),
        movesInput: el('input', { id: 'board-moves-input', type: 'text', autocomplete: 'off', spellcheck: 'false',
            'aria-describedby': 'board-moves-help' }),
        movesError: el('p', { id: 'board-moves-error', class: 'error', role: 'alert' }),
        passButton: el('button', { type: 'button', id: 'board-pass', hidden: true }, t('analysis.pass')),
        subtitle: el('p', { class: 'subtitle', id: 'board-setup' }),
        engineNote: el('p', { class: 'note', id: 'board-engine' }),
        /** @type {Board | null} */
        board: null,
        boardSize: 0,
        /** @type {import('../../lib/rules.js').Position | null} */
        drawn: null,
        /** @type {string | null} the move list last written into the box */
        movesShown: null,
    };
}

// Lays the page out: the options first, the board and its side below.
/** @param {BoardView} v */
export function layout(v) {
    const { store, parts: p } = v;
    const initial = store.get().setup;
    const shapeSelect = select('board-shape', rules.SHAPES.map((s) => [s, t(`shape.${s}`)]), initial.board,
        (b) => changeSetup(v, { board: b, blocked: [], handicap: b === 'octagon' ? 0 : store.get().setup.handicap }));
    /** @param {string} id @param {string} key @param {'anti' | 'free_opening'} field */
    const check = (id, key, field) => {
        const box = el('input', { type: 'checkbox', id, checked: initial[field] });
        box.addEventListener('change', () => changeSetup(v, { [field]: box.checked }));
        return el('label', { class: 'check' }, box, ' ', t(key));
    };
    const depthSelect = select('board-depth', Depths.map((d) => [d, String(d)]), store.get().depth, (d) => changeDepth(v, Number(d)));
    const form = el('form', { class: 'board-moves-form' }, el('label', { for: 'board-moves-input' }, t('analysis.moves')),
        p.movesInput, el('button', { type: 'submit', id: 'board-apply' }, t('analysis.apply')));
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        load(v, p.movesInput.value.split(/[\s,;]+/).filter(Boolean).map((m) => m.toLowerCase()));
    });
    p.passButton.addEventListener('click', () => play(v, 'pass'));
    const undo = controlButton('board-undo', t('analysis.undo'), () => load(v, movesOf(store.get().positions).slice(0, -1)));
    const reset = controlButton('board-reset', t('analysis.reset'), () => load(v, []));
    p.view.append(el('h1', { id: 'board-title' }, t('analysis.boardTitle')),
        el('div', { class: 'board-options' },
            el('label', { for: 'board-shape' }, t('setup.shape')), shapeSelect,
            check('board-anti', 'setup.anti', 'anti'), check('board-free', 'setup.free', 'free_opening'),
            el('label', { for: 'board-depth' }, t('analysis.depth')), depthSelect),
        p.subtitle,
        el('div', { class: 'game-grid' }, p.host, el('div', { class: 'side' }, p.status,
            el('div', { class: 'controls' }, undo, reset, p.passButton),
            form, el('p', { id: 'board-moves-help', class: 'note' }, t('analysis.movesHelp')), p.movesError,
            el('h2', {}, t('analysis.scores')), p.scoreList,
            el('p', { class: 'note' }, t('analysis.boardNote')), p.engineNote)));
}

// The view draws from its store: the board and the scores, the status line, the refusals.
/** The store's subscriber. @param {BoardView} v @param {BoardState} s @param {BoardState} was */
export function redraw(v, s, was) {
    const p = v.parts;
    if (s.positions !== was.positions || s.scores !== was.scores || s.setup !== was.setup) draw(v, s);
    if (s.refused && s.refused !== was.refused) p.status.replaceChildren(el('span', { role: 'alert' }, s.refused));
    else if (s.status !== was.status || (!s.refused && was.refused)) p.status.textContent = s.status;
    if (s.movesError !== was.movesError) p.movesError.textContent = s.movesError;
    if (s.where !== was.where) {
        p.engineNote.dataset.engine = s.where;
        p.engineNote.textContent = s.where ? t(`analysis.where.${s.where}`) : '';
    }
}

/** @param {BoardView} v @param {BoardState} state */
function draw(v, { setup, positions, scores }) {
    const p = v.parts;
    const pos = positions.at(-1);
    if (!pos) return;
    p.subtitle.textContent = describeSetup(setup);
    if (pos.w !== p.boardSize) {
        p.host.replaceChildren();
        p.board = new Board(p.host, pos.w, { label: t('analysis.boardTitle'), onPlay: (sq) => play(v, sq) });
        p.boardSize = pos.w;
    }
    if (!p.board) return;
    const legal = rules.legalMoves(pos);
    /** @type {Record<string, string>} */
    const labels = {};
    if (scores) for (const m of scores.moves) labels[m.square] = scoreText(m.score);
    p.board.update({ rows: rules.boardRows(pos), legal, showLegal: !scores, last: pos.last, flipped: pos.flipped,
        interactive: legal.length > 0 && legal[0] !== 'pass', animate: p.drawn !== pos, best: scores?.best && scores.best !== 'pass' ? scores.best : null,
        labels, marks: false });
    p.drawn = pos;
    p.passButton.hidden = !(legal.length === 1 && legal[0] === 'pass');
    // Only when the moves change: an answer that arrives later must not overwrite what
    // the user is typing in the box.
    const text = movesOf(positions).join(' ');
    if (text !== p.movesShown) p.movesInput.value = p.movesShown = text;
    const best = scores?.best;
    p.scoreList.replaceChildren(...(scores ? scores.moves : []).map((m) =>
        el('li', { class: m.square === best ? 'best' : '' }, el('span', { class: 'sqname' }, moveText(m.square)), ' ',
            el('span', { class: 'score' }, scoreText(m.score)), m.exact ? el('span', { class: 'exact' }, ` (${t('analysis.exact')})`) : '')));
}
