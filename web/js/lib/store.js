// SPDX-License-Identifier: MIT
// The one kind of changeable state the client keeps: a store. A store holds a plain object that
// is replaced, never changed in place: set() merges a patch into a new object and tells the
// subscribers (state, previous state) when any field changed, so a view can redraw only the
// parts whose fields are no longer the same object. Views draw from their store alone.

/**
 * @template T
 * @typedef {object} Store
 * @property {() => T} get the current state
 * @property {(patch: Partial<T>) => void} set merges `patch` into a new state
 * @property {(fn: (state: T) => Partial<T>) => void} update set(fn(current state))
 * @property {(fn: (state: T, previous: T) => void) => () => void} subscribe calls fn after
 *   every change; returns the function that unsubscribes
 */

/**
 * @template {object} T
 * @param {T} initial
 * @returns {Store<T>}
 */
export function createStore(initial) {
    let state = initial;
    /** @type {Set<(state: T, previous: T) => void>} */
    const listeners = new Set();
    /** @param {Partial<T>} patch */
    const set = (patch) => {
        const keys = /** @type {(keyof T)[]} */ (Object.keys(patch));
        if (!keys.some((k) => patch[k] !== state[k])) return;
        const previous = state;
        state = { ...state, ...patch };
        for (const fn of [...listeners]) {
            try {
                fn(state, previous);
            } catch (e) {
                // One view's bug must not stop the others from hearing the change.
                setTimeout(() => { throw e; });
            }
        }
    };
    return {
        get: () => state,
        set,
        update: (fn) => set(fn(state)),
        subscribe(fn) {
            listeners.add(fn);
            return () => { listeners.delete(fn); };
        },
    };
}

/**
 * Keeps the fields `pick` takes from `source` in `target` (a view's store mirrors the session
 * store's fields it draws from); returns the function that stops.
 * @template {object} S
 * @template {object} T
 * @param {Store<S>} source
 * @param {Store<T>} target
 * @param {(state: S) => Partial<T>} pick
 */
export function mirror(source, target, pick) {
    target.set(pick(source.get()));
    return source.subscribe((s) => target.set(pick(s)));
}
