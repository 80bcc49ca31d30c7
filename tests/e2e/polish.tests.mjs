// SPDX-License-Identifier: MIT
// Browser tests of the site's loose ends (part "polish"): the setup form names a player who
// has a session instead of asking for a name (one-screen tables still ask per seat), a
// declined rematch may be offered again until the seat's allowance is used up (then the
// button goes), and the "New game" link of a missing table leads to the setup form.
import { check, createGame, fillSetup } from './lib.mjs';

async function newPage(ctx, options = {}) {
    const b = await ctx.launch(options);
    const page = await b.page();
    page.on('dialog', (d) => d.accept());
    return page;
}

const waitStatus = (page, s) => page.waitForFunction((want) => document.querySelector('section.game')?.dataset.status === want, s);
// The name GET /api/me gives this browser (its guest name here).
const myName = (page) => page.evaluate(() => fetch('/api/me').then((r) => r.json()).then((me) => me.name));

export const tests = {
    async 'polish: the setup form plays under the session name; one screen asks per seat'(ctx) {
        const page = await newPage(ctx, { locale: 'pl-PL' });
        await page.goto(`${ctx.url}/#/new`);
        await page.waitForSelector('#play-as');
        const name = await myName(page);
        check(/^Guest-/.test(name), `me name ${name}`);
        check((await page.textContent('#play-as')) === `Grasz jako ${name}.`, `play-as reads ${await page.textContent('#play-as')}`);
        check(!(await page.$('#name')), 'a remote table still asks for a name');
        // One screen: a name per human seat, no "play as".
        await fillSetup(page, { board: 8, seats: ['human', 'human'], local: true });
        check(await page.$('#name-0') && await page.$('#name-1'), 'no name per seat at one screen');
        check(!(await page.$('#play-as')), 'a one-screen table shows the session name');
        // Back to a remote table against the computer: the seat carries the session name.
        await page.uncheck('#local');
        await fillSetup(page, { seats: ['human', 1] });
        await page.waitForSelector('#play-as');
        await createGame(page);
        check((await page.textContent('#players .player[data-seat="0"]')).includes(name), 'the seat does not show the session name');
    },

    async 'polish: a declined rematch may be asked again, three times at most'(ctx) {
        const a = await newPage(ctx);
        await a.goto(`${ctx.url}/#/new`);
        await fillSetup(a, { board: 8, seats: ['human', 'human'], mySeat: 0 });
        await createGame(a);
        const b = await newPage(ctx);
        await b.goto(a.url());
        await b.click('#take-1');
        await waitStatus(a, 'playing');
        await a.click('#resign');
        await waitStatus(b, 'finished');
        const first = a.url();
        for (let i = 1; i <= 3; i++) {
            await a.click('#offer-rematch');
            await b.click('#decline-rematch');
            await a.waitForSelector('#pending-rematch', { state: 'detached' });
            if (i < 3) await a.waitForSelector('#offer-rematch');
        }
        // Used up: Black's button is gone (the server would refuse); White may still ask.
        await b.waitForSelector('#offer-rematch');
        check(!(await a.$('#offer-rematch')), 'the rematch button stays after three declined offers');
        await b.click('#offer-rematch');
        await a.click('#accept-rematch');
        await a.waitForFunction((u) => location.href !== u && location.hash.startsWith('#/table/'), first);
    },

    async 'polish: the "New game" link of a missing table opens the setup form'(ctx) {
        const page = await newPage(ctx);
        await page.goto(`${ctx.url}/#/table/nosuchtable`);
        await page.click('a[href="#/new"]');
        await page.waitForSelector('#setup-title');
    },
};
