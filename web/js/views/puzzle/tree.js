// SPDX-License-Identifier: MIT
// A puzzle's solution tree as the server sends it at the end: its main line (stepped through on
// the board) and its drawing, every move of each of the solver's turns with its exact score.
import { t } from '../../lib/i18n.js';
import { el } from '../../lib/dom.js';

/** @typedef {import('../../lib/protocol.js').PuzzleNode} PuzzleNode */

/** Signed disc count: "+18", "-4", "0". @param {number} n */
export const signed = (n) => (n > 0 ? `+${n}` : String(n));

// The solution's main line from the tree: at each of the solver's turns its first solution
// move, then the computer's replies, until the line ends.
/** @param {PuzzleNode[]} tree */
export function solutionLine(tree) {
    const line = [];
    for (let node = 0, guard = 0; node >= 0 && node < tree.length && guard < tree.length; guard++) {
        const branch = tree[node].branches[0];
        if (!branch) break;
        line.push(branch.move, ...branch.replies);
        node = branch.next;
    }
    return line;
}

// The solution tree: every move of each of the solver's turns with its exact score, the
// solution moves marked and followed by the computer's replies and the next turn.
/** @param {PuzzleNode[]} nodes @param {string[]} themes */
export function treeView(nodes, themes) {
    /** @param {number} index @param {number} turn @returns {HTMLElement} */
    const node = (index, turn) => el('div', { class: 'tree-node', 'data-node': String(index) },
        el('p', {}, t('puzzle.turn', { n: turn })),
        el('ul', { class: 'tree-choices' }, nodes[index].choices.map(([move, score]) => {
            const branch = nodes[index].branches.find((b) => b.move === move);
            return el('li', { class: branch ? 'good' : 'bad', 'data-move': move },
                el('span', { class: 'tree-move' }, move), ' ', el('span', { class: 'tree-score' }, signed(score)),
                branch && branch.replies.length ? ` ${t('puzzle.reply', { moves: branch.replies.join(' ') })}` : '',
                branch && branch.next >= 0 ? node(branch.next, turn + 1) : '');
        })));
    return el('section', { class: 'panel', 'aria-labelledby': 'puzzle-tree-title' },
        el('h2', { id: 'puzzle-tree-title' }, t('puzzle.tree')),
        themes.length ? el('p', { id: 'puzzle-themes' }, t('puzzle.themes', { themes: themes.map((x) => t(`puzzle.theme.${x}`)).join(', ') })) : '',
        node(0, 1));
}
