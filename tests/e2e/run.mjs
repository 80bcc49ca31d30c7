// SPDX-License-Identifier: MIT
// Runs the browser tests: one `reversi serve` (temporary database, free port) for the whole run
// (a test may restart it: ctx.restart()), a fresh Chromium per test, screenshots under
// BUILD/screenshots. Exits 1 on any failure and says clearly when Chromium, playwright-core or
// the server binary is missing.
// Usage: node run.mjs --binary build/reversi --build build [--module NAME] [--only TEXT] [--web DIR]
//        [--mock]
// --module NAME runs one test module: `tests` (tests.mjs) or NAME.tests.mjs (CTest runs each
// module as its own test, with its own server, so one slow module cannot time out the rest).
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ChromiumPath, closeChromium, launchBrowser, repo, screenshotDir, startServer, here } from './lib.mjs';
import { tests as gameTests } from './tests.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
};
const binary = resolve(opt('--binary', resolve(repo, 'build/reversi')));
const buildDir = resolve(opt('--build', resolve(repo, 'build')));
const only = opt('--only', '');
const onlyModule = opt('--module', '');
const mock = args.includes('--mock');
const web = opt('--web', null);

function fatal(message) {
    console.error(`e2e: ${message}`);
    process.exit(1);
}

if (!existsSync(ChromiumPath)) fatal(`${ChromiumPath} is missing: install it with 'apt-get install -y chromium' (scripts/test.sh does).`);
if (!existsSync(resolve(here, 'node_modules/playwright-core'))) {
    fatal(`playwright-core is missing: run 'npm ci' in ${here} (scripts/test.sh does).`);
}
if (!mock && !existsSync(binary)) fatal(`server binary ${binary} is missing: build the project first.`);

// Each part of the site adds its browser tests in its own NAME.tests.mjs (export `tests`).
const modules = ['tests', ...readdirSync(here).filter((f) => f.endsWith('.tests.mjs')).map((f) => f.slice(0, -'.tests.mjs'.length)).sort()];
if (onlyModule && !modules.includes(onlyModule)) fatal(`no test module '${onlyModule}'; the modules are ${modules.join(', ')}.`);
const tests = {};
for (const name of modules) {
    if (onlyModule && name !== onlyModule) continue;
    Object.assign(tests, name === 'tests' ? gameTests : (await import(`./${name}.tests.mjs`)).tests);
}

const shots = screenshotDir(buildDir);
const server = await startServer({ binary, mock, web: web && resolve(web) });
let failed = 0;
const started = Date.now();
try {
    for (const [name, fn] of Object.entries(tests)) {
        if (only && !name.includes(only)) continue;
        const browsers = [];
        const ctx = {
            url: server.url,
            db: server.db,
            binary,
            // The web folder the run serves (null: the server's default, the built bundle).
            web: web && resolve(web),
            shots,
            // Restarts the run's server on its database and port (the tests after see it too).
            restart: () => server.restart(),
            async launch(options) {
                const b = await launchBrowser(options);
                browsers.push(b);
                return b;
            },
        };
        const t0 = Date.now();
        try {
            await fn(ctx);
            const errors = browsers.flatMap((b) => b.errors);
            if (errors.length) throw new Error(`errors in the page:\n  ${errors.join('\n  ')}`);
            console.log(`PASS ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
        } catch (e) {
            failed++;
            console.log(`FAIL ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n  ${e.stack || e}`);
            for (const [i, b] of browsers.entries()) {
                const page = b.context.pages()[0];
                if (page) await page.screenshot({ path: resolve(shots, `FAIL-${name.slice(0, 30).replace(/\W+/g, '_')}-${i}.png`), fullPage: true }).catch(() => {});
            }
        } finally {
            for (const b of browsers) await b.close().catch(() => {});
        }
    }
} finally {
    await closeChromium().catch(() => {});
    await server.stop();
}
console.log(`${failed ? 'FAILED' : 'OK'}: ${failed} failed, ${((Date.now() - started) / 1000).toFixed(1)} s, screenshots in ${shots}`);
if (failed) console.log(`server log:\n${server.log().slice(-4000)}`);
process.exit(failed ? 1 : 0);
