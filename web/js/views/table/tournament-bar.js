// SPDX-License-Identifier: MIT
// The tournament of a tournament game, above its table (issue 48, 11): the tournament's name
// (a link), an arena's time left or a Swiss's round, and "Back to tournament", the way on
// once the game is over. The server says which tournament a table belongs to
// (GET /api/tables/ID/tournament); a table of none shows nothing, and neither does a server
// without tournaments.
import { t } from '../../lib/i18n.js';
import { el } from '../../lib/dom.js';
import { tableTournament } from '../../lib/api.js';
import { standingText, tournamentName } from '../../lib/tournament-text.js';

/** @typedef {import('../../lib/protocol.js').TournamentView} TournamentView */

export class TournamentBar {
    constructor() {
        this.root = el('div', { class: 'tournament-bar-host' });
        /** @type {TournamentView | null} */
        this.tournament_ = null;
        this.receivedAt_ = 0;
        this.finished_ = false;
    }

    // Asks the server which tournament table `id` belongs to; `onKnown(tournament)` hears the
    // answer once (null: none, or it could not be asked).
    /** @param {string} id @param {(tournament: TournamentView | null) => void} onKnown */
    load(id, onKnown) {
        tableTournament(id).then(({ tournament }) => {
            this.tournament_ = tournament;
            this.receivedAt_ = Date.now();
            this.draw();
            onKnown(tournament);
        }, () => onKnown(null));
    }

    // Draws it; `finished`: the game is over, so "Back to tournament" is the way on.
    /** @param {boolean} [finished] */
    draw(finished = this.finished_) {
        this.finished_ = finished;
        const v = this.tournament_;
        if (!v) {
            this.root.replaceChildren();
            return;
        }
        const href = `#/tournament/${encodeURIComponent(v.id)}`;
        this.root.replaceChildren(el('p', { class: 'banner tournament-bar', id: 'tournament-bar', role: 'status' },
            el('a', { href, id: 'tournament-bar-name' }, tournamentName(v)),
            el('span', { id: 'tournament-bar-when' }, standingText(v, this.receivedAt_)),
            el('a', { href, id: 'back-to-tournament', class: finished ? 'button primary' : 'button' }, t('tournament.backTo'))));
    }

    // Moves the countdown on (the view's timer).
    tick() {
        const when = this.root.querySelector('#tournament-bar-when');
        if (this.tournament_ && when) when.textContent = standingText(this.tournament_, this.receivedAt_);
    }
}
