// SPDX-License-Identifier: MIT
// The client's entry point: the header (brand, navigation, online count, the user menu, the
// language, dark mode and board theme), the notice bar for incoming challenges, the tab title's
// "your turn" mark, and a hash router that shows one view at a time (#/ landing, #/new setup,
// #/lobby, #/table/ID, #/replay/ID, #/analysis[/ID], #/rules/VARIANT, #/player/NAME, #/leaderboard/POOL,
// #/login, #/register, #/password). Changing the language rebuilds the header and the view.
import { t, getLang, setLang, LANGS } from './i18n.js';
import { setupView } from './setup.js';
import { gameView } from './game.js';
import { lobbyView } from './lobby.js';
import { replayView } from './replay.js';
import { analysisView } from './analysis.js';
import { rulesView } from './rulespage.js';
import { landingView } from './landing.js';
import { profileView } from './profile.js';
import { leaderboardView } from './leaderboard.js';
import { authView, currentMe, loggedIn, loadMe, logOut, onMe } from './auth.js';
import { lobby } from './lobby-socket.js';
import { challengeItem, incomingChallenges } from './challenges.js';
import { applyAppearance, setTheme, theme, setBoardTheme, boardTheme, BOARD_THEMES } from './appearance.js';
import { saveToken } from './api.js';
import { el, select } from './ui.js';

applyAppearance();

const main = document.getElementById('main');
const header = document.getElementById('header');
const notices = el('div', { id: 'notices', class: 'notices', 'aria-live': 'polite' });
header.after(notices);
let current = null;
let page = '';

// "(●) Your turn — Reversi" while one of my running games waits for me.
function updateTitle() {
    document.title = lobby.myTurn() ? t('site.titleTurn') : t('app.title');
}

function userMenu() {
    const me = currentMe();
    if (loggedIn()) {
        const out = el('button', { type: 'button', id: 'logout', class: 'link' }, t('auth.logout'));
        out.addEventListener('click', async () => {
            await logOut();
            location.hash = '#/';
        });
        const menu = el('details', { class: 'user-menu', id: 'user-menu' },
            el('summary', { id: 'user-name' }, me.name),
            el('ul', {},
                el('li', {}, el('a', { href: `#/player/${encodeURIComponent(me.name)}`, id: 'nav-profile' }, t('auth.profile'))),
                el('li', {}, el('a', { href: '#/password', id: 'nav-password' }, t('auth.passwordTitle'))),
                el('li', {}, out)));
        menu.addEventListener('keydown', (e) => {
            if (e.key === 'Escape' && menu.open) {
                menu.open = false;
                menu.querySelector('summary').focus();
            }
        });
        return menu;
    }
    return el('div', { class: 'user-menu guest', id: 'user-menu' },
        me?.name ? el('span', { class: 'guest-name', id: 'user-name' }, me.name) : '',
        el('a', { href: '#/login', id: 'nav-login' }, t('auth.loginTitle')),
        el('a', { href: '#/register', id: 'nav-register', class: 'button primary' }, t('auth.registerTitle')));
}

function renderOnline() {
    const n = lobby.state.online;
    const span = document.getElementById('header-online');
    if (span) span.textContent = typeof n === 'number' ? t('site.online', { n }) : '';
}

function renderBadge() {
    const n = incomingChallenges().length;
    const link = document.getElementById('nav-lobby');
    if (!link) return;
    link.querySelector('.badge')?.remove();
    if (n) link.append(el('span', { class: 'badge', id: 'challenge-badge', 'aria-label': t('lobby.challengesCount', { n }) }, String(n)));
}

// Incoming challenges on every screen but the lobby, which lists them itself.
function renderNotices() {
    const list = page === 'lobby' ? [] : incomingChallenges();
    notices.replaceChildren(...(list.length ? [el('ul', { class: 'rows' }, list.map((c) => challengeItem(c, 'notice')))] : []));
}

function renderHeader() {
    document.documentElement.lang = getLang();
    updateTitle();
    const nav = el('nav', { 'aria-label': t('nav.label') },
        el('a', { href: '#/', id: 'nav-new' }, t('nav.new')),
        el('a', { href: '#/lobby', id: 'nav-lobby' }, t('nav.lobby')),
        el('a', { href: '#/leaderboard/8x8', id: 'nav-leaderboard' }, t('nav.leaderboard')),
        el('a', { href: '#/rules/standard', id: 'nav-rules' }, t('nav.rules')));
    const langSelect = select('lang', LANGS, getLang(), (v) => {
        setLang(v);
        renderHeader();
        route();
    }, t('nav.language'));
    const dark = theme() === 'dark';
    const themeButton = el('button', { type: 'button', id: 'theme-toggle', class: 'icon', 'aria-pressed': String(dark),
        title: t('site.darkMode') }, el('span', { 'aria-hidden': 'true' }, dark ? '☾' : '☀'), el('span', { class: 'sr' }, t('site.darkMode')));
    themeButton.addEventListener('click', () => {
        setTheme(theme() === 'dark' ? 'light' : 'dark');
        renderHeader();
        document.getElementById('theme-toggle')?.focus();
    });
    const boardSelect = select('board-theme', BOARD_THEMES.map((b) => [b, t(`site.board.${b}`)]), boardTheme(),
        (v) => setBoardTheme(v), t('site.boardTheme'));
    header.replaceChildren(
        el('a', { href: '#/', class: 'brand' }, el('img', { src: 'favicon.svg', alt: '', width: '24', height: '24' }), t('app.title')),
        nav,
        el('span', { id: 'header-online', class: 'online-count' }),
        el('div', { class: 'prefs' }, userMenu(), langSelect, themeButton, boardSelect));
    renderOnline();
    renderBadge();
    markNav();
}

function markNav() {
    document.querySelectorAll('header nav a').forEach((a) => a.removeAttribute('aria-current'));
    const id = { '': 'nav-new', new: 'nav-new', lobby: 'nav-lobby', leaderboard: 'nav-leaderboard', rules: 'nav-rules' }[page];
    if (id) document.getElementById(id)?.setAttribute('aria-current', 'page');
}

function route() {
    if (current) current.destroy();
    main.replaceChildren();
    const parts = location.hash.replace(/^#\/?/, '').split('/').map((p) => {
        try {
            return decodeURIComponent(p);
        } catch {
            return p;
        }
    });
    const [name, arg] = parts;
    page = name || '';
    if (name === 'table' && arg) current = gameView(main, arg);
    else if (name === 'new') current = setupView(main);
    else if (name === 'lobby') current = lobbyView(main);
    else if (name === 'replay' && arg) current = replayView(main, arg);
    else if (name === 'analysis') current = analysisView(main, arg);
    else if (name === 'rules') current = rulesView(main, arg || 'standard');
    else if (name === 'player' && arg) current = profileView(main, arg);
    else if (name === 'leaderboard') current = leaderboardView(main, arg || '8x8');
    else if (name === 'login' || name === 'register' || name === 'password') current = authView(main, name);
    else {
        page = '';
        current = landingView(main);
    }
    header.querySelector('details[open]')?.removeAttribute('open');
    markNav();
    renderNotices();
    main.focus({ preventScroll: true });
}

lobby.subscribe((msg) => {
    if (msg.type === 'paired' && msg.table) {
        if (msg.token) saveToken(msg.table, msg.token);
        location.hash = `#/table/${encodeURIComponent(msg.table)}`;
    }
    if (msg.type === 'games' || msg.type === 'lobby') updateTitle();
    if (msg.type === 'online' || msg.type === 'lobby') renderOnline();
    if (['challenge', 'challenge_gone', 'lobby', 'disconnected'].includes(msg.type)) {
        renderBadge();
        renderNotices();
    }
});
onMe(() => renderHeader());

window.addEventListener('hashchange', route);
renderHeader();
route();
loadMe().then(() => lobby.enable());
