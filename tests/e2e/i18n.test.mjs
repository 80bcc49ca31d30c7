// SPDX-License-Identifier: MIT
// Checks the translation table and the rules pages without a browser: Turkish and Polish have
// exactly the English keys with the same {placeholders}, every key the client's code names
// exists, and every rules page exists in all three languages with the same structure.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STRINGS } from '../../web/js/i18n.js';
import { RULES_PAGES, VARIANTS } from '../../web/js/rules-pages.js';

const js = join(dirname(fileURLToPath(import.meta.url)), '../../web/js');
const holes = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
const en = STRINGS.en;
for (const lang of ['tr', 'pl']) {
    const table = STRINGS[lang];
    assert.deepEqual(Object.keys(table).sort(), Object.keys(en).sort(), `${lang} keys differ from en`);
    for (const k of Object.keys(en)) {
        assert.equal(holes(table[k]), holes(en[k]), `${lang} ${k}: placeholders differ`);
        assert.ok(table[k].trim().length > 0, `${lang} ${k} is empty`);
    }
}

// Every literal key passed to t() in the client exists; dynamic keys are checked by prefix.
let used = 0;
for (const file of readdirSync(js).filter((f) => f.endsWith('.js'))) {
    const src = readFileSync(join(js, file), 'utf8');
    for (const m of src.matchAll(/\bt\('([a-zA-Z]+\.[\w.]+)'/g)) {
        assert.ok(m[1] in en, `${file} uses missing key ${m[1]}`);
        used++;
    }
    for (const m of src.matchAll(/key: '(problem\.\w+)'/g)) assert.ok(m[1] in en, `${file}: missing ${m[1]}`);
}
// Keys the code reaches through a variable: every protocol error code (ui.js errorText), the
// name problems (api.js nameProblem) and the results of tables that never started.
for (const k of ['error.bad_json', 'error.bad_request', 'error.bad_setup', 'error.not_found', 'error.illegal_move',
    'error.not_your_turn', 'error.not_your_seat', 'error.bad_token', 'error.seat_taken', 'error.game_over',
    'error.not_allowed', 'error.stale', 'error.too_large', 'error.busy', 'error.rate_limited', 'error.unavailable',
    'error.internal', 'problem.nameChars', 'problem.nameLong', 'result.cancelled', 'result.expired']) {
    assert.ok(k in en, `no text for ${k}`);
}

for (const lang of ['en', 'tr', 'pl']) {
    for (const v of VARIANTS) {
        const page = RULES_PAGES[lang][v];
        assert.ok(page && page.title && page.intro.length, `${lang} rules page ${v} missing`);
        assert.equal(page.intro.length, RULES_PAGES.en[v].intro.length, `${lang} ${v}: paragraphs differ`);
        assert.equal(page.rows.length, RULES_PAGES.en[v].rows.length, `${lang} ${v}: table rows differ`);
        for (const row of page.rows) assert.equal(row.length, 3, `${lang} ${v}: a row is not [rule, standard, variant]`);
    }
}
console.log(`i18n: ${Object.keys(en).length} keys in 3 languages, ${used} uses checked, ${VARIANTS.length} rules pages each`);
