// SPDX-License-Identifier: MIT
// The setup screen: every option of RULES.md (shape, players, Anti-Reversi, free opening,
// blocked squares picked on a preview board or generated, corner handicap), the seats, local
// play, hints and clocks. Forbidden combinations (and what the server refuses: a table without a
// human seat, a name with control or invisible characters) are explained before the request is
// sent, and the create button stays disabled while any remains.
import { t, colourName } from './i18n.js';
import * as rules from './rules.js';
import { Board } from './board.js';
import { createTable, nameProblem, saveToken } from './api.js';
import { el, field, select, errorText } from './ui.js';

const defaults = () => ({
    board: '8', players: 2, anti: false, free_opening: false, blockedMode: 'none', blocked: [],
    random: 4, handicap: 0, handicap_to: 'black',
    seats: [{ type: 'human', level: 3 }, { type: 'computer', level: 3 },
        { type: 'computer', level: 3 }, { type: 'computer', level: 3 }],
    mySeat: '0', watchForced: false, name: '', local: false, hints: true,
    clock: 'none', moveSeconds: 30, gameMinutes: 5, increment: 5,
});

// Keeps the last choices while the page lives, so "new game" starts from them.
let remembered = null;

export function setupView(root) {
    const st = remembered || defaults();
    remembered = st;
    let note = '';
    const view = el('section', { class: 'setup', 'aria-labelledby': 'setup-title' });
    root.append(view);

    function setupObject() {
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
        if (st.clock === 'move' && !(st.moveSeconds >= 1 && st.moveSeconds <= 3600)) out.push({ key: 'problem.clock' });
        if (st.clock === 'game' && !(st.gameMinutes > 0 && st.gameMinutes <= 600 && st.increment >= 0 && st.increment <= 600)) {
            out.push({ key: 'problem.clock' });
        }
        return out;
    }

    // The name as sent: trimmed; its problem, if any, is a form problem like the others.
    const nameProblems = () => {
        const key = nameProblem(st.name.trim());
        return key ? [{ key }] : [];
    };

    function request() {
        const seats = st.seats.slice(0, st.players).map((x) =>
            (x.type === 'human' ? { type: 'human' } : { type: 'computer', level: Number(x.level) }));
        const clock = st.clock === 'move' ? { mode: 'move', seconds: Number(st.moveSeconds) }
            : st.clock === 'game' ? { mode: 'game', seconds: Math.round(Number(st.gameMinutes) * 60),
                increment: Number(st.increment) }
                : { mode: 'none' };
        const req = { setup: setupObject(), seats, local: st.local, hints: st.hints, clock };
        if (st.name.trim()) req.name = st.name.trim();
        const humans = seats.map((x, i) => (x.type === 'human' ? i : -1)).filter((i) => i >= 0);
        if (st.local) {
            if (humans.length) req.seat = humans[0];
        } else if (st.mySeat !== 'watch') {
            req.seat = Number(st.mySeat);
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
        view.replaceChildren();
        view.append(el('h1', { id: 'setup-title' }, t('setup.title')));
        const problems = [...rules.setupProblems(setupObject()), ...seatProblems(), ...nameProblems()];
        const bad = new Set(problems.map((p) => p.key));
        const invalid = (...keys) => keys.some((k) => bad.has(k));
        const help = (variant) => el('a', { class: 'help', href: `#/rules/${variant}`, title: t('setup.rulesLink') },
            t('setup.aboutRules'));

        const board = el('fieldset', { class: 'group' }, el('legend', {}, t('setup.boardGroup')));
        board.append(
            field(t('setup.shape'), select('shape', rules.SHAPES.map((v) => [v, t(`shape.${v}`)]), st.board,
                (v) => { st.board = v; st.blocked = []; render(); }), help('shapes'),
            { invalid: invalid('problem.multi6', 'problem.octagonHandicap') }),
            field(t('setup.players'), select('players', [2, 3, 4].map((v) => [String(v), t('setup.nPlayers', { n: v })]),
                String(st.players), (v) => { st.players = Number(v); render(); }), help('multi'),
            { invalid: invalid('problem.multi6', 'problem.multiFree', 'problem.multiHandicap') }),
            checkbox('anti', t('setup.anti'), st.anti, (v) => { st.anti = v; render(); }, help('anti')),
            checkbox('free-opening', t('setup.free'), st.free_opening, (v) => { st.free_opening = v; render(); },
                help('free'), invalid('problem.multiFree')),
            field(t('setup.handicap'), select('handicap', [0, 1, 2, 3, 4].map((v) => [String(v),
                v ? t('setup.nCorners', { n: v }) : t('setup.none')]), String(st.handicap),
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
            input.addEventListener('change', () => { st.blockedMode = mode; note = ''; render(); });
            blocked.append(el('div', { class: 'radio' }, input, el('label', { for: id }, t(`setup.blocked.${mode}`))));
        }
        if (st.blockedMode === 'random') {
            const n = el('input', { type: 'number', id: 'random-blocked', min: '0', max: '60', step: '2',
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
                row.append(select(`seat-level-${i}`, Array.from({ length: 10 }, (_, k) => [String(k + 1),
                    t('seat.level', { n: k + 1 })]), String(seat.level), (v) => { seat.level = Number(v); },
                t('setup.seatLevel', { colour: colourName(i) })));
            }
            seats.append(row);
        }
        seats.append(checkbox('local', t('setup.local'), st.local, (v) => { st.local = v; render(); }));
        if (!st.local) {
            const options = [];
            for (let i = 0; i < st.players; i++) {
                if (st.seats[i].type === 'human') options.push([String(i), colourName(i)]);
            }
            options.push(['watch', t('setup.watch')]);
            seats.append(field(t('setup.mySeat'), select('my-seat', options, st.mySeat,
                (v) => { st.mySeat = v; st.watchForced = false; render(); }), null, { invalid: invalid('problem.mySeat') }));
        }
        const name = el('input', { id: 'name', type: 'text', maxlength: '40', value: st.name, autocomplete: 'nickname' });
        const nameField = field(t('setup.name'), name, null, { invalid: invalid('problem.nameChars', 'problem.nameLong') });
        seats.append(nameField);

        const extras = el('fieldset', { class: 'group' }, el('legend', {}, t('setup.extrasGroup')));
        extras.append(checkbox('hints', t('setup.hints'), st.hints, (v) => { st.hints = v; }));
        extras.append(field(t('setup.clock'), select('clock-mode', [['none', t('clock.none')], ['move', t('clock.move')],
            ['game', t('clock.game')]], st.clock, (v) => { st.clock = v; render(); })));
        const num = (id, key, min, max) => {
            const input = el('input', { id, type: 'number', min: String(min), max: String(max), value: String(st[key]) });
            input.addEventListener('change', () => { st[key] = Number(input.value); render(); });
            return input;
        };
        if (st.clock === 'move') extras.append(field(t('setup.moveSeconds'), num('clock-seconds', 'moveSeconds', 1, 3600)));
        if (st.clock === 'game') {
            extras.append(field(t('setup.gameMinutes'), num('clock-minutes', 'gameMinutes', 1, 600)),
                field(t('setup.increment'), num('clock-increment', 'increment', 0, 600)));
        }

        const list = el('ul', { id: 'problems', class: 'problems', 'aria-live': 'polite' });
        const create = el('button', { id: 'create', class: 'primary', type: 'button' }, t('setup.create'));
        const showProblems = (all) => {
            list.replaceChildren(...all.map((p) => el('li', {}, t(p.key, p.params))));
            create.disabled = all.length > 0;
        };
        showProblems(problems);
        // Typing a name updates only the problems it causes, so the field keeps its caret.
        name.addEventListener('input', () => {
            st.name = name.value;
            const own = nameProblems();
            nameField.classList.toggle('invalid', own.length > 0);
            name.setAttribute('aria-invalid', String(own.length > 0));
            showProblems([...problems.filter((p) => !p.key.startsWith('problem.name')), ...own]);
        });
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

    function drawPreview(host, setup) {
        const pos = rules.initialPosition(setup, { lenient: true });
        const pick = st.blockedMode === 'pick';
        const b = new Board(host, pos.w, {
            label: t('setup.preview'),
            onPlay: pick ? (sq) => toggleBlocked(sq) : null,
        });
        b.update({ rows: rules.boardRows(pos), legal: [], marked: pick ? st.blocked : [] });
        b.root.classList.toggle('picking', pick);
    }

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
        document.querySelector(`#preview [data-sq="${sq}"]`)?.focus();
    }

    render();
    return { destroy() {} };
}

function checkbox(id, label, value, onChange, extra = null, invalid = false) {
    const input = el('input', { type: 'checkbox', id, 'aria-invalid': String(Boolean(invalid)) });
    input.checked = value;
    input.addEventListener('change', () => onChange(input.checked));
    return el('div', { class: 'check' + (invalid ? ' invalid' : '') }, input, el('label', { for: id }, label), extra ? ' ' : '', extra || '');
}
