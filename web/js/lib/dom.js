// SPDX-License-Identifier: MIT
// Small DOM helpers shared by the views: element construction, labelled fields and selects, and
// the translated text of an error. Text always goes in as text nodes, never as HTML, so names
// typed by players cannot inject markup.
import { t, getLang } from './i18n.js';

/** @typedef {Node | string | number | null | undefined | false} Child */
/** @typedef {Child | Child[]} Children */

/**
 * Creates <tag> with attributes and children (strings become text nodes; null is skipped).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 * @param {...Children} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
        if (v === null || v === undefined || v === false) continue;
        e.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children.flat()) {
        if (c === null || c === undefined || c === '' || c === false) continue;
        e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
}

/**
 * A label + control (+ optional help link) row.
 * @param {string} label
 * @param {HTMLElement} control
 * @param {Node | null} [extra]
 * @param {{invalid?: boolean}} [options]
 */
export function field(label, control, extra = null, { invalid = false } = {}) {
    if (!control.id) control.id = `f-${Math.random().toString(36).slice(2)}`;
    if (invalid) control.setAttribute('aria-invalid', 'true');
    return el('div', { class: 'field' + (invalid ? ' invalid' : '') }, el('label', { for: control.id }, label),
        control, extra ? ' ' : '', extra);
}

/**
 * A <select> with [value, text] options; `aria` labels it when no <label> does.
 * @param {string} id
 * @param {(string | number)[][]} options
 * @param {string | number} value
 * @param {(value: string) => void} onChange
 * @param {string | null} [aria]
 */
export function select(id, options, value, onChange, aria = null) {
    const s = el('select', { id, 'aria-label': aria });
    for (const [v, text] of options) {
        const o = el('option', { value: v }, text);
        if (String(v) === String(value)) o.selected = true;
        s.append(o);
    }
    s.addEventListener('change', () => onChange(s.value));
    return s;
}

/**
 * The message to show for an ApiError or a server error object: translated by code. The
 * server's own sentence is English, so it is added only when the page is in English.
 * @param {any} e an error with a `code`, or anything thrown
 */
export function errorText(e) {
    const code = e.code || 'internal';
    const known = t(`error.${code}`);
    const base = known === `error.${code}` ? t('error.internal') : known;
    return getLang() === 'en' && e.message && e.message !== code ? `${base} (${e.message})` : base;
}
