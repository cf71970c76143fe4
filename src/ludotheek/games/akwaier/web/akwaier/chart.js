// The wealth of every player, turn by turn: one line per player, each with its name at
// its end (colour is never the only cue: the lines also differ in dash pattern).
import { svg } from "../../ui.js";
import { money } from "./format.js";

const W = 640;
const H = 300;
const PAD = { left: 64, right: 92, top: 14, bottom: 30 };
const DASHES = ["", "7 4", "2 3", "10 3 2 3", "4 4", "1 0"];

// The points: the wealth before the first turn, then after every turn of the line of play
// (moves an undo took back are left out). ``moves``: /history entries; ``start``: cash.
export function wealthPoints(moves, start) {
  const points = [Array(6).fill(start)];
  let mover = 0;
  for (const m of moves) {
    if (!m.in_line || m.undo !== null) continue;
    if (m.over || m.to_move !== mover) {
      points.push(m.scores);
      mover = m.to_move;
    }
  }
  return points;
}

export function wealthChart(points, names, t) {
  const turns = points.length - 1;
  const top = Math.max(1, ...points.flat());
  const step = niceStep(top / 4);
  const ymax = Math.ceil(top / step) * step;
  const x = (i) => PAD.left + (turns ? (i / turns) : 0) * (W - PAD.left - PAD.right);
  const y = (v) => H - PAD.bottom - (v / ymax) * (H - PAD.top - PAD.bottom);
  const nodes = [];
  for (let v = 0; v <= ymax; v += step) {
    nodes.push(svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: "grid" }));
    nodes.push(svg("text", { x: PAD.left - 6, y: y(v) + 4, class: "axis", "text-anchor": "end", text: money(v) }));
  }
  const xstep = turns > 150 ? 30 : turns > 60 ? 12 : turns > 20 ? 6 : 1;
  for (let i = 0; i <= turns; i += xstep) {
    nodes.push(svg("text", { x: x(i), y: H - PAD.bottom + 16, class: "axis", "text-anchor": "middle", text: String(i) }));
  }
  nodes.push(svg("text", { x: (PAD.left + W - PAD.right) / 2, y: H - 2, class: "axis", "text-anchor": "middle", text: t("akwaier.chart.turns") }));
  const ends = [];
  for (let s = 0; s < 6; s++) {
    const d = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p[s]).toFixed(1)}`).join(" ");
    nodes.push(svg("path", { d, class: `line p${s}`, "stroke-dasharray": DASHES[s] || null }));
    ends.push({ s, y: y(points[turns][s]) });
  }
  // names at the line ends, pushed apart so that they never overlap and stay inside the
  // chart: down from the top, then back up from the bottom; a short line leads from a line's
  // end to its name where the name had to move
  const GAP = 14;
  const lowest = H - PAD.bottom;
  ends.sort((a, b) => a.y - b.y || a.s - b.s);
  for (const e of ends) e.at = e.y;
  for (let i = 0; i < ends.length; i++) ends[i].y = Math.max(ends[i].y, PAD.top + 4, i ? ends[i - 1].y + GAP : -Infinity);
  for (let i = ends.length - 1; i >= 0; i--) ends[i].y = Math.min(ends[i].y, i < ends.length - 1 ? ends[i + 1].y - GAP : lowest);
  for (const e of ends) {
    if (Math.abs(e.y - e.at) > 2) {
      nodes.push(svg("line", { x1: W - PAD.right, y1: e.at, x2: W - PAD.right + 5, y2: e.y, class: `leader p${e.s}` }));
    }
    nodes.push(svg("text", { x: W - PAD.right + 7, y: e.y + 4, class: `label p${e.s}`, text: names[e.s] }));
  }
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "akw-chart", id: "akw-chart", role: "img",
    "aria-label": t("akwaier.chart.label", { turns }) }, ...nodes);
}

function niceStep(raw) {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}
