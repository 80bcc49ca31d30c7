// SPDX-License-Identifier: MIT
// Optional move sounds: a short WebAudio beep, off by default and remembered per browser. The
// audio context is created on first use, after a user gesture, as browsers require.
const Key = 'reversi.sound';
let context = null;

export function soundOn() {
    return localStorage.getItem(Key) === 'on';
}

export function setSound(on) {
    localStorage.setItem(Key, on ? 'on' : 'off');
    if (on) beep(880);
}

// Plays a 80 ms tone at `freq` Hz when sound is on and the browser allows it.
export function beep(freq) {
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
