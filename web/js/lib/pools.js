// SPDX-License-Identifier: MIT
// What the site allows, read from the server (GET /api/config, loaded once before the first
// view): the rating pools and the setups they stand for, the time controls with their clock
// objects, and how the screens name them. Nothing here is a rule of its own: a form built from
// these lists offers only what the server accepts (issue 48).
import { t } from './i18n.js';
import { getConfig } from './api.js';

/** @typedef {import('./protocol.js').SiteConfig} SiteConfig */
/** @typedef {import('./protocol.js').Clock} Clock */

/** @type {SiteConfig | null} */
let config = null;

/** Fetches the site's config; the views are drawn once it is here. @returns {Promise<SiteConfig>} */
export async function loadConfig() {
    config = await getConfig();
    return config;
}

/** The config loaded by loadConfig (the router waits for it). @returns {SiteConfig} */
export function siteConfig() {
    if (!config) throw new Error('the site config is not loaded yet');
    return config;
}

/** The computer's levels the server plays (GET /api/config), lowest first. @returns {number[]} */
export function computerLevels() {
    const { min, max } = siteConfig().levels;
    return Array.from({ length: max - min + 1 }, (_, k) => min + k);
}

/** Every live pool's id, in the order the site shows them. @returns {string[]} */
export const allPools = () => siteConfig().pools.map((p) => p.id);

// The setup object a game of `pool` is played with (a copy: callers may change it).
/** @param {string} pool @returns {import('./protocol.js').Setup & {players: number}} */
export function setupForPool(pool) {
    const found = siteConfig().pools.find((p) => p.id === pool) ?? siteConfig().pools[0];
    return { players: found.players, ...structuredClone(found.setup) };
}

// The clock object of a time control's id ("5+3", "untimed", "3d").
/** @param {string} id @returns {Clock} */
export function clockForTime(id) {
    const found = siteConfig().times.find((x) => x.id === id);
    return found ? structuredClone(found.clock) : { mode: 'none' };
}

// "5+3", "30 s/move" or "untimed" for a clock object.
/** @param {Clock | null | undefined} clock */
export function clockLabel(clock) {
    if (!clock || clock.mode === 'none' || !clock.mode) return t('site.untimed');
    if (clock.mode === 'move') return t('site.perMove', { n: clock.seconds });
    if (clock.mode === 'days') return t('site.perDays', { n: clock.days ?? 1 });
    const minutes = Math.round(((clock.seconds ?? 0) / 60) * 10) / 10;
    return `${minutes}+${clock.increment || 0}`;
}

/** @param {Clock | null | undefined} a @param {Clock | null | undefined} b */
const sameClock = (a, b) => (a?.mode || 'none') === (b?.mode || 'none')
    && (a?.mode === 'none' || !a?.mode || ((a.seconds ?? 0) === (b?.seconds ?? 0)
        && (a.increment ?? 0) === (b?.increment ?? 0) && (a.days ?? 0) === (b?.days ?? 0)));

/**
 * The time control a clock object stands for ("5+3", "untimed", "3d"), or null when it is none
 * of the site's.
 * @param {Clock | null | undefined} clock
 */
export function presetOf(clock) {
    const found = siteConfig().times.find((x) => sameClock(x.clock, clock));
    return found ? found.id : null;
}

/** `value` when `list` has it, else the list's first (a form's kept choice the site no longer offers). @param {string[]} list @param {string} value */
export const choice = (list, value) => (list.includes(value) ? value : list[0]);

/** A time control's label ("5+3", "untimed", "3 days/move"). @param {string} id */
export const presetLabel = (id) => clockLabel(clockForTime(id));
/** @param {string} pool */
export const poolName = (pool) => (allPools().includes(pool) ? t(`pool.${pool}`) : '');

// The pool a setup is rated in, or null when its games are casual only: the published pool
// whose setup it is (on any board for the pools that allow it).
/** @param {import('./protocol.js').Setup & {random_blocked?: number}} [setup] */
export function poolOf(setup = {}) {
    const blocked = (setup.blocked && setup.blocked.length) || setup.random_blocked;
    if (blocked || setup.handicap || setup.free_opening) return null;
    const board = String(setup.board ?? '8');
    const found = siteConfig().pools.find((p) => p.players === (setup.players ?? 2)
        && Boolean(p.setup.anti) === Boolean(setup.anti) && (p.any_board || String(p.setup.board) === board));
    return found ? found.id : null;
}

// A rating rounded for display, with "?" while it is provisional.
/** @param {import('./protocol.js').Rating | number | null | undefined} r */
export function ratingText(r) {
    if (r === null || r === undefined) return '–';
    const value = typeof r === 'object' ? r.rating : r;
    const provisional = typeof r === 'object' ? r.provisional : false;
    return `${Math.round(value)}${provisional ? '?' : ''}`;
}
