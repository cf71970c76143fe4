// Keep the whole board and the controls of the current step in view together, on a phone, a
// tablet and a desktop. A renderer marks its board (an SVG with a viewBox) with `data-fit` and
// what must stay visible under it (the hand, the buttons of the step, the board's frame) with
// `data-keep`; the page above it (header, status, a step strip above the board) pushes it down
// by itself. The board then gets the largest max-height that leaves all of it in the viewport
// when the page is scrolled to the top, never less than MIN_SHARE of the viewport's height
// nor MIN_PX (a phone held sideways scrolls rather than showing a stamp-sized board). A board
// that is not what the player taps in the current step (Akwaier while buying: only its buttons
// are) says how small it may get instead, in px: `data-fit-min`, so that those buttons stay in
// view with it.
const MIN_SHARE = 0.3;
const MIN_PX = 200;
const MARGIN = 8;          // px left free under the lowest kept element
let pending = false;
let observer = null;

function visible(node) {
  return node.isConnected && node.getClientRects().length > 0;
}

// An element's box where the page's flow puts it: one that sticks to the screen's edge (the
// guided game's coach on a phone) may be drawn elsewhere, over the board, while the page is
// too long; it is measured in its place.
function inFlow(node) {
  if (getComputedStyle(node).position !== "sticky") return node.getBoundingClientRect();
  const old = node.style.position;
  node.style.position = "relative";
  const r = node.getBoundingClientRect();
  node.style.position = old;
  return r;
}

export function fitNow() {
  pending = false;
  for (const board of document.querySelectorAll("#board [data-fit]")) {   // not the diagrams of a dialog
    if (!visible(board)) continue;
    const rect = board.getBoundingClientRect();
    let below = 0;
    for (const keep of document.querySelectorAll("[data-keep]")) {
      if (!visible(keep) || keep.closest("dialog")) continue;
      const r = inFlow(keep);
      // only what lies under the board (in a column beside it, it needs no room)
      if (r.top >= rect.top && r.left < rect.right && r.right > rect.left) below = Math.max(below, r.bottom - rect.bottom);
    }
    const top = rect.top + window.scrollY;
    const least = Number.parseFloat(board.dataset.fitMin) || Math.max(MIN_PX, window.innerHeight * MIN_SHARE);
    const room = Math.floor(Math.max(least, window.innerHeight - top - below - MARGIN));
    const old = Number.parseFloat(board.style.maxHeight) || 0;
    if (Math.abs(old - room) >= 1) board.style.maxHeight = `${room}px`;
  }
}

// Fit once the code that changed the page has run (many calls, one measurement), before the
// browser draws it: a view or a step is never shown for a frame with the board not yet fitted
// (a taller strip above it pushing it out of view, as a layout test once caught under load).
export function fit() {
  if (pending) return;
  pending = true;
  queueMicrotask(fitNow);
}

// What the ResizeObserver and the window's resize ask for: at the next frame (fitting inside the
// observer's callback would change the size it observes within its own loop).
let framePending = false;
function fitAtFrame() {
  if (framePending) return;
  framePending = true;
  requestAnimationFrame(() => { framePending = false; fitNow(); });
}

// Fit now and whenever the page changes size (a new step, a wrapped line, a rotated phone).
// A renderer that changes what stands above its board outside the shell's update (at the end of
// an animation, a new step of a turn) calls fit() itself.
export function keepFitting(root = document.body) {
  if (!observer && typeof ResizeObserver === "function") {
    observer = new ResizeObserver(fitAtFrame);
    observer.observe(root);
    window.addEventListener("resize", fitAtFrame);
    window.addEventListener("orientationchange", fitAtFrame);
  }
  fitNow();
}
