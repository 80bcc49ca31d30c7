// SPDX-License-Identifier: MIT
// Browser tests of the table rules of issue 48 as a person sees them: no claim in a
// correspondence game nor on one's own turn (2); a game nobody moved in ends aborted when the
// clock runs out, not "White wins 2-2 (on time)" (14); hints off by default between people and
// the table saying when they are allowed (16); results that say how the game was decided
// before the score, on the table, in the lobby, the replay and the profile (19). English, with
// Turkish and Polish where the text matters.
import { check, createGame, fillSetup, freshName, registered, waitPly } from './lib.mjs';

const waitStatus = (page, s, timeout = 15000) =>
    page.waitForFunction((want) => document.querySelector('section.game')?.dataset.status === want, s, { timeout });
const statusText = (page) => page.textContent('#status');

async function newPage(ctx, options = {}) {
    const b = await ctx.launch(options);
    const page = await b.page();
    page.on('dialog', (d) => d.accept());
    return { browser: b, page };
}

// A table between two people at their own screens made through POST /api/tables (the setup
// form has no correspondence clock): A (Black) creates it, B (White, `locale`) takes seat 1.
async function twoPeople(ctx, clock, { localeA = 'en-US', localeB = 'en-US' } = {}) {
    const { page: a } = await newPage(ctx, { locale: localeA });
    await a.goto(`${ctx.url}/#/lobby`);
    const made = await a.evaluate(async (c) => {
        const res = await fetch('/api/tables', { method: 'POST', headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ seats: [{ type: 'human' }, { type: 'human' }], seat: 0, clock: c }) });
        return res.json();
    }, clock);
    check(typeof made.table === 'string', `the table was not made: ${JSON.stringify(made)}`);
    // The page keeps seat tokens where the client does (preferences.js), read when it loads.
    await a.evaluate(([id, token]) => localStorage.setItem('reversi.tokens', JSON.stringify({ [id]: token })),
        [made.table, made.token]);
    await a.goto(`${ctx.url}/#/table/${made.table}`);
    await a.reload();
    const { browser: bb, page: b } = await newPage(ctx, { locale: localeB });
    await b.goto(`${ctx.url}/#/table/${made.table}`);
    await b.click('#take-1');
    await waitStatus(a, 'playing');
    await waitStatus(b, 'playing');
    return { a, b, closeB: () => bb.close() };
}

const play = async (page, sq, ply) => {
    await page.click(`.board-host .sq[data-sq="${sq}"]`);
    await waitPly(page, ply);
};

// Both move once, then Bob closes his page; returns when Alice's page shows him away.
/** @param {{a: any, b: any, closeB: () => Promise<void>}} game */
async function bobLeavesOnAlicesTurn(game) {
    await play(game.a, 'f5', 0);
    await play(game.b, 'd6', 1);
    await game.closeB();
    await game.a.waitForSelector('#players .player[data-seat="1"] .presence.off', { timeout: 10000 });
    await game.a.waitForTimeout(500);  // any state after it has been drawn
    return game;
}

// Sets the setup form's clock to `seconds` a move.
async function moveClock(page, seconds) {
    await page.selectOption('#clock-mode', 'move');
    await page.fill('#clock-seconds', String(seconds));
    await page.press('#clock-seconds', 'Tab');
}

export const tests = {
    // Item 2: Bob closes his page. In a 14-days-per-move game Alice is never offered a claim;
    // in a live game she is not on her own turn, and is once Bob is to move (Polish).
    async 'table rules: no claim in a correspondence game, nor on one\'s own turn'(ctx) {
        const corr = await bobLeavesOnAlicesTurn(await twoPeople(ctx, { mode: 'days', days: 14 }));
        check(!(await corr.a.$('#claim')), 'a claim is offered on Alice\'s own turn in a correspondence game');
        await play(corr.a, 'c3', 2);
        await corr.a.waitForTimeout(1500);
        check(!(await corr.a.$('#claim')), 'a claim is offered in a correspondence game while Bob is away');

        const live = await bobLeavesOnAlicesTurn(await twoPeople(ctx, { mode: 'game', seconds: 300, increment: 0 }, { localeA: 'pl-PL' }));
        check(!(await live.a.$('#claim')), 'a claim is offered on Alice\'s own turn');
        await play(live.a, 'c3', 2);
        const claim = await live.a.waitForSelector('#claim', { timeout: 5000 });
        check(/^Ogłoszenie wygranej za \d+ s$/.test((await claim.textContent()).trim()),
            `the claim countdown reads "${await claim.textContent()}"`);
    },

    // Item 14: a guest's game against the computer with 2 s a move; nobody moves. English and
    // Turkish.
    async 'table rules: a game nobody moved in is aborted when the clock runs out'(ctx) {
        for (const [locale, want] of [['en-US', 'Game aborted before it really started: no result.'],
            ['tr-TR', 'Oyun gerçekten başlamadan durduruldu: sonuç yok.']]) {
            const { page } = await newPage(ctx, { locale });
            await page.goto(`${ctx.url}/#/new`);
            await fillSetup(page, { board: 8, seats: ['human', 1] });
            await moveClock(page, 2);
            await createGame(page);
            await waitStatus(page, 'finished');
            const text = (await statusText(page)).trim();
            check(text === want, `${locale}: the untouched game ended as "${text}"`);
            check(!(await page.$('#to-analysis')) && !(await page.$('#rematch')), 'an aborted game offers analysis or a rematch');
        }
    },

    // Item 16: the setup form leaves hints off between people (on against the computer and at
    // one screen); the table says when they are allowed, to both players (Polish for Bob).
    async 'table rules: hints are off by default between people, and the table says when they are allowed'(ctx) {
        const { page: a } = await newPage(ctx);
        await a.goto(`${ctx.url}/#/new`);
        await fillSetup(a, { board: 8, seats: ['human', 1] });
        check(await a.isChecked('#hints'), 'hints are off against the computer');
        await fillSetup(a, { seats: ['human', 'human'] });
        check(!(await a.isChecked('#hints')), 'hints are on by default between people');
        await a.check('#local');
        check(await a.isChecked('#hints'), 'hints are off at one screen');
        await a.uncheck('#local');
        check(!(await a.isChecked('#hints')), 'hints came back on between people');
        await a.selectOption('#my-seat', '0');
        await createGame(a);
        check(!(await a.$('#hints-mark')), 'a table without hints says hints are allowed');
        const { page: b } = await newPage(ctx, { locale: 'pl-PL' });
        await b.goto(a.url());
        await b.click('#take-1');
        await waitStatus(b, 'playing');
        await waitStatus(a, 'playing');
        check(!(await b.$('#hints-mark')) && !(await a.$('#hint')), 'hints offered between people by default');

        // Ticked by the creator: both players see that hints are allowed.
        const { page: c } = await newPage(ctx);
        await c.goto(`${ctx.url}/#/new`);
        await fillSetup(c, { board: 8, seats: ['human', 'human'], mySeat: 0 });
        await c.check('#hints');
        await createGame(c);
        const { page: d } = await newPage(ctx, { locale: 'pl-PL' });
        await d.goto(c.url());
        await d.click('#take-1');
        await waitStatus(c, 'playing');
        check((await c.textContent('#hints-mark')).includes('Hints allowed'), 'the table does not say hints are allowed');
        await d.waitForSelector('#hints-mark');
        check((await d.textContent('#hints-mark')).includes('Podpowiedzi dozwolone'), 'the Polish table does not say hints are allowed');
        check(await c.$('#hint'), 'no hint button where hints are allowed');
    },

    // Item 19: a registered player resigns to the computer; the result says how before the
    // score on the table, in the lobby's finished games, the replay and the profile (Turkish
    // on the replay). A loss on time at one screen reads "White wins on time (3–3)."
    async 'table rules: a result says how the game was decided, then the score'(ctx) {
        const name = freshName('Res');
        const { page } = await registered(ctx, name);
        page.on('dialog', (d) => d.accept());
        await page.goto(`${ctx.url}/#/new`);
        await fillSetup(page, { board: 8, seats: ['human', 1] });
        await createGame(page);
        await play(page, 'f5', 0);
        await waitPly(page, 1);
        await page.click('#resign');
        await waitStatus(page, 'finished');
        const id = decodeURIComponent(page.url().split('#/table/')[1]);
        const want = /^White wins by resignation \((\d+)–(\d+)\)\.$/;
        const onTable = (await statusText(page)).trim();
        check(want.test(onTable), `the table reads "${onTable}"`);
        const [, white, black] = want.exec(onTable);
        check(Number(white) + Number(black) === 6, `the score of "${onTable}" is not the board's`);
        await page.goto(`${ctx.url}/#/lobby`);
        const row = await page.waitForSelector(`#finished-games [data-game="${id}"] .state`, { timeout: 15000 });
        check((await row.textContent()).trim() === onTable, `the lobby reads "${await row.textContent()}"`);
        await page.goto(`${ctx.url}/#/player/${name}`);
        const mine = await page.waitForSelector(`[data-game="${id}"] .state`, { timeout: 10000 });
        check((await mine.textContent()).trim().startsWith(`lost by resignation ${black}–${white}`), `the profile reads "${await mine.textContent()}"`);

        const { page: tr } = await newPage(ctx, { locale: 'tr-TR' });
        await tr.goto(`${ctx.url}/#/replay/${id}`);
        await tr.waitForSelector('#replay-result:not(:empty)');
        const replay = (await tr.textContent('#replay-result')).trim();
        check(replay === `Beyaz terk ile kazandı (${white}–${black}).`, `the Turkish replay reads "${replay}"`);

        // On time: both seats at one screen move, then Black's 2 s run out.
        const { page: local } = await newPage(ctx, { locale: 'pl-PL' });
        await local.goto(`${ctx.url}/#/new`);
        await fillSetup(local, { board: 8, seats: ['human', 'human'], local: true });
        await moveClock(local, 2);
        await createGame(local);
        await play(local, 'f5', 0);
        await play(local, 'f6', 1);
        await waitStatus(local, 'finished');
        const late = (await statusText(local)).trim();
        check(late === 'Wygrywają Białe na czas (3–3).', `the Polish loss on time reads "${late}"`);
    },
};
