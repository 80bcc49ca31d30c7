// SPDX-License-Identifier: MIT
// The client's translation machinery; each language's texts live in its own file under
// ../i18n/ (en.js, tr.js, pl.js). Every string the interface shows comes from there. The
// language is the saved choice (preferences.js), else the first of navigator.languages the
// site speaks, else English; a missing key falls back to English, then to the key itself.
import { strings as en, rulesPages as enRules } from '../i18n/en.js';
import { strings as tr, rulesPages as trRules } from '../i18n/tr.js';
import { strings as pl, rulesPages as plRules } from '../i18n/pl.js';
import { preferences, saveLang } from './preferences.js';

/** @typedef {Record<string, string>} Strings  key -> text with {placeholders} */
/**
 * @typedef {object} RulesPage
 * @property {string} title
 * @property {string[]} intro the paragraphs
 * @property {[string, string, string][]} rows [rule, standard Reversi, this variant]
 */
/** @typedef {Record<string, RulesPage>} RulesPages  variant -> page */
/** @typedef {import('./protocol.js').Setup} Setup */

/** @type {[string, string][]} */
export const LANGS = [['en', 'English'], ['tr', 'Türkçe'], ['pl', 'Polski']];
/** @type {Record<string, Strings>} */
export const STRINGS = { en, tr, pl };
/** @type {Record<string, RulesPages>} */
export const RULES_PAGES = { en: enRules, tr: trRules, pl: plRules };
// The rules pages, in the order of the rules menu.
export const VARIANTS = ['standard', 'anti', 'free', 'blocked', 'handicap', 'multi', 'shapes'];

/** The language shown: the saved choice, else the browser's, else English. */
export function getLang() {
    const saved = preferences.get().lang;
    if (saved && STRINGS[saved]) return saved;
    const wanted = (typeof navigator !== 'undefined' && navigator.languages) || ['en'];
    for (const l of wanted) {
        const code = String(l).slice(0, 2).toLowerCase();
        if (STRINGS[code]) return code;
    }
    return 'en';
}

/** Switches the language and remembers the choice; unknown codes are ignored. @param {string} code */
export function setLang(code) {
    if (STRINGS[code]) saveLang(code);
}

/**
 * The string for `key` in the current language with {name} placeholders filled from `params`.
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 */
export function t(key, params = {}) {
    const text = STRINGS[getLang()][key] ?? en[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** @param {number | string} seat */
export function colourName(seat) {
    return t(`colour.${seat}`);
}

/**
 * A one-line summary of a setup object: "8×8 · 3 players · Anti · 4 blocked".
 * @param {Setup} [setup]
 */
export function describeSetup(setup = {}) {
    const parts = [t(`shape.${setup.board ?? '8'}`)];
    const players = setup.players ?? 2;
    if (players !== 2) parts.push(t('desc.players', { n: players }));
    if (setup.anti) parts.push(t('desc.anti'));
    if (setup.free_opening) parts.push(t('desc.free'));
    if (setup.blocked && setup.blocked.length) parts.push(t('desc.blocked', { n: setup.blocked.length }));
    else if (setup.random_blocked) parts.push(t('desc.randomBlocked', { n: setup.random_blocked }));
    if (setup.handicap) {
        parts.push(t('desc.handicap', { n: setup.handicap, colour: colourName(setup.handicap_to === 'white' ? 1 : 0) }));
    }
    return parts.join(' · ');
}
