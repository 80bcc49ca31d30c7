// SPDX-License-Identifier: MIT
// Browser tests of the site screens (issue 13, part "website"): registering, logging in and out
// and changing the password, with refusals shown by their code; a seek posted in one browser
// and accepted in another, played as a rated 6x6 game to the end, after which both profiles
// show the changed ratings; quick pairing of two browsers with the "your turn" mark in the tab
// title; a challenge declined, then accepted; the landing page, lobby, profile and leaderboard in
// English, Turkish and Polish at desktop and phone size with no sideways scrolling, the dark
// mode and board theme remembered, the landing page reachable by keyboard.
import { join } from 'node:path';
import { Password, bothAtOneTable, check, freshName, navClick, playToEnd, registered, waitPly } from './lib.mjs';

async function shot(page, ctx, name) {
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(ctx.shots, name), fullPage: true });
}

async function noSidewaysScroll(page, what) {
    const [wide, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    check(wide <= inner, `${what} scrolls sideways (${wide}px > ${inner}px)`);
}

async function profile(ctx, name) {
    const res = await fetch(`${ctx.url}/api/players/${encodeURIComponent(name)}`);
    check(res.ok, `profile of ${name}: HTTP ${res.status}`);
    return res.json();
}

export const tests = {
    async 'site: register, log out, log in, change the password; refusals by code'(ctx) {
        const name = freshName('Ada');
        const { page } = await registered(ctx, name);
        // The profile is fetched after the page moves there: wait for it, do not sample once.
        const title = await page.waitForSelector('#profile-title', { timeout: 10000 }).catch(() => null);
        check(title !== null, 'no profile after registering');
        // The same name again, in another browser, is refused with the name_taken text.
        const other = await ctx.launch();
        const po = await other.page();
        await po.goto(`${ctx.url}/#/register`);
        await po.fill('#auth-name', 'ab');
        await po.fill('#auth-password', Password);
        await po.fill('#auth-again', Password);
        await po.click('#auth-submit');
        check((await po.textContent('#auth-status')).includes('3 to 20 characters'), 'short name not explained before sending');
        await po.fill('#auth-name', name.toUpperCase());
        await po.click('#auth-submit');
        await po.waitForFunction(() => /taken/.test(document.querySelector('#auth-status')?.textContent || ''));
        check(po.url().endsWith('#/register'), 'a refused registration left the form');
        // Log out through the user menu; the header offers logging in again.
        await page.click('#user-name');
        await page.click('#logout');
        await page.waitForSelector('#nav-login');
        // A wrong password gets the bad_login text, the right one logs in.
        await page.click('#nav-login');
        await page.fill('#auth-name', name);
        await page.fill('#auth-password', 'not the password');
        await page.click('#auth-submit');
        await page.waitForFunction(() => /Wrong user name or password/.test(document.querySelector('#auth-status')?.textContent || ''));
        await page.fill('#auth-password', Password);
        await page.click('#auth-submit');
        await page.waitForFunction((n) => document.querySelector('#user-name')?.textContent.includes(n), name);
        // Change the password, log out, and log in with the new one.
        await page.goto(`${ctx.url}/#/password`);
        await page.fill('#auth-old', Password);
        await page.fill('#auth-new', `${Password}!`);
        await page.fill('#auth-again', `${Password}?`);
        await page.click('#auth-submit');
        check((await page.textContent('#auth-status')).includes('differ'), 'mismatched new passwords not caught');
        await page.fill('#auth-again', `${Password}!`);
        await page.click('#auth-submit');
        await page.waitForFunction(() => /Password changed/.test(document.querySelector('#auth-status')?.textContent || ''));
        await shot(page, ctx, 'site-password.png');
        await page.click('#user-name');
        await page.click('#logout');
        await page.waitForSelector('#nav-login');
        await page.goto(`${ctx.url}/#/login`);
        await page.fill('#auth-name', name);
        await page.fill('#auth-password', `${Password}!`);
        await page.click('#auth-submit');
        await page.waitForFunction((n) => document.querySelector('#user-name')?.textContent.includes(n), name);
        // Issue 27: the own profile links to one's games as GGF; the settings page deletes the
        // account after the password and a confirmation, and the name is gone.
        await page.goto(`${ctx.url}/#/player/${encodeURIComponent(name)}`);
        await page.waitForSelector('#download-ggf[href="/api/account/games.ggf"]');
        await page.goto(`${ctx.url}/#/password`);
        await page.waitForSelector('#delete-form');
        page.once('dialog', (d) => d.accept());
        await page.fill('#auth-delete-password', 'not the password');
        await page.click('#auth-delete');
        await page.waitForFunction(() => (document.querySelector('#auth-delete-status')?.textContent || '') !== '');
        check(await page.isVisible('#user-name'), 'a wrong password deleted the account');
        page.once('dialog', (d) => d.accept());
        await page.fill('#auth-delete-password', `${Password}!`);
        await page.click('#auth-delete');
        await page.waitForSelector('#nav-login');
        const status = await page.evaluate(async (n) => (await fetch(`/api/players/${encodeURIComponent(n)}`)).status, name);
        check(status === 404, `the deleted player's profile answers ${status}`);
    },

    async 'site: a seek accepted in another browser, a rated 6x6 game to the end, both ratings change'(ctx) {
        const nameA = freshName('Seeker');
        const nameB = freshName('Taker');
        const { page: pa } = await registered(ctx, nameA);
        const { page: pb } = await registered(ctx, nameB);
        await pa.goto(`${ctx.url}/#/lobby`);
        await pa.waitForSelector('#no-seeks, #seeks .seek-row');
        await pa.selectOption('#seek-pool', '6x6');
        await pa.selectOption('#seek-time', 'untimed');
        await pa.selectOption('#seek-seat', 'black');
        check(await pa.isChecked('#seek-rated'), 'rated is not offered to a registered player');
        await pa.click('#post-seek');
        await pa.waitForSelector('#seeks .seek-row.own');
        await pb.goto(`${ctx.url}/#/lobby`);
        const row = `#seeks .seek-row:has(a:text-is("${nameA}"))`;
        await pb.waitForSelector(row);
        // The filters hide it for another pool and show it again for its own.
        await pb.selectOption('#filter-pool', '8x8');
        await pb.waitForSelector(row, { state: 'detached' });
        await pb.selectOption('#filter-pool', '6x6');
        await pb.selectOption('#filter-rated', 'rated');
        await pb.waitForSelector(row);
        await shot(pb, ctx, 'site-lobby-seek.png');
        await pb.click(`${row} button`);
        const table = await bothAtOneTable(pa, pb);
        // Different choices on each side, so the game is not the draw that mirrored play gives.
        await Promise.all([playToEnd(pa, { maxSeconds: 120 }), playToEnd(pb, { choose: (sq) => sq.at(-1), maxSeconds: 120 })]);
        const game = await (await fetch(`${ctx.url}/api/games/${table}`)).json();
        check(game.result && game.result.reason === 'end', `game did not end normally: ${JSON.stringify(game.result)}`);
        const [a, b] = [await profile(ctx, nameA), await profile(ctx, nameB)];
        for (const p of [a, b]) {
            const r = p.ratings['6x6'];
            check(r && r.games === 1, `${p.name} has no rated 6x6 game: ${JSON.stringify(p.ratings)}`);
            check(r.rd < 350, `${p.name}'s deviation did not shrink`);
        }
        const winner = game.result.winner;
        if (winner !== null && winner !== undefined) {
            const [w, l] = winner === 0 ? [a, b] : [b, a];
            check(w.ratings['6x6'].rating > 1500 && l.ratings['6x6'].rating < 1500,
                `ratings did not move with the result: ${w.ratings['6x6'].rating} / ${l.ratings['6x6'].rating}`);
        }
        // Both profile pages show the new rating and the game, with a replay link.
        for (const [page, p] of [[pa, a], [pb, b]]) {
            await page.goto(`${ctx.url}/#/player/${p.name}`);
            await page.waitForSelector('#profile-ratings tr[data-pool="6x6"]');
            const shown = await page.textContent('#profile-ratings tr[data-pool="6x6"] .rating');
            check(shown.startsWith(String(Math.round(p.ratings['6x6'].rating))), `profile shows ${shown} for ${p.ratings['6x6'].rating}`);
            check(await page.isVisible(`#profile-recent [data-game="${table}"] a[href="#/replay/${table}"]`), 'recent game not listed');
        }
        await shot(pa, ctx, 'site-profile.png');
        await pa.goto(`${ctx.url}/#/leaderboard/6x6`);
        await pa.waitForSelector(`#leaderboard-table tr[data-player="${nameA}"]`);
        await pa.waitForSelector(`#leaderboard-table tr[data-player="${nameB}"]`);
        await shot(pa, ctx, 'site-leaderboard.png');
    },

    async 'site: quick pairing of two browsers, with a cancel and the your-turn mark in the tab title'(ctx) {
        const a = await ctx.launch();
        const pa = await a.page();
        await pa.goto(`${ctx.url}/#/`);
        await pa.click('#play-online');
        await pa.waitForSelector('#online-cancel');
        await shot(pa, ctx, 'site-landing-waiting.png');
        await pa.click('#online-cancel');
        await pa.waitForSelector('#play-online', { state: 'visible' });
        await pa.click('#play-online');
        await pa.waitForSelector('#online-cancel');
        const b = await ctx.launch();
        const pb = await b.page();
        await pb.goto(`${ctx.url}/#/lobby`);
        await pb.selectOption('#quick-pool', '8x8');
        await pb.click('#quick-5-3');
        await bothAtOneTable(pa, pb);
        // Black's tab title carries the mark; after Black moves, White's does.
        const marked = (page) => page.waitForFunction(() => document.title.startsWith('(●)'), null, { timeout: 10000 });
        const isBlack = (page) => page.evaluate(() => /\(you\)/.test(document.querySelector('#players .player[data-seat="0"]')?.textContent || ''));
        const black = (await isBlack(pa)) ? pa : pb;
        const white = black === pa ? pb : pa;
        await black.waitForSelector('.board.interactive .sq.playable');
        await marked(black);
        check(!(await white.title()).startsWith('(●)'), 'the waiting player also has the your-turn mark');
        await black.click('.board.interactive .sq.playable');
        await marked(white);
        await black.waitForFunction(() => !document.title.startsWith('(●)'));
    },

    async 'site: a challenge from a profile is declined, then accepted'(ctx) {
        const nameA = freshName('Chal');
        const nameB = freshName('Lenge');
        const { page: pa } = await registered(ctx, nameA);
        const { page: pb } = await registered(ctx, nameB);
        await pb.goto(`${ctx.url}/#/lobby`);
        await pa.goto(`${ctx.url}/#/player/${nameB}`);
        await pa.waitForSelector('#profile-online.on');
        await pa.selectOption('#challenge-pool', '8x8');
        await pa.selectOption('#challenge-time', '10+0');
        await pa.click('#challenge-send');
        await pb.waitForSelector('#challenges .challenge-row');
        check((await pb.textContent('#challenges')).includes(nameA), 'challenge does not name the challenger');
        await shot(pb, ctx, 'site-challenge.png');
        await pb.click('#challenges .challenge-row button:not(.primary)');
        await pb.waitForSelector('#challenges .challenge-row', { state: 'detached' });
        await pa.waitForFunction(() => /declined/.test(document.querySelector('#challenge-status')?.textContent || ''));
        // Elsewhere than the lobby, a challenge shows in the notice bar under the header.
        await pb.goto(`${ctx.url}/#/leaderboard/8x8`);
        await pa.click('#challenge-send');
        await pb.waitForSelector('#notices .challenge-row');
        await pb.click('#notices .challenge-row button.primary');
        await bothAtOneTable(pa, pb);
    },

    async 'site: landing, lobby, profile and leaderboard in three languages, phone and desktop, themes'(ctx) {
        const name = freshName('Zofia');
        const { page: reg } = await registered(ctx, name);
        await reg.close();
        const titles = { en: 'Play Reversi', tr: 'Reversi oyna', pl: 'Zagraj w Reversi' };
        const lobbyTitles = { en: 'Lobby', tr: 'Lobi', pl: 'Poczekalnia' };
        const phone = { width: 390, height: 844 };
        const desktop = { width: 1366, height: 768 };
        for (const [lang, locale, size, viewport] of [['en', 'en-US', 'desktop', desktop], ['tr', 'tr-TR', 'phone', phone],
            ['pl', 'pl-PL', 'phone', phone]]) {
            {
                const b = await ctx.launch({ locale, viewport, hasTouch: size === 'phone' });
                const page = await b.page();
                await page.goto(`${ctx.url}/#/`);
                await page.waitForSelector('#landing-title');
                check((await page.textContent('#landing-title')) === titles[lang], `${lang} landing title`);
                await noSidewaysScroll(page, `${lang} ${size} landing`);
                await shot(page, ctx, `site-landing-${lang}-${size}.png`);
                await navClick(page, '#nav-lobby');
                await page.waitForSelector('#no-seeks, #seeks .seek-row');
                check((await page.textContent('#lobby-title')) === lobbyTitles[lang], `${lang} lobby title`);
                await noSidewaysScroll(page, `${lang} ${size} lobby`);
                await shot(page, ctx, `site-lobby-${lang}-${size}.png`);
                await page.goto(`${ctx.url}/#/player/${name}`);
                await page.waitForSelector('#profile-stats');
                await noSidewaysScroll(page, `${lang} ${size} profile`);
                await shot(page, ctx, `site-profile-${lang}-${size}.png`);
                await navClick(page, '#nav-leaderboard');
                await page.waitForSelector('#leaderboard-body table, #leaderboard-body .note:not(:empty)');
                await noSidewaysScroll(page, `${lang} ${size} leaderboard`);
                await shot(page, ctx, `site-leaderboard-${lang}-${size}.png`);
                await page.goto(`${ctx.url}/#/register`);
                await noSidewaysScroll(page, `${lang} ${size} register`);
                await b.close();
            }
        }
        // Dark mode follows the system until chosen, then the choice; the board theme is kept.
        const d = await ctx.launch({ viewport: { width: 1366, height: 768 } });
        const page = await d.page();
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.goto(`${ctx.url}/#/`);
        await page.waitForSelector('#landing-title');
        check((await page.getAttribute('html', 'data-theme')) === 'dark', 'dark system preference not followed');
        await page.click('#theme-toggle');
        check((await page.getAttribute('html', 'data-theme')) === 'light', 'the toggle did not switch to light');
        await page.selectOption('#board-theme', 'wood');
        await page.reload();
        await page.waitForSelector('#landing-title');
        check((await page.getAttribute('html', 'data-theme')) === 'light', 'the light choice was not remembered');
        check((await page.getAttribute('html', 'data-board')) === 'wood', 'the board theme was not remembered');
        await page.click('#theme-toggle');
        check((await page.getAttribute('html', 'data-theme')) === 'dark', 'the toggle did not switch back to dark');
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        check(bg !== 'rgb(244, 241, 234)', `dark mode kept the light background (${bg})`);
        await shot(page, ctx, 'site-landing-dark.png');
        // The favicon is served, and the three ways to play are reachable with the Tab key.
        check((await fetch(`${ctx.url}/favicon.svg`)).ok, 'favicon.svg is not served');
        await page.focus('#main');
        const reached = new Set();
        for (let i = 0; i < 25 && reached.size < 3; i++) {
            await page.keyboard.press('Tab');
            const id = await page.evaluate(() => document.activeElement?.id);
            if (['play-computer', 'play-online', 'play-friend'].includes(id)) reached.add(id);
        }
        check(reached.size === 3, `Tab reached only ${[...reached].join(', ')}`);
        // Play the computer from the landing page: one click to a game (in this browser where it
        // runs the engine, else at a table of the server).
        await page.click('#play-computer');
        await page.waitForURL(/#\/(table|play)\//);
        await waitPly(page, -1);
    },

    // Issue 26, 11: a name typed as e + U+0308 (combining diaeresis) registers as "Zoë" (NFC); a
    // 30-character name is refused with the limit and its length, in characters.
    async 'site: Zoë typed with a combining mark registers; a 30-character name is refused with the limit'(ctx) {
        const b = await ctx.launch();
        const page = await b.page();
        await page.goto(`${ctx.url}/#/register`);
        await page.fill('#auth-name', 'x'.repeat(30));
        await page.fill('#auth-password', Password);
        await page.fill('#auth-again', Password);
        await page.click('#auth-submit');
        const refusal = await page.textContent('#auth-status');
        check(/3 to 20 characters/.test(refusal) && /has 30/.test(refusal), `a 30-character name reads "${refusal}"`);
        check(page.url().endsWith('#/register'), 'a 30-character name left the form');
        const typed = `Zoe\u0308${Date.now().toString(36).slice(-6)}`;
        const nfc = typed.normalize('NFC');
        await page.fill('#auth-name', typed);
        await page.click('#auth-submit');
        await page.waitForFunction((n) => decodeURIComponent(location.hash) === `#/player/${n}`, nfc, { timeout: 10000 })
            .catch(async () => { throw new Error(`"Zoë" did not register: ${await page.textContent('#auth-status')}`); });
        await page.waitForFunction((n) => document.querySelector('#user-name')?.textContent.includes(n), nfc);
        const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
        check(me.name === nfc, `registered as ${JSON.stringify(me.name)}, not the NFC ${JSON.stringify(nfc)}`);
    },

    // Issue 26, 16: the challenge bar under the header lines up with the page's content, at
    // desktop and phone width, instead of running edge to edge.
    async 'site: the challenge bar lines up with the page'(ctx) {
        const nameA = freshName('Bar');
        const nameB = freshName('Line');
        const { page: pa } = await registered(ctx, nameA);
        const { page: pb } = await registered(ctx, nameB, { viewport: { width: 1366, height: 768 } });
        await pb.goto(`${ctx.url}/#/leaderboard/8x8`);
        await pa.goto(`${ctx.url}/#/player/${nameB}`);
        await pa.waitForSelector('#profile-online.on');
        await pa.click('#challenge-send');
        await pb.waitForSelector('#notices .challenge-row');
        for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
            await pb.setViewportSize(viewport);
            const edges = await pb.evaluate(() => {
                const main = document.querySelector('#main');
                const style = getComputedStyle(main);
                const box = main.getBoundingClientRect();
                const row = document.querySelector('#notices .challenge-row').getBoundingClientRect();
                return { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight),
                    rowLeft: row.left, rowRight: row.right };
            });
            await shot(pb, ctx, `site-challenge-bar-${viewport.width}.png`);
            check(Math.abs(edges.rowLeft - edges.left) <= 1 && Math.abs(edges.rowRight - edges.right) <= 1,
                `${viewport.width}px: the challenge bar spans ${edges.rowLeft}-${edges.rowRight}, the page ${edges.left}-${edges.right}`);
        }
    },

    // Issue 26, 7 (the browser's part): a logged-in player is not shown the log-in and register
    // forms but told to log out first, with the button; a guest is not shown the password form
    // but told to register.
    async 'site: no log-in or register form for a logged-in player, no password form for a guest'(ctx) {
        const g = await ctx.launch();
        const guest = await g.page();
        await guest.goto(`${ctx.url}/#/password`);
        await guest.waitForSelector('#auth-note');
        check(!(await guest.$('#password-form')), 'a guest is shown the change-password form');
        check(await guest.isVisible('#auth-note a[href="#/register"]'), 'the guest is not pointed to registering');
        await guest.goto(`${ctx.url}/#/register`);
        await guest.waitForSelector('#register-form');
        const name = freshName('Inside');
        const { page } = await registered(ctx, name);
        for (const mode of ['register', 'login']) {
            await page.goto(`${ctx.url}/#/${mode}`);
            await page.waitForSelector('#auth-note');
            check(!(await page.$(`#${mode}-form`)), `a logged-in player is shown the ${mode} form`);
            const note = await page.textContent('#auth-note');
            check(note.includes(name) && /log out first/i.test(note), `the ${mode} page reads "${note}"`);
        }
        await page.click('#auth-logout');
        await page.waitForSelector('#login-form');
        await page.waitForSelector('#nav-login');
    },
};
