// SPDX-License-Identifier: MIT
// The reader's look of the site: light or dark (the system's choice until the reader picks one,
// then the remembered pick) and the board theme. Both are attributes on <html>, data-theme and
// data-board, that css/site.css turns into the colour variables the pages and the board use.
import { preferences, saveBoard, saveTheme } from './preferences.js';

/** @typedef {import('./preferences.js').Theme} Theme */

export const BOARD_THEMES = ['green', 'wood', 'blue', 'gray'];

const systemDark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

/** 'light' or 'dark': the remembered pick, else the system's preference. @returns {Theme} */
export function theme() {
    return preferences.get().theme ?? (systemDark() ? 'dark' : 'light');
}

export function boardTheme() {
    const saved = preferences.get().board;
    return saved && BOARD_THEMES.includes(saved) ? saved : 'green';
}

export function applyAppearance() {
    document.documentElement.dataset.theme = theme();
    document.documentElement.dataset.board = boardTheme();
}

/** @param {string} value */
export function setTheme(value) {
    if (value !== 'light' && value !== 'dark') return;
    saveTheme(value);
    applyAppearance();
}

/** @param {string} value */
export function setBoardTheme(value) {
    if (!BOARD_THEMES.includes(value)) return;
    saveBoard(value);
    applyAppearance();
}

/** Follows the system while the reader has not chosen. */
export function followSystem() {
    if (typeof matchMedia === 'function') {
        matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () => applyAppearance());
    }
}
