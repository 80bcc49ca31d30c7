// SPDX-License-Identifier: MIT
// Browser tests of accounts (issue 48): a player deletes their account from the settings page
// and the other player then finds the game under deleted-<id> in the replay and the lobby's
// finished games, and the old name is not given again (item 3); the registration form
// refuses a name that only looks like a taken one (a capital I for l, 0 for O), saying so in
// English and in Polish (item 7).
import { Password, bothAtOneTable, check, freshName, registered, waitPly } from './lib.mjs';

const waitStatus = (page, s) => page.waitForFunction((want) => document.querySelector('section.game')?.dataset.status === want, s);

// Fills the registration form of a fresh browser in `locale` with `name`; the text it answers.
async function refusedRegistration(ctx, locale, name) {
    const browser = await ctx.launch({ locale });
    const page = await browser.page();
    await page.goto(`${ctx.url}/#/register`);
    await page.fill('#auth-name', name);
    await page.fill('#auth-password', Password);
    await page.fill('#auth-again', Password);
    await page.click('#auth-submit');
    await page.waitForFunction(() => (document.querySelector('#auth-status')?.textContent || '').length > 0, null, { timeout: 10000 });
    check(!/#\/player\//.test(page.url()), `${locale}: ${name} was registered`);
    return page.textContent('#auth-status');
}

export const tests = {
    async 'accounts: a deleted account shows as deleted-<id> to the other player and its name stays taken'(ctx) {
        const nameA = freshName('Dave');
        const nameB = freshName('Bob');
        const { page: pa } = await registered(ctx, nameA);
        const { page: pb } = await registered(ctx, nameB);
        for (const p of [pa, pb]) p.on('dialog', (d) => d.accept());
        const id = await pa.evaluate(() => fetch('/api/me').then((r) => r.json()).then((me) => me.id));
        // A game between them: A seeks, B takes it, each moves once, A resigns.
        await pa.goto(`${ctx.url}/#/lobby`);
        await pa.waitForSelector('#no-seeks, #seeks .seek-row');
        await pa.selectOption('#seek-pool', '8x8');
        await pa.selectOption('#seek-time', 'untimed');
        await pa.selectOption('#seek-seat', 'black');
        await pa.click('#post-seek');
        await pa.waitForSelector('#seeks .seek-row.own');
        await pb.goto(`${ctx.url}/#/lobby`);
        await pb.click(`#seeks .seek-row:has(a:text-is("${nameA}")) button`);
        const table = await bothAtOneTable(pa, pb);
        await pa.click('.board-host .sq[data-sq="f5"]');
        await waitPly(pb, 0);
        await pb.click('.board-host .sq[data-sq="d6"]');
        await waitPly(pa, 1);
        await pa.click('#resign');
        for (const p of [pa, pb]) await waitStatus(p, 'finished');

        // A deletes the account on the settings page, with the password and a confirmation.
        await pa.goto(`${ctx.url}/#/password`);
        await pa.fill('#auth-delete-password', Password);
        await pa.click('#auth-delete');
        await pa.waitForFunction(() => location.hash === '#/' || location.hash === '', null, { timeout: 10000 });

        const anonymous = `deleted-${id}`;
        // B's replay of the game names the anonymous account, never the old name.
        await pb.goto(`${ctx.url}/#/replay/${encodeURIComponent(table)}`);
        await pb.waitForFunction((n) => (document.querySelector('#replay-counts')?.textContent || '').includes(n), anonymous, { timeout: 10000 });
        const counts = await pb.textContent('#replay-counts');
        check(!counts.includes(nameA), `the replay still names ${nameA}: "${counts}"`);
        // So do the lobby's finished games.
        await pb.goto(`${ctx.url}/#/lobby`);
        await pb.waitForFunction((n) => (document.querySelector('#finished-games')?.textContent || '').includes(n), anonymous, { timeout: 10000 });
        const finished = await pb.textContent('#finished-games');
        check(!finished.includes(nameA), `the finished games still name ${nameA}`);
        // The old name is not given again.
        const again = await refusedRegistration(ctx, 'en-US', nameA);
        check(/taken/.test(again), `registering ${nameA} again reads "${again}"`);
    },

    async 'accounts: the registration form refuses a look-alike name in English and Polish'(ctx) {
        const stem = freshName('ola');
        const taken = `Paypal${stem}`.slice(0, 20);
        await registered(ctx, taken);
        // A capital I for the small l, and 0 for the O of a second name.
        const lookAlike = taken.replace('Paypal', 'PayPaI');
        const english = await refusedRegistration(ctx, 'en-US', lookAlike);
        check(/looks like/.test(english), `en: ${lookAlike} beside ${taken} reads "${english}"`);
        const olga = `Olga${stem}`.slice(0, 20);
        await registered(ctx, olga);
        const polish = await refusedRegistration(ctx, 'pl-PL', olga.replace('O', '0'));
        check(/przypomina/.test(polish), `pl: 0lga beside Olga reads "${polish}"`);
    },
};
