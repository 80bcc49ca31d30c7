// SPDX-License-Identifier: MIT
// The HTTP half of docs/PROTOCOL.md: thin fetch wrappers that return the JSON body or throw an
// ApiError carrying the server's error code and message (network failures: code 'network').
// Seat tokens are kept by preferences.js. Each call tells lib/offline.js whether the server
// answered.
import { sawFetch } from './offline.js';

/** @typedef {import('./protocol.js').Created} Created */
/** @typedef {import('./protocol.js').GameAnalysis} GameAnalysis */
/** @typedef {import('./protocol.js').GameSummary} GameSummary */
/** @typedef {import('./protocol.js').LeaderboardRow} LeaderboardRow */
/** @typedef {import('./protocol.js').Me} Me */
/** @typedef {import('./protocol.js').Player} Player */
/** @typedef {import('./protocol.js').PositionScores} PositionScores */
/** @typedef {import('./protocol.js').Puzzle} Puzzle */
/** @typedef {import('./protocol.js').ExplorerAnswer} ExplorerAnswer */
/** @typedef {import('./protocol.js').ExplorerEval} ExplorerEval */
/** @typedef {import('./protocol.js').GgfImportAnswer} GgfImportAnswer */
/** @typedef {import('./protocol.js').OpeningName} OpeningName */
/** @typedef {import('./protocol.js').PuzzleAnswer} PuzzleAnswer */
/** @typedef {import('./protocol.js').PuzzlePlayer} PuzzlePlayer */
/** @typedef {import('./protocol.js').Setup} Setup */
/** @typedef {import('./protocol.js').TableState} TableState */
/** @typedef {import('./protocol.js').TableSummary} TableSummary */

export class ApiError extends Error {
    /** @param {string} code @param {string} [message] */
    constructor(code, message) {
        super(message || code);
        this.code = code;
    }
}

/**
 * @param {string} method
 * @param {string} path
 * @param {object} [body]
 * @returns {Promise<any>}
 */
async function call(method, path, body) {
    let res;
    try {
        // Every POST says JSON, even without a body: the server refuses any other POST, which
        // is what keeps other sites' pages from acting for the player (docs/PROTOCOL.md).
        const posting = method === 'POST';
        res = await fetch(path, {
            method,
            headers: body || posting ? { 'Content-Type': 'application/json' } : {},
            body: body ? JSON.stringify(body) : posting ? '{}' : undefined,
        });
    } catch (e) {
        sawFetch(null);
        throw new ApiError('network', String(/** @type {Error} */ (e).message || e));
    }
    sawFetch(res);
    /** @type {any} */
    let data = null;
    try {
        data = await res.json();
    } catch {
        throw new ApiError('internal', `HTTP ${res.status}`);
    }
    if (!res.ok || (data && data.type === 'error')) {
        throw new ApiError(data?.code || 'internal', data?.message || `HTTP ${res.status}`);
    }
    return data;
}

// The server's rule for player names (name_problem in src/server/common/protocol.cpp), so the form
// can explain a refusal before sending: at most `max` characters (GET /api/config's name_chars;
// code points of the NFC form, as the server normalises names; issue 26, 11), no control
// characters and none of the formatting characters that reorder or hide text (bidi embeddings,
// overrides and isolates, zero-width marks, the byte-order mark). A lone surrogate is not UTF-8 at all.
/** A name's length as the server counts it: code points of its NFC form. @param {string} name */
export const nameLength = (name) => [...name.normalize('NFC')].length;
const NameForbidden = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u061C\uFFF9-\uFFFB]|[\uD800-\uDFFF]/u;

/** The problem's translation key, or null for a good name. @param {string} name @param {number} max @returns {string | null} */
export function nameProblem(name, max) {
    if (NameForbidden.test(name)) return 'problem.nameChars';
    if (nameLength(name) > max) return 'problem.nameLong';
    return null;
}

/** @param {object} request @returns {Promise<Created>} */
export const createTable = (request) => call('POST', '/api/tables', request);
/** @param {string} id @param {number} seat @param {string} [name] @returns {Promise<Created>} */
export const joinTable = (id, seat, name) =>
    call('POST', `/api/tables/${encodeURIComponent(id)}/join`, { seat, name });
/** @returns {Promise<{tables: TableSummary[]}>} */
export const listTables = () => call('GET', '/api/tables');
/** @param {string} id @returns {Promise<TableState>} */
export const getTable = (id) => call('GET', `/api/tables/${encodeURIComponent(id)}`);
/** @returns {Promise<{games: GameSummary[]}>} */
export const listGames = (limit = 50, offset = 0) => call('GET', `/api/games?limit=${limit}&offset=${offset}`);
/** @param {string} id @returns {Promise<GameSummary>} */
export const getGame = (id) => call('GET', `/api/games/${encodeURIComponent(id)}`);
/** @param {string} id @param {string} format */
export const exportUrl = (id, format) => `/api/games/${encodeURIComponent(id)}/export?format=${format}`;
// Post-game analysis and the analysis board (docs/SITE.md "Analysis").
/** @param {string} id @returns {Promise<GameAnalysis>} */
export const getAnalysis = (id) => call('GET', `/api/games/${encodeURIComponent(id)}/analysis`);
/** @param {Setup} setup @param {string[]} moves @param {number} depth @returns {Promise<PositionScores>} */
export const analyzePosition = (setup, moves, depth) => call('POST', '/api/analyze', { setup, moves, depth });

/** @returns {Promise<import('./protocol.js').SiteConfig>} what the site allows (the forms are built from it) */
export const getConfig = () => call('GET', '/api/config');

// Players and ratings (docs/SITE.md); the session is the HttpOnly cookie the browser sends.
/** @returns {Promise<Me>} */
export const getMe = () => call('GET', '/api/me');
/** @param {string} name @param {string} password @returns {Promise<Me>} */
export const register = (name, password) => call('POST', '/api/register', { name, password });
/** @param {string} name @param {string} password @returns {Promise<Me>} */
export const login = (name, password) => call('POST', '/api/login', { name, password });
export const logout = () => call('POST', '/api/logout', {});
/** @param {string} old @param {string} fresh */
export const changePassword = (old, fresh) => call('POST', '/api/password', { old, new: fresh });
/** Ends the caller's account (issue 27); its games stay. @param {string} password */
export const deleteAccount = (password) => call('POST', '/api/account/delete', { password });
/** @param {string} name @returns {Promise<Player>} */
export const getPlayer = (name) => call('GET', `/api/players/${encodeURIComponent(name)}`);
// Tournaments (docs/SITE.md "Tournaments").
/** @typedef {import('./protocol.js').TournamentView} TournamentView */
/**
 * A page of the list: running, then to come, then finished (docs/SITE.md "Tournaments").
 * @param {number} offset @param {number} limit
 * @returns {Promise<{tournaments: TournamentView[], total: number}>}
 */
export const listTournaments = (offset, limit) => call('GET', `/api/tournaments?offset=${offset}&limit=${limit}`);
/** @param {string} id @returns {Promise<TournamentView>} */
export const getTournament = (id) => call('GET', `/api/tournaments/${encodeURIComponent(id)}`);
/** @param {object} settings @returns {Promise<TournamentView>} */
export const createTournament = (settings) => call('POST', '/api/tournaments', settings);
// The tournament a game at table `id` belongs to ({tournament: null} for none).
/** @param {string} id @returns {Promise<{tournament: TournamentView | null}>} */
export const tableTournament = (id) => call('GET', `/api/tables/${encodeURIComponent(id)}/tournament`);
/** @param {string} id @param {'join' | 'withdraw' | 'start' | 'cancel'} action @returns {Promise<TournamentView>} */
export const tournamentAction = (id, action) => call('POST', `/api/tournaments/${encodeURIComponent(id)}/${action}`, {});
/** @param {string} name @returns {Promise<{tournaments: import('./protocol.js').TournamentResult[]}>} */
export const playerTournaments = (name) => call('GET', `/api/players/${encodeURIComponent(name)}/tournaments`);
/** @param {string} pool @returns {Promise<{players: LeaderboardRow[]}>} */
export const getLeaderboard = (pool, limit = 50) =>
    call('GET', `/api/leaderboard?pool=${encodeURIComponent(pool)}&limit=${limit}`);

// Puzzles (docs/PUZZLES.md "On the site").
/** @returns {Promise<import('./protocol.js').PuzzleOverview>} the server's puzzle pools and daily puzzle */
export const getPuzzleOverview = () => call('GET', '/api/puzzles');
/** @param {string} pool @param {string} [skip] @returns {Promise<Puzzle>} */
export const nextPuzzle = (pool, skip = '') =>
    call('GET', `/api/puzzles/next?pool=${encodeURIComponent(pool)}&skip=${encodeURIComponent(skip)}`);
/** @param {string} id "daily" or a puzzle's id @returns {Promise<Puzzle>} */
export const getPuzzle = (id) => call('GET', `/api/puzzles/${encodeURIComponent(id)}`);
/** @param {string} id @param {string[]} moves @returns {Promise<PuzzleAnswer>} */
export const submitPuzzle = (id, moves) => call('POST', `/api/puzzles/${encodeURIComponent(id)}/moves`, { moves });
/** @param {string} pool @returns {Promise<Puzzle>} a new streak's first puzzle */
export const startStreak = (pool) => call('POST', '/api/puzzles/streak', { pool });
/** @param {string} name @returns {Promise<PuzzlePlayer>} */
export const getPuzzlePlayer = (name) => call('GET', `/api/puzzles/players/${encodeURIComponent(name)}`);

// The opening explorer and the opening names (docs/EXPLORER.md).
/**
 * @param {string} pool @param {string[]} moves @param {{player?: string, min?: number, max?: number}} filter
 * @returns {Promise<ExplorerAnswer>}
 */
export function explore(pool, moves, filter = {}) {
    const q = new URLSearchParams({ pool, moves: moves.join(' ') });
    if (filter.player) q.set('player', filter.player);
    if (filter.min) q.set('min', String(filter.min));
    if (filter.max) q.set('max', String(filter.max));
    return call('GET', `/api/explorer?${q}`);
}
/** @param {string} pool @param {string[]} moves @returns {Promise<ExplorerEval>} */
export const explorerEval = (pool, moves) =>
    call('GET', `/api/explorer/eval?${new URLSearchParams({ pool, moves: moves.join(' ') })}`);
/** @param {string} ggf a GGF text (part of a file) @returns {Promise<GgfImportAnswer>} */
export const importGgf = (ggf) => call('POST', '/api/explorer/imports', { ggf });
/** @param {string} wthor a WTHOR file (part of one, with its own header) in base64 @returns {Promise<GgfImportAnswer>} */
export const importWthor = (wthor) => call('POST', '/api/explorer/imports', { wthor });
/** @param {string} moves @returns {Promise<{opening: OpeningName | null}>} */
export const openingName = (moves) => call('GET', `/api/openings?moves=${encodeURIComponent(moves)}`);

// Moderation (docs/SITE.md "Moderation", docs/PROTOCOL.md "Moderation").
/** @typedef {import('./protocol.js').ModReport} ModReport */
/** @typedef {import('./protocol.js').ModSanction} ModSanction */
/** @returns {Promise<{role: string}>} "moderator", "admin" or "" */
export const getModRole = () => call('GET', '/api/mod/me');
/**
 * A player's report of a player (`player`) or of a chat line (`table` + `seq`).
 * @param {{reason: string, text?: string, player?: string, table?: string, seq?: number}} report
 * @returns {Promise<{id: string}>}
 */
export const sendReport = (report) => call('POST', '/api/reports', report);
/** @returns {Promise<{groups: import('./protocol.js').ModReportGroup[], more: boolean}>} */
export const listReports = () => call('GET', '/api/mod/reports');
/** @param {string} id @param {'dismissed' | 'actioned'} resolution @param {string} reason */
export const resolveReport = (id, resolution, reason) =>
    call('POST', `/api/mod/reports/${encodeURIComponent(id)}/resolve`, { resolution, reason });
/**
 * Resolves a player's open reports filed up to `until` (the newest the moderator saw).
 * @param {string} player @param {'dismissed' | 'actioned'} resolution @param {string} reason @param {number} until
 * @returns {Promise<{player: string, resolution: string, resolved: number}>}
 */
export const resolvePlayerReports = (player, resolution, reason, until) =>
    call('POST', `/api/mod/reports/player/${encodeURIComponent(player)}/resolve`, { resolution, reason, until });
/**
 * The audit log's entries older than `before` (0: the newest), newest first.
 * @param {number} before @param {number} limit
 * @returns {Promise<{entries: import('./protocol.js').AuditEntry[]}>}
 */
export const listAudit = (before = 0, limit = 50) => call('GET', `/api/mod/audit?before=${before}&limit=${limit}`);
/** @returns {Promise<{sanctions: ModSanction[]}>} */
export const listSanctions = () => call('GET', '/api/mod/sanctions');
/** @param {{player: string, kind: string, minutes: number, lift: boolean, reason: string}} sanction */
export const sanction = (sanction) => call('POST', '/api/mod/sanctions', sanction);
/** @param {string} table @param {number} seq @param {string} reason */
export const hideChat = (table, seq, reason) => call('POST', '/api/mod/chat/hide', { table, seq, reason });

// Bot accounts and their API tokens (docs/PROTOCOL.md "Bot API").
/** @returns {Promise<import('./protocol.js').Me>} the caller's account, now a bot's */
export const becomeBot = () => call('POST', '/api/bot/account', {});
/** @returns {Promise<import('./protocol.js').BotToken & {token: string, name: string}>} a new token, shown once */
export const makeBotToken = () => call('POST', '/api/bot/token', {});
/** @returns {Promise<{tokens: import('./protocol.js').BotToken[], max: number}>} */
export const listBotTokens = () => call('GET', '/api/bot/tokens');
/** @param {string} id @returns {Promise<{revoked: string}>} */
export const revokeBotToken = (id) => call('POST', `/api/bot/tokens/${encodeURIComponent(id)}/revoke`, {});
