// SPDX-License-Identifier: MIT
// The setup form's drawing, one part at a time: the board (shape, players, variants, handicap),
// the blocked squares with the preview board, the seats (who plays, my seat or colour, the
// names), the extras (hints, rated, clock) and the create bar with the problems that keep it
// disabled. Each part draws from the form being edited and calls back the view (setup.js) on a
// change; none sends anything.
import { t, colourName } from '../../lib/i18n.js';
import { counted } from '../../lib/game-text.js';
import * as rules from '../../lib/rules.js';
import { Board } from '../../components/board.js';
import { nameLength, nameProblem } from '../../lib/api.js';
import { el, field, select } from '../../lib/dom.js';
import { computerLevels, siteConfig } from '../../lib/pools.js';
import { hintsOn, nameProblems, setupObject, versusComputer } from './form.js';

/** @typedef {import('./form.js').SetupForm} SetupForm */
/** @typedef {import('./form.js').Problem} Problem */
/**
 * @typedef {object} Draw what each part of the form draws from and calls
 * @property {SetupForm} st the form being edited (the view's copy, changed in place)
 * @property {string} myName my name when the server knows who I am
 * @property {string} note why the last square picked could not be blocked
 * @property {(...keys: string[]) => boolean} invalid whether a problem of these keys stands
 * @property {() => void} redraw draws the form again, after a change the rest follows
 * @property {() => void} commit keeps a change nothing else on the form follows
 * @property {(note: string) => void} setNote
 * @property {(sq: string) => void} pick picks or drops a blocked square
 * @property {(button: HTMLButtonElement, status: HTMLElement) => void} create sends the form
 */

/** @param {string} variant the rules page's section */
const help = (variant) => el('a', { class: 'help', href: `#/rules/${variant}`, title: t('setup.rulesLink') },
    t('setup.aboutRules'));

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

/** The board: shape, players, Anti-Reversi, free opening, handicap. @param {Draw} d */
export function boardGroup(d) {
    const { st, invalid, redraw } = d;
    // What the server accepts (GET /api/config): players, levels, random squares, clocks.
    const allowed = siteConfig();
    const board = el('fieldset', { class: 'group' }, el('legend', {}, t('setup.boardGroup')));
    board.append(
        field(t('setup.shape'), select('shape', rules.SHAPES.map((v) => [v, t(`shape.${v}`)]), st.board,
            (v) => { st.board = v; st.blocked = []; redraw(); }), help('shapes'),
        { invalid: invalid('problem.multi6', 'problem.octagonHandicap') }),
        field(t('setup.players'), select('players', span(allowed.players).map((v) => [String(v), t('setup.nPlayers', { n: v })]),
            String(st.players), (v) => { st.players = Number(v); redraw(); }), help('multi'),
        { invalid: invalid('problem.multi6', 'problem.multiFree', 'problem.multiHandicap') }),
        checkbox('anti', t('setup.anti'), st.anti, (v) => { st.anti = v; redraw(); }, help('anti')),
        checkbox('free-opening', t('setup.free'), st.free_opening, (v) => { st.free_opening = v; redraw(); },
            help('free'), invalid('problem.multiFree')),
        field(t('setup.handicap'), select('handicap', [0, 1, 2, 3, 4].map((v) => [String(v),
            v ? counted('corners', v) : t('setup.none')]), String(st.handicap),
        (v) => { st.handicap = Number(v); redraw(); }), help('handicap'),
        { invalid: invalid('problem.multiHandicap', 'problem.octagonHandicap') }),
    );
    if (st.handicap > 0) {
        board.append(field(t('setup.handicapTo'), select('handicap-to', [['black', colourName(0)],
            ['white', colourName(1)]], st.handicap_to, (v) => { st.handicap_to = v; redraw(); })));
    }
    return board;
}

/** The blocked squares: none, picked on `preview`, or random. @param {Draw} d @param {HTMLElement} preview */
export function blockedGroup(d, preview) {
    const { st, invalid, redraw } = d;
    const allowed = siteConfig();
    const blocked = el('fieldset', { class: 'group' }, el('legend', {}, t('setup.blockedGroup'), ' ', help('blocked')));
    for (const mode of ['none', 'pick', 'random']) {
        const id = `blocked-${mode}`;
        const input = el('input', { type: 'radio', name: 'blocked-mode', id, value: mode });
        input.checked = st.blockedMode === mode;
        input.addEventListener('change', () => {
            st.blockedMode = /** @type {SetupForm['blockedMode']} */ (mode);
            d.setNote('');
            redraw();
        });
        blocked.append(el('div', { class: 'radio' }, input, el('label', { for: id }, t(`setup.blocked.${mode}`))));
    }
    if (st.blockedMode === 'random') {
        const n = el('input', { type: 'number', id: 'random-blocked', min: String(allowed.random_blocked.min),
            max: String(allowed.random_blocked.max), step: '2',
            value: String(st.random), 'aria-invalid': String(invalid('problem.randomRange', 'problem.randomOdd')) });
        n.addEventListener('change', () => { st.random = Number(n.value); redraw(); });
        blocked.append(field(t('setup.randomCount'), n), el('p', { class: 'note' }, t('setup.randomNote')));
    }
    if (st.blockedMode === 'pick') {
        blocked.append(el('p', { class: 'note' }, t('setup.pickNote'),
            ' ', st.blocked.length ? t('setup.pickedList', { list: st.blocked.join(', ') }) : ''));
    }
    blocked.append(preview);
    if (d.note) blocked.append(el('p', { class: 'note warn', role: 'status' }, d.note));
    return blocked;
}

/** The preview board; in pick mode a click blocks or frees a square. @param {HTMLElement} host @param {Draw} d */
export function drawPreview(host, d) {
    const setup = setupObject(d.st);
    const pos = rules.initialPosition(setup, { lenient: true });
    const pick = d.st.blockedMode === 'pick';
    const b = new Board(host, pos.w, {
        label: t('setup.preview'),
        onPlay: pick ? (sq) => d.pick(sq) : null,
    });
    b.update({ rows: rules.boardRows(pos), legal: [], marked: pick ? d.st.blocked : [], marks: setup.players > 2 });
    b.root.classList.toggle('picking', pick);
}

/** The seats: each one's player and level, one screen or not, and my seat or colour. @param {Draw} d */
export function seatsGroup(d) {
    const { st, invalid, redraw } = d;
    const seats = el('fieldset', { class: 'group' }, el('legend', {}, t('setup.seatsGroup')));
    for (let i = 0; i < st.players; i++) {
        const seat = st.seats[i];
        const row = el('div', { class: 'seat-row' }, el('span', { class: 'seat-name' }, colourName(i)));
        const type = select(`seat-type-${i}`, [['human', t('seat.human')], ['computer', t('seat.computer')]],
            seat.type, (v) => { seat.type = v; redraw(); }, t('setup.seatType', { colour: colourName(i) }));
        if (invalid('problem.noHuman')) type.setAttribute('aria-invalid', 'true');
        row.append(type);
        if (seat.type === 'computer') {
            row.append(select(`seat-level-${i}`, computerLevels().map((k) => [String(k),
                t('seat.level', { n: k })]), String(seat.level), (v) => { seat.level = Number(v); d.commit(); },
            t('setup.seatLevel', { colour: colourName(i) })));
        }
        seats.append(row);
    }
    seats.append(checkbox('local', t('setup.local'), st.local, (v) => { st.local = v; redraw(); }));
    if (versusComputer(st)) {
        // The computer's seat follows the colour chosen; its level stays.
        const human = st.seats[0].type === 'human' ? 0 : 1;
        const colour = st.randomSeat ? 'random' : human === 0 ? 'black' : 'white';
        seats.append(field(t('setup.myColour'), select('my-colour', [['black', colourName(0)], ['white', colourName(1)],
            ['random', t('setup.colourRandom')]], colour, (v) => {
            st.randomSeat = v === 'random';
            const want = v === 'white' ? 1 : 0;
            if (st.seats[want].type !== 'human') [st.seats[0], st.seats[1]] = [st.seats[1], st.seats[0]];
            st.mySeat = String(want);
            redraw();
        })));
    } else if (!st.local) {
        const options = [];
        for (let i = 0; i < st.players; i++) {
            if (st.seats[i].type === 'human') options.push([String(i), colourName(i)]);
        }
        options.push(['watch', t('setup.watch')]);
        seats.append(field(t('setup.mySeat'), select('my-seat', options, st.mySeat,
            (v) => { st.mySeat = v; st.watchForced = false; redraw(); }), null, { invalid: invalid('problem.mySeat') }));
    }
    return seats;
}

/**
 * The names asked for: one per human seat at one screen, mine when the server does not know
 * me; the inputs made go into `inputs` (the create bar follows their typing).
 * @param {Draw} d @param {HTMLInputElement[]} inputs @returns {HTMLElement[]}
 */
export function nameFields(d, inputs) {
    const { st } = d;
    // Names are limited in characters (the server's rule, on the NFC form), so the field counts them.
    const nameInvalid = d.invalid('problem.nameChars', 'problem.nameTooLong');
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
        inputs.push(input);
        return f;
    };
    if (st.local) {
        const out = [];
        for (let i = 0; i < st.players; i++) {
            if (st.seats[i].type !== 'human') continue;
            out.push(nameInput(`name-${i}`, st.names[i], t('setup.seatName', { colour: colourName(i) }),
                (/** @type {string} */ v) => { st.names[i] = v; d.commit(); }));
        }
        return out;
    }
    if (d.myName) {
        return st.mySeat !== 'watch' ? [el('p', { id: 'play-as', class: 'note' }, t('setup.playAs', { name: d.myName }))] : [];
    }
    return [nameInput('name', st.name, t('setup.name'), (/** @type {string} */ v) => { st.name = v; d.commit(); })];
}

/** The extras: hints, rated, the clock. @param {Draw} d */
export function extrasGroup(d) {
    const { st, redraw } = d;
    const extras = el('fieldset', { class: 'group' }, el('legend', {}, t('setup.extrasGroup')));
    extras.append(checkbox('hints', t('setup.hints'), hintsOn(st), (v) => { st.hints = v; d.commit(); }));
    // Rated tables: the server refuses them with a computer seat, at one screen or for guests.
    if (!st.local) extras.append(checkbox('rated', t('setup.rated'), st.rated, (v) => { st.rated = v; redraw(); }));
    extras.append(field(t('setup.clock'), select('clock-mode', [['none', t('clock.none')], ['move', t('clock.move')],
        ['game', t('clock.game')]], st.clock, (v) => { st.clock = /** @type {SetupForm['clock']} */ (v); redraw(); })));
    /** @param {string} id @param {'moveSeconds' | 'gameMinutes' | 'increment'} key @param {number} min @param {number} max */
    const num = (id, key, min, max) => {
        const input = el('input', { id, type: 'number', min: String(min), max: String(max), value: String(st[key]) });
        input.addEventListener('change', () => { st[key] = Number(input.value); redraw(); });
        return input;
    };
    const { seconds, increment } = siteConfig().clock;
    if (st.clock === 'move') {
        extras.append(field(t('setup.moveSeconds'), num('clock-seconds', 'moveSeconds', seconds.min, seconds.max)));
    }
    if (st.clock === 'game') {
        extras.append(field(t('setup.gameMinutes'), num('clock-minutes', 'gameMinutes', 1, Math.floor(seconds.max / 60))),
            field(t('setup.increment'), num('clock-increment', 'increment', increment.min, increment.max)));
    }
    return extras;
}

/**
 * The problems and the create button, disabled while any problem stands.
 * @param {Draw} d @param {Problem[]} problems @param {HTMLInputElement[]} nameInputs
 */
export function createBar(d, problems, nameInputs) {
    const list = el('ul', { id: 'problems', class: 'problems', 'aria-live': 'polite' });
    const create = el('button', { id: 'create', class: 'primary', type: 'button' }, t('setup.create'));
    /** @param {Problem[]} all */
    const showProblems = (all) => {
        list.replaceChildren(...all.map((p) => el('li', {}, t(p.key, p.params))));
        create.disabled = all.length > 0;
    };
    showProblems(problems);
    // Typing a name updates only the problems it causes, so the field keeps its caret.
    for (const input of nameInputs) {
        input.addEventListener('input', () => {
            showProblems([...problems.filter((p) => !p.key.startsWith('problem.name')), ...nameProblems(d.st, d.myName)]);
        });
    }
    const status = el('p', { id: 'create-status', role: 'alert' });
    create.addEventListener('click', () => d.create(create, status));
    return el('div', { class: 'create-bar' }, list, create, status);
}
