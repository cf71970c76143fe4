// Warnings and notes before a move (GET /api/games/<id>/advice): the page asks about the
// move a person is about to make and, when the game has a word on it (a shark left with
// nothing in reach, an opponent who could then end the game, a merger or a closing that
// pays another player more), asks beside the place it is about (where the finger just was)
// with "Do it" and "Choose again". And what a page shows while choosing (Haaienzee's first
// catch from every spot of the setup, why a place cannot be played), fetched once per
// position for the renderer (ctx.advice(view)).
import { api } from "../api.js";
import { placeNear } from "../near.js";
import { el } from "../ui.js";
import { learnable } from "./howto.js";
import { Marker } from "./marks.js";

const ASK_MS = 2500;   // a note that takes longer than this is not waited for
const KEY = "ludotheek.warnings";   // "0": no words before a move (the page's checkbox; tests)

export function warningsOn() { return localStorage.getItem(KEY) !== "0"; }
export function setWarnings(on) { localStorage.setItem(KEY, on ? "1" : "0"); }

// position(view) -> the position's advice when known (else null: it is fetched, and
// refresh() draws again when it comes); source(view) -> {key, path, token} or null.
export function positionAdvice(source, refresh) {
  const known = new Map();
  return (view) => {
    const where = source(view);
    if (!where) return null;
    if (!known.has(where.key)) {
      known.set(where.key, null);
      api.get(where.path, where.token)
        .then((res) => { known.set(where.key, res.position || {}); refresh(); })
        .catch(() => {});
    }
    return known.get(where.key);
  };
}

let guide = null;
let words = null;

// Before a move: the notes, and whether to make it. ``ask`` is {gameId, token, t, view}.
export async function confirmMove(game, move, ask) {
  // no notes while the engine may not help (a rated game, a game between people: they weigh
  // the move against the others, server/api/advice.py)
  if (!warningsOn() || ask.view.engine_help === false || !(await learnable())[game]?.advice) return true;
  let res = null;
  try {
    res = await Promise.race([
      api.get(`/api/games/${ask.gameId}/advice?move=${encodeURIComponent(move)}`, ask.token),
      new Promise((resolve) => { setTimeout(() => resolve(null), ASK_MS); })]);
  } catch { return true; }
  if (!res || !res.notes || !res.notes.length) return true;
  if (!guide) { try { guide = await import(`./games/${game}.js`); } catch { guide = {}; } }
  const text = res.notes.map((n) => (guide.wordNote ? guide.wordNote(n, ask.t, ask.view) : n.code)).join(" ");
  // while the words are shown, the move they are about is ringed on the board
  const board = document.getElementById("board");
  const places = guide.movePlaces && board ? () => guide.movePlaces(board, move, ask.view) : null;
  return decide(text, ask.t, places);
}

let marker = null;

function decide(text, t, places) {
  if (words) words.remove();
  if (!marker) marker = new Marker(document.body);
  marker.set({ places });
  return new Promise((resolve) => {
    const done = (go) => { box.remove(); words = null; marker.clear(); resolve(go); };
    const back = el("button", { type: "button", class: "primary", id: "warning-back", text: t("learn.note_back"), onclick: () => done(false) });
    const go = el("button", { type: "button", id: "warning-go", text: t("learn.note_go"), onclick: () => done(true) });
    const box = el("div", { class: "learn-warning", id: "learn-warning", role: "alertdialog", "aria-live": "assertive", "aria-labelledby": "learn-warning-text" },
      el("p", { id: "learn-warning-text", text }), el("div", { class: "learn-warning-buttons" }, back, go));
    box.addEventListener("keydown", (ev) => { if (ev.key === "Escape") done(false); });
    words = box;
    // the question where the finger is: beside the place it is about (a page with no such
    // place: under the status line)
    const near = firstPlace(places);
    if (near) {
      box.classList.add("near");
      bringIntoSight(places);
      document.body.append(box);
      placeNear(box, near);
    } else {
      const status = document.getElementById("status");
      (status || document.body.firstElementChild).after(box);
      requestAnimationFrame(() => bringIntoSight(places));
    }
    back.focus({ preventScroll: true });
  });
}

function firstPlace(places) {
  try { return (places ? places().filter(Boolean) : [])[0] || null; } catch { return null; }
}

// On a phone the words push the board down, and the place they are about may go below the
// screen's edge: the page scrolls just enough to show it (the words stay at the top: sticky).
function bringIntoSight(places) {
  let nodes = [];
  try { nodes = places ? places().filter(Boolean) : []; } catch { nodes = []; }
  const below = Math.max(0, ...nodes.map((n) => n.getBoundingClientRect().bottom - window.innerHeight));
  if (below > 0) window.scrollBy({ top: below + 24, behavior: "instant" });
}
