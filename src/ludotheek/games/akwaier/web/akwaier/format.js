// Small helpers of the Akwaier page: numbers, lists, the view's facts.
import { language } from "../../i18n.js";
import { loadStylesheet } from "../../ui.js";

export const CHAINS = "ABCDEFGH";

let formatter = null;
let formatterLang = null;

// 16.900 (nl), 16,900 (en)
export function money(n) {
  const lang = language();
  if (formatterLang !== lang) {
    formatter = new Intl.NumberFormat(lang === "nl" ? "nl-NL" : "en-GB", { maximumFractionDigits: 0 });
    formatterLang = lang;
  }
  return formatter.format(n);
}

// "A, B and C" / "A, B en C"
export function list(items, t) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")}${t("akwaier.and")}${items[items.length - 1]}`;
}

// whose move the view waits for, as a name
export function moverName(view) {
  return view.to_move === null ? "" : seatName(view, view.to_move);
}

// The name the page shows for seat `i` (the shell's: a person's own name, a computer's level,
// js/names.js), else the game's own name for the seat (OPA, OMA, ...).
export function seatName(view, i) {
  return (view.names && view.names[i]) || view.state.names[i];
}

// Whether this page's own seat is a person's who gave no name: the page then says "you" to
// them, not the game's name for the seat ("GRANDPA, choose a tile"; issue 38, item 11); the
// players' table still names the seat as the 1987 game did, marked "(you)".
export function unnamedHere(view) {
  const seat = view.seat === null || view.seat === undefined ? null : (view.seats || [])[view.seat];
  return Boolean(seat && seat.type === "person" && !seat.name);
}

// the cells the last move put on the board (to mark them)
export function lastCells(events) {
  const cells = new Set();
  for (const e of events || []) if ((e.type === "place" || e.type === "found") && e.cell) cells.add(e.cell);
  return cells;
}

// what a held seat may do: the view's legal moves (empty when it is not this page's turn)
export function mine(view) {
  return Array.isArray(view.legal_moves) && view.legal_moves.length > 0;
}

export function retro() {
  return document.body.classList.contains("akw-retro");
}

// the page's own stylesheet (also for its dialogs when the lobby opens them)
export function stylesheet() {
  return loadStylesheet("akwaier");
}
