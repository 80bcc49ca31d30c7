// SPDX-License-Identifier: MIT
// Type-checks the browser client: `tsc` (the typescript package, installed here by `npm ci`)
// over web/js with web/jsconfig.json (allowJs, checkJs, strict, noEmit), so that every JSDoc
// type of the protocol messages and the stores holds. Fails on any type error, and says what
// to run when typescript is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const tsc = join(here, 'node_modules/typescript/bin/tsc');
const project = join(here, '../../web/jsconfig.json');
if (!existsSync(tsc)) {
    console.error(`typecheck: ${tsc} is missing: run 'npm ci' in ${here} (scripts/test.sh does).`);
    process.exit(1);
}
const run = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: 'inherit' });
if (run.status !== 0) {
    console.error(`typecheck: tsc found type errors in web/js (exit ${run.status ?? run.signal})`);
    process.exit(1);
}
console.log('typecheck: web/js has no type errors');
