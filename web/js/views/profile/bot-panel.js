// SPDX-License-Identifier: MIT
// The bot section of one's own profile (docs/PROTOCOL.md "Bot API"): a registered account
// without rated games becomes a bot (for good, so a second click confirms); a bot's owner,
// logged in as it, sees its live API tokens (by id, made and last used), revokes one, and
// makes a new one, shown once with the `reversi bot` line that uses it. The list, the limit
// and every refusal are the server's; the new token lives only in this panel until it closes.
import { t } from '../../lib/i18n.js';
import { el, errorText } from '../../lib/dom.js';
import { dateText } from '../../lib/game-text.js';
import { becomeBot, listBotTokens, makeBotToken, revokeBotToken } from '../../lib/api.js';
import { loadMe } from '../../lib/session.js';

/** @typedef {import('../../lib/protocol.js').BotToken} BotToken */

/** @typedef {{refused: (e: unknown) => void, say: (text: string) => void}} Status the panel's status line */

/**
 * The panel for the logged-in player's own profile; `me` says whether the account is a bot.
 * @param {import('../../lib/protocol.js').Me} me
 * @returns {HTMLElement}
 */
export function botPanel(me) {
    const body = el('div', { class: 'bot-body' });
    const status = el('p', { id: 'bot-status', role: 'status' });
    const panel = el('section', { class: 'panel', id: 'bot-panel', 'aria-labelledby': 'bot-title' },
        el('h2', { id: 'bot-title' }, t('bot.title')), body, status);
    /** @type {Status} */
    const line = {
        refused(e) {
            status.textContent = errorText(e);
            status.className = 'alert';
        },
        say(text) {
            status.textContent = text;
            status.className = 'note';
        },
    };
    if (me.bot) botTokens(body, line);
    else becomeBotButton(body, line);
    return panel;
}

/** An account not yet a bot: the button that makes it one (a second click confirms). @param {HTMLElement} body @param {Status} line */
function becomeBotButton(body, { refused }) {
    const make = el('button', { type: 'button', id: 'bot-make' }, t('bot.make'));
    make.addEventListener('click', async () => {
        if (make.dataset.confirm !== 'yes') {
            make.dataset.confirm = 'yes';
            make.textContent = t('bot.makeConfirm');
            make.classList.add('danger');
            return;
        }
        make.disabled = true;
        try {
            await becomeBot();
            await loadMe();  // the profile redraws with the session's new `me`
        } catch (e) {
            refused(e);
            make.disabled = false;
        }
    });
    body.replaceChildren(el('p', { class: 'note' }, t('bot.about')), el('div', { class: 'form-bar' }, make));
}

/** A bot's tokens: the list with Revoke, and New token. @param {HTMLElement} body @param {Status} line */
function botTokens(body, { refused, say }) {
    // The token just made: shown here once, gone when the page is left.
    const shown = el('div', { id: 'bot-token-box' });
    const list = el('div', { id: 'bot-tokens' });
    const make = el('button', { type: 'button', id: 'bot-token-new', class: 'primary' }, t('bot.newToken'));

    async function refresh() {
        try {
            const { tokens, max } = await listBotTokens();
            draw(tokens || [], max);
        } catch (e) {
            refused(e);
        }
    }

    /** @param {BotToken[]} tokens @param {number} max */
    function draw(tokens, max) {
        make.disabled = tokens.length >= max;
        list.replaceChildren(el('h3', {}, t('bot.tokens', { n: tokens.length, max })),
            tokens.length ? el('ul', { class: 'rows', id: 'bot-token-list' }, tokens.map((k) => {
                const revoke = el('button', { type: 'button', class: 'bot-revoke' }, t('bot.revoke'));
                revoke.addEventListener('click', async () => {
                    revoke.disabled = true;
                    try {
                        await revokeBotToken(k.id);
                        say(t('bot.revoked', { id: k.id }));
                    } catch (e) {
                        refused(e);
                    }
                    await refresh();
                });
                return el('li', { 'data-token': k.id }, el('code', {}, k.id),
                    el('span', {}, `${t('bot.made', { when: dateText(k.created, true) })} · ${t('bot.used', { when: dateText(k.last_used, true) })}`),
                    revoke);
            })) : el('p', { class: 'note' }, t('bot.noTokens')),
            tokens.length >= max ? el('p', { class: 'note', id: 'bot-token-limit' }, t('bot.limit', { max })) : '');
    }

    make.addEventListener('click', async () => {
        make.disabled = true;
        try {
            const made = await makeBotToken();
            const line = `reversi bot --server ${location.origin} --token ${made.token} --engine "gtp:COMMAND"`;
            shown.replaceChildren(el('div', { class: 'panel bot-token-new' },
                el('p', {}, el('strong', {}, t('bot.copyNow'))),
                el('p', {}, el('code', { id: 'bot-token-value' }, made.token)),
                el('p', { class: 'note' }, t('bot.useIt')), el('pre', { id: 'bot-token-command' }, line)));
            say('');
        } catch (e) {
            refused(e);
        }
        await refresh();
    });

    body.replaceChildren(el('p', { class: 'note' }, t('bot.isBot')), shown, list, el('div', { class: 'form-bar' }, make));
    refresh();
}
