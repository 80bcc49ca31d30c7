// SPDX-License-Identifier: MIT
// The lobby's open offers ("seeks"): the filters, the live list (my own with Cancel, the others
// with Accept, a rated one disabled for a visitor not logged in), its pages when it does not
// fit on one, and the form to post a seek. Each draws from the view's store into its own box.
import { t, colourName, describeSetup } from '../../lib/i18n.js';
import { el, field, select } from '../../lib/dom.js';
import { afterName } from '../../components/bot-mark.js';
import { allPools, choice, siteConfig, clockLabel, poolName, presetLabel, presetOf, ratingText } from '../../lib/pools.js';

/** @typedef {import('../../lib/store.js').Store<import('./lobby.js').LobbyState>} LobbyStore */
/** @typedef {import('./actions.js').LobbyActions} LobbyActions */

/** The filter a seek's clock falls under: a time control of the site's, or 'other'. @param {import('../../lib/protocol.js').Clock} clock */
const timeOf = (clock) => presetOf(clock) ?? 'other';

// A seek's board and variant, a correspondence seek's (pool "8x8-corr") as a live one's.
/** @param {import('../../lib/protocol.js').Seek} seek */
const seekBoard = (seek) => {
    const pool = (seek.pool || '').replace(/-corr$/, '');
    return allPools().includes(pool) ? poolName(pool) : describeSetup(seek.setup);
};

/** @param {HTMLElement} host @param {LobbyStore} store @param {LobbyActions} act */
export function renderFilters(host, store, act) {
    const { filters } = store.get();
    /** @type {[string, string][]} */
    const all = [['all', t('lobby.all')]];
    host.replaceChildren(
        field(t('lobby.pool'), select('filter-pool', [...all, ...allPools().map((p) => [p, poolName(p)])], filters.pool,
            (v) => act.filter({ pool: v }))),
        field(t('lobby.time'), select('filter-time', [...all, ...siteConfig().offers.times.map((p) => [p, presetLabel(p)]),
            ['other', t('lobby.otherTime')]], filters.time, (v) => act.filter({ time: v }))),
        field(t('lobby.kind'), select('filter-rated', [...all, ['rated', t('lobby.rated')], ['casual', t('lobby.casual')]],
            filters.rated, (v) => act.filter({ rated: v }))));
}

/** Previous and next page of seeks, when they do not fit on one. @param {LobbyStore} store @param {LobbyActions} act */
function seekPager(store, act) {
    const { offset, total, perPage } = store.get().session.seekPage;
    if (total <= perPage && offset === 0) return '';
    const pages = Math.max(1, Math.ceil(total / perPage));
    const page = Math.min(pages, Math.floor(offset / perPage) + 1);
    const prev = el('button', { type: 'button', id: 'seeks-prev' }, t('lobby.pagePrev'));
    const next = el('button', { type: 'button', id: 'seeks-next' }, t('lobby.pageNext'));
    prev.disabled = offset === 0;
    next.disabled = offset + perPage >= total;
    prev.addEventListener('click', () => act.seekPage(offset - perPage));
    next.addEventListener('click', () => act.seekPage(offset + perPage));
    return el('div', { class: 'form-bar pager' }, prev, el('span', { id: 'seeks-page' }, t('lobby.pageOf', { page, pages })), next);
}

/** @param {HTMLElement} host @param {LobbyStore} store @param {LobbyActions} act */
export function renderSeeks(host, store, act) {
    const { session: { me, seeks: all, connected }, filters } = store.get();
    const shown = [...all.values()].filter((s) =>
        (filters.pool === 'all' || s.pool === filters.pool)
        && (filters.time === 'all' || timeOf(s.clock) === filters.time)
        && (filters.rated === 'all' || (filters.rated === 'rated') === Boolean(s.rated)))
        .sort((a, b) => (b.created || 0) - (a.created || 0));
    if (!connected) {
        host.replaceChildren(el('p', { class: 'note' }, t('lobby.connecting')));
        return;
    }
    if (!shown.length) {
        host.replaceChildren(el('p', { class: 'note', id: 'no-seeks' }, t('lobby.noSeeks')), seekPager(store, act));
        return;
    }
    host.replaceChildren(el('ul', { class: 'rows seeks' }, shown.map((s) => {
        const own = Boolean(me && s.player === me.name);
        const button = el('button', { type: 'button', class: own ? '' : 'primary',
            id: `${own ? 'cancel' : 'accept'}-${s.id}` }, own ? t('lobby.cancelSeek') : t('lobby.accept'));
        button.addEventListener('click', () => act.answerSeek(s, own));
        if (!own && s.rated && !act.loggedIn()) {
            button.disabled = true;
            button.title = t('lobby.ratedNeedsLogin');
        }
        return el('li', { class: 'seek-row' + (own ? ' own' : ''), 'data-seek': s.id },
            el('span', { class: 'who' }, el('a', { href: `#/player/${encodeURIComponent(s.player)}` }, s.player),
                ...afterName(s.bot), ' ', s.rating === null || s.rating === undefined ? ''
                    : el('span', { class: 'rating' }, ratingText({ rating: s.rating, provisional: s.provisional }))),
            el('span', { class: 'what' }, `${seekBoard(s)} · ${clockLabel(s.clock)}`),
            el('span', { class: 'state' }, `${s.rated ? t('lobby.rated') : t('lobby.casual')} · ${t(`lobby.as.${s.seat}`)}`),
            button);
    })), seekPager(store, act));
}

/** The form to post a seek (its submit is the view's). @param {HTMLFormElement} host @param {LobbyStore} store @param {LobbyActions} act */
export function renderPostForm(host, store, act) {
    const { seekForm } = store.get();
    const loggedIn = act.loggedIn();
    const rated = el('input', { type: 'checkbox', id: 'seek-rated' });
    rated.checked = seekForm.rated && loggedIn;
    rated.disabled = !loggedIn;
    rated.addEventListener('change', () => act.seekChoice({ rated: rated.checked }));
    const post = el('button', { type: 'submit', class: 'primary', id: 'post-seek' }, t('lobby.post'));
    const { offers } = siteConfig();
    host.replaceChildren(
        field(t('lobby.pool'), select('seek-pool', offers.pools.map((p) => [p, poolName(p)]), choice(offers.pools, seekForm.pool),
            (v) => act.seekChoice({ pool: v }))),
        field(t('lobby.time'), select('seek-time', offers.times.map((p) => [p, presetLabel(p)]), choice(offers.times, seekForm.preset),
            (v) => act.seekChoice({ preset: v }))),
        field(t('lobby.colour'), select('seek-seat', [['random', t('landing.random')], ['black', colourName(0)], ['white', colourName(1)]],
            seekForm.seat, (v) => act.seekChoice({ seat: v }))),
        el('div', { class: 'check' }, rated, el('label', { for: 'seek-rated' }, t('lobby.rated')),
            loggedIn ? '' : el('span', { class: 'note' }, ` ${t('lobby.ratedNeedsLogin')}`)),
        el('div', { class: 'form-bar' }, post));
}
