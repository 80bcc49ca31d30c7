// SPDX-License-Identifier: MIT
// Browser tests of competing on the site (issue 31): a person plays a GTP bot (`reversi bot`
// with `reversi gtp` as its engine) and sees it marked BOT; a correspondence challenge (days
// per move) is played with its clock in days and the your-move badge; and a Swiss of two,
// created, joined and started on the tournament page, ends with its standings shown.
import { spawn } from 'node:child_process';
import { bothAtOneTable, check, freshName, playToEnd, registered, waitPly } from './lib.mjs';

// A registered account over HTTP (no browser): its session cookie.
async function account(url, name) {
    const me = await fetch(`${url}/api/me`);
    const cookie = (me.headers.get('set-cookie') || '').split(';')[0];
    const res = await fetch(`${url}/api/register`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, password: 'correct horse battery' }) });
    check(res.ok, `register ${name}: ${res.status}`);
    // Registering rotates the session: the new token is the account's.
    return (res.headers.get('set-cookie') || cookie).split(';')[0];
}

const post = async (url, path, cookie, body = {}) => {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const data = await res.json();
    check(res.ok, `${path}: ${JSON.stringify(data)}`);
    return data;
};

const waitStatus = (page, s) => page.waitForFunction((want) => document.querySelector('section.game')?.dataset.status === want, s);

export const tests = {
    async 'compete: a person plays a GTP bot through reversi bot'(ctx) {
        const botName = freshName('Gtp');
        const cookie = await account(ctx.url, botName);
        await post(ctx.url, '/api/bot/account', cookie);
        const { token } = await post(ctx.url, '/api/bot/token', cookie);
        const bridge = spawn(ctx.binary, ['bot', '--server', ctx.url, '--token', token, '--games', '1',
            '--engine', `gtp:${ctx.binary} gtp --board 6 --depth 1`], { stdio: 'ignore' });
        try {
            const { page } = await registered(ctx, freshName('Human'));
            page.on('dialog', (d) => d.accept());
            // The profile says BOT and, once the bridge is in the lobby, offers a challenge.
            for (let i = 0; i < 50; i++) {
                await page.goto(`${ctx.url}/#/player/${botName}`);
                await page.waitForSelector('#profile-title');
                if (await page.$('#challenge-form')) break;
                await page.waitForTimeout(200);
            }
            check((await page.textContent('#profile-title')).includes('BOT'), 'the bot\'s profile is not marked BOT');
            await page.selectOption('#challenge-pool', '6x6');
            await page.selectOption('#challenge-time', 'untimed');
            await page.uncheck('#challenge-rated');
            await page.click('#challenge-send');
            await page.waitForURL(/#\/table\//, { timeout: 15000 });
            await waitPly(page, -1);
            check((await page.textContent('.players')).includes('BOT'), 'the bot\'s seat is not marked BOT');
            await playToEnd(page, { maxSeconds: 40 });
            await waitStatus(page, 'finished');
            const moves = await page.evaluate(() => Number(document.querySelector('section.game')?.dataset.ply));
            check(moves > 10, `the game against the bot ended after ${moves} plies`);
            // The finished game is listed in the lobby with the bot marked, from the server's seats.
            await page.goto(`${ctx.url}/#/lobby`);
            await page.waitForSelector('#finished-games .game-row .bot-mark', { timeout: 10000 });
        } finally {
            bridge.kill('SIGKILL');
        }
    },

    async 'compete: the site\'s scheduled tournament is on the tournament page'(ctx) {
        const { page } = await registered(ctx, freshName('Sched'));
        await page.goto(`${ctx.url}/#/tournaments`);
        const row = await page.waitForSelector('#tournament-list li:has(.scheduled-mark)', { timeout: 10000 });
        check((await row.textContent()).includes('Weekly e2e arena'), 'the scheduled tournament is not listed');
    },

    async 'compete: a correspondence challenge has days per move and a your-move badge'(ctx) {
        const nameA = freshName('CorrA');
        const nameB = freshName('CorrB');
        const { page: pa } = await registered(ctx, nameA);
        const { page: pb } = await registered(ctx, nameB);
        await pb.goto(`${ctx.url}/#/lobby`);
        await pa.goto(`${ctx.url}/#/player/${nameB}`);
        await pa.waitForSelector('#challenge-form');
        await pa.selectOption('#challenge-time', '3d');
        await pa.click('#challenge-send');
        await pb.click('#challenges button.primary');
        await bothAtOneTable(pa, pb);
        // Whoever is to move sees the days on the clock; the other player's lobby link shows
        // the badge once it is their move.
        const black = (await pa.$('.board.interactive .sq.playable')) ? pa : pb;
        const white = black === pa ? pb : pa;
        const clock = await black.textContent('.players .clock');
        check(/^[23] d \d+:\d\d$/.test(clock.trim()), `the correspondence clock reads "${clock}"`);
        await black.click('.board.interactive .sq.playable');
        await waitPly(white, 0);
        await white.waitForSelector('#turn-badge', { timeout: 10000 });
        await white.goto(`${white.url().split('#')[0]}#/lobby`);
        await white.waitForSelector('#my-games .my-game.your-turn');
    },

    async 'compete: a Swiss created on the tournament page shows its standings at the end'(ctx) {
        const nameA = freshName('SwA');
        const nameB = freshName('SwB');
        const { page: pa } = await registered(ctx, nameA);
        const { page: pb } = await registered(ctx, nameB);
        for (const p of [pa, pb]) p.on('dialog', (d) => d.accept());
        await pa.goto(`${ctx.url}/#/tournaments`);
        await pa.fill('#tournament-name', 'Evening Swiss');
        await pa.selectOption('#tournament-kind', 'swiss');
        await pa.fill('#tournament-rounds', '1');
        await pa.selectOption('#tournament-time', 'untimed');
        await pa.click('#tournament-create');
        await pa.waitForURL(/#\/tournament\//);
        const url = pa.url();
        await pb.goto(url);
        await pb.click('#tournament-join');
        await pa.waitForFunction(() => document.querySelectorAll('#standings tbody tr').length === 2, null, { timeout: 10000 });
        await pa.click('#tournament-start');
        await bothAtOneTable(pa, pb);
        // Both players move once: a game resigned before that is aborted and scores nothing.
        for (let ply = 0; ply < 2; ply++) {
            const mover = await Promise.any([pa, pb].map((p) =>
                p.waitForSelector('.board.interactive .sq.playable', { timeout: 10000 }).then(() => p)));
            await mover.click('.board.interactive .sq.playable');
            for (const p of [pa, pb]) await waitPly(p, ply);
        }
        await pa.click('#resign');
        for (const p of [pa, pb]) await waitStatus(p, 'finished');
        await pb.goto(url);
        await pb.waitForFunction(() => document.querySelector('#tournament-status')?.dataset.status === 'finished', null, { timeout: 10000 });
        const top = await pb.textContent('#standings tbody tr:first-child');
        check(top.includes(nameB), `the winner does not lead the standings: ${top}`);
    },
};
