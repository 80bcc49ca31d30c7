// SPDX-License-Identifier: MIT
// Browser tests of bots and moderation (issue 48, items 8, 9, 15, 20): a player makes their
// account a bot on the profile page and takes API tokens there, each shown once, at most five,
// listed and revoked (in Turkish); the moderators' queue groups reports by player, most
// reported first, a second report of one player is refused on screen, a report links to its
// game, a missing reason is named as such, the audit log pages back, and a muted player's
// refusal is said once (in English, the queue also in Polish).
import { join } from 'node:path';
import { STRINGS } from '../../web/js/lib/i18n.js';
import { account, check, createGame, fillSetup, freshName, giveRole, registered, waitPly } from './lib.mjs';

/** POSTs JSON with `cookie`; the answer's status and body. */
async function post(url, path, cookie, body = {}) {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, data: await res.json() };
}

/** Who a bearer token is (GET /api/me), or '' when it is no session. */
async function whoIs(url, token) {
    const res = await fetch(`${url}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
    const me = await res.json();
    return me.guest === false ? String(me.name) : '';
}

/** The cookie a page holds for the site, as a Cookie header. */
async function cookieOf(page, url) {
    const cookies = await page.context().cookies(url);
    const session = cookies.find((c) => c.name === 'rv_session');
    return session ? `rv_session=${session.value}` : '';
}

const tokenRows = (page) => page.$$eval('#bot-token-list li', (rows) => rows.map((r) => r.getAttribute('data-token')));

export const tests = {
    async 'botsmod: a player makes a bot and its tokens on the profile, each shown once, in Turkish'(ctx) {
        const tr = STRINGS.tr;
        const name = freshName('Bot');
        const { page } = await registered(ctx, name, { locale: 'tr-TR' });
        await page.waitForSelector('#bot-panel');
        check((await page.textContent('#bot-title')) === tr['bot.title'], 'the bot panel is not in Turkish');
        // For good, so the first click only asks.
        await page.click('#bot-make');
        check((await page.textContent('#bot-make')) === tr['bot.makeConfirm'], 'making a bot did not ask to confirm');
        await page.click('#bot-make');
        await page.waitForSelector('#bot-token-new');
        await page.waitForFunction(() => document.querySelector('#profile-title')?.textContent.includes('BOT'));
        check((await page.textContent('#bot-tokens h3')) === tr['bot.tokens'].replace('{n}', '0').replace('{max}', '5'),
            `the token count reads ${await page.textContent('#bot-tokens h3')}`);

        // A token, shown once, that the API takes as the bot.
        await page.click('#bot-token-new');
        await page.waitForSelector('#bot-token-value');
        const token = (await page.textContent('#bot-token-value')).trim();
        check(/^[0-9a-f]{32}$/.test(token), `the shown token is ${token}`);
        check((await page.textContent('#bot-token-box')).includes(tr['bot.copyNow']), 'the token is not said to be shown once');
        check((await page.textContent('#bot-token-command')).includes(`--token ${token}`), 'no reversi bot line with the token');
        check(await whoIs(ctx.url, token) === name, 'the shown token is not the bot');
        await page.screenshot({ path: join(ctx.shots, 'botsmod-bot-token-tr.png'), fullPage: true });
        await page.waitForFunction(() => document.querySelectorAll('#bot-token-list li').length === 1);
        const [first] = await tokenRows(page);
        check(Boolean(first) && !token.includes(first), 'the list shows the token itself');
        await page.reload();
        await page.waitForSelector('#bot-token-list li');
        check(!(await page.$('#bot-token-value')), 'the token was shown again after a reload');

        // Five at most: the button waits for a revocation.
        for (let n = 2; n <= 5; ++n) {
            await page.click('#bot-token-new');
            await page.waitForFunction((k) => document.querySelectorAll('#bot-token-list li').length === k, n);
        }
        await page.waitForSelector('#bot-token-limit');
        check(await page.isDisabled('#bot-token-new'), 'a sixth token can be asked for');
        check((await page.textContent('#bot-token-limit')) === tr['bot.limit'].replace('{max}', '5'), 'the limit is not said in Turkish');
        await page.click(`#bot-token-list li[data-token="${first}"] .bot-revoke`);
        await page.waitForFunction(() => document.querySelectorAll('#bot-token-list li').length === 4);
        check(!(await tokenRows(page)).includes(first), 'the revoked token is still listed');
        check(!(await page.isDisabled('#bot-token-new')), 'a revocation left no room for a new token');
        check(await whoIs(ctx.url, token) === '', 'a revoked token is still the bot');
    },

    async 'botsmod: the moderators\' queue groups reports by player, links the game and pages the audit log'(ctx) {
        const en = STRINGS.en;
        const [sam, ruth, mona] = [freshName('Sam'), freshName('Ruth'), freshName('Mona')];
        const { page: samPage } = await registered(ctx, sam);
        const { page: ruthPage } = await registered(ctx, ruth);
        const { page: monaPage } = await registered(ctx, mona);
        await giveRole(ctx, mona, 'moderator');

        // Sam says a line at a game with Ruth, who reports it; her second report of Sam, from
        // his profile, is refused in words of its own.
        await samPage.goto(`${ctx.url}/#/new`);
        await fillSetup(samPage, { board: 8, seats: ['human', 'human'], mySeat: 0 });
        await createGame(samPage);
        const table = decodeURIComponent(samPage.url().split('#/table/')[1]);
        await ruthPage.goto(samPage.url());
        await ruthPage.click('#take-1');
        await waitPly(ruthPage, -1);
        await samPage.fill('#chat-input', 'cheap discs here');
        await samPage.click('#chat-send');
        await ruthPage.waitForFunction(() => document.querySelector('#chat-log')?.textContent.includes('cheap discs here'));
        await ruthPage.click('#chat-log li:has-text("cheap discs here") .chat-report');
        await ruthPage.selectOption('#report-reason', 'spam');
        await ruthPage.click('#report-send');
        await ruthPage.waitForFunction(() => document.querySelector('#report-status')?.getAttribute('data-state') === 'sent');
        await ruthPage.goto(`${ctx.url}/#/player/${sam}`);
        await ruthPage.click('#profile-report');
        await ruthPage.click('#report-send');
        await ruthPage.waitForFunction(() => document.querySelector('#report-status')?.getAttribute('data-state') === 'refused');
        check((await ruthPage.textContent('#report-status')) === en['error.already_reported'],
            `a second report of one player reads: ${await ruthPage.textContent('#report-status')}`);

        // Two more reporters on Sam, one on a third player: Sam's group comes first, with 3.
        const others = [];
        for (const stem of ['Pia', 'Quin']) {
            const n = freshName(stem);
            others.push({ name: n, cookie: await account(ctx.url, n) });
        }
        check((await post(ctx.url, '/api/reports', others[0].cookie, { player: sam, reason: 'abuse' })).status === 200, 'Pia could not report');
        check((await post(ctx.url, '/api/reports', others[1].cookie, { player: sam, reason: 'cheating' })).status === 200, 'Quin could not report');
        check((await post(ctx.url, '/api/reports', others[1].cookie, { player: others[0].name, reason: 'name' })).status === 200,
            'Quin could not report Pia');

        const roleOf = () => monaPage.evaluate(async () => (await (await fetch('/api/mod/me')).json()).role);
        for (const deadline = Date.now() + 10000; (await roleOf()) !== 'moderator';) {
            check(Date.now() < deadline, 'the moderator role did not reach the running server within 10 s');
            await monaPage.waitForTimeout(250);
        }
        await monaPage.goto(`${ctx.url}/#/mod`);
        await monaPage.waitForSelector('.mod-group');
        const groups = await monaPage.$$eval('.mod-group', (rows) => rows.map((r) => [r.getAttribute('data-player'),
            r.querySelector('.mod-group-count')?.textContent]));
        check(groups.length === 2 && groups[0][0] === sam && groups[0][1] === '3 reports' && groups[1][0] === others[0].name
            && groups[1][1] === '1 report', `the queue reads ${JSON.stringify(groups)}`);
        const samGroup = monaPage.locator(`.mod-group[data-player="${sam}"]`);
        check(await samGroup.locator('.mod-report').count() === 3, 'Sam\'s group does not list his three reports');
        // The chat line's report links to its game.
        const link = samGroup.locator('.mod-report', { hasText: 'cheap discs here' }).locator('.mod-report-game');
        check((await link.getAttribute('href')) === `#/table/${encodeURIComponent(table)}`, 'the report does not link its game');

        await monaPage.screenshot({ path: join(ctx.shots, 'botsmod-mod-queue.png'), fullPage: true });
        // No reason: named as such, nothing resolved.
        await samGroup.locator('.mod-dismiss').click();
        await monaPage.waitForFunction(() => document.querySelector('#mod-answer')?.className === 'alert');
        const refusal = await monaPage.textContent('#mod-answer');
        check(refusal.startsWith(en['error.reason_required']) && !refusal.includes(en['error.bad_request']),
            `a missing reason reads: ${refusal}`);
        check(await samGroup.count() === 1, 'a refused action resolved the group');

        // The muted player's refusal is said once.
        await samGroup.locator('.mod-sanction').click();
        await monaPage.fill('#mod-reason', 'spam in chat');
        await monaPage.click('#mod-sanction-send');
        await monaPage.waitForFunction((n) => document.querySelector(`#mod-sanction-list [data-player="${n}"]`)?.getAttribute('data-kind') === 'mute', sam);
        await samPage.fill('#chat-input', 'more cheap discs');
        await samPage.click('#chat-send');
        await samPage.waitForFunction(() => document.querySelector('#chat-error')?.textContent);
        check((await samPage.textContent('#chat-error')) === en['error.muted'], `the mute reads: ${await samPage.textContent('#chat-error')}`);

        await samGroup.locator('.mod-group-reason').fill('warned');
        await samGroup.locator('.mod-actioned').click();
        await monaPage.waitForFunction((n) => !document.querySelector(`.mod-group[data-player="${n}"]`), sam);
        const newest = monaPage.locator('#mod-audit-log tbody tr').first();
        check((await newest.locator('.mod-audit-action').textContent()) === en['mod.action.resolve_reports'], 'the audit log does not show the resolution first');
        check((await newest.locator('.mod-audit-reason').textContent()) === 'warned', 'the audit entry lost its reason');

        // The queue in Polish: the heading and the count's plural.
        const polish = await ctx.launch({ locale: 'pl-PL' });
        const [cookieName, value] = (await cookieOf(monaPage, ctx.url)).split('=');
        await polish.context.addCookies([{ name: cookieName, value, url: ctx.url }]);
        const plPage = await polish.page();
        await plPage.goto(`${ctx.url}/#/mod`);
        await plPage.waitForSelector('.mod-group');
        check((await plPage.textContent('#mod-queue-title')) === STRINGS.pl['mod.queue'].replace('{n}', '1'), 'the queue heading is not in Polish');
        check((await plPage.textContent('.mod-group-count')) === '1 zgłoszenie', 'the count is not in Polish');

        // The audit log pages back: 60 more entries, 50 shown, then the older ones.
        const mod = await cookieOf(monaPage, ctx.url);
        for (let i = 0; i < 30; ++i) {
            for (const lift of [false, true]) {
                const r = await post(ctx.url, '/api/mod/sanctions', mod, { player: others[1].name, kind: 'unlisted', lift, reason: `round ${i}` });
                check(r.status === 200, `sanction: ${JSON.stringify(r.data)}`);
            }
        }
        await monaPage.reload();
        await monaPage.waitForSelector('#mod-audit-older');
        check(await monaPage.locator('#mod-audit-log tbody tr').count() === 50, 'the audit log\'s first page is not 50 entries');
        await monaPage.click('#mod-audit-older');
        await monaPage.waitForFunction(() => document.querySelectorAll('#mod-audit-log tbody tr').length > 50);
        const all = await monaPage.locator('#mod-audit-log tbody tr').count();
        check(all >= 63, `only ${all} entries after the older page`);
        await monaPage.screenshot({ path: join(ctx.shots, 'botsmod-mod-audit.png'), fullPage: true });
        check(!(await monaPage.$('#mod-audit-older')), 'Older entries stays after the last page');
    },
};
