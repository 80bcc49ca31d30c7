// SPDX-License-Identifier: MIT
// Sentences the game view and the replay build from table data: the result (winner's count
// first), a hint ("Best: c4 (+2 discs)"), the note on a special phase (free opening, touching
// placement), counted words with each language's plural forms, and the rules page of a setup.
import { t, colourName, getLang } from './i18n.js';
import * as rules from './rules.js';

// "{n} corners" with the plural form the language uses for n (Polish has one, few and many;
// Turkish keeps one form after a number). Keys: `${base}.one`, `.few`, `.many`, `.other`.
/** @param {string} base @param {number} n */
export function counted(base, n) {
    const form = new Intl.PluralRules(getLang()).select(n);
    const key = `${base}.${form}`;
    const text = t(key, { n });
    return text === key ? t(`${base}.other`, { n }) : text;
}

// The rules page that best describes a setup.
/** @param {import('./protocol.js').Setup} setup */
export function variantOf(setup) {
    if ((setup.players ?? 2) > 2) return 'multi';
    if (setup.anti) return 'anti';
    if (setup.free_opening) return 'free';
    if ((setup.handicap ?? 0) > 0) return 'handicap';
    if ((setup.blocked && setup.blocked.length) || setup.random_blocked) return 'blocked';
    if (setup.board !== '8') return 'shapes';
    return 'standard';
}

// A table that ended before its game started (cancelled by a player, or expired waiting for
// players) has no winner and no score: it is no draw.
/** @param {import('./protocol.js').Result | string | null | undefined} result */
export const neverPlayed = (result) => typeof result === 'object' && ['cancelled', 'expired', 'aborted'].includes(result?.reason ?? '');

// The counts with the winner's first ("White wins 55–9"); a draw or a 3-4 player game keeps
// seat order after the winner.
/** @param {import('./protocol.js').Result} result */
function countsText(result) {
    const counts = result.counts || [];
    const w = result.winner;
    if (w === null || w === undefined || counts[w] === undefined) return counts.join('–');
    return [counts[w], ...counts.filter((_, i) => i !== w)].join('–');
}

// How a game was decided, as the result sentences name it: the reasons with words of their
// own ('resign', 'time', 'abandoned', 'agreed'), or '' for the end of the game.
/** @param {import('./protocol.js').Result} result */
const how = (result) => (['resign', 'time', 'abandoned', 'agreed'].includes(result.reason ?? '') ? result.reason ?? '' : '');

// "White wins on time (3–3)." and friends, the way decided before the score (issue 48, 19),
// for a result object of the table state or a finished game: the one place a result is
// written (table, lobby, replay, analysis; the profile's view of one seat is outcomeText).
/** @param {import('./protocol.js').Result} result @param {import('./protocol.js').Setup} [setup] */
export function resultText(result, setup) {
    if (result.reason === 'cancelled') return t('result.cancelled');
    if (result.reason === 'expired') return t('result.expired');
    if (result.reason === 'aborted') return t('result.aborted');
    const counts = countsText(result);
    const way = how(result);
    const winner = result.winner;
    // A draw by resignation or on time: with 3-4 players the others can tie after one drops out.
    let text = winner === null || winner === undefined ? t(way ? `result.draw.${way}` : 'result.draw', { counts })
        : t(way && way !== 'agreed' ? `result.win.${way}` : 'result.win', { colour: colourName(winner), counts });
    if (setup && setup.anti) text += ` ${t('result.anti')}`;
    return text;
}

// 'won', 'drawn' or 'lost' for `seat` of a finished game's result, or null (no seat, or a
// game that never counted).
/** @param {import('./protocol.js').Result | null | undefined} result @param {number} seat */
export function outcome(result, seat) {
    if (!result || seat < 0 || neverPlayed(result)) return null;
    if (result.winner === null || result.winner === undefined) return 'drawn';
    return result.winner === seat ? 'won' : 'lost';
}

// The result from one seat's side, the way decided included: "won on time", "lost by
// resignation", "draw by agreement"; '' when outcome() is null.
/** @param {import('./protocol.js').Result | null | undefined} result @param {number} seat */
export function outcomeText(result, seat) {
    const o = outcome(result, seat);
    if (!o || !result) return '';
    const way = how(result);
    const worded = o === 'drawn' ? way === 'agreed' : way && way !== 'agreed';
    return t(worded ? `outcome.${o}.${way}` : `outcome.${o}`);
}

// The hint message as a friendly line. The score is the expected final disc difference for
// the side to move with two players; with three or four it is a heuristic value, not shown.
/** @param {{square: string | null, score?: number}} msg @param {number} players */
export function hintText(msg, players) {
    if (!msg.square) return t('hint.none');
    if (players !== 2 || typeof msg.score !== 'number') return t('hint.bestOnly', { sq: msg.square });
    const sign = msg.score > 0 ? '+' : msg.score < 0 ? '−' : '±';
    const discs = counted('discs', Math.abs(msg.score));
    return t('hint.best', { sq: msg.square, score: `${sign}${discs}` });
}

// The line under the board while a special phase applies, or '' (free opening placements;
// with 3-4 players, a seat without a flipping move placing a disc next to any disc).
/** @param {import('./protocol.js').TableState | null} table */
export function phaseNote(table) {
    if (!table || table.status !== 'playing') return '';
    const setup = table.setup;
    if (setup.free_opening && table.ply < 4) return t('phase.free', { n: 4 - table.ply });
    if (setup.players > 2) {
        const legal = (table.legal || []).filter((m) => m !== 'pass');
        if (!legal.length) return '';
        try {
            const pos = rules.replay(setup, table.moves || []).at(-1);
            const sq = rules.parseSquare(legal[0]);
            const seat = table.to_move ?? 0;
            if (pos && sq && !rules.flipsAt(pos, sq.col, sq.row, seat).length) {
                return t('phase.touch', { colour: colourName(seat) });
            }
        } catch {
            // A setup the client's rules port cannot replay: no note rather than a wrong one.
        }
    }
    return '';
}

// A date (ms since the epoch) in the reader's language: "3 Dec 2026" or, with the time,
// "3 Dec 2026, 14:05".
/** @param {number | undefined} ms @param {boolean} [withTime] */
export function dateText(ms, withTime = false) {
    if (!ms) return '';
    return new Date(ms).toLocaleString(getLang(), withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
}

// A computer seat's name, "Computer (level 3)": the one writer for the table, the replay, the
// lobby, the landing page and the profile (the replay said "computer level 3").
/** @param {number | string | undefined} level */
export const computerName = (level) => t('seat.computerLevel', { n: level ?? '' });

// Who sat at a seat, for lists of games: a computer by its level, a person by name.
/** @param {import('./protocol.js').Seat | undefined} s */
export function seatName(s) {
    if (!s) return '';
    if (s.type === 'computer') return computerName(s.level);
    return s.player || s.name || t('seat.human');
}

// A seat's rating as a number (the table state's number, or a rating object's), or null.
/** @param {import('./protocol.js').Seat | undefined} s */
export function seatRating(s) {
    const r = s?.rating;
    if (r === null || r === undefined) return null;
    return Math.round(typeof r === 'object' ? r.rating : r);
}
