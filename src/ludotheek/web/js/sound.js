// The site's sounds, one module and one mute setting for every page: play("turn"),
// play("join"), ... Each sound is a few tones made with the Web Audio API (no files). Nothing
// sounds before the person has touched the page (a browser refuses it anyway, and a page that
// beeps by itself is rude), nor while the sound is off (remembered on the device under
// "ludotheek.sound": "off" or "on").
const KEY = "ludotheek.sound";

// each sound: [frequency Hz, start s, length s], played softly
const SOUNDS = {
  turn: [[660, 0, 0.12], [880, 0.13, 0.16]],
  join: [[523, 0, 0.1], [659, 0.1, 0.1], [784, 0.2, 0.16]],
  back: [[587, 0, 0.1], [784, 0.11, 0.14]],
  gone: [[523, 0, 0.12], [392, 0.13, 0.18]],
  move: [[440, 0, 0.06]],
};

let context = null;
let touched = false;

function wake() {
  touched = true;
  if (context && context.state === "suspended") context.resume().catch(() => {});
}
for (const kind of ["pointerdown", "keydown"]) window.addEventListener(kind, wake, { capture: true, passive: true });

export function muted() { return localStorage.getItem(KEY) === "off"; }

export function setMuted(on) {
  localStorage.setItem(KEY, on ? "off" : "on");
  document.dispatchEvent(new CustomEvent("soundchange", { detail: !on }));
}

// Plays the sound `name` (a name it does not know plays nothing); whether it could.
export function play(name) {
  const tones = SOUNDS[name];
  if (!tones || muted() || !touched) return false;
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return false;
  try {
    context = context || new Audio();
    const now = context.currentTime + 0.02;
    for (const [frequency, start, length] of tones) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.12, now + start + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(context.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
    document.dispatchEvent(new CustomEvent("soundplayed", { detail: name }));
    return true;
  } catch { return false; }
}
