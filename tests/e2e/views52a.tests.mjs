// SPDX-License-Identifier: MIT
// Browser tests of the views cut into parts (issue 52): "Explore this position" on a game's
// analysis opens the analysis board on that game's setup and the moves up to the position
// shown, once (the board shown again by the browser's Forward starts from the standard
// position, as a board opened without a hand-over does); a tab in the background raises one
// notification when a game starts waiting for my move, and not again when the header is drawn
// again (the language changed) while the count of such games is the same.
import * as rules from '../../web/js/lib/rules.js';
import { boardRows, check, createGame, fillSetup, freshName, playToEnd, registered, tableOf } from './lib.mjs';

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

    async 'your turn: one notification in a background tab, not another when the header is drawn again'(ctx) {
        const { browser, page } = await registered(ctx, freshName('Nola'));
        const lobby = await browser.context.newPage();
        // The lobby's tab is in the background, and the player allowed notifications.
        await lobby.addInitScript(() => {
            Object.defineProperty(Document.prototype, 'hidden', { get: () => true });
            globalThis.shown = [];
            globalThis.Notification = class {
                static permission = 'granted';
                constructor(title, options) { globalThis.shown.push({ title, body: options?.body }); }
            };
        });
        await lobby.goto(`${ctx.url}/#/lobby`);
        await lobby.waitForSelector('#user-name');
        check((await lobby.evaluate(() => globalThis.shown.length)) === 0, 'a notification before any game');
        await page.goto(`${ctx.url}/#/new`);
        await fillSetup(page, { seats: ['human', 1] });
        await createGame(page);
        await lobby.waitForFunction(() => globalThis.shown.length > 0, null, { timeout: 10000 });
        const shown = await lobby.evaluate(() => globalThis.shown);
        check(JSON.stringify(shown) === JSON.stringify([{ title: '(●) Your turn — Reversi', body: 'Games waiting for your move: 1' }]),
            `the notifications: ${JSON.stringify(shown)}`);
        check(await lobby.title() === '(●) Your turn — Reversi', `the tab's title: ${await lobby.title()}`);
        await lobby.selectOption('#lang', 'tr');
        await lobby.waitForFunction(() => document.title === '(●) Sıra sizde — Reversi');
        await lobby.waitForTimeout(500);
        check((await lobby.evaluate(() => globalThis.shown.length)) === 1, 'the same turn was notified again');
    },
};
