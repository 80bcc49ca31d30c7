// SPDX-License-Identifier: MIT
// The HTTP half of docs/PROTOCOL.md: thin fetch wrappers that return the JSON body or throw an
// ApiError carrying the server's error code and message. Seat tokens live in localStorage per
// table, so that a player who leaves can come back to their seat with the same link.

export class ApiError extends Error {
    constructor(code, message) {
        super(message || code);
        this.code = code;
    }
}

async function call(method, path, body) {
    let res;
    try {
        res = await fetch(path, {
            method,
            headers: body ? { 'Content-Type': 'application/json' } : {},
            body: body ? JSON.stringify(body) : undefined,
        });
    } catch (e) {
        throw new ApiError('network', String(e.message || e));
    }
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

// The server's rule for player names (name_problem in src/server/protocol.cpp), so the form
// can explain a refusal before sending: at most 40 bytes of UTF-8, no control characters and
// none of the formatting characters that reorder or hide text (bidi embeddings, overrides and
// isolates, zero-width marks, the byte-order mark). A lone surrogate is not UTF-8 at all.
// Returns the problem's translation key, or null for a good name.
export const NameMaxBytes = 40;
const NameForbidden = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u061C\uFFF9-\uFFFB]|[\uD800-\uDFFF]/u;

export function nameProblem(name) {
    if (NameForbidden.test(name)) return 'problem.nameChars';
    if (new TextEncoder().encode(name).length > NameMaxBytes) return 'problem.nameLong';
    return null;
}

export const createTable = (request) => call('POST', '/api/tables', request);
export const joinTable = (id, seat, name) =>
    call('POST', `/api/tables/${encodeURIComponent(id)}/join`, { seat, name });
export const listTables = () => call('GET', '/api/tables');
export const getTable = (id) => call('GET', `/api/tables/${encodeURIComponent(id)}`);
export const listGames = (limit = 50, offset = 0) => call('GET', `/api/games?limit=${limit}&offset=${offset}`);
export const getGame = (id) => call('GET', `/api/games/${encodeURIComponent(id)}`);
export const exportUrl = (id, format) => `/api/games/${encodeURIComponent(id)}/export?format=${format}`;
// Post-game analysis and the analysis board (docs/SITE.md "Analysis").
export const getAnalysis = (id) => call('GET', `/api/games/${encodeURIComponent(id)}/analysis`);
export const analyzePosition = (setup, moves, depth) => call('POST', '/api/analyze', { setup, moves, depth });

// Players and ratings (docs/SITE.md); the session is the HttpOnly cookie the browser sends.
export const getMe = () => call('GET', '/api/me');
export const register = (name, password) => call('POST', '/api/register', { name, password });
export const login = (name, password) => call('POST', '/api/login', { name, password });
export const logout = () => call('POST', '/api/logout', {});
export const changePassword = (old, fresh) => call('POST', '/api/password', { old, new: fresh });
export const getPlayer = (name) => call('GET', `/api/players/${encodeURIComponent(name)}`);
export const getLeaderboard = (pool, limit = 50) =>
    call('GET', `/api/leaderboard?pool=${encodeURIComponent(pool)}&limit=${limit}`);

const TokenKey = 'reversi.tokens';

function tokens() {
    try {
        return JSON.parse(localStorage.getItem(TokenKey) || '{}');
    } catch {
        return {};
    }
}

// The token this browser holds for table `id`, or null.
export function tokenFor(id) {
    return tokens()[id] || null;
}

export function saveToken(id, token) {
    const all = tokens();
    all[id] = token;
    localStorage.setItem(TokenKey, JSON.stringify(all));
}
