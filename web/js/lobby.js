// SPDX-License-Identifier: MIT
// The lobby: open and running tables to join or watch, and finished games to replay. Both lists
// come from the HTTP API and refresh every few seconds while the view is shown.
import { t, colourName, describeSetup } from './i18n.js';
import { listTables, listGames } from './api.js';
import { el, errorText } from './ui.js';
import { resultText } from './game.js';

export function lobbyView(root) {
    const view = el('section', { class: 'lobby', 'aria-labelledby': 'lobby-title' });
    root.append(view);
    const tables = el('div', { id: 'open-tables' });
    const games = el('div', { id: 'finished-games' });
    const refresh = el('button', { type: 'button', id: 'refresh' }, t('lobby.refresh'));
    refresh.addEventListener('click', () => load());
    view.append(el('h1', { id: 'lobby-title' }, t('lobby.title')), refresh,
        el('h2', {}, t('lobby.open')), tables, el('h2', {}, t('lobby.finished')), games);

    const seatsText = (seats) => seats.map((s, i) => `${colourName(i)}: ${s.type === 'computer'
        ? t('seat.computerLevel', { n: s.level }) : s.name || (s.taken ? t('seat.human') : t('seat.free'))}`).join(', ');

    async function load() {
        try {
            const { tables: open } = await listTables();
            const rows = open.map((tb) => {
                const free = tb.seats.some((s) => s.type === 'human' && !s.taken);
                return el('li', { class: 'table-row', 'data-table': tb.id },
                    el('span', { class: 'what' }, describeSetup(tb.setup)),
                    el('span', { class: 'who' }, seatsText(tb.seats)),
                    el('span', { class: 'state' }, t(`status.${tb.status}`), ` · ${t('lobby.ply', { n: tb.ply })}`),
                    el('a', { href: `#/table/${tb.id}`, class: 'button' }, free ? t('lobby.join') : t('lobby.watch')));
            });
            tables.replaceChildren(rows.length ? el('ul', { class: 'rows' }, rows) : el('p', {}, t('lobby.noTables')));
        } catch (e) {
            tables.replaceChildren(el('p', { role: 'alert' }, errorText(e)));
        }
        try {
            const { games: done } = await listGames();
            const rows = done.map((g) => el('li', { class: 'game-row', 'data-game': g.id },
                el('span', { class: 'what' }, describeSetup(g.setup)),
                el('span', { class: 'who' }, seatsText(g.seats)),
                el('span', { class: 'state' }, g.result ? resultText(g.result, g.setup) : ''),
                el('a', { href: `#/replay/${g.id}`, class: 'button' }, t('lobby.replay'))));
            games.replaceChildren(rows.length ? el('ul', { class: 'rows' }, rows) : el('p', {}, t('lobby.noGames')));
        } catch (e) {
            games.replaceChildren(el('p', { role: 'alert' }, errorText(e)));
        }
    }
    load();
    const timer = setInterval(load, 5000);
    return { destroy() { clearInterval(timer); } };
}
