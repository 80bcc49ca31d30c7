// SPDX-License-Identifier: MIT
// Lists the functions of the web client by length, longest first (issue 52: "views cut by
// part"). A function's lines run from its first line to its last, the functions nested in it
// included, so a view that keeps its parts as closures counts them all.
// Usage: node scripts/js-function-lengths.mjs [DIR (default web/js)] [--top N (default 20)]
// Parsed with acorn (npm's, else Debian's node-acorn in /usr/share/nodejs).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(fileURLToPath(import.meta.url), '../..');
const acorn = await import('acorn').catch(() => import('/usr/share/nodejs/acorn/dist/acorn.mjs'));

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 20;
const dir = resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--top') || join(repo, 'web/js'));

/** @param {string} d @returns {string[]} */
const files = (d) => readdirSync(d).flatMap((f) => {
    const p = join(d, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.js') ? [p] : [];
});

const isFunction = (n) => ['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'].includes(n?.type);

/** Walks every node, with its parent. */
function walk(node, parent, fn) {
    fn(node, parent);
    for (const value of Object.values(node)) {
        for (const child of Array.isArray(value) ? value : [value]) {
            if (child && typeof child.type === 'string' && child !== parent) walk(child, node, fn);
        }
    }
}

/** A function's name: its own, the variable, property or method it is, else where it is. */
function nameOf(node, parent, text) {
    if (node.id) return node.id.name;
    const key = (k) => (k.type === 'Identifier' ? k.name : text.slice(k.start, k.end));
    if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
    if (parent?.type === 'Property' || parent?.type === 'MethodDefinition' || parent?.type === 'PropertyDefinition') return key(parent.key);
    if (parent?.type === 'AssignmentExpression') return text.slice(parent.left.start, parent.left.end);
    if (parent?.type === 'CallExpression') return `(callback of ${text.slice(parent.callee.start, parent.callee.end).slice(0, 40)})`;
    return '(anonymous)';
}

const rows = [];
for (const file of files(dir)) {
    const text = readFileSync(file, 'utf8');
    const ast = acorn.parse(text, { ecmaVersion: 'latest', sourceType: 'module', locations: true });
    walk(ast, null, (node, parent) => {
        if (!isFunction(node)) return;
        const lines = node.loc.end.line - node.loc.start.line + 1;
        rows.push({ lines, where: `${relative(repo, file)}:${node.loc.start.line}`, name: nameOf(node, parent, text) });
    });
}
rows.sort((a, b) => b.lines - a.lines || a.where.localeCompare(b.where));
for (const r of rows.slice(0, top)) console.log(`${String(r.lines).padStart(5)}  ${r.name}  ${r.where}`);
