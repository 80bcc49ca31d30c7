// SPDX-License-Identifier: MIT
// What feeds a game's analysis view (game.js): the finished game from the server, then its
// analysis, polled while the server runs it; a game played in this browser (views/play/) is
// read from its store and analysed here by this browser's engine instead, the server never
// saw it, its plies shown as they come (the same answer as GET /api/games/ID/analysis).
import { t } from '../../lib/i18n.js';
import { getGame, getAnalysis } from '../../lib/api.js';
import * as rules from '../../lib/rules.js';
import { errorText } from '../../lib/dom.js';
import { isLocalId, loadGame } from '../../lib/local-games.js';
import { localEngine, superseded } from '../../lib/engine-choice.js';

/** @typedef {import('./game.js').GameAnalysisState} GameAnalysisState */
/** @typedef {import('../../lib/store.js').Store<GameAnalysisState>} GameAnalysisStore */

const PollMs = 1000;

/**
 * Loads game `id` and its analysis into `store`; returns the function that stops (the polling,
 * or this browser's engine).
 * @param {string} id
 * @param {GameAnalysisStore} store
 * @returns {() => void}
 */
export function loadAnalysis(id, store) {
    /** @type {ReturnType<typeof setTimeout> | null} */
    let timer = null;
    let destroyed = false;
    const live = () => !destroyed;

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

    async function start() {
        if (isLocalId(id)) return analyseHere(id, store, live);
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

    start();
    return () => {
        destroyed = true;
        if (isLocalId(id) && store.get().analysis?.status === 'running') localEngine().then((e) => e?.stop());
        if (timer) clearTimeout(timer);
    };
}

/**
 * A game of this browser: read from its store, analysed by its engine.
 * @param {string} id
 * @param {GameAnalysisStore} store
 * @param {() => boolean} live the view is still open
 */
async function analyseHere(id, store, live) {
    const kept = await loadGame(id).catch(() => null);
    const engine = await localEngine();
    if (!live()) return;
    if (!kept) {
        store.set({ error: t('local.missing') });
        return;
    }
    const positions = rules.replay(kept.setup, kept.moves);
    const end = /** @type {import('../../lib/rules.js').Position} */ (positions.at(-1));
    /** @type {import('../../lib/protocol.js').GameSummary} */
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
            if (live()) store.set({ analysis: { ...store.get().analysis, status: 'running', progress: total ? done / total : 0 } });
        });
        if (live()) store.set({ analysis: { ...analysis, status: 'done', progress: 1 } });
    } catch (e) {
        if (live() && !superseded(e)) store.set({ error: t('local.engineFailed') });
    }
}
