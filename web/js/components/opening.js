// SPDX-License-Identifier: MIT
// The traditional opening name of a standard 8x8 game, as the server names it (GET
// /api/openings, docs/EXPLORER.md), for the game view and the replay: asked again only when
// the first moves change, and the last answer to the last question wins.
import { t } from '../lib/i18n.js';
import { openingName } from '../lib/api.js';
import { el } from '../lib/dom.js';

// The longest named line is shorter than this.
const MaxNamedPlies = 16;

export class OpeningLabel {
    constructor() {
        this.root = el('span', { class: 'opening', id: 'opening-name' });
        /** @type {string | null} */
        this.key_ = null;
        this.asked_ = 0;
    }

    /** @param {import('../lib/protocol.js').Setup} setup @param {string[]} moves */
    update(setup, moves) {
        const standard = setup.board === '8' && (setup.players ?? 2) === 2 && !setup.free_opening &&
            !setup.handicap && !(setup.blocked || []).length;
        const key = standard ? moves.slice(0, MaxNamedPlies).join(' ') : '';
        if (key === this.key_) return;
        this.key_ = key;
        const asked = ++this.asked_;
        if (!key) {
            this.root.textContent = '';
            return;
        }
        openingName(key).then((r) => {
            if (asked === this.asked_) this.root.textContent = r.opening ? t('opening.name', { name: r.opening.name }) : '';
        }, () => {});
    }
}
