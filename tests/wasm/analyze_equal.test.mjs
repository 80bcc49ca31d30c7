// SPDX-License-Identifier: MIT
// The browser's engine answers the analysis board as the native one does (issue 49): on 20
// positions of each two-player shape (8x8, 6x6, 10x10, the octagon, anti 8x8), reached by seeded
// random walks from the start through the midgame into the exact range (14 empties or fewer), the
// WebAssembly `analyze` (POST /api/analyze's answer) and `reversi analyze --json` with the same
// limits (every move scored, a 16 MB table, the board's depth, or --exact where the board solves)
// give the same best move, score, exactness and every move's score. On every fourth position the
// computer's move at levels 1-6 (`move`, the seed chosen so that the one mixed with the ply is 0,
// `reversi analyze`'s) is native's too.
// Usage: node tests/wasm/analyze_equal.test.mjs --engine BUILD/engine --binary BUILD/reversi [--depth 8]
import { execFileSync } from 'node:child_process';
import { arg, loadEngine } from './engine.mjs';

const engine = await loadEngine(arg('engine'));
const binary = arg('binary');
const depth = Number(arg('depth', '8'));
const Positions = 20;
const shapes = [
    { name: '8x8', flags: ['--board', '8'], setup: { board: '8' }, plies: 60 },
    { name: '6x6', flags: ['--board', '6'], setup: { board: '6' }, plies: 32 },
    { name: '10x10', flags: ['--board', '10'], setup: { board: '10' }, plies: 96 },
    { name: 'octagon', flags: ['--board', 'octagon'], setup: { board: 'octagon' }, plies: 84 },
    { name: '8x8 anti', flags: ['--board', '8', '--anti'], setup: { board: '8', anti: true }, plies: 60 },
];

// A seeded generator (mulberry32), so the positions are the same on every run.
function random(seed) {
    return () => {
        seed = (seed + 0x6d2b79f5) | 0;
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/** The legal moves after `moves` (the engine's depth-1 answer lists each), [] when over. */
function legal(setup, moves) {
    const a = engine.call({ op: 'analyze', setup, moves, depth: 1 });
    if (!a.ok) throw new Error(`walk: ${JSON.stringify(a.error)}`);
    return a.result.over ? [] : a.result.moves.map((m) => m.square);
}

const failures = [];
let compared = 0;
let exact = 0;
let levels = 0;
const started = Date.now();
for (const [s, shape] of shapes.entries()) {
    const next = random(49 + s);
    for (let i = 0; i < Positions; i++) {
        // From a few plies in to the last few empties, spread evenly.
        const target = 2 + Math.floor((i * (shape.plies - 6)) / (Positions - 1));
        const moves = [];
        while (moves.length < target) {
            const options = legal(shape.setup, moves);
            if (!options.length) break;
            const move = options[Math.floor(next() * options.length)];
            if (!legal(shape.setup, [...moves, move]).length) break;  // keep the game going
            moves.push(move);
        }
        const wasm = engine.call({ op: 'analyze', setup: shape.setup, moves, depth });
        if (!wasm.ok) {
            failures.push(`${shape.name} ${moves.join(' ')}: ${JSON.stringify(wasm.error)}`);
            continue;
        }
        const w = wasm.result;
        const limits = w.exact ? ['--exact'] : ['--depth', String(depth)];
        const native = JSON.parse(execFileSync(binary, ['analyze', '--json', '--quiet', '--hash', '16', '--multipv', '64',
            ...shape.flags, ...limits, '--moves', moves.join(' ')], { encoding: 'utf8' }));
        const scores = (list, key) => list.map((m) => `${m[key]}:${m.score}${m.exact ? '!' : ''}`).join(' ');
        const same = w.best === native.best && w.score === native.score && w.exact === native.exact &&
            scores(w.moves, 'square') === scores(native.moves, 'move');
        if (!same)
            failures.push(`${shape.name} after ${moves.length} moves (${moves.join(' ')}): wasm ${w.best} ${w.score}` +
                ` [${scores(w.moves, 'square')}], native ${native.best} ${native.score} [${scores(native.moves, 'move')}]`);
        compared++;
        exact += w.exact ? 1 : 0;
        if (i % 4 !== 3 || w.over) continue;
        // engine::move_seed(seed, ply) = seed ^ ply * golden: this seed mixes to 0 at this ply.
        const seed = (BigInt(moves.length) * 0x9E3779B97F4A7C15n) & 0xFFFFFFFFFFFFFFFFn;
        for (let level = 1; level <= 6; level++) {
            const text = `{"op":"move","setup":${JSON.stringify(shape.setup)},"moves":${JSON.stringify(moves)},"level":${level},"seed":${seed}}`;
            const local = engine.call(text);
            const native = JSON.parse(execFileSync(binary, ['analyze', '--json', '--quiet', '--hash', '16', '--multipv', '1',
                '--level', String(level), ...shape.flags, '--moves', moves.join(' ')], { encoding: 'utf8' }));
            if (!local.ok || local.result.move !== native.best || local.result.score !== native.score)
                failures.push(`${shape.name} level ${level} after ${moves.length} moves: wasm ${JSON.stringify(local.result ?? local.error)}, native ${native.best} ${native.score}`);
            levels++;
        }
    }
}
console.log(`analyze: ${compared} positions (${exact} solved exactly) compared at depth ${depth}, ${levels} computer moves at levels 1-6, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failures.length || compared !== Positions * shapes.length) {
    for (const f of failures) console.log(`FAIL ${f}`);
    process.exit(1);
}
console.log('wasm analyze: ok');
