// Words near the finger: what a first tap would do, why a place cannot be played, or a
// question before a risky move, in a box beside the place just tapped (above it where there is
// room, else below it), where the eye is, not in a line far from the board. One note at a
// time; a note of words only lets taps through (the place under it can still be tapped), a
// question is a box of its own with buttons (js/learn/advice.js). docs/web.md, "Taps".
import { el } from "./ui.js";

const GAP = 10;
let note = null;
let timer = null;

// Put `node` (absolutely positioned, in the page) beside `target`'s box.
export function placeNear(node, target) {
  const r = target.getBoundingClientRect();
  const n = node.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  let top = r.top - n.height - GAP;
  if (top < 4) top = r.bottom + GAP;
  if (top + n.height > window.innerHeight - 4 && r.top - n.height - GAP >= 4) top = r.top - n.height - GAP;
  const left = Math.min(Math.max(4, r.left + r.width / 2 - n.width / 2), Math.max(4, width - n.width - 4));
  node.style.top = `${Math.round(top + window.scrollY)}px`;
  node.style.left = `${Math.round(left + window.scrollX)}px`;
  node.dataset.below = String(top > r.top);
}

// Say `text` beside `target` (kind "show": what a tap would do; "why": why it cannot be).
export function sayNear(target, text, { kind = "show", ms = 0 } = {}) {
  clearNear();
  if (!target || !target.isConnected || !text) return null;
  note = el("div", { class: `tap-note ${kind}`, id: "tap-note", role: "status", "aria-live": "polite", text });
  document.body.append(note);
  placeNear(note, target);
  if (ms) timer = setTimeout(clearNear, ms);
  return note;
}

export function clearNear() {
  clearTimeout(timer);
  timer = null;
  if (note) note.remove();
  note = null;
}

// A note on a board that is drawn again goes with the board's old self.
window.addEventListener("resize", clearNear);
