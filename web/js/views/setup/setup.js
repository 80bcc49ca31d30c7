// SPDX-License-Identifier: MIT
// The setup screen: every option of RULES.md (shape, players, Anti-Reversi, free opening,
// blocked squares picked on a preview board or generated, corner handicap), the seats, local
// play, hints and clocks. Forbidden combinations (and what the server refuses: a table without a
// human seat, a name with control or invisible characters) are explained before the request is
// sent, and the create button stays disabled while any remains. A player with a session (GET
// /api/me) plays under their own name, so only one-screen tables ask for names. The form's rules
// are in form.js, its drawing in render.js, what it sends in actions.js; this file makes the
// view's store when the view opens and draws the parts from it.
import { t } from '../../lib/i18n.js';
import * as rules from '../../lib/rules.js';
import { session } from '../../lib/session.js';
import { createStore, mirror } from '../../lib/store.js';
import { keepChoices, lastChoices } from '../../lib/choices.js';
import { el } from '../../lib/dom.js';
import { defaults, followSeats, nameProblems, seatProblems, setupObject } from './form.js';
import { create, request, toggleBlocked } from './actions.js';
import { blockedGroup, boardGroup, createBar, drawPreview, extrasGroup, nameFields, seatsGroup } from './render.js';

/**
 * @typedef {object} SetupState
 * @property {import('./form.js').SetupForm} form the choices, kept while the page lives
 * @property {import('../../lib/protocol.js').Me | null} me who I am (the session's)
 * @property {string} note why the last square picked could not be blocked
 */

/** @param {HTMLElement} root */
export function setupView(root) {
    const store = createStore(/** @type {SetupState} */ ({
        ...lastChoices('setup', () => ({ form: defaults() })), me: session.get().me, note: '',
    }));
    // The form being edited: a copy of the store's, written back after every change, so the
    // store's objects are never changed in place.
    const st = structuredClone(store.get().form);
    const commit = () => store.set({ form: structuredClone(st) });
    // The player's own name when the server knows who we are: then a remote seat takes it and
    // the name field is not asked for (the server would not use it).
    const myName = () => store.get().me?.name || '';
    const view = el('section', { class: 'setup', 'aria-labelledby': 'setup-title' });
    root.append(view);

    function render() {
        const focusId = document.activeElement?.id;
        followSeats(st);
        commit();
        const problems = [...rules.setupProblems(setupObject(st)), ...seatProblems(st, store.get().me), ...nameProblems(st, myName())];
        const bad = new Set(problems.map((p) => p.key));
        /** @type {import('./render.js').Draw} */
        const d = {
            st, myName: myName(), note: store.get().note, commit, redraw: render,
            invalid: (...keys) => keys.some((k) => bad.has(k)),
            setNote: (note) => store.set({ note }),
            pick: (sq) => {
                store.set({ note: toggleBlocked(st, sq) });
                render();
                /** @type {HTMLElement | null} */ (document.querySelector(`#preview [data-sq="${sq}"]`))?.focus();
            },
            create: (button, status) => create(request(st, myName()), button, status),
        };
        /** @type {HTMLInputElement[]} */
        const nameInputs = [];
        const preview = el('div', { class: 'preview', id: 'preview' });
        const seats = seatsGroup(d);
        seats.append(...nameFields(d, nameInputs));
        view.replaceChildren(el('h1', { id: 'setup-title' }, t('setup.title')),
            el('div', { class: 'setup-grid' }, boardGroup(d), blockedGroup(d, preview), seats, extrasGroup(d)),
            createBar(d, problems, nameInputs));
        drawPreview(preview, d);
        if (focusId) document.getElementById(focusId)?.focus();
    }

    // Who we are may arrive (or change, by logging in elsewhere) after the form is drawn.
    const stops = [store.subscribe((s, was) => { if (s.me !== was.me) render(); }),
        keepChoices('setup', store, (s) => ({ form: s.form })),
        mirror(session, store, (s) => ({ me: s.me }))];
    render();
    return { destroy() { stops.forEach((stop) => stop()); } };
}
