// SPDX-License-Identifier: MIT
// The rating pools and time-control presets of docs/SITE.md, and how the site screens name
// them: the setup and clock objects a pool and a preset stand for, and their short labels.
import { t } from './i18n.js';

export const POOLS = ['8x8', '8x8-anti', '6x6', '10x10', 'octagon', '3p', '4p'];
export const PRESETS = ['1+0', '3+2', '5+3', '10+0', '15+10', 'untimed'];
// Correspondence: days per move (docs/SITE.md "Correspondence"), for seeks and challenges.
export const CORRESPONDENCE = ['1d', '2d', '3d', '5d', '7d', '14d'];
export const TIME_CHOICES = [...PRESETS, ...CORRESPONDENCE];

// The setup object a game of `pool` is played with.
/** @param {string} pool */
export function setupForPool(pool) {
    const base = { board: '8', players: 2, anti: false, free_opening: false, handicap: 0 };
    switch (pool) {
    case '8x8-anti': return { ...base, anti: true };
    case '6x6': return { ...base, board: '6' };
    case '10x10': return { ...base, board: '10' };
    case 'octagon': return { ...base, board: 'octagon' };
    case '3p': return { ...base, players: 3 };
    case '4p': return { ...base, players: 4 };
    default: return base;
    }
}

// The clock object of a preset ("5+3": five minutes each, three seconds added per move).
/** @param {string} preset @returns {import('./protocol.js').Clock} */
export function clockForPreset(preset) {
    const days = /^(\d+)d$/.exec(preset || '');
    if (days) return { mode: 'days', days: Number(days[1]) };
    const m = /^(\d+)\+(\d+)$/.exec(preset || '');
    if (!m) return { mode: 'none' };
    return { mode: 'game', seconds: Number(m[1]) * 60, increment: Number(m[2]) };
}

// "5+3", "30 s/move" or "untimed" for a clock object.
/** @param {import('./protocol.js').Clock | null | undefined} clock */
export function clockLabel(clock) {
    if (!clock || clock.mode === 'none' || !clock.mode) return t('site.untimed');
    if (clock.mode === 'move') return t('site.perMove', { n: clock.seconds });
    if (clock.mode === 'days') return t('site.perDays', { n: clock.days ?? 1 });
    const minutes = Math.round(((clock.seconds ?? 0) / 60) * 10) / 10;
    return `${minutes}+${clock.increment || 0}`;
}

/** @param {string} preset */
/**
 * The preset a clock object stands for ("5+3", "untimed"), or null when it is none of them.
 * @param {import('./protocol.js').Clock | null | undefined} clock
 */
export function presetOf(clock) {
    if (!clock || !clock.mode || clock.mode === 'none') return 'untimed';
    if (clock.mode === 'days') return `${clock.days}d`;
    if (clock.mode !== 'game' || !clock.seconds || clock.seconds % 60) return null;
    const preset = `${clock.seconds / 60}+${clock.increment || 0}`;
    return PRESETS.includes(preset) ? preset : null;
}

/** @param {string} preset */
export const presetLabel = (preset) => (preset === 'untimed' ? t('site.untimed')
    : CORRESPONDENCE.includes(preset) ? t('site.perDays', { n: Number.parseInt(preset, 10) }) : preset);
/** @param {string} pool */
export const poolName = (pool) => (POOLS.includes(pool) ? t(`pool.${pool}`) : '');

// The pool a setup belongs to, or null when its games are casual only (as the server decides).
/** @param {import('./protocol.js').Setup & {random_blocked?: number}} [setup] */
export function poolOf(setup = {}) {
    const blocked = (setup.blocked && setup.blocked.length) || setup.random_blocked;
    if (blocked || setup.handicap || setup.free_opening) return null;
    const players = setup.players ?? 2;
    if (players === 3 && !setup.anti) return '3p';
    if (players === 4 && !setup.anti) return '4p';
    if (players !== 2) return null;
    const board = String(setup.board ?? '8');
    if (setup.anti) return board === '8' ? '8x8-anti' : null;
    return { 6: '6x6', 8: '8x8', 10: '10x10', octagon: 'octagon' }[board] ?? null;
}

// A rating rounded for display, with "?" while it is provisional.
/** @param {import('./protocol.js').Rating | number | null | undefined} r */
export function ratingText(r) {
    if (r === null || r === undefined) return '–';
    const value = typeof r === 'object' ? r.rating : r;
    const provisional = typeof r === 'object' ? r.provisional : false;
    return `${Math.round(value)}${provisional ? '?' : ''}`;
}
