// SPDX-License-Identifier: MIT
// A throwaway stand-in for `reversi serve`, for developing the web client before the real server
// exists: it speaks the subset of docs/PROTOCOL.md the client uses, keeps tables in memory, and
// plays computer seats with a random legal move. Test-only; the browser tests use build/reversi.
// Usage: node tests/e2e/mock-server.mjs PORT
import { createServer } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as rules from '../../web/js/lib/rules.js';

const webDir = fileURLToPath(new URL('../../web/', import.meta.url));
const port = Number(process.argv[2] || 8099);
const tables = new Map();
const games = [];
const id = () => randomBytes(4).toString('hex');
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

function stateOf(tb, token) {
    const pos = tb.pos;
    const legal = rules.legalMoves(pos);
    const over = tb.result !== null;
    return {
        id: tb.id, setup: pos.setup, seats: tb.seats, local: tb.local, hints: tb.hints,
        status: over ? 'finished' : tb.seats.some((s) => s.type === 'human' && !s.taken) ? 'waiting' : 'playing',
        ply: pos.ply, moves: tb.moves, to_move: over ? null : pos.toMove, board: rules.boardRows(pos),
        legal: over ? [] : legal, last_move: pos.last, flipped: pos.flipped, counts: rules.counts(pos),
        clock: { mode: 'none' }, result: tb.result, you: token && tb.tokens[token] ? tb.tokens[token] : [],
    };
}

function broadcast(tb) {
    for (const c of tb.clients) send(c.sock, { type: 'state', table: stateOf(tb, c.token) });
}

function advance(tb) {
    if (rules.isOver(tb.pos) && !tb.result) {
        const o = rules.outcome(tb.pos);
        tb.result = { winner: o.winner, counts: o.counts, reason: 'end' };
        games.unshift({ id: tb.id, setup: tb.pos.setup, seats: tb.seats, moves: tb.moves, result: tb.result });
    }
    broadcast(tb);
    if (tb.result) return;
    const seat = tb.seats[tb.pos.toMove];
    const st = stateOf(tb, null);
    if (seat.type === 'computer' && st.status === 'playing') {
        setTimeout(() => {
            const legal = rules.legalMoves(tb.pos);
            const m = legal[Math.floor(Math.random() * legal.length)];
            tb.pos = rules.play(tb.pos, m);
            tb.moves.push(m);
            advance(tb);
        }, 30);
    }
}

function err(code, message) {
    return { type: 'error', code, message };
}

async function body(req) {
    let s = '';
    for await (const chunk of req) s += chunk;
    return JSON.parse(s || '{}');
}

function json(res, status, obj) {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(obj));
}

const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const p = url.pathname;
    try {
        if (p === '/api/health') return json(res, 200, { ok: true });
        if (p === '/api/tables' && req.method === 'POST') {
            const b = await body(req);
            const setup = rules.normaliseSetup(b.setup);
            if (setup.random_blocked) {
                const n = rules.boardSize(setup.board);
                const cand = [];
                const start = rules.initialPosition({ ...setup, random_blocked: 0 });
                for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
                    const i = r * n + c;
                    const j = (n - 1 - r) * n + (n - 1 - c);
                    if (i < j && start.cells[i] === '-' && start.cells[j] === '-') cand.push([i, j]);
                }
                cand.sort(() => Math.random() - 0.5);
                setup.blocked = cand.slice(0, setup.random_blocked / 2).flat()
                    .map((i) => rules.squareName(i % n, Math.floor(i / n)));
                setup.random_blocked = 0;
            }
            const problems = rules.setupProblems(setup);
            if (problems.length) return json(res, 400, err('bad_setup', problems[0].key));
            if (!(b.seats || []).some((s) => s.type === 'human')) {
                return json(res, 400, err('bad_request', 'a table needs at least one human seat'));
            }
            const tb = { id: id(), pos: rules.initialPosition(setup), moves: [], result: null, local: !!b.local,
                // The server's default (table.h hints_by_default): off between people at their own screens.
                hints: typeof b.hints === 'boolean' ? b.hints : !!b.local || b.seats.filter((s) => s.type === 'human').length < 2,
                clients: new Set(), tokens: {},
                seats: b.seats.map((s) => (s.type === 'computer' ? { type: 'computer', level: s.level }
                    : { type: 'human', name: '', taken: false, connected: false })) };
            tables.set(tb.id, tb);
            let token = null;
            if (b.seat !== undefined) {
                token = id() + id();
                const seats = b.local ? tb.seats.map((s, i) => (s.type === 'human' ? i : -1)).filter((i) => i >= 0) : [b.seat];
                for (const s of seats) Object.assign(tb.seats[s], { taken: true, name: b.name || '' });
                tb.tokens[token] = seats;
            }
            advance(tb);
            return json(res, 200, { table: tb.id, seat: b.seat, token, table_state: stateOf(tb, token) });
        }
        let m = /^\/api\/tables\/(\w+)\/join$/.exec(p);
        if (m && req.method === 'POST') {
            const tb = tables.get(m[1]);
            if (!tb) return json(res, 404, err('not_found', 'no such table'));
            const b = await body(req);
            const seat = tb.seats[b.seat];
            if (!seat || seat.type !== 'human') return json(res, 400, err('bad_request', 'not a human seat'));
            if (seat.taken) return json(res, 409, err('seat_taken', 'taken'));
            Object.assign(seat, { taken: true, name: b.name || '' });
            const token = id() + id();
            tb.tokens[token] = [b.seat];
            advance(tb);
            return json(res, 200, { seat: b.seat, token });
        }
        if (p === '/api/tables') {
            return json(res, 200, { tables: [...tables.values()].filter((x) => !x.result).reverse()
                .map((x) => ({ id: x.id, setup: x.pos.setup, seats: x.seats, status: stateOf(x).status, ply: x.pos.ply })) });
        }
        m = /^\/api\/tables\/(\w+)$/.exec(p);
        if (m) {
            const tb = tables.get(m[1]);
            return tb ? json(res, 200, stateOf(tb, null)) : json(res, 404, err('not_found', 'no such table'));
        }
        if (p === '/api/games') return json(res, 200, { games });
        m = /^\/api\/games\/(\w+)$/.exec(p);
        if (m) {
            const g = games.find((x) => x.id === m[1]);
            return g ? json(res, 200, g) : json(res, 404, err('not_found', 'no such game'));
        }
        const file = normalize(join(webDir, p === '/' ? 'index.html' : p));
        if (!file.startsWith(webDir)) return json(res, 404, err('not_found', 'no'));
        const data = await readFile(file);
        res.writeHead(200, { 'Content-Type': types[extname(file)] || 'application/octet-stream' });
        res.end(data);
    } catch (e) {
        json(res, 404, err('not_found', String(e.message)));
    }
});

function send(sock, obj) {
    const data = Buffer.from(JSON.stringify(obj));
    const head = data.length < 126 ? Buffer.from([0x81, data.length])
        : data.length < 65536 ? Buffer.from([0x81, 126, data.length >> 8, data.length & 255])
            : (() => { const h = Buffer.alloc(10); h[0] = 0x81; h[1] = 127; h.writeBigUInt64BE(BigInt(data.length), 2); return h; })();
    if (!sock.destroyed) sock.write(Buffer.concat([head, data]));
}

server.on('upgrade', (req, sock) => {
    const url = new URL(req.url, 'http://x');
    const tb = tables.get(url.searchParams.get('table'));
    const accept = createHash('sha1').update(req.headers['sec-websocket-key'] + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
    sock.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    if (!tb) { send(sock, err('not_found', 'no such table')); sock.end(); return; }
    const client = { sock, token: url.searchParams.get('token') };
    tb.clients.add(client);
    send(sock, { type: 'state', table: stateOf(tb, client.token) });
    let buf = Buffer.alloc(0);
    sock.on('data', (chunk) => {
        buf = Buffer.concat([buf, chunk]);
        while (buf.length >= 2) {
            let len = buf[1] & 127;
            let off = 2;
            if (len === 126) { len = buf.readUInt16BE(2); off = 4; }
            if (buf.length < off + 4 + len) return;
            const mask = buf.subarray(off, off + 4);
            const payload = Buffer.from(buf.subarray(off + 4, off + 4 + len)).map((b, i) => b ^ mask[i % 4]);
            const op = buf[0] & 15;
            buf = buf.subarray(off + 4 + len);
            if (op === 8) { sock.end(); return; }
            if (op === 1) onMessage(tb, client, JSON.parse(payload.toString()));
        }
    });
    sock.on('close', () => tb.clients.delete(client));
    sock.on('error', () => tb.clients.delete(client));
});

function onMessage(tb, client, msg) {
    const mine = tb.tokens[client.token] || [];
    if (msg.type === 'ping') return send(client.sock, { type: 'pong' });
    if (msg.type === 'move') {
        if (tb.result) return send(client.sock, err('game_over', 'over'));
        if (!mine.includes(tb.pos.toMove)) return send(client.sock, err('not_your_turn', 'not your turn'));
        if (msg.ply !== undefined && msg.ply !== tb.pos.ply) return send(client.sock, err('stale', 'stale'));
        try {
            tb.pos = rules.play(tb.pos, msg.square);
        } catch {
            return send(client.sock, err('illegal_move', `${msg.square} is not legal`));
        }
        tb.moves.push(msg.square === 'pass' ? 'pass' : msg.square.toLowerCase());
        return advance(tb);
    }
    if (msg.type === 'hint') {
        const legal = rules.legalMoves(tb.pos);
        return send(client.sock, { type: 'hint', square: legal[0], score: 0, depth: 1 });
    }
    if (msg.type === 'resign') {
        const seat = msg.seat ?? tb.pos.toMove;
        tb.result = { winner: tb.pos.setup.players === 2 ? 1 - seat : null, counts: rules.counts(tb.pos), reason: 'resign' };
        games.unshift({ id: tb.id, setup: tb.pos.setup, seats: tb.seats, moves: tb.moves, result: tb.result });
        return broadcast(tb);
    }
    if (msg.type === 'cancel') {
        if (tb.result) return send(client.sock, err('game_over', 'the game is over'));
        if (!mine.length) return send(client.sock, err('not_your_seat', 'only a player at this table can cancel it'));
        if (stateOf(tb, null).status !== 'waiting') return send(client.sock, err('not_allowed', 'resign instead'));
        // Like the server: no winner, and not listed among the finished games.
        tb.result = { winner: null, counts: rules.counts(tb.pos), reason: 'cancelled' };
        return broadcast(tb);
    }
    send(client.sock, err('not_allowed', `${msg.type} is not supported by the mock`));
}

server.listen(port, '127.0.0.1', () => console.log(`mock server on http://127.0.0.1:${port}`));
