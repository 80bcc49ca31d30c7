// SPDX-License-Identifier: MIT
// The client's entry point: the header (brand, navigation, online count, the user menu, the
// language, dark mode and board theme), the notice of what needs the network while offline, the
// service worker (lib/offline.js), the notice bar for incoming challenges, the tab title's
// "your turn" mark, and a hash router that shows one view at a time (#/ landing, #/new setup,
// #/lobby, #/table/ID, #/play/ID (a game against the computer played in this browser), #/replay/ID, #/analysis[/ID], #/rules/VARIANT, #/player/NAME, #/leaderboard/POOL,
// #/puzzle/ID (daily: the daily puzzle), #/puzzles/POOL, #/streak/POOL, #/explorer/POOL, #/login, #/register,
// #/settings (the password and deleting the account; #/password leads there too),
// #/mod for moderators, linked in the header only when GET /api/mod/me names a role). Changing the language rebuilds the header and the view.
// The shell draws from the session store (session.js: who we are, the lobby connection) and
// the preferences store; each view draws from its own store (views/*/).
import { t, getLang, setLang, LANGS } from './lib/i18n.js';
import { setupView } from './views/setup/setup.js';
import { tableView } from './views/table/table.js';
import { lobbyView } from './views/lobby/lobby.js';
import { replayView } from './views/replay/replay.js';
import { analysisView } from './views/analysis/analysis.js';
import { rulesView } from './views/rules/rules.js';
import { landingView } from './views/landing/landing.js';
import { profileView } from './views/profile/profile.js';
import { leaderboardView } from './views/leaderboard/leaderboard.js';
import { tournamentView } from './views/tournament/tournament.js';
import { authView } from './views/auth/auth.js';
import { puzzleView } from './views/puzzle/puzzle.js';
import { explorerView } from './views/explorer/explorer.js';
import { modView } from './views/mod/mod.js';
import { playView } from './views/play/play.js';
import { session, lobby, loadMe, logOut, loggedIn, myTurn, incomingChallenges, onLobbyMessage } from './lib/session.js';
import { challengeItem } from './components/challenge-item.js';
import { applyAppearance, followSystem, setTheme, theme, setBoardTheme, boardTheme, BOARD_THEMES } from './lib/appearance.js';
import { saveToken } from './lib/preferences.js';
import { getModRole } from './lib/api.js';
import { el, select, errorText } from './lib/dom.js';
import { loadConfig } from './lib/pools.js';
import { createStore } from './lib/store.js';
import { connection, registerWorker } from './lib/offline.js';
import { offlineNotice } from './components/offline-notice.js';

/** @typedef {{destroy(): void}} View what every view function returns */

applyAppearance();
followSystem();

const main = /** @type {HTMLElement} */ (document.getElementById('main'));
// The brand shows the page's own icon, under whichever name the page links it (the build's
// bundle gives it a content-hashed one, which the browser keeps without asking again).
const pageIcon = document.querySelector('link[rel="icon"]')?.getAttribute('href') || 'favicon.svg';
const header = /** @type {HTMLElement} */ (document.getElementById('header'));
const notices = el('div', { id: 'notices', class: 'notices', 'aria-live': 'polite' });
// While offline, what works and what needs the network (components/offline-notice.js).
const offlineBar = el('div', { id: 'offline-bar', class: 'offline-bar', 'aria-live': 'polite' });
header.after(offlineBar, notices);

// The shell's store: the page shown ('' for the landing page) and its view, which the router
// sets, whether the header's menu (phones) is open, the visitor's moderation role as the
// server answered it ('' for none), which links the moderators' page, and how many of my games
// waited for my move when the tab title was last set (one more raises a notification).
const shell = createStore(/** @type {{page: string, current: View | null, menuOpen: boolean, modRole: string, turnsSeen: number}} */ ({
    page: '', current: null, menuOpen: false, modRole: '', turnsSeen: 0,
}));

// Asks the server again for the moderation role (after the session changed).
function loadModRole() {
    getModRole().then(({ role }) => shell.set({ modRole: role || '' }), () => shell.set({ modRole: '' }));
}

// "(●) Your turn — Reversi" while one of my running games waits for me; a correspondence
// game can wait for days, so a new turn also raises a system notification where the player
// allowed them (the lobby's button asks) and the page is not in front.
function updateTitle() {
    document.title = myTurn(session.get()) ? t('site.titleTurn') : t('app.title');
    const turns = session.get().games.filter((g) => g.your_turn);
    if (turns.length > shell.get().turnsSeen && document.hidden && 'Notification' in window && Notification.permission === 'granted') {
        new Notification(t('site.titleTurn'), { body: t('site.turnNotice', { n: turns.length }), tag: 'your-turn' });
    }
    shell.set({ turnsSeen: turns.length });
    renderBadge();
}

function userMenu() {
    const me = session.get().me;
    if (me && loggedIn(session.get())) {
        const out = el('button', { type: 'button', id: 'logout', class: 'link' }, t('auth.logout'));
        out.addEventListener('click', async () => {
            await logOut();
            location.hash = '#/';
        });
        const menu = el('details', { class: 'user-menu', id: 'user-menu' },
            el('summary', { id: 'user-name' }, me.name),
            el('ul', {},
                el('li', {}, el('a', { href: `#/player/${encodeURIComponent(me.name)}`, id: 'nav-profile' }, t('auth.profile'))),
                el('li', {}, el('a', { href: '#/settings', id: 'nav-settings' }, t('auth.settingsTitle'))),
                el('li', {}, out)));
        menu.addEventListener('keydown', (e) => {
            if (e.key === 'Escape' && menu.open) {
                menu.open = false;
                menu.querySelector('summary')?.focus();
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
    const n = session.get().online;
    const span = document.getElementById('header-online');
    if (span) span.textContent = typeof n === 'number' ? t('site.online', { n }) : '';
}

function renderBadge() {
    const n = incomingChallenges(session.get()).length;
    const link = document.getElementById('nav-lobby');
    if (!link) return;
    link.querySelector('.badge')?.remove();
    document.getElementById('menu-toggle')?.classList.toggle('has-badge', n > 0);
    if (n) link.append(el('span', { class: 'badge', id: 'challenge-badge', 'aria-label': t('lobby.challengesCount', { n }) }, String(n)));
    // Games waiting for my move (correspondence games above all), beside the challenges.
    link.querySelector('.turn-badge')?.remove();
    const turns = session.get().games.filter((g) => g.your_turn).length;
    if (turns) link.append(el('span', { class: 'badge turn-badge', id: 'turn-badge', 'aria-label': t('site.turnNotice', { n: turns }) }, `●${turns}`));
}

function renderOffline() {
    offlineBar.replaceChildren(...offlineNotice(shell.get().page, connection.get().online));
}

// Incoming challenges on every screen but the lobby, which lists them itself.
function renderNotices() {
    const list = shell.get().page === 'lobby' ? [] : incomingChallenges(session.get());
    notices.replaceChildren(...(list.length ? [el('ul', { class: 'rows' }, list.map((c) => challengeItem(c, 'notice')))] : []));
}

function renderHeader() {
    document.documentElement.lang = getLang();
    updateTitle();
    const nav = el('nav', { 'aria-label': t('nav.label') },
        el('a', { href: '#/', id: 'nav-new' }, t('nav.new')),
        el('a', { href: '#/lobby', id: 'nav-lobby' }, t('nav.lobby')),
        el('a', { href: '#/leaderboard/8x8', id: 'nav-leaderboard' }, t('nav.leaderboard')),
        el('a', { href: '#/tournaments', id: 'nav-tournaments' }, t('nav.tournaments')),
        el('a', { href: '#/rules/standard', id: 'nav-rules' }, t('nav.rules')),
        shell.get().modRole ? el('a', { href: '#/mod', id: 'nav-mod' }, t('nav.mod')) : '');
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
    // On a phone the links and choices fold into a menu behind one button, so the header stays
    // one line in every language; elsewhere the panel is laid out as if it were not there.
    const menu = el('button', { type: 'button', id: 'menu-toggle', class: 'icon menu-toggle', 'aria-controls': 'header-panel',
        'aria-expanded': String(shell.get().menuOpen), title: t('nav.label') },
    el('span', { 'aria-hidden': 'true' }, '☰'), el('span', { class: 'sr' }, t('nav.label')));
    menu.addEventListener('click', () => shell.set({ menuOpen: !shell.get().menuOpen }));
    header.classList.toggle('menu-open', shell.get().menuOpen);
    header.replaceChildren(
        el('a', { href: '#/', class: 'brand' }, el('img', { src: pageIcon, alt: '', width: '24', height: '24' }),
            el('span', { class: 'brand-name' }, t('app.title'))),
        el('div', { class: 'header-panel', id: 'header-panel' },
            nav,
            el('span', { id: 'header-online', class: 'online-count' }),
            el('div', { class: 'prefs' }, langSelect, themeButton, boardSelect)),
        userMenu(),
        menu);
    renderOnline();
    renderBadge();
    markNav();
}

function markNav() {
    document.querySelectorAll('header nav a').forEach((a) => a.removeAttribute('aria-current'));
    /** @type {Record<string, string>} */
    const ids = { '': 'nav-new', new: 'nav-new', lobby: 'nav-lobby', leaderboard: 'nav-leaderboard', rules: 'nav-rules',
        tournaments: 'nav-tournaments', tournament: 'nav-tournaments', mod: 'nav-mod' };
    const id = ids[shell.get().page];
    if (id) document.getElementById(id)?.setAttribute('aria-current', 'page');
}

function route() {
    shell.get().current?.destroy();
    main.replaceChildren();
    const parts = location.hash.replace(/^#\/?/, '').split('/').map((p) => {
        try {
            return decodeURIComponent(p);
        } catch {
            return p;
        }
    });
    const [name, arg] = parts;
    const known = ['table', 'play', 'new', 'lobby', 'replay', 'analysis', 'rules', 'player', 'leaderboard', 'login', 'register', 'password',
        'settings', 'puzzle', 'puzzles', 'streak', 'tournaments', 'tournament', 'explorer', 'mod'];
    const page = known.includes(name) && (arg || !['table', 'play', 'replay', 'player', 'tournament'].includes(name)) ? name : '';
    shell.set({ page, current: null, menuOpen: false });
    /** @type {View} */
    let view;
    if (page === 'table') view = tableView(main, arg);
    else if (page === 'play') view = playView(main, arg);
    else if (page === 'new') view = setupView(main);
    else if (page === 'lobby') view = lobbyView(main);
    else if (page === 'replay') view = replayView(main, arg);
    else if (page === 'analysis') view = analysisView(main, arg);
    else if (page === 'rules') view = rulesView(main, arg || 'standard');
    else if (page === 'player') view = profileView(main, arg);
    else if (page === 'leaderboard') view = leaderboardView(main, arg || '8x8');
    else if (page === 'puzzle') view = puzzleView(main, { id: arg || 'daily' });
    else if (page === 'puzzles') view = puzzleView(main, { pool: arg || '8x8' });
    else if (page === 'streak') view = puzzleView(main, { streak: arg || '8x8' });
    else if (page === 'tournaments' || page === 'tournament') view = tournamentView(main, page === 'tournament' ? arg : '');
    else if (page === 'explorer') view = explorerView(main, arg || '8x8');
    else if (page === 'mod') view = modView(main);
    else if (page === 'login' || page === 'register') view = authView(main, page);
    else if (page === 'password' || page === 'settings') view = authView(main, 'password');
    else view = landingView(main);
    shell.set({ current: view });
    header.querySelector('details[open]')?.removeAttribute('open');
    markNav();
    renderNotices();
    renderOffline();
    main.focus({ preventScroll: true });
}

// A pairing is an action, not a redraw: go to the table with its token.
onLobbyMessage((msg) => {
    if (msg.type === 'paired' && msg.table) {
        if (msg.token) saveToken(msg.table, msg.token);
        location.hash = `#/table/${encodeURIComponent(msg.table)}`;
    }
});
shell.subscribe((s, was) => {
    if (s.modRole !== was.modRole) renderHeader();
    if (s.menuOpen === was.menuOpen) return;
    header.classList.toggle('menu-open', s.menuOpen);
    document.getElementById('menu-toggle')?.setAttribute('aria-expanded', String(s.menuOpen));
});
session.subscribe((s, was) => {
    if (s.me !== was.me) {
        if (s.me?.name !== was.me?.name || s.me?.guest !== was.me?.guest) loadModRole();
        renderHeader();
        return;
    }
    if (s.games !== was.games) updateTitle();
    if (s.online !== was.online) renderOnline();
    if (s.challenges !== was.challenges) {
        renderBadge();
        renderNotices();
    }
});

connection.subscribe(renderOffline);

// The views build their forms from what the site allows (GET /api/config): the first view is
// drawn once it is here; while the server cannot be reached, the page says so and tries again.
async function start() {
    for (let wait = 500; ; wait = Math.min(wait * 2, 8000)) {
        try {
            await loadConfig();
            break;
        } catch (e) {
            main.replaceChildren(el('p', { class: 'note', role: 'alert', id: 'config-error' }, errorText(e)));
            await new Promise((r) => setTimeout(r, wait));
        }
    }
    window.addEventListener('hashchange', route);
    route();
}

renderHeader();
start();
loadMe().then(() => lobby.enable());
registerWorker();
