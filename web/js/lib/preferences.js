// SPDX-License-Identifier: MIT
// The reader's choices, remembered per browser: the single owner of every localStorage key of
// the site. Each choice is read once into the preferences store and written through; when
// storage is unavailable (private mode) a choice still holds for this page.
import { createStore } from './store.js';

/** @typedef {'light' | 'dark'} Theme */
/** @typedef {'green' | 'wood' | 'blue' | 'gray'} BoardTheme */

/**
 * @typedef {object} Preferences
 * @property {string | null} lang the chosen language code, or null (the browser's languages)
 * @property {Theme | null} theme light or dark, or null (follow the system)
 * @property {string | null} board the board theme
 * @property {boolean} sound move sounds on
 * @property {boolean} showLegal dots on the legal moves at the table
 * @property {Record<string, boolean>} flipped per table, the reader's choice to show it turned
 *   (true) or upright (false); a table without a choice takes the view's default
 * @property {boolean} chatMuted hide what others write in a table's chat
 * @property {Record<string, string>} tokens seat tokens by table id
 */

// Every key the site keeps in localStorage.
const Keys = {
    lang: 'reversi.lang', theme: 'reversi.theme', board: 'reversi.board', sound: 'reversi.sound',
    showLegal: 'reversi.showLegal', flipped: 'reversi.flipped', chatMuted: 'reversi.chatMuted', tokens: 'reversi.tokens',
};

/** @param {string} key */
function read(key) {
    try {
        return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
    } catch {
        return null;
    }
}

/** @param {string} key @param {string} value */
function write(key, value) {
    try {
        localStorage.setItem(key, value);
    } catch {
        // Not remembered; the choice still applies to this page.
    }
}

/** @param {string} key @returns {Record<string, any>} */
function readObject(key) {
    try {
        const v = JSON.parse(read(key) || '{}');
        return v && typeof v === 'object' ? v : {};
    } catch {
        return {};
    }
}

/** @returns {Preferences} */
function load() {
    const theme = read(Keys.theme);
    return {
        lang: read(Keys.lang),
        theme: theme === 'light' || theme === 'dark' ? theme : null,
        board: read(Keys.board),
        sound: read(Keys.sound) === 'on',
        showLegal: read(Keys.showLegal) !== 'off',
        flipped: readObject(Keys.flipped),
        chatMuted: read(Keys.chatMuted) === 'on',
        tokens: readObject(Keys.tokens),
    };
}

/** The preferences store: read it with preferences.get(), change it with the setters below. */
export const preferences = createStore(load());

const onOff = (/** @type {boolean} */ v) => (v ? 'on' : 'off');

/** @param {string} code */
export function saveLang(code) {
    write(Keys.lang, code);
    preferences.set({ lang: code });
}

/** @param {Theme} theme */
export function saveTheme(theme) {
    write(Keys.theme, theme);
    preferences.set({ theme });
}

/** @param {string} board */
export function saveBoard(board) {
    write(Keys.board, board);
    preferences.set({ board });
}

/** @param {boolean} on */
export function saveSound(on) {
    write(Keys.sound, onOff(on));
    preferences.set({ sound: on });
}

/** @param {boolean} on */
export function saveShowLegal(on) {
    write(Keys.showLegal, onOff(on));
    preferences.set({ showLegal: on });
}

/** @param {boolean} on */
export function saveChatMuted(on) {
    write(Keys.chatMuted, onOff(on));
    preferences.set({ chatMuted: on });
}

/** The reader's choice for table `id`: turned, upright, or null (none made). @param {string} id */
export const flipChoice = (id) => preferences.get().flipped[id] ?? null;

/** @param {string} id @param {boolean} on */
export function saveFlipped(id, on) {
    const all = { ...readObject(Keys.flipped), ...preferences.get().flipped };
    all[id] = on;
    write(Keys.flipped, JSON.stringify(all));
    preferences.set({ flipped: all });
}

/** The seat token this browser holds for table `id`, or null. @param {string} id */
export function tokenFor(id) {
    return readObject(Keys.tokens)[id] || preferences.get().tokens[id] || null;
}

/** @param {string} id @param {string} token */
export function saveToken(id, token) {
    const all = { ...readObject(Keys.tokens), ...preferences.get().tokens, [id]: token };
    write(Keys.tokens, JSON.stringify(all));
    preferences.set({ tokens: all });
}
