// SPDX-License-Identifier: MIT
// The reader's look of the site: light or dark (the system's choice until the reader picks one,
// then the remembered pick) and the board theme. Both are attributes on <html>, data-theme and
// data-board, that css/site.css turns into the colour variables the pages and the board use.

export const BOARD_THEMES = ['green', 'wood', 'blue', 'gray'];
const ThemeKey = 'reversi.theme';
const BoardKey = 'reversi.board';

function stored(key) {
    try {
        return localStorage.getItem(key);
    } catch {
        return null;
    }
}

function store(key, value) {
    try {
        localStorage.setItem(key, value);
    } catch {
        // Not remembered; the choice still applies to this page.
    }
}

const systemDark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

// 'light' or 'dark': the remembered pick, else the system's preference.
export function theme() {
    const saved = stored(ThemeKey);
    if (saved === 'light' || saved === 'dark') return saved;
    return systemDark() ? 'dark' : 'light';
}

export function boardTheme() {
    const saved = stored(BoardKey);
    return BOARD_THEMES.includes(saved) ? saved : 'green';
}

export function applyAppearance() {
    document.documentElement.dataset.theme = theme();
    document.documentElement.dataset.board = boardTheme();
}

export function setTheme(value) {
    if (value !== 'light' && value !== 'dark') return;
    store(ThemeKey, value);
    applyAppearance();
}

export function setBoardTheme(value) {
    if (!BOARD_THEMES.includes(value)) return;
    store(BoardKey, value);
    applyAppearance();
}

// Follow the system while the reader has not chosen.
if (typeof matchMedia === 'function') {
    matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () => applyAppearance());
}
