// SPDX-License-Identifier: MIT
// Draws the app icons of web/manifest.webmanifest from the site's mark (web/favicon.svg) with
// Chromium, so the PNG sizes an installed app asks for are the same picture as the SVG. Run by
// hand after the mark changes; the PNGs are committed (the build needs no browser).
// Usage: node scripts/bundle/icons.mjs   (playwright-core from `npm ci` in tests/e2e)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { chromium } = createRequire(join(repo, 'tests/e2e/package.json'))('playwright-core');
const svg = readFileSync(join(repo, 'web/favicon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
    for (const size of [192, 512]) {
        const page = await browser.newPage({ viewport: { width: size, height: size } });
        await page.setContent(`<body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`);
        await page.screenshot({ path: join(repo, `web/icons/icon-${size}.png`), omitBackground: true });
        await page.close();
    }
} finally {
    await browser.close();
}
