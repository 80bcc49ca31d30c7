// SPDX-License-Identifier: MIT
// The board widget for every shape: a grid of square buttons with coordinates, discs (with 3-4
// players they carry a glyph as well as a colour; black and white need none), blocked squares
// and absent octagon corners. It is driven by board rows in the table-state format and reports
// plays through a callback; one square at a time is in the tab order (roving tabindex) and
// arrow keys move between squares as drawn. A flipped board is drawn turned by 180 degrees.
import { t, colourName } from '../lib/i18n.js';

// One shape per seat, so that discs differ by more than colour: diamond, star, triangle, square.
export const GLYPHS = ['◆', '★', '▲', '■'];
/** @type {Record<string, number>} */
const DISC_SEAT = { X: 0, O: 1, R: 2, G: 3 };

export class Board {
    // Builds an empty board of `size` (6, 8 or 10) squares a side inside `host`.
    /**
     * @param {HTMLElement} host
     * @param {number} size
     * @param {{onPlay?: ((square: string) => void) | null, label?: string, flipped?: boolean}} [options]
     */
    constructor(host, size, { onPlay = null, label = '', flipped = false } = {}) {
        this.size_ = size;
        this.flipped_ = flipped;
        this.onPlay_ = onPlay;
        this.focus_ = { col: Math.floor(size / 2) - 1, row: Math.floor(size / 2) - 1 };
        this.cells_ = [];
        this.state_ = null;
        this.root = document.createElement('div');
        this.root.className = 'board';
        this.root.style.setProperty('--n', String(size));
        this.root.setAttribute('role', 'grid');
        if (label) this.root.setAttribute('aria-label', label);
        const head = document.createElement('div');
        head.className = 'board-row';
        head.setAttribute('role', 'row');
        head.append(this.coord_(''));
        const order = [...Array(size).keys()];
        if (flipped) order.reverse();
        for (const c of order) head.append(this.coord_(String.fromCharCode(97 + c)));
        this.root.append(head);
        this.root.classList.toggle('flipped', flipped);
        this.cells_ = new Array(size * size);
        for (const r of order) {
            const row = document.createElement('div');
            row.className = 'board-row';
            row.setAttribute('role', 'row');
            row.append(this.coord_(String(r + 1)));
            for (const c of order) {
                const b = document.createElement('button');
                b.type = 'button';
                b.className = 'sq';
                b.dataset.sq = String.fromCharCode(97 + c) + String(r + 1);
                b.setAttribute('role', 'gridcell');
                b.tabIndex = -1;
                b.addEventListener('click', () => this.activate_(c, r));
                b.addEventListener('keydown', (e) => this.key_(e, c, r));
                b.addEventListener('focus', () => { this.focus_ = { col: c, row: r }; });
                row.append(b);
                this.cells_[r * size + c] = b;
            }
            this.root.append(row);
        }
        host.append(this.root);
    }

/** @param {string} text */
    coord_(text) {
        const d = document.createElement('div');
        d.className = 'coord';
        d.setAttribute('aria-hidden', 'true');
        d.textContent = text;
        return d;
    }

    // Draws `state`: {rows, legal, last, flipped, showLegal, hint, interactive, animate, marks,
    // best, labels} (`marks`: draw the seat glyphs on discs, for 3-4 players; `best`: a square
    // to mark as the engine's best move; `labels`: {square: short text} such as scores).
/**
     * @param {{rows: string[], legal?: string[], last?: string | null, flipped?: string[], showLegal?: boolean,
     *   hint?: string | null, interactive?: boolean, animate?: boolean, marks?: boolean, best?: string | null,
     *   labels?: Record<string, string>, marked?: string[]}} state
     */
    update(state) {
        const prev = this.state_;
        this.state_ = state;
        const marks = {
            legal: new Set(state.showLegal ? state.legal || [] : []),
            playable: new Set(state.legal || []),
            flipped: new Set(state.animate ? state.flipped || [] : []),
        };
        for (let r = 0; r < this.size_; r++) {
            const line = state.rows[r] || '';
            for (let c = 0; c < this.size_; c++) {
                const was = prev ? (prev.rows[r] || '')[c] : null;
                drawSquare(this.cells_[r * this.size_ + c], line[c] ?? ' ', was, state, marks);
            }
        }
        this.root.classList.toggle('interactive', Boolean(state.interactive));
        this.placeFocus_();
    }

    placeFocus_() {
        let { col, row } = this.focus_;
        if (this.cells_[row * this.size_ + col].classList.contains('off')) {
            col = Math.floor(this.size_ / 2) - 1;
            row = col;
        }
        const hadFocus = this.root.contains(document.activeElement);
        this.cells_.forEach((b, i) => { b.tabIndex = i === row * this.size_ + col ? 0 : -1; });
        if (hadFocus) this.cells_[row * this.size_ + col].focus();
    }

/** @param {number} col @param {number} row */
    activate_(col, row) {
        const b = this.cells_[row * this.size_ + col];
        if (b.classList.contains('off') || !this.onPlay_) return;
        this.onPlay_(b.dataset.sq);
    }

/** @param {KeyboardEvent} e @param {number} col @param {number} row */
    key_(e, col, row) {
        /** @type {Record<string, number[]>} */
        const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
        if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            this.activate_(col, row);
            return;
        }
        if (e.key === 'Home' || e.key === 'End') {
            e.preventDefault();
            const first = (e.key === 'Home') !== this.flipped_;
            this.moveFocus_(first ? 0 : this.size_ - 1, row, 0, 0);
            return;
        }
        let d = moves[e.key];
        if (!d) return;
        e.preventDefault();
        if (this.flipped_) d = [-d[0], -d[1]];
        this.moveFocus_(col + d[0], row + d[1], d[0], d[1]);
    }

    // Moves focus to (col,row), stepping on in direction (dc,dr) past the absent octagon corners.
    /** @param {number} col @param {number} row @param {number} dc @param {number} dr */
    moveFocus_(col, row, dc, dr) {
        const n = this.size_;
        while (col >= 0 && row >= 0 && col < n && row < n) {
            const b = this.cells_[row * n + col];
            if (!b.classList.contains('off')) {
                this.cells_.forEach((x) => { x.tabIndex = -1; });
                b.tabIndex = 0;
                b.focus();
                return;
            }
            if (!dc && !dr) return;
            col += dc;
            row += dr;
        }
    }
}

/**
 * Draws one square: its disc or mark, the classes that colour it and the words a screen reader
 * says for it (its name, what is on it, legal, last, hint, best, its score).
 * @param {HTMLButtonElement} b
 * @param {string} ch the board row's character (' ' off the board, '#' blocked, X O R G N discs)
 * @param {string | null | undefined} was the character before this update
 * @param {Parameters<Board['update']>[0]} state
 * @param {{legal: Set<string>, playable: Set<string>, flipped: Set<string>}} marks
 */
function drawSquare(b, ch, was, state, { legal, playable, flipped }) {
    const sq = /** @type {string} */ (b.dataset.sq);
    b.className = 'sq';
    b.dataset.c = ch;
    b.replaceChildren();
    const words = [sq];
    if (ch === ' ') {
        b.classList.add('off');
        b.setAttribute('aria-hidden', 'true');
        b.disabled = true;
        return;
    }
    b.removeAttribute('aria-hidden');
    b.disabled = false;
    if (ch === '#') {
        b.classList.add('blocked');
        b.append(span('mark', '✕'));
        words.push(t('board.blocked'));
    } else if (ch in DISC_SEAT || ch === 'N') {
        const seat = DISC_SEAT[ch];
        const disc = span(`disc ${ch === 'N' ? 'pn' : 'p' + seat}`, !state.marks ? '' : ch === 'N' ? '○' : GLYPHS[seat]);
        if (flipped.has(sq) || (state.animate && sq === state.last && was !== ch)) {
            disc.classList.add(flipped.has(sq) ? 'flip' : 'drop');
        }
        b.append(disc);
        words.push(ch === 'N' ? t('colour.neutral') : colourName(seat));
    } else {
        words.push(t('board.empty'));
    }
    if (legal.has(sq)) {
        b.classList.add('legal');
        words.push(t('board.legal'));
    }
    if (state.marked && state.marked.includes(sq)) b.classList.add('marked');
    if (sq === state.last) {
        b.classList.add('last');
        words.push(t('board.last'));
    }
    if (sq === state.hint) {
        b.classList.add('hint');
        words.push(t('board.hint'));
    }
    // Analysis: the best move, and a short text (a score) per square.
    if (sq === state.best) {
        b.classList.add('best');
        words.push(t('analysis.bestMark'));
    }
    if (state.labels && state.labels[sq] !== undefined) {
        b.append(span('eval', state.labels[sq]));
        words.push(state.labels[sq]);
    }
    if (state.interactive && playable.has(sq)) b.classList.add('playable');
    b.setAttribute('aria-label', words.join(', '));
}

/** @param {string} cls @param {string} text */
function span(cls, text) {
    const s = document.createElement('span');
    s.className = cls;
    s.setAttribute('aria-hidden', 'true');
    s.textContent = text;
    return s;
}

// A disc for the legend and the player list; `marks` adds the seat's glyph (3-4 players).
/** @param {number | 'N'} seat @param {boolean} [marks] */
export function discBadge(seat, marks = true) {
    const s = span(`disc badge ${seat === 'N' ? 'pn' : 'p' + seat}`, !marks ? '' : seat === 'N' ? '○' : GLYPHS[seat]);
    return s;
}
