// Aqua Romana for the coach: where a place is (a square, a track space, a worker, a podium,
// a reservoir), what to click next for a move the page makes in several choices (a worker,
// a builder, a kind, the rotation, Lay; a kind and a space; a bonus tile's kind, rotation
// and square), and the coach's words for another move's facts. The page's choices show in
// its DOM: the step (`#aq-board[data-select]`) and the ghost tile's move (`data-move`).
import { kindName, workerName } from "../../games/aqua_romana/format.js";

const q = (root, sel) => root.querySelector(sel);
const pressed = (node) => node && node.getAttribute("aria-pressed") === "true";

export function locate(root, place) {
  if (/^T\d+$/.test(place)) return q(root, `#space-${place.slice(1)}`);
  if (/^[a-k][1-8]$/.test(place)) return q(root, `#sq-${place}`);
  if (/^(blue|yellow|green|red)\d$/.test(place)) return q(root, `#worker-${place}`);
  return q(root, `#${place}`);
}

function stage(root) {
  const board = q(root, "#aq-board");
  return board ? board.dataset.select || "" : "";
}

function build(root, w) {
  const [worker, space, kind, square] = w;
  const st = stage(root);
  if (st === "worker") return q(root, `#choose-${worker}`) || q(root, `#worker-${worker}`);
  if (st === "builder") return q(root, `#space-${space.slice(1)}.lit`) || q(root, "#aq-back");
  if (st === "kind") return q(root, `#kind-${kind}`) || q(root, "#aq-back");
  if (st === "tile") {
    const ghost = q(root, "g.ghost.hot");
    if (!ghost) return null;
    const g = ghost.dataset.move.split(" ");
    if (ghost.dataset.move === w.join(" ")) return q(root, "#aq-place");
    if (g.slice(0, 4).join(" ") === [worker, space, kind, square].join(" ")) return q(root, "#aq-rotate");
    return q(root, "#aq-back");
  }
  return null;
}

export function nextTarget(root, move) {
  const w = move.split(" ");
  if (w[0] === "place") {
    const kindBtn = q(root, `#place-kind-${w[1]}`);
    if (kindBtn && !pressed(kindBtn)) return kindBtn;
    return q(root, `#space-${w[2].slice(1)}`);
  }
  if (w[0] === "move") return q(root, `#space-${w[1].slice(1)}`);
  if (w[0] === "close") return q(root, w[1] === "none" ? "#close-none" : `#close-${w[1]}`);
  if (w[0] === "pick") return q(root, w[1] === "none" ? "#pick-none" : `#pick-${w[1]}`);
  if (w[0] === "bonus") {
    if (stage(root) === "kind") return q(root, `#bonus-kind-${w[1]}`);
    const ghost = q(root, `#ghost-${w[2]}`);
    if (!ghost) return q(root, "#aq-back");
    if (ghost.dataset.move === move) return ghost;
    return ghost.dataset.move.split(" ")[1] === w[1] ? q(root, "#aq-rotate") : q(root, "#aq-back");
  }
  return build(root, w);
}

export function wordFacts(facts, t) {
  if (!facts.move) return "";
  return t("learn_aqua_romana.facts.build", { added: facts.move.added, gain: facts.move.gain,
    expected_added: facts.expected.added, expected_gain: facts.expected.gain });
}

export function wordHint(f, t) {
  const kind = (k) => kindName(t, k);
  let what;
  if (f.kind === "build") what = t("learn_aqua_romana.hint.build", { worker: workerName(t, f.worker), space: f.space, tile: kind(f.tile), where: f.where, rotation: f.rotation });
  else if (f.kind === "bonus") what = t("learn_aqua_romana.hint.bonus", { tile: kind(f.tile), where: f.where, rotation: f.rotation });
  else if (f.kind === "place") what = t("learn_aqua_romana.hint.place", { tile: kind(f.tile), where: f.where });
  else if (f.kind === "move") what = t("learn_aqua_romana.hint.move", { space: f.what });
  else if (f.kind === "pick") what = f.what === "none" ? t("learn_aqua_romana.hint.pick_none") : t("learn_aqua_romana.hint.pick", { tile: kind(f.what) });
  else what = f.what === "none" ? t("learn_aqua_romana.hint.keep") : t("learn_aqua_romana.hint.close", { worker: workerName(t, f.what) });
  const parts = [what];
  if (f.added) parts.push(t(f.added === 1 ? "learn_aqua_romana.hint.added_one" : "learn_aqua_romana.hint.added", { n: f.added }));
  if (f.gain) parts.push(t(f.gain === 1 ? "learn_aqua_romana.hint.gain_one" : "learn_aqua_romana.hint.gain", { n: f.gain }));
  // the aqueducts the move closes (a closing of one's own aqueduct says it already)
  const closes = (f.closes || []).filter((w) => f.kind !== "close" || w !== f.what);
  if (closes.length) parts.push(t("learn_aqua_romana.hint.closes", { workers: closes.map((w) => workerName(t, w)).join(", ") }));
  return parts.join(" ");
}

export function hintPlaces(root, move, view, f) {
  if (f.kind === "build") return [locate(root, f.worker), locate(root, f.space), locate(root, f.where)];
  if (f.kind === "bonus") return [locate(root, f.where)];
  if (f.kind === "place" || f.kind === "move") return [locate(root, f.kind === "move" ? f.what : f.where)];
  if (f.kind === "close" && f.what !== "none") return [locate(root, f.what)];
  return [];
}

// Where a move is on the board, ringed while a note about it is shown: a build's square and
// its worker, a bonus tile's square, a builder's track space, the worker a closing closes.
export function movePlaces(root, move) {
  const w = move.split(" ");
  if (w[0] === "bonus") return [locate(root, w[2])];
  if (w[0] === "place") return [locate(root, w[2])];
  if (w[0] === "move") return [locate(root, w[1])];
  if (w[0] === "close" || w[0] === "pick") return w[0] === "close" && w[1] !== "none" ? [locate(root, w[1])] : [];
  return w.length === 5 ? [locate(root, w[3]), locate(root, w[0])] : [];
}

export function wordNote(note, t, view) {
  const p = note.params || {};
  if (note.code.endsWith(".closes_for_zero")) {
    return t("learn_aqua_romana.note.closes_for_zero", { worker: workerName(t, p.worker), length: p.length });
  }
  const name = (view.names && view.names[p.seat]) || "";
  if (p.closes && p.closes.length) {
    return t("learn_aqua_romana.note.closes_theirs", { name, workers: p.closes.map((w) => workerName(t, w)).join(", ") });
  }
  return t("learn_aqua_romana.note.pays_others", { name, theirs: p.theirs, mine: p.mine });
}
