// SPDX-License-Identifier: MIT
// The analysis of a finished game (#/analysis/GAMEID): the server analyses it in the
// background, the view polls the analysis while it runs (a game played in this browser,
// views/play/, is analysed here by this browser's engine instead: the server never saw it) and
// draws, from its store, the
// evaluation graph, the verdict on each move (mistakes and blunders marked), the summary per
// player and, on the board, the best move of the position shown.
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { Board, discBadge } from '../../components/board.js';
import { EvalGraph } from '../../components/evalgraph.js';
import { getGame, getAnalysis } from '../../lib/api.js';
import * as rules from '../../lib/rules.js';
import { createStore } from '../../lib/store.js';
import { el, errorText } from '../../lib/dom.js';
import { resultText } from '../../lib/game-text.js';
import { controlButton, moveText, openOnBoard, scoreText } from './shared.js';
import { stepKeys } from '../../lib/step-keys.js';
import { isLocalId, loadGame } from '../../lib/local-games.js';
import { localEngine, superseded } from '../../lib/engine-choice.js';

/** @typedef {import('../../lib/protocol.js').GameSummary} GameSummary */
/** @typedef {import('../../lib/protocol.js').GameAnalysis} GameAnalysis */
/** @typedef {import('../../lib/protocol.js').AnalysisPly} AnalysisPly */

/**
 * @typedef {object} GameAnalysisState
 * @property {GameSummary | null} game the finished game (GET /api/games/ID)
 * @property {import('../../lib/rules.js').Position[]} positions every position of it
 * @property {GameAnalysis | null} analysis the server's analysis, as last polled
 * @property {string} error why the game or its analysis cannot be shown
 * @property {number} index the position shown (0: the start)
 */

const PollMs = 1000;
// The marks that annotate a move's class, as in chess notation.
/** @type {Record<string, string>} */
const Glyph = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** @param {HTMLElement} root @param {string} id */
export function gameAnalysisView(root, id) {
    const view = el('section', { class: 'analysis', 'aria-labelledby': 'analysis-title' });
    root.append(view);
    const store = createStore(/** @type {GameAnalysisState} */ ({ game: null, positions: [], analysis: null, error: '', index: 0 }));
    /** @type {ReturnType<typeof setTimeout> | null} */
    let timer = null;
    let destroyed = false;
    /** @type {Board | null} */
    let board = null;
    /** @type {EvalGraph | null} */
    let graph = null;
    let shown = -1;
    const status = el('p', { id: 'analysis-status', class: 'status', 'aria-live': 'polite' });
    const progress = el('progress', { id: 'analysis-progress', max: '1', value: '0' });
    const where = el('p', { id: 'analysis-ply', class: 'status' });
    const verdict = el('p', { id: 'analysis-verdict', class: 'verdict', 'aria-live': 'polite' });
    const best = el('p', { id: 'analysis-best', class: 'status' });
    const summary = el('div', { id: 'analysis-summary' });
    const list = el('ol', { class: 'moves analysis-moves', id: 'analysis-moves' });

    const plies = () => store.get().analysis?.plies || [];
    /** @param {number} i */
    const show = (i) => store.set({ index: Math.max(0, Math.min(store.get().positions.length - 1, i)) });

    /** @param {GameAnalysisState} state */
    function drawPosition({ game, positions, index }) {
        if (!board || !graph || !game) return;
        const all = plies();
        const pos = positions[index];
        const next = all[index];
        const done = all[index - 1];
        // The board marks the best move of the position the verdict is about: with a move
        // selected, the move that should have been played instead (lichess's arrow), in the
        // position before it; at the start, the best first move (issue 26, 8).
        const about = index === 0 ? next : done;
        // Flips animate when the position changes, not when new verdicts arrive.
        board.update({ rows: rules.boardRows(pos), legal: [], last: pos.last, flipped: pos.flipped,
            animate: shown !== index, best: about && about.best !== 'pass' ? about.best : null });
        shown = index;
        where.textContent = t('replay.at', { ply: index, total: positions.length - 1 });
        if (index === 0) {
            verdict.replaceChildren(next ? t('analysis.startMarked', { move: moveText(next.best), score: scoreText(next.best_score) })
                : t('analysis.start'));
        } else if (!done) verdict.replaceChildren(t('analysis.notYet'));
        else {
            const parts = [t('analysis.moveN', { n: index }), ' ', t('analysis.played', { colour: colourName(done.seat),
                move: moveText(done.played), score: scoreText(done.played_score) })];
            if (done.loss > 0) parts.push(' ', t('analysis.bestWas', { move: moveText(done.best), score: scoreText(done.best_score) }));
            verdict.replaceChildren(...parts, ' ',
                el('span', { class: `class-badge ${done.class}`, id: 'analysis-class' }, t(`analysis.class.${done.class}`)));
        }
        // The position shown: whose move it is and its best move (not marked: the board shows
        // the verdict's).
        best.textContent = next ? t('analysis.nextBest', { colour: colourName(next.seat), move: moveText(next.best),
            score: scoreText(next.best_score) })
            : index === positions.length - 1 && game.result && typeof game.result === 'object' ? resultText(game.result, game.setup) : '';
        list.querySelectorAll('li').forEach((li, k) => li.classList.toggle('current', k === index - 1));
        graph.update(all, positions.length - 1, index);
    }

    // Each move with its number and its score from Black's side, as the graph draws it, so
    // that the column reads as one line of play (issue 48, 21).
    function renderMoves() {
        const all = plies();
        list.replaceChildren(...(store.get().game?.moves || []).map((m, k) => {
            const p = all[k];
            const b = el('button', { type: 'button', class: 'link' }, moveText(m), p && Glyph[p.class] ? Glyph[p.class] : '');
            b.addEventListener('click', () => show(k + 1));
            return el('li', { class: p ? p.class : 'pending' }, el('span', { class: 'num', 'aria-hidden': 'true' }, `${k + 1}.`),
                discBadge(p ? p.seat : k % 2, false), ' ', b,
                p ? el('span', { class: 'score' }, ` ${scoreText(p.seat === 0 ? p.played_score : -p.played_score)}`) : '');
        }));
    }

    // A column per player and a row per kind of error (as lichess lists them), so that the
    // long words head rows, where they have room, not narrow columns (issue 26, 8).
    function renderSummary() {
        const all = plies();
        const mine = [0, 1].map((seat) => all.filter((p) => p.seat === seat && p.played !== 'pass'));
        const head = el('tr', {}, el('th', {}, ''), ...[0, 1].map((seat) =>
            el('th', { scope: 'col' }, discBadge(seat, false), ' ', colourName(seat))));
        /** @param {string} c */
        const count = (c) => mine.map((m) => String(m.filter((p) => p.class === c).length));
        const average = mine.map((m) => (m.length ? m.reduce((a, p) => a + p.loss, 0) / m.length : 0).toFixed(1));
        const rows = [['inaccuracy', count('inaccuracy')], ['mistake', count('mistake')], ['blunder', count('blunder')],
            ['avgLoss', average]].map(([k, values]) => el('tr', { 'data-kind': String(k) },
            el('th', { scope: 'row' }, t(`analysis.sum.${k}`)), ...[...values].map((v) => el('td', {}, v))));
        summary.replaceChildren(el('table', { class: 'analysis-summary' }, el('thead', {}, head), el('tbody', {}, ...rows)));
    }

    /** @param {GameAnalysis} a */
    function renderProgress(a) {
        progress.value = a.progress ?? 0;
        progress.hidden = a.status === 'done';
        status.textContent = a.status === 'done' ? t('analysis.done')
            : a.status === 'queued' ? t('analysis.queued') : t('analysis.running', { percent: Math.round((a.progress || 0) * 100) });
    }

    /** @param {GameSummary} game @param {number} last the last position's index */
    function layout(game, last) {
        const host = el('div', { class: 'board-host' });
        const graphHost = el('div', { class: 'graph-host' });
        const ctl = el('div', { class: 'controls' },
            controlButton('first', t('replay.first'), () => show(0)), controlButton('prev', t('replay.prev'), () => show(store.get().index - 1)),
            controlButton('next', t('replay.next'), () => show(store.get().index + 1)), controlButton('last', t('replay.last'), () => show(last)));
        const explore = el('button', { type: 'button', class: 'link', id: 'analysis-explore' }, t('analysis.openBoard'));
        explore.addEventListener('click', () => openOnBoard(game.setup, (game.moves || []).slice(0, store.get().index)));
        view.append(el('h1', { id: 'analysis-title' }, `${t('analysis.title')}: ${describeSetup(game.setup)}`),
            el('p', { class: 'subtitle' }, isLocalId(id) ? el('a', { href: `#/play/${id}`, id: 'analysis-replay' }, t('local.back'))
                : el('a', { href: `#/replay/${encodeURIComponent(id)}`, id: 'analysis-replay' }, t('analysis.replayLink')),
            ' · ', explore),
            el('div', { class: 'analysis-progress' }, status, progress),
            graphHost,
            el('p', { class: 'note' }, t('analysis.scoreNote')),
            el('div', { class: 'game-grid' }, host, el('div', { class: 'side' }, where, ctl, verdict, best,
                el('h2', {}, t('analysis.summary')), summary, el('h2', {}, t('game.moves')), list)));
        board = new Board(host, store.get().positions[0].w, { label: t('analysis.title') });
        graph = new EvalGraph(graphHost, { label: t('analysis.graph'), onSelect: (i) => show(i) });
    }

    // The view draws from its store: the game lays the page out, each analysis polled redraws
    // the verdicts, and the position shown follows the index.
    const stop = store.subscribe((s, was) => {
        if (s.error && s.error !== was.error) {
            if (!s.game) view.replaceChildren(el('h1', {}, t('analysis.title')), el('p', { role: 'alert' }, s.error));
            else {
                status.replaceChildren(el('span', { role: 'alert' }, s.error));
                progress.hidden = true;
            }
            return;
        }
        if (s.game && s.game !== was.game) {
            layout(s.game, s.positions.length - 1);
            renderMoves();
        }
        if (s.analysis && s.analysis !== was.analysis) {
            renderProgress(s.analysis);
            renderMoves();
            renderSummary();
        }
        if (s.game !== was.game || s.analysis !== was.analysis || s.index !== was.index) drawPosition(s);
    });

    async function poll() {
        timer = null;
        try {
            const analysis = await getAnalysis(id);
            if (destroyed) return;
            store.set({ analysis });
            if (analysis.status !== 'done') timer = setTimeout(poll, PollMs);
        } catch (e) {
            if (destroyed) return;
            store.set({ error: /** @type {{code?: string}} */ (e).code === 'not_allowed' ? t('analysis.notAvailable') : errorText(e) });
        }
    }

    // A game of this browser: read from its store, analysed by its engine, the plies shown as
    // they come (the same answer as the server's GET /api/games/ID/analysis).
    async function startHere() {
        const kept = await loadGame(id).catch(() => null);
        const engine = await localEngine();
        if (destroyed) return;
        if (!kept) {
            store.set({ error: t('local.missing') });
            return;
        }
        const positions = rules.replay(kept.setup, kept.moves);
        const end = /** @type {import('../../lib/rules.js').Position} */ (positions.at(-1));
        /** @type {GameSummary} */
        const game = /** @type {any} */ ({ id, setup: kept.setup, moves: kept.moves, finished: rules.isOver(end),
            result: rules.isOver(end) ? { winner: rules.outcome(end).winner, counts: rules.counts(end), reason: 'end' } : null });
        store.set({ game, positions, index: 0 });
        if (!engine) {
            store.set({ error: t('local.noEngine') });
            return;
        }
        store.set({ analysis: { status: 'running', progress: 0, plies: [] } });
        try {
            const analysis = await engine.analyzeGame({ setup: kept.setup, moves: kept.moves }, ({ done, total }) => {
                if (!destroyed) store.set({ analysis: { ...store.get().analysis, status: 'running', progress: total ? done / total : 0 } });
            });
            if (!destroyed) store.set({ analysis: { ...analysis, status: 'done', progress: 1 } });
        } catch (e) {
            if (!destroyed && !superseded(e)) store.set({ error: t('local.engineFailed') });
        }
    }

    async function start() {
        if (isLocalId(id)) return startHere();
        try {
            const game = await getGame(id);
            const positions = rules.replay(game.setup, game.moves || []);
            if (destroyed) return;
            store.set({ game, positions, index: 0 });
        } catch (e) {
            if (!destroyed) store.set({ error: errorText(e) });
            return;
        }
        poll();
    }
    // The arrow keys step wherever the focus is (issue 48, 21), not only inside the view.
    const unkey = stepKeys((to) => {
        const { index, positions } = store.get();
        show(to === 'first' ? 0 : to === 'last' ? positions.length - 1 : index + (to === 'next' ? 1 : -1));
    });
    start();
    return {
        destroy() {
            destroyed = true;
            if (isLocalId(id) && store.get().analysis?.status === 'running') localEngine().then((e) => e?.stop());
            unkey();
            stop();
            if (timer) clearTimeout(timer);
        },
    };
}
