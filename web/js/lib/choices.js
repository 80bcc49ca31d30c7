// SPDX-License-Identifier: MIT
// The last choices of the forms (landing, setup, lobby, profile, tournaments), kept while the
// page lives so that coming back to a form shows them. A view's store is made when the view
// opens and dropped when it closes; what of it must outlast the visit is its form's choices
// alone, and they are kept here, one field per form. Nothing here is written to localStorage
// (preferences.js is the one owner of that): a reload starts from the defaults.
import { createStore } from './store.js';

/** Each form's last choices, by the form's name. */
const kept = createStore(/** @type {Record<string, unknown>} */ ({}));

/**
 * The choices `form` last had on this page, or its defaults when it has not been opened.
 * @template T
 * @param {string} form
 * @param {() => T} defaults
 * @returns {T}
 */
export function lastChoices(form, defaults) {
    const value = kept.get()[form];
    return value === undefined ? defaults() : /** @type {T} */ (value);
}

/**
 * Keeps the fields `pick` takes from a view's store whenever one of them changes; returns the
 * function that stops.
 * @template {object} S
 * @template {Record<string, unknown>} T
 * @param {string} form
 * @param {import('./store.js').Store<S>} store
 * @param {(state: S) => T} pick
 */
export function keepChoices(form, store, pick) {
    return store.subscribe((s, was) => {
        const now = pick(s);
        const before = pick(was);
        if (Object.keys(now).some((k) => now[k] !== before[k])) kept.set({ [form]: now });
    });
}
