// The game page's part of learning to play: "How to play" in the header, opened over the
// game at any moment without leaving it; the Hint box where the eye is (under the status
// line, above the board); a hint in words of the page's language (from the facts the server
// gives with it) and drawn on the board (rings on the shark and its hex, the cup, the cell,
// the worker, builder and square).
import { el, loadStylesheet } from "../ui.js";
import { setWarnings, warningsOn } from "./advice.js";
import { howtoButton, learnable } from "./howto.js";
import { Marker } from "./marks.js";

let guide = null;
let guideLoading = null;   // the guide's import: a hint that comes before it waits for it
let marker = null;

export async function mountLearn(game, t) {
  loadStylesheet("learn");
  const box = document.getElementById("hint-box");
  const status = document.getElementById("status");
  if (box && status) { status.after(box); box.classList.add("learn-hint-box"); }
  guideLoading = import(`./games/${game}.js`).catch(() => null);
  guide = await guideLoading;
  showLegend(t);   // the board may already show what the guide's legend explains
  const known = (await learnable())[game] || {};
  if (known.advice) warningsToggle(t);
  if (!known.howto) return;
  const place = () => {
    const old = document.getElementById("howto-button");
    const button = howtoButton(game, t, { id: "howto-button" });
    if (old) old.replaceWith(button); else document.getElementById("title").after(button);
  };
  place();
  document.addEventListener("languagechange", place);
}

// Once the game's guide has come (or failed to): a hint is worded and ringed by it, so one
// that arrives first (a quick answer, a slow module) is not shown in the player's English.
export function guideReady() { return guideLoading || Promise.resolve(null); }

// The hint's sentence in the page's language (the player's own English sentence when the
// game gives no facts).
export function hintWords(hint, view, t) {
  const move = t("game.hint_move", { move: hint.move });
  if (!guide || !guide.wordHint || !hint.facts || !Object.keys(hint.facts).length) {
    return `${move} ${hint.reason || ""}`.trim();
  }
  try { return guide.wordHint(hint.facts, t, view); } catch (err) { console.error(err); return move; }
}

// Rings on the board where the hinted move is, until the position changes (clearHint).
export function markHint(hint, view) {
  if (!guide || !guide.hintPlaces) return;
  if (!marker) marker = new Marker(document.body);
  const board = document.getElementById("board");
  marker.set({ places: () => guide.hintPlaces(board, hint.move, view, hint.facts || {}) });
}

export function clearHint() { if (marker) marker.clear(); }

// "Warn me before a risky move" (on unless switched off; remembered).
function warningsToggle(t) {
  const box = el("input", { type: "checkbox", id: "learn-warnings", checked: warningsOn(),
    onchange: () => setWarnings(box.checked) });
  const text = el("span", { text: t("learn.warnings") });
  const label = el("label", { class: "learn-warn-toggle", for: "learn-warnings" }, box, " ", text);
  const side = document.getElementById("side");
  if (side) side.append(label);
  document.addEventListener("languagechange", () => { text.textContent = t("learn.warnings"); });
}

// A line under the Hint box saying what the board shows from the shell's advice (Haaienzee's
// numbers on the free hexes in the setup), while it shows it: the guide's legend(board).
// The renderer redraws the board by itself too (Haaienzee's colour and facing buttons), so the
// line follows the board's changes, not only the shell's views.
let legendWatch = null;
function watchLegend(board, t) {
  let queued = false;
  legendWatch = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; showLegend(t); });
  });
  legendWatch.observe(board, { childList: true, subtree: true });
}

export function showLegend(t) {
  const board = document.getElementById("board");
  if (board && !legendWatch) watchLegend(board, t);
  let key = null;
  try { key = guide && guide.legend && board ? guide.legend(board) : null; } catch (err) { console.error(err); }
  let node = document.getElementById("learn-legend");
  if (!key) { if (node) node.remove(); return; }
  if (!node) {
    node = el("p", { id: "learn-legend", class: "learn-legend" });
    board.after(node);   // under the board: it must not push the board out of a phone's screen
  }
  node.textContent = t(key);
}
