// SPDX-License-Identifier: MIT
// Times as a reader reads them, through Intl in the reader's locale (never hand-written month
// or day names): how long until a moment ("3 h", "25 min") while it is within a day, else its
// weekday and time ("Sat 18:00", or with the date beyond a week), and a countdown ("54:58").
import { getLang } from './i18n.js';

const Minute = 60 * 1000;
const Hour = 60 * Minute;
const Day = 24 * Hour;

/**
 * The reader's locale for the site's language: the browser's own variant of it when it has
 * one (en-GB reads 18:00, en-US 6:00 PM), else the language itself.
 */
export function readerLocale() {
    const lang = getLang();
    const wanted = (typeof navigator !== 'undefined' && navigator.languages) || [];
    return wanted.find((l) => String(l).slice(0, 2).toLowerCase() === lang) || lang;
}

/**
 * How long until `at` (wall ms) from `now`, in one unit: "40 s", "25 min", "3 h" (Intl's
 * narrow or short unit for the locale).
 * @param {number} ms
 */
export function spanText(ms) {
    const [value, unit] = ms < Minute ? [Math.max(1, Math.round(ms / 1000)), 'second']
        : ms < Hour ? [Math.round(ms / Minute), 'minute'] : [Math.round(ms / Hour), 'hour'];
    return new Intl.NumberFormat(readerLocale(), { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

/**
 * When `at` (wall ms) comes, seen from `now`: {in: "3 h"} within a day, else {on: "Sat 18:00"}
 * (with the month and day when it is a week or more away).
 * @param {number} at
 * @param {number} [now]
 * @returns {{in: string} | {on: string}}
 */
export function whenText(at, now = Date.now()) {
    const ahead = at - now;
    if (ahead < Day) return { in: spanText(Math.max(0, ahead)) };
    /** @type {Intl.DateTimeFormatOptions} */
    const options = ahead < 6 * Day ? { weekday: 'short', hour: 'numeric', minute: '2-digit' }
        : { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
    return { on: new Intl.DateTimeFormat(readerLocale(), options).format(new Date(at)) };
}

/**
 * A countdown of `seconds`: "54:58", "1:29:59"; a day or more "2 d 3:04:05" with the
 * locale's narrow day unit.
 * @param {number} seconds
 */
export function countdownText(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
    const h = Math.floor((s % 86400) / 3600);
    const clock = h || s >= 86400 ? `${h}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
    if (s < 86400) return clock;
    const days = new Intl.NumberFormat(readerLocale(), { style: 'unit', unit: 'day', unitDisplay: 'narrow' }).format(Math.floor(s / 86400));
    return `${days} ${clock}`;
}
