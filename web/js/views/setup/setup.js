// SPDX-License-Identifier: MIT
// The setup screen: every option of RULES.md (shape, players, Anti-Reversi, free opening,
// blocked squares picked on a preview board or generated, corner handicap), the seats, local
// play, hints and clocks. Forbidden combinations (and what the server refuses: a table without a
// human seat, a name with control or invisible characters) are explained before the request is
// sent, and the create button stays disabled while any remains. A player with a session (GET
// /api/me) plays under their own name, so only one-screen tables ask for names.
import { t, colourName } from '../../lib/i18n.js';
import { counted } from '../../lib/game-text.js';
import * as rules from '../../lib/rules.js';
import { Board } from '../../components/board.js';
import { createTable, nameLength, nameProblem } from '../../lib/api.js';
import { saveToken } from '../../lib/preferences.js';
import { session } from '../../lib/session.js';
import { createStore, mirror } from '../../lib/store.js';
import { el, field, select, errorText } from '../../lib/dom.js';
import { computerLevels, poolOf, siteConfig } from '../../lib/pools.js';

/**
 * @typedef {object} SetupForm the choices of the form (kept while the page lives, so "new
 *   game" starts from them)
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

/** @returns {SetupForm} */
const defaults = () => ({
    board: '8', players: 2, anti: false, free_opening: false, blockedMode: 'none', blocked: [],
    random: 4, handicap: 0, handicap_to: 'black',
    seats: [{ type: 'human', level: 3 }, { type: 'computer', level: 3 },
        { type: 'computer', level: 3 }, { type: 'computer', level: 3 }],
    mySeat: '0', watchForced: false, name: '', names: ['', '', '', ''], randomSeat: false, local: false, hints: null, rated: false,
    clock: 'none', moveSeconds: 30, gameMinutes: 5, increment: 5,
});

/**
 * @typedef {object} SetupState
 * @property {SetupForm} form
 * @property {import('../../lib/protocol.js').Me | null} me who I am (the session's)
 */

/** The setup page's store. */
const store = createStore(/** @type {SetupState} */ ({ form: defaults(), me: null }));

/** @param {HTMLElement} root */
export function setupView(root) {
    // The form being edited: a copy of the store's, written back after every change, so the
    // store's objects are never changed in place.
    const st = structuredClone(store.get().form);
    const commit = () => store.set({ form: structuredClone(st) });
    let note = '';
    const view = el('section', { class: 'setup', 'aria-labelledby': 'setup-title' });
    root.append(view);

    function setupObject() {
        /** @type {import('../../lib/protocol.js').Setup & {players: number}} */
        const s = { board: st.board, players: st.players, anti: st.anti, free_opening: st.free_opening,
            handicap: st.handicap, handicap_to: st.handicap_to };
        if (st.blockedMode === 'pick') s.blocked = st.blocked.slice();
        if (st.blockedMode === 'random') s.random_blocked = Number(st.random);
        return s;
    }

    function seatProblems() {
        const out = [];
        const humans = st.seats.slice(0, st.players).map((x, i) => (x.type === 'human' ? i : -1)).filter((i) => i >= 0);
        if (humans.length === 0) out.push({ key: 'problem.noHuman' });
        else if (!st.local && st.mySeat !== 'watch' && !humans.includes(Number(st.mySeat))) {
            out.push({ key: 'problem.mySeat' });
        }
        // What the server refuses for a rated table (docs/SITE.md), said before sending.
        if (st.rated && !st.local) {
            const me = store.get().me;
            if (me && me.guest) out.push({ key: 'problem.ratedGuest' });
            if (st.seats.slice(0, st.players).some((x) => x.type === 'computer')) out.push({ key: 'problem.ratedComputer' });
            if (poolOf(setupObject()) === null) out.push({ key: 'problem.ratedPool' });
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

    // The server's default when a request does not say (GET /api/config's hints: off from so many
    // screens with people at them, one screen for a one-screen table), until the player ticks or
    // clears the box.
    const hintsOn = () => {
        if (st.hints !== null) return st.hints;
        const people = st.seats.slice(0, st.players).filter((x) => x.type === 'human').length;
        return (st.local ? Math.min(people, 1) : people) < siteConfig().hints.off_from_screens;
    };

    // Against one computer with two players, the human picks a colour (or lets chance pick).
    const versusComputer = () => st.players === 2 && !st.local
        && st.seats.slice(0, 2).filter((x) => x.type === 'computer').length === 1;

    // The player's own name when the server knows who we are: then a remote seat takes it and
    // the name field is not asked for (the server would not use it).
    const myName = () => store.get().me?.name || '';
    // The names as sent: trimmed (one per human seat at one screen); their problems, if any,
    // are form problems like the others. The limit is in characters, as the message counts.
    const sentNames = () => (st.local
        ? st.seats.slice(0, st.players).map((x, i) => (x.type === 'human' ? st.names[i].trim() : ''))
        : myName() ? [] : [st.name.trim()]);
    const nameProblems = () => {
        /** @type {{key: string, params?: Record<string, unknown>}[]} */
        const out = [];
        for (const name of sentNames()) {
            const key = nameProblem(name, siteConfig().name_chars);
            if (key === 'problem.nameLong') out.push({ key: 'problem.nameTooLong', params: { n: nameLength(name) } });
            else if (key) out.push({ key });
        }
        return out.filter((p, i) => out.findIndex((q) => q.key === p.key) === i);
    };

    function request() {
        const seats = st.seats.slice(0, st.players).map((x) =>
            (x.type === 'human' ? { type: 'human' } : { type: 'computer', level: Number(x.level) }));
        const clock = st.clock === 'move' ? { mode: 'move', seconds: Number(st.moveSeconds) }
            : st.clock === 'game' ? { mode: 'game', seconds: Math.round(Number(st.gameMinutes) * 60),
                increment: Number(st.increment) }
                : { mode: 'none' };
        /** @type {Record<string, any>} */
        const req = { setup: setupObject(), seats, local: st.local, clock };
        // Unless the player chose, the server's default decides (the box only shows it).
        if (st.hints !== null) req.hints = st.hints;
        if (st.rated && !st.local) req.rated = true;
        const humans = seats.map((x, i) => (x.type === 'human' ? i : -1)).filter((i) => i >= 0);
        if (st.local) {
            if (humans.length) req.seat = humans[0];
            req.names = sentNames();
            if (req.names[humans[0]]) req.name = req.names[humans[0]];
        } else {
            if (!myName() && st.name.trim()) req.name = st.name.trim();
            if (versusComputer() && st.randomSeat) {
                // Chance picks the colour: the computer takes the other seat.
                const want = crypto.getRandomValues(new Uint8Array(1))[0] & 1;
                if (seats[want].type !== 'human') seats.reverse();
                req.seat = want;
            } else if (st.mySeat !== 'watch') {
                req.seat = Number(st.mySeat);
            }
        }
        return req;
    }

    function render() {
        const focusId = document.activeElement?.id;
        // Follow the seats: when your seat turns into a computer, move you to the first human one;
        // when there was none (so you were made a watcher), take the first human seat again.
        const humans = st.seats.slice(0, st.players).map((x, i) => (x.type === 'human' ? String(i) : null))
            .filter((x) => x !== null);
        if (st.mySeat === 'watch' && st.watchForced && humans.length) st.mySeat = humans[0];
        if (st.mySeat !== 'watch' && !humans.includes(st.mySeat)) {
            st.mySeat = humans[0] ?? 'watch';
            st.watchForced = st.mySeat === 'watch';
        }
        if (st.mySeat !== 'watch') st.watchForced = false;
        commit();
        view.replaceChildren();
        view.append(el('h1', { id: 'setup-title' }, t('setup.title')));
        const problems = [...rules.setupProblems(setupObject()), ...seatProblems(), ...nameProblems()];
        const bad = new Set(problems.map((p) => p.key));
        const invalid = (/** @type {string[]} */ ...keys) => keys.some((k) => bad.has(k));
        const help = (/** @type {string} */ variant) => el('a', { class: 'help', href: `#/rules/${variant}`, title: t('setup.rulesLink') },
            t('setup.aboutRules'));

        // What the server accepts (GET /api/config): players, levels, random squares, clocks.
        const allowed = siteConfig();
        const board = el('fieldset', { class: 'group' }, el('legend', {}, t('setup.boardGroup')));
        board.append(
            field(t('setup.shape'), select('shape', rules.SHAPES.map((v) => [v, t(`shape.${v}`)]), st.board,
                (v) => { st.board = v; st.blocked = []; render(); }), help('shapes'),
            { invalid: invalid('problem.multi6', 'problem.octagonHandicap') }),
            field(t('setup.players'), select('players', span(allowed.players).map((v) => [String(v), t('setup.nPlayers', { n: v })]),
                String(st.players), (v) => { st.players = Number(v); render(); }), help('multi'),
            { invalid: invalid('problem.multi6', 'problem.multiFree', 'problem.multiHandicap') }),
            checkbox('anti', t('setup.anti'), st.anti, (v) => { st.anti = v; render(); }, help('anti')),
            checkbox('free-opening', t('setup.free'), st.free_opening, (v) => { st.free_opening = v; render(); },
                help('free'), invalid('problem.multiFree')),
            field(t('setup.handicap'), select('handicap', [0, 1, 2, 3, 4].map((v) => [String(v),
                v ? counted('corners', v) : t('setup.none')]), String(st.handicap),
            (v) => { st.handicap = Number(v); render(); }), help('handicap'),
            { invalid: invalid('problem.multiHandicap', 'problem.octagonHandicap') }),
        );
        if (st.handicap > 0) {
            board.append(field(t('setup.handicapTo'), select('handicap-to', [['black', colourName(0)],
                ['white', colourName(1)]], st.handicap_to, (v) => { st.handicap_to = v; render(); })));
        }
        const blocked = el('fieldset', { class: 'group' }, el('legend', {}, t('setup.blockedGroup'), ' ', help('blocked')));
        for (const mode of ['none', 'pick', 'random']) {
            const id = `blocked-${mode}`;
            const input = el('input', { type: 'radio', name: 'blocked-mode', id, value: mode });
            input.checked = st.blockedMode === mode;
            input.addEventListener('change', () => { st.blockedMode = /** @type {SetupForm['blockedMode']} */ (mode); note = ''; render(); });
            blocked.append(el('div', { class: 'radio' }, input, el('label', { for: id }, t(`setup.blocked.${mode}`))));
        }
        if (st.blockedMode === 'random') {
            const n = el('input', { type: 'number', id: 'random-blocked', min: String(allowed.random_blocked.min),
                max: String(allowed.random_blocked.max), step: '2',
                value: String(st.random), 'aria-invalid': String(invalid('problem.randomRange', 'problem.randomOdd')) });
            n.addEventListener('change', () => { st.random = Number(n.value); render(); });
            blocked.append(field(t('setup.randomCount'), n), el('p', { class: 'note' }, t('setup.randomNote')));
        }
        if (st.blockedMode === 'pick') {
            blocked.append(el('p', { class: 'note' }, t('setup.pickNote'),
                ' ', st.blocked.length ? t('setup.pickedList', { list: st.blocked.join(', ') }) : ''));
        }
        const preview = el('div', { class: 'preview', id: 'preview' });
        blocked.append(preview);
        if (note) blocked.append(el('p', { class: 'note warn', role: 'status' }, note));

        const seats = el('fieldset', { class: 'group' }, el('legend', {}, t('setup.seatsGroup')));
        for (let i = 0; i < st.players; i++) {
            const seat = st.seats[i];
            const row = el('div', { class: 'seat-row' }, el('span', { class: 'seat-name' }, colourName(i)));
            const type = select(`seat-type-${i}`, [['human', t('seat.human')], ['computer', t('seat.computer')]],
                seat.type, (v) => { seat.type = v; render(); }, t('setup.seatType', { colour: colourName(i) }));
            if (invalid('problem.noHuman')) type.setAttribute('aria-invalid', 'true');
            row.append(type);
            if (seat.type === 'computer') {
                row.append(select(`seat-level-${i}`, computerLevels().map((k) => [String(k),
                    t('seat.level', { n: k })]), String(seat.level), (v) => { seat.level = Number(v); commit(); },
                t('setup.seatLevel', { colour: colourName(i) })));
            }
            seats.append(row);
        }
        seats.append(checkbox('local', t('setup.local'), st.local, (v) => { st.local = v; render(); }));
        if (versusComputer()) {
            // The computer's seat follows the colour chosen; its level stays.
            const human = st.seats[0].type === 'human' ? 0 : 1;
            const colour = st.randomSeat ? 'random' : human === 0 ? 'black' : 'white';
            seats.append(field(t('setup.myColour'), select('my-colour', [['black', colourName(0)], ['white', colourName(1)],
                ['random', t('setup.colourRandom')]], colour, (v) => {
                st.randomSeat = v === 'random';
                const want = v === 'white' ? 1 : 0;
                if (st.seats[want].type !== 'human') [st.seats[0], st.seats[1]] = [st.seats[1], st.seats[0]];
                st.mySeat = String(want);
                render();
            })));
        } else if (!st.local) {
            const options = [];
            for (let i = 0; i < st.players; i++) {
                if (st.seats[i].type === 'human') options.push([String(i), colourName(i)]);
            }
            options.push(['watch', t('setup.watch')]);
            seats.append(field(t('setup.mySeat'), select('my-seat', options, st.mySeat,
                (v) => { st.mySeat = v; st.watchForced = false; render(); }), null, { invalid: invalid('problem.mySeat') }));
        }
        // Names are limited in characters (the server's rule, on the NFC form), so the field counts them.
        const nameInvalid = invalid('problem.nameChars', 'problem.nameTooLong');
        /** @type {HTMLInputElement[]} */
        const nameInputs = [];
        /** @param {string} id @param {string} value @param {string} label @param {(value: string) => void} onInput */
        const nameInput = (id, value, label, onInput) => {
            const input = el('input', { id, type: 'text', value, autocomplete: 'nickname' });
            const counter = el('span', { class: 'name-count', id: `${id}-count`, 'aria-live': 'polite' });
            const f = field(label, input, counter, { invalid: nameInvalid && nameProblem(value.trim(), siteConfig().name_chars) !== null });
            const count = () => { counter.textContent = t('setup.nameCount', { n: nameLength(input.value.trim()) }); };
            count();
            input.addEventListener('input', () => {
                onInput(input.value);
                count();
                const bad = nameProblem(input.value.trim(), siteConfig().name_chars) !== null;
                f.classList.toggle('invalid', bad);
                input.setAttribute('aria-invalid', String(bad));
            });
            nameInputs.push(input);
            return f;
        };
        if (st.local) {
            for (let i = 0; i < st.players; i++) {
                if (st.seats[i].type !== 'human') continue;
                seats.append(nameInput(`name-${i}`, st.names[i], t('setup.seatName', { colour: colourName(i) }),
                    (/** @type {string} */ v) => { st.names[i] = v; commit(); }));
            }
        } else if (myName()) {
            if (st.mySeat !== 'watch') seats.append(el('p', { id: 'play-as', class: 'note' }, t('setup.playAs', { name: myName() })));
        } else {
            seats.append(nameInput('name', st.name, t('setup.name'), (/** @type {string} */ v) => { st.name = v; commit(); }));
        }

        const extras = el('fieldset', { class: 'group' }, el('legend', {}, t('setup.extrasGroup')));
        extras.append(checkbox('hints', t('setup.hints'), hintsOn(), (v) => { st.hints = v; commit(); }));
        // Rated tables: the server refuses them with a computer seat, at one screen or for guests.
        if (!st.local) extras.append(checkbox('rated', t('setup.rated'), st.rated, (v) => { st.rated = v; render(); }));
        extras.append(field(t('setup.clock'), select('clock-mode', [['none', t('clock.none')], ['move', t('clock.move')],
            ['game', t('clock.game')]], st.clock, (v) => { st.clock = /** @type {SetupForm['clock']} */ (v); render(); })));
        /** @param {string} id @param {'moveSeconds' | 'gameMinutes' | 'increment'} key @param {number} min @param {number} max */
        const num = (id, key, min, max) => {
            const input = el('input', { id, type: 'number', min: String(min), max: String(max), value: String(st[key]) });
            input.addEventListener('change', () => { st[key] = Number(input.value); render(); });
            return input;
        };
        const { seconds, increment } = allowed.clock;
        if (st.clock === 'move') {
            extras.append(field(t('setup.moveSeconds'), num('clock-seconds', 'moveSeconds', seconds.min, seconds.max)));
        }
        if (st.clock === 'game') {
            extras.append(field(t('setup.gameMinutes'), num('clock-minutes', 'gameMinutes', 1, Math.floor(seconds.max / 60))),
                field(t('setup.increment'), num('clock-increment', 'increment', increment.min, increment.max)));
        }

        const list = el('ul', { id: 'problems', class: 'problems', 'aria-live': 'polite' });
        const create = el('button', { id: 'create', class: 'primary', type: 'button' }, t('setup.create'));
        /** @param {{key: string, params?: Record<string, unknown>}[]} all */
        const showProblems = (all) => {
            list.replaceChildren(...all.map((p) => el('li', {}, t(p.key, p.params))));
            create.disabled = all.length > 0;
        };
        showProblems(problems);
        // Typing a name updates only the problems it causes, so the field keeps its caret.
        for (const input of nameInputs) {
            input.addEventListener('input', () => {
                showProblems([...problems.filter((p) => !p.key.startsWith('problem.name')), ...nameProblems()]);
            });
        }
        const status = el('p', { id: 'create-status', role: 'alert' });
        create.addEventListener('click', async () => {
            create.disabled = true;
            try {
                const res = await createTable(request());
                if (res.token) saveToken(res.table, res.token);
                location.hash = `#/table/${res.table}`;
            } catch (e) {
                status.textContent = errorText(e);
                create.disabled = false;
            }
        });
        view.append(el('div', { class: 'setup-grid' }, board, blocked, seats, extras),
            el('div', { class: 'create-bar' }, list, create, status));
        drawPreview(preview, setupObject());
        if (focusId) document.getElementById(focusId)?.focus();
    }

    /** @param {HTMLElement} host @param {import('../../lib/protocol.js').Setup & {players: number}} setup */
    function drawPreview(host, setup) {
        const pos = rules.initialPosition(setup, { lenient: true });
        const pick = st.blockedMode === 'pick';
        const b = new Board(host, pos.w, {
            label: t('setup.preview'),
            onPlay: pick ? (sq) => toggleBlocked(sq) : null,
        });
        b.update({ rows: rules.boardRows(pos), legal: [], marked: pick ? st.blocked : [], marks: setup.players > 2 });
        b.root.classList.toggle('picking', pick);
    }

    /** @param {string} sq */
    function toggleBlocked(sq) {
        const i = st.blocked.indexOf(sq);
        if (i >= 0) {
            st.blocked.splice(i, 1);
            note = '';
        } else {
            const probs = rules.setupProblems({ ...setupObject(), blocked: [sq], random_blocked: 0 });
            const own = probs.find((p) => p.key.startsWith('problem.blocked'));
            if (own) note = t(own.key, own.params);
            else {
                st.blocked.push(sq);
                note = '';
            }
        }
        render();
        /** @type {HTMLElement | null} */ (document.querySelector(`#preview [data-sq="${sq}"]`))?.focus();
    }

    // Who we are may arrive (or change, by logging in elsewhere) after the form is drawn.
    const stops = [store.subscribe((s, was) => { if (s.me !== was.me) render(); }),
        mirror(session, store, (s) => ({ me: s.me }))];
    render();
    return { destroy() { stops.forEach((stop) => stop()); } };
}

/** The whole numbers of a range, lowest first. @param {{min: number, max: number}} r */
const span = (r) => Array.from({ length: r.max - r.min + 1 }, (_, k) => r.min + k);

/**
 * @param {string} id
 * @param {string} label
 * @param {boolean} value
 * @param {(on: boolean) => void} onChange
 * @param {Node | null} [extra]
 * @param {boolean} [invalid]
 */
function checkbox(id, label, value, onChange, extra = null, invalid = false) {
    const input = el('input', { type: 'checkbox', id, 'aria-invalid': String(Boolean(invalid)) });
    input.checked = value;
    input.addEventListener('change', () => onChange(input.checked));
    return el('div', { class: 'check' + (invalid ? ' invalid' : '') }, input, el('label', { for: id }, label), extra ? ' ' : '', extra || '');
}
