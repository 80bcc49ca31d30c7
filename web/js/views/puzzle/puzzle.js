// SPDX-License-Identifier: MIT
// A puzzle graded by the exact solver (#/puzzle/ID, #/puzzle/daily; #/puzzles/POOL finds the
// next one near the player's puzzle rating and goes to it). The player clicks a square; the
// server grades the moves so far (exact score, discs lost) and answers with the computer's
// reply; at the end it sends the whole solution tree, drawn with every move's exact score, and
// both ratings' changes (a provisional rating with "?"). The board is drawn only from the
// puzzle and the server's answer. To teach: the goal in words (a win, a draw or a loss by so
// many discs), a retry after a failure (graded again, never rated again), and the solution's
// main line stepped through on the board.
// Streak mode (#/streak/POOL): the server picks puzzles of rising rating, each solved one naming
// the next, until the first mistake; the count and the best streak are the server's.
import { t, colourName } from '../../lib/i18n.js';
import { Board } from '../../components/board.js';
import { getPuzzle, getPuzzleOverview, nextPuzzle, startStreak, submitPuzzle } from '../../lib/api.js';
import * as rules from '../../lib/rules.js';
import { createStore } from '../../lib/store.js';
import { el, errorText } from '../../lib/dom.js';
import { allPools, poolName, ratingText } from '../../lib/pools.js';

/** @typedef {import('../../lib/protocol.js').Puzzle} Puzzle */
/** @typedef {import('../../lib/protocol.js').PuzzleAnswer} PuzzleAnswer */
/** @typedef {import('../../lib/protocol.js').PuzzleNode} PuzzleNode */
/** @typedef {import('../../lib/protocol.js').PuzzleStreak} PuzzleStreak */

/**
 * @typedef {object} PuzzleState
 * @property {Puzzle | null} puzzle the server's puzzle
 * @property {PuzzleAnswer | null} answer the server's grade of the moves sent so far
 * @property {boolean} busy a move is being graded
 * @property {PuzzleStreak | null} streak in streak mode, where the streak stood when this puzzle came
 * @property {string} error
 * @property {string[]} pools the pools that have puzzles on this server, in the site's order
 * @property {number | null} step stepping through the solution: the moves of its line shown
 */

/** Signed disc count: "+18", "-4", "0". @param {number} n */
const signed = (n) => (n > 0 ? `+${n}` : String(n));

// The moves from the start to the position shown: the puzzle's game, then each graded
// solution move with the computer's replies (a failed move last, without replies).
/** @param {Puzzle} puzzle @param {PuzzleAnswer | null} answer */
function movesShown(puzzle, answer) {
    const moves = [...puzzle.moves];
    for (const m of answer ? answer.moves : []) moves.push(m.move, ...m.replies);
    return moves;
}

// The solution's main line from the tree: at each of the solver's turns its first solution
// move, then the computer's replies, until the line ends.
/** @param {PuzzleNode[]} tree */
export function solutionLine(tree) {
    const line = [];
    for (let node = 0, guard = 0; node >= 0 && node < tree.length && guard < tree.length; guard++) {
        const branch = tree[node].branches[0];
        if (!branch) break;
        line.push(branch.move, ...branch.replies);
        node = branch.next;
    }
    return line;
}

// The goal in words: who plays and the exact result the best play keeps.
/** @param {Puzzle} puzzle @param {string} side */
function goalText(puzzle, side) {
    const key = puzzle.best > 0 ? 'puzzle.goalWin' : puzzle.best < 0 ? 'puzzle.goalLoss' : 'puzzle.goalDraw';
    return t(key, { side, n: Math.abs(puzzle.best) });
}

/** @param {HTMLElement} root @param {{id?: string, pool?: string, streak?: string}} which */
export function puzzleView(root, which) {
    const view = el('section', { class: 'puzzle', 'aria-labelledby': 'puzzle-title' });
    root.append(view);
    const store = createStore(/** @type {PuzzleState} */ ({ puzzle: null, answer: null, busy: false, streak: null, error: '', pools: [], step: null }));
    const streakPool = which.streak || '';
    const title = el('h1', { id: 'puzzle-title' }, t('puzzle.title'));
    const tabs = el('nav', { class: 'tabs', 'aria-label': t('leaderboard.pools') });
    const task = el('p', { id: 'puzzle-task', class: 'status' });
    const about = el('p', { id: 'puzzle-about', class: 'note' });
    const status = el('p', { id: 'puzzle-status', class: 'status', 'aria-live': 'polite' });
    const graded = el('ol', { id: 'puzzle-graded' });
    const ratings = el('p', { id: 'puzzle-ratings' });
    const tree = el('div', { id: 'puzzle-tree' });
    const host = el('div', { class: 'board-host' });
    const next = el('a', { href: '#/puzzles/8x8', id: 'puzzle-next', class: 'button' }, t('puzzle.next'));
    const streakLink = el('a', { href: `#/streak/${streakPool || '8x8'}`, id: 'puzzle-streak-link' }, t('puzzle.streakStart'));
    const streakLine = el('p', { id: 'puzzle-streak', class: 'status', 'aria-live': 'polite' });
    const streakNext = el('button', { type: 'button', id: 'streak-next', class: 'primary', hidden: true }, t('puzzle.next'));
    const streakAgain = el('button', { type: 'button', id: 'streak-again', hidden: true }, t('puzzle.streakStart'));
    const retry = el('button', { type: 'button', id: 'puzzle-retry', class: 'primary', hidden: true }, t('puzzle.retry'));
    // Stepping through the solution's main line once the puzzle is over.
    const stepButton = (/** @type {string} */ id, /** @type {string} */ text, /** @type {string} */ label) =>
        el('button', { type: 'button', id, 'aria-label': label, title: label }, text);
    const stepFirst = stepButton('step-first', '«', t('puzzle.stepFirst'));
    const stepBack = stepButton('step-back', '‹', t('puzzle.stepBack'));
    const stepForward = stepButton('step-forward', '›', t('puzzle.stepForward'));
    const stepLast = stepButton('step-last', '»', t('puzzle.stepLast'));
    const stepLabel = el('span', { id: 'step-label', 'aria-live': 'polite' });
    const stepper = el('div', { id: 'puzzle-steps', class: 'puzzle-steps', hidden: true },
        el('button', { type: 'button', id: 'step-show' }, t('puzzle.stepShow')), stepFirst, stepBack, stepForward, stepLast, stepLabel);
    view.append(title, tabs, streakLink, task, about, el('div', { class: 'puzzle-grid' }, host,
        el('div', { class: 'puzzle-side' }, streakLine, status, graded, ratings, retry, stepper, next, streakNext, streakAgain)), tree);
    /** @type {Board | null} */
    let board = null;

    /** @param {string} square */
    async function play(square) {
        const { puzzle, answer, busy, step } = store.get();
        if (!puzzle || busy || step !== null || (answer && answer.status !== 'playing')) return;
        const mine = answer ? answer.moves.map((m) => m.move) : [];
        store.set({ busy: true, error: '' });
        try {
            store.set({ answer: await submitPuzzle(puzzle.id, [...mine, square]), busy: false });
        } catch (e) {
            store.set({ busy: false, error: errorText(e) });
        }
    }

    /** @param {PuzzleState} s */
    function draw({ puzzle, answer, busy, streak, error, pools, step }) {
        if (tabs.dataset.pools !== pools.join(' ')) {
            tabs.dataset.pools = pools.join(' ');
            tabs.replaceChildren(...pools.map((p) => el('a', { href: `#/puzzles/${p}`, id: `puzzle-pool-${p}` }, poolName(p) || p)));
        }
        if (!puzzle) {
            status.textContent = error || t('site.loading');
            return;
        }
        view.dataset.puzzle = puzzle.id;
        const line = answer && answer.tree ? solutionLine(answer.tree) : [];
        const stepping = step !== null && line.length > 0;
        const positions = rules.replay(puzzle.setup, stepping ? [...puzzle.moves, ...line.slice(0, step)] : movesShown(puzzle, answer));
        const pos = positions[positions.length - 1];
        const open = !stepping && (!answer || answer.status === 'playing');
        if (!board) {
            board = new Board(host, rules.boardSize(puzzle.setup.board || '8'), { onPlay: play, label: t('puzzle.title') });
        }
        board.update({ rows: rules.boardRows(pos), legal: open && !busy ? rules.legalMoves(pos).filter((m) => m !== 'pass') : [],
            last: pos.last, flipped: pos.flipped, showLegal: true, animate: true, interactive: open && !busy });
        const side = colourName(puzzle.side === 'black' ? 0 : 1);
        title.textContent = streakPool ? t('puzzle.streakTitle') : puzzle.daily ? t('puzzle.daily') : t('puzzle.title');
        drawStreak(answer && answer.streak ? answer.streak : streak);
        task.textContent = goalText(puzzle, side);
        task.dataset.best = String(puzzle.best);
        // The puzzle's rating as it stands: the one a rated attempt left it with (the review found
        // the line naming the old one beside the new).
        about.textContent = t('puzzle.about', { rating: answer?.puzzle_rating?.rating ?? puzzle.rating, pool: poolName(puzzle.pool) });
        next.setAttribute('href', `#/puzzles/${puzzle.pool}`);
        graded.replaceChildren(...(answer ? answer.moves : []).map((m) => el('li', { class: m.solution ? 'good' : 'bad', 'data-move': m.move },
            m.solution ? t('puzzle.moveBest', { move: m.move, score: signed(m.score) })
                : t('puzzle.moveLoses', { move: m.move, loss: m.loss, score: signed(m.score), best: signed(m.best) }),
            m.replies.length ? ` ${t('puzzle.reply', { moves: m.replies.join(' ') })}` : '')));
        // While the player looks for a move the goal above the board says whose move it is: the
        // status stays empty then, so no line says it twice (the review found "Ruch: Białe" above
        // and below the board).
        if (error) status.textContent = error;
        else if (!answer || answer.status === 'playing') status.textContent = busy ? t('puzzle.grading') : '';
        else status.textContent = t(answer.status === 'solved' ? 'puzzle.solved' : 'puzzle.failed');
        status.hidden = !status.textContent;
        status.dataset.status = answer ? answer.status : 'playing';
        retry.hidden = !answer || answer.status !== 'failed' || Boolean(streakPool);
        drawSteps(line, stepping ? step : null);
        ratings.replaceChildren(...ratingLines(answer));
        tree.replaceChildren(...(answer && answer.tree ? [treeView(answer.tree, answer.themes || [])] : []));
    }

    // The stepper: shown once the tree came; "Show the solution" starts at the puzzle's start.
    /** @param {string[]} line @param {number | null} step */
    function drawSteps(line, step) {
        stepper.hidden = line.length === 0;
        const at = step === null ? -1 : step;
        /** @type {HTMLButtonElement} */ (stepper.querySelector('#step-show')).hidden = step !== null;
        for (const b of [stepFirst, stepBack, stepForward, stepLast]) b.hidden = step === null;
        stepFirst.disabled = stepBack.disabled = at <= 0;
        stepForward.disabled = stepLast.disabled = at >= line.length;
        stepper.dataset.step = String(at);
        stepLabel.textContent = step === null ? '' : step === 0 ? t('puzzle.stepStart', { n: line.length })
            : t('puzzle.stepAt', { i: step, n: line.length, move: line[step - 1] });
    }
    /** @param {(step: number, length: number) => number} to */
    const stepTo = (to) => () => {
        const { answer, step } = store.get();
        const length = answer && answer.tree ? solutionLine(answer.tree).length : 0;
        if (length) store.set({ step: Math.max(0, Math.min(length, to(step ?? 0, length))) });
    };
    /** @type {HTMLButtonElement} */ (stepper.querySelector('#step-show')).addEventListener('click', stepTo(() => 0));
    stepFirst.addEventListener('click', stepTo(() => 0));
    stepBack.addEventListener('click', stepTo((s) => s - 1));
    stepForward.addEventListener('click', stepTo((s) => s + 1));
    stepLast.addEventListener('click', stepTo((_s, n) => n));
    // A retry: the same puzzle from its start, graded again (the server never rates it again).
    retry.addEventListener('click', () => store.set({ answer: null, step: null, error: '' }));

    // Streak mode: the count, the best, and the way on (the next puzzle, or a new streak).
    /** @param {PuzzleStreak | null} streak */
    function drawStreak(streak) {
        next.hidden = Boolean(streakPool);
        streakLink.hidden = Boolean(streakPool);
        streakNext.hidden = !streak || !streak.next;
        streakAgain.hidden = !streak || !(streak.over || streak.next === null);
        streakLine.hidden = !streak;
        if (!streak) return;
        streakLine.dataset.count = String(streak.count);
        streakLine.textContent = streak.over ? t('puzzle.streakOver', { n: streak.count, best: streak.best })
            : t('puzzle.streakCount', { n: streak.count, best: streak.best });
    }

    // A streak's first puzzle, or the next one the server named.
    function beginStreak() {
        store.set({ puzzle: null, answer: null, streak: null, error: '', step: null });
        startStreak(streakPool).then((puzzle) => store.set({ puzzle, streak: puzzle.streak || null }), (e) => store.set({ error: errorText(e) }));
    }
    streakNext.addEventListener('click', () => {
        const { answer } = store.get();
        const going = answer && answer.streak;
        if (!going || !going.next) return;
        getPuzzle(going.next).then((puzzle) => store.set({ puzzle, answer: null, streak: going, step: null }), (e) => store.set({ error: errorText(e) }));
    });
    streakAgain.addEventListener('click', beginStreak);

    /** @param {PuzzleAnswer | null} answer */
    function ratingLines(answer) {
        if (!answer || answer.status === 'playing') return [];
        if (!answer.rated || !answer.player_rating || !answer.puzzle_rating) {
            const why = answer.unrated === 'seen' ? 'puzzle.notRatedSeen' : answer.unrated === 'again' ? 'puzzle.notRatedAgain' : 'puzzle.notRated';
            return [el('span', { class: 'note', id: 'puzzle-unrated', 'data-why': answer.unrated || 'guest' }, t(why))];
        }
        const mine = answer.player_rating;
        return [el('span', { id: 'puzzle-my-rating', 'data-provisional': String(Boolean(mine.provisional)) },
            t('puzzle.yourRating', { rating: ratingText(mine), change: signed(mine.change) }),
            mine.provisional ? el('span', { class: 'sr' }, ` ${t('site.provisional')}`) : ''),
            el('br'),
            el('span', { id: 'puzzle-its-rating' }, t('puzzle.puzzleRating', { rating: answer.puzzle_rating.rating, change: signed(answer.puzzle_rating.change) }))];
    }

    // The solution tree: every move of each of the solver's turns with its exact score, the
    // solution moves marked and followed by the computer's replies and the next turn.
    /** @param {PuzzleNode[]} nodes @param {string[]} themes */
    function treeView(nodes, themes) {
        /** @param {number} index @param {number} turn @returns {HTMLElement} */
        const node = (index, turn) => el('div', { class: 'tree-node', 'data-node': String(index) },
            el('p', {}, t('puzzle.turn', { n: turn })),
            el('ul', { class: 'tree-choices' }, nodes[index].choices.map(([move, score]) => {
                const branch = nodes[index].branches.find((b) => b.move === move);
                return el('li', { class: branch ? 'good' : 'bad', 'data-move': move },
                    el('span', { class: 'tree-move' }, move), ' ', el('span', { class: 'tree-score' }, signed(score)),
                    branch && branch.replies.length ? ` ${t('puzzle.reply', { moves: branch.replies.join(' ') })}` : '',
                    branch && branch.next >= 0 ? node(branch.next, turn + 1) : '');
            })));
        return el('section', { class: 'panel', 'aria-labelledby': 'puzzle-tree-title' },
            el('h2', { id: 'puzzle-tree-title' }, t('puzzle.tree')),
            themes.length ? el('p', { id: 'puzzle-themes' }, t('puzzle.themes', { themes: themes.map((x) => t(`puzzle.theme.${x}`)).join(', ') })) : '',
            node(0, 1));
    }

    const stop = store.subscribe(draw);
    draw(store.get());
    // The tabs are the pools the server has puzzles in (shipped and mined), not a list of ours.
    getPuzzleOverview().then((o) => store.set({ pools: [...allPools().filter((p) => p in o.pools),
        ...Object.keys(o.pools).filter((p) => !allPools().includes(p))] }), () => {});
    if (streakPool) {
        beginStreak();
    } else if (which.pool) {
        nextPuzzle(which.pool).then(
            (p) => location.replace(`#/puzzle/${encodeURIComponent(p.id)}`), (e) => store.set({ error: errorText(e) }));
    } else {
        getPuzzle(which.id || 'daily').then((puzzle) => store.set({ puzzle }), (e) => store.set({ error: errorText(e) }));
    }
    return { destroy() { stop(); } };
}
