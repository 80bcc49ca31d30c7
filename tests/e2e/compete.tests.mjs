// SPDX-License-Identifier: MIT
// Browser tests of competing on the site (issue 31): a person plays a GTP bot (`reversi bot`
// with `reversi gtp` as its engine) and sees it marked BOT; a correspondence challenge (days
// per move) is played with its clock in days and the your-move badge, and a move is made
// after the server restarted; four players run an arena to its end by its clock (in
// Turkish), then a Swiss of three rounds created, joined and started on the tournament page
// (in Polish), each ending with its standings (and the Swiss's tie-breaks) on every page; and
// an entrant watching the tournament page keeps its list of games while standings are pushed.
import { spawn } from 'node:child_process';
import { STRINGS } from '../../web/js/lib/i18n.js';
import { apiAccount, bothAtOneTable, check, freshName, gameInfo, playToEnd, registered, tableOf, waitPly } from './lib.mjs';

const account = apiAccount;

const post = async (url, path, cookie, body = {}) => {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const data = await res.json();
    check(res.ok, `${path}: ${JSON.stringify(data)}`);
    return data;
};

// A casual, untimed tournament of the 8x8 pool made through the API by `cookie`'s player,
// starting in ten minutes unless started: its id and its page's address.
async function newTournament(ctx, cookie, fields) {
    const made = await post(ctx.url, '/api/tournaments', cookie, { pool: '8x8', clock: { mode: 'none' }, rated: false, starts_in: 600, ...fields });
    return { id: made.id, url: `${ctx.url}/#/tournament/${made.id}` };
}

const waitStatus = (page, s) => page.waitForFunction((want) => document.querySelector('section.game')?.dataset.status === want, s);

// Players registered over HTTP in this order (so their ids, the last tie-break, follow it)
// while their browsers open, each signed in with its account's cookie and resigning when asked.
async function players(ctx, stem, count, locale) {
    const names = Array.from({ length: count }, (_, i) => freshName(`${stem}${'ABCD'[i]}`));
    const [cookies, browsers] = await Promise.all([
        (async () => {
            const out = [];
            for (const name of names) out.push(await account(ctx.url, name));
            return out;
        })(),
        Promise.all(names.map(() => ctx.launch({ locale, reducedMotion: 'reduce' }))),
    ]);
    return Promise.all(names.map(async (name, i) => {
        const [cookieName, value] = cookies[i].split('=');
        await browsers[i].context.addCookies([{ name: cookieName, value, url: ctx.url }]);
        const page = await browsers[i].page();
        page.on('dialog', (d) => d.accept());
        return { name, page, cookie: cookies[i] };
    }));
}

// Plays one tournament game at the page's table as its players agreed: both move once (a game
// resigned sooner is aborted and scores nothing), then the weaker (later in `strength`)
// resigns. Returns {opponent, won}. The game's view is marked with its table when it first
// draws, so that the view of the last table, still there for a moment, is not taken for it.
async function playAgreed(page, me, strength) {
    const table = tableOf(page);
    const opponent = await (await page.waitForFunction(([t, names]) => {
        const g = document.querySelector('section.game');
        if (!g || g.dataset.ply === undefined || (g.dataset.e2eTable ?? t) !== t) return null;
        g.dataset.e2eTable = t;
        const text = g.querySelector('.players')?.textContent || '';
        return names.find((n) => text.includes(n)) || null;
    }, [table, strength.filter((n) => n !== me)], { timeout: 20000 })).jsonValue();
    const won = strength.indexOf(me) < strength.indexOf(opponent);
    let bothMoved = false;
    for (;;) {
        const what = await (await page.waitForFunction(([t, onlyEnd]) => {
            const g = document.querySelector('section.game');
            if (!g || g.dataset.e2eTable !== t || g.dataset.status === 'finished') return 'over';
            if (onlyEnd) return null;
            if (Number(g.dataset.ply) >= 2) return 'both moved';
            return document.querySelector('.board.interactive .sq.playable') ? 'move' : null;
        }, [table, bothMoved], { timeout: 20000 })).jsonValue();
        if (what === 'over') return { opponent, won };
        if (what === 'move') {
            const { ply } = await gameInfo(page);
            await page.click('.board.interactive .sq.playable');
            await waitPly(page, ply);
        } else {
            bothMoved = true;
            if (!won) await page.click('#resign');
        }
    }
}

// Plays a player's games of tournament `id` until the server says it is over (each pairing
// sends the page to its table); returns the games in the order played.
async function playTournament(ctx, player, strength, id) {
    const played = [];
    let last = '';
    for (;;) {
        const paired = await player.page.waitForFunction((t) => {
            const m = /^#\/table\/(.+)$/.exec(location.hash);
            return m !== null && decodeURIComponent(m[1]) !== t;
        }, last, { timeout: 500 }).then(() => true, () => false);
        if (paired) {
            last = tableOf(player.page);
            played.push(await playAgreed(player.page, player.name, strength));
            continue;
        }
        const res = await fetch(`${ctx.url}/api/tournaments/${id}`);
        if ((await res.json()).status === 'finished') return played;
    }
}

// The standings a page shows once it says the tournament is over and lists its `games` games,
// each with its result: [{name, cells}] by rank.
async function finalStandings(page, url, games) {
    await page.goto(url);
    await page.waitForFunction((n) => document.querySelector('#tournament-status')?.dataset.status === 'finished'
        && document.querySelectorAll('#tournament-games li').length === n
        && !document.querySelector('#tournament-games li a'), games, { timeout: 10000 });
    return page.$$eval('#standings tbody tr', (rows) => rows.map((r) => ({
        name: r.dataset.player, cells: [...r.cells].map((c) => c.textContent.trim()) })));
}

// `key` of the UI strings in `lang`, checked to differ from the English (else the test proves nothing).
function translated(lang, key, params = {}) {
    const text = STRINGS[lang][key].replace(/\{(\w+)\}/g, (_, k) => String(params[k]));
    check(text !== STRINGS.en[key].replace(/\{(\w+)\}/g, (_, k) => String(params[k])), `${key} is the same in ${lang} and English`);
    return text;
}

// Joins tournament `url` on its page (all but the creator) and waits until its creator's page
// lists all of them; then the creator starts it.
async function joinAndStart(all, url) {
    await Promise.all(all.slice(1).map(async (p) => {
        await p.page.goto(url);
        await p.page.click('#tournament-join');
    }));
    await all[0].page.goto(url);
    await all[0].page.waitForFunction((n) => document.querySelectorAll('#standings tbody tr').length === n, all.length, { timeout: 10000 });
    await all[0].page.click('#tournament-start');
}

export const tests = {
    async 'compete: a person plays a GTP bot through reversi bot'(ctx) {
        const botName = freshName('Gtp');
        const cookie = await account(ctx.url, botName);
        await post(ctx.url, '/api/bot/account', cookie);
        const { token } = await post(ctx.url, '/api/bot/token', cookie);
        const bridge = spawn(ctx.binary, ['bot', '--server', ctx.url, '--token', token, '--games', '1',
            '--engine', `gtp:${ctx.binary} gtp --board 6 --depth 1`], { stdio: 'ignore' });
        try {
            const { page } = await registered(ctx, freshName('Human'), { reducedMotion: 'reduce' });
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

    async 'compete: a correspondence game has days per move, a your-move badge and survives a restart'(ctx) {
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
        const table = await bothAtOneTable(pa, pb);
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

        // The server restarts (a deploy); the player to move reloads, finds the game in their
        // list and moves; the opponent's open page reconnects, sees the move and the badge.
        await ctx.restart();
        await white.reload();
        await white.click(`#my-games .my-game.your-turn[data-table="${table}"] a`, { timeout: 10000 });
        await white.waitForURL(/#\/table\//);
        await waitPly(white, 0);
        await white.click('.board.interactive .sq.playable', { timeout: 10000 });
        await waitPly(black, 1, 15000);
        await black.waitForSelector('#turn-badge', { timeout: 10000 });
        check((await gameInfo(black)).status === 'playing', 'the game is not running after the restart');
    },

    // A defect the arena test found: a standings push (it carries no games) emptied an
    // entrant's list of games until the next 3-second fetch. Three players in a Swiss of one
    // round: the one who sits it out watches the tournament page while the others play.
    async 'compete: an entrant watching the tournament page keeps its games while standings are pushed'(ctx) {
        const all = await players(ctx, 'Gl', 3, 'en-US');
        const strength = all.map((p) => p.name);
        const { url } = await newTournament(ctx, all[0].cookie, { name: 'Bye watch', kind: 'swiss', rounds: 1 });
        await joinAndStart(all, url);
        let seated = [];
        for (let i = 0; i < 100 && seated.length < 2; i++) {
            seated = all.filter((p) => /#\/table\//.test(p.page.url()));
            if (seated.length < 2) await new Promise((r) => setTimeout(r, 100));
        }
        check(seated.length === 2, `${seated.length} players were sent to a table`);
        const watcher = all.find((p) => !seated.includes(p)).page;
        await watcher.waitForFunction(() => document.querySelectorAll('#tournament-games li').length > 0, null, { timeout: 10000 });
        await watcher.evaluate(() => {
            const w = /** @type {any} */ (window);
            w.e2eGamesEmptied = false;
            new MutationObserver(() => {
                if (document.querySelector('#tournament-games') && !document.querySelector('#tournament-games li')) w.e2eGamesEmptied = true;
            }).observe(document.body, { childList: true, subtree: true });
        });
        await Promise.all(seated.map((p) => playAgreed(p.page, p.name, strength)));
        await watcher.waitForFunction(() => document.querySelector('#tournament-status')?.dataset.status === 'finished', null, { timeout: 10000 });
        await watcher.waitForTimeout(300);
        check(!(await watcher.evaluate(() => /** @type {any} */ (window).e2eGamesEmptied)), 'the list of games went empty when the standings were pushed');
        check((await watcher.$$('#tournament-games li')).length === 1, 'the finished game is not listed');
    },

    async 'compete: four players play an arena in Turkish, then a Swiss in Polish, each to its standings'(ctx) {
        // Strongest first: in every game the player later in this list resigns.
        const all = await players(ctx, 'Tn', 4, 'tr-TR');
        const strength = all.map((p) => p.name);

        // A ten-second arena: the API takes seconds (docs/SITE.md "Tournaments").
        const arena = await newTournament(ctx, all[0].cookie, { name: 'Kısa arena', kind: 'arena', seconds: 10 });
        const arenaUrl = arena.url;
        const joiner = all[1].page;
        await joiner.goto(arenaUrl);
        check((await joiner.textContent('#tournament-join')) === translated('tr', 'tournament.join'), 'the Join button is not in Turkish');
        check((await joiner.textContent('#tournament-what')).includes(translated('tr', 'tournament.arenaOfSeconds', { n: 10 })),
            `the arena's length reads "${await joiner.textContent('#tournament-what')}"`);
        await joinAndStart(all, arenaUrl);
        const arenaGames = await Promise.all(all.map((p) => playTournament(ctx, p, strength, arena.id)));
        // Each player's points as the arena counts them: 2 a win, doubled after two wins in a
        // row; ranked by points, then rating (all equal), then registration.
        const arenaExpected = all.map((p, i) => {
            let score = 0;
            let streak = 0;
            for (const g of arenaGames[i]) {
                score += g.won ? (streak >= 2 ? 4 : 2) : 0;
                streak = g.won ? streak + 1 : 0;
            }
            return { index: i, row: [p.name, score, arenaGames[i].length, streak] };
        }).sort((a, b) => b.row[1] - a.row[1] || a.index - b.index).map((e) => e.row);
        check(arenaExpected.every((row) => row[2] >= 2), `a player was not paired again: ${JSON.stringify(arenaExpected)}`);
        await Promise.all(all.map(async (p) => {
            const rows = await finalStandings(p.page, arenaUrl, Math.min(30, arenaExpected.reduce((n, row) => n + row[2], 0) / 2));
            check(JSON.stringify(rows.map((r) => [r.name, ...r.cells.slice(2, 5).map(Number)])) === JSON.stringify(arenaExpected),
                `${p.name}'s page shows the arena's standings ${JSON.stringify(rows)}, not ${JSON.stringify(arenaExpected)}`);
            check((await p.page.textContent('#standings-title')) === translated('tr', 'tournament.standings'), 'the standings title is not in Turkish');
            check((await p.page.textContent('#tournament-status')) === translated('tr', 'tournament.status.finished'), 'the status is not in Turkish');
        }));

        // The same players switch the site to Polish and play a Swiss of three rounds, created
        // on the tournament page.
        for (const p of all) await p.page.selectOption('#lang', 'pl');
        const creator = all[0].page;
        await creator.goto(`${ctx.url}/#/tournaments`);
        await creator.waitForFunction((text) => document.querySelector('#tournament-create')?.textContent === text, translated('pl', 'tournament.create'));
        await creator.fill('#tournament-name', 'Wieczorny turniej');
        await creator.selectOption('#tournament-kind', 'swiss');
        await creator.fill('#tournament-rounds', '3');
        await creator.selectOption('#tournament-time', 'untimed');
        await creator.click('#tournament-create');
        await creator.waitForURL(/#\/tournament\//);
        const swissUrl = creator.url();
        const swissId = decodeURIComponent(swissUrl.split('#/tournament/')[1]);
        await joinAndStart(all, swissUrl);
        const swissGames = await Promise.all(all.map((p) => playTournament(ctx, p, strength, swissId)));
        // Three rounds, each player meeting each other player once.
        for (const [i, games] of swissGames.entries()) {
            const met = new Set(games.map((g) => g.opponent));
            check(games.length === 3 && met.size === 3 && !met.has(all[i].name), `${all[i].name} played ${JSON.stringify(games)}`);
        }
        // Points (a win 1), Buchholz (the opponents' points) and Sonneborn-Berger (the beaten
        // opponents' points), ranked in that order, then by rating (equal) and registration.
        const points = new Map(all.map((p, i) => [p.name, swissGames[i].filter((g) => g.won).length]));
        const swissExpected = all.map((p, i) => ({
            index: i,
            row: [p.name, points.get(p.name), 3, swissGames[i].reduce((s, g) => s + points.get(g.opponent), 0),
                swissGames[i].reduce((s, g) => s + (g.won ? points.get(g.opponent) : 0), 0)],
        })).sort((a, b) => b.row[1] - a.row[1] || b.row[3] - a.row[3] || b.row[4] - a.row[4] || a.index - b.index).map((e) => e.row);
        await Promise.all(all.map(async (p) => {
            const rows = await finalStandings(p.page, swissUrl, 6);
            check(JSON.stringify(rows.map((r) => [r.name, ...r.cells.slice(2, 6).map(Number)])) === JSON.stringify(swissExpected),
                `${p.name}'s page shows the Swiss standings ${JSON.stringify(rows)}, not ${JSON.stringify(swissExpected)}`);
            check((await p.page.textContent('#standings-title')) === translated('pl', 'tournament.standings'), 'the standings title is not in Polish');
            check((await p.page.textContent('#tournament-status')) === translated('pl', 'tournament.status.finished'), 'the status is not in Polish');
            check((await p.page.textContent('#tournament-games')).includes(translated('pl', 'tournament.round', { n: 3 })), 'the third round is not listed in Polish');
        }));
        check((await creator.textContent('#standings thead')).includes(STRINGS.pl['tournament.buchholz']), 'no Buchholz column');
    },
};
