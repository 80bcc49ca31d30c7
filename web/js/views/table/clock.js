// SPDX-License-Identifier: MIT
// The players' clocks: the server's remaining time, counted down locally for the running
// seat since the state arrived. When a game ends (a resignation, an abort, a claim) the last
// times shown stay: the final state may carry a seat's time as of its turn's start, and a
// clock that jumps back up at the end reads as a bug.
import { t } from '../../lib/i18n.js';

export class Clocks {
    constructor() {
        /** @type {import('../../lib/protocol.js').TableState | null} */
        this.table_ = null;
        this.receivedAt_ = 0;
        /** @type {number[]} */
        this.shown_ = [];
        /** @type {number[] | null} */
        this.frozen_ = null;
    }

    // Takes a new table state (call before drawing it).
/** @param {import('../../lib/protocol.js').TableState} table */
    update(table) {
        const was = this.table_;
        if (was && was.status === 'playing' && table.status === 'finished') this.frozen_ = this.shown_.slice();
        if (table.status !== 'finished') this.frozen_ = null;
        this.table_ = table;
        this.receivedAt_ = performance.now();
    }

    // Milliseconds to show for `seat`, or null when the table has no clock for it.
/** @param {number} seat */
    remaining(seat) {
        const table = this.table_;
        if (!table || !table.clock || table.clock.mode === 'none' || !table.clock.remaining_ms) return null;
        let ms = table.clock.remaining_ms[seat];
        if (ms === undefined || ms === null) return null;
        if (table.status === 'playing' && table.clock.running === seat) ms -= performance.now() - this.receivedAt_;
        const frozen = this.frozen_?.[seat];
        if (frozen !== undefined && frozen !== null) ms = Math.min(ms, frozen);
        return Math.max(0, ms);
    }

    // Writes m:ss into every `.clock[data-seat]` span under `host`.
/** @param {HTMLElement} host */
    draw(host) {
        for (const span of /** @type {NodeListOf<HTMLElement>} */ (host.querySelectorAll('.clock'))) {
            const seat = Number(span.dataset.seat);
            const ms = this.remaining(seat);
            if (ms === null) continue;
            this.shown_[seat] = ms;
            const s = Math.ceil(ms / 1000);
            // A correspondence clock counts days: "2 d 23:59" (hours and minutes) from a day up.
            span.textContent = s >= 86400
                ? t('clock.days', { n: Math.floor(s / 86400), time: `${Math.floor((s % 86400) / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}` })
                : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
            span.classList.toggle('low', s <= 10);
        }
    }
}
