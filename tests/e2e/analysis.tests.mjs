// SPDX-License-Identifier: MIT
// Browser tests of post-game analysis and the analysis board (docs/SITE.md "Analysis"): a game
// against the computer played to the end, its analysis opened from the game and from the
// replay, the graph drawn, stepping through with the board matching an independent replay and
// the best move marked as the server's analysis says; the analysis board with typed and
// clicked moves, every legal move scored, a late answer that keeps what is being typed; Turkish and Polish at phone size, no page errors.
import { join } from 'node:path';
import * as rules from '../../web/js/lib/rules.js';
import { boardRows, check, createGame, fillSetup, playToEnd, splitWords } from './lib.mjs';

const tableId = (page) => decodeURIComponent(page.url().split('#/table/')[1] || '');
let finishedId = null;

async function shot(page, ctx, name) {
    await page.waitForTimeout(450);
    await page.screenshot({ path: join(ctx.shots, name), fullPage: true });
}

// A finished 6x6 game against the computer (played once per run, by clicks).
async function finishedGame(ctx, page) {
    if (!finishedId) {
        await page.goto(`${ctx.url}/#/new`);
        await fillSetup(page, { board: 6, seats: ['human', 1] });
        await createGame(page);
        await playToEnd(page);
        finishedId = tableId(page);
    }
    return finishedId;
}

async function analysisOf(ctx, id) {
    const res = await fetch(`${ctx.url}/api/games/${id}/analysis`);
    check(res.ok, `GET analysis answered ${res.status}`);
    return res.json();
}

// Waits until the page says the analysis is complete.
async function waitDone(page) {
    await page.waitForFunction(() => document.querySelector('#analysis-progress')?.hidden === true
        && document.querySelectorAll('#eval-graph polyline').length === 1, null, { timeout: 60000 });
}

// No horizontal scrolling at the page's width.
async function checkNoOverflow(page, what) {
    const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    check(scroll <= width + 1, `${what} overflows: ${scroll} px wide at ${width}`);
}

export const tests = {
    async 'analysis: after a game against the computer, graph, stepping, best move shown'(ctx) {
        const b = await ctx.launch();
        const page = await b.page();
        const id = await finishedGame(ctx, page);
        // From the end of the game.
        await page.waitForSelector('#to-analysis');
        await page.click('#to-analysis');
        await page.waitForSelector('#analysis-title');
        await waitDone(page);
        const game = await (await fetch(`${ctx.url}/api/games/${id}`)).json();
        const analysis = await analysisOf(ctx, id);
        check(analysis.status === 'done', `analysis status ${analysis.status}`);
        check(analysis.plies.length === game.moves.length, 'one verdict per ply');
        const positions = rules.replay(game.setup, game.moves);
        check(await page.$$eval('#analysis-moves li', (li) => li.length) === game.moves.length, 'move list length');
        // Step: start, then forward through the whole game; the board follows the replay. Issue
        // 26, 8: the text and the board's mark agree. With a move selected, the board marks the
        // best move of the position that move was played in (where the verdict says "Best was"),
        // as lichess draws its arrow; the verdict names the move, and the line about the
        // position shown names whose move it is.
        await page.click('#first');
        for (let i = 0; i < positions.length; i++) {
            check(JSON.stringify(await boardRows(page)) === JSON.stringify(rules.boardRows(positions[i])), `board at ply ${i} differs from the replay`);
            const best = await page.$eval('.board-host .sq.best', (s) => s.dataset.sq).catch(() => null);
            const about = i === 0 ? analysis.plies[0] : analysis.plies[i - 1];
            const expected = about.best === 'pass' ? null : about.best;
            check(best === expected, `best move at ply ${i}: the board marks ${best}, the analysis of ${i === 0 ? 'the start' : `move ${i}`} says ${expected}`);
            const verdict = await page.textContent('#analysis-verdict');
            if (i > 0) {
                const cls = await page.$eval('#analysis-class', (s) => s.className);
                check(cls.includes(about.class), `class of ply ${i - 1} not shown: ${cls}`);
                check(verdict.startsWith(`Move ${i}:`), `the verdict at ply ${i} does not say which move it is about: "${verdict}"`);
                check(verdict.includes(about.played), `the verdict at ply ${i} does not name the move played: "${verdict}"`);
                if (expected && about.loss > 0) {
                    check(verdict.includes(`Best was ${expected}`), `the board marks ${expected} but the verdict reads "${verdict}"`);
                }
            } else if (expected) {
                check(verdict.includes(expected), `the board marks ${expected} at the start but the text reads "${verdict}"`);
            }
            const next = analysis.plies[i];
            if (next) {
                const line = await page.textContent('#analysis-best');
                const mover = next.seat === 0 ? 'Black' : 'White';
                check(line.includes(`${mover} to move`) && line.includes(next.best === 'pass' ? 'pass' : next.best),
                    `the line about the position at ply ${i} does not say whose move it is and its best move: "${line}"`);
            }
            if (i < positions.length - 1) await page.click('#next');
        }
        const broken = await splitWords(page, 'table.analysis-summary th');
        check(!broken.length, `the summary's headers break inside words: ${broken.join(', ')}`);
        // Mistakes and blunders are marked on the graph, one dot each.
        const marked = analysis.plies.filter((p) => p.class === 'mistake' || p.class === 'blunder').length;
        check(await page.$$eval('#eval-graph .eg-dot', (d) => d.length) === marked, 'graph dots differ from the mistakes and blunders');
        // Clicking the graph's right end shows the last position.
        const box = await page.$eval('#eval-graph', (g) => { const r = g.getBoundingClientRect(); return { x: r.right - 3, y: r.top + r.height / 2 }; });
        await page.mouse.click(box.x, box.y);
        check(JSON.stringify(await boardRows(page)) === JSON.stringify(rules.boardRows(positions.at(-1))), 'graph click did not go to the end');
        await shot(page, ctx, 'analysis.png');
        // From the replay view too.
        await page.goto(`${ctx.url}/#/replay/${id}`);
        await page.waitForSelector('#replay-analysis');
        await page.click('#replay-analysis');
        await page.waitForSelector('#eval-graph');
    },

    async 'analysis board: typed and clicked moves, every legal move scored'(ctx) {
        const b = await ctx.launch();
        const page = await b.page();
        await page.goto(`${ctx.url}/#/analysis`);
        await page.waitForSelector('#board-title');
        const scored = async (n) => page.waitForFunction((k) => document.querySelectorAll('#board-scores li').length === k, n, { timeout: 30000 });
        await scored(4);
        const evals = await page.$$eval('.board-host .sq .eval', (s) => s.map((x) => x.closest('.sq').dataset.sq).sort());
        check(JSON.stringify(evals) === JSON.stringify(['c4', 'd3', 'e6', 'f5']), `scores on the wrong squares: ${evals}`);
        check(await page.$('.board-host .sq.best'), 'no best move marked');
        // Typed moves.
        await page.fill('#board-moves-input', 'f5 D6');
        await page.click('#board-apply');
        const two = rules.replay({ board: '8' }, ['f5', 'd6']).at(-1);
        await scored(rules.legalMoves(two).length);
        check(JSON.stringify(await boardRows(page)) === JSON.stringify(rules.boardRows(two)), 'typed moves not on the board');
        // A clicked move.
        const target = rules.legalMoves(two)[0];
        await page.click(`.board-host .sq[data-sq="${target}"]`);
        await page.waitForFunction(() => document.querySelector('#board-moves-input').value.split(' ').length === 3);
        const three = rules.play(two, target);
        await scored(rules.legalMoves(three).length);
        await page.click('#board-undo');
        await page.waitForFunction(() => document.querySelector('#board-moves-input').value === 'f5 d6');
        // An illegal typed move is explained and changes nothing.
        await page.fill('#board-moves-input', 'f5 a1');
        await page.click('#board-apply');
        await page.waitForFunction(() => document.querySelector('#board-moves-error').textContent.includes('a1'));
        check(JSON.stringify(await boardRows(page)) === JSON.stringify(rules.boardRows(two)), 'an illegal move changed the board');
        // Another shape.
        await page.selectOption('#board-shape', '6');
        await scored(4);
        check((await boardRows(page)).length === 6, 'the board is not 6x6');
        await shot(page, ctx, 'analysis-board.png');
    },

    async 'analysis board: an answer that arrives late keeps what the user is typing'(ctx) {
        const b = await ctx.launch();
        const page = await b.page();
        // Hold every analysis answer until the test lets it go: the server's answers (without
        // WebAssembly the page asks the server; its own engine is tested in wasmui).
        await page.addInitScript(() => { delete globalThis.WebAssembly; });
        const held = [];
        await page.route('**/api/analyze', (route) => held.push(route));
        await page.goto(`${ctx.url}/#/analysis`);
        await page.waitForSelector('#board-title');
        await page.waitForFunction(() => document.querySelector('#board-moves-input') !== null);
        for (let i = 0; i < 100 && held.length === 0; i++) await page.waitForTimeout(50);
        check(held.length === 1, `expected one analysis request, saw ${held.length}`);
        await page.fill('#board-moves-input', 'f5 d6 c3');
        await held.shift().continue();
        await page.waitForFunction(() => document.querySelectorAll('#board-scores li').length === 4, null, { timeout: 30000 });
        const typed = await page.inputValue('#board-moves-input');
        check(typed === 'f5 d6 c3', `the answer overwrote the typed moves: '${typed}'`);
        await page.unroute('**/api/analyze');
        await page.click('#board-apply');
        await page.waitForFunction(() => document.querySelector('#board-moves-input').value === 'f5 d6 c3');
        check(JSON.stringify(await boardRows(page)) === JSON.stringify(rules.boardRows(rules.replay({ board: '8' }, ['f5', 'd6', 'c3']).at(-1))),
            'the typed moves are not on the board');
    },

    async 'analysis in Turkish and Polish at phone size'(ctx) {
        const first = await ctx.launch();
        const id = await finishedGame(ctx, await first.page());
        for (const [locale, title, board] of [['tr-TR', 'Analiz', 'Analiz tahtası'], ['pl-PL', 'Analiza', 'Plansza analizy']]) {
            const b = await ctx.launch({ locale, viewport: { width: 390, height: 844 }, hasTouch: true });
            const page = await b.page();
            await page.goto(`${ctx.url}/#/analysis/${id}`);
            await page.waitForSelector('#analysis-title');
            await waitDone(page);
            const text = await page.textContent('#analysis-title');
            check(text.startsWith(title), `title in ${locale}: ${text}`);
            check(!/Analysing|complete/.test(await page.textContent('#analysis-status')), `English status in ${locale}`);
            await page.click('#next');
            check((await page.textContent('#analysis-verdict')).length > 0, 'no verdict shown');
            const broken = await splitWords(page, 'table.analysis-summary th');
            check(!broken.length, `${locale}: the summary's headers break inside words: ${broken.join(', ')}`);
            await checkNoOverflow(page, `analysis in ${locale}`);
            await shot(page, ctx, `analysis-${locale}-phone.png`);
            await page.goto(`${ctx.url}/#/analysis`);
            await page.waitForSelector('#board-scores li', { timeout: 30000 });
            check((await page.textContent('#board-title')) === board, `board title in ${locale}`);
            await page.tap('.board-host .sq[data-sq="f5"]');
            await page.waitForFunction(() => document.querySelector('#board-moves-input').value === 'f5');
            await checkNoOverflow(page, `analysis board in ${locale}`);
            await shot(page, ctx, `analysis-board-${locale}-phone.png`);
        }
    },
};
