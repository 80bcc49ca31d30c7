// SPDX-License-Identifier: MIT
// The account screens: register (#/register), log in (#/login), and the settings (#/settings,
// also #/password): change the password, and, a section of its own, delete the account.
// Who this browser is lives in the session store (lib/session.js), mirrored into the view's
// store. The forms are form.js's (they check the server's rules for names and passwords,
// checks.js, before sending by actions.js, and show a refusal by its error code in the reader's
// language); this file makes the view's store when the view opens and draws what it offers.
import { t } from '../../lib/i18n.js';
import { session, loggedIn, logOut } from '../../lib/session.js';
import { createStore, mirror } from '../../lib/store.js';
import { el } from '../../lib/dom.js';
import { formView, titleOf } from './form.js';

/** @typedef {import('../../lib/session.js').Session} Session */

/**
 * One of the account screens.
 * @param {HTMLElement} root
 * @param {'login' | 'register' | 'password'} mode
 */
export function authView(root, mode) {
    const view = el('section', { class: 'auth', 'aria-labelledby': 'auth-title' });
    root.append(view);
    const store = createStore({ session: session.get() });
    // Who we are decides what the screen offers (issue 26, 7): the forms of logging in and
    // registering are for a visitor who is not logged in, the password form for a registered
    // player; the others read why, with the way on. Drawn again when that changes, never while
    // the same form is being filled.
    /** @param {Session} s */
    const offer = (s) => {
        if (mode === 'password') return loggedIn(s) ? 'form' : s.me ? 'guest' : 'unknown';
        return loggedIn(s) ? 'inside' : 'form';
    };
    /** @param {Session} s */
    const draw = (s) => {
        view.replaceChildren();
        const what = offer(s);
        if (what === 'form') {
            formView(view, mode);
            return;
        }
        const heading = el('h1', { id: 'auth-title' }, titleOf(mode));
        if (what === 'unknown') {
            view.append(heading, el('p', { class: 'note', id: 'auth-note' }, t('site.loading')));
        } else if (what === 'guest') {
            view.append(heading, el('p', { class: 'note', id: 'auth-note' }, t('auth.guestNoPassword'), ' ',
                el('a', { href: '#/register' }, t('auth.registerTitle')), ' · ', el('a', { href: '#/login' }, t('auth.loginTitle'))));
        } else {
            const out = el('button', { type: 'button', id: 'auth-logout' }, t('auth.logout'));
            out.addEventListener('click', () => { logOut(); });
            view.append(heading, el('p', { class: 'note', id: 'auth-note' }, t('auth.alreadyIn', { name: s.me?.name ?? '' }), ' ', out));
        }
    };
    const stops = [store.subscribe((s, was) => { if (offer(s.session) !== offer(was.session)) draw(s.session); }),
        mirror(session, store, (s) => ({ session: s }))];
    draw(store.get().session);
    return { destroy() { stops.forEach((stop) => stop()); } };
}
