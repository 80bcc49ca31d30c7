// SPDX-License-Identifier: MIT
// Browser tests of what a returning player meets after a rated game (issue 26): the quick
// pairing's wait says what it is doing (17), the rematch of a rated game shows the ratings the
// game left (2), spectators' chat reaches the players when a rated game ends (12), the replay
// and the profile say who played, when, how fast and how it ended (6), an accepted challenge
// leaves every tab (1), and the lobby's open tables skip an abandoned computer game (14).
import { bothAtOneTable, check, createGame, fillSetup, freshName, registered, tableOf, waitPly } from './lib.mjs';

const waitStatus = (page, s) => page.waitForFunction((want) => document.querySelector('section.game')?.dataset.status === want, s);

/**
 * Two registered players and a finished rated 8x8 untimed game between them: A (Black) resigns
 * once each has moved, so A's rating falls and B's rises (a gap of about 300 points).
 * `beforeEnd(table, pa)` runs while the game is still on (a spectator's chat, say).
 */
async function ratedGame(ctx, { beforeEnd = async () => {} } = {}) {
    const nameA = freshName('Rate');
    const nameB = freshName('Duel');
    const { page: pa } = await registered(ctx, nameA);
    const { page: pb } = await registered(ctx, nameB);
    for (const p of [pa, pb]) p.on('dialog', (d) => d.accept());
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
    await beforeEnd(table, pa);
    await pa.click('#resign');
    for (const p of [pa, pb]) await waitStatus(p, 'finished');
    const ratings = {};
    for (const name of [nameA, nameB]) {
        const player = await (await fetch(`${ctx.url}/api/players/${name}`)).json();
        ratings[name] = Math.round(player.ratings['8x8'].rating);
    }
    check(ratings[nameA] < 1500 && ratings[nameB] > 1500, `the rated game did not move the ratings: ${JSON.stringify(ratings)}`);
    return { nameA, nameB, pa, pb, table, ratings };
}

export const tests = {
    // Issue 26, 17: the seeker sees what the quick pairing is doing (quick_waiting): the rating
    // window, how many look for the same game, and when they are paired whatever the gap.
    async 'returning: quick pairing says its window, who else seeks and when it pairs anyway'(ctx) {
        const { pa, pb } = await ratedGame(ctx);
        await pa.goto(`${ctx.url}/#/lobby`);
        await pa.selectOption('#quick-pool', '8x8');
        await pa.click('#quick-5-3');
        await pa.waitForFunction(() => /Nobody else is looking/.test(document.querySelector('#quick-details')?.textContent || ''));
        check(/Rating window ±\d+/.test(await pa.textContent('#quick-details')), `the wait reads "${await pa.textContent('#quick-details')}"`);
        await pb.goto(`${ctx.url}/#/lobby`);
        await pb.selectOption('#quick-pool', '8x8');
        await pb.click('#quick-5-3');
        // About 300 points apart and alone in their game: they wait, then are paired anyway.
        for (const p of [pa, pb]) {
            await p.waitForFunction(() => /2 players are looking/.test(document.querySelector('#quick-details')?.textContent || ''));
            const text = await p.textContent('#quick-details');
            check(/paired whatever the ratings in \d+ s/.test(text), `no countdown to pairing anyway: "${text}"`);
        }
        await pa.screenshot({ path: `${ctx.shots}/returning-quick-details.png` });
        await bothAtOneTable(pa, pb);
    },

    // Issue 26, 6: the replay names the players with their ratings, the date, the time control
    // and the result; the profile's recent games give date, colour, opponent (a computer by its
    // level, never "vs ?") and the score.
    async 'returning: the replay and the profile say who played, when, how fast and how it ended'(ctx) {
        const { nameA, nameB, pa, table, ratings } = await ratedGame(ctx);
        const year = String(new Date().getFullYear());
        await pa.goto(`${ctx.url}/#/replay/${table}`);
        await pa.waitForSelector('#replay-info');
        const info = await pa.textContent('#replay-info');
        check(info.includes(year) && /untimed/.test(info) && /\brated\b/.test(info), `the replay's line reads "${info}"`);
        const players = await pa.textContent('#replay-counts');
        check(players.includes(`${nameA} (1500 → ${ratings[nameA]})`) && players.includes(`${nameB} (1500 → ${ratings[nameB]})`),
            `the replay's players read "${players}"`);
        check(/resign/.test(await pa.textContent('#replay-result')), 'the replay does not give the result');
        await pa.screenshot({ path: `${ctx.shots}/returning-replay.png` });
        // A game against the computer at a table of the server (the setup page's default; the
        // landing page's game is played in the browser where it runs the engine), resigned
        // after a move.
        await pa.goto(`${ctx.url}/#/new`);
        await pa.click('#create');
        await pa.waitForURL(/#\/table\//);
        const computer = tableOf(pa);
        await pa.click('.board.interactive .sq.playable');
        await pa.click('#resign');
        await waitStatus(pa, 'finished');
        await pa.goto(`${ctx.url}/#/player/${nameA}`);
        const row = await pa.waitForSelector(`#profile-recent [data-game="${table}"]`);
        const text = await row.textContent();
        check(text.includes(year) && text.includes('Black') && text.includes(`vs ${nameB}`) && /lost by resignation \d+–\d+/.test(text),
            `the rated game's row reads "${text}"`);
        const vsComputer = await pa.textContent(`#profile-recent [data-game="${computer}"]`);
        check(/vs Computer \(level \d+\)/.test(vsComputer) && !vsComputer.includes('?'), `the computer game's row reads "${vsComputer}"`);
        await pa.screenshot({ path: `${ctx.shots}/returning-profile.png`, fullPage: true });
    },

    // Issue 26, 2: the rematch of a rated game carries the ratings the game left, not 1500.
    async 'returning: the rematch of a rated game shows the ratings after the game'(ctx) {
        const { nameA, nameB, pa, pb, table, ratings } = await ratedGame(ctx);
        await pb.click('#offer-rematch');
        await pa.click('#accept-rematch');
        for (const p of [pa, pb]) {
            await p.waitForFunction((old) => location.hash.startsWith('#/table/') && !location.hash.endsWith(old), table);
            await waitPly(p, -1);
        }
        for (const p of [pa, pb]) {
            const players = await p.textContent('#players');
            check(players.includes(`${nameA} (${ratings[nameA]})`) && players.includes(`${nameB} (${ratings[nameB]})`)
                && !players.includes('(1500)'), `the rematch shows "${players}", not the ratings ${JSON.stringify(ratings)}`);
        }
    },

    // Issue 26, 12: a spectator's chat during a rated game reaches the players when it ends,
    // without a reload.
    async 'returning: spectator chat of a rated game reaches the players when it ends'(ctx) {
        const line = `well played ${Date.now() % 1000}`;
        const { pa, pb } = await ratedGame(ctx, {
            beforeEnd: async (table, black) => {
                const spectator = await (await ctx.launch()).page();
                await spectator.goto(`${ctx.url}/#/table/${table}`);
                await spectator.waitForSelector('#watch-banner');
                await spectator.fill('#chat-input', line);
                await spectator.click('#chat-send');
                await spectator.waitForFunction((t) => document.querySelector('#chat-log')?.textContent.includes(t), line);
                await black.waitForTimeout(300);
                check(!(await black.textContent('#chat-log')).includes(line), 'the players saw spectator chat during a rated game');
            },
        });
        for (const p of [pa, pb]) {
            await p.waitForFunction((t) => document.querySelector('#chat-log')?.textContent.includes(t), line, { timeout: 5000 })
                .catch(() => { throw new Error('the spectator\'s line did not reach a player when the game ended'); });
        }
    },

    // Issue 26, 1: an accepted challenge leaves the challenge bar and the Lobby badge at once, in
    // the accepter's other tab too, and the challenger's tabs keep no trace of it.
    async 'returning: an accepted challenge leaves the bar and the badge of every tab'(ctx) {
        const nameA = freshName('Chal');
        const nameB = freshName('Acc');
        const { browser: ba, page: pa } = await registered(ctx, nameA);
        const { browser: bb, page: pb } = await registered(ctx, nameB);
        const pa2 = await ba.context.newPage();
        const pb2 = await bb.context.newPage();
        await pa2.goto(`${ctx.url}/#/leaderboard/8x8`);
        for (const p of [pb, pb2]) await p.goto(`${ctx.url}/#/leaderboard/8x8`);
        await pa.goto(`${ctx.url}/#/player/${nameB}`);
        await pa.waitForSelector('#profile-online.on');
        await pa.click('#challenge-send');
        for (const p of [pb, pb2]) {
            await p.waitForSelector('#notices .challenge-row');
            await p.waitForSelector('#challenge-badge');
        }
        await pb.click('#notices .challenge-row button.primary');
        await bothAtOneTable(pa, pb);
        for (const p of [pb, pb2, pa, pa2]) {
            await p.waitForSelector('#notices .challenge-row', { state: 'detached', timeout: 5000 })
                .catch(() => { throw new Error('the accepted challenge stayed in the challenge bar'); });
            await p.waitForSelector('#challenge-badge', { state: 'detached', timeout: 5000 })
                .catch(() => { throw new Error('the accepted challenge stayed in the Lobby badge'); });
        }
        await pb2.goto(`${ctx.url}/#/lobby`);
        await pb2.waitForSelector('#no-seeks, #seeks .seek-row');
        check(!(await pb2.$('#challenges .challenge-row')), 'the lobby still lists the accepted challenge');
    },

    // Issue 26, 14: Open tables lists a table waiting for a player, not a computer game left at
    // move 0.
    async 'returning: Open tables skips a computer game left at move 0'(ctx) {
        const left = await (await ctx.launch()).page();
        await left.goto(`${ctx.url}/#/new`);
        await fillSetup(left, { board: 8, seats: ['human', 3] });
        await left.selectOption('#my-colour', 'black');
        await createGame(left);
        const computer = tableOf(left);
        await left.goto(`${ctx.url}/#/leaderboard/8x8`);
        const host = await (await ctx.launch()).page();
        await host.goto(`${ctx.url}/#/new`);
        await fillSetup(host, { board: 8, seats: ['human', 'human'], mySeat: 0 });
        await createGame(host);
        const waiting = tableOf(host);
        const viewer = await (await ctx.launch()).page();
        await viewer.goto(`${ctx.url}/#/lobby`);
        await viewer.waitForSelector(`#open-tables [data-table="${waiting}"]`);
        check(!(await viewer.$(`#open-tables [data-table="${computer}"]`)), 'Open tables lists the abandoned computer game');
    },
};
