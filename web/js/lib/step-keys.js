// SPDX-License-Identifier: MIT
// The arrow keys of a view that steps through a game (replay, analysis): Left and Right one
// ply, Home and End to the ends, wherever the focus is on the page, except in a field that
// takes text or choices and on the board, whose own arrow keys move between its squares.
// Returns the function that stops listening (the view's destroy calls it).

/**
 * @param {(to: 'prev' | 'next' | 'first' | 'last') => void} step
 * @returns {() => void}
 */
export function stepKeys(step) {
    /** @type {Record<string, 'prev' | 'next' | 'first' | 'last'>} */
    const keys = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };
    /** @param {KeyboardEvent} e */
    const onKey = (e) => {
        const to = keys[e.key];
        const target = /** @type {Element | null} */ (e.target instanceof Element ? e.target : null);
        if (!to || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
        if (target && (target.closest('.board, input, select, textarea') || /** @type {HTMLElement} */ (target).isContentEditable)) return;
        e.preventDefault();
        step(to);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
}
