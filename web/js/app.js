// SPDX-License-Identifier: MIT
// The client's entry point: the header with navigation and the language switch, and a hash
// router that shows one view at a time (#/ setup, #/lobby, #/table/ID, #/replay/ID,
// #/rules/VARIANT). Changing the language rebuilds the current view from the translation table.
import { t, getLang, setLang, LANGS } from './i18n.js';
import { setupView } from './setup.js';
import { gameView } from './game.js';
import { lobbyView } from './lobby.js';
import { replayView } from './replay.js';
import { rulesView } from './rulespage.js';
import { el } from './ui.js';

const main = document.getElementById('main');
const header = document.getElementById('header');
let current = null;

function renderHeader() {
    document.documentElement.lang = getLang();
    document.title = t('app.title');
    const nav = el('nav', { 'aria-label': t('nav.label') },
        el('a', { href: '#/', id: 'nav-new' }, t('nav.new')),
        el('a', { href: '#/lobby', id: 'nav-lobby' }, t('nav.lobby')),
        el('a', { href: '#/rules/standard', id: 'nav-rules' }, t('nav.rules')));
    const langSelect = el('select', { id: 'lang', 'aria-label': t('nav.language') });
    for (const [code, name] of LANGS) {
        const o = el('option', { value: code }, name);
        if (code === getLang()) o.selected = true;
        langSelect.append(o);
    }
    langSelect.addEventListener('change', () => {
        setLang(langSelect.value);
        renderHeader();
        route();
    });
    header.replaceChildren(el('a', { href: '#/', class: 'brand' }, el('span', { 'aria-hidden': 'true' }, '◐ '), t('app.title')),
        nav, el('label', { class: 'lang' }, el('span', { class: 'sr' }, t('nav.language')), langSelect));
}

function route() {
    if (current) current.destroy();
    main.replaceChildren();
    const parts = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
    const [page, arg] = parts;
    document.querySelectorAll('nav a').forEach((a) => a.removeAttribute('aria-current'));
    const mark = (id) => document.getElementById(id)?.setAttribute('aria-current', 'page');
    if (page === 'table' && arg) current = gameView(main, arg);
    else if (page === 'lobby') { current = lobbyView(main); mark('nav-lobby'); }
    else if (page === 'replay' && arg) current = replayView(main, arg);
    else if (page === 'rules') { current = rulesView(main, arg || 'standard'); mark('nav-rules'); }
    else { current = setupView(main); mark('nav-new'); }
    main.focus({ preventScroll: true });
}

window.addEventListener('hashchange', route);
renderHeader();
route();
