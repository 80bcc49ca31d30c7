// SPDX-License-Identifier: MIT
// Post-game analysis (#/analysis/GAMEID) and the analysis board (#/analysis), docs/SITE.md
// "Analysis". The game view polls the server's analysis while it runs and shows the
// evaluation graph, the verdict on each move (mistakes and blunders marked) and, on the
// board, the best move of the position shown. The analysis board replays typed or clicked
// moves with the rules port and asks the server to score every legal move of the position.
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { Board, discBadge } from '../../components/board.js';
import { getGame, getAnalysis, analyzePosition } from '../../lib/api.js';
import * as rules from '../../lib/rules.js';
import { createStore } from '../../lib/store.js';
import { el, errorText, select } from '../../lib/dom.js';
import { resultText } from '../../lib/game-text.js';
import { EvalGraph } from '../../components/evalgraph.js';

/** @typedef {import('../../lib/protocol.js').Setup} Setup */

const PollMs = 1000;
const Depths = [4, 6, 8, 10, 12];
const DefaultDepth = 10;
// The marks that annotate a move's class, as in chess notation.
/** @type {Record<string, string>} */
const Glyph = { inaccuracy: '?!', mistake: '?', blunder: '??' };

// A score for display: "+4", "−2", "0" (discs).
/** @param {number} s */
export function scoreText(s) {
    return s > 0 ? `+${s}` : s < 0 ? `−${-s}` : '0';
}

/** @param {string} m */
const moveText = (m) => (m === 'pass' ? t('game.passWord') : m);

/**
 * @typedef {object} AnalysisState
 * @property {{setup: Setup, moves: string[]} | null} opening what the analysis board opens
 *   with next (set by "explore this position")
 */

/** The analysis views' store. */
const store = createStore(/** @type {AnalysisState} */ ({ opening: null }));

/**
 * Opens the analysis board on a setup and moves.
 * @param {Setup} setup
 * @param {string[]} moves
 */
export function openOnBoard(setup, moves) {
    store.set({ opening: { setup, moves: moves.slice() } });
    location.hash = '#/analysis';
}

/** @param {HTMLElement} root @param {string} [id] a finished game */
export function analysisView(root, id) {
    return id ? gameAnalysisView(root, id) : boardView(root);
}

/** @param {string} id @param {string} label @param {() => void} onClick */
function controlButton(id, label, onClick) {
    const b = el('button', { type: 'button', id, 'aria-label': label, title: label }, label);
    b.addEventListener('click', onClick);
    return b;
}

// Step: the analysis of a finished game.

/** @param {HTMLElement} root @param {string} id */
function gameAnalysisView(root, id) {
    const view = el('section', { class: 'analysis', 'aria-labelledby': 'analysis-title' });
    root.append(view);
    let destroyed = false;
    /** @type {ReturnType<typeof setTimeout> | null} */
    let timer = null;
    /** @type {import('../../lib/protocol.js').GameSummary} */
    let game = /** @type {any} */ (null);
    /** @type {import('../../lib/rules.js').Position[]} */
    let positions = [];
    /** @type {import('../../lib/protocol.js').AnalysisPly[]} */
    let plies = [];
    let index = 0;
    /** @type {Board} */
    let board;
    /** @type {EvalGraph} */
    let graph;
    const status = el('p', { id: 'analysis-status', class: 'status', 'aria-live': 'polite' });
    const progress = el('progress', { id: 'analysis-progress', max: '1', value: '0' });
    const where = el('p', { id: 'analysis-ply', class: 'status' });
    const verdict = el('p', { id: 'analysis-verdict', class: 'verdict', 'aria-live': 'polite' });
    const best = el('p', { id: 'analysis-best', class: 'status' });
    const summary = el('div', { id: 'analysis-summary' });
    const list = el('ol', { class: 'moves analysis-moves', id: 'analysis-moves' });

    let shown = -1;

    /** @param {number} i */
    function show(i) {
        index = Math.max(0, Math.min(positions.length - 1, i));
        const pos = positions[index];
        const next = plies[index];
        // Flips animate when the position changes, not when new verdicts arrive.
        board.update({ rows: rules.boardRows(pos), legal: [], last: pos.last, flipped: pos.flipped,
            animate: shown !== index, best: next && next.best !== 'pass' ? next.best : null });
        shown = index;
        where.textContent = t('replay.at', { ply: index, total: positions.length - 1 });
        const done = plies[index - 1];
        if (index === 0) verdict.replaceChildren(t('analysis.start'));
        else if (!done) verdict.replaceChildren(t('analysis.notYet'));
        else {
            const parts = [t('analysis.played', { colour: colourName(done.seat), move: moveText(done.played),
                score: scoreText(done.played_score) })];
            if (done.loss > 0) parts.push(' ', t('analysis.bestWas', { move: moveText(done.best), score: scoreText(done.best_score) }));
            verdict.replaceChildren(...parts, ' ',
                el('span', { class: `class-badge ${done.class}`, id: 'analysis-class' }, t(`analysis.class.${done.class}`)));
        }
        best.textContent = next ? t('analysis.bestMove', { move: moveText(next.best), score: scoreText(next.best_score) })
            : index === positions.length - 1 && game.result && typeof game.result === 'object' ? resultText(game.result, game.setup) : '';
        list.querySelectorAll('li').forEach((li, k) => li.classList.toggle('current', k === index - 1));
        graph.update(plies, positions.length - 1, index);
    }

    function renderMoves() {
        list.replaceChildren(...(game.moves || []).map((m, k) => {
            const p = plies[k];
            const b = el('button', { type: 'button', class: 'link' }, moveText(m), p && Glyph[p.class] ? Glyph[p.class] : '');
            b.addEventListener('click', () => show(k + 1));
            return el('li', { class: p ? p.class : 'pending' }, discBadge(p ? p.seat : k % 2, false), ' ', b,
                p ? el('span', { class: 'score' }, ` ${scoreText(p.played_score)}`) : '');
        }));
    }

    function renderSummary() {
        const head = el('tr', {}, el('th', {}, ''), ...['inaccuracy', 'mistake', 'blunder', 'avgLoss']
            .map((k) => el('th', { scope: 'col' }, t(`analysis.sum.${k}`))));
        const rows = [0, 1].map((seat) => {
            const mine = plies.filter((p) => p.seat === seat && p.played !== 'pass');
            const n = (/** @type {string} */ c) => String(mine.filter((p) => p.class === c).length);
            const avg = mine.length ? mine.reduce((a, p) => a + p.loss, 0) / mine.length : 0;
            return el('tr', {}, el('th', { scope: 'row' }, discBadge(seat, false), ' ', colourName(seat)),
                el('td', {}, n('inaccuracy')), el('td', {}, n('mistake')), el('td', {}, n('blunder')),
                el('td', {}, avg.toFixed(1)));
        });
        summary.replaceChildren(el('table', { class: 'analysis-summary' }, el('thead', {}, head), el('tbody', {}, ...rows)));
    }

    async function poll() {
        timer = null;
        let a;
        try {
            a = await getAnalysis(id);
        } catch (e) {
            if (destroyed) return;
            status.replaceChildren(el('span', { role: 'alert' }, /** @type {{code?: string}} */ (e).code === 'not_allowed' ? t('analysis.notAvailable') : errorText(e)));
            progress.hidden = true;
            return;
        }
        if (destroyed) return;
        plies = a.plies || [];
        progress.value = a.progress ?? 0;
        progress.hidden = a.status === 'done';
        status.textContent = a.status === 'done' ? t('analysis.done')
            : a.status === 'queued' ? t('analysis.queued') : t('analysis.running', { percent: Math.round((a.progress || 0) * 100) });
        renderMoves();
        renderSummary();
        show(index);
        if (a.status !== 'done') timer = setTimeout(poll, PollMs);
    }

    async function start() {
        try {
            game = await getGame(id);
            positions = rules.replay(game.setup, game.moves || []);
        } catch (e) {
            view.append(el('h1', {}, t('analysis.title')), el('p', { role: 'alert' }, errorText(e)));
            return;
        }
        if (destroyed) return;
        const host = el('div', { class: 'board-host' });
        const graphHost = el('div', { class: 'graph-host' });
        const ctl = el('div', { class: 'controls' },
            controlButton('first', t('replay.first'), () => show(0)), controlButton('prev', t('replay.prev'), () => show(index - 1)),
            controlButton('next', t('replay.next'), () => show(index + 1)), controlButton('last', t('replay.last'), () => show(positions.length - 1)));
        const explore = el('button', { type: 'button', class: 'link', id: 'analysis-explore' }, t('analysis.openBoard'));
        explore.addEventListener('click', () => openOnBoard(game.setup, (game.moves || []).slice(0, index)));
        view.append(el('h1', { id: 'analysis-title' }, `${t('analysis.title')}: ${describeSetup(game.setup)}`),
            el('p', { class: 'subtitle' }, el('a', { href: `#/replay/${encodeURIComponent(id)}`, id: 'analysis-replay' }, t('analysis.replayLink')),
                ' · ', explore),
            el('div', { class: 'analysis-progress' }, status, progress),
            graphHost,
            el('p', { class: 'note' }, t('analysis.scoreNote')),
            el('div', { class: 'game-grid' }, host, el('div', { class: 'side' }, where, ctl, verdict, best,
                el('h2', {}, t('analysis.summary')), summary, el('h2', {}, t('game.moves')), list)));
        board = new Board(host, positions[0].w, { label: t('analysis.title') });
        graph = new EvalGraph(graphHost, { label: t('analysis.graph'), onSelect: (i) => show(i) });
        view.addEventListener('keydown', (e) => {
            const target = /** @type {Element} */ (e.target);
            if (target.closest('.board') || target.closest('input, select, textarea')) return;
            if (e.key === 'ArrowRight') show(index + 1);
            if (e.key === 'ArrowLeft') show(index - 1);
        });
        renderMoves();
        show(0);
        poll();
    }
    start();
    return {
        destroy() {
            destroyed = true;
            if (timer) clearTimeout(timer);
        },
    };
}

// Step: the analysis board.

/** @param {HTMLElement} root */
function boardView(root) {
    const view = el('section', { class: 'analysis analysis-board', 'aria-labelledby': 'board-title' });
    root.append(view);
    const start = store.get().opening || { setup: { board: '8', players: 2 }, moves: [] };
    store.set({ opening: null });
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
