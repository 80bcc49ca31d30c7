// SPDX-License-Identifier: MIT
// The account screens: register (#/register), log in (#/login), and the settings (#/settings,
// also #/password): change the password, and, a section of its own, delete the account.
// Who this browser is lives in the session store (lib/session.js). The form checks the
// server's rules for names and passwords before sending, and a refusal is shown by its error
// code in the reader's language.
import { t, getLang } from '../../lib/i18n.js';
import { register, login, changePassword, deleteAccount, nameLength } from '../../lib/api.js';
import { session, signedIn, loggedIn, logOut } from '../../lib/session.js';
import { el, field, errorText } from '../../lib/dom.js';

/**
 * The server's rules (docs/SITE.md), checked before sending on the name as the server reads it
 * (trimmed, NFC: "Zoë" typed as e + U+0308 is three letters; issue 26, 11); a translation key or null.
 * @param {string} name
 */
export function nameRuleProblem(name) {
    const n = nameLength(name);
    if (n < 3 || n > 20) return 'auth.nameLength';
    if (!/^[\p{L}\p{N}_-]+$/u.test(name)) return 'auth.nameChars';
    if (/^guest-/i.test(name)) return 'auth.nameGuest';
    return null;
}

/** @param {string} password */
export function passwordRuleProblem(password) {
    const n = [...password].length;
    return n < 8 || n > 200 ? 'auth.passwordLength' : null;
}

// The text for a refused account request, chosen by its code.
/** @param {{code: string, message?: string}} e */
export function authErrorText(e) {
    const key = `auth.error.${e.code}`;
    const text = t(key);
    if (text === key) return errorText(e);
    // The server says which rule a name or password broke and its limit ("a name has 3 to 20
    // characters; this one has 30"): in English it is shown as said.
    return e.code === 'bad_request' && e.message && getLang() === 'en' ? `${text} (${e.message})` : text;
}

// The page's title: the password form and deleting the account are the settings page.
/** @param {'login' | 'register' | 'password'} mode */
const titleOf = (mode) => (mode === 'password' ? t('auth.settingsTitle') : t(`auth.${mode}Title`));

// A refusal where only the password was asked (the settings): a wrong one is said to be the
// password, not "user name or password"; a login's refusal reads as authErrorText's.
/** @param {{code: string, message?: string}} e */
function passwordErrorText(e) {
    return e.code === 'bad_login' ? t('auth.wrongPassword') : authErrorText(e);
}

/** @param {string} id @param {string} type @param {string} autocomplete */
function input(id, type, autocomplete) {
    return /** @type {HTMLInputElement} */ (el('input', { id, type, autocomplete, required: true, spellcheck: 'false', autocapitalize: 'off' }));
}

/**
 * One of the account screens.
 * @param {HTMLElement} root
 * @param {'login' | 'register' | 'password'} mode
 */
export function authView(root, mode) {
    const view = el('section', { class: 'auth', 'aria-labelledby': 'auth-title' });
    root.append(view);
    // Who we are decides what the screen offers (issue 26, 7): the forms of logging in and
    // registering are for a visitor who is not logged in, the password form for a registered
    // player; the others read why, with the way on. Drawn again when that changes, never while
    // the same form is being filled.
    /** @param {import('../../lib/session.js').Session} s */
    const offer = (s) => {
        if (mode === 'password') return loggedIn(s) ? 'form' : s.me ? 'guest' : 'unknown';
        return loggedIn(s) ? 'inside' : 'form';
    };
    /** @param {import('../../lib/session.js').Session} s */
    const draw = (s) => {
        view.replaceChildren();
        const what = offer(s);
        if (what === 'form') {
            formView();
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
    const stop = session.subscribe((s, was) => { if (offer(s) !== offer(was)) draw(s); });
    draw(session.get());
    return { destroy() { stop(); } };

    // The form of this screen.
    function formView() {
        const title = t(`auth.${mode}Title`);
        const status = el('p', { id: 'auth-status', class: 'alert', role: 'alert' });
        const form = el('form', { class: 'auth-form', id: `${mode}-form`, novalidate: true });
        /** @type {Record<string, HTMLInputElement>} */
        const fields = {};
        if (mode === 'password') {
            fields.old = input('auth-old', 'password', 'current-password');
            fields.fresh = input('auth-new', 'password', 'new-password');
            fields.again = input('auth-again', 'password', 'new-password');
            form.append(field(t('auth.oldPassword'), fields.old), field(t('auth.newPassword'), fields.fresh),
                field(t('auth.repeatPassword'), fields.again));
        } else {
            fields.name = input('auth-name', 'text', 'username');
            fields.password = input('auth-password', 'password', mode === 'register' ? 'new-password' : 'current-password');
            form.append(field(t('auth.name'), fields.name), field(t('auth.password'), fields.password));
            if (mode === 'register') {
                fields.again = input('auth-again', 'password', 'new-password');
                form.append(field(t('auth.repeatPassword'), fields.again),
                    el('p', { class: 'note' }, t('auth.rules')));
                if (session.get().me?.guest) form.append(el('p', { class: 'note' }, t('auth.keepGames')));
            }
        }
        const submit = /** @type {HTMLButtonElement} */ (el('button', { type: 'submit', class: 'primary', id: 'auth-submit' }, title));
        form.append(el('div', { class: 'form-bar' }, submit), status);
        const other = mode === 'login' ? el('p', {}, t('auth.noAccount'), ' ', el('a', { href: '#/register' }, t('auth.registerTitle')))
            : mode === 'register' ? el('p', {}, t('auth.haveAccount'), ' ', el('a', { href: '#/login' }, t('auth.loginTitle')))
                : null;
        // The settings page: the password is one of its sections, deleting the account another.
        if (mode === 'password') view.append(el('h1', { id: 'auth-title' }, titleOf(mode)), el('h2', { id: 'auth-password-title' }, title), form);
        else view.append(el('h1', { id: 'auth-title' }, title), form, other ?? '');

        // The name as the server keeps it: trimmed, in NFC.
        const typedName = () => fields.name.value.trim().normalize('NFC');

        // The first problem with what was typed, before anything is sent.
        function problem() {
            if (mode === 'password') {
                return passwordRuleProblem(fields.fresh.value)
                    || (fields.fresh.value !== fields.again.value ? 'auth.mismatch' : null);
            }
            const name = typedName();
            if (mode === 'login') return name && fields.password.value ? null : 'auth.missing';
            return nameRuleProblem(name) || passwordRuleProblem(fields.password.value)
                || (fields.password.value !== fields.again.value ? 'auth.mismatch' : null);
        }

        form.addEventListener('submit', async (e) => {
            e.preventDefault();
            const bad = problem();
            status.classList.remove('ok');
            if (bad) {
                status.textContent = t(bad, { n: fields.name ? nameLength(typedName()) : 0 });
                return;
            }
            submit.disabled = true;
            status.textContent = '';
            try {
                if (mode === 'password') {
                    await changePassword(fields.old.value, fields.fresh.value);
                    for (const f of Object.values(fields)) f.value = '';
                    status.classList.add('ok');
                    status.textContent = t('auth.passwordChanged');
                } else {
                    const name = typedName();
                    const res = mode === 'register' ? await register(name, fields.password.value)
                        : await login(name, fields.password.value);
                    signedIn(res);
                    location.hash = `#/player/${encodeURIComponent(res.name || name)}`;
                }
            } catch (err) {
                const e = /** @type {{code: string, message?: string}} */ (err);
                status.textContent = mode === 'password' ? passwordErrorText(e) : authErrorText(e);
            } finally {
                submit.disabled = false;
            }
        });
        if (mode === 'password') deleteView();
        (fields.name || fields.old).focus();
    }

    // The settings page's last section (issue 27): the account ends after the password and a
    // confirmation; the games stay under an anonymous name.
    function deleteView() {
        const password = input('auth-delete-password', 'password', 'current-password');
        const status = el('p', { id: 'auth-delete-status', class: 'alert', role: 'alert' });
        const button = /** @type {HTMLButtonElement} */ (el('button', { type: 'submit', id: 'auth-delete' }, t('auth.deleteButton')));
        const form = el('form', { class: 'auth-form', id: 'delete-form', novalidate: true },
            el('p', { class: 'note' }, t('auth.deleteNote')), field(t('auth.password'), password),
            el('div', { class: 'form-bar' }, button), status);
        view.append(el('h2', { id: 'auth-delete-title' }, t('auth.deleteTitle')), form);
        form.addEventListener('submit', async (e) => {
            e.preventDefault();
            if (!password.value) {
                status.textContent = t('auth.missing');
                return;
            }
            if (!confirm(t('auth.deleteConfirm'))) return;
            button.disabled = true;
            status.textContent = '';
            try {
                await deleteAccount(password.value);
                password.value = '';
                await logOut();  // the cookie is cleared: the next visit is a new guest
                location.hash = '#/';
            } catch (err) {
                status.textContent = passwordErrorText(/** @type {{code: string, message?: string}} */ (err));
            } finally {
                button.disabled = false;
            }
        });
    }
}
