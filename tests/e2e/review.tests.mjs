// SPDX-License-Identifier: MIT
// Browser tests of what the screenshot review of issue 48 found on a phone: the moderators'
// audit log wider than the screen, the tournament form's name field running into the next
// column, the tournament page's buttons (split inside, touching the standings) above an
// empty "Games" panel that said nothing; and blocks drawn touching one another (the puzzle's
// solution tree on its board, the profile's links on its panels, the lobby's finished games);
// the challenge form's time cut short on a phone; a tournament hours away listed as being played.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STRINGS } from '../../web/js/lib/i18n.js';
import { account, check, freshName, giveRole, here, post, registered } from './lib.mjs';

const Phone = { viewport: { width: 390, height: 844 }, hasTouch: true };

// The vertical space between the bottom of `upper` and the top of `lower` (CSS pixels).
const gapBetween = (page, upper, lower) => page.evaluate(([u, l]) =>
    document.querySelector(l).getBoundingClientRect().top - document.querySelector(u).getBoundingClientRect().bottom, [upper, lower]);

// The page's width beyond the viewport (0 when nothing sticks out sideways).
const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

export const tests = {
    async 'review: the moderators\' audit log stays within a phone\'s width and names the role in Turkish'(ctx) {
        const mona = freshName('Mona');
        const { page } = await registered(ctx, mona, { ...Phone, locale: 'tr-TR' });
        await giveRole(ctx, mona, 'moderator');
        const roleOf = () => page.evaluate(async () => (await (await fetch('/api/mod/me')).json()).role);
        for (const deadline = Date.now() + 10000; (await roleOf()) !== 'moderator';) {
            check(Date.now() < deadline, 'the moderator role did not reach the running server within 10 s');
            await page.waitForTimeout(250);
        }
        await page.goto(`${ctx.url}/#/mod`);
        await page.waitForSelector('#mod-audit-log tbody tr');
        check((await page.textContent('#mod-audit-title')) === STRINGS.tr['mod.audit'], 'the audit log is not titled in Turkish');
        // The role given reads in Turkish too (it read "moderator").
        const detail = await page.textContent('#mod-audit-log tbody tr td:nth-child(5)');
        check(detail === STRINGS.tr['mod.role.moderator'], `the role given reads "${detail}"`);
        // Given on the command line: by the site's operator, not by a "server" any player could be called.
        const who = await page.textContent('#mod-audit-log tbody tr td:nth-child(2)');
        check(who === STRINGS.tr['mod.operator'], `the role was given by "${who}"`);
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

    async 'review: blocks stand apart: the puzzle\'s tree from its board, the profile\'s links from its panels, the lobby\'s finished games'(ctx) {
        // A puzzle failed on a desktop: its solution tree comes below the board.
        const puzzle = JSON.parse(readFileSync(join(here, '../data/puzzles/8x8.jsonl'), 'utf8').trim().split('\n')[1]);
        const desk = await (await ctx.launch({ reducedMotion: 'reduce' })).page();
        await desk.goto(`${ctx.url}/#/puzzle/${puzzle.id}`);
        await desk.waitForSelector('#puzzle-task:not(:empty)');
        const choices = puzzle.tree[0].choices;
        await desk.click(`.board-host .sq[data-sq="${choices[choices.length - 1][0]}"]`);
        await desk.waitForSelector('#puzzle-tree section');
        const treeGap = await gapBetween(desk, '.puzzle-grid', '#puzzle-tree section');
        check(treeGap >= 8, `the solution tree touches the board (${treeGap} px apart)`);
        // One's own profile on a phone, in Polish: the links under the name, then the panels.
        const { page } = await registered(ctx, freshName('Ola'), { ...Phone, locale: 'pl-PL' });
        await page.waitForSelector('#download-ggf');
        check((await page.textContent('#download-ggf')) === STRINGS.pl['profile.downloadGgf'], 'the GGF link is not in Polish');
        const headGap = await gapBetween(page, '.profile-head', '.profile-grid');
        check(headGap >= 8, `the profile's links touch its first panel (${headGap} px apart)`);
        // The lobby: "Finished games" is a heading of its own, not glued to the open tables' line.
        await page.goto(`${ctx.url}/#/lobby`);
        const finished = 'section[aria-labelledby="tables-title"] > h2';
        await page.waitForSelector(finished);
        const tablesGap = await gapBetween(page, 'section[aria-labelledby="tables-title"] > .panel-head + *', finished);
        check(tablesGap >= 12, `"Finished games" sits ${tablesGap} px under the open tables`);
        await page.screenshot({ path: `${ctx.shots}/review-lobby-phone-pl.png`, fullPage: true });
    },

    async 'review: the challenge form shows its whole time control on a phone, in Turkish'(ctx) {
        // An offline player: the form offers correspondence first, the longest label.
        const away = freshName('Uzak');
        await account(ctx.url, away);
        const { page } = await registered(ctx, freshName('Ece'), { ...Phone, locale: 'tr-TR' });
        await page.goto(`${ctx.url}/#/player/${away}`);
        // The form is drawn again once the profile says the player is away.
        await page.waitForSelector('#challenge-away');
        await page.waitForSelector('#challenge-time');
        const [text, width, room] = await page.$eval('#challenge-time', (s) => {
            const cs = getComputedStyle(s);
            const pen = /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
            pen.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
            const shown = s.options[s.selectedIndex].text;
            // The arrow takes about 1.2 em of the box.
            return [shown, pen.measureText(shown).width, s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 1.2 * parseFloat(cs.fontSize)];
        });
        check(width <= room, `the time control "${text}" needs ${Math.round(width)} px in a list of ${Math.round(room)} px`);
        await page.screenshot({ path: `${ctx.shots}/review-challenge-phone-tr.png`, fullPage: true });
    },

    async 'review: the landing page lists a tournament hours away as coming up, not as being played, in Polish'(ctx) {
        const { page } = await registered(ctx, freshName('Iga'), { locale: 'pl-PL' });
        const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
        const made = await post(ctx.url, '/api/tournaments', cookie, { pool: '8x8', clock: { mode: 'none' }, rated: false, starts_in: 5 * 3600, name: 'Wieczorny' });
        await page.goto(`${ctx.url}/`);
        const row = await page.waitForSelector(`#landing-live li[data-tournament="${made.id}"]`, { timeout: 15000 });
        const list = await row.evaluate((li) => li.closest('ul')?.id);
        check(list === 'landing-upcoming', `a tournament starting in 5 hours is listed in ${list}, under "${await page.textContent('#landing-live-title')}"`);
        check((await page.textContent('#landing-upcoming-title')) === STRINGS.pl['landing.upcoming'], 'the coming-up list is not titled in Polish');
        // A part of the section: its title no larger than the section's own.
        const [part, whole] = await page.evaluate(() => ['#landing-upcoming-title', '#landing-live-title']
            .map((s) => parseFloat(getComputedStyle(/** @type {Element} */ (document.querySelector(s))).fontSize)));
        check(part <= whole, `"Coming up" is drawn at ${part} px under a ${whole} px section title`);
    },
};
