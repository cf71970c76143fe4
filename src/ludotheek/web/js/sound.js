// The pages' sounds, one module for all: short tones made here with the Web Audio API (no
// files), one setting for all of them (localStorage "ludotheek.sound": "0" is off, on by
// default), and never a sound before the person has touched the page (a browser refuses an
// AudioContext before that; we do not even ask).
//
//   play(name)        "move" | "capture" | "merger" | "end" | "turn" | "join" | "back" | "gone"
//   muted()           whether the sounds are off (the remembered setting)
//   setMuted(off)     switch them off (true) or on (false), remembered
//   soundOf(view, prev, held)   which sound a new view of a game page makes (the shell's)
//
// Every call of play() dispatches "ludotheek:sound" on the document with {name, played}
// (played: false when muted or not touched yet), which the browser tests listen to.

const KEY = "ludotheek.sound";
let audio = null;     // the AudioContext, made at the first touch
let touched = false;

function touch() {
  if (touched) return;
  touched = true;
  for (const type of ["pointerdown", "keydown"]) document.removeEventListener(type, touch, true);
}
for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, touch, true);

export function muted() { return localStorage.getItem(KEY) === "0"; }

export function setMuted(off) {
  localStorage.setItem(KEY, off ? "0" : "1");
  document.dispatchEvent(new CustomEvent("ludotheek:soundsetting", { detail: { muted: off } }));
}

// the notes of each sound: [start s, frequency Hz, length s, wave, loudness]; soft attacks and
// decays, nothing longer than 0.6 s, loudest at a fifth of full scale
const C5 = 523.25, E5 = 659.25, G5 = 783.99, A5 = 880, C6 = 1046.5, E6 = 1318.5;
const SOUNDS = {
  move: [[0, 392, 0.09, "sine", 0.18], [0, 784, 0.05, "triangle", 0.05]],        // a soft wooden tock
  capture: [[0, E5, 0.1, "triangle", 0.16], [0.08, A5, 0.16, "triangle", 0.16]],  // up a fourth
  merger: [[0, C5, 0.22, "triangle", 0.13], [0.07, E5, 0.22, "triangle", 0.13], [0.14, G5, 0.3, "triangle", 0.13]],
  end: [[0, G5, 0.16, "sine", 0.17], [0.14, E5, 0.16, "sine", 0.17], [0.28, C6, 0.32, "sine", 0.17]],
  turn: [[0, G5, 0.12, "sine", 0.14], [0.1, C6, 0.22, "sine", 0.14]],            // a gentle chime
  join: [[0, C5, 0.1, "sine", 0.14], [0.09, G5, 0.1, "sine", 0.14], [0.18, E6, 0.24, "sine", 0.12]],
  back: [[0, E5, 0.1, "sine", 0.13], [0.1, G5, 0.16, "sine", 0.13]],                // someone is back
  gone: [[0, G5, 0.12, "sine", 0.12], [0.12, E5, 0.2, "sine", 0.1]],                 // someone left: down
};

function tone(ctx, at, [start, freq, length, wave, loud]) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = wave;
  osc.frequency.value = freq;
  const t0 = at + start;
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(loud, t0 + 0.012);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

export function play(name) {
  const notes = SOUNDS[name];
  if (!notes) throw new Error(`no sound ${name}`);
  const played = touched && !muted() && typeof AudioContext !== "undefined";
  if (played) {
    try {
      if (!audio) audio = new AudioContext();
      if (audio.state === "suspended") audio.resume();
      for (const note of notes) tone(audio, audio.currentTime + 0.01, note);
    } catch (err) { console.error(err); }  // a page never fails for a sound
  }
  document.dispatchEvent(new CustomEvent("ludotheek:sound", { detail: { name, played } }));
}

// The sound a game page makes for a newly shown view `view` after `prev` (both the API's views;
// `held`: {seat: token} of the seats played here), or null: "end" when the game has just
// ended; "merger" when the view's events hold a merger; "capture" when its state says the move
// captured (`captured` above 0) or an event ate something (`eaten`) or closed something
// (`closed`); "turn" when a held seat is to move after another person's move (played on
// another device); else "move". Nothing for a view that is not one move on from `prev`.
export function soundOf(view, prev, held = {}) {
  if (!prev || !view || view.version !== prev.version + 1) return null;
  if (view.over && !prev.over) return "end";
  const state = view.state || {};
  const events = Array.isArray(state.events) ? state.events.filter((e) => e && typeof e === "object") : [];
  if (events.some((e) => e.type === "merger")) return "merger";
  if (Number(state.captured) > 0 || events.some((e) => e.type === "closed"
      || (Array.isArray(e.eaten) ? e.eaten.length > 0 : Number(e.eaten) > 0))) return "capture";
  const mover = prev.to_move;
  const seat = mover === null || mover === undefined ? null : (view.seats || [])[mover];
  const mine = view.to_move !== null && held[view.to_move] !== undefined;
  if (mine && seat && seat.type === "person" && held[mover] === undefined) return "turn";
  return "move";
}
