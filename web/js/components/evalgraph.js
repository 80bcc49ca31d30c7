// SPDX-License-Identifier: MIT
// The evaluation graph of a game's analysis: inline SVG built with DOM calls (the page's
// Content-Security-Policy forbids inline script and style, so colours come from classes in
// css/analysis.css). The curve is Black's expected final disc difference after each ply;
// mistakes and blunders are marked with dots, the shown ply with a line. A click picks the
// nearest ply; the move list beside it is the keyboard way to the same thing.

const NS = 'http://www.w3.org/2000/svg';
const Width = 600;
const Height = 160;
const Pad = 6;

/** @param {string} tag @param {Record<string, string | number>} [attrs] */
function svg(tag, attrs = {}) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
}

// Black's view of a ply's verdict: scores are for the side that moved.
/** @param {import('../lib/protocol.js').AnalysisPly} ply */
export function blackScore(ply) {
    return ply.seat === 0 ? ply.played_score : -ply.played_score;
}

export class EvalGraph {
    // `plies`: the analysis plies; `onSelect(index)` gets the position index (1 = after the
    // first move) of a click; `label` names the graph for screen readers.
    /**
     * @param {HTMLElement} host
     * @param {{onSelect?: ((index: number) => void) | null, label?: string}} [options]
     */
    constructor(host, { onSelect = null, label = '' } = {}) {
        this.onSelect_ = onSelect;
        this.count_ = 0;
        this.root = svg('svg', { viewBox: `0 0 ${Width} ${Height}`, class: 'evalgraph', role: 'img', id: 'eval-graph' });
        if (label) this.root.setAttribute('aria-label', label);
        this.root.addEventListener('click', (e) => this.click_(e));
        host.append(this.root);
    }

/** @param {number} index */
    x_(index) {
        return Pad + (this.count_ <= 1 ? 0 : ((index - 1) * (Width - 2 * Pad)) / (this.count_ - 1));
    }

    // Draws `plies` of a game of `total` plies (the analysis may still be running) with position
    // `current` (0..total) marked.
/** @param {import('../lib/protocol.js').AnalysisPly[]} plies @param {number} total @param {number} current */
    update(plies, total, current) {
        this.count_ = Math.max(1, total);
        const scores = plies.map(blackScore);
        const top = Math.max(8, ...scores.map((s) => Math.abs(s)));
        const y = (/** @type {number} */ s) => Height / 2 - (s / top) * (Height / 2 - Pad);
        const parts = [svg('rect', { x: 0, y: 0, width: Width, height: Height / 2, class: 'eg-black' }),
            svg('rect', { x: 0, y: Height / 2, width: Width, height: Height / 2, class: 'eg-white' }),
            svg('line', { x1: 0, y1: Height / 2, x2: Width, y2: Height / 2, class: 'eg-axis' })];
        if (plies.length) {
            const points = plies.map((p, i) => `${this.x_(i + 1).toFixed(1)},${y(scores[i]).toFixed(1)}`);
            const area = `${this.x_(1).toFixed(1)},${Height / 2} ${points.join(' ')} ${this.x_(plies.length).toFixed(1)},${Height / 2}`;
            parts.push(svg('polygon', { points: area, class: 'eg-area' }),
                svg('polyline', { points: points.join(' '), class: 'eg-line' }));
            plies.forEach((p, i) => {
                if (p.class !== 'mistake' && p.class !== 'blunder') return;
                const dot = svg('circle', { cx: this.x_(i + 1), cy: y(scores[i]), r: 4.5, class: `eg-dot ${p.class}` });
                dot.dataset.ply = String(i + 1);
                parts.push(dot);
            });
        }
        if (current > 0) {
            const x = this.x_(current);
            parts.push(svg('line', { x1: x, y1: 0, x2: x, y2: Height, class: 'eg-current' }));
        }
        this.root.replaceChildren(...parts);
    }

/** @param {MouseEvent} e */
    click_(e) {
        if (!this.onSelect_) return;
        const box = this.root.getBoundingClientRect();
        if (!box.width) return;
        const fx = ((e.clientX - box.left) / box.width) * Width;
        const index = this.count_ <= 1 ? 1 : Math.round(((fx - Pad) / (Width - 2 * Pad)) * (this.count_ - 1)) + 1;
        this.onSelect_(Math.max(1, Math.min(this.count_, index)));
    }
}
