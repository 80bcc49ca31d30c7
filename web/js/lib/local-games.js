// SPDX-License-Identifier: MIT
// The games against the computer played in this browser (issue 49, parts 3 and 5; docs/SITE.md
// "The engine in the browser"): kept in the browser's IndexedDB, never sent to the server, so
// they are played and continued without a network and nothing about them reaches a rating. A
// game is its setup, the person's seat, the computer's level and the moves: the board, whose
// turn it is and the result are the rules port's replay of them (lib/rules.js), never stored.
// What is read back is hostile like any outside input (another tab, an older release, a hand
// in the browser's tools): a record that does not replay is not a game.
import * as rules from './rules.js';
import { computerLevels } from './pools.js';

/** @typedef {import('./protocol.js').Setup} Setup */
/**
 * @typedef {object} LocalGame
 * @property {string} id 'b' and 12 random hex digits (never a server table's id)
 * @property {Setup & {board: string, players: number}} setup two players
 * @property {number} seat the person's seat (0 Black, 1 White); the computer has the other
 * @property {number} level the computer's level (1-10)
 * @property {string[]} moves every move from the start, passes included
 * @property {number} created ms since the epoch
 */

const DbName = 'reversi-local';
const Games = 'games';
// More are never kept: the oldest go first (a browser's storage is the person's, not ours).
const MaxGames = 200;
// A record's moves past this are not a game of this site (a 10x10 board has 96 empty squares,
// passes at most double them).
const MaxMoves = 240;

/** @returns {Promise<IDBDatabase>} */
function open() {
    return new Promise((resolve, reject) => {
        const req = indexedDB.open(DbName, 1);
        req.onupgradeneeded = () => req.result.createObjectStore(Games, { keyPath: 'id' });
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
    });
}

/**
 * Runs `fn` on the games' object store in one transaction; resolves once it is committed.
 * @template T
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest<T> | void} fn
 * @returns {Promise<T | undefined>}
 */
async function inStore(mode, fn) {
    const db = await open();
    try {
        return await new Promise((resolve, reject) => {
            const tx = db.transaction(Games, mode);
            const req = fn(tx.objectStore(Games));
            tx.oncomplete = () => resolve(req ? req.result : undefined);
            tx.onerror = () => reject(tx.error);
            tx.onabort = () => reject(tx.error);
        });
    } finally {
        db.close();
    }
}

/** A fresh game's id. */
export function newGameId() {
    return `b${[...crypto.getRandomValues(new Uint8Array(6))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Whether `id` names a game of this browser (not a server's table). @param {string} id */
export const isLocalId = (id) => /^b[0-9a-f]{12}$/.test(id);

/**
 * The record as a game, or null when it is not one (a wrong shape, or moves that do not replay).
 * @param {unknown} r
 * @returns {LocalGame | null}
 */
export function asGame(r) {
    if (!r || typeof r !== 'object') return null;
    const g = /** @type {Record<string, any>} */ (r);
    if (typeof g.id !== 'string' || !isLocalId(g.id)) return null;
    if (!(g.seat === 0 || g.seat === 1) || !Number.isInteger(g.level) || !computerLevels().includes(g.level)) return null;
    if (!Array.isArray(g.moves) || g.moves.length > MaxMoves || !g.moves.every((m) => typeof m === 'string')) return null;
    if (!g.setup || typeof g.setup !== 'object' || !Number.isFinite(g.created)) return null;
    try {
        const setup = rules.normaliseSetup(g.setup);
        if (setup.players !== 2) return null;
        rules.replay(setup, g.moves);
        return { id: g.id, setup, seat: g.seat, level: g.level, moves: g.moves.slice(), created: g.created };
    } catch {
        return null;
    }
}

/** Stores `game` (a new one, or its moves changed); the oldest beyond MaxGames go. @param {LocalGame} game */
export async function saveGame(game) {
    await inStore('readwrite', (store) => store.put(game));
    const all = await listGames();
    for (const old of all.slice(MaxGames)) await deleteGame(old.id);
}

/** The game `id`, or null when this browser keeps none by that id. @param {string} id */
export async function loadGame(id) {
    return asGame(await inStore('readonly', (store) => store.get(id)));
}

/** @param {string} id */
export async function deleteGame(id) {
    await inStore('readwrite', (store) => store.delete(id));
}

/** Every game this browser keeps, newest first. @returns {Promise<LocalGame[]>} */
export async function listGames() {
    const all = /** @type {unknown[]} */ ((await inStore('readonly', (store) => store.getAll())) || []);
    return all.map(asGame).filter((g) => g !== null).sort((a, b) => b.created - a.created);
}
