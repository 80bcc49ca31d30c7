// SPDX-License-Identifier: MIT
// Browser tests of issue 48, items 6 and 17: puzzles that teach (docs/PUZZLES.md). The goal
// in words (a win, a draw or a loss by so many discs), a retry after a failure, the solution's
// main line stepped through on the board (each step's board checked against the rules replayed
// here), and a new player's puzzle rating shown with "?" while provisional, on the puzzle page
// and the profile; in English and Turkish. The tests' puzzle set (tests/data/puzzles).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { boardRows, check, freshName, here, registered } from './lib.mjs';
import { solutionLine as solverLine } from './puzzles.tests.mjs';
import * as rules from '../../web/js/lib/rules.js';

/** The tests' puzzles of a pool, as the server reads them. @param {string} pool */
const fileOf = (pool) => readFileSync(join(here, `../data/puzzles/${pool}.jsonl`), 'utf8').trim().split('\n').slice(1).map((l) => JSON.parse(l));
const eight = fileOf('8x8');
const six = fileOf('6x6');

// The main line: the solver's moves of the first solution line with the computer's replies.
function mainLine(p) {
    const line = [];
    for (let node = 0; node >= 0;) {
        const b = p.tree[node].branches[0];
        line.push(b.move, ...b.replies);
        node = b.next;
    }
    return line;
}

async function open(page, ctx, p) {
    await page.goto(`${ctx.url}/#/puzzle/${p.id}`);
    await page.waitForFunction((id) => document.querySelector('section.puzzle')?.dataset.puzzle === id, p.id);
    await page.waitForSelector('#puzzle-task:not(:empty)');
    await page.waitForSelector('.board-host .sq.legal, .board-host .sq.playable');
}

async function playLine(page, line) {
    for (let i = 0; i < line.length; i++) {
        await page.click(`.board-host .sq[data-sq="${line[i]}"]`);
        await page.waitForFunction((n) => document.querySelectorAll('#puzzle-graded li').length === n, i + 1);
    }
}

const finished = (page, status) => page.waitForFunction((s) => document.querySelector('#puzzle-status')?.dataset.status === s, status);

// The board the rules give after the puzzle's game and `moves`.
async function expectedRows(ctx, p, moves) {
    const served = await (await fetch(`${ctx.url}/api/puzzles/${p.id}`)).json();
    const positions = rules.replay(served.setup, [...served.moves, ...moves]);
    return rules.boardRows(positions[positions.length - 1]);
}

export const tests = {
    async 'teach: the goal in words, a retry after a failure, and the solution stepped through'(ctx) {
        const b = await ctx.launch();
        const page = await b.page();
        // A puzzle that keeps a loss says so in words, with the discs.
        const losing = eight.find((p) => p.best < 0 && p.tree.length === 1);
        await open(page, ctx, losing);
        const side = losing.side === 'black' ? 'Black' : 'White';
        const goal = await page.textContent('#puzzle-task');
        check(goal === `${side} to play: the best result is a loss by ${-losing.best}; find the move that keeps it.`, `the goal reads "${goal}"`);
        // A draw and a win, each in its own words.
        const draw = eight.find((p) => p.best === 0);
        await open(page, ctx, draw);
        check(/the best result is a draw; find the move that keeps it\.$/.test(await page.textContent('#puzzle-task')), `the draw's goal reads "${await page.textContent('#puzzle-task')}"`);
        const winning = eight.find((p) => p.best > 0 && p.tree.length === 1 && p.id !== losing.id);
        await open(page, ctx, winning);
        check((await page.textContent('#puzzle-task')).includes(`the best result is a win by ${winning.best};`), `the win's goal reads "${await page.textContent('#puzzle-task')}"`);

        // Failed with the worst move: "Try again" puts the puzzle back at its start.
        const start = await boardRows(page);
        check(!await page.isVisible('#puzzle-retry'), 'a retry is offered before any failure');
        const worst = winning.tree[0].choices[winning.tree[0].choices.length - 1][0];
        await page.click(`.board-host .sq[data-sq="${worst}"]`);
        await finished(page, 'failed');
        check(await page.isVisible('#puzzle-retry'), 'no retry after a failure');
        check((await page.textContent('#puzzle-retry')) === 'Try again', 'the retry button is not named');
        await page.click('#puzzle-retry');
        await page.waitForFunction(() => document.querySelector('#puzzle-status')?.dataset.status === 'playing'
            && document.querySelectorAll('#puzzle-graded li').length === 0);
        check(JSON.stringify(await boardRows(page)) === JSON.stringify(start), 'the retry does not show the puzzle\'s start');
        check(await page.$$eval('#puzzle-tree .tree-node', (n) => n.length) === 0, 'the solution tree stays on the retry');
        await playLine(page, solverLine(winning));
        await finished(page, 'solved');
        check(!await page.isVisible('#puzzle-retry'), 'a retry is offered after solving');
        check(/Not rated/.test(await page.textContent('#puzzle-ratings')), 'the retry says nothing of the rating');
        await page.screenshot({ path: `${ctx.shots}/teach-retry-solved.png` });

        // The solution stepped through: each step's board is the rules' board after that move.
        const line = mainLine(winning);
        await page.click('#step-show');
        await page.waitForFunction(() => document.querySelector('#puzzle-steps')?.dataset.step === '0');
        check(JSON.stringify(await boardRows(page)) === JSON.stringify(start), 'the first step is not the puzzle\'s start');
        for (let i = 1; i <= line.length; i++) {
            await page.click('#step-forward');
            await page.waitForFunction((n) => document.querySelector('#puzzle-steps')?.dataset.step === String(n), i);
            const want = await expectedRows(ctx, winning, line.slice(0, i));
            check(JSON.stringify(await boardRows(page)) === JSON.stringify(want), `step ${i} (${line[i - 1]}) shows another board`);
            check((await page.textContent('#step-label')) === `Solution: move ${i} of ${line.length}, ${line[i - 1]}`, `step ${i} reads "${await page.textContent('#step-label')}"`);
        }
        check(await page.isDisabled('#step-forward'), 'the stepper goes past the end');
        await page.screenshot({ path: `${ctx.shots}/teach-step-end.png` });
        await page.click('#step-back');
        await page.waitForFunction((n) => document.querySelector('#puzzle-steps')?.dataset.step === String(n), line.length - 1);
        check(JSON.stringify(await boardRows(page)) === JSON.stringify(await expectedRows(ctx, winning, line.slice(0, -1))), 'a step back shows another board');
        await page.click('#step-first');
        await page.waitForFunction(() => document.querySelector('#puzzle-steps')?.dataset.step === '0');
        check(JSON.stringify(await boardRows(page)) === JSON.stringify(start), 'the first step is not the start');
        check(await page.$$eval('.board-host .sq.legal', (s) => s.length) === 0, 'the board takes moves while stepping');
    },

    async 'teach in Turkish: the goal, the retry, the stepper and a provisional rating with "?"'(ctx) {
        const name = freshName('Ogrenci');
        const { page } = await registered(ctx, name, { locale: 'tr-TR' });
        // The next 6x6 puzzle near 1500, solved: rated, and provisional ("?").
        await page.goto(`${ctx.url}/#/puzzles/6x6`);
        await page.waitForFunction(() => Boolean(document.querySelector('section.puzzle')?.dataset.puzzle));
        await page.waitForSelector('.board-host .sq.legal, .board-host .sq.playable');
        const id = await page.$eval('section.puzzle', (v) => v.dataset.puzzle);
        const p = six.find((x) => x.id === id);
        check(Boolean(p), `the next puzzle ${id} is not the tests' one`);
        const n = Math.abs(p.best);
        const words = p.best > 0 ? `en iyi sonuç ${n} taş farkla galibiyet` : p.best < 0 ? `en iyi sonuç ${n} taş farkla yenilgi` : 'en iyi sonuç beraberlik';
        const goal = await page.textContent('#puzzle-task');
        check(goal.includes(` oynar: ${words}; bu sonucu koruyan hamleyi bulun.`), `the Turkish goal reads "${goal}"`);
        await playLine(page, solverLine(p));
        await finished(page, 'solved');
        await page.waitForSelector('#puzzle-my-rating');
        const mine = await page.textContent('#puzzle-my-rating');
        check(/^Bulmaca puanınız: \d+\? \(\+\d+\)/.test(mine), `the provisional rating reads "${mine}"`);
        check((await page.textContent('#step-show')) === 'Çözümü adım adım göster', 'the Turkish stepper is missing');
        await page.click('#step-show');
        await page.click('#step-forward');
        check((await page.textContent('#step-label')).startsWith('Çözüm: '), `the Turkish step reads "${await page.textContent('#step-label')}"`);
        await page.screenshot({ path: `${ctx.shots}/teach-provisional-tr.png` });

        // Another one failed: a retry in Turkish, and the retry is never rated.
        const other = six.find((x) => x.id !== p.id && x.tree.length === 1);
        await open(page, ctx, other);
        const worst = other.tree[0].choices[other.tree[0].choices.length - 1][0];
        await page.click(`.board-host .sq[data-sq="${worst}"]`);
        await finished(page, 'failed');
        const change = Number((/\(([-+]?\d+)\)/.exec(await page.textContent('#puzzle-my-rating')) || [])[1]);
        check(change < 0 && change > -100, `a new player's miss is worth ${change}`);
        check((await page.textContent('#puzzle-retry')) === 'Yeniden dene', 'the Turkish retry is missing');
        await page.click('#puzzle-retry');
        await playLine(page, solverLine(other));
        await finished(page, 'solved');
        check((await page.textContent('#puzzle-unrated')).startsWith('Puanlanmadı: bir bulmacada yalnızca ilk denemeniz'), 'the retry is not said to be unrated');

        // The profile shows the provisional puzzle rating with "?".
        await page.goto(`${ctx.url}/#/player/${name}`);
        await page.waitForSelector('#profile-puzzles');
        check(/\d+\?/.test(await page.textContent('#profile-puzzles')), `the profile reads "${await page.textContent('#profile-puzzles')}"`);
    },
};
