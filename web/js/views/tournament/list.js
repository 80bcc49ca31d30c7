// SPDX-License-Identifier: MIT
// The tournaments' list (#/tournaments), a page at a time, and the form to create an arena or a
// Swiss: every choice and bound of it the server's.
import { t } from '../../lib/i18n.js';
import { createTournament } from '../../lib/api.js';
import { session, loggedIn as isLoggedIn } from '../../lib/session.js';
import { el, field, select, errorText } from '../../lib/dom.js';
import { choice, siteConfig, clockForTime, poolName, presetLabel } from '../../lib/pools.js';
import { standingText, tournamentName } from '../../lib/tournament-text.js';
import { describe, scheduledMark } from './page.js';

/** @typedef {import('../../lib/protocol.js').TournamentView} TournamentView */
/** @typedef {import('./tournament.js').TournamentState} TournamentState */
/**
 * @typedef {object} Parts what a page of the view draws into and from
 * @property {HTMLElement} view
 * @property {HTMLElement} alert the last refusal's line
 * @property {import('../../lib/store.js').Store<TournamentState>} store the view's
 */

export const LIST_PAGE = 20;

/**
 * The list of tournaments (More asks for another page) and the form to create one.
 * @param {Parts} parts @param {() => void} load asks the server again
 */
export function renderList({ view, alert, store }, load) {
    /** @param {Partial<TournamentState['form']>} patch */
    const choose = (patch) => store.set({ form: { ...store.get().form, ...patch } });
    const { list, total, form } = store.get();
    const rows = list === null ? el('p', { class: 'note' }, t('site.loading'))
        : !list.length ? el('p', { class: 'note', id: 'no-tournaments' }, t('tournament.none'))
            : el('ul', { class: 'rows', id: 'tournament-list' }, list.map((v) => el('li', { 'data-tournament': v.id },
                el('a', { href: `#/tournament/${encodeURIComponent(v.id)}` }, tournamentName(v)),
                scheduledMark(v),
                el('span', { class: 'what' }, ` ${describe(v)}`),
                el('span', { class: 'state' }, el('span', { class: 'when' }, standingText(v, store.get().receivedAt)),
                    ` · ${t('tournament.players', { n: v.players ?? 0 })}`))));
    const more = list && total > list.length ? el('button', { type: 'button', id: 'tournament-more' }, t('tournament.more', { n: total - list.length })) : '';
    if (more) {
        more.addEventListener('click', () => {
            store.set({ shown: store.get().shown + LIST_PAGE });
            load();
        });
    }
    // Every choice and bound is the server's (GET /api/config): an arena plays in every pool,
    // a Swiss pairs two, and each has the length the server accepts.
    const allowed = siteConfig().tournament;
    const pools = form.kind === 'arena' ? allowed.pools.arena : allowed.pools.swiss;
    const name = el('input', { id: 'tournament-name', maxlength: String(allowed.name_chars), value: form.name, required: '' });
    name.addEventListener('input', () => choose({ name: /** @type {HTMLInputElement} */ (name).value }));
    const minutes = { min: String(Math.max(1, Math.ceil(allowed.arena_seconds.min / 60))), max: String(Math.floor(allowed.arena_seconds.max / 60)) };
    const length = form.kind === 'arena'
        ? field(t('tournament.minutes'), el('input', { id: 'tournament-minutes', type: 'number', ...minutes, value: form.minutes }))
        : field(t('tournament.rounds'), el('input', { id: 'tournament-rounds', type: 'number', min: String(allowed.rounds.min),
            max: String(allowed.rounds.max), value: form.rounds }));
    length.querySelector('input')?.addEventListener('input', (e) => {
        const value = /** @type {HTMLInputElement} */ (e.target).value;
        choose(form.kind === 'arena' ? { minutes: value } : { rounds: value });
    });
    const rated = el('input', { type: 'checkbox', id: 'tournament-rated' });
    rated.checked = form.rated;
    rated.addEventListener('change', () => choose({ rated: rated.checked }));
    const create = el('form', { id: 'tournament-form', class: 'seek-form' },
        field(t('tournament.name'), name),
        field(t('tournament.kind'), select('tournament-kind', [['arena', t('tournament.arena')], ['swiss', t('tournament.swiss')]], form.kind,
            (v) => choose({ kind: v }))),
        field(t('lobby.pool'), select('tournament-pool', pools.map((p) => [p, poolName(p)]),
            choice(pools, form.pool), (v) => choose({ pool: v }))),
        field(t('lobby.time'), select('tournament-time', allowed.times.map((p) => [p, presetLabel(p)]), choice(allowed.times, form.preset),
            (v) => choose({ preset: v }))),
        length,
        el('div', { class: 'check' }, rated, el('label', { for: 'tournament-rated' }, t('lobby.rated'))),
        el('div', { class: 'form-bar' }, el('button', { type: 'submit', class: 'primary', id: 'tournament-create' }, t('tournament.create'))));
    create.addEventListener('submit', (e) => {
        e.preventDefault();
        const f = store.get().form;
        const pool = choice(f.kind === 'arena' ? allowed.pools.arena : allowed.pools.swiss, f.pool);
        createTournament({ name: f.name, kind: f.kind, pool, clock: clockForTime(choice(allowed.times, f.preset)), rated: f.rated,
            minutes: Number(f.minutes), rounds: Number(f.rounds) })
            .then((v) => { location.hash = `#/tournament/${encodeURIComponent(v.id)}`; }, (err) => store.set({ alert: errorText(err) }));
    });
    view.replaceChildren(el('h1', { id: 'tournament-title' }, t('tournament.title')), alert, rows, more,
        isLoggedIn(session.get()) ? el('section', { class: 'panel' }, el('h2', {}, t('tournament.new')), create)
            : el('p', { class: 'note' }, t('tournament.loginToCreate')));
}
