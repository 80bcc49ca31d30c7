import { startServer, launchBrowser, closeChromium, fillSetup, createGame, waitPly } from './lib.mjs';
const server = await startServer({ binary: process.argv[2] });
try {
  for (const [name, viewport, locale] of [['desk', { width: 1366, height: 657 }, 'en-US'], ['phone', { width: 390, height: 844 }, 'pl-PL'], ['land', { width: 844, height: 390 }, 'tr-TR']]) {
    const b = await launchBrowser({ viewport, locale });
    const page = await b.page();
    await page.goto(`${server.url}/#/new`);
    await page.waitForSelector('#shape');
    await page.screenshot({ path: `/tmp/webgame/shots/setup-${name}.png`, fullPage: true });
    await fillSetup(page, { board: 10, seats: ['human', 1], handicap: 2 });
    await createGame(page);
    await page.waitForSelector('.board.interactive .sq.playable');
    await page.click('.board.interactive .sq.playable');
    await waitPly(page, 1);
    await page.click('#hint');
    await page.waitForSelector('.sq.hint', { timeout: 20000 }).catch(() => {});
    await page.fill('#chat-input', 'hello there');
    await page.screenshot({ path: `/tmp/webgame/shots/game-${name}.png` });
    console.log(name, b.errors);
    await b.close();
  }
} finally { await closeChromium(); await server.stop(); }
