// SPDX-License-Identifier: MIT
// The table view's drawing: its elements, laid out once (tableParts), and every part drawn from
// the view's store (redraw, the store's subscriber): the table state and the hint redraw the
// table (the board's flips animate only for a new state one move on), the rest their own
// parts. Clicks go to actions.js.
import { OpeningLabel } from '../../components/opening.js';
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { Board } from '../../components/board.js';
import { renderPlayers } from './players.js';
import { saveShowLegal } from '../../lib/preferences.js';
import { el } from '../../lib/dom.js';
import { soundOn } from '../../lib/sound.js';
import { ChatPanel } from './chat.js';
import { canAbort, renderAfterGame, renderEtiquette, renderNewOpponent, tickClaim } from './offers.js';
import { neverPlayed, phaseNote, resultText, variantOf } from '../../lib/game-text.js';
import { boardTurned, mySeats, myTurn } from './store.js';
import { clockLabel } from '../../lib/pools.js';
import { tickQuickWait } from '../../components/quick-wait.js';
import { TournamentBar } from './tournament-bar.js';
import { moveItem } from '../../components/move-item.js';
import { askHint, cancelTable, flipBoard, play, resign, takeSeat } from './actions.js';

/** @typedef {import('../../lib/protocol.js').TableState} TableState */
/** @typedef {import('./store.js').TableViewState} TableViewState */
/** @typedef {import('./table.js').TableView} TableView */
/** @typedef {ReturnType<typeof tableParts>} TableParts */

/**
 * The view's elements, laid out; `send` sends on the table socket (the chat's messages).
 * @param {import('../../lib/store.js').Store<TableViewState>} store
 * @param {(msg: object) => void} send
 */
export function tableParts(store, send) {
    const p = {
        view: el('section', { class: 'game', 'aria-labelledby': 'game-title' }),
        title: el('h1', { id: 'game-title' }),
        sub: el('p', { class: 'subtitle' }),
        // The traditional opening's name (8x8), as the server names it.
        opening: new OpeningLabel(),
        banners: el('div', { class: 'banners' }),
        claim: el('div', { class: 'claim' }),
        boardHost: el('div', { class: 'board-host' }),
        /** @type {{board: Board | null, key: string}} the board drawn, for the size and turn in `key` */
        board: { board: null, key: '' },
        phase: el('p', { class: 'phase', id: 'phase', 'aria-live': 'polite' }),
        flip: el('button', { type: 'button', id: 'flip-board', class: 'link' }, t('game.flip')),
        players: el('ul', { class: 'players', id: 'players' }),
        status: el('p', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' }),
        hintBox: el('p', { class: 'hint-line', id: 'hint-text', 'aria-live': 'polite' }),
        alert: el('p', { class: 'alert', id: 'alert', role: 'alert' }),
        passBar: el('div', { class: 'pass-bar' }),
        controls: el('div', { class: 'controls' }),
        etiquette: el('div', { class: 'etiquette-host' }),
        after: el('div', { class: 'after-game' }),
        newOpponent: el('div', { class: 'new-opponent' }),
        toggles: el('div', { class: 'toggles' }),
        moves: el('ol', { class: 'moves', id: 'moves', 'aria-label': t('game.moves') }),
        share: el('p', { class: 'share' }),
        chat: new ChatPanel(store, send),
        // A tournament game names its tournament, and its way back there.
        tournamentBar: new TournamentBar(),
    };
    p.view.append(p.title, p.sub, p.tournamentBar.root, p.banners, p.claim,
        el('div', { class: 'game-grid' },
            el('div', { class: 'board-col' }, p.boardHost, el('div', { class: 'under-board' }, p.phase, p.flip)),
            el('div', { class: 'side' }, p.status, p.passBar, p.hintBox, p.alert, p.players, p.controls, p.etiquette,
                p.newOpponent, p.after, p.toggles, el('h2', {}, t('game.moves')), p.moves, p.chat.root, p.share)));
    return p;
}

// The flip button's click, once the view is made.
/** @param {TableView} v */
export function listen(v) {
    v.parts.flip.addEventListener('click', () => flipBoard(v));
}

/** The store's subscriber. @param {TableView} v @param {TableViewState} s @param {TableViewState} was */
export function redraw(v, s, was) {
    const { etiquette, chat } = v.parts;
    if (s.table !== was.table || s.hint !== was.hint || s.hintLine !== was.hintLine
        || s.flipChoice !== was.flipChoice || s.showLegal !== was.showLegal) {
        render(v, s.table !== was.table && s.animate);
    } else if (s.message !== was.message) {
        renderAlert(v);
    }
    if (s.declined !== was.declined && s.table === was.table && s.table) {
        renderEtiquette(etiquette, forEtiquette(v, s.table), v.feed.send, s.declined);
    }
    if (s.connection !== was.connection) renderBanners(v);
    if (s.quick !== was.quick && s.table) drawNewOpponent(v, s.table);
    if (s.tournament !== was.tournament && s.table) render(v, false);
    // The first state names the table and my seats, which the report buttons need.
    if (s.chat !== was.chat || s.chatMuted !== was.chatMuted || s.chatError !== was.chatError
        || (s.table === null) !== (was.table === null)) chat.draw(s, s.chat !== was.chat);
}

// What moves with time (the view's timer): the clocks, the claim's countdown, the quick
// wait, the tournament's time left.
/** @param {TableView} v */
export function tick({ parts, store, clocks }) {
    clocks.draw(parts.players);
    tickClaim(parts.etiquette, store.get().table);
    tickQuickWait(parts.newOpponent);
    parts.tournamentBar.tick();
}

/** @param {TableView} v @param {boolean} animate */
function render(v, animate) {
    const { parts: p, store, clocks } = v;
    const { table, hintLine } = store.get();
    if (!table) return;
    drawBoard(v, table, animate);
    // Exposed for scripts and tests that wait on the game's progress.
    p.view.dataset.ply = String(table.ply);
    p.view.dataset.status = table.status;
    renderTitle(v, table);
    p.phase.textContent = phaseNote(table);
    p.hintBox.textContent = hintLine;
    renderBanners(v);
    renderClaim(v);
    renderPlayers(p.players, table, mySeats(store.get()), clocks);
    renderStatus(v, table);
    renderControls(v, table);
    renderEtiquette(p.etiquette, forEtiquette(v, table), v.feed.send, store.get().declined);
    renderAfterGame(p.after, table);
    drawNewOpponent(v, table);
    p.tournamentBar.draw(table.status === 'finished');
    renderMoves(v, table);
    renderAlert(v);
    p.share.replaceChildren(el('label', { for: 'share-link' }, t('game.share')),
        el('input', { id: 'share-link', readonly: true, value: location.href }));
}

// The board (made again when its size or turn changes) and the button that turns it.
/** @param {TableView} v @param {TableState} table @param {boolean} animate */
function drawBoard(v, table, animate) {
    const { parts: p, store } = v;
    const { showLegal, hint } = store.get();
    const flipped = boardTurned(store.get());
    const n = table.board.length;
    const key = `${n}/${flipped}`;
    let { board } = p.board;
    if (!board || p.board.key !== key) {
        p.boardHost.replaceChildren();
        board = new Board(p.boardHost, n, { onPlay: (sq) => play(v, sq), label: t('game.board'), flipped });
        p.board = { board, key };
    }
    const legal = table.status === 'playing' ? (table.legal || []).filter((m) => m !== 'pass') : [];
    const mine = myTurn(store.get());
    board.update({ rows: table.board, legal, last: table.last_move, flipped: table.flipped,
        showLegal: showLegal && mine, hint, interactive: mine, animate, marks: table.setup.players > 2 });
    p.flip.textContent = flipped ? t('game.unflip') : t('game.flip');
    p.flip.setAttribute('aria-pressed', String(flipped));
}

/** @param {TableView} v @param {TableState} table */
function renderTitle({ parts: p }, table) {
    p.title.textContent = describeSetup(table.setup);
    p.sub.replaceChildren(el('a', { href: `#/rules/${variantOf(table.setup)}`, id: 'rules-link' }, t('game.rulesLink')),
        el('span', { class: 'time-control', id: 'time-control' }, ` · ${clockLabel(table.clock)}`),
        table.rated ? el('span', { class: 'rated', id: 'rated-mark' }, ` · ${t('game.rated')}`) : '',
        // Players and spectators see when the engine may help (issue 48, 16).
        table.hints ? el('span', { class: 'hints-allowed', id: 'hints-mark' }, ` · ${t('game.hintsAllowed')}`) : '', p.opening.root);
    p.opening.update(table.setup, table.moves || []);
}

/** @param {TableView} v */
function renderAlert({ parts, store }) {
    parts.alert.textContent = store.get().message;
}

/** @param {TableView} v */
function renderBanners({ parts: p, store }) {
    const { table, connection } = store.get();
    p.view.classList.toggle('offline', connection === 'lost');
    p.banners.replaceChildren();
    if (connection === 'lost') {
        p.banners.append(el('p', { class: 'banner conn lost', id: 'conn-banner', role: 'alert' }, t('conn.lost')));
    } else if (connection === 'back') {
        p.banners.append(el('p', { class: 'banner conn back', id: 'conn-banner', role: 'status' }, t('conn.back')));
    }
    if (table && !mySeats(store.get()).size) {
        p.banners.append(el('p', { class: 'banner watch', id: 'watch-banner', role: 'status' },
            table.status === 'waiting' ? t('game.watchWaiting') : t('game.watchBanner')));
    }
}

// A spectator of a waiting table may take one of its free seats.
/** @param {TableView} v */
function renderClaim(v) {
    const { parts: { claim }, store } = v;
    const { table } = store.get();
    claim.replaceChildren();
    if (!table || mySeats(store.get()).size || table.status !== 'waiting') return;
    const free = table.seats.map((s, i) => (s.type === 'human' && !s.taken ? i : -1)).filter((i) => i >= 0);
    if (!free.length) return;
    const name = el('input', { id: 'join-name', type: 'text', placeholder: t('setup.name'),
        'aria-label': t('setup.name') });
    claim.append(el('span', {}, t('game.freeSeats')), name);
    for (const i of free) {
        const b = el('button', { type: 'button', class: 'primary', id: `take-${i}` }, t('game.take', { colour: colourName(i) }));
        b.addEventListener('click', () => takeSeat(v, i, name.value.trim()));
        claim.append(b);
    }
}

// A tournament pairs its players' next games itself: no rematch is offered (the state as if
// no offer were left; the server refuses one too) and no new opponent is sought at its
// tables. The state names the tournament, so this holds before the bar's request answers.
/** @param {TableView} v @param {TableState} table */
const inTournament = (v, table) => Boolean(table.tournament || v.store.get().tournament);
/** @param {TableView} v @param {TableState} table */
const forEtiquette = (v, table) => (inTournament(v, table) ? { ...table, rematch_offers_left: table.seats.map(() => 0) } : table);
/** @param {TableView} v @param {TableState} table */
function drawNewOpponent(v, table) {
    if (inTournament(v, table)) v.parts.newOpponent.replaceChildren();
    else renderNewOpponent(v.parts.newOpponent, table, v.store.get().quick);
}

// Whose turn it is (or that a seat must pass, with the Pass button), the wait, the result.
/** @param {TableView} v @param {TableState} table */
function renderStatus(v, table) {
    const { parts: p, store } = v;
    const parts = [];
    p.passBar.replaceChildren();
    const lastSeat = table.ply > 0 ? (table.ply - 1) % table.setup.players : null;
    if (table.last_move === 'pass' && lastSeat !== null) parts.push(t('game.passed', { colour: colourName(lastSeat) }));
    if (table.status === 'waiting') parts.push(t('game.waiting'));
    if (table.status === 'playing' && table.to_move !== null) {
        const c = colourName(table.to_move);
        const forced = table.legal && table.legal.length === 1 && table.legal[0] === 'pass';
        const mine = myTurn(store.get());
        if (forced) {
            parts.push(t('game.mustPass', { colour: c }));
            if (mine) {
                const b = el('button', { type: 'button', id: 'pass', class: 'primary' }, t('game.pass'));
                b.addEventListener('click', () => play(v, 'pass'));
                p.passBar.append(b);
            }
        } else if (mine) {
            parts.push(mySeats(store.get()).size > 1 ? t('game.toMove', { colour: c }) : t('game.yourMove', { colour: c }));
        } else if (table.seats[table.to_move]?.type === 'computer') {
            parts.push(t('game.thinking', { colour: c }));
        } else {
            parts.push(t('game.toMove', { colour: c }));
        }
    }
    if (table.status === 'finished' && table.result) parts.push(resultText(table.result, table.setup));
    p.status.textContent = parts.join(' ');
    p.view.classList.toggle('finished', table.status === 'finished');
}

/** @param {TableView} v @param {TableState} table */
function renderControls(v, table) {
    const { parts: { controls, toggles }, store, feed } = v;
    controls.replaceChildren();
    const me = mySeats(store.get());
    const computer = table.seats.some((s) => s.type === 'computer');
    if (me.size && table.status === 'playing') {
        if (table.hints && myTurn(store.get())) controls.append(button('hint', t('game.hint'), () => askHint(v, table)));
        // The server takes back at tables against the computer and at one-screen tables.
        if (computer || table.local) controls.append(button('undo', t('game.undo'), () => feed.send({ type: 'undo' })));
        // Before every person has moved the game is aborted instead (offers.js's Abort).
        if (!canAbort(table)) controls.append(button('resign', t('game.resign'), () => resign(v, table)));
    }
    if (me.size && table.status === 'waiting') controls.append(button('cancel-table', t('game.cancel'), () => cancelTable(v)));
    if (table.rematch) {
        controls.append(el('a', { class: 'button primary', id: 'to-rematch', href: `#/table/${table.rematch}` },
            t('game.toRematch')));
    } else if (me.size && table.status === 'finished' && !neverPlayed(table.result) && (computer || table.local)) {
        // Nobody else has to agree at one screen or against the computer; between people
        // the rematch is an offer (offers.js).
        controls.append(button('rematch', t('game.rematch'), () => feed.send({ type: 'rematch' })));
    }
    // A finished two-player game can be analysed (analysis.js).
    if (table.status === 'finished' && !neverPlayed(table.result) && table.setup.players === 2 && table.ply > 0) {
        controls.append(el('a', { class: 'button', id: 'to-analysis', href: `#/analysis/${encodeURIComponent(v.id)}` },
            t('analysis.link')));
    }
    toggles.replaceChildren(
        toggle('show-legal', t('game.showLegal'), store.get().showLegal, (on) => saveShowLegal(on)),
        toggle('sound', t('game.sound'), soundOn(), (on) => v.sound.setOn(on)),
    );
}

/** @param {TableView} v @param {TableState} table */
function renderMoves({ parts: { moves } }, table) {
    const n = table.setup.players;
    moves.style.setProperty('--players', String(n));
    moves.replaceChildren();
    (table.moves || []).forEach((m, i) => moves.append(moveItem(m, i, n)));
    moves.scrollTop = moves.scrollHeight;
}

/** @param {string} id @param {string} label @param {() => void} onClick */
function button(id, label, onClick) {
    const b = el('button', { type: 'button', id }, label);
    b.addEventListener('click', onClick);
    return b;
}

/** @param {string} id @param {string} label @param {boolean} value @param {(on: boolean) => void} onChange */
function toggle(id, label, value, onChange) {
    const input = el('input', { type: 'checkbox', id });
    input.checked = value;
    input.addEventListener('change', () => onChange(input.checked));
    return el('div', { class: 'check' }, input, el('label', { for: id }, label));
}
