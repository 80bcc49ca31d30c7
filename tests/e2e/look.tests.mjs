// SPDX-License-Identifier: MIT
// Browser tests of the site's look (issue 26): what a screenshot shows, measured from its
// pixels and the computed colours and boxes rather than looked at: no light lines between the
// board's rows, discs, board and marks in clear contrast in every board theme in light and dark
// mode, the header and the board on a phone, the challenge bar in line with the page.
import { join } from 'node:path';
import { check, contrast, createGame, fillSetup, navClick, screenshotPixels, waitPly } from './lib.mjs';

async function open(ctx, hash, options = {}) {
    const b = await ctx.launch(options);
    const page = await b.page();
    page.on('dialog', (d) => d.accept());
    await page.goto(`${ctx.url}/${hash}`);
    return page;
}

// The squares of the board under `scope` as boxes: {rows: [[{x, y, w, h}]]}, page pixels.
async function squareBoxes(page, scope) {
    return page.evaluate((s) => [...document.querySelectorAll(`${s} .board .board-row`)].map((row) =>
        [...row.querySelectorAll('.sq')].map((q) => {
            const r = q.getBoundingClientRect();
            return { x: r.x, y: r.y, w: r.width, h: r.height };
        })).filter((row) => row.length), scope);
}

export const tests = {
    // Issue 26, 9: thin light lines between the board's rows (the analysis board, 10x10 at
    // 1366x657): along every border between two rows and two columns, no pixel may be lighter
    // than the board's own colours.
    async 'look: no light lines between the rows of a 10x10 analysis board at 1366x657'(ctx) {
        const page = await open(ctx, '#/analysis', { viewport: { width: 1366, height: 657 } });
        await page.waitForSelector('#board-shape');
        await page.selectOption('#board-shape', '10');
        await page.waitForFunction(() => document.querySelectorAll('.board .sq').length === 100
            && document.querySelectorAll('#board-scores li').length > 0, null, { timeout: 20000 });
        await page.waitForTimeout(450);
        const named = await page.textContent('#board-setup');
        check(named.startsWith('10×10'), `the 10x10 analysis board is described as "${named}"`);
        const rows = await squareBoxes(page, '.analysis');
        const first = rows[0][0];
        const last = rows.at(-1).at(-1);
        const clip = { x: Math.floor(first.x), y: Math.floor(first.y),
            width: Math.ceil(last.x + last.w) - Math.floor(first.x), height: Math.ceil(last.y + last.h) - Math.floor(first.y) };
        const px = await screenshotPixels(page, clip);
        await page.screenshot({ path: join(ctx.shots, 'look-analysis-10x10.png') });
        // The board's lightest own colour: the felt (the line is darker). A pixel much lighter
        // on a border between squares is the page showing through.
        const felt = await page.evaluate(() => getComputedStyle(document.querySelector('.board .sq:not(.legal)')).backgroundColor);
        const [fr, fg, fb] = felt.match(/\d+/g).map(Number);
        // (The best move's gold ring is a mark, not a gap: only whitish or greyish pixels count.)
        const light = (p) => p[0] + p[1] + p[2] > fr + fg + fb + 90 && Math.max(...p) - Math.min(...p) < 60;
        let bad = [];
        const scan = (x0, y0, x1, y1) => {
            // Inside the board only: the clip's outer pixel may be the page beside it.
            for (let y = Math.max(2, y0); y <= Math.min(px.height - 3, y1); y++) {
                for (let x = Math.max(2, x0); x <= Math.min(px.width - 3, x1); x++) {
                    if (light(px.at(x, y))) bad.push(`${x},${y}: rgb(${px.at(x, y).join(',')})`);
                }
            }
        };
        for (let r = 1; r < rows.length; r++) {
            const y = Math.round(rows[r][0].y - clip.y);
            scan(0, y - 2, px.width - 1, y + 1);
        }
        for (let c = 1; c < rows[0].length; c++) {
            const x = Math.round(rows[0][c].x - clip.x);
            scan(x - 2, 0, x + 1, px.height - 1);
        }
        check(!bad.length, `${bad.length} light pixels between squares (felt ${felt}), e.g. ${bad.slice(0, 4).join('; ')}`);
    },

    // Issue 26, 10: dark mode follows the board theme, and every theme in both modes keeps the
    // discs, the board and its marks in clear contrast: WCAG contrast ratios from the computed
    // colours (3:1 for discs and marks against the felt, as for graphics; 4.5:1 for the
    // coordinates against the page; the square borders visible against the felt).
    async 'look: every board theme in light and dark keeps discs, board and marks in clear contrast'(ctx) {
        const page = await open(ctx, '#/new');
        await fillSetup(page, { board: 8, seats: ['human', 1] });
        await createGame(page);
        await page.waitForSelector('.board .sq .disc.p0');
        const failures = [];
        const felts = {};
        for (const theme of ['light', 'dark']) {
            for (const board of ['green', 'wood', 'blue', 'gray']) {
                const c = await page.evaluate(([theme, board]) => {
                    document.documentElement.dataset.theme = theme;
                    document.documentElement.dataset.board = board;
                    const rgba = (s) => {
                        const m = s.match(/[\d.]+/g).map(Number);
                        return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
                    };
                    // A colour with alpha, painted over `under`.
                    const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3]));
                    const host = document.querySelector('.board-host .board');
                    const probe = host.querySelector('.sq:not(.legal):not(.last)').cloneNode(true);
                    probe.replaceChildren();
                    host.append(probe);
                    const style = getComputedStyle(probe);
                    const felt = rgba(style.backgroundColor);
                    const line = over(rgba(style.borderTopColor), felt);
                    const mark = (cls, pseudo, prop) => {
                        probe.className = `sq ${cls}`;
                        const v = getComputedStyle(probe, pseudo)[prop];
                        return over(rgba(prop === 'boxShadow' ? v.match(/rgba?\([^)]*\)/)[0] : v), felt);
                    };
                    const out = {
                        felt: felt.slice(0, 3), line,
                        legal: mark('legal', '::after', 'backgroundColor'),
                        last: mark('last', '::before', 'backgroundColor'),
                        hint: mark('hint', null, 'boxShadow'),
                        best: mark('best', null, 'boxShadow'),
                        black: rgba(getComputedStyle(host.querySelector('.disc.p0')).backgroundColor),
                        white: rgba(getComputedStyle(host.querySelector('.disc.p1')).backgroundColor),
                        coord: rgba(getComputedStyle(host.querySelector('.coord:not(:empty)')).color),
                        // The black disc beside a player's name: its ring is what shows it on a
                        // dark page.
                        badgeRing: rgba(getComputedStyle(document.querySelector('#players .disc.badge.p0')).boxShadow
                            .match(/rgba?\([^)]*\)/)[0]),
                        // The page under the board: the first ancestor with a background.
                        page: (() => {
                            for (let e = host; e; e = e.parentElement) {
                                const bg = rgba(getComputedStyle(e).backgroundColor);
                                if (bg[3] > 0) return bg;
                            }
                            return [255, 255, 255, 1];
                        })(),
                    };
                    probe.remove();
                    return out;
                }, [theme, board]);
                felts[`${theme}/${board}`] = c.felt.join(',');
                const need = (what, a, b, min) => {
                    const r = contrast(a, b);
                    if (r < min) failures.push(`${theme}/${board}: ${what} ${r.toFixed(2)} < ${min}`);
                };
                need('black disc on felt', c.black, c.felt, 3);
                need('white disc on felt', c.white, c.felt, 3);
                need('black disc on white disc', c.black, c.white, 3);
                need('legal-move dot on felt', c.legal, c.felt, 3);
                need('last-move dot on felt', c.last, c.felt, 3);
                need('hint ring on felt', c.hint, c.felt, 3);
                need('best-move ring on felt', c.best, c.felt, 3);
                need('square border on felt', c.line, c.felt, 1.5);
                need('coordinates on the page', c.coord, c.page, 4.5);
                need("the ring of the player list's black disc on the page", c.badgeRing, c.page, 3);
            }
            await page.screenshot({ path: join(ctx.shots, `look-board-${theme}.png`) });
        }
        // The board theme holds in dark mode: the felt is the theme's, not the page's surface.
        for (const board of ['green', 'wood', 'blue', 'gray']) {
            if (felts[`dark/${board}`] !== felts[`light/${board}`]) {
                failures.push(`dark mode ignores the ${board} board: felt ${felts[`dark/${board}`]} against ${felts[`light/${board}`]}`);
            }
        }
        check(!failures.length, `the board's look:\n    ${failures.join('\n    ')}`);
    },

    // Issue 26, 15: on a 390x844 phone the header is one line (at most 60 px) in every language,
    // its links one tap away in a menu; the board is turned for the player of White (as lichess
    // does), and the flip button stays.
    async 'look: on a phone the header is one line in three languages, and the board is turned for White'(ctx) {
        for (const locale of ['en-US', 'tr-TR', 'pl-PL']) {
            const page = await open(ctx, '#/', { locale, viewport: { width: 390, height: 844 }, hasTouch: true });
            await page.waitForSelector('#landing-title');
            await page.waitForSelector('#user-name', { state: 'attached' });
            const height = await page.$eval('#header', (h) => h.getBoundingClientRect().height);
            await page.screenshot({ path: join(ctx.shots, `look-phone-header-${locale}.png`) });
            check(height <= 60, `${locale}: the phone header is ${height}px tall`);
            const wide = await page.evaluate(() => document.documentElement.scrollWidth);
            check(wide <= 390, `${locale}: the page is ${wide}px wide`);
            await navClick(page, '#nav-lobby');
            await page.waitForSelector('#lobby-title');
            check(await page.isVisible('#lang') || (await page.click('#menu-toggle'), await page.isVisible('#lang')),
                `${locale}: the language choice is not reachable on a phone`);
        }
        const a = await open(ctx, '#/');
        await a.click('#play-friend');
        await a.waitForURL(/#\/table\//);
        await waitPly(a, -1);
        const b = await open(ctx, a.url().split('/').slice(3).join('/'), { viewport: { width: 390, height: 844 }, hasTouch: true });
        await b.click('#take-1');
        await b.waitForFunction(() => document.querySelector('section.game')?.dataset.status === 'playing');
        const first = (p) => p.$eval('.board-host .sq', (q) => q.dataset.sq);
        // The status and the board may be drawn in two frames on a busy machine: the board gets
        // a few seconds to turn before the check (it fails if it never does).
        await b.waitForFunction(() => document.querySelector('.board-host .sq')?.dataset.sq === 'h8', null, { timeout: 5000 }).catch(() => {});
        check((await first(a)) === 'a1', 'the board is turned for the player of Black');
        check((await first(b)) === 'h8', 'the board is not turned for the player of White');
        check(await b.isVisible('#flip-board'), 'the flip button is gone');
        await b.screenshot({ path: join(ctx.shots, 'look-phone-white.png') });
        await b.click('#flip-board');
        check((await first(b)) === 'a1', 'the flip button does not turn the board back');
    },
};
