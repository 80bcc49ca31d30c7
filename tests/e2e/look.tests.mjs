// SPDX-License-Identifier: MIT
// Browser tests of the site's look (issue 26): what a screenshot shows, measured from its
// pixels and the computed colours and boxes rather than looked at: no light lines between the
// board's rows, discs, board and marks in clear contrast in every board theme in light and dark
// mode, the header and the board on a phone, the challenge bar in line with the page.
import { join } from 'node:path';
import { check, screenshotPixels } from './lib.mjs';

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
};
