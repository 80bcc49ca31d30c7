// SPDX-License-Identifier: MIT
// The page of a game against the computer in this browser: its empty parts, and the drawing of
// the game from the view's store (the board, whose move it is or the result, the hint, the
// buttons the position allows, the move list), or the note that no such game is kept here.
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { Board, discBadge } from '../../components/board.js';
import * as rules from '../../lib/rules.js';
import { el } from '../../lib/dom.js';
import { resultText } from '../../lib/game-text.js';

/** @typedef {import('./actions.js').PlayActions} PlayActions */
/** @typedef {ReturnType<typeof playLayout>} PlayLayout */

/** The page's parts, empty. */
export function playLayout() {
    const view = el('section', { class: 'game local-game', 'aria-labelledby': 'game-title' });
    const parts = {
        view,
        title: el('h1', { id: 'game-title' }),
        host: el('div', { class: 'board-host' }),
        status: el('p', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' }),
        passBar: el('div', { class: 'pass-bar' }),
        hintBox: el('p', { class: 'hint-line', id: 'hint-text', 'aria-live': 'polite' }),
        alert: el('p', { class: 'alert', id: 'alert', role: 'alert' }),
        controls: el('div', { class: 'controls' }),
        moves: el('ol', { class: 'moves', id: 'moves', 'aria-label': t('game.moves') }),
    };
    const { title, host, status, passBar, hintBox, alert, controls, moves } = parts;
    view.append(title, el('p', { class: 'note', id: 'local-note' }, t('local.note')), el('div', { class: 'game-grid' }, el('div', { class: 'board-col' }, host),
        el('div', { class: 'side' }, status, passBar, hintBox, alert, controls, el('h2', {}, t('game.moves')), moves)));
    return parts;
}

/** @param {string} bid @param {string} label @param {() => void} onClick @param {string} [cls] */
function button(bid, label, onClick, cls = '') {
    const b = el('button', { type: 'button', id: bid, class: cls }, label);
    b.addEventListener('click', onClick);
    return b;
}

/** The note that this browser keeps no game by the page's id. @param {PlayLayout} parts */
export function drawMissing({ view }) {
    view.replaceChildren(el('h1', {}, t('game.notFound')), el('p', { role: 'alert', id: 'local-missing' }, t('local.missing')),
        el('a', { href: '#/' }, t('nav.new')));
}

/**
 * The function that draws the game into `parts`; the board is made at the first drawing and
 * animates a move only between two positions it has shown.
 * @param {PlayLayout} parts @param {PlayActions} act
 */
export function gameDrawer(parts, act) {
    const { view, title, host, status, passBar, hintBox, alert, controls, moves } = parts;
    /** @type {Board | null} */
    let board = null;
    /** @type {import('../../lib/rules.js').Position | null} */
    let drawn = null;
    /** @param {import('./play.js').PlayState} state */
    return ({ game, positions, thinking, hint: hinted, hintLine, message }) => {
        const pos = positions.at(-1);
        if (!game || !pos) return;
        title.textContent = `${describeSetup(game.setup)} · ${t('local.title', { n: game.level })}`;
        if (!board) board = new Board(host, pos.w, { label: t('game.board'), onPlay: act.play, flipped: game.seat === 1 });
        const over = rules.isOver(pos);
        const mine = act.myTurn();
        const legal = over ? [] : rules.legalMoves(pos).filter((m) => m !== 'pass');
        board.update({ rows: rules.boardRows(pos), legal, showLegal: mine, last: pos.last, flipped: pos.flipped,
            hint: hinted, interactive: mine, animate: drawn !== pos && drawn !== null, marks: false });
        drawn = pos;
        view.dataset.ply = String(game.moves.length);
        view.dataset.status = over ? 'finished' : 'playing';
        passBar.replaceChildren();
        const c = colourName(pos.toMove);
        /** @type {string[]} */
        const line = [];
        if (pos.last === 'pass') line.push(t('game.passed', { colour: colourName((pos.toMove + 1) % 2) }));
        if (over) line.push(resultText({ winner: rules.outcome(pos).winner, counts: rules.counts(pos), reason: 'end' }, game.setup));
        else if (mine && rules.legalMoves(pos)[0] === 'pass') {
            line.push(t('game.mustPass', { colour: c }));
            passBar.append(button('pass', t('game.pass'), () => act.play('pass'), 'primary'));
        } else if (mine) line.push(t('game.yourMove', { colour: c }));
        else if (thinking) line.push(t('game.thinking', { colour: c }));
        else line.push(t('game.toMove', { colour: c }));
        status.textContent = line.join(' ');
        hintBox.textContent = hintLine;
        alert.textContent = message;
        controls.replaceChildren(
            ...(!over && mine ? [button('hint', t('game.hint'), act.hint)] : []),
            ...(!over && game.moves.length > game.seat ? [button('undo', t('game.undo'), act.undo)] : []),
            button('new-local', t('local.again'), act.again),
            ...(over && game.moves.length ? [el('a', { class: 'button', id: 'to-analysis', href: `#/analysis/${game.id}` }, t('analysis.link'))] : []));
        moves.replaceChildren(...game.moves.map((m, i) => el('li', { 'aria-label': `${i + 1}. ${colourName(i % 2)} ${m}` },
            el('span', { class: 'num', 'aria-hidden': 'true' }, `${i + 1}.`), discBadge(i % 2, false), ' ',
            m === 'pass' ? t('game.passWord') : m)));
        moves.scrollTop = moves.scrollHeight;
    };
}
