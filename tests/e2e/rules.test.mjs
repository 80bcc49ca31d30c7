// SPDX-License-Identifier: MIT
// Checks web/js/lib/rules.js (the client's rules port used for replay and setup checks) against the
// perft reference counts of docs/RULES.md 8 (tests/data/perft.txt): every move list must replay
// legally, and the counts small enough for a quick JavaScript perft must match exactly. Runs
// under plain node.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as rules from '../../web/js/lib/rules.js';

const here = dirname(fileURLToPath(import.meta.url));
const data = process.env.REVERSI_TEST_DATA_DIR || join(here, '../data');
const MaxNodes = Number(process.env.RULES_MAX_NODES || 20000);

function setupFromFlags(flags) {
    const s = {};
    const words = flags.trim().split(/\s+/);
    for (let i = 0; i < words.length; i++) {
        const w = words[i];
        if (w === '--board') s.board = words[++i];
        else if (w === '--players') s.players = Number(words[++i]);
        else if (w === '--anti') s.anti = true;
        else if (w === '--free-opening') s.free_opening = true;
        else if (w === '--blocked') s.blocked = words[++i].split(',');
        else if (w === '--handicap') s.handicap = Number(words[++i]);
        else if (w === '--handicap-to') s.handicap_to = words[++i];
        else throw new Error(`unknown flag ${w}`);
    }
    return s;
}

function perft(pos, depth) {
    if (depth === 0) return 1;
    const moves = rules.legalMoves(pos);
    if (moves.length === 0) return 1;
    let n = 0;
    for (const m of moves) n += perft(rules.play(pos, m), depth - 1);
    return n;
}

let replayed = 0;
let counted = 0;
const lines = readFileSync(join(data, 'perft.txt'), 'utf8').split('\n');
for (const line of lines) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [flags, moves, depth, nodes] = line.split(';').map((x) => x.trim());
    const setup = setupFromFlags(flags);
    const list = moves ? moves.split(/\s+/) : [];
    const positions = rules.replay(setup, list); // throws on any illegal move
    replayed++;
    if (Number(nodes) <= MaxNodes) {
        assert.equal(perft(positions.at(-1), Number(depth)), Number(nodes), line);
        counted++;
    }
}

// Setup checks of RULES.md 4 and 5, and the octagon's 88 squares.
assert.deepEqual(rules.setupProblems({ board: '8' }), []);
const keys = (s) => rules.setupProblems(s).map((p) => p.key);
assert.ok(keys({ board: '6', players: 3 }).includes('problem.multi6'));
assert.ok(keys({ board: '8', players: 4, free_opening: true }).includes('problem.multiFree'));
assert.ok(keys({ board: '8', players: 3, handicap: 1 }).includes('problem.multiHandicap'));
assert.ok(keys({ board: 'octagon', handicap: 2 }).includes('problem.octagonHandicap'));
assert.ok(keys({ board: '8', blocked: ['d4'] }).includes('problem.blockedCentre'));
assert.ok(keys({ board: '8', handicap: 1, blocked: ['a1'] }).includes('problem.blockedCorner'));
assert.ok(keys({ board: 'octagon', blocked: ['b1'] }).includes('problem.blockedOff'));
const oct = rules.initialPosition({ board: 'octagon' });
assert.equal(oct.cells.filter((c) => c !== rules.OFF).length, 88);
// A full 3-player 8x8 game without blocked squares: every seat places 20 discs (RULES.md 4).
let pos = rules.initialPosition({ board: '8', players: 3 });
const placed = [0, 0, 0];
while (!rules.isOver(pos)) {
    const legal = rules.legalMoves(pos);
    placed[pos.toMove]++;
    pos = rules.play(pos, legal[(pos.ply * 7) % legal.length]);
}
assert.deepEqual(placed, [20, 20, 20]);
assert.throws(() => rules.play(rules.initialPosition({}), 'a1'));

console.log(`rules.js: ${replayed} move lists replayed, ${counted} perft counts matched`);
