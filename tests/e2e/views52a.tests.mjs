// SPDX-License-Identifier: MIT
// Browser tests of the views cut into parts (issue 52): "Explore this position" on a game's
// analysis opens the analysis board on that game's setup and the moves up to the position
// shown, once (the board shown again by the browser's Forward starts from the standard
// position, as a board opened without a hand-over does).
import * as rules from '../../web/js/lib/rules.js';
import { boardRows, check, createGame, fillSetup, playToEnd, tableOf } from './lib.mjs';

export const tests = {
    async 'analysis: explore this position hands the game and the position shown to the board, once'(ctx) {
        const b = await ctx.launch();
        const page = await b.page();
        await page.goto(`${ctx.url}/#/new`);
        await fillSetup(page, { board: 6, seats: ['human', 1] });
        await createGame(page);
        await playToEnd(page);
        const id = tableOf(page);
        const game = await (await fetch(`${ctx.url}/api/games/${id}`)).json();
        await page.goto(`${ctx.url}/#/analysis/${id}`);
        await page.waitForSelector('#analysis-explore');
        for (let i = 0; i < 3; i++) await page.click('#next');
        await page.click('#analysis-explore');
        await page.waitForSelector('#board-title');
        const moves = game.moves.slice(0, 3);
        await page.waitForFunction((m) => document.querySelector('#board-moves-input')?.value === m, moves.join(' '));
        check(page.url().endsWith('#/analysis'), `the board's address is ${page.url()}`);
        check(await page.inputValue('#board-shape') === '6', 'the board is not the game\'s shape');
        check(JSON.stringify(await boardRows(page)) === JSON.stringify(rules.boardRows(rules.replay(game.setup, moves).at(-1))),
            'the board does not show the position handed over');
        await page.goBack();
        await page.waitForSelector('#analysis-explore');
        await page.goForward();
        await page.waitForSelector('#board-title');
        await page.waitForFunction(() => document.querySelectorAll('#board-scores li').length === 4, null, { timeout: 30000 });
        check(await page.inputValue('#board-moves-input') === '', 'the hand-over was used twice');
        check(await page.inputValue('#board-shape') === '8', 'the board shown again is not the standard board');
    },
};
