// SPDX-License-Identifier: MIT
// Browser tests of what the screenshot review of issue 48 found on a phone: the moderators'
// audit log wider than the screen, the tournament form's name field running into the next
// column, and the tournament page's buttons (split inside, touching the standings) above an
// empty "Games" panel that said nothing.
import { spawnSync } from 'node:child_process';
import { STRINGS } from '../../web/js/lib/i18n.js';
import { check, freshName, post, registered } from './lib.mjs';

const Phone = { viewport: { width: 390, height: 844 }, hasTouch: true };

// The page's width beyond the viewport (0 when nothing sticks out sideways).
const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

export const tests = {
    async 'review: the moderators\' audit log stays within a phone\'s width, in Turkish'(ctx) {
        const mona = freshName('Mona');
        const { page } = await registered(ctx, mona, { ...Phone, locale: 'tr-TR' });
        const given = spawnSync(ctx.binary, ['admin', 'role', '--db', ctx.db, mona, 'moderator'], { encoding: 'utf8' });
        check(given.status === 0, `reversi admin role failed: ${given.stderr}`);
        const roleOf = () => page.evaluate(async () => (await (await fetch('/api/mod/me')).json()).role);
        for (const deadline = Date.now() + 10000; (await roleOf()) !== 'moderator';) {
            check(Date.now() < deadline, 'the moderator role did not reach the running server within 10 s');
            await page.waitForTimeout(250);
        }
        await page.goto(`${ctx.url}/#/mod`);
        await page.waitForSelector('#mod-audit-log tbody tr');
        check((await page.textContent('#mod-audit-title')) === STRINGS.tr['mod.audit'], 'the audit log is not titled in Turkish');
        const wider = await overflow(page);
        check(wider <= 0, `the moderation page is ${wider} px wider than the phone's screen`);
        await page.screenshot({ path: `${ctx.shots}/review-mod-phone-tr.png`, fullPage: true });
    },

    async 'review: the tournament form\'s name field keeps to its column on a phone, in Turkish'(ctx) {
        const { page } = await registered(ctx, freshName('Tara'), { ...Phone, locale: 'tr-TR' });
        await page.goto(`${ctx.url}/#/tournaments`);
        await page.waitForSelector('#tournament-name');
        check((await page.textContent('label[for="tournament-name"]')) === STRINGS.tr['tournament.name'], 'the name field is not labelled in Turkish');
        const name = await page.locator('#tournament-name').boundingBox();
        const kind = await page.locator('#tournament-kind').boundingBox();
        check(name && kind && name.x + name.width <= kind.x,
            `the name field (right edge ${name && name.x + name.width}) runs under the kind list (left edge ${kind && kind.x})`);
        check(await overflow(page) <= 0, 'the tournament list is wider than the phone\'s screen');
    },

    async 'review: the tournament page\'s buttons keep their words on one line, apart from the standings, in Polish'(ctx) {
        const creator = freshName('Pola');
        const { page } = await registered(ctx, creator, { ...Phone, locale: 'pl-PL' });
        const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
        const made = await post(ctx.url, '/api/tournaments', cookie, { pool: '8x8', clock: { mode: 'none' }, rated: false, starts_in: 600, kind: 'swiss', rounds: 3, name: 'Przegląd' });
        await page.goto(`${ctx.url}/#/tournament/${made.id}`);
        await page.waitForSelector('#tournament-start');
        const heights = await page.$$eval('#tournament-actions button', (bs) => bs.map((b) => [b.textContent, b.getBoundingClientRect().height]));
        check(heights.length >= 2, `the creator sees ${heights.length} buttons`);
        const lowest = Math.min(...heights.map(([, h]) => h));
        for (const [text, h] of heights) check(h < lowest * 1.5, `the button "${text}" is split over lines (${h} px against ${lowest} px)`);
        const gap = await page.evaluate(() => {
            const bar = document.querySelector('#tournament-actions').getBoundingClientRect();
            return document.querySelector('#standings-title').closest('section').getBoundingClientRect().top - bar.bottom;
        });
        check(gap >= 8, `the buttons touch the standings (${gap} px apart)`);
        check((await page.textContent('#tournament-no-games')) === STRINGS.pl['tournament.noGames'], 'the empty games panel says nothing in Polish');
        await page.screenshot({ path: `${ctx.shots}/review-tournament-phone-pl.png`, fullPage: true });
    },
};
