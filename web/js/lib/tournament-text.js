// SPDX-License-Identifier: MIT
// How the site names a tournament and its time (docs/SITE.md "Tournaments"): the site's own
// scheduled ones by how often they recur, in the reader's language ("Hourly 8×8 arena"), a
// player's by the name given; when it starts ("starts in 3 h", "starts Sat 18:00"), how long
// an arena has left ("54:58 left") or which round a Swiss plays. The list, the tournament page,
// the table of a tournament game and the landing page all say it the same way.
import { t } from './i18n.js';
import { poolName } from './pools.js';
import { countdownText, whenText } from './time-text.js';

/** @typedef {import('./protocol.js').TournamentView} TournamentView */

/** The name to show. @param {Pick<TournamentView, 'name' | 'kind' | 'recurrence'> & {pool?: string}} v */
export function tournamentName(v) {
    return v.recurrence && v.pool ? t(`tournament.siteName.${v.recurrence}.${v.kind}`, { pool: poolName(v.pool) }) : v.name;
}

/** "starts in 3 h" or "starts Sat 18:00". @param {number} at wall ms @param {number} [now] */
export function startsText(at, now = Date.now()) {
    const when = whenText(at, now);
    return 'in' in when ? t('tournament.startsIn', { time: when.in }) : t('tournament.startsOn', { time: when.on });
}

/**
 * Where a tournament stands, seen at `now`: its start, an arena's time left (counted from the
 * server's `seconds_left` as of `receivedAt`, so a wrong clock here does not matter), a
 * Swiss's round, or its end.
 * @param {TournamentView} v
 * @param {number} receivedAt when the view came (Date.now())
 * @param {number} [now]
 */
export function standingText(v, receivedAt, now = Date.now()) {
    if (v.status === 'created') return startsText(v.starts_at, now);
    if (v.status === 'finished' || v.status === 'cancelled') return t(`tournament.status.${v.status}`);
    if (v.kind === 'swiss') return t('tournament.roundOf', { n: v.round, of: v.rounds ?? 0 });
    return t('tournament.timeLeft', { time: countdownText((v.seconds_left ?? 0) - (now - receivedAt) / 1000) });
}
