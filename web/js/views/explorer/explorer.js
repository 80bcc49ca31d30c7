// SPDX-License-Identifier: MIT
// The opening explorer (#/explorer/POOL, docs/EXPLORER.md): the moves played on the site from a
// position with their counts and results, the opening's name, and filters by player ("my
// openings") and rating band, and beside each move the engine's score from the server (asked
// after the counts, cached there per position). A click on a move (in the list or on the board)
// goes one move deeper; the board is the server's sequence replayed with the rules port.
import { t } from '../../lib/i18n.js';
import { Board } from '../../components/board.js';
import { explore, explorerEval, importGgf, importWthor } from '../../lib/api.js';
import * as rules from '../../lib/rules.js';
import { loggedIn, session } from '../../lib/session.js';
import { createStore } from '../../lib/store.js';
import { el, errorText } from '../../lib/dom.js';
import { poolName, setupForPool } from '../../lib/pools.js';

const EXPLORER_POOLS = ['8x8', '8x8-anti', '6x6', '10x10', 'octagon'];
// A GGF upload goes in parts of whole lines under the server's 64 KB body (GGS files hold a
// game per line; JSON escaping may add a little).
const IMPORT_PART_BYTES = 48 * 1024;

/** The parts of a GGF text, each of whole lines. @param {string} text */
function importParts(text) {
    /** @type {string[]} */
    const parts = [];
    let part = '';
    for (const line of text.split('\n')) {
        if (part && part.length + line.length + 1 > IMPORT_PART_BYTES) {
            parts.push(part);
            part = '';
        }
        part += `${line}\n`;
    }
    if (part.trim()) parts.push(part);
    return parts;
}

// A WTHOR file (16-byte header, 68-byte games) goes in parts of at most 200 games, the server's
// bound per post, each a file of its own: the header with its game count set to the part's.
const WTHOR_HEADER = 16;
const WTHOR_RECORD = 68;
const WTHOR_PART_GAMES = 200;

/** The parts of a WTHOR file in base64; a file whose size is not what its header announces goes whole, for the server to say why. @param {Uint8Array} bytes */
function wthorParts(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const games = bytes.length >= WTHOR_HEADER ? view.getUint32(4, true) : -1;
    if (games < 0 || games > 20000 || bytes.length !== WTHOR_HEADER + games * WTHOR_RECORD) return [base64(bytes.subarray(0, IMPORT_PART_BYTES))];
    /** @type {string[]} */
    const parts = [];
    for (let first = 0; first < games; first += WTHOR_PART_GAMES) {
        const count = Math.min(WTHOR_PART_GAMES, games - first);
        const part = new Uint8Array(WTHOR_HEADER + count * WTHOR_RECORD);
        part.set(bytes.subarray(0, WTHOR_HEADER));
        new DataView(part.buffer).setUint32(4, count, true);
        part.set(bytes.subarray(WTHOR_HEADER + first * WTHOR_RECORD, WTHOR_HEADER + (first + count) * WTHOR_RECORD), WTHOR_HEADER);
        parts.push(base64(part));
    }
    return parts;
}

// GGF's game type of each pool whose games a pasted move list can be (GGF has no 6x6).
/** @type {Record<string, string>} */
const GGF_TYPES = { '8x8': '8', '8x8-anti': '8a', '10x10': '10', octagon: '88' };

/**
 * A pasted move list ("f5 d6 c3", "f5d6c3", "1. f5 d6") as one GGF game from the pool's start,
 * each move under its colour (a forced pass left for the reader to fill in, as GGF allows);
 * null when it holds no move. A move that is not legal is left for the server to name.
 * @param {string} text @param {string} pool
 */
export function moveListGgf(text, pool) {
    const moves = [...text.toLowerCase().replace(/\b\d+\.+/g, ' ').matchAll(/[a-j](?:10|[1-9])/g)].map((m) => m[0]);
    if (!moves.length || !GGF_TYPES[pool]) return null;
    let pos = rules.initialPosition(setupForPool(pool));
    let record = '';
    for (const m of moves) {
        if (rules.legalMoves(pos).join() === 'pass') pos = rules.play(pos, 'pass');
        record += `${pos.toMove === 0 ? 'B' : 'W'}[${m.toUpperCase()}]`;
        try {
            pos = rules.play(pos, m);
        } catch {
            break;
        }
    }
    return `(;GM[Othello]PC[pasted]TY[${GGF_TYPES[pool]}]${record};)`;
}

/** @param {Uint8Array} bytes */
function base64(bytes) {
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
}

/**
 * @typedef {object} ExplorerState
 * @property {string[]} moves the sequence shown
 * @property {{player: string, min: number, max: number}} filter
 * @property {import('../../lib/protocol.js').ExplorerAnswer | null} answer the server's answer for `moves`
 * @property {{moves: string, scores: Record<string, number>} | null} evals the engine's scores of the moves of `evals.moves`
 * @property {string} error
 */

/** Signed score in discs: "+2.5", "-1", "0". @param {number} n */
const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** @param {number} part @param {number} all */
const percent = (part, all) => (all ? `${Math.round((100 * part) / all)}%` : '');

/** @param {HTMLElement} root @param {string} poolArg */
export function explorerView(root, poolArg) {
    const pool = EXPLORER_POOLS.includes(poolArg) ? poolArg : '8x8';
    const setup = setupForPool(pool);
    const view = el('section', { class: 'explorer', 'aria-labelledby': 'explorer-title' });
    root.append(view);
    const store = createStore(/** @type {ExplorerState} */ ({ moves: [], filter: { player: '', min: 0, max: 0 }, answer: null, evals: null, error: '' }));
    const tabs = el('nav', { class: 'tabs', 'aria-label': t('leaderboard.pools') }, EXPLORER_POOLS.map((p) =>
        el('a', { href: `#/explorer/${p}`, id: `explorer-pool-${p}`, 'aria-current': p === pool ? 'page' : null }, poolName(p))));
    const line = el('p', { id: 'explorer-line', class: 'status' });
    const opening = el('p', { id: 'explorer-opening', class: 'opening' });
    const list = el('div', { id: 'explorer-moves' });
    const host = el('div', { class: 'board-host' });
    const player = el('input', { id: 'explorer-player', type: 'text', maxlength: '40', placeholder: t('explorer.anyone') });
    const min = el('input', { id: 'explorer-min', type: 'number', min: '0', max: '4000', step: '100' });
    const max = el('input', { id: 'explorer-max', type: 'number', min: '0', max: '4000', step: '100' });
    const mine = el('button', { type: 'button', id: 'explorer-mine' }, t('explorer.mine'));
    const apply = el('button', { type: 'submit', class: 'primary', id: 'explorer-apply' }, t('explorer.apply'));
    const back = el('button', { type: 'button', id: 'explorer-back' }, t('replay.prev'));
    const start = el('button', { type: 'button', id: 'explorer-start' }, t('replay.first'));
    const form = el('form', { class: 'explorer-filter' },
        el('label', { for: 'explorer-player' }, t('explorer.player')), player, mine,
        el('label', { for: 'explorer-min' }, t('explorer.min')), min,
        el('label', { for: 'explorer-max' }, t('explorer.max')), max, apply);
    // A registered player's GGF or WTHOR import into "my openings" (docs/EXPLORER.md "Imported games").
    const file = el('input', { id: 'explorer-import-file', type: 'file', accept: '.ggf,.txt,.wtb,text/plain' });
    const imported = el('p', { id: 'explorer-imported', class: 'note', 'aria-live': 'polite' });
    // Or pasted: GGF text, or a move list of this pool's board.
    const pasted = el('textarea', { id: 'explorer-paste', rows: '4', placeholder: t('explorer.pastePlaceholder') });
    const pasteButton = el('button', { type: 'button', id: 'explorer-paste-import' }, t('explorer.pasteImport'));
    const importer = el('details', { class: 'explorer-import', hidden: !loggedIn(session.get()) },
        el('summary', {}, t('explorer.import')), el('p', { class: 'note' }, t('explorer.importNote')),
        el('p', { class: 'note' }, t('explorer.importWthorNote')),
        el('label', { for: 'explorer-import-file' }, t('explorer.importFile')), file,
        el('label', { for: 'explorer-paste' }, t('explorer.paste')), pasted, el('div', { class: 'form-bar' }, pasteButton), imported);
    /** Posts the parts (GGF text, or WTHOR files in base64), saying how many were kept. @param {string[]} parts @param {boolean} wthor */
    async function upload(parts, wthor) {
        let done = 0;
        let skipped = 0;
        /** @type {string[]} */
        const reasons = [];
        try {
            for (const part of parts) {
                const answer = await (wthor ? importWthor(part) : importGgf(part));
                done += answer.imported;
                skipped += answer.skipped;
                reasons.push(...(answer.errors || []));
                imported.textContent = t('explorer.imported', { n: done, skipped });
            }
            // One game pasted and refused: why, as the server says it.
            imported.textContent = t('explorer.imported', { n: done, skipped }) + (done === 0 && reasons.length ? ` (${reasons[0]})` : '');
            go(store.get().moves);
        } catch (e) {
            imported.textContent = errorText(e);
        }
    }
    file.addEventListener('change', async () => {
        const chosen = file.files && file.files[0];
        if (!chosen) return;
        const wthor = /\.wtb$/i.test(chosen.name);
        await upload(wthor ? wthorParts(new Uint8Array(await chosen.arrayBuffer())) : importParts(await chosen.text()), wthor);
    });
    pasteButton.addEventListener('click', () => {
        const text = pasted.value;
        const ggf = text.includes('(;') ? text : moveListGgf(text, pool);
        if (!ggf) {
            imported.textContent = t('explorer.pasteNothing');
            return;
        }
        upload(importParts(ggf), false);
    });
    view.append(el('h1', { id: 'explorer-title' }, t('explorer.title', { pool: poolName(pool) })), tabs, form, importer,
        el('div', { class: 'puzzle-grid' }, host, el('div', {}, line, opening, el('div', { class: 'controls' }, start, back), list)));
    const board = new Board(host, rules.boardSize(setup.board || '8'), { onPlay: (sq) => played(sq), label: t('explorer.title', { pool: poolName(pool) }) });

    // A square of the board goes deeper only when it is one of the moves played there.
    /** @param {string} square */
    function played(square) {
        const { moves, answer } = store.get();
        if (answer && answer.moves === moves.join(' ') && answer.next.some((m) => m.move === square)) go([...moves, square]);
    }

    /** @param {string[]} moves */
    async function go(moves) {
        store.set({ moves, error: '' });
        try {
            const answer = await explore(pool, moves, store.get().filter);
            if (store.get().moves === moves) store.set({ answer });
        } catch (e) {
            store.set({ error: errorText(e) });
            return;
        }
        // The engine's scores come after the counts: a busy engine never holds the table back.
        try {
            const evals = await explorerEval(pool, moves);
            /** @type {Record<string, number>} */
            const scores = {};
            for (const m of evals.moves) scores[m.move] = m.score;
            if (store.get().moves === moves) store.set({ evals: { moves: moves.join(' '), scores } });
        } catch {
            // No score column is shown without one.
        }
    }

    /** @param {ExplorerState} s */
    function draw({ moves, answer, evals, error }) {
        const positions = rules.replay(setup, moves);
        const pos = positions[positions.length - 1];
        const next = answer && answer.moves === moves.join(' ') ? answer.next : [];
        const scores = evals && evals.moves === moves.join(' ') ? evals.scores : null;
        board.update({ rows: rules.boardRows(pos), legal: next.map((m) => m.move).filter((m) => m !== 'pass'), showLegal: true,
            last: pos.last, flipped: pos.flipped, interactive: true });
        line.textContent = moves.length ? moves.join(' ') : t('explorer.start');
        opening.textContent = answer && answer.opening ? t('opening.name', { name: answer.opening.name }) : '';
        if (error) {
            list.replaceChildren(el('p', { role: 'alert', class: 'alert' }, error));
            return;
        }
        if (!answer) return;
        list.replaceChildren(el('p', { class: 'note', id: 'explorer-games' }, t('explorer.games', { n: answer.games })),
            next.length ? el('table', { class: 'data', id: 'explorer-table' },
                el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('explorer.move')), el('th', { scope: 'col' }, t('profile.games')),
                    el('th', { scope: 'col' }, t('explorer.black')), el('th', { scope: 'col' }, t('explorer.draws')),
                    el('th', { scope: 'col' }, t('explorer.white')),
                    el('th', { scope: 'col', title: t('explorer.engineNote') }, t('explorer.engine')))),
                el('tbody', {}, next.map((m) => {
                    const link = el('button', { type: 'button', class: 'link', 'data-move': m.move }, m.move);
                    link.addEventListener('click', () => go([...moves, m.move]));
                    return el('tr', {}, el('td', {}, link), el('td', { class: 'num' }, String(m.games)),
                        el('td', { class: 'num' }, percent(m.black, m.games)), el('td', { class: 'num' }, percent(m.draws, m.games)),
                        el('td', { class: 'num' }, percent(m.white, m.games)),
                        el('td', { class: 'num engine-score', 'data-score': scores && m.move in scores ? String(scores[m.move]) : null },
                            scores ? (m.move in scores ? signed(scores[m.move]) : '–') : t('explorer.evaluating')));
                }))) : el('p', { class: 'note' }, t('explorer.none')));
    }

    back.addEventListener('click', () => go(store.get().moves.slice(0, -1)));
    start.addEventListener('click', () => go([]));
    // "My openings" shows them at once (issue 48, 21), as the filter's Show would.
    mine.addEventListener('click', () => {
        player.value = session.get().me?.name || '';
        form.requestSubmit();
    });
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        store.set({ filter: { player: player.value.trim(), min: Number(min.value) || 0, max: Number(max.value) || 0 } });
        go(store.get().moves);
    });
    const stop = store.subscribe(draw);
    const stopSession = session.subscribe((s) => { importer.hidden = !loggedIn(s); });
    go([]);
    return { destroy() { stop(); stopSession(); } };
}
