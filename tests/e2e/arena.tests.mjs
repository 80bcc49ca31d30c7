// SPDX-License-Identifier: MIT
// Browser tests of arena fairness (issue 48, item 1): three players in a short 8x8 1+0 arena,
// each showing a different page between games (the finished table, the tournament page, the
// lobby), are all paired again and again: the players who have waited longest are paired
// first and nobody meets the same opponent twice in a row while another is free. And item 4:
// a creator cancels a tournament on its page (in Polish) and an entrant's page says so (in
// Turkish).
import { players, playTournament, translated } from './compete.tests.mjs';
import { account, check, freshName, post } from './lib.mjs';

export const tests = {
    async 'arena: three players, each on another page between games, all keep being paired'(ctx) {
        // Strongest first: the later one resigns, so that scores differ as in a real arena.
        const all = await players(ctx, 'Ar', 3, 'en-US');
        const strength = all.map((p) => p.name);
        const seconds = 30;
        const made = await post(ctx.url, '/api/tournaments', all[0].cookie, { name: 'Fair arena', kind: 'arena', pool: '8x8',
            clock: { mode: 'game', seconds: 60, increment: 0 }, rated: false, seconds, starts_in: 600 });
        for (const p of all.slice(1)) await post(ctx.url, `/api/tournaments/${made.id}/join`, p.cookie);
        for (const p of all) await p.page.goto(`${ctx.url}/#/tournament/${made.id}`);
        await all[0].page.waitForFunction(() => document.querySelectorAll('#standings tbody tr').length === 3, null, { timeout: 10000 });
        await post(ctx.url, `/api/tournaments/${made.id}/start`, all[0].cookie);
        const ways = ['table', 'tournament', 'lobby'];
        // Between games A stays on the finished table, B goes to the tournament page, C to the lobby.
        const leave = { table: '', tournament: `#/tournament/${encodeURIComponent(made.id)}`, lobby: '#/lobby' };
        const met = (await Promise.all(all.map((p, i) => playTournament(ctx, p, strength, made.id, leave[ways[i]]))))
            .map((games) => games.map((g) => g.opponent));
        const counts = met.map((m) => m.length);
        // The players as A, B, C (strongest first) and the server's games in order.
        const letter = new Map(all.map((p, i) => [p.name, 'ABC'[i]]));
        const view = await (await fetch(`${ctx.url}/api/tournaments/${made.id}`)).json();
        const report = `${all.map((p, i) => `${letter.get(p.name)} (${ways[i]}) ${met[i].length} games`).join(', ')}; the server's games: ${
            view.games.map((g) => g.players.map((n) => letter.get(n)).join('')).join(' ')}`;
        console.log(`arena of ${seconds} s: ${report}`);
        // One game at a time among three: each game seats two of the three, and the one who sat
        // out is paired first, so nobody falls more than two games behind.
        check(Math.min(...counts) >= 3, `a player was starved: ${report}`);
        check(Math.max(...counts) - Math.min(...counts) <= 2, `the games are not spread evenly: ${report}`);
        // Nobody met the same opponent twice in a row (the third was always free then).
        for (const [i, m] of met.entries())
            for (let g = 1; g < m.length; g++) check(m[g] !== m[g - 1], `${letter.get(all[i].name)} met ${letter.get(m[g])} twice in a row: ${report}`);
    },

    async 'arena: its creator cancels a tournament before the start, in Polish; an entrant sees it cancelled, in Turkish'(ctx) {
        const [creator, entrant] = await players(ctx, 'Cn', 2, ['pl-PL', 'tr-TR']);
        const made = await post(ctx.url, '/api/tournaments', creator.cookie, { name: 'Odwołany', kind: 'arena', pool: '8x8',
            clock: { mode: 'none' }, rated: false, minutes: 10, starts_in: 3600 });
        await post(ctx.url, `/api/tournaments/${made.id}/join`, entrant.cookie);
        await entrant.page.goto(`${ctx.url}/#/tournament/${made.id}`);
        await entrant.page.waitForSelector('#tournament-withdraw');
        check(!(await entrant.page.$('#tournament-cancel')), 'an entrant who did not make it is offered Cancel');
        await creator.page.goto(`${ctx.url}/#/tournament/${made.id}`);
        // By its selector, not a handle: the page redraws itself every few seconds (its poll),
        // which replaces the button a handle would hold.
        await creator.page.waitForSelector('#tournament-cancel');
        const label = await creator.page.textContent('#tournament-cancel');
        check(label === translated('pl', 'tournament.cancel'), `the Cancel button reads "${label}"`);
        await creator.page.click('#tournament-cancel');  // the prompt is accepted
        await creator.page.waitForFunction(() => location.hash === '#/tournaments');
        await creator.page.waitForSelector('#tournament-list, #no-tournaments');
        check(!(await creator.page.$(`#tournament-list li[data-tournament="${made.id}"]`)), 'the cancelled tournament is still listed');
        // The entrant's page hears it on the lobby socket and says so in Turkish, with no
        // button to join a tournament that is gone.
        const said = translated('tr', 'tournament.status.cancelled');
        await entrant.page.waitForFunction((text) => document.querySelector('#tournament-status')?.textContent === text, said, { timeout: 10000 });
        check(!(await entrant.page.$('#tournament-join, #tournament-withdraw')), 'the cancelled tournament still offers Join or Withdraw');
        check(await (await fetch(`${ctx.url}/api/tournaments/${made.id}`)).status === 404, 'the cancelled tournament is still served');
    },

    async 'arena: the tournament list comes a page at a time'(ctx) {
        // 21 tournaments besides the site's: seven players make three each (at most three of
        // one player's at a time).
        const makers = await Promise.all(Array.from({ length: 7 }, (_, i) => account(ctx.url, freshName(`Pg${i}`))));
        for (const [i, cookie] of makers.entries()) {
            for (let k = 0; k < 3; k++) {
                await post(ctx.url, '/api/tournaments', cookie, { name: `Page ${i}-${k}`, kind: 'arena', pool: '8x8', clock: { mode: 'none' },
                    rated: false, minutes: 10, starts_in: 600 + 60 * (3 * i + k) });
            }
        }
        const { total } = await (await fetch(`${ctx.url}/api/tournaments?limit=1`)).json();
        check(total >= 22, `the server lists ${total} tournaments`);
        const browser = await ctx.launch({ locale: 'tr-TR' });
        const page = await browser.page();
        await page.goto(`${ctx.url}/#/tournaments`);
        await page.waitForFunction(() => document.querySelectorAll('#tournament-list li').length === 20, null, { timeout: 10000 });
        // By its selector: the list redraws itself every few seconds (its poll).
        await page.waitForSelector('#tournament-more');
        const more = await page.textContent('#tournament-more');
        check(more === translated('tr', 'tournament.more', { n: total - 20 }), `More reads "${more}"`);
        await page.click('#tournament-more');
        await page.waitForFunction((n) => document.querySelectorAll('#tournament-list li').length === n, Math.min(total, 40), { timeout: 10000 });
        // Those to come are listed by their start, the soonest first.
        const names = await page.$$eval('#tournament-list li > a', (as) => as.map((a) => a.textContent));
        const ours = names.filter((n) => /^Page /.test(n));
        check(ours.length === 21 && ours[0] === 'Page 0-0' && ours[20] === 'Page 6-2', `the list reads ${JSON.stringify(names)}`);
    },
};
