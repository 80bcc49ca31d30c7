// SPDX-License-Identifier: MIT
// The rules pages: one per variant (standard, Anti-Reversi, free opening, blocked squares,
// corner handicap, 3-4 players, board shapes), each saying what the variant is and what changes
// from standard Reversi, in the language chosen. The texts live in ../../i18n/LANG.js; the
// page has no store of its own: it draws from the language (the preferences store).
import { t, getLang, RULES_PAGES, VARIANTS } from '../../lib/i18n.js';
import { el } from '../../lib/dom.js';

/** @param {HTMLElement} root @param {string} variant */
export function rulesView(root, variant) {
    const pages = RULES_PAGES[getLang()] || RULES_PAGES.en;
    const key = VARIANTS.includes(variant) ? variant : 'standard';
    const page = pages[key];
    const nav = el('nav', { class: 'rules-nav', 'aria-label': t('rules.variants') },
        el('ul', {}, VARIANTS.map((v) => el('li', {}, el('a', { href: `#/rules/${v}`, id: `rules-${v}`,
            'aria-current': v === key ? 'page' : null }, pages[v].title)))));
    const article = el('article', { class: 'rules-page', lang: getLang() }, el('h1', { id: 'rules-title' }, page.title));
    for (const p of page.intro) article.append(el('p', {}, p));
    if (page.rows && page.rows.length) {
        article.append(el('h2', {}, t('rules.changes')));
        const table = el('table', { class: 'changes' },
            el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('rules.rule')),
                el('th', { scope: 'col' }, pages.standard.title), el('th', { scope: 'col' }, page.title))));
        const body = el('tbody');
        for (const [rule, standard, changed] of page.rows) {
            body.append(el('tr', {}, el('th', { scope: 'row' }, rule), el('td', {}, standard), el('td', {}, changed)));
        }
        table.append(body);
        article.append(el('div', { class: 'table-scroll' }, table));
    }
    article.append(el('p', {}, el('a', { href: '#/', class: 'button' }, t('rules.play')),
        ' ', el('button', { type: 'button', class: 'link', id: 'rules-back' }, t('rules.back'))));
    article.querySelector('#rules-back')?.addEventListener('click', () => history.back());
    root.append(el('div', { class: 'rules' }, nav, article));
    return { destroy() {} };
}
