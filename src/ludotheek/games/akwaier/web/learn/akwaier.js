// Akwaier for the coach: where a place is (a cell, a panel), what to click next for a move
// (a tile, then Place, or "Found a chain" and the chain; the survivor on a tie; the shares
// to buy), and the coach's words for another move's facts.
import { money } from "../../games/akwaier/format.js";

const q = (root, sel) => root.querySelector(sel);

export function locate(root, place) {
  if (/^[A-O]\d+$/.test(place)) return q(root, `#cell-${place}`);
  return q(root, `#${place}`);
}

export function nextTarget(root, move) {
  const w = move.split(" ");
  if (w[0] === "buy") return q(root, w[1] === "none" ? "#buy-none" : `#buy-${w[1]}-${w[2]}`);
  if (w[0] === "keep") return q(root, `#keep-${w[1]}`);
  if (move === "pass") return q(root, "#act-pass");
  const [cell, chain] = move.split("+");
  const tile = q(root, `#akw-hand [data-cell="${cell}"]`);
  if (!tile) return null;
  if (tile.getAttribute("aria-pressed") !== "true") return tile;
  if (!chain) return q(root, "#act-place");
  return q(root, `#found-${chain}`) || q(root, "#act-found");
}

// A move's facts in words: what it would do (``facts``, for a move not chosen) or, for the
// hint's own move, what to do (``hint.do``).
function said(f, t, part = "facts") {
  const key = part === "facts" ? `learn_akwaier.facts.${f.kind}` : `learn_akwaier.hint.do.${f.kind}`;
  if (f.kind === "pass") return t(key);
  const chains = (f.chains || f.tied || []).join(", ");
  return t(key, { ...f, chains, gets: money(f.gets || 0), cost: money(f.cost || 0) });
}

export function wordFacts(facts, t) {
  if (!facts.move) return "";
  return `${said(facts.move, t)} ${said(facts.expected, t)}`;
}

export function wordHint(f, t) {
  const parts = [said(f, t, "hint")];
  if (f.wealth !== undefined) parts.push(t("learn_akwaier.hint.wealth", { wealth: money(f.wealth) }));
  if (f.next) parts.push(t("learn_akwaier.hint.next", { next: said(f.next, t), wealth: money(f.next_wealth) }));
  return parts.join(" ");
}

export function hintPlaces(root, move, view, f) {
  if (f.cell) return [locate(root, f.cell)];
  if (f.kind === "buy") return [q(root, `#buy-${f.chain}-${f.n}`)];
  if (f.kind === "keep") return [q(root, `#keep-${f.chain}`)];
  return [];
}

// Where a move is on the board (its cell), ringed while a note about it is shown.
export function movePlaces(root, move) {
  const cell = move.split("+")[0];
  return /^[A-O]\d+$/.test(cell) ? [locate(root, cell)] : [];
}

export function wordNote(note, t, view) {
  const p = note.params || {};
  const name = (view.names && view.names[p.seat]) || p.name;
  return t("learn_akwaier.note.pays_others", { name, other: money(p.other), mine: money(p.mine), chains: (p.absorbed || []).join(", ") });
}
