// SPDX-License-Identifier: MIT
// Browser tests of the site's loose ends (part "polish"): the setup form names a player who
// has a session instead of asking for a name (one-screen tables still ask per seat), a
// declined rematch may be offered again until the seat's allowance is used up (then the
// button goes), and the "New game" link of a missing table leads to the setup form.
import { check, createGame, fillSetup, waitPly } from './lib.mjs';

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
        // Both move (before that a resignation aborts, and an aborted game has no rematch).
        await a.click('.board-host .sq[data-sq="f5"]');
        await waitPly(b, 0);
        await b.click('.board-host .sq[data-sq="d6"]');
        await waitPly(a, 1);
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

    // Issue 26, 18: Turkish and Polish say why a table cannot be rated (English used to add the
    // server's own sentence to "The request was incomplete"; the others had only that).
    async 'polish: a guest who ticks Rated against the computer reads why in Turkish and Polish'(ctx) {
        for (const [locale, word] of [['en-US', /registered players/], ['tr-TR', /kayıtlı oyuncu/], ['pl-PL', /zarejestrowan/]]) {
            const page = await newPage(ctx, { locale });
            await page.goto(`${ctx.url}/#/new`);
            await page.waitForSelector('#play-as');
            await fillSetup(page, { board: 8, seats: ['human', 1] });
            await page.check('#rated');
            const problems = await page.textContent('#problems');
            check(word.test(problems), `${locale}: a rated game against the computer as a guest reads "${problems}"`);
            check(await page.isDisabled('#create'), `${locale}: the table can still be created`);
        }
    },

    // Issue 26, 18: the Polish rules pages' table headers never break inside a word, and the
    // Polish setup keeps each rules link beside its control, where English has it.
    async 'polish: Polish rules tables keep whole words in their headers; setup rules links beside their controls'(ctx) {
        const page = await newPage(ctx, { locale: 'pl-PL', viewport: { width: 390, height: 844 } });
        // The header cells whose words are drawn on more than one line.
        const split = () => page.evaluate(() => {
            const out = [];
            for (const th of document.querySelectorAll('table.changes th')) {
                const text = th.firstChild;
                if (!text || text.nodeType !== 3) continue;
                // Words; a line may end after a hyphen ("Anty-" / "Reversi"), which is no split.
                for (const m of text.textContent.matchAll(/[^\s-]+-?/g)) {
                    const range = document.createRange();
                    range.setStart(text, m.index);
                    range.setEnd(text, m.index + m[0].length);
                    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                    if (lines.size > 1) out.push(m[0]);
                }
            }
            return out;
        });
        for (const width of [390, 1200]) {
            await page.setViewportSize({ width, height: 844 });
            for (const v of ['anti', 'free', 'blocked', 'handicap', 'multi', 'shapes']) {
                await page.goto(`${ctx.url}/#/rules/${v}`);
                await page.waitForSelector(`#rules-${v}[aria-current="page"]`);
                const words = await split();
                check(!words.length, `Polish rules page ${v} at ${width}px splits header words: ${words.join(', ')}`);
            }
        }
        for (const locale of ['en-US', 'pl-PL']) {
            const p = await newPage(ctx, { locale, viewport: { width: 1200, height: 900 } });
            await p.goto(`${ctx.url}/#/new`);
            await p.waitForSelector('#setup-title');
            await p.screenshot({ path: `${ctx.shots}/polish-setup-${locale}.png`, fullPage: true });
            // Each rules link shares a line with the control it explains.
            const apart = await p.evaluate(() => [...document.querySelectorAll('.setup .field a.help, .setup .check a.help')].map((a) => {
                const control = a.parentElement.querySelector('select, input');
                const r = a.getBoundingClientRect();
                const c = control.getBoundingClientRect();
                return r.top < c.bottom && r.bottom > c.top ? null : a.getAttribute('href');
            }).filter(Boolean));
            check(!apart.length, `${locale} setup: rules links under their controls: ${apart.join(', ')}`);
        }
    },
};
