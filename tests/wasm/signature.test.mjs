// SPDX-License-Identifier: MIT
// The browser's engine counts what the native one counts (issue 49): `bench`'s node count equals
// the signature of tests/bench_signature.txt (the last "Bench:" line, as CI checks the native
// one), perft equals every reference count of tests/data/perft.txt (every shape, anti, free
// opening, handicaps, blocked squares, 3 and 4 players), and hostile requests get errors, not an
// abort. Usage: node tests/wasm/signature.test.mjs --engine BUILD/engine
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg, loadEngine, setupOf } from './engine.mjs';

const tests = join(dirname(fileURLToPath(import.meta.url)), '..');
const engine = await loadEngine(arg('engine'));
const failures = [];
const check = (ok, what) => {
    if (!ok) failures.push(what);
};

// The signature.
const signatures = [...readFileSync(join(tests, 'bench_signature.txt'), 'utf8').matchAll(/^Bench: (\d+)$/gm)];
const expected = Number(signatures.at(-1)[1]);
const bench = engine.call({ op: 'bench' });
check(bench.ok && bench.result.nodes === expected, `bench: ${JSON.stringify(bench.result?.nodes ?? bench.error)}, signature ${expected}`);
console.log(`bench: ${bench.result?.nodes} nodes (signature ${expected}), ${bench.result?.seconds?.toFixed(2)} s in the engine`);

// Every perft reference line: "flags ; moves ; depth ; nodes", but the few deep ones CI leaves
// to the native perft (hundreds of millions of leaves: minutes here).
const MaxCount = 20_000_000;
let lines = 0;
let skipped = 0;
for (const line of readFileSync(join(tests, 'data', 'perft.txt'), 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [flags, moves, depth, nodes] = line.split(';').map((s) => s.trim());
    if (Number(nodes) > MaxCount) {
        skipped++;
        continue;
    }
    const request = { op: 'perft', setup: setupOf(flags.split(/\s+/)), moves: moves ? moves.split(/\s+/) : [], depth: Number(depth) };
    const answer = engine.call(request);
    check(answer.ok && answer.result.nodes === Number(nodes), `perft ${flags} (${moves.split(/\s+/).length} moves) depth ${depth}: ${JSON.stringify(answer.result ?? answer.error)}, expected ${nodes}`);
    lines++;
}
console.log(`perft: ${lines} reference counts (${skipped} over ${MaxCount} left to the native perft)`);

// Hostile requests: each an error with the server's code, the engine still answering after.
const refusals = [
    ['not JSON', '{"op":', 'bad_json'],
    ['no op', {}, 'bad_request'],
    ['unknown op', { op: 'rm -rf' }, 'bad_request'],
    ['241 moves', { op: 'analyze', moves: Array(241).fill('pass') }, 'bad_request'],
    ['illegal move', { op: 'analyze', moves: ['a1'] }, 'illegal_move'],
    ['no square', { op: 'move', moves: ['z99'] }, 'bad_request'],
    ['depth 13', { op: 'analyze', depth: 13 }, 'bad_request'],
    ['perft depth 13', { op: 'perft', depth: 13 }, 'bad_request'],
    ['level 11', { op: 'move', level: 11 }, 'bad_request'],
    ['a hint of 20 s', { op: 'hint', ms: 20000 }, 'bad_request'],
    ['bad setup', { op: 'analyze', setup: { board: '8', handicap: 9 } }, 'bad_setup'],
    ['3 players on the board', { op: 'analyze', setup: { players: 3 } }, 'bad_request'],
    ['random blocked', { op: 'move', setup: { random_blocked: 4 } }, 'bad_request'],
    ['a request of 100 KB', JSON.stringify({ op: 'analyze', pad: 'x'.repeat(100000) }), 'too_large'],
];
for (const [what, request, code] of refusals) {
    const answer = engine.call(request);
    check(!answer.ok && answer.error?.code === code, `${what}: ${JSON.stringify(answer)}, expected ${code}`);
}
// A hint and a computer move on the board the refusals left alone.
const hint = engine.call({ op: 'hint', moves: ['f5'], ms: 100 });
check(hint.ok && ['f4', 'd6', 'f6'].includes(hint.result.square) && hint.result.ply === 1, `a hint: ${JSON.stringify(hint)}`);
const move = engine.call({ op: 'move', moves: ['f5', 'f6'], level: 1, seed: 5 });
check(move.ok && typeof move.result.move === 'string' && move.result.to_move === 0, `a move: ${JSON.stringify(move)}`);
const after = engine.call({ op: 'perft', depth: 3 });
check(after.ok && after.result.nodes === 56, `perft after the refusals: ${JSON.stringify(after)}`);
console.log(`refusals: ${refusals.length}`);

if (failures.length) {
    for (const f of failures) console.log(`FAIL ${f}`);
    process.exit(1);
}
console.log('wasm signature: ok');
