// SPDX-License-Identifier: MIT
// The puzzle page: its parts (the pools' tabs, the goal, the board, the graded moves, the
// ratings, the retry, the solution's stepper, the streak's line and ways on) with their buttons
// bound to the actions, and the drawing of them from the view's store.
import { t, colourName } from '../../lib/i18n.js';
import { Board } from '../../components/board.js';
import * as rules from '../../lib/rules.js';
import { el } from '../../lib/dom.js';
import { poolName, ratingText } from '../../lib/pools.js';
import { signed, solutionLine, treeView } from './tree.js';

/** @typedef {import('../../lib/protocol.js').Puzzle} Puzzle */
/** @typedef {import('../../lib/protocol.js').PuzzleAnswer} PuzzleAnswer */
/** @typedef {import('../../lib/protocol.js').PuzzleStreak} PuzzleStreak */
/** @typedef {import('./actions.js').PuzzleActions} PuzzleActions */
/** @typedef {ReturnType<typeof puzzleLayout>} PuzzleLayout */

// The moves from the start to the position shown: the puzzle's game, then each graded
// solution move with the computer's replies (a failed move last, without replies).
/** @param {Puzzle} puzzle @param {PuzzleAnswer | null} answer */
function movesShown(puzzle, answer) {
    const moves = [...puzzle.moves];
    for (const m of answer ? answer.moves : []) moves.push(m.move, ...m.replies);
    return moves;
}

// The goal in words: who plays and the exact result the best play keeps.
/** @param {Puzzle} puzzle @param {string} side */
function goalText(puzzle, side) {
    const key = puzzle.best > 0 ? 'puzzle.goalWin' : puzzle.best < 0 ? 'puzzle.goalLoss' : 'puzzle.goalDraw';
    return t(key, { side, n: Math.abs(puzzle.best) });
}

/** A button of the stepper. @param {string} id @param {string} text @param {string} label */
const stepButton = (id, text, label) => el('button', { type: 'button', id, 'aria-label': label, title: label }, text);

/** The page's parts, empty, their buttons bound to `act`. @param {string} streakPool @param {PuzzleActions} act */
export function puzzleLayout(streakPool, act) {
    const p = {
        view: el('section', { class: 'puzzle', 'aria-labelledby': 'puzzle-title' }),
        title: el('h1', { id: 'puzzle-title' }, t('puzzle.title')),
        tabs: el('nav', { class: 'tabs', 'aria-label': t('leaderboard.pools') }),
        task: el('p', { id: 'puzzle-task', class: 'status' }),
        about: el('p', { id: 'puzzle-about', class: 'note' }),
        status: el('p', { id: 'puzzle-status', class: 'status', 'aria-live': 'polite' }),
        graded: el('ol', { id: 'puzzle-graded' }),
        ratings: el('p', { id: 'puzzle-ratings' }),
        tree: el('div', { id: 'puzzle-tree' }),
        host: el('div', { class: 'board-host' }),
        next: el('a', { href: '#/puzzles/8x8', id: 'puzzle-next', class: 'button' }, t('puzzle.next')),
        streakLink: el('a', { href: `#/streak/${streakPool || '8x8'}`, id: 'puzzle-streak-link' }, t('puzzle.streakStart')),
        streakLine: el('p', { id: 'puzzle-streak', class: 'status', 'aria-live': 'polite' }),
        streakNext: el('button', { type: 'button', id: 'streak-next', class: 'primary', hidden: true }, t('puzzle.next')),
        streakAgain: el('button', { type: 'button', id: 'streak-again', hidden: true }, t('puzzle.streakStart')),
        retry: el('button', { type: 'button', id: 'puzzle-retry', class: 'primary', hidden: true }, t('puzzle.retry')),
        // Stepping through the solution's main line once the puzzle is over.
        stepShow: el('button', { type: 'button', id: 'step-show' }, t('puzzle.stepShow')),
        stepFirst: stepButton('step-first', '«', t('puzzle.stepFirst')),
        stepBack: stepButton('step-back', '‹', t('puzzle.stepBack')),
        stepForward: stepButton('step-forward', '›', t('puzzle.stepForward')),
        stepLast: stepButton('step-last', '»', t('puzzle.stepLast')),
        stepLabel: el('span', { id: 'step-label', 'aria-live': 'polite' }),
    };
    const stepper = el('div', { id: 'puzzle-steps', class: 'puzzle-steps', hidden: true },
        p.stepShow, p.stepFirst, p.stepBack, p.stepForward, p.stepLast, p.stepLabel);
    p.view.append(p.title, p.tabs, p.streakLink, p.task, p.about, el('div', { class: 'puzzle-grid' }, p.host,
        el('div', { class: 'puzzle-side' }, p.streakLine, p.status, p.graded, p.ratings, p.retry, stepper, p.next, p.streakNext, p.streakAgain)), p.tree);
    p.stepShow.addEventListener('click', act.stepTo(() => 0));
    p.stepFirst.addEventListener('click', act.stepTo(() => 0));
    p.stepBack.addEventListener('click', act.stepTo((s) => s - 1));
    p.stepForward.addEventListener('click', act.stepTo((s) => s + 1));
    p.stepLast.addEventListener('click', act.stepTo((_s, n) => n));
    p.retry.addEventListener('click', act.retry);
    p.streakNext.addEventListener('click', act.streakNext);
    p.streakAgain.addEventListener('click', act.beginStreak);
    return { ...p, stepper };
}

// The stepper: shown once the tree came; "Show the solution" starts at the puzzle's start.
/** @param {PuzzleLayout} p @param {string[]} line @param {number | null} step */
function drawSteps(p, line, step) {
    p.stepper.hidden = line.length === 0;
    const at = step === null ? -1 : step;
    p.stepShow.hidden = step !== null;
    for (const b of [p.stepFirst, p.stepBack, p.stepForward, p.stepLast]) b.hidden = step === null;
    p.stepFirst.disabled = p.stepBack.disabled = at <= 0;
    p.stepForward.disabled = p.stepLast.disabled = at >= line.length;
    p.stepper.dataset.step = String(at);
    p.stepLabel.textContent = step === null ? '' : step === 0 ? t('puzzle.stepStart', { n: line.length })
        : t('puzzle.stepAt', { i: step, n: line.length, move: line[step - 1] });
}

// Streak mode: the count, the best, and the way on (the next puzzle, or a new streak).
/** @param {PuzzleLayout} p @param {string} streakPool @param {PuzzleStreak | null} streak */
function drawStreak(p, streakPool, streak) {
    p.next.hidden = Boolean(streakPool);
    p.streakLink.hidden = Boolean(streakPool);
    p.streakNext.hidden = !streak || !streak.next;
    p.streakAgain.hidden = !streak || !(streak.over || streak.next === null);
    p.streakLine.hidden = !streak;
    if (!streak) return;
    p.streakLine.dataset.count = String(streak.count);
    p.streakLine.textContent = streak.over ? t('puzzle.streakOver', { n: streak.count, best: streak.best })
        : t('puzzle.streakCount', { n: streak.count, best: streak.best });
}

/** The ratings' changes once the puzzle is over, or why it was not rated. @param {PuzzleAnswer | null} answer */
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

/** The moves graded so far, each with its score and the computer's reply. @param {PuzzleAnswer | null} answer */
const gradedItems = (answer) => (answer ? answer.moves : []).map((m) => el('li', { class: m.solution ? 'good' : 'bad', 'data-move': m.move },
    m.solution ? t('puzzle.moveBest', { move: m.move, score: signed(m.score) })
        : t('puzzle.moveLoses', { move: m.move, loss: m.loss, score: signed(m.score), best: signed(m.best) }),
    m.replies.length ? ` ${t('puzzle.reply', { moves: m.replies.join(' ') })}` : ''));

/** The status line: an error, the grading, or the end; empty while the player looks for a move. @param {PuzzleLayout} p @param {import('./puzzle.js').PuzzleState} s */
function drawStatus(p, { answer, busy, error }) {
    // While the player looks for a move the goal above the board says whose move it is: the
    // status stays empty then, so no line says it twice (the review found "Ruch: Białe" above
    // and below the board).
    if (error) p.status.textContent = error;
    else if (!answer || answer.status === 'playing') p.status.textContent = busy ? t('puzzle.grading') : '';
    else p.status.textContent = t(answer.status === 'solved' ? 'puzzle.solved' : 'puzzle.failed');
    p.status.hidden = !p.status.textContent;
    p.status.dataset.status = answer ? answer.status : 'playing';
}

/**
 * The function that draws the page from the view's store; the board is made with the first
 * puzzle.
 * @param {PuzzleLayout} p @param {PuzzleActions} act @param {string} streakPool
 */
export function puzzleDrawer(p, act, streakPool) {
    /** @type {Board | null} */
    let board = null;
    /** @param {import('./puzzle.js').PuzzleState} s */
    return (s) => {
        const { puzzle, answer, busy, streak, error, pools, step } = s;
        if (p.tabs.dataset.pools !== pools.join(' ')) {
            p.tabs.dataset.pools = pools.join(' ');
            p.tabs.replaceChildren(...pools.map((x) => el('a', { href: `#/puzzles/${x}`, id: `puzzle-pool-${x}` }, poolName(x) || x)));
        }
        if (!puzzle) {
            p.status.textContent = error || t('site.loading');
            return;
        }
        p.view.dataset.puzzle = puzzle.id;
        const line = answer && answer.tree ? solutionLine(answer.tree) : [];
        const stepping = step !== null && line.length > 0;
        const positions = rules.replay(puzzle.setup, stepping ? [...puzzle.moves, ...line.slice(0, step)] : movesShown(puzzle, answer));
        const pos = positions[positions.length - 1];
        const open = !stepping && (!answer || answer.status === 'playing');
        if (!board) board = new Board(p.host, rules.boardSize(puzzle.setup.board || '8'), { onPlay: act.play, label: t('puzzle.title') });
        board.update({ rows: rules.boardRows(pos), legal: open && !busy ? rules.legalMoves(pos).filter((m) => m !== 'pass') : [],
            last: pos.last, flipped: pos.flipped, showLegal: true, animate: true, interactive: open && !busy });
        p.title.textContent = streakPool ? t('puzzle.streakTitle') : puzzle.daily ? t('puzzle.daily') : t('puzzle.title');
        drawStreak(p, streakPool, answer && answer.streak ? answer.streak : streak);
        p.task.textContent = goalText(puzzle, colourName(puzzle.side === 'black' ? 0 : 1));
        p.task.dataset.best = String(puzzle.best);
        // The puzzle's rating as it stands: the one a rated attempt left it with (the review found
        // the line naming the old one beside the new).
        p.about.textContent = t('puzzle.about', { rating: answer?.puzzle_rating?.rating ?? puzzle.rating, pool: poolName(puzzle.pool) });
        p.next.setAttribute('href', `#/puzzles/${puzzle.pool}`);
        p.graded.replaceChildren(...gradedItems(answer));
        drawStatus(p, s);
        p.retry.hidden = !answer || answer.status !== 'failed' || Boolean(streakPool);
        drawSteps(p, line, stepping ? step : null);
        p.ratings.replaceChildren(...ratingLines(answer));
        p.tree.replaceChildren(...(answer && answer.tree ? [treeView(answer.tree, answer.themes || [])] : []));
    };
}
