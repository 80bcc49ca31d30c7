// SPDX-License-Identifier: MIT
// What the site allows has one owner (issue 48, item 10): the server publishes it (GET
// /api/config) and every form is built from it. These tests read the forms a person sees, in
// English, Polish and Turkish, against the config the same server sends: the profile's
// challenge, the setup page's clock and level bounds, the lobby's seek and quick pairing, the
// tournament form; and every error code has its own text in every language.
import { STRINGS } from '../../web/js/lib/i18n.js';
import { check, freshName, registered } from './lib.mjs';

const config = async (ctx) => (await fetch(`${ctx.url}/api/config`)).json();

// The values of a <select>'s options, in order.
const options = (page, selector) => page.$$eval(`${selector} option`, (os) => os.map((o) => o.value));

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

export const tests = {
    async 'config: a profile\'s challenge offers only what the server takes (English and Polish)'(ctx) {
        const site = await config(ctx);
        const nameA = freshName('CfgA');
        const nameB = freshName('CfgB');
        const { page: pa } = await registered(ctx, nameA);
        const { page: pb } = await registered(ctx, nameB, { locale: 'pl-PL' });
        await pb.goto(`${ctx.url}/#/lobby`);
        await pa.goto(`${ctx.url}/#/player/${nameB}`);
        await pa.waitForSelector('#challenge-form', { timeout: 10000 });
        const pools = await options(pa, '#challenge-pool');
        const times = await options(pa, '#challenge-time');
        check(same(pools, site.offers.pools), `the challenge offers pools ${pools}, the server takes ${site.offers.pools}`);
        check(same(times, site.offers.times), `the challenge offers times ${times}, the server takes ${site.offers.times}`);
        for (const p of site.pools.filter((x) => !site.offers.pools.includes(x.id))) {
            check(!pools.includes(p.id), `the challenge offers the ${p.id} pool, which a challenge cannot be`);
        }
        // Every pool offered is one the server accepts: each challenge is sent, then cancelled.
        for (const pool of pools) {
            await pa.selectOption('#challenge-pool', pool);
            await pa.selectOption('#challenge-time', times[times.length - 1]);
            await pa.click('#challenge-send');
            await pa.waitForSelector('#challenge-cancel', { timeout: 5000 }).catch(async () => {
                check(false, `the ${pool} challenge was refused: ${await pa.textContent('#challenge-status')}`);
            });
            await pa.click('#challenge-cancel');
            await pa.waitForSelector('#challenge-cancel', { state: 'detached', timeout: 5000 });
        }
        // In Polish, the same choices with Polish names.
        await pb.goto(`${ctx.url}/#/player/${nameA}`);
        await pb.waitForSelector('#challenge-form', { timeout: 10000 });
        check(same(await options(pb, '#challenge-pool'), site.offers.pools), 'the Polish challenge form offers other pools');
        const labels = await pb.$$eval('#challenge-time option', (os) => os.map((o) => o.textContent));
        const days = site.offers.times.indexOf(site.times.find((x) => x.clock.mode === 'days').id);
        check(labels[days].includes('korespondencyjna'), `the Polish challenge names days per move "${labels[days]}"`);
        check(labels.includes(STRINGS.pl['site.untimed']), `the Polish challenge has no "${STRINGS.pl['site.untimed']}": ${labels}`);
    },

    async 'config: the setup form\'s bounds are the server\'s (English and Turkish)'(ctx) {
        const site = await config(ctx);
        for (const locale of ['en-US', 'tr-TR']) {
            const lang = locale.slice(0, 2);
            const b = await ctx.launch({ locale });
            const page = await b.page();
            await page.goto(`${ctx.url}/#/new`);
            await page.waitForSelector('#create');
            const players = await options(page, '#players');
            check(same(players.map(Number), Array.from({ length: site.players.max - site.players.min + 1 }, (_, k) => site.players.min + k)),
                `${lang}: the setup offers ${players} players`);
            const levels = (await options(page, '#seat-level-1')).map(Number);
            check(levels[0] === site.levels.min && levels[levels.length - 1] === site.levels.max,
                `${lang}: the setup offers levels ${levels}, the server ${site.levels.min}-${site.levels.max}`);
            await page.selectOption('#clock-mode', 'move');
            const seconds = await page.$eval('#clock-seconds', (i) => [Number(i.min), Number(i.max)]);
            check(same(seconds, [site.clock.seconds.min, site.clock.seconds.max]),
                `${lang}: seconds per move ${seconds}, the server ${site.clock.seconds.min}-${site.clock.seconds.max}`);
            // The longest clock the server takes is accepted; one second more is explained.
            await page.fill('#clock-seconds', String(site.clock.seconds.max));
            await page.dispatchEvent('#clock-seconds', 'change');
            check(!(await page.isDisabled('#create')), `${lang}: the server's longest clock is refused by the form`);
            await page.fill('#clock-seconds', String(site.clock.seconds.max + 1));
            await page.dispatchEvent('#clock-seconds', 'change');
            const problem = await page.textContent('#problems');
            check(problem.includes(String(site.clock.seconds.max)), `${lang}: the clock problem does not give the limit: "${problem}"`);
            const expected = STRINGS[lang]['problem.clock'].split('{')[0];
            check(problem.includes(expected), `${lang}: the clock problem is not in its language: "${problem}"`);
            check(await page.isDisabled('#create'), `${lang}: a clock past the server's limit can be sent`);
            await page.selectOption('#clock-mode', 'game');
            const increment = await page.$eval('#clock-increment', (i) => Number(i.max));
            check(increment === site.clock.increment.max, `${lang}: increment up to ${increment}, the server ${site.clock.increment.max}`);
            const minutes = await page.$eval('#clock-minutes', (i) => Number(i.max));
            check(minutes * 60 <= site.clock.seconds.max && (minutes + 1) * 60 > site.clock.seconds.max,
                `${lang}: minutes up to ${minutes}, the server ${site.clock.seconds.max} s`);
        }
    },

    async 'config: the lobby and the tournament form offer the server\'s pools and times'(ctx) {
        const site = await config(ctx);
        const { page } = await registered(ctx, freshName('CfgL'));
        await page.goto(`${ctx.url}/#/lobby`);
        await page.waitForSelector('#seek-pool');
        check(same(await options(page, '#seek-pool'), site.offers.pools), 'the seek form offers other pools than the server takes');
        check(same(await options(page, '#seek-time'), site.offers.times), 'the seek form offers other times than the server takes');
        check(same(await options(page, '#quick-pool'), site.quick.pools), 'quick pairing offers other pools than the server takes');
        const presets = await page.$$eval('[data-preset]', (bs) => bs.map((b) => b.dataset.preset));
        check(same(presets, site.quick.times), `quick pairing offers ${presets}, the server ${site.quick.times}`);
        await page.goto(`${ctx.url}/#/tournaments`);
        await page.waitForSelector('#tournament-form');
        check(same(await options(page, '#tournament-pool'), site.tournament.pools.arena), 'the arena form offers other pools');
        await page.selectOption('#tournament-kind', 'swiss');
        await page.waitForSelector('#tournament-rounds');
        check(same(await options(page, '#tournament-pool'), site.tournament.pools.swiss), 'the Swiss form offers other pools');
        const rounds = await page.$eval('#tournament-rounds', (i) => [Number(i.min), Number(i.max)]);
        check(same(rounds, [site.tournament.rounds.min, site.tournament.rounds.max]), `Swiss rounds ${rounds}`);
        check(same(await options(page, '#tournament-time'), site.tournament.times), 'the tournament form offers other times');
    },

    async 'config: every error code has its own text in every language'(ctx) {
        const site = await config(ctx);
        check(site.errors.includes('bad_request'), 'the config lists no error codes');
        for (const lang of ['en', 'tr', 'pl']) {
            const texts = site.errors.map((code) => STRINGS[lang][`error.${code}`]);
            const missing = site.errors.filter((code, i) => !texts[i]);
            check(!missing.length, `${lang}: no text for ${missing}`);
            const shared = site.errors.filter((code, i) => texts.indexOf(texts[i]) !== i);
            check(!shared.length, `${lang}: ${shared} share a text with another code`);
            check(!/incomplete|eksikti|niepełne/i.test(STRINGS[lang]['error.bad_request']),
                `${lang}: bad_request still says the request was incomplete`);
        }
    },
};
