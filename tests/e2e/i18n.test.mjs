// SPDX-License-Identifier: MIT
// Checks the translation table and the rules pages without a browser: Turkish and Polish have
// exactly the English keys with the same {placeholders} (plural families: each language's own
// CLDR categories), every key the client's code names exists, and every rules page exists in all three languages with the same structure.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STRINGS, RULES_PAGES, VARIANTS } from '../../web/js/lib/i18n.js';

const js = join(dirname(fileURLToPath(import.meta.url)), '../../web/js');
const holes = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
const en = STRINGS.en;

// Plural families ("corners.one", "corners.other", ...) hold exactly the CLDR plural categories
// of their language, the forms Intl.PluralRules picks from (lib/game-text.js counted): a missing
// one would show a raw key, an extra one is dead text. Every other key is the same in all.
const PLURAL_CATEGORIES = { en: ['one', 'other'], tr: ['one', 'other'], pl: ['few', 'many', 'one', 'other'] };
const CLDR = ['zero', 'one', 'two', 'few', 'many', 'other'];
const split = (key) => {
    const dot = key.lastIndexOf('.');
    return CLDR.includes(key.slice(dot + 1)) ? [key.slice(0, dot), key.slice(dot + 1)] : [key, null];
};
// Per language: the plain keys and, per plural family, its categories.
function shape(lang) {
    const plain = [];
    const families = {};
    for (const k of Object.keys(STRINGS[lang])) {
        const [base, category] = split(k);
        if (category) (families[base] ||= []).push(category);
        else plain.push(k);
    }
    return { plain: plain.sort(), families };
}
const shapes = Object.fromEntries(['en', 'tr', 'pl'].map((lang) => [lang, shape(lang)]));
for (const [lang, expected] of Object.entries(PLURAL_CATEGORIES)) {
    assert.deepEqual(new Intl.PluralRules(lang).resolvedOptions().pluralCategories.sort(), expected,
        `${lang}: this Node's plural categories are not CLDR's`);
    for (const [base, categories] of Object.entries(shapes[lang].families)) {
        assert.deepEqual(categories.sort(), expected, `${lang} ${base}: plural forms must be exactly ${expected}`);
    }
}
for (const lang of ['tr', 'pl']) {
    const table = STRINGS[lang];
    assert.deepEqual(shapes[lang].plain, shapes.en.plain, `${lang} keys differ from en`);
    assert.deepEqual(Object.keys(shapes[lang].families).sort(), Object.keys(shapes.en.families).sort(),
        `${lang} plural families differ from en`);
    for (const k of Object.keys(table)) {
        const [base, category] = split(k);
        const model = category ? en[`${base}.other`] : en[k];
        assert.equal(holes(table[k]), holes(model), `${lang} ${k}: placeholders differ`);
        assert.ok(table[k].trim().length > 0, `${lang} ${k} is empty`);
    }
}
for (const [base] of Object.entries(shapes.en.families)) {
    assert.equal(holes(en[`${base}.one`]), holes(en[`${base}.other`]), `en ${base}: placeholders differ`);
}

// Every literal key passed to t() in the client exists; dynamic keys are checked by prefix.
let used = 0;
const sources = readdirSync(js, { recursive: true }).map(String).filter((f) => f.endsWith('.js') && !f.startsWith('i18n'));
assert.ok(sources.length > 20, `only ${sources.length} client modules found under ${js}`);
for (const file of sources) {
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
    'error.internal', 'problem.nameChars', 'problem.nameLong', 'result.cancelled', 'result.expired',
    // game-text.js resultText and outcomeText: a sentence per way a game was decided.
    ...['resign', 'time', 'abandoned'].flatMap((way) => [`result.win.${way}`, `result.draw.${way}`, `outcome.won.${way}`,
        `outcome.lost.${way}`]), 'result.draw.agreed', 'outcome.drawn.agreed']) {
    assert.ok(k in en, `no text for ${k}`);
}

// Issue 26, 18: every error code the server can answer has its own text in every language. The
// codes are walked from the server's source (error_name in src/server, wherever the file
// lives) and from docs/PROTOCOL.md, so a new code without a text fails here.
function serverErrorCodes() {
    const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
    const codes = new Set();
    const server = join(repo, 'src/server');
    for (const file of readdirSync(server, { recursive: true }).map(String).filter((f) => f.endsWith('.cpp'))) {
        const src = readFileSync(join(server, file), 'utf8');
        const body = /std::string\s+error_name\s*\(\s*ErrorCode[^)]*\)\s*\{([\s\S]*?)\n\}/.exec(src);
        if (body) for (const m of body[1].matchAll(/return\s+"(\w+)"/g)) codes.add(m[1]);
    }
    assert.ok(codes.size >= 15, `found only ${codes.size} error codes in error_name under src/server`);
    const doc = readFileSync(join(repo, 'docs/PROTOCOL.md'), 'utf8');
    const listed = doc.slice(doc.indexOf('Codes:'), doc.indexOf('HTTP answers use'));
    // A code in that list is followed by a comma, a semicolon or its explanation in brackets.
    for (const m of listed.matchAll(/`(\w+)`(?=[,;]|\s*\()/g)) codes.add(m[1]);
    return [...codes].sort();
}
const errorCodes = serverErrorCodes();
for (const lang of ['en', 'tr', 'pl']) {
    const seen = new Map();
    for (const code of errorCodes) {
        const text = STRINGS[lang][`error.${code}`];
        assert.ok(text, `${lang}: no text for the error code ${code}`);
        assert.ok(!seen.has(text), `${lang}: the error codes ${seen.get(text)} and ${code} share one text`);
        seen.set(text, code);
    }
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
console.log(`i18n: ${Object.keys(en).length} keys in 3 languages, ${used} uses checked, ${errorCodes.length} error codes, ${VARIANTS.length} rules pages each`);
