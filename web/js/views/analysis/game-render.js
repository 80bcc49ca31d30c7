// SPDX-License-Identifier: MIT
// The drawing of a game's analysis (game.js), from its store: the game lays the page out, each
// analysis polled redraws the verdicts, and the position shown follows the index: the
// evaluation graph, the verdict on each move (mistakes and blunders marked), the summary per
// player and, on the board, the best move of the position shown.
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { Board, discBadge } from '../../components/board.js';
import { EvalGraph } from '../../components/evalgraph.js';
import * as rules from '../../lib/rules.js';
import { el } from '../../lib/dom.js';
import { resultText } from '../../lib/game-text.js';
import { controlButton, moveText, openOnBoard, scoreText } from './shared.js';
import { isLocalId } from '../../lib/local-games.js';

/** @typedef {import('../../lib/protocol.js').GameSummary} GameSummary */
/** @typedef {import('../../lib/protocol.js').GameAnalysis} GameAnalysis */
/** @typedef {import('../../lib/protocol.js').AnalysisPly} AnalysisPly */
/** @typedef {import('./game.js').GameAnalysisState} GameAnalysisState */
/** @typedef {import('./game.js').GameAnalysisView} GameAnalysisView */
/** @typedef {ReturnType<typeof gameParts>} GameParts */

// The marks that annotate a move's class, as in chess notation.
/** @type {Record<string, string>} */
const Glyph = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** The view's elements; the board and the graph come with the game (layout). */
export function gameParts() {
    return {
        view: el('section', { class: 'analysis', 'aria-labelledby': 'analysis-title' }),
        status: el('p', { id: 'analysis-status', class: 'status', 'aria-live': 'polite' }),
        progress: el('progress', { id: 'analysis-progress', max: '1', value: '0' }),
        where: el('p', { id: 'analysis-ply', class: 'status' }),
        verdict: el('p', { id: 'analysis-verdict', class: 'verdict', 'aria-live': 'polite' }),
        best: el('p', { id: 'analysis-best', class: 'status' }),
        summary: el('div', { id: 'analysis-summary' }),
        list: el('ol', { class: 'moves analysis-moves', id: 'analysis-moves' }),
        /** @type {Board | null} */
        board: null,
        /** @type {EvalGraph | null} */
        graph: null,
        shown: -1, // the index the board last drew
    };
}

/** The store's subscriber. @param {GameAnalysisView} v @param {GameAnalysisState} s @param {GameAnalysisState} was */
export function redraw(v, s, was) {
    const p = v.parts;
    if (s.error && s.error !== was.error) {
        if (!s.game) p.view.replaceChildren(el('h1', {}, t('analysis.title')), el('p', { role: 'alert' }, s.error));
        else {
            p.status.replaceChildren(el('span', { role: 'alert' }, s.error));
            p.progress.hidden = true;
        }
        return;
    }
    if (s.game && s.game !== was.game) {
        layout(v, s.game, s.positions.length - 1);
        renderMoves(v);
    }
    if (s.analysis && s.analysis !== was.analysis) {
        renderProgress(v, s.analysis);
        renderMoves(v);
        renderSummary(v);
    }
    if (s.game !== was.game || s.analysis !== was.analysis || s.index !== was.index) drawPosition(v, s);
}

/** @param {GameAnalysisView} v */
const plies = (v) => v.store.get().analysis?.plies || [];

/** @param {GameAnalysisView} v @param {GameAnalysisState} state */
function drawPosition(v, { game, positions, index }) {
    const p = v.parts;
    if (!p.board || !p.graph || !game) return;
    const all = plies(v);
    const pos = positions[index];
    const next = all[index];
    const done = all[index - 1];
    // The board marks the best move of the position the verdict is about: with a move
    // selected, the move that should have been played instead (lichess's arrow), in the
    // position before it; at the start, the best first move (issue 26, 8).
    const about = index === 0 ? next : done;
    // Flips animate when the position changes, not when new verdicts arrive.
    p.board.update({ rows: rules.boardRows(pos), legal: [], last: pos.last, flipped: pos.flipped,
        animate: p.shown !== index, best: about && about.best !== 'pass' ? about.best : null });
    p.shown = index;
    p.where.textContent = t('replay.at', { ply: index, total: positions.length - 1 });
    p.verdict.replaceChildren(...verdictText(index, next, done));
    // The position shown: whose move it is and its best move (not marked: the board shows
    // the verdict's).
    p.best.textContent = next ? t('analysis.nextBest', { colour: colourName(next.seat), move: moveText(next.best),
        score: scoreText(next.best_score) })
        : index === positions.length - 1 && game.result && typeof game.result === 'object' ? resultText(game.result, game.setup) : '';
    p.list.querySelectorAll('li').forEach((li, k) => li.classList.toggle('current', k === index - 1));
    p.graph.update(all, positions.length - 1, index);
}

// The verdict on the move that led to position `index` (`done`), or at the start the best
// first move (`next`).
/** @param {number} index @param {AnalysisPly | undefined} next @param {AnalysisPly | undefined} done */
function verdictText(index, next, done) {
    if (index === 0) {
        return [next ? t('analysis.startMarked', { move: moveText(next.best), score: scoreText(next.best_score) })
            : t('analysis.start')];
    }
    if (!done) return [t('analysis.notYet')];
    const parts = [t('analysis.moveN', { n: index }), ' ', t('analysis.played', { colour: colourName(done.seat),
        move: moveText(done.played), score: scoreText(done.played_score) })];
    if (done.loss > 0) parts.push(' ', t('analysis.bestWas', { move: moveText(done.best), score: scoreText(done.best_score) }));
    return [...parts, ' ', el('span', { class: `class-badge ${done.class}`, id: 'analysis-class' }, t(`analysis.class.${done.class}`))];
}

// Each move with its number and its score from Black's side, as the graph draws it, so
// that the column reads as one line of play (issue 48, 21).
/** @param {GameAnalysisView} v */
function renderMoves(v) {
    const all = plies(v);
    v.parts.list.replaceChildren(...(v.store.get().game?.moves || []).map((m, k) => {
        const p = all[k];
        const b = el('button', { type: 'button', class: 'link' }, moveText(m), p && Glyph[p.class] ? Glyph[p.class] : '');
        b.addEventListener('click', () => v.show(k + 1));
        return el('li', { class: p ? p.class : 'pending' }, el('span', { class: 'num', 'aria-hidden': 'true' }, `${k + 1}.`),
            discBadge(p ? p.seat : k % 2, false), ' ', b,
            p ? el('span', { class: 'score' }, ` ${scoreText(p.seat === 0 ? p.played_score : -p.played_score)}`) : '');
    }));
}

// A column per player and a row per kind of error (as lichess lists them), so that the
// long words head rows, where they have room, not narrow columns (issue 26, 8).
/** @param {GameAnalysisView} v */
function renderSummary(v) {
    const all = plies(v);
    const mine = [0, 1].map((seat) => all.filter((p) => p.seat === seat && p.played !== 'pass'));
    const head = el('tr', {}, el('th', {}, ''), ...[0, 1].map((seat) =>
        el('th', { scope: 'col' }, discBadge(seat, false), ' ', colourName(seat))));
    /** @param {string} c */
    const count = (c) => mine.map((m) => String(m.filter((p) => p.class === c).length));
    const average = mine.map((m) => (m.length ? m.reduce((a, p) => a + p.loss, 0) / m.length : 0).toFixed(1));
    const rows = [['inaccuracy', count('inaccuracy')], ['mistake', count('mistake')], ['blunder', count('blunder')],
        ['avgLoss', average]].map(([k, values]) => el('tr', { 'data-kind': String(k) },
        el('th', { scope: 'row' }, t(`analysis.sum.${k}`)), ...[...values].map((x) => el('td', {}, x))));
    v.parts.summary.replaceChildren(el('table', { class: 'analysis-summary' }, el('thead', {}, head), el('tbody', {}, ...rows)));
}

/** @param {GameAnalysisView} v @param {GameAnalysis} a */
function renderProgress({ parts: { progress, status } }, a) {
    progress.value = a.progress ?? 0;
    progress.hidden = a.status === 'done';
    status.textContent = a.status === 'done' ? t('analysis.done')
        : a.status === 'queued' ? t('analysis.queued') : t('analysis.running', { percent: Math.round((a.progress || 0) * 100) });
}

/** @param {GameAnalysisView} v @param {GameSummary} game @param {number} last the last position's index */
function layout(v, game, last) {
    const { id, store, show, parts: p } = v;
    const host = el('div', { class: 'board-host' });
    const graphHost = el('div', { class: 'graph-host' });
    const ctl = el('div', { class: 'controls' },
        controlButton('first', t('replay.first'), () => show(0)), controlButton('prev', t('replay.prev'), () => show(store.get().index - 1)),
        controlButton('next', t('replay.next'), () => show(store.get().index + 1)), controlButton('last', t('replay.last'), () => show(last)));
    const explore = el('button', { type: 'button', class: 'link', id: 'analysis-explore' }, t('analysis.openBoard'));
    explore.addEventListener('click', () => openOnBoard(game.setup, (game.moves || []).slice(0, store.get().index)));
    p.view.append(el('h1', { id: 'analysis-title' }, `${t('analysis.title')}: ${describeSetup(game.setup)}`),
        el('p', { class: 'subtitle' }, isLocalId(id) ? el('a', { href: `#/play/${id}`, id: 'analysis-replay' }, t('local.back'))
            : el('a', { href: `#/replay/${encodeURIComponent(id)}`, id: 'analysis-replay' }, t('analysis.replayLink')),
        ' · ', explore),
        el('div', { class: 'analysis-progress' }, p.status, p.progress),
        graphHost,
        el('p', { class: 'note' }, t('analysis.scoreNote')),
        el('div', { class: 'game-grid' }, host, el('div', { class: 'side' }, p.where, ctl, p.verdict, p.best,
            el('h2', {}, t('analysis.summary')), p.summary, el('h2', {}, t('game.moves')), p.list)));
    p.board = new Board(host, store.get().positions[0].w, { label: t('analysis.title') });
    p.graph = new EvalGraph(graphHost, { label: t('analysis.graph'), onSelect: (i) => show(i) });
}
