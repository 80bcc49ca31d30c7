// SPDX-License-Identifier: MIT
// The server's rules for names and passwords (docs/SITE.md), checked before a form is sent, and
// the text of a refused account request, chosen by its error code in the reader's language.
import { t, getLang } from '../../lib/i18n.js';
import { nameLength } from '../../lib/api.js';
import { errorText } from '../../lib/dom.js';

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

// A refusal where only the password was asked (the settings): a wrong one is said to be the
// password, not "user name or password"; a login's refusal reads as authErrorText's.
/** @param {{code: string, message?: string}} e */
export function passwordErrorText(e) {
    return e.code === 'bad_login' ? t('auth.wrongPassword') : authErrorText(e);
}
