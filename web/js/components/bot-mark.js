// SPDX-License-Identifier: MIT
// The BOT mark after the name of a bot account (docs/PROTOCOL.md "Bot API"), wherever the
// server says a name is a bot's: table seats, seeks, challenges, my games, open tables,
// finished games, replays, profiles, the leaderboard and tournaments.
import { t } from '../lib/i18n.js';
import { el } from '../lib/dom.js';

/** @param {boolean | undefined} bot @returns {HTMLElement | string} */
export function botMark(bot) {
    return bot ? el('span', { class: 'bot-mark', title: t('site.botTitle') }, t('site.bot')) : '';
}

/** The mark after a name with its space, or nothing: a person's name keeps its text as it was. @param {boolean | undefined} bot */
export function afterName(bot) {
    return bot ? [' ', botMark(bot)] : [];
}
