// SPDX-License-Identifier: MIT
// Browser tests of the game view's fixes (issue 13, "The game view, fixed"): rules pages at
// phone width, error texts translated by code, names counted in characters, the GGF link only where
// the server writes GGF, undo at one-screen tables, a board that fits the screen's height,
// distinct focus and last-move marks, a friendly hint, the result with the winner's count
// first, a clock that stays put on resignation, the computer's reply after the flips, shape
// marks only with 3-4 players, the connection and spectator banners, phase notes, a flippable
// board, whole move-list rows, setup labels and plurals in Turkish and Polish. The table's
// chat and etiquette are in table.tests.mjs.
import { boardRows, check, createGame, fillSetup, gameInfo, waitPly } from './lib.mjs';

const tableId = (page) => decodeURIComponent(page.url().split('#/table/')[1] || '');
const Variants = ['standard', 'anti', 'free', 'blocked', 'handicap', 'multi', 'shapes'];

async function newPage(ctx, options = {}) {
    const b = await ctx.launch(options);
    const page = await b.page();
    page.on('dialog', (d) => d.accept());
    return page;
}

// Plays `n` plies by clicking the first playable square (or Pass) whenever it is our turn.
async function playSome(page, n) {
    for (let i = 0; i < n; i++) {
        await page.waitForSelector('.board.interactive .sq.playable, #pass', { timeout: 20000 });
        const info = await gameInfo(page);
        if (await page.$('#pass')) await page.click('#pass');
        else await page.click('.board.interactive .sq.playable');
        await waitPly(page, info.ply);
    }
}

async function finishedGame(ctx, id) {
    for (let i = 0; i < 50; i++) {
        const res = await fetch(`${ctx.url}/api/games/${id}`);
        if (res.ok) {
            const game = await res.json();
            if (game.result) return game;
        }
        await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`game ${id} never finished in /api/games`);
}

export const tests = {
    async 'game view: every rules page fits a 390 px phone in three languages'(ctx) {
        for (const locale of ['en-US', 'tr-TR', 'pl-PL']) {
            const page = await newPage(ctx, { locale, viewport: { width: 390, height: 844 } });
            for (const v of Variants) {
                await page.goto(`${ctx.url}/#/rules/${v}`);
                await page.waitForSelector('#rules-title');
                const wide = await page.evaluate(() => document.documentElement.scrollWidth);
                check(wide <= 390, `${locale} rules page ${v} is ${wide}px wide at 390px`);
                const table = await page.$eval('table.changes', (t) => t.getBoundingClientRect().right).catch(() => 0);
                check(table <= 390, `${locale} rules page ${v}: the table reaches ${table}px`);
            }
        }
    },

    async 'game view: server errors are shown in Turkish and Polish by their code'(ctx) {
        const owner = await newPage(ctx);
        for (const [locale, text] of [['tr-TR', 'Bu koltuğu biri zaten aldı.'], ['pl-PL', 'Ktoś już zajął to miejsce.']]) {
            await owner.goto(`${ctx.url}/#/new`);
            await fillSetup(owner, { board: 8, seats: ['human', 'human'], mySeat: 0 });
            await createGame(owner);
            const id = tableId(owner);
            const page = await newPage(ctx, { locale });
            await page.addInitScript(() => {
                const Native = window.WebSocket;
                window.openSockets = [];
                window.WebSocket = class extends Native {
                    constructor(...a) {
                        super(...a);
                        window.openSockets.push(this);
                    }
                };
            });
            await page.goto(owner.url());
            await page.waitForSelector('#take-1');
            // This page stops hearing the table, and someone else takes White: the click gets
            // seat_taken, whose message the server writes in English.
            await page.evaluate(() => window.openSockets.forEach((s) => { s.onmessage = () => {}; }));
            const res = await fetch(`${ctx.url}/api/tables/${id}/join`, { method: 'POST',
                headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seat: 1, name: 'Eve' }) });
            check(res.ok, `join answered ${res.status}`);
            await page.click('#take-1');
            await page.waitForFunction(() => document.querySelector('#alert')?.textContent.length > 0);
            const alert = await page.textContent('#alert');
            check(alert === text, `${locale} error reads "${alert}", expected "${text}" without the server's English`);
        }
    },

    // Issue 26, 11: seat names are limited in characters (code points of the NFC form, as the
    // server counts them), never bytes: "ż" is one character, e + U+0301 is one (é).
    async 'game view: names are counted in characters, as the server limits them'(ctx) {
        const page = await newPage(ctx);
        await page.goto(`${ctx.url}/#/new`);
        // Names typed in the form are used at one-screen tables (a player's own name elsewhere).
        await fillSetup(page, { board: 8, seats: ['human', 'human'], local: true });
        await page.fill('#name-0', 'abe\u0301😀');
        check((await page.textContent('#name-0-count')) === '4 of 40 characters', `count: ${await page.textContent('#name-0-count')}`);
        await page.fill('#name-0', 'ż'.repeat(41));
        const problems = await page.textContent('#problems');
        check(/at most 40 characters/.test(problems) && /has 41/.test(problems), `41-character name: ${problems}`);
        check(!/bytes/.test(problems), `the limit is told in bytes: ${problems}`);
        check(await page.isDisabled('#create'), 'create enabled with a 41-character name');
        check((await page.inputValue('#name-0')).length === 41, 'the field cut the name instead of explaining');
        await page.fill('#name-0', 'ż'.repeat(40));
        check((await page.textContent('#problems')).trim() === '', 'a 40-character (80-byte) name refused');
        await createGame(page);
        check((await page.textContent('#players .player[data-seat="0"]')).includes('ż'.repeat(40)), 'the server did not take the name');
    },

    async 'game view: GGF link only where the server writes GGF; undo at one-screen tables'(ctx) {
        const page = await newPage(ctx);
        const cases = [{ board: 6, ggf: false }, { board: 8, blocked: ['c3'], ggf: false }, { board: 8, ggf: true }];
        for (const c of cases) {
            await page.goto(`${ctx.url}/#/new`);
            await fillSetup(page, { board: c.board, blocked: c.blocked, seats: ['human', 'human'], local: true });
            if (!c.blocked) await page.check('#blocked-none');
            await createGame(page);
            await playSome(page, 2);
            // The server takes back at one-screen tables, so the button is there and works.
            check(await page.$('#undo'), 'no undo at a one-screen table');
            await page.click('#undo');
            await page.waitForFunction(() => document.querySelector('section.game').dataset.ply === '1');
            // White moves again (before both have moved only Abort is offered), then resigns.
            await page.click('.board.interactive .sq.playable');
            await waitPly(page, 1);
            await page.click('#resign');
            await page.waitForFunction(() => document.querySelector('section.game').dataset.status === 'finished');
            const id = tableId(page);
            await finishedGame(ctx, id);
            await page.goto(`${ctx.url}/#/replay/${id}`);
            await page.waitForSelector('#export-text');
            const link = await page.$('#export-ggf');
            check(Boolean(link) === c.ggf, `GGF link ${link ? 'shown' : 'hidden'} for ${JSON.stringify(c)}`);
            const res = await fetch(`${ctx.url}/api/games/${id}/export?format=ggf`);
            check(res.ok === c.ggf, `server answered ${res.status} to GGF of ${JSON.stringify(c)}`);
        }
    },

    async 'game view: a 10x10 board fits 1366x657 and a phone held sideways; focus and last move differ'(ctx) {
        for (const viewport of [{ width: 1366, height: 657 }, { width: 844, height: 390 }]) {
            const page = await newPage(ctx, { viewport, hasTouch: viewport.height < 500 });
            await page.goto(`${ctx.url}/#/new`);
            await fillSetup(page, { board: 10, seats: ['human', 1] });
            await createGame(page);
            await playSome(page, 1);
            await page.waitForSelector('.board.interactive .sq.playable');
            const box = await page.$eval('.board-host .sq[data-sq="j10"]', (b) => b.getBoundingClientRect().toJSON());
            check(box.bottom <= viewport.height && box.right <= viewport.width,
                `${viewport.width}x${viewport.height}: j10 is at ${JSON.stringify(box)}, off the screen`);
            const wide = await page.evaluate(() => document.documentElement.scrollWidth);
            check(wide <= viewport.width, `page scrolls sideways (${wide}px)`);
            if (viewport.height > 500) {
                // The last move and the keyboard focus must not look alike.
                const last = await page.getAttribute('.board-host .sq.last', 'data-sq');
                await page.focus('.board-host .sq[tabindex="0"]');
                let focused = last;
                for (let i = 0; i < 3 && focused === last; i++) {
                    await page.keyboard.press('ArrowRight');
                    focused = await page.evaluate(() => document.activeElement.dataset.sq);
                }
                const look = (sq) => page.$eval(`.board-host .sq[data-sq="${sq}"]`, (b) => {
                    const s = getComputedStyle(b);
                    const dot = getComputedStyle(b, '::before');
                    return { outline: `${s.outlineStyle} ${s.outlineColor}`, shadow: s.boxShadow, dot: dot.content };
                });
                const a = await look(last);
                const f = await look(focused);
                check(focused !== last, 'focus landed on the last move');
                check(a.dot !== 'none' && f.dot === 'none', `last move has no dot of its own: ${JSON.stringify(a)}`);
                check(f.outline.startsWith('solid') && !a.outline.startsWith('solid'), `focus ring ${JSON.stringify(f)} vs ${JSON.stringify(a)}`);
            }
        }
    },

    async 'game view: a hint is a friendly line with the square marked'(ctx) {
        for (const [locale, pattern] of [['en-US', /^Best move: [a-h][1-8] \([+−±]\d+ discs? at the end\)\.$/],
            ['pl-PL', /^Najlepszy ruch: [a-h][1-8] \([+−±]\d+ krąż(ek|ki|ków|ka) na koniec gry\)\.$/]]) {
            const page = await newPage(ctx, { locale });
            await page.goto(`${ctx.url}/#/new`);
            await fillSetup(page, { board: 8, seats: ['human', 1] });
            await createGame(page);
            await page.waitForSelector('.board.interactive .sq.playable');
            await page.click('#hint');
            await page.waitForSelector('.board-host .sq.hint', { timeout: 20000 });
            const text = await page.textContent('#hint-text');
            check(pattern.test(text), `${locale} hint reads "${text}"`);
            const sq = await page.getAttribute('.board-host .sq.hint', 'data-sq');
            check(text.includes(sq), 'the hint line and the marked square differ');
            check((await page.textContent('#alert')) === '', 'the hint is shown as an error');
        }
    },

    async 'game view: result with the winner count first; the clock stays put on resignation'(ctx) {
        const page = await newPage(ctx);
        await page.goto(`${ctx.url}/#/new`);
        await fillSetup(page, { board: 8, seats: ['human', 'human'], local: true });
        await page.selectOption('#clock-mode', 'game');
        await page.fill('#clock-minutes', '1');
        await page.press('#clock-minutes', 'Tab');
        await page.fill('#clock-increment', '0');
        await page.press('#clock-increment', 'Tab');
        await createGame(page);
        // After f5 f6 e6 f4 White has 5 discs and Black 3; Black, to move, waits, then resigns.
        for (const [i, sq] of ['f5', 'f6', 'e6', 'f4'].entries()) {
            await page.click(`.board-host .sq[data-sq="${sq}"]`);
            await waitPly(page, i);
        }
        await page.waitForTimeout(2600);
        const read = () => page.textContent('#players .player[data-seat="0"] .clock');
        const toSeconds = (s) => Number(s.split(':')[0]) * 60 + Number(s.split(':')[1]);
        const before = toSeconds(await read());
        check(before <= 58, `Black's clock did not run: ${before}`);
        await page.click('#resign');
        await page.waitForFunction(() => document.querySelector('section.game').dataset.status === 'finished');
        await page.waitForTimeout(300);
        const after = toSeconds(await read());
        check(after <= before, `Black's clock jumped back from ${before} s to ${after} s on resignation`);
        const game = await finishedGame(ctx, tableId(page));
        const [black, white] = game.result.counts;
        check(game.result.winner === 1 && white !== black, `winner ${game.result.winner}, counts ${game.result.counts}`);
        const status = await page.textContent('#status');
        const want = `White wins by resignation (${white}–${black}).`;
        check(status.includes(want), `status "${status}" does not read "${want}"`);
    },

    async 'game view: the computer replies after the player flips have shown'(ctx) {
        const page = await newPage(ctx);
        await page.goto(`${ctx.url}/#/new`);
        await fillSetup(page, { board: 8, seats: ['human', 1] });
        await createGame(page);
        await page.waitForSelector('.board.interactive .sq.playable');
        await page.evaluate(() => {
            window.plyTimes = [];
            window.longTasks = [];
            const g = document.querySelector('section.game');
            new MutationObserver(() => window.plyTimes.push([Number(g.dataset.ply), performance.now()]))
                .observe(g, { attributes: true, attributeFilter: ['data-ply'] });
            new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => [e.startTime, e.duration])))
                .observe({ entryTypes: ['longtask'] });
        });
        await page.click('.board-host .sq[data-sq="f5"]');
        await waitPly(page, 1);
        await page.waitForTimeout(100); // the long tasks' entries come after the task
        const { times, longTasks } = await page.evaluate(() => ({ times: window.plyTimes, longTasks: window.longTasks }));
        const seen = (ply) => times.find(([p]) => p === ply)?.[1];
        check(seen(1) !== undefined && seen(2) !== undefined, `plies seen: ${JSON.stringify(times)}`);
        // The observer runs when the task that drew a ply ends; a busy machine can stretch that
        // task, so a ply counts from the start of a long task (over 50 ms) that held it.
        const drawn = (ply) => {
            const t = seen(ply);
            const task = longTasks.find(([start, length]) => start <= t && t <= start + length + 5);
            return task ? task[0] : t;
        };
        const gap = drawn(2) - drawn(1);
        check(gap >= 330, `the computer's reply came ${Math.round(gap)} ms after our move (seen ${Math.round(seen(2) - seen(1))} ms; long tasks ${JSON.stringify(longTasks)})`);
    },

    async 'game view: shape marks only with 3-4 players; special phases explained'(ctx) {
        const page = await newPage(ctx);
        await page.goto(`${ctx.url}/#/new`);
        await fillSetup(page, { board: 8, free: true, seats: ['human', 1] });
        await createGame(page);
        check(/Free opening.*4 left/.test(await page.textContent('#phase')), 'free opening not explained');
        await playSome(page, 1);
        await page.waitForFunction(() => Number(document.querySelector('section.game').dataset.ply) >= 2);
        const glyphs2 = await page.$$eval('.board-host .disc', (d) => d.map((x) => x.textContent).join(''));
        check(glyphs2 === '', `two-player discs carry marks: ${glyphs2}`);
        await page.waitForSelector('.board.interactive .sq.playable');
        await playSome(page, 1);
        await page.waitForFunction(() => Number(document.querySelector('section.game').dataset.ply) >= 4);
        check((await page.textContent('#phase')) === '', 'the free-opening note stays after the opening');
        await page.goto(`${ctx.url}/#/new`);
        await fillSetup(page, { board: 8, free: false, players: 3, seats: ['human', 'human', 'human'], local: true });
        await page.uncheck('#free-opening');
        await createGame(page);
        const glyphs3 = await page.$$eval('.board-host .disc', (d) => d.map((x) => x.textContent).join(''));
        check(/◆/.test(glyphs3) && /★/.test(glyphs3) && /○/.test(glyphs3), `three-player discs lack marks: ${glyphs3}`);
    },

    async 'game view: connection-lost and spectator banners'(ctx) {
        const page = await newPage(ctx);
        await page.addInitScript(() => {
            const Native = window.WebSocket;
            window.openSockets = [];
            window.WebSocket = class extends Native {
                constructor(...a) {
                    super(...a);
                    window.openSockets.push(this);
                }
            };
        });
        await page.goto(`${ctx.url}/#/new`);
        await fillSetup(page, { board: 8, seats: ['human', 1] });
        await createGame(page);
        check(!(await page.$('#watch-banner')), 'a player is told they are watching');
        await page.evaluate(() => window.openSockets.forEach((s) => s.close()));
        await page.waitForSelector('#conn-banner.lost');
        check(/Connection to the server lost/.test(await page.textContent('#conn-banner')), 'lost connection not explained');
        await page.waitForSelector('#conn-banner.back', { timeout: 10000 });
        await page.waitForSelector('#conn-banner', { state: 'detached', timeout: 10000 });
        for (const [locale, text] of [['en-US', 'You are watching this game.'], ['tr-TR', 'Bu oyunu izliyorsunuz.']]) {
            const s = await newPage(ctx, { locale });
            await s.goto(page.url());
            await s.waitForSelector('#watch-banner');
            check((await s.textContent('#watch-banner')) === text, `${locale} spectator banner: ${await s.textContent('#watch-banner')}`);
        }
    },

    async 'game view: the board flips and stays flipped for that table'(ctx) {
        const page = await newPage(ctx);
        await page.goto(`${ctx.url}/#/new`);
        await fillSetup(page, { board: 8, seats: ['human', 1] });
        await createGame(page);
        const first = () => page.$eval('.board-host .sq', (b) => b.dataset.sq);
        check((await first()) === 'a1', 'board does not start with a1 at the top left');
        const before = await boardRows(page);
        await page.click('#flip-board');
        check((await first()) === 'h8', 'the flipped board does not start with h8');
        check((await page.getAttribute('#flip-board', 'aria-pressed')) === 'true', 'flip button not pressed');
        // Squares keep their names, and play still works on the flipped board.
        await page.click('.board-host .sq[data-sq="f5"]');
        await waitPly(page, 0);
        check((await page.getAttribute('.board-host .sq[data-sq="f5"]', 'data-c')) === 'X', 'f5 not played on the flipped board');
        check(before[4][5] === '-', 'f5 was not empty');
        await page.reload();
        await waitPly(page, -1);
        check((await first()) === 'h8', 'the flip is not remembered for this table');
        await page.goto(`${ctx.url}/#/new`);
        await fillSetup(page, { board: 8, seats: ['human', 1] });
        await createGame(page);
        check((await first()) === 'a1', 'another table starts flipped');
    },

    async 'game view: whole move-list rows; setup labels and plurals in Turkish and Polish'(ctx) {
        for (const [locale, one, two, five] of [['en-US', '1 corner', '2 corners', null], ['pl-PL', '1 róg', '2 rogi', null],
            ['tr-TR', '1 köşe', '2 köşe', null]]) {
            const page = await newPage(ctx, { locale });
            for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
                await page.setViewportSize(viewport);
                await page.goto(`${ctx.url}/#/new`);
                await page.waitForSelector('#setup-title');
                await page.selectOption('#clock-mode', 'game');
                const options = await page.$$eval('#handicap option', (o) => o.map((x) => x.textContent));
                check(options[1] === one && options[2] === two, `${locale} handicap options: ${options}`);
                void five;
                const cut = await page.$$eval('.setup label, .setup select', (els) => els
                    .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > window.innerWidth)
                    .map((e) => e.textContent.slice(0, 40)));
                check(cut.length === 0, `${locale} ${viewport.width}px: cut labels ${JSON.stringify(cut)}`);
                const wide = await page.evaluate(() => document.documentElement.scrollWidth);
                check(wide <= viewport.width, `${locale} setup scrolls sideways at ${viewport.width}px`);
            }
        }
        const page = await newPage(ctx);
        await page.goto(`${ctx.url}/#/new`);
        await fillSetup(page, { board: 8, seats: ['human', 'human'], local: true });
        await createGame(page);
        await playSome(page, 20);
        const rows = await page.$eval('#moves', (list) => {
            const box = list.getBoundingClientRect();
            const items = [...list.querySelectorAll('li')];
            return { cut: items.filter((li) => li.scrollWidth > li.clientWidth + 1).length,
                partial: items.filter((li) => {
                    const r = li.getBoundingClientRect();
                    return r.bottom > box.top + 1 && r.top < box.bottom - 1 && (r.top < box.top - 1 || r.bottom > box.bottom + 1);
                }).length,
                last: items.at(-1).getBoundingClientRect().bottom <= box.bottom + 1 };
        });
        check(rows.cut === 0 && rows.partial === 0 && rows.last, `move list rows cut: ${JSON.stringify(rows)}`);
    },
};
