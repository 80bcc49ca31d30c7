// SPDX-License-Identifier: MIT
// The forms of the account screens: register, log in, change the password, and, the settings
// page's last section, delete the account. Each checks what was typed against the server's
// rules before sending (checks.js), sends by actions.js, and says a refusal by its code.
import { t } from '../../lib/i18n.js';
import { nameLength } from '../../lib/api.js';
import { session } from '../../lib/session.js';
import { el, field } from '../../lib/dom.js';
import { authErrorText, nameRuleProblem, passwordErrorText, passwordRuleProblem } from './checks.js';
import { enter, leave, newPassword } from './actions.js';

/** @typedef {'login' | 'register' | 'password'} Mode */

// The page's title: the password form and deleting the account are the settings page.
/** @param {Mode} mode */
export const titleOf = (mode) => (mode === 'password' ? t('auth.settingsTitle') : t(`auth.${mode}Title`));

/** @param {string} id @param {string} type @param {string} autocomplete */
function input(id, type, autocomplete) {
    return /** @type {HTMLInputElement} */ (el('input', { id, type, autocomplete, required: true, spellcheck: 'false', autocapitalize: 'off' }));
}

/** The fields of `mode`'s form, appended to `form`, by their names. @param {Mode} mode @param {HTMLElement} form */
function fieldsOf(mode, form) {
    /** @type {Record<string, HTMLInputElement>} */
    const fields = {};
    if (mode === 'password') {
        fields.old = input('auth-old', 'password', 'current-password');
        fields.fresh = input('auth-new', 'password', 'new-password');
        fields.again = input('auth-again', 'password', 'new-password');
        form.append(field(t('auth.oldPassword'), fields.old), field(t('auth.newPassword'), fields.fresh),
            field(t('auth.repeatPassword'), fields.again));
        return fields;
    }
    fields.name = input('auth-name', 'text', 'username');
    fields.password = input('auth-password', 'password', mode === 'register' ? 'new-password' : 'current-password');
    form.append(field(t('auth.name'), fields.name), field(t('auth.password'), fields.password));
    if (mode === 'register') {
        fields.again = input('auth-again', 'password', 'new-password');
        form.append(field(t('auth.repeatPassword'), fields.again), el('p', { class: 'note' }, t('auth.rules')));
        if (session.get().me?.guest) form.append(el('p', { class: 'note' }, t('auth.keepGames')));
    }
    return fields;
}

/** The name as the server keeps it: trimmed, in NFC. @param {Record<string, HTMLInputElement>} fields */
const typedName = (fields) => fields.name.value.trim().normalize('NFC');

/** The first problem with what was typed, before anything is sent. @param {Mode} mode @param {Record<string, HTMLInputElement>} fields */
function problem(mode, fields) {
    if (mode === 'password') {
        return passwordRuleProblem(fields.fresh.value) || (fields.fresh.value !== fields.again.value ? 'auth.mismatch' : null);
    }
    const name = typedName(fields);
    if (mode === 'login') return name && fields.password.value ? null : 'auth.missing';
    return nameRuleProblem(name) || passwordRuleProblem(fields.password.value)
        || (fields.password.value !== fields.again.value ? 'auth.mismatch' : null);
}

/** Sends the form, saying in `status` a problem, a refusal or the password changed. @param {Mode} mode @param {Record<string, HTMLInputElement>} fields @param {HTMLButtonElement} submit @param {HTMLElement} status */
async function send(mode, fields, submit, status) {
    const bad = problem(mode, fields);
    status.classList.remove('ok');
    if (bad) {
        status.textContent = t(bad, { n: fields.name ? nameLength(typedName(fields)) : 0 });
        return;
    }
    submit.disabled = true;
    status.textContent = '';
    try {
        if (mode === 'password') {
            await newPassword(fields.old.value, fields.fresh.value);
            for (const f of Object.values(fields)) f.value = '';
            status.classList.add('ok');
            status.textContent = t('auth.passwordChanged');
        } else {
            await enter(mode, typedName(fields), fields.password.value);
        }
    } catch (err) {
        const e = /** @type {{code: string, message?: string}} */ (err);
        status.textContent = mode === 'password' ? passwordErrorText(e) : authErrorText(e);
    } finally {
        submit.disabled = false;
    }
}

/** The form of `mode`'s screen, drawn into `view`. @param {HTMLElement} view @param {Mode} mode */
export function formView(view, mode) {
    const title = t(`auth.${mode}Title`);
    const status = el('p', { id: 'auth-status', class: 'alert', role: 'alert' });
    const form = el('form', { class: 'auth-form', id: `${mode}-form`, novalidate: true });
    const fields = fieldsOf(mode, form);
    const submit = /** @type {HTMLButtonElement} */ (el('button', { type: 'submit', class: 'primary', id: 'auth-submit' }, title));
    form.append(el('div', { class: 'form-bar' }, submit), status);
    const other = mode === 'login' ? el('p', {}, t('auth.noAccount'), ' ', el('a', { href: '#/register' }, t('auth.registerTitle')))
        : mode === 'register' ? el('p', {}, t('auth.haveAccount'), ' ', el('a', { href: '#/login' }, t('auth.loginTitle')))
            : null;
    // The settings page: the password is one of its sections, deleting the account another.
    if (mode === 'password') view.append(el('h1', { id: 'auth-title' }, titleOf(mode)), el('h2', { id: 'auth-password-title' }, title), form);
    else view.append(el('h1', { id: 'auth-title' }, title), form, other ?? '');
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        send(mode, fields, submit, status);
    });
    if (mode === 'password') deleteView(view);
    (fields.name || fields.old).focus();
}

// The settings page's last section (issue 27): the account ends after the password and a
// confirmation; the games stay under an anonymous name.
/** @param {HTMLElement} view */
function deleteView(view) {
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
            await leave(password.value, () => { password.value = ''; });
        } catch (err) {
            status.textContent = passwordErrorText(/** @type {{code: string, message?: string}} */ (err));
        } finally {
            button.disabled = false;
        }
    });
}
