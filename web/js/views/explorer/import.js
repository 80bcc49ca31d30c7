// SPDX-License-Identifier: MIT
// A registered player's import of games into "my openings" (docs/EXPLORER.md "Imported games"):
// a GGF or WTHOR file, or pasted GGF text or a move list of the pool's board, cut into parts
// under the server's bounds and posted one part after the other, with how many were kept.
import { t } from '../../lib/i18n.js';
import { importGgf, importWthor } from '../../lib/api.js';
import * as rules from '../../lib/rules.js';
import { el, errorText } from '../../lib/dom.js';
import { setupForPool } from '../../lib/pools.js';

// A GGF upload goes in parts of whole lines under the server's 64 KB body (GGS files hold a
// game per line; JSON escaping may add a little).
const IMPORT_PART_BYTES = 48 * 1024;

/** The parts of a GGF text, each of whole lines. @param {string} text */
function importParts(text) {
    /** @type {string[]} */
    const parts = [];
    let part = '';
    for (const line of text.split('\n')) {
        if (part && part.length + line.length + 1 > IMPORT_PART_BYTES) {
            parts.push(part);
            part = '';
        }
        part += `${line}\n`;
    }
    if (part.trim()) parts.push(part);
    return parts;
}

// A WTHOR file (16-byte header, 68-byte games) goes in parts of at most 200 games, the server's
// bound per post, each a file of its own: the header with its game count set to the part's.
const WTHOR_HEADER = 16;
const WTHOR_RECORD = 68;
const WTHOR_PART_GAMES = 200;

/** The parts of a WTHOR file in base64; a file whose size is not what its header announces goes whole, for the server to say why. @param {Uint8Array} bytes */
function wthorParts(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const games = bytes.length >= WTHOR_HEADER ? view.getUint32(4, true) : -1;
    if (games < 0 || games > 20000 || bytes.length !== WTHOR_HEADER + games * WTHOR_RECORD) return [base64(bytes.subarray(0, IMPORT_PART_BYTES))];
    /** @type {string[]} */
    const parts = [];
    for (let first = 0; first < games; first += WTHOR_PART_GAMES) {
        const count = Math.min(WTHOR_PART_GAMES, games - first);
        const part = new Uint8Array(WTHOR_HEADER + count * WTHOR_RECORD);
        part.set(bytes.subarray(0, WTHOR_HEADER));
        new DataView(part.buffer).setUint32(4, count, true);
        part.set(bytes.subarray(WTHOR_HEADER + first * WTHOR_RECORD, WTHOR_HEADER + (first + count) * WTHOR_RECORD), WTHOR_HEADER);
        parts.push(base64(part));
    }
    return parts;
}

// GGF's game type of each pool whose games a pasted move list can be (GGF has no 6x6).
/** @type {Record<string, string>} */
const GGF_TYPES = { '8x8': '8', '8x8-anti': '8a', '10x10': '10', octagon: '88' };

/**
 * A pasted move list ("f5 d6 c3", "f5d6c3", "1. f5 d6") as one GGF game from the pool's start,
 * each move under its colour (a forced pass left for the reader to fill in, as GGF allows);
 * null when it holds no move. A move that is not legal is left for the server to name.
 * @param {string} text @param {string} pool
 */
export function moveListGgf(text, pool) {
    const moves = [...text.toLowerCase().replace(/\b\d+\.+/g, ' ').matchAll(/[a-j](?:10|[1-9])/g)].map((m) => m[0]);
    if (!moves.length || !GGF_TYPES[pool]) return null;
    let pos = rules.initialPosition(setupForPool(pool));
    let record = '';
    for (const m of moves) {
        if (rules.legalMoves(pos).join() === 'pass') pos = rules.play(pos, 'pass');
        record += `${pos.toMove === 0 ? 'B' : 'W'}[${m.toUpperCase()}]`;
        try {
            pos = rules.play(pos, m);
        } catch {
            break;
        }
    }
    return `(;GM[Othello]PC[pasted]TY[${GGF_TYPES[pool]}]${record};)`;
}

/** @param {Uint8Array} bytes */
function base64(bytes) {
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
}
/** Posts the parts (GGF text, or WTHOR files in base64); returns how many were kept and skipped, and the server's reasons. @param {string[]} parts @param {boolean} wthor @param {(done: number, skipped: number) => void} progress */
async function upload(parts, wthor, progress) {
    let done = 0;
    let skipped = 0;
    /** @type {string[]} */
    const reasons = [];
    for (const part of parts) {
        const answer = await (wthor ? importWthor(part) : importGgf(part));
        done += answer.imported;
        skipped += answer.skipped;
        reasons.push(...(answer.errors || []));
        progress(done, skipped);
    }
    return { done, skipped, reasons };
}

/**
 * The import's panel, shown to a registered player: a file, or pasted text; `imported` is
 * called after each import that the server answered (the counts change).
 * @param {string} pool @param {() => void} imported
 */
export function importPanel(pool, imported) {
    const file = el('input', { id: 'explorer-import-file', type: 'file', accept: '.ggf,.txt,.wtb,text/plain' });
    const said = el('p', { id: 'explorer-imported', class: 'note', 'aria-live': 'polite' });
    // Or pasted: GGF text, or a move list of this pool's board.
    const pasted = el('textarea', { id: 'explorer-paste', rows: '4', placeholder: t('explorer.pastePlaceholder') });
    const pasteButton = el('button', { type: 'button', id: 'explorer-paste-import' }, t('explorer.pasteImport'));
    /** @param {string[]} parts @param {boolean} wthor */
    const send = async (parts, wthor) => {
        try {
            const { done, skipped, reasons } = await upload(parts, wthor, (n, s) => { said.textContent = t('explorer.imported', { n, skipped: s }); });
            // One game pasted and refused: why, as the server says it.
            said.textContent = t('explorer.imported', { n: done, skipped }) + (done === 0 && reasons.length ? ` (${reasons[0]})` : '');
            imported();
        } catch (e) {
            said.textContent = errorText(e);
        }
    };
    file.addEventListener('change', async () => {
        const chosen = file.files && file.files[0];
        if (!chosen) return;
        const wthor = /\.wtb$/i.test(chosen.name);
        await send(wthor ? wthorParts(new Uint8Array(await chosen.arrayBuffer())) : importParts(await chosen.text()), wthor);
    });
    pasteButton.addEventListener('click', () => {
        const text = pasted.value;
        const ggf = text.includes('(;') ? text : moveListGgf(text, pool);
        if (!ggf) {
            said.textContent = t('explorer.pasteNothing');
            return;
        }
        send(importParts(ggf), false);
    });
    return el('details', { class: 'explorer-import' },
        el('summary', {}, t('explorer.import')), el('p', { class: 'note' }, t('explorer.importNote')),
        el('p', { class: 'note' }, t('explorer.importWthorNote')),
        el('label', { for: 'explorer-import-file' }, t('explorer.importFile')), file,
        el('label', { for: 'explorer-paste' }, t('explorer.paste')), pasted, el('div', { class: 'form-bar' }, pasteButton), said);
}
