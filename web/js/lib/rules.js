// SPDX-License-Identifier: MIT
// A small JavaScript port of RULES.md, used to replay finished games move by move and to explain
// forbidden setups before the server refuses them. The server stays the authority during play;
// positions here are plain objects {setup, w, h, cells, toMove, ply, ...} and never mutated.

export const SHAPES = ['6', '8', '10', 'octagon'];
export const DISC = 'XORG'; // seat index -> board character, as in the table state
export const NEUTRAL = 'N';
export const BLOCKED = '#';
export const OFF = ' ';
export const EMPTY = '-';

const DIRS = [
    [-1, -1], [0, -1], [1, -1],
    [-1, 0], [1, 0],
    [-1, 1], [0, 1], [1, 1],
];

// Normalises a setup object with the defaults of PROTOCOL.md.
/** @param {import('./protocol.js').Setup} [s] */
export function normaliseSetup(s = {}) {
    return {
        board: String(s.board ?? '8'),
        players: Number(s.players ?? 2),
        anti: Boolean(s.anti),
        free_opening: Boolean(s.free_opening),
        blocked: Array.isArray(s.blocked) ? s.blocked.map((q) => String(q).toLowerCase()) : [],
        random_blocked: Number(s.random_blocked ?? 0),
        handicap: Number(s.handicap ?? 0),
        handicap_to: s.handicap_to === 'white' ? 'white' : 'black',
    };
}

/** @param {string} shape */
export function boardSize(shape) {
    return shape === '6' ? 6 : shape === '8' ? 8 : 10;
}

// The cut corners of the octagon (RULES.md 1): three squares at each corner.
/** @param {number} col @param {number} row */
export function isOctagonCorner(col, row) {
    const near = (/** @type {number} */ v) => (v <= 1 ? v : 9 - v);
    const c = near(col);
    const r = near(row);
    return c + r <= 1;
}

/** @param {number} col @param {number} row */
export function squareName(col, row) {
    return String.fromCharCode(97 + col) + String(row + 1);
}

// Parses "d3" (any case) into {col,row}; null when malformed.
/** @param {string} name */
export function parseSquare(name) {
    const m = /^([a-jA-J])(10|[1-9])$/.exec(String(name).trim());
    if (!m) return null;
    return { col: m[1].toLowerCase().charCodeAt(0) - 97, row: Number(m[2]) - 1 };
}

/** @param {number} n @returns {[number, number][]} */
export function centreSquares(n) {
    const a = n / 2 - 1;
    const b = n / 2;
    // Clockwise from the top-left centre square: TL, TR, BR, BL.
    return [[a, a], [b, a], [b, b], [a, b]];
}

/** @param {number} n @returns {[number, number][]} */
export function handicapCorners(n) {
    // Order of RULES.md 5: top-left, bottom-right, top-right, bottom-left.
    return [[0, 0], [n - 1, n - 1], [n - 1, 0], [0, n - 1]];
}

// Returns the reasons (message keys with parameters) why a setup breaks RULES.md; [] when fine.
/** @param {import('./protocol.js').Setup} setup @returns {{key: string, params?: Record<string, unknown>}[]} */
export function setupProblems(setup) {
    const s = normaliseSetup(setup);
    const out = [];
    if (!SHAPES.includes(s.board)) out.push({ key: 'problem.shape' });
    if (![2, 3, 4].includes(s.players)) out.push({ key: 'problem.players' });
    const multi = s.players > 2;
    if (multi && s.board === '6') out.push({ key: 'problem.multi6' });
    if (multi && s.free_opening) out.push({ key: 'problem.multiFree' });
    if (multi && s.handicap > 0) out.push({ key: 'problem.multiHandicap' });
    if (!(Number.isInteger(s.handicap) && s.handicap >= 0 && s.handicap <= 4)) {
        out.push({ key: 'problem.handicapRange' });
    }
    if (s.board === 'octagon' && s.handicap > 0) out.push({ key: 'problem.octagonHandicap' });
    const n = boardSize(s.board);
    const centre = new Set(centreSquares(n).map(([c, r]) => squareName(c, r)));
    const corners = new Set(
        handicapCorners(n).slice(0, Math.max(0, Math.min(4, s.handicap))).map(([c, r]) => squareName(c, r)),
    );
    for (const q of s.blocked) {
        const p = parseSquare(q);
        if (!p || p.col >= n || p.row >= n || (s.board === 'octagon' && isOctagonCorner(p.col, p.row))) {
            out.push({ key: 'problem.blockedOff', params: { sq: q } });
        } else if (centre.has(squareName(p.col, p.row))) {
            out.push({ key: 'problem.blockedCentre', params: { sq: q } });
        } else if (corners.has(squareName(p.col, p.row))) {
            out.push({ key: 'problem.blockedCorner', params: { sq: q } });
        }
    }
    if (s.random_blocked) {
        const free = (s.board === 'octagon' ? 88 : n * n) - 4 - corners.size;
        if (!Number.isInteger(s.random_blocked) || s.random_blocked < 0 || s.random_blocked > free) {
            out.push({ key: 'problem.randomRange', params: { max: free } });
        } else if (s.random_blocked % 2 !== 0) {
            out.push({ key: 'problem.randomOdd' });
        }
        if (s.blocked.length) out.push({ key: 'problem.randomAndList' });
    }
    return out;
}

/**
 * A position of the rules port.
 * @typedef {object} Position
 * @property {ReturnType<typeof normaliseSetup>} setup
 * @property {number} w
 * @property {number} h
 * @property {string[]} cells row by row, as in the table state
 * @property {number} toMove
 * @property {number} ply
 * @property {string | null} last the move that led here
 * @property {string[]} flipped the squares it turned
 */

/**
 * The position before the first move (RULES.md 3, 4, 5). Throws on a forbidden setup, unless
 * `lenient` (the setup screen's preview), which skips what cannot be placed.
 * @param {import('./protocol.js').Setup} setup
 * @param {{lenient?: boolean}} [options]
 * @returns {Position}
 */
export function initialPosition(setup, { lenient = false } = {}) {
    const s = normaliseSetup(setup);
    const problems = setupProblems(s);
    if (problems.length && !lenient) throw new Error(problems[0].key);
    const n = boardSize(s.board);
    const cells = new Array(n * n).fill(EMPTY);
    /** @param {number} c @param {number} r @param {string} v */
    const set = (c, r, v) => { cells[r * n + c] = v; };
    if (s.board === 'octagon') {
        for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (isOctagonCorner(c, r)) set(c, r, OFF);
    }
    for (const q of s.blocked) {
        const p = parseSquare(q);
        if (p && p.col < n && p.row < n && cells[p.row * n + p.col] === EMPTY) set(p.col, p.row, BLOCKED);
    }
    const hc = s.players === 2 ? handicapCorners(n).slice(0, s.handicap) : [];
    for (const [c, r] of hc) if (cells[r * n + c] !== OFF) set(c, r, s.handicap_to === 'white' ? 'O' : 'X');
    const centre = centreSquares(n);
    if (s.players === 2) {
        if (!s.free_opening) {
            // White on top-left and bottom-right centre squares, Black on the others.
            centre.forEach(([c, r], i) => set(c, r, i % 2 === 0 ? 'O' : 'X'));
        }
    } else {
        centre.forEach(([c, r], i) => set(c, r, i < s.players ? DISC[i] : NEUTRAL));
    }
    return { setup: s, w: n, h: n, cells, toMove: 0, ply: 0, last: null, flipped: [] };
}

/** @param {Position} pos @param {number} c @param {number} r */
function at(pos, c, r) {
    if (c < 0 || r < 0 || c >= pos.w || r >= pos.h) return OFF;
    return pos.cells[r * pos.w + c];
}

/** @param {string} v */
const isDisc = (v) => v === 'X' || v === 'O' || v === 'R' || v === 'G' || v === NEUTRAL;

// The discs that a disc of `seat` placed at (c, r) would flip.
/** @param {Position} pos @param {number} c @param {number} r @param {number} seat @returns {[number, number][]} */
export function flipsAt(pos, c, r, seat) {
    const me = DISC[seat];
    /** @type {[number, number][]} */
    const out = [];
    for (const [dc, dr] of DIRS) {
        /** @type {[number, number][]} */
        const line = [];
        let x = c + dc;
        let y = r + dr;
        while (isDisc(at(pos, x, y)) && at(pos, x, y) !== me) {
            line.push([x, y]);
            x += dc;
            y += dr;
        }
        if (line.length && at(pos, x, y) === me) out.push(...line);
    }
    return out;
}

/** @param {Position} pos */
function inOpening(pos) {
    if (!pos.setup.free_opening) return false;
    return centreSquares(pos.w).some(([c, r]) => at(pos, c, r) === EMPTY);
}

/** @param {Position} pos @param {number} seat */
function flippingMoves(pos, seat) {
    const out = [];
    for (let r = 0; r < pos.h; r++) {
        for (let c = 0; c < pos.w; c++) {
            if (at(pos, c, r) === EMPTY && flipsAt(pos, c, r, seat).length) out.push(squareName(c, r));
        }
    }
    return out;
}

/** @param {Position} pos */
function touchingMoves(pos) {
    const out = [];
    for (let r = 0; r < pos.h; r++) {
        for (let c = 0; c < pos.w; c++) {
            if (at(pos, c, r) !== EMPTY) continue;
            if (DIRS.some(([dc, dr]) => isDisc(at(pos, c + dc, r + dr)))) out.push(squareName(c, r));
        }
    }
    return out;
}

// Legal moves of the seat to move: square names, ["pass"] when forced, [] when the game is over.
/** @param {Position} pos @returns {string[]} */
export function legalMoves(pos) {
    if (inOpening(pos)) {
        return centreSquares(pos.w).filter(([c, r]) => at(pos, c, r) === EMPTY).map(([c, r]) => squareName(c, r));
    }
    if (pos.setup.players > 2) {
        const flipping = flippingMoves(pos, pos.toMove);
        return flipping.length ? flipping : touchingMoves(pos);
    }
    const mine = flippingMoves(pos, pos.toMove);
    if (mine.length) return mine;
    return flippingMoves(pos, 1 - pos.toMove).length ? ['pass'] : [];
}

/** @param {Position} pos */
export function isOver(pos) {
    return legalMoves(pos).length === 0;
}

// The position after `move` (a square name or "pass"); throws when it is not legal.
/** @param {Position} pos @param {string} move @returns {Position} */
export function play(pos, move) {
    const m = String(move).toLowerCase();
    const legal = legalMoves(pos);
    const name = m === 'pa' ? 'pass' : m;
    const p = name === 'pass' ? null : parseSquare(name);
    const canon = p ? squareName(p.col, p.row) : name;
    if (!legal.includes(canon)) throw new Error(`illegal move ${move}`);
    /** @type {Position} */
    const next = { ...pos, cells: pos.cells.slice(), ply: pos.ply + 1, last: canon, flipped: [] };
    if (p) {
        const flips = inOpening(pos) ? [] : flipsAt(pos, p.col, p.row, pos.toMove);
        next.cells[p.row * pos.w + p.col] = DISC[pos.toMove];
        for (const [c, r] of flips) next.cells[r * pos.w + c] = DISC[pos.toMove];
        next.flipped = flips.map(([c, r]) => squareName(c, r));
    }
    next.toMove = (pos.toMove + 1) % pos.setup.players;
    return next;
}

/** @param {Position} pos */
export function counts(pos) {
    const out = new Array(pos.setup.players).fill(0);
    for (const v of pos.cells) {
        const i = DISC.indexOf(v);
        if (i >= 0 && i < out.length) out[i]++;
    }
    return out;
}

// {winner: seat | null (draw), counts} of a finished position (RULES.md 3, 4, 5).
/** @param {Position} pos */
export function outcome(pos) {
    const cs = counts(pos);
    const best = pos.setup.anti ? Math.min(...cs) : Math.max(...cs);
    const top = cs.map((v, i) => (v === best ? i : -1)).filter((i) => i >= 0);
    return { winner: top.length === 1 ? top[0] : null, counts: cs };
}

// Board rows as the table state writes them ("---OX---"), top row first.
/** @param {Position} pos */
export function boardRows(pos) {
    const rows = [];
    for (let r = 0; r < pos.h; r++) rows.push(pos.cells.slice(r * pos.w, (r + 1) * pos.w).join(''));
    return rows;
}

// Replays a move list from the setup; returns every position, the start included.
/** @param {import('./protocol.js').Setup} setup @param {string[]} moves */
export function replay(setup, moves) {
    const out = [initialPosition(setup)];
    for (const m of moves) out.push(play(out[out.length - 1], m));
    return out;
}
