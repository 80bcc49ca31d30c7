// SPDX-License-Identifier: MIT
// Browser tests of the table's etiquette and chat (docs/SITE.md "At the table") through the
// game view: chat between two players and a spectator (counter, mute, the rate limit), a draw
// offer accepted, a rematch declined then accepted, abort before both have moved, the colour
// choice against the computer and a name per seat at one screen; in Turkish and Polish where
// the text matters; and moderation through the page (a reported chat line, the moderator's
// queue and mute, the muted player's refusal).
import { check, createGame, fillSetup, giveRole, registered, waitPly } from './lib.mjs';

const status = (page) => page.evaluate(() => document.querySelector('section.game')?.dataset.status);
const waitStatus = (page, s) => page.waitForFunction((want) => document.querySelector('section.game')?.dataset.status === want, s);

async function newPage(ctx, options = {}) {
    const b = await ctx.launch(options);
    const page = await b.page();
    page.on('dialog', (d) => d.accept());
    return page;
}

// A two-player table between A (Black, English) and B (White, `locale`), both playing.
async function twoPlayers(ctx, locale = 'pl-PL') {
    const a = await newPage(ctx);
    await a.goto(`${ctx.url}/#/new`);
    await fillSetup(a, { board: 8, seats: ['human', 'human'], mySeat: 0 });
    await createGame(a);
    const b = await newPage(ctx, { locale });
    await b.goto(a.url());
    await b.click('#take-1');
    await waitStatus(a, 'playing');
    await waitStatus(b, 'playing');
    return { a, b };
}

// Black (a) plays f5 and White (b) d6: both have moved, so Resign and Draw are offered (before
// that only Abort, issue 48).
async function bothMove(a, b) {
    await a.click('.board-host .sq[data-sq="f5"]');
    await waitPly(b, 0);
    await b.click('.board-host .sq[data-sq="d6"]');
    await waitPly(a, 1);
}

async function say(page, text) {
    await page.fill('#chat-input', text);
    await page.click('#chat-send');
}

const chatHas = (page, text) => page.waitForFunction((t) => document.querySelector('#chat-log')?.textContent.includes(t), text);

export const tests = {
    async 'game table: chat between two players and a spectator, counter, mute and rate limit'(ctx) {
        const { a, b } = await twoPlayers(ctx);
        const s = await newPage(ctx, { locale: 'tr-TR' });
        await s.goto(a.url());
        await s.waitForSelector('#watch-banner');
        await a.fill('#chat-input', 'hello');
        check((await a.textContent('#chat-count')) === '5/300', `counter reads ${await a.textContent('#chat-count')}`);
        await a.click('#chat-send');
        for (const p of [a, b, s]) await chatHas(p, 'hello');
        await say(s, 'iyi oyunlar <b>x</b>');
        for (const p of [a, b, s]) await chatHas(p, 'iyi oyunlar <b>x</b>');
        check(!(await a.$('#chat-log b')), 'chat text was inserted as markup');
        check(/\(izleyici\)/.test(await s.textContent('#chat-log')), 'Turkish spectator mark missing');
        // Muting hides what others write, and is undone by the same button.
        await b.click('#chat-mute');
        check(/Czat wyciszony/.test(await b.textContent('#chat-log')) && !(await b.textContent('#chat-log')).includes('hello'),
            'muted chat still shows messages');
        await say(a, 'still there?');
        await b.waitForTimeout(300);
        check(!(await b.textContent('#chat-log')).includes('still there?'), 'a muted chat showed a new message');
        await b.click('#chat-mute');
        await chatHas(b, 'still there?');
        // Too many messages at once: the server refuses, and the field says why.
        for (let i = 0; i < 7; i++) await say(a, `spam ${i}`);
        await a.waitForSelector('#chat-error:not(:empty)', { timeout: 5000 });
        check(/too fast/.test(await a.textContent('#chat-error')), `rate limit reads ${await a.textContent('#chat-error')}`);
    },

    async 'game table: a draw offer accepted, in Polish'(ctx) {
        const { a, b } = await twoPlayers(ctx);
        await bothMove(a, b);
        await a.click('#offer-draw');
        await a.waitForSelector('#withdraw-draw');
        await b.waitForSelector('#accept-draw');
        check((await b.textContent('#pending-draw')).includes('Czarne proponują remis.'), 'Polish draw offer text missing');
        await b.click('#accept-draw');
        await waitStatus(a, 'finished');
        check(/Draw by agreement/.test(await a.textContent('#status')), `result: ${await a.textContent('#status')}`);
        await waitStatus(b, 'finished');
        check(/Remis za zgodą/.test(await b.textContent('#status')), `Polish result: ${await b.textContent('#status')}`);
    },

    // Issue 26, 4: a declined offer tells the offerer, in its language, and the Draw/Takeback
    // button says when it may be offered again (offers_refused) instead of answering "not allowed".
    async 'game table: a declined draw and takeback tell the offerer; the button waits for a move'(ctx) {
        const { a, b } = await twoPlayers(ctx);
        await bothMove(a, b);
        await a.click('#offer-draw');
        await b.click('#decline-draw');
        await a.waitForSelector('#declined-draw');
        check(/White declined your draw offer/.test(await a.textContent('#declined-draw')), `declined reads "${await a.textContent('#declined-draw')}"`);
        check(await a.isDisabled('#offer-draw'), 'the Draw button is offered again at once');
        check(/again after the next move/.test(await a.textContent('#again-draw')), 'the disabled Draw button does not say when');
        await a.screenshot({ path: `${ctx.shots}/table-declined.png` });
        await a.click('.board-host .sq[data-sq="c3"]');
        await waitPly(b, 2);
        await a.waitForSelector('#offer-draw:not([disabled])');
        check(!(await a.$('#declined-draw')), 'the declined note outlived the next move');
        await b.click('#offer-takeback');
        await a.click('#decline-takeback');
        await b.waitForSelector('#declined-takeback');
        check(/Czarne odrzucają prośbę o cofnięcie/.test(await b.textContent('#declined-takeback')), 'the Polish offerer is not told');
        check(await b.isDisabled('#offer-takeback'), 'the Takeback button is offered again at once');
        check(!(await a.textContent('#alert')) && !(await b.textContent('#alert')), 'a refusal was shown');
    },

    // Issue 26, 3: a guest has no rating to show: not against the computer, not in a casual game.
    async 'game table: no rating beside a guest, against the computer or in a casual game'(ctx) {
        const page = await newPage(ctx);
        // A table of the server against the computer (the setup page's default).
        await page.goto(`${ctx.url}/#/new`);
        await page.click('#create');
        await page.waitForURL(/#\/table\//);
        await waitPly(page, -1);
        const shown = await page.textContent('#players');
        check(!/\(\d{3,4}\)/.test(shown), `a guest against the computer shows a rating: "${shown}"`);
        const { a, b } = await twoPlayers(ctx);
        for (const p of [a, b]) {
            const players = await p.textContent('#players');
            check(!/\(\d{3,4}\)/.test(players), `a casual guest game shows a rating: "${players}"`);
        }
    },

    async 'game table: a rematch declined, then accepted'(ctx) {
        const { a, b } = await twoPlayers(ctx, 'tr-TR');
        await bothMove(a, b);
        await a.click('#resign');
        await waitStatus(b, 'finished');
        const first = a.url();
        await a.waitForSelector('#offer-rematch');
        await a.click('#offer-rematch');
        await b.waitForSelector('#decline-rematch');
        check(/Siyah rövanş teklif ediyor/.test(await b.textContent('#pending-rematch')), 'Turkish rematch offer text missing');
        check(b.url() === first, 'the opponent was moved before accepting');
        await b.click('#decline-rematch');
        await a.waitForSelector('#pending-rematch', { state: 'detached' });
        check(a.url() === first && b.url() === first, 'a declined rematch moved someone');
        // The other side may ask too (polish.tests.mjs: the declined side may ask again, 3 times).
        await b.waitForSelector('#offer-rematch');
        await b.click('#offer-rematch');
        await a.click('#accept-rematch');
        for (const p of [a, b]) {
            await p.waitForFunction((u) => location.href !== u && location.hash.startsWith('#/table/'), first);
            await waitPly(p, -1);
        }
        check(a.url() === b.url(), 'the players went to different rematch tables');
        // Seats rotate: the old White is Black now.
        check((await b.textContent('#players .player[data-seat="0"]')).includes('(siz)'), 'seats not rotated in the rematch');
    },

    async 'game table: abort before both have moved'(ctx) {
        const { a, b } = await twoPlayers(ctx);
        check(await a.$('#abort'), 'no abort before the first move');
        // Only Abort until both have moved (issue 48, as lichess): no Resign, no draw offer.
        const onlyAbort = async (p, who) => check(!(await p.$('#resign')) && !(await p.$('#offer-draw')),
            `${who} is offered Resign or a draw before both have moved`);
        await onlyAbort(a, 'Black');
        await onlyAbort(b, 'White');
        await a.click('.board-host .sq[data-sq="f5"]');
        await waitPly(b, 0);
        check(await b.$('#abort'), 'White cannot abort before moving');
        check((await b.textContent('#abort')).includes('Przerwij partię'), `the Polish abort reads "${await b.textContent('#abort')}"`);
        await waitPly(a, 0);
        await onlyAbort(a, 'Black after moving');
        await onlyAbort(b, 'White');
        await b.click('#abort');
        await waitStatus(a, 'finished');
        check(/aborted/.test(await a.textContent('#status')), `abort result: ${await a.textContent('#status')}`);
        check(!(await a.$('#offer-rematch')) && !(await a.$('#to-analysis')), 'an aborted game offers a rematch or analysis');
        // Once both have moved, abort is gone.
        const next = await twoPlayers(ctx);
        await next.a.click('.board-host .sq[data-sq="f5"]');
        await waitPly(next.b, 0);
        await next.b.click('.board-host .sq[data-sq="d6"]');
        await waitPly(next.a, 1);
        check(!(await next.a.$('#abort')) && !(await next.b.$('#abort')), 'abort offered after both moved');
        for (const p of [next.a, next.b])
            check((await p.$('#resign')) && (await p.$('#offer-draw')), 'Resign or Draw missing after both moved');
    },

    async 'game table: colour against the computer; a name per seat at one screen'(ctx) {
        const page = await newPage(ctx);
        await page.goto(`${ctx.url}/#/new`);
        await fillSetup(page, { board: 8, seats: ['human', 1] });
        await page.selectOption('#my-colour', 'white');
        await createGame(page);
        check((await page.textContent('#players .player[data-seat="1"]')).includes('(you)'), 'not seated as White');
        check((await page.textContent('#players .player[data-seat="0"]')).includes('Computer'), 'the computer is not Black');
        await waitPly(page, 0); // the computer opens
        const seen = new Set();
        for (let i = 0; i < 10 && seen.size < 2; i++) {
            await page.goto(`${ctx.url}/#/new`);
            await page.selectOption('#my-colour', 'random');
            await createGame(page);
            const you = await page.$$eval('#players .player', (li) => li.findIndex((x) => x.textContent.includes('(you)')));
            check(you === 0 || you === 1, `random seat ${you}`);
            seen.add(you);
        }
        check(seen.size === 2, `random colour always gave seat ${[...seen]}`);
        await page.goto(`${ctx.url}/#/new`);
        await page.selectOption('#my-colour', 'black');
        await fillSetup(page, { seats: ['human', 'human'], local: true });
        await page.fill('#name-0', 'Ada');
        await page.fill('#name-1', 'Bob');
        await createGame(page);
        check((await page.textContent('#players .player[data-seat="0"]')).includes('Ada'), 'Black is not named Ada');
        check((await page.textContent('#players .player[data-seat="1"]')).includes('Bob'), 'White is not named Bob');
        check(await status(page) === 'playing', 'the one-screen table is not playing');
    },
    // Issue 26, 5: the time control is named at the table, and the clocks are the largest
    // text beside the board (as lichess draws them).
    async 'game table: the time control is shown and the clocks are the largest text beside the board'(ctx) {
        const a = await newPage(ctx);
        await a.goto(`${ctx.url}/#/new`);
        await fillSetup(a, { board: 8, seats: ['human', 'human'], mySeat: 0 });
        await a.selectOption('#clock-mode', 'game');
        await a.fill('#clock-minutes', '5');
        await a.press('#clock-minutes', 'Tab');
        await a.fill('#clock-increment', '3');
        await a.press('#clock-increment', 'Tab');
        await createGame(a);
        const b = await newPage(ctx);
        await b.goto(a.url());
        await b.click('#take-1');
        await waitStatus(a, 'playing');
        const sub = await a.textContent('.game .subtitle');
        check(/\b5\+3\b/.test(sub), `the table does not name its time control: "${sub}"`);
        await a.waitForFunction(() => /\d:\d\d/.test(document.querySelector('#players .clock')?.textContent || ''));
        const sizes = await a.evaluate(() => {
            const px = (e) => parseFloat(getComputedStyle(e).fontSize);
            const clock = px(document.querySelector('#players .clock'));
            let other = 0;
            let what = '';
            for (const e of document.querySelectorAll('.game .side *')) {
                if (e.closest('.clock') || !e.getClientRects().length) continue;
                const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
                if (own && px(e) > other) {
                    other = px(e);
                    what = `${e.tagName.toLowerCase()}.${e.className} "${e.textContent.trim().slice(0, 20)}"`;
                }
            }
            return { clock, other, what, body: px(document.body) };
        });
        check(sizes.clock > sizes.other, `the clock (${sizes.clock}px) is not larger than ${sizes.what} (${sizes.other}px)`);
        check(sizes.clock >= 1.5 * sizes.body, `the clock (${sizes.clock}px) is body-sized text (${sizes.body}px)`);
        await a.screenshot({ path: `${ctx.shots}/table-clock.png` });
    },

    // Issue 26, 13: after a game or an abort, "New opponent" looks for another game in the same
    // pool and time control (quick pairing), and the pairing leads to a new table.
    async 'game table: after an abort, "New opponent" pairs again in the same pool and time control'(ctx) {
        const a = await newPage(ctx);
        const b = await newPage(ctx);
        for (const p of [a, b]) {
            await p.goto(`${ctx.url}/#/`);
            await p.click('#play-online');
        }
        const tableOf = (p) => decodeURIComponent(p.url().split('#/table/')[1] || '');
        const sameTable = async (not) => {
            for (const p of [a, b]) await p.waitForFunction((old) => location.hash.startsWith('#/table/') && location.hash !== `#/table/${old}`, not);
            check(tableOf(a) === tableOf(b), `paired at different tables: ${tableOf(a)} vs ${tableOf(b)}`);
            for (const p of [a, b]) await waitStatus(p, 'playing');
            return tableOf(a);
        };
        const first = await sameTable('');
        await a.click('#abort');
        for (const p of [a, b]) await waitStatus(p, 'finished');
        for (const p of [a, b]) {
            await p.waitForSelector('#new-opponent');
            const label = await p.textContent('#new-opponent');
            check(label.includes('8×8') && label.includes('5+3'), `the New opponent button reads "${label}"`);
        }
        await a.click('#new-opponent');
        await a.waitForSelector('#new-opponent-waiting');
        check((await a.textContent('#new-opponent-waiting')).includes('5+3'), 'the wait does not name the time control');
        await b.click('#new-opponent');
        const second = await sameTable(first);
        check(second !== first, 'New opponent went back to the same table');
        const sub = await a.textContent('.game .subtitle');
        check(/\b5\+3\b/.test(sub) && (await a.textContent('#game-title')).startsWith('8×8'), `the new table is not 8x8 5+3: ${sub}`);
    },

    // Issue 27, moderation in the browser: a player reports the other's chat line; a moderator
    // (the role given by `reversi admin role` while the server runs, read again within 5 s)
    // finds it in the queue, mutes its sender, hides the line and marks the report actioned;
    // the muted player's next line is refused on screen and reaches no one. A profile is
    // reported too, never one's own.
    async 'game table: a reported chat line, the moderator mutes its sender, whose next line is refused'(ctx) {
        const { page: sam } = await registered(ctx, 'Sam');
        const { page: ruth } = await registered(ctx, 'Ruth');
        const { page: mona } = await registered(ctx, 'Mona');
        await giveRole(ctx, 'Mona', 'moderator');
        await sam.goto(`${ctx.url}/#/new`);
        await fillSetup(sam, { board: 8, seats: ['human', 'human'], mySeat: 0 });
        await createGame(sam);
        await ruth.goto(sam.url());
        await ruth.click('#take-1');
        await waitStatus(ruth, 'playing');
        await say(sam, 'cheap discs here');
        await chatHas(ruth, 'cheap discs here');
        check((await sam.$$('#chat-log .chat-report')).length === 0, 'a player may report their own chat line');
        await ruth.click('#chat-log li:has-text("cheap discs here") .chat-report');
        await ruth.selectOption('#report-reason', 'spam');
        await ruth.fill('#report-text', 'advertising');
        await ruth.click('#report-send');
        await ruth.waitForFunction(() => document.querySelector('#report-status')?.getAttribute('data-state') === 'sent');
        // A player is reported from the profile too, once while the report is open (issue 48,
        // 9); one's own profile has no Report button.
        await ruth.goto(`${ctx.url}/#/player/Sam`);
        await ruth.click('#profile-report');
        await ruth.selectOption('#report-reason', 'name');
        await ruth.click('#report-send');
        await ruth.waitForFunction(() => document.querySelector('#report-status')?.getAttribute('data-state') === 'refused');
        await ruth.goto(`${ctx.url}/#/player/Ruth`);
        await ruth.waitForSelector('#change-password');
        check(!(await ruth.$('#profile-report')), 'a player may report their own profile');
        await ruth.goto(sam.url());
        await chatHas(ruth, 'cheap discs here');

        // The running server reads roles again every 5 s; then the header links the page.
        const roleOf = () => mona.evaluate(async () => (await (await fetch('/api/mod/me')).json()).role);
        for (const deadline = Date.now() + 10000; (await roleOf()) !== 'moderator';) {
            check(Date.now() < deadline, 'the moderator role did not reach the running server within 10 s');
            await mona.waitForTimeout(250);
        }
        await mona.reload();
        await mona.click('#nav-mod');
        const row = mona.locator('.mod-group', { hasText: 'cheap discs here' });
        await row.waitFor();
        check((await row.textContent()).includes('Ruth'), 'the queue does not name the reporter');
        await row.locator('.mod-sanction').click();
        check((await mona.inputValue('#mod-player')) === 'Sam', 'Sanction did not take the reported player into the form');
        await mona.fill('#mod-reason', 'spam in chat');
        // What the moderator types for a report outlives the queue's redraw after an action.
        await row.locator('.mod-group-reason').fill('advertising');
        await mona.click('#mod-sanction-send');
        await mona.waitForFunction(() => document.querySelector('#mod-sanction-list [data-player="Sam"]')?.getAttribute('data-kind') === 'mute');
        check((await row.locator('.mod-group-reason').inputValue()) === 'advertising',
            "the queue's redraw after the sanction wiped the reason typed for the report");
        await row.locator('.mod-hide').click();
        await ruth.waitForFunction(() => !document.querySelector('#chat-log')?.textContent.includes('cheap discs here'));
        await row.locator('.mod-group-reason').fill('muted for an hour');
        await row.locator('.mod-actioned').click();
        await mona.waitForFunction(() => !document.querySelector('#mod-queue')?.textContent.includes('cheap discs here'));

        await say(sam, 'more cheap discs');
        await sam.waitForFunction(() => document.querySelector('#chat-error')?.textContent.includes('muted you'));
        check(!(await ruth.textContent('#chat-log')).includes('more cheap discs'), 'the muted line reached the other player');
    },
};
