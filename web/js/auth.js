// SPDX-License-Identifier: MIT
// Who this browser is (the `me` object of docs/SITE.md: a guest or a registered player) and the
// account screens: register (#/register), log in (#/login), change password (#/password), and
// logging out. The form checks the server's rules for names and passwords before sending, and a
// refusal is shown by its error code in the reader's language.
import { t } from './i18n.js';
import { getMe, register, login, logout, changePassword } from './api.js';
import { lobby } from './lobby-socket.js';
import { el, field, errorText } from './ui.js';

let me = null;
const listeners = new Set();

export const currentMe = () => me;

// A registered (not guest) player is logged in.
export const loggedIn = () => Boolean(me && !me.guest && me.name);

// Calls fn(me) whenever who we are changes; returns the unsubscribe function.
export function onMe(fn) {
    listeners.add(fn);
    return () => listeners.delete(fn);
}

function setMe(value) {
    const before = JSON.stringify(me);
    me = value && typeof value === 'object' ? value : null;
    if (JSON.stringify(me) !== before) for (const fn of [...listeners]) fn(me);
}

// Asks the server who we are (this creates a guest on the first visit).
export async function loadMe() {
    try {
        setMe(await getMe());
    } catch {
        // No server answer (or an older server): the header shows the log-in links.
    }
    return me;
}

// The lobby greets every connection with `me`; keep ours in step with it.
lobby.subscribe((msg) => {
    if (msg.type === 'lobby' && msg.me) setMe(msg.me);
});

export async function logOut() {
    try {
        await logout();
    } finally {
        await loadMe();
        lobby.restart();
    }
}

// The server's rules (docs/SITE.md), checked before sending; returns a translation key or null.
export function nameRuleProblem(name) {
    if ([...name].length < 3 || [...name].length > 20) return 'auth.nameLength';
    if (!/^[\p{L}\p{N}_-]+$/u.test(name)) return 'auth.nameChars';
    if (/^guest-/i.test(name)) return 'auth.nameGuest';
    return null;
}

export function passwordRuleProblem(password) {
    const n = [...password].length;
    return n < 8 || n > 200 ? 'auth.passwordLength' : null;
}

// The text for a refused account request, chosen by its code.
export function authErrorText(e) {
    const key = `auth.error.${e.code}`;
    const text = t(key);
    return text === key ? errorText({ code: e.code }) : text;
}

function input(id, type, autocomplete) {
    return el('input', { id, type, autocomplete, required: true, spellcheck: 'false', autocapitalize: 'off' });
}

// One of the account screens: mode is 'login', 'register' or 'password'.
export function authView(root, mode) {
    const view = el('section', { class: 'auth', 'aria-labelledby': 'auth-title' });
    root.append(view);
    const title = t(`auth.${mode}Title`);
    const status = el('p', { id: 'auth-status', class: 'alert', role: 'alert' });
    const form = el('form', { class: 'auth-form', id: `${mode}-form`, novalidate: true });
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
            if (me && me.guest) form.append(el('p', { class: 'note' }, t('auth.keepGames')));
        }
    }
    const submit = el('button', { type: 'submit', class: 'primary', id: 'auth-submit' }, title);
    form.append(el('div', { class: 'form-bar' }, submit), status);
    const other = mode === 'login' ? el('p', {}, t('auth.noAccount'), ' ', el('a', { href: '#/register' }, t('auth.registerTitle')))
        : mode === 'register' ? el('p', {}, t('auth.haveAccount'), ' ', el('a', { href: '#/login' }, t('auth.loginTitle')))
            : null;
    view.append(el('h1', { id: 'auth-title' }, title), form, other);

    // The first problem with what was typed, before anything is sent.
    function problem() {
        if (mode === 'password') {
            return passwordRuleProblem(fields.fresh.value)
                || (fields.fresh.value !== fields.again.value ? 'auth.mismatch' : null);
        }
        const name = fields.name.value.trim();
        if (mode === 'login') return name && fields.password.value ? null : 'auth.missing';
        return nameRuleProblem(name) || passwordRuleProblem(fields.password.value)
            || (fields.password.value !== fields.again.value ? 'auth.mismatch' : null);
    }

    form.addEventListener('submit', async (e) => {
        e.preventDefault();
        const bad = problem();
        status.classList.remove('ok');
        if (bad) {
            status.textContent = t(bad);
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
                const name = fields.name.value.trim();
                const res = mode === 'register' ? await register(name, fields.password.value)
                    : await login(name, fields.password.value);
                setMe(res);
                lobby.restart();
                location.hash = `#/player/${encodeURIComponent(res.name || name)}`;
            }
        } catch (err) {
            status.textContent = authErrorText(err);
        } finally {
            submit.disabled = false;
        }
    });
    (fields.name || fields.old).focus();
    return { destroy() {} };
}
