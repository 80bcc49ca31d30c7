// SPDX-License-Identifier: MIT
// Optional move sounds: a short WebAudio beep, off by default and remembered per browser
// (preferences.js). Each table view makes its own player; the audio context is created on
// first use, after a user gesture, as browsers require, and closed with the view.
import { preferences, saveSound } from './preferences.js';

export const soundOn = () => preferences.get().sound;

export function createSound() {
    /** @type {AudioContext | null} */
    let context = null;

    /** Plays a 80 ms tone at `freq` Hz when the browser allows it. @param {number} freq */
    function beep(freq) {
        try {
            context = context || new AudioContext();
            const osc = context.createOscillator();
            const gain = context.createGain();
            osc.frequency.value = freq;
            gain.gain.setValueAtTime(0.08, context.currentTime);
            gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.08);
            osc.connect(gain).connect(context.destination);
            osc.start();
            osc.stop(context.currentTime + 0.09);
        } catch {
            // No audio device or no permission: sound is optional.
        }
    }

    return {
        beep,
        /** @param {boolean} on */
        setOn(on) {
            saveSound(on);
            if (on) beep(880);
        },
        close() {
            context?.close().catch(() => {});
            context = null;
        },
    };
}
