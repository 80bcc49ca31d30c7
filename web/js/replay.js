// SPDX-License-Identifier: MIT
// Replays a finished game move by move: the server gives the setup and the move list, and the
// client's rules port (rules.js) rebuilds every position, so stepping needs no round trips.
import { t, colourName, describeSetup } from './i18n.js';
import { Board, discBadge } from './board.js';
import { getGame, exportUrl } from './api.js';
import * as rules from './rules.js';
import { el, errorText } from './ui.js';
import { resultText, variantOf } from './game.js';

export function replayView(root, id) {
    const view = el('section', { class: 'replay', 'aria-labelledby': 'replay-title' });
    root.append(view);
    let positions = [];
    let game = null;
    let index = 0;
    let board = null;
    let marks = false;
    const counts = el('ul', { class: 'players', id: 'replay-counts' });
    const where = el('p', { id: 'replay-ply', class: 'status', 'aria-live': 'polite' });
    const list = el('ol', { class: 'moves', id: 'moves' });

    function go(i) {
        index = Math.max(0, Math.min(positions.length - 1, i));
        const pos = positions[index];
        board.update({ rows: rules.boardRows(pos), legal: [], last: pos.last, flipped: pos.flipped, animate: true, marks });
        where.textContent = t('replay.at', { ply: index, total: positions.length - 1 });
        counts.replaceChildren(...rules.counts(pos).map((c, s) =>
            el('li', { class: 'player' }, discBadge(s, marks), el('span', { class: 'pname' }, colourName(s)), el('span', { class: 'count' }, String(c)))));
        list.querySelectorAll('li').forEach((li, k) => li.classList.toggle('current', k === index - 1));
    }

    async function start() {
        try {
            game = await getGame(id);
            positions = rules.replay(game.setup, game.moves || []);
            marks = game.setup.players > 2;
        } catch (e) {
            view.append(el('h1', {}, t('replay.title')), el('p', { role: 'alert' }, errorText(e)));
            return;
        }
        const host = el('div', { class: 'board-host' });
        const ctl = el('div', { class: 'controls' });
        const mk = (idn, label, f) => {
            const b = el('button', { type: 'button', id: idn, 'aria-label': label, title: label }, label);
            b.addEventListener('click', f);
            return b;
        };
        ctl.append(mk('first', t('replay.first'), () => go(0)), mk('prev', t('replay.prev'), () => go(index - 1)),
            mk('next', t('replay.next'), () => go(index + 1)), mk('last', t('replay.last'), () => go(positions.length - 1)));
        (game.moves || []).forEach((m, k) => {
            const b = el('button', { type: 'button', class: 'link' }, m === 'pass' ? t('game.passWord') : m);
            b.addEventListener('click', () => go(k + 1));
            list.append(el('li', {}, discBadge(k % game.setup.players, marks), ' ', b));
        });
        const exports = el('p', {}, el('a', { href: exportUrl(id, 'text'), download: `${id}.txt`, id: 'export-text' }, t('replay.exportText')));
        // GGF holds two-player games on 8x8, 10x10 and the octagon without blocked squares; the
        // server refuses the others, so no link is offered for them.
        const s = game.setup;
        if (s.players === 2 && s.board !== '6' && !(s.blocked || []).length && !s.random_blocked) {
            exports.append(' · ', el('a', { href: exportUrl(id, 'ggf'), download: `${id}.ggf`, id: 'export-ggf' }, 'GGF'));
        }
        view.append(el('h1', { id: 'replay-title' }, `${t('replay.title')}: ${describeSetup(game.setup)}`),
            el('p', { class: 'subtitle' }, el('a', { href: `#/rules/${variantOf(game.setup)}` }, t('game.rulesLink')),
                game.finished && game.setup.players === 2
                    ? [' · ', el('a', { href: `#/analysis/${encodeURIComponent(id)}`, id: 'replay-analysis' }, t('analysis.link'))] : null),
            el('div', { class: 'game-grid' }, host, el('div', { class: 'side' }, where, ctl, counts,
                el('p', { class: 'status', id: 'replay-result' }, game.result ? resultText(game.result, game.setup) : ''),
                el('h2', {}, t('game.moves')), list, exports)));
        board = new Board(host, positions[0].w, { label: t('replay.title') });
        view.addEventListener('keydown', (e) => {
            if (e.target.closest('.board')) return;
            if (e.key === 'ArrowRight') go(index + 1);
            if (e.key === 'ArrowLeft') go(index - 1);
        });
        go(0);
    }
    start();
    return { destroy() {} };
}
