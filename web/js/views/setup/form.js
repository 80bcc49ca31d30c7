// SPDX-License-Identifier: MIT
// The setup form's rules, as functions of the form alone: its defaults, the setup it describes,
// what the server would refuse (a table without a human seat, my seat not a human one, a rated
// table it cannot rate, a clock out of its bounds, a name it refuses), and who sits where. The
// form's drawing (render.js) and its actions (actions.js) ask these; none of them draws or sends.
import { nameLength, nameProblem } from '../../lib/api.js';
import { poolOf, siteConfig } from '../../lib/pools.js';

/**
 * @typedef {object} SetupForm the choices of the form (kept while the page lives, so "new
 *   game" starts from them: lib/choices.js)
 * @property {string} board
 * @property {number} players
 * @property {boolean} anti
 * @property {boolean} free_opening
 * @property {'none' | 'pick' | 'random'} blockedMode
 * @property {string[]} blocked
 * @property {number} random
 * @property {number} handicap
 * @property {string} handicap_to
 * @property {{type: string, level: number}[]} seats
 * @property {string} mySeat
 * @property {boolean} watchForced
 * @property {string} name
 * @property {string[]} names
 * @property {boolean} randomSeat
 * @property {boolean} local
 * @property {boolean | null} hints the player's choice; null: hints_by_default's (hintsOn)
 * @property {boolean} rated
 * @property {'none' | 'move' | 'game'} clock
 * @property {number} moveSeconds
 * @property {number} gameMinutes
 * @property {number} increment
 */
/** @typedef {{key: string, params?: Record<string, unknown>}} Problem */
/** @typedef {import('../../lib/protocol.js').Setup & {players: number}} SetupObject */

/** @returns {SetupForm} */
export const defaults = () => ({
    board: '8', players: 2, anti: false, free_opening: false, blockedMode: 'none', blocked: [],
    random: 4, handicap: 0, handicap_to: 'black',
    seats: [{ type: 'human', level: 3 }, { type: 'computer', level: 3 },
        { type: 'computer', level: 3 }, { type: 'computer', level: 3 }],
    mySeat: '0', watchForced: false, name: '', names: ['', '', '', ''], randomSeat: false, local: false, hints: null, rated: false,
    clock: 'none', moveSeconds: 30, gameMinutes: 5, increment: 5,
});

/** The setup the form describes, as sent. @param {SetupForm} st @returns {SetupObject} */
export function setupObject(st) {
    /** @type {SetupObject} */
    const s = { board: st.board, players: st.players, anti: st.anti, free_opening: st.free_opening,
        handicap: st.handicap, handicap_to: st.handicap_to };
    if (st.blockedMode === 'pick') s.blocked = st.blocked.slice();
    if (st.blockedMode === 'random') s.random_blocked = Number(st.random);
    return s;
}

/** The indexes of the human seats in play. @param {SetupForm} st */
export const humanSeats = (st) => st.seats.slice(0, st.players).map((x, i) => (x.type === 'human' ? i : -1)).filter((i) => i >= 0);

/**
 * What the server would refuse in the seats, the rating and the clock.
 * @param {SetupForm} st @param {import('../../lib/protocol.js').Me | null} me
 * @returns {Problem[]}
 */
export function seatProblems(st, me) {
    const out = [];
    const humans = humanSeats(st);
    if (humans.length === 0) out.push({ key: 'problem.noHuman' });
    else if (!st.local && st.mySeat !== 'watch' && !humans.includes(Number(st.mySeat))) {
        out.push({ key: 'problem.mySeat' });
    }
    // What the server refuses for a rated table (docs/SITE.md), said before sending.
    if (st.rated && !st.local) {
        if (me && me.guest) out.push({ key: 'problem.ratedGuest' });
        if (st.seats.slice(0, st.players).some((x) => x.type === 'computer')) out.push({ key: 'problem.ratedComputer' });
        if (poolOf(setupObject(st)) === null) out.push({ key: 'problem.ratedPool' });
    }
    // The clock's bounds are the server's (GET /api/config), said before sending.
    const { seconds, increment } = siteConfig().clock;
    /** @param {number} v @param {{min: number, max: number}} r */
    const within = (v, r) => Number.isFinite(v) && v >= r.min && v <= r.max;
    if (st.clock === 'move' && !(Number.isInteger(st.moveSeconds) && within(st.moveSeconds, seconds))) {
        out.push({ key: 'problem.clock', params: { min: seconds.min, max: seconds.max, inc: increment.max } });
    }
    if (st.clock === 'game' && !(within(Math.round(st.gameMinutes * 60), seconds) && Number.isInteger(st.increment)
        && within(st.increment, increment))) {
        out.push({ key: 'problem.clock', params: { min: seconds.min, max: seconds.max, inc: increment.max } });
    }
    return out;
}

/**
 * The server's default when a request does not say (GET /api/config's hints: off from so many
 * screens with people at them, one screen for a one-screen table), until the player ticks or
 * clears the box.
 * @param {SetupForm} st
 */
export function hintsOn(st) {
    if (st.hints !== null) return st.hints;
    const people = st.seats.slice(0, st.players).filter((x) => x.type === 'human').length;
    return (st.local ? Math.min(people, 1) : people) < siteConfig().hints.off_from_screens;
}

/** Against one computer with two players, the human picks a colour (or lets chance pick). @param {SetupForm} st */
export const versusComputer = (st) => st.players === 2 && !st.local
    && st.seats.slice(0, 2).filter((x) => x.type === 'computer').length === 1;

/**
 * The names as sent: trimmed (one per human seat at one screen); none when the server knows
 * who we are (`myName`: a remote seat takes it, so the name field is not asked for).
 * @param {SetupForm} st @param {string} myName
 */
export const sentNames = (st, myName) => (st.local
    ? st.seats.slice(0, st.players).map((x, i) => (x.type === 'human' ? st.names[i].trim() : ''))
    : myName ? [] : [st.name.trim()]);

/**
 * The names' problems, each once; the limit is in characters, as the message counts.
 * @param {SetupForm} st @param {string} myName @returns {Problem[]}
 */
export function nameProblems(st, myName) {
    /** @type {Problem[]} */
    const out = [];
    for (const name of sentNames(st, myName)) {
        const key = nameProblem(name, siteConfig().name_chars);
        if (key === 'problem.nameLong') out.push({ key: 'problem.nameTooLong', params: { n: nameLength(name) } });
        else if (key) out.push({ key });
    }
    return out.filter((p, i) => out.findIndex((q) => q.key === p.key) === i);
}

/**
 * My seat follows the seats: when it turns into a computer, I move to the first human one;
 * when there was none (so I was made a watcher), I take the first human seat again.
 * @param {SetupForm} st changed in place (the view's copy)
 */
export function followSeats(st) {
    const humans = humanSeats(st).map(String);
    if (st.mySeat === 'watch' && st.watchForced && humans.length) st.mySeat = humans[0];
    if (st.mySeat !== 'watch' && !humans.includes(st.mySeat)) {
        st.mySeat = humans[0] ?? 'watch';
        st.watchForced = st.mySeat === 'watch';
    }
    if (st.mySeat !== 'watch') st.watchForced = false;
}
