// SPDX-License-Identifier: MIT
// What the account screens send (docs/SITE.md "Accounts"): register or log in and go to one's
// page, change the password, delete the account and leave as a new guest. Who this browser is
// then is the session store's (lib/session.js); a refusal is thrown to the form that sent.
import { register, login, changePassword, deleteAccount } from '../../lib/api.js';
import { signedIn, logOut } from '../../lib/session.js';

/**
 * Registers or logs in as `name`, then opens the player's page.
 * @param {'login' | 'register'} mode @param {string} name trimmed, in NFC @param {string} password
 */
export async function enter(mode, name, password) {
    const res = mode === 'register' ? await register(name, password) : await login(name, password);
    signedIn(res);
    location.hash = `#/player/${encodeURIComponent(res.name || name)}`;
}

/** @param {string} old @param {string} fresh */
export const newPassword = (old, fresh) => changePassword(old, fresh);

/**
 * Ends the account; the cookie is cleared, so the next visit is a new guest.
 * @param {string} password @param {() => void} deleted called once the server ended it
 */
export async function leave(password, deleted) {
    await deleteAccount(password);
    deleted();
    await logOut();
    location.hash = '#/';
}
