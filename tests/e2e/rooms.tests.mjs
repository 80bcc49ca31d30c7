// SPDX-License-Identifier: MIT
// Browser tests of the rooms a player lives in (issue 48, items 11, 12, 18, 13 and 21): a
// tournament game names its tournament and leads back to it, with no rematch or new opponent;
// the tournament page links its games, lists a Swiss bye, explains the rows of a game of three,
// and reads its times as times (a countdown, "starts in 3 h", a weekday), the site's own
// tournaments named in the reader's language and the Watch button at its own width on a phone;
// the lobby's finished games in pages, a game against the computer named and never "your
// turn"; correspondence seeks and challenges; replays and analysis stepped by the arrow keys.
import { STRINGS } from '../../web/js/lib/i18n.js';
import * as rules from '../../web/js/lib/rules.js';
import { account, check, freshName, gameInfo, post, tableOf, waitPly } from './lib.mjs';

const Phone = { width: 390, height: 844 };

const getJson = async (url) => (await fetch(url)).json();

// `count` registered players, each with a browser signed in with its cookie (`options` per
// player: locale, viewport); [{name, cookie, page}].
async function players(ctx, stem, options) {
    return Promise.all(options.map(async (o, i) => {
        const name = freshName(`${stem}${'ABCD'[i]}`);
        const cookie = await account(ctx.url, name);
        const browser = await ctx.launch({ reducedMotion: 'reduce', ...o });
        const [cookieName, value] = cookie.split('=');
        await browser.context.addCookies([{ name: cookieName, value, url: ctx.url }]);
        const page = await browser.page();
        page.on('dialog', (d) => d.accept());
        return { name, cookie, page };
    }));
}

// A casual untimed tournament made over HTTP by `cookie`'s player (who joins it): its id.
async function tournament(ctx, cookie, fields) {
    const made = await post(ctx.url, '/api/tournaments', cookie, { pool: '8x8', clock: { mode: 'none' }, rated: false, starts_in: 600, ...fields });
    return made.id;
}

// `key` of the UI strings in `lang` with its placeholders filled, checked to differ from the
// English (else the test proves nothing).
function translated(lang, key, params = {}) {
    const fill = (s) => s.replace(/\{(\w+)\}/g, (_, k) => String(params[k]));
    const text = fill(STRINGS[lang][key]);
    check(text !== fill(STRINGS.en[key]), `${key} is the same in ${lang} and English`);
    return text;
}

// Plays one move, if it is this page's turn, at the table the page shows.
async function moveIfMine(page) {
    const square = await page.$('.board.interactive .sq.playable');
    if (!square) return false;
    const { ply } = await gameInfo(page);
    await square.click();
    await waitPly(page, ply);
    return true;
}

// In `page` (on the site, so its session cookie goes along): `count` games against the
// computer (6x6, level 1), each played one move; `resign`: then resigned, so it is finished.
// Returns the tables.
function computerGames(page, count, resign, level = 1) {
    return page.evaluate(async ([n, end, lvl]) => {
        const tables = [];
        for (let i = 0; i < n; i++) {
            const res = await fetch('/api/tables', { method: 'POST', headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ setup: { board: '6' }, seats: [{ type: 'human' }, { type: 'computer', level: lvl }], seat: 0, hints: false }) });
            const made = await res.json();
            if (!res.ok) throw new Error(JSON.stringify(made));
            await new Promise((ok, fail) => {
                const ws = new WebSocket(`ws://${location.host}/ws?table=${made.table}&token=${made.token}`);
                let moved = false;
                ws.onerror = () => fail(new Error('socket'));
                ws.onmessage = (e) => {
                    const m = JSON.parse(e.data);
                    if (m.type !== 'state') return;
                    const st = m.table;
                    if (!moved && st.to_move === 0 && st.legal?.length) {
                        moved = true;
                        ws.send(JSON.stringify({ type: 'move', square: st.legal[0], ply: st.ply }));
                    } else if (moved && st.ply >= 2 && st.to_move === 0) {
                        if (end) ws.send(JSON.stringify({ type: 'resign' }));
                        else { ws.close(); ok(); }
                    } else if (st.status === 'finished') {
                        ws.close();
                        ok();
                    }
                };
            });
            tables.push(made.table);
        }
        return tables;
    }, [count, resign, level]);
}

export const tests = {
    // Item 11: a Swiss of one round between two players, one in English on a desktop, one in
    // Turkish on a phone. At the table each sees the tournament's name and round and the way
    // back; when the game is over, "Back to tournament" and no rematch or new opponent; the
    // tournament page links the game.
    async 'rooms: a tournament game names its tournament and leads back, without rematch or new opponent'(ctx) {
        const [a, b] = await players(ctx, 'Tg', [{ locale: 'en-US' }, { locale: 'tr-TR', viewport: Phone }]);
        const name = `Cup ${freshName('x')}`;
        const id = await tournament(ctx, a.cookie, { name, kind: 'swiss', rounds: 1 });
        await post(ctx.url, `/api/tournaments/${id}/join`, b.cookie);
        const url = `${ctx.url}/#/tournament/${id}`;
        await Promise.all([a.page.goto(url), b.page.goto(url)]);
        await Promise.all([a, b].map((p) => p.page.waitForSelector('#standings tbody tr')));
        await post(ctx.url, `/api/tournaments/${id}/start`, a.cookie);
        await Promise.all([a, b].map((p) => p.page.waitForURL(/#\/table\//, { timeout: 15000 })));
        const table = tableOf(a.page);
        check(tableOf(b.page) === table, 'the two players were sent to different tables');
        for (const [p, lang] of [[a, 'en'], [b, 'tr']]) {
            await p.page.waitForSelector('#tournament-bar', { timeout: 10000 });
            check((await p.page.textContent('#tournament-bar-name')) === name, `${lang}: the table does not name the tournament`);
            const when = await p.page.textContent('#tournament-bar-when');
            check(when === (lang === 'en' ? 'Round 1 of 1' : translated('tr', 'tournament.roundOf', { n: 1, of: 1 })),
                `${lang}: the table's tournament line reads "${when}"`);
            check((await p.page.getAttribute('#back-to-tournament', 'href')) === `#/tournament/${id}`, 'no way back to the tournament');
            check((await p.page.textContent('#back-to-tournament')) === (lang === 'en' ? 'Back to tournament' : translated('tr', 'tournament.backTo')),
                `${lang}: the way back is not in its language`);
        }
        await b.page.screenshot({ path: `${ctx.shots}/rooms-tournament-table-tr-phone.png` });
        // Both move once (so the game counts), then the English player resigns.
        for (let moved = 0; moved < 2;) {
            for (const p of [a, b]) if (await moveIfMine(p.page)) moved++;
        }
        await a.page.click('#resign');
        for (const p of [a, b]) {
            await p.page.waitForFunction(() => document.querySelector('section.game')?.dataset.status === 'finished');
            await p.page.waitForSelector('#back-to-tournament.primary');
            await p.page.waitForTimeout(300);
            check(!(await p.page.$('#offer-rematch')), 'a tournament game offers a rematch');
            check(!(await p.page.$('#new-opponent')), 'a tournament game offers a new opponent');
        }
        // The phone's way back; the game is listed there as a link to its table.
        await b.page.click('#back-to-tournament');
        await b.page.waitForURL(new RegExp(`#/tournament/${id}$`));
        const link = await b.page.waitForSelector(`#tournament-games li a.game-link[href="#/table/${table}"]`, { timeout: 10000 });
        check((await link.textContent()).includes(a.name), 'the game row does not name its players');
        await b.page.screenshot({ path: `${ctx.shots}/rooms-tournament-games-tr-phone.png`, fullPage: true });
    },

    // Items 11 and 12: a Swiss of three lists its bye; its running game has a Watch button at
    // its own width on a phone; a running arena counts down as a clock; tournaments starting
    // later say when, in the reader's language; the site's own tournament is named in it.
    async 'rooms: tournament times read as times, a bye is listed, Watch is not stretched (en, pl phone)'(ctx) {
        const all = await players(ctx, 'Tt', [{ locale: 'en-GB' }, { locale: 'pl-PL', viewport: Phone }, { locale: 'en-US', viewport: Phone }]);
        const [a, b, c] = all;
        const swiss = await tournament(ctx, a.cookie, { name: 'Three of us', kind: 'swiss', rounds: 1 });
        for (const p of [b, c]) await post(ctx.url, `/api/tournaments/${swiss}/join`, p.cookie);
        await post(ctx.url, `/api/tournaments/${swiss}/start`, a.cookie);
        // A watcher on a phone, in Polish: one game with Watch, one bye.
        const wp = await (await ctx.launch({ locale: 'pl-PL', viewport: Phone })).page();
        await wp.goto(`${ctx.url}/#/tournament/${swiss}`);
        const bye = await wp.waitForSelector('#tournament-games li.bye', { timeout: 10000 });
        check((await bye.textContent()).includes(translated('pl', 'tournament.bye')), 'the bye is not said in Polish');
        const watch = await wp.waitForSelector('#tournament-games li a.watch');
        const [w, row] = await watch.evaluate((e) => [e.getBoundingClientRect().width, e.closest('li').getBoundingClientRect().width]);
        check(w < row / 2, `the Watch button is ${Math.round(w)} px wide in a row of ${Math.round(row)} px`);
        await wp.screenshot({ path: `${ctx.shots}/rooms-swiss-bye-pl-phone.png`, fullPage: true });

        // A running arena (30 minutes, its creator alone) counts down as a clock.
        const arena = await tournament(ctx, b.cookie, { name: 'Clock arena', kind: 'arena', minutes: 30 });
        await post(ctx.url, `/api/tournaments/${arena}/start`, b.cookie);
        await a.page.goto(`${ctx.url}/#/tournament/${arena}`);
        const left = await (await a.page.waitForFunction(() => {
            const s = document.querySelector('#tournament-status');
            return s?.dataset.status === 'running' && /^\d\d:\d\d left$/.test(s.textContent || '') ? s.textContent : null;
        }, null, { timeout: 10000 })).jsonValue();
        check(left.startsWith('29:') || left.startsWith('30:'), `a 30-minute arena shows "${left}"`);
        await a.page.waitForFunction((was) => document.querySelector('#tournament-status')?.textContent !== was, left, { timeout: 3000 });
        await b.page.goto(`${ctx.url}/#/tournament/${arena}`);
        await b.page.waitForFunction((want) => new RegExp(want).test(document.querySelector('#tournament-status')?.textContent || ''),
            `^${translated('pl', 'tournament.timeLeft', { time: '\\d\\d:\\d\\d' })}$`, { timeout: 10000 });

        // Later starts: in three hours, and in three days (a weekday and a time, never "soon").
        const later = await tournament(ctx, c.cookie, { name: 'Later', kind: 'arena', starts_in: 3 * 3600 + 60 });
        const days = await tournament(ctx, c.cookie, { name: 'Days away', kind: 'arena', starts_in: 3 * 86400 });
        for (const [page, lang] of [[a.page, 'en'], [b.page, 'pl']]) {
            await page.goto(`${ctx.url}/#/tournaments`);
            await page.waitForSelector(`#tournament-list li[data-tournament="${days}"]`, { timeout: 10000 });
            const rowText = (tid) => page.textContent(`#tournament-list li[data-tournament="${tid}"] .when`);
            const soon = await rowText(later);
            const away = await rowText(days);
            check(!/soon|wkrótce/.test(`${soon} ${away}`), `${lang}: "starts soon" for hours or days ahead`);
            const weekday = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'pl-PL', { weekday: 'short' }).format(new Date(Date.now() + 3 * 86400000));
            if (lang === 'en') {
                check(/^starts in 3\s?h/.test(soon), `en: three hours ahead reads "${soon}"`);
                check(away.startsWith(`starts ${weekday} `) && /\d?\d:\d\d$/.test(away), `en-GB: three days ahead reads "${away}"`);
            } else {
                check(soon.startsWith('start za 3'), `pl: three hours ahead reads "${soon}"`);
                check(away.includes(weekday) && /\d?\d:\d\d$/.test(away), `pl: three days ahead reads "${away}"`);
            }
        }
        // The site's own tournament (the test server's schedule: a weekly 8x8 arena) in Polish.
        const scheduled = await b.page.textContent('#tournament-list li:has(.scheduled-mark) a');
        check(scheduled === translated('pl', 'tournament.siteName.weekly.arena', { pool: '8×8' }), `the site's tournament is named "${scheduled}" in Polish`);
        await b.page.screenshot({ path: `${ctx.shots}/rooms-tournaments-pl-phone.png`, fullPage: true });
    },

    // Item 18: a guest on a phone, in Turkish. The finished games come ten to a page; a game
    // against the computer left at the guest's move names the computer (whose turn it is
    // then: ui48.tests.mjs, and the lobby's unit test for the end of that turn); the guest's
    // quick pairing shows no rating window.
    async 'rooms: the lobby pages finished games and names the computer (tr phone)'(ctx) {
        const browser = await ctx.launch({ locale: 'tr-TR', viewport: Phone, reducedMotion: 'reduce' });
        const page = await browser.page();
        await page.goto(`${ctx.url}/#/rules/standard`);
        await page.waitForSelector('#user-name', { state: 'attached' });
        await computerGames(page, 11, true);
        const [left] = await computerGames(page, 1, false, 3);
        await page.goto(`${ctx.url}/#/lobby`);
        const row = await page.waitForSelector(`#my-games .my-game[data-table="${left}"]`, { timeout: 10000 });
        const rowText = await row.textContent();
        check(rowText.includes(translated('tr', 'seat.computerLevel', { n: 3 })), `the computer is not named: "${rowText}"`);
        check(!rowText.includes('?'), `the computer game reads "${rowText}"`);

        await page.waitForFunction(() => document.querySelectorAll('#finished-games .game-row').length > 0, null, { timeout: 10000 });
        check((await page.$$('#finished-games .game-row')).length === 10, 'the finished games are not ten to a page');
        const tall = await page.$eval('#finished-games', (e) => e.getBoundingClientRect().height);
        check(tall < 2500, `the finished games are ${Math.round(tall)} px tall on a phone`);
        await page.screenshot({ path: `${ctx.shots}/rooms-lobby-tr-phone.png`, fullPage: true });
        const first = await page.getAttribute('#finished-games .game-row', 'data-game');
        await page.click('#finished-next');
        await page.waitForFunction((was) => {
            const top = document.querySelector('#finished-games .game-row');
            return top && top.getAttribute('data-game') !== was;
        }, first, { timeout: 10000 });
        check((await page.textContent('#finished-page')) === translated('tr', 'lobby.page', { page: 2 }), 'the second page is not named');
        await page.click('#finished-prev');
        await page.waitForFunction((was) => document.querySelector('#finished-games .game-row')?.getAttribute('data-game') === was, first);

        // A guest's quick pairing is casual: who else waits, but no rating window.
        await page.click('#quick-3-2');
        await page.waitForSelector('#quick-details', { timeout: 10000 });
        check(!(await page.$('#quick-details .quick-window')), 'a guest is shown a rating window');
        await page.click('#quick-cancel');
    },

    // Item 13: a correspondence seek names its board as a live one does; a correspondence
    // challenge reaches a player who is away (offered on their profile, found when they come,
    // in Turkish); the leaderboard has a correspondence tab.
    async 'rooms: correspondence seeks show their board, challenges wait for the away, the leaderboard has a tab'(ctx) {
        const [a] = await players(ctx, 'Co', [{ locale: 'en-US' }]);
        const away = freshName('CoAway');
        const awayCookie = await account(ctx.url, away);
        const [watcher] = await players(ctx, 'Cw', [{ locale: 'pl-PL', viewport: Phone }]);
        await watcher.page.goto(`${ctx.url}/#/lobby`);
        await a.page.goto(`${ctx.url}/#/lobby`);
        await a.page.waitForSelector('#seek-time');
        await a.page.selectOption('#seek-pool', '10x10');
        await a.page.selectOption('#seek-time', '3d');
        await a.page.click('#post-seek');
        const seek = await watcher.page.waitForSelector('#seeks .seek-row:not(.own)', { timeout: 10000 });
        const what = await seek.$eval('.what', (e) => e.textContent);
        check(what.startsWith(`${STRINGS.pl['pool.10x10']} · `), `a correspondence seek reads "${what}"`);
        await a.page.click('#seeks .seek-row.own button');

        // The away player's profile offers correspondence only, and says it will wait.
        await a.page.goto(`${ctx.url}/#/player/${away}`);
        await a.page.waitForSelector('#challenge-form', { timeout: 10000 });
        check(Boolean(await a.page.$('#challenge-away')), 'the profile does not say the challenge will wait');
        const times = await a.page.$$eval('#challenge-time option', (os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
        check(times.every((v) => /^\d+d$/.test(v)), `an away player is offered ${times.join(', ')}`);
        await a.page.selectOption('#challenge-time', '5d');
        await a.page.click('#challenge-send');
        await a.page.waitForSelector('#challenge-cancel', { timeout: 10000 });
        // They come back (in Turkish), find it waiting and accept it.
        const back = await ctx.launch({ locale: 'tr-TR', reducedMotion: 'reduce' });
        const [cookieName, value] = awayCookie.split('=');
        await back.context.addCookies([{ name: cookieName, value, url: ctx.url }]);
        const bp = await back.page();
        await bp.goto(`${ctx.url}/#/lobby`);
        const row = await bp.waitForSelector('#challenges .challenge-row', { timeout: 10000 });
        check((await row.textContent()).includes(a.name), 'the challenge does not name its sender');
        await row.$eval('button.primary', (b) => /** @type {HTMLButtonElement} */ (b).click());
        await Promise.all([a.page, bp].map((p) => p.waitForURL(/#\/table\//, { timeout: 15000 })));
        check(tableOf(a.page) === tableOf(bp), 'the challenge did not seat both players at one table');

        // The leaderboard's correspondence tab and its pools.
        await watcher.page.goto(`${ctx.url}/#/leaderboard/8x8`);
        await watcher.page.click('#pool-corr');
        await watcher.page.waitForURL(/#\/leaderboard\/8x8-corr$/);
        await watcher.page.waitForSelector('#corr-pools #pool-10x10-corr');
        const title = await watcher.page.textContent('#leaderboard-title');
        check(title.includes(translated('pl', 'leaderboard.corrPool', { pool: '8×8' })), `the correspondence leaderboard is titled "${title}"`);
    },

    // Item 21: the arrow keys step a replay and an analysis wherever the focus is; the
    // analysis numbers its moves and scores each from Black's side, as its graph does.
    async 'rooms: arrow keys step replays and analysis; the analysis list numbers moves, scores for Black'(ctx) {
        const browser = await ctx.launch({ locale: 'en-US', reducedMotion: 'reduce' });
        const page = await browser.page();
        await page.goto(`${ctx.url}/#/rules/standard`);
        await page.waitForSelector('#user-name');
        const [id] = await computerGames(page, 1, true);
        await page.goto(`${ctx.url}/#/replay/${id}`);
        await page.waitForSelector('#replay-ply');
        const at = () => page.textContent('#replay-ply');
        const start = await at();
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction((was) => document.querySelector('#replay-ply')?.textContent !== was, start, { timeout: 3000 })
            .catch(() => { throw new Error(`ArrowRight did not step the replay (still "${start}")`); });
        check((await at()).startsWith('Move 1 of'), `the replay reads "${await at()}" after ArrowRight`);
        await page.keyboard.press('End');
        await page.keyboard.press('ArrowLeft');
        const total = Number(/of (\d+)/.exec(await at())?.[1]);
        check((await at()) === `Move ${total - 1} of ${total}`, `End then ArrowLeft reads "${await at()}"`);

        await page.goto(`${ctx.url}/#/analysis/${id}`);
        await page.waitForFunction(() => /complete/.test(document.querySelector('#analysis-status')?.textContent || ''), null, { timeout: 60000 });
        const analysis = await getJson(`${ctx.url}/api/games/${id}/analysis`);
        const items = await page.$$eval('#analysis-moves li', (lis) => lis.map((li) => ({
            num: li.querySelector('.num')?.textContent ?? '', score: li.querySelector('.score')?.textContent.trim() ?? '' })));
        check(items.length === analysis.plies.length && items.length >= 2, `${items.length} moves listed`);
        const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
        for (const [k, p] of analysis.plies.entries()) {
            check(items[k].num === `${k + 1}.`, `move ${k + 1} is numbered "${items[k].num}"`);
            const black = p.seat === 0 ? p.played_score : -p.played_score;
            check(items[k].score === signed(black), `move ${k + 1} (seat ${p.seat}, ${p.played_score} for the mover) reads "${items[k].score}"`);
        }
        const ply = await page.textContent('#analysis-ply');
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction((was) => document.querySelector('#analysis-ply')?.textContent !== was, ply, { timeout: 3000 })
            .catch(() => { throw new Error('ArrowRight did not step the analysis'); });
    },

    // Item 21: the settings page holds the password and, in a section of its own, deleting
    // the account, where a wrong password is said to be wrong (Polish); in the explorer a GGF
    // text and a move list are pasted, and "My openings" shows them at once.
    async 'rooms: settings hold account deletion, a wrong password says so; pasted games, My openings at once (pl)'(ctx) {
        const [me] = await players(ctx, 'Set', [{ locale: 'pl-PL' }]);
        const page = me.page;
        await page.goto(`${ctx.url}/#/player/${me.name}`);
        await page.click('#user-name');
        await page.click('#nav-settings');
        await page.waitForSelector('#delete-form');
        check((await page.textContent('#auth-title')) === translated('pl', 'auth.settingsTitle'), `the page is titled "${await page.textContent('#auth-title')}"`);
        check((await page.textContent('#auth-password-title')) === STRINGS.pl['auth.passwordTitle'], 'no section for the password');
        check((await page.textContent('#auth-delete-title')) === STRINGS.pl['auth.deleteTitle'], 'no section for deleting the account');
        await page.fill('#auth-delete-password', 'not the password');
        await page.click('#auth-delete');
        await page.waitForFunction(() => (document.querySelector('#auth-delete-status')?.textContent || '') !== '');
        const said = await page.textContent('#auth-delete-status');
        check(said === translated('pl', 'auth.wrongPassword'), `a wrong password reads "${said}"`);

        // A whole game as a move list (each move the first legal one), and a GGF record.
        let pos = rules.initialPosition({ board: '8', players: 2 });
        const moves = [];
        while (!rules.isOver(pos)) {
            const m = rules.legalMoves(pos)[0];
            pos = rules.play(pos, m);
            if (m !== 'pass') moves.push(m);
        }
        await page.goto(`${ctx.url}/#/explorer/8x8`);
        await page.click('.explorer-import summary');
        await page.fill('#explorer-paste', moves.map((m, i) => (i % 2 ? m : `${i / 2 + 1}. ${m}`)).join(' '));
        await page.click('#explorer-paste-import');
        await page.waitForFunction((text) => document.querySelector('#explorer-imported')?.textContent?.startsWith(text),
            STRINGS.pl['explorer.imported'].split('{')[0], { timeout: 10000 });
        const first = await page.textContent('#explorer-imported');
        check(/^\D*1\D/.test(first), `the move list was not imported: "${first}"`);
        await page.fill('#explorer-paste', '(;GM[Othello]PC[test]PB[a]PW[b]RE[+4.000]TY[8]B[F5]W[F6];)');
        await page.$eval('#explorer-imported', (e) => { e.textContent = ''; });
        await page.click('#explorer-paste-import');
        await page.waitForFunction(() => document.querySelector('#explorer-imported')?.textContent, null, { timeout: 10000 });
        check((await page.textContent('#explorer-imported')) === first, `the GGF text was not imported: "${await page.textContent('#explorer-imported')}"`);
        await page.click('#explorer-mine');
        await page.waitForFunction((want) => document.querySelector('#explorer-games')?.textContent === want,
            STRINGS.pl['explorer.games'].replace('{n}', '2'), { timeout: 10000 });
    },

    // Item 21: the landing page shows the games and tournaments being played (Turkish).
    async 'rooms: the landing page shows games and tournaments being played (tr)'(ctx) {
        const host = await (await ctx.launch({ reducedMotion: 'reduce' })).page();
        await host.goto(`${ctx.url}/`);
        await host.click('#play-friend');
        await host.waitForURL(/#\/table\//);
        const table = tableOf(host);
        const guest = await (await ctx.launch({ reducedMotion: 'reduce' })).page();
        await guest.goto(`${ctx.url}/#/table/${table}`);
        await guest.click('#take-1');
        await waitPly(guest, -1);
        await host.waitForFunction(() => document.querySelector('section.game')?.dataset.status === 'playing');
        const reader = await (await ctx.launch({ locale: 'tr-TR', viewport: Phone })).page();
        await reader.goto(`${ctx.url}/`);
        const row = await reader.waitForSelector(`#landing-games li[data-table="${table}"] a[href="#/table/${table}"]`, { timeout: 15000 });
        check((await row.textContent()) === translated('tr', 'lobby.watch'), 'the running game has no Watch link in Turkish');
        const [w, li] = await row.evaluate((e) => [e.getBoundingClientRect().width, e.closest('li').getBoundingClientRect().width]);
        check(w < li / 2, `the Watch button is ${Math.round(w)} px wide in a row of ${Math.round(li)} px`);
        const tour = await reader.waitForSelector('#landing-tournaments li a, #landing-upcoming li a');
        check((await reader.textContent('#landing-live-title')) === translated('tr', 'landing.live'), 'the section is not titled in Turkish');
        check(Boolean(await tour.textContent()), 'a tournament has no name');
        await reader.screenshot({ path: `${ctx.shots}/rooms-landing-tr-phone.png`, fullPage: true });
    },

    // Item 11: a game of three in an arena: its row gives each player's points by place, and
    // the page says how places score (Polish, on a phone).
    async 'rooms: a three-player arena game lists each player\'s points, explained (pl phone)'(ctx) {
        const all = await players(ctx, 'Tri', [{ locale: 'pl-PL', viewport: Phone }, {}, {}]);
        const [a, b, c] = all;
        const id = await tournament(ctx, a.cookie, { name: 'Trio', kind: 'arena', pool: '3p', minutes: 30 });
        for (const p of [b, c]) await post(ctx.url, `/api/tournaments/${id}/join`, p.cookie);
        const url = `${ctx.url}/#/tournament/${id}`;
        await Promise.all(all.map((p) => p.page.goto(url)));
        await Promise.all(all.map((p) => p.page.waitForSelector('#standings tbody tr')));
        await post(ctx.url, `/api/tournaments/${id}/start`, a.cookie);
        await Promise.all(all.map((p) => p.page.waitForURL(/#\/table\//, { timeout: 15000 })));
        const table = tableOf(a.page);
        await waitPly(a.page, -1);
        // The table counts the arena down as a clock.
        await a.page.waitForFunction((want) => new RegExp(want).test(document.querySelector('#tournament-bar-when')?.textContent || ''),
            `^${translated('pl', 'tournament.timeLeft', { time: '(29|30):\\d\\d' })}$`, { timeout: 10000 });
        // Ended before anyone moved: every place is level, 2 points each (1 per player level).
        await a.page.click('#abort');
        await a.page.waitForFunction((t) => !location.hash.endsWith(t), table, { timeout: 15000 }).catch(() => {});
        await a.page.goto(url);
        await a.page.waitForSelector(`#tournament-games li[data-table="${table}"]`, { timeout: 10000 });
        await a.page.waitForFunction((t) => !document.querySelector(`#tournament-games li[data-table="${t}"] a.watch`), table, { timeout: 10000 });
        // Read anew: the page redraws its rows (its poll), so a row held from before is stale.
        const text = await a.page.textContent(`#tournament-games li[data-table="${table}"]`);
        for (const p of all) check(text.includes(`${p.name} (2)`), `the row does not give ${p.name}'s points: "${text}"`);
        check((await a.page.textContent('#tournament-places-note')) === translated('pl', 'tournament.placesNote'), 'the places are not explained in Polish');
        await a.page.screenshot({ path: `${ctx.shots}/rooms-arena-3p-pl-phone.png`, fullPage: true });
    },
};

