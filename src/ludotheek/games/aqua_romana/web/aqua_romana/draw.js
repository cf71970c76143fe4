// Aqua Romana's SVG pieces: tiles with their channels, master builders (an icon of the kind
// they build and its word), workers (a shape per colour with their number, so that colour is
// never the only cue), fountains. Pure drawing: nothing here knows the rules.
import { svg } from "../../ui.js";

export const CELL = 56;
export const SIDES = "NESW";
const DX = [0, 1, 0, -1];
const DY = [-1, 0, 1, 0];

// the owners' colours; each also has a pattern down its channels and a shape for its workers
// green 5:1 under a white number (#2f8a45 was 4.3:1)
export const INK = { blue: "#2f6fb5", green: "#2a7f3f", red: "#c23b33", yellow: "#d9a514" };
export const PALE = { blue: "#dbe7f6", green: "#d9efdd", red: "#f7dcd9", yellow: "#f8edc8" };
const PATTERN = {   // the line down the middle of a channel: stroke, dashes
  blue: ["#ffffff", null],
  green: ["#ffffff", "7 5"],
  red: ["#ffffff", "0.1 5"],
  yellow: ["#4a3a05", "9 4 2 4"],
};
export const SHAPE_OF = { blue: "circle", green: "diamond", red: "square", yellow: "triangle" };
export const NEUTRAL = "#8c99a5";
export const KINDS = ["straight", "curve", "double", "bridge"];
export const BUILDER_KINDS = [...KINDS, "joker"];
// the channels of a builder's icon
const ICON = { straight: "NS", curve: "SE", double: "NE+SW", bridge: "NS+EW" };

function mid(x, y, side, size) {
  return [x + (size / 2) * (1 + DX[side]), y + (size / 2) * (1 + DY[side])];
}

// The path of one channel between sides a and b ("N", "E", ...) of the square at (x, y).
export function channelPath(x, y, sides, size = CELL) {
  const a = SIDES.indexOf(sides[0]);
  const b = SIDES.indexOf(sides[1]);
  const [ax, ay] = mid(x, y, a, size);
  const [bx, by] = mid(x, y, b, size);
  if ((a + 2) % 4 === b) return `M ${ax} ${ay} L ${bx} ${by}`;
  const cx = x + ([a, b].includes(1) ? size : 0);
  const cy = y + ([a, b].includes(2) ? size : 0);
  const cross = (ax - cx) * (by - cy) - (ay - cy) * (bx - cx);
  const r = size / 2;
  return `M ${ax} ${ay} A ${r} ${r} 0 0 ${cross > 0 ? 1 : 0} ${bx} ${by}`;
}

// One channel: a trough, the water in the owner's colour with its pattern (neutral: grey).
function channel(x, y, sides, colour, size, bridgeTop) {
  const d = channelPath(x, y, sides, size);
  const w = size * 0.25;
  const parts = [];
  if (bridgeTop) parts.push(svg("path", { d, class: "ch-gap", "stroke-width": w + size * 0.12 }));
  parts.push(svg("path", { d, class: "ch-trough", "stroke-width": w + 3 }));
  parts.push(svg("path", { d, class: "ch-water", stroke: colour ? INK[colour] : NEUTRAL, "stroke-width": w }));
  if (colour) {
    const [stroke, dash] = PATTERN[colour];
    parts.push(svg("path", { d, class: "ch-pattern", stroke, "stroke-width": Math.max(1.5, size * 0.05),
      "stroke-dasharray": dash, "stroke-linecap": "round" }));
  }
  return parts;
}

// A tile: its stone and its channels, each {sides, colour} (colour null: neutral).
// ``opts.printed``: a corner printed on the board; ``opts.bonus``: laid as a bonus tile.
export function tile(x, y, channels, opts = {}) {
  const size = opts.size || CELL;
  const g = svg("g", { class: `tile${opts.printed ? " printed" : ""}${opts.bonus ? " bonus" : ""}` });
  g.append(svg("rect", { x: x + 1.5, y: y + 1.5, width: size - 3, height: size - 3, rx: size * 0.08, class: "stone" }));
  // a bridge's east-west channel lies on top of the north-south one
  const ordered = [...channels].sort((p, q) => Number(p.sides === "EW") - Number(q.sides === "EW"));
  const isBridge = channels.length === 2 && channels.some((c) => c.sides === "NS") && channels.some((c) => c.sides === "EW");
  for (const c of ordered) g.append(...channel(x, y, c.sides, c.colour, size, isBridge && c.sides === "EW"));
  if (opts.bonus) g.append(svg("circle", { cx: x + size - 8, cy: y + 8, r: 3.2, class: "bonus-dot" }));
  return g;
}

// The channels of a rotation "NE+SW" as [{sides, colour: null}].
export function rotationChannels(rotation) {
  return rotation.split("+").map((sides) => ({ sides, colour: null }));
}

// A master builder: a badge with the icon of its kind, and the word under it.
export function builder(cx, cy, kind, word, opts = {}) {
  const s = opts.size || 24;
  const g = svg("g", { class: `builder kind-${kind}` });
  const x = cx - s / 2;
  const y = cy - s / 2;
  g.append(svg("rect", { x, y, width: s, height: s, rx: 5, class: "badge" }));
  if (kind === "joker") {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const r = i % 2 ? s * 0.2 : s * 0.44;
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
    }
    g.append(svg("polygon", { points: pts.join(" "), class: "star" }));
  } else {
    for (const sides of ICON[kind].split("+")) {
      if (kind === "bridge" && sides === "EW") g.append(svg("path", { d: channelPath(x, y, sides, s), class: "icon-gap" }));
      g.append(svg("path", { d: channelPath(x, y, sides, s), class: "icon" }));
    }
  }
  if (word) g.append(svg("text", { x: cx, y: cy + s / 2 + 11, class: "builder-word", text: word }));
  return g;
}

// A worker: its colour's shape with its number in it.
export function pawn(cx, cy, colour, number, r = 11) {
  const g = svg("g", { class: `pawn pawn-${colour}` });
  const attrs = { fill: INK[colour], class: "pawn-body" };
  const shape = SHAPE_OF[colour];
  if (shape === "circle") g.append(svg("circle", { cx, cy, r, ...attrs }));
  else if (shape === "square") g.append(svg("rect", { x: cx - r * 0.9, y: cy - r * 0.9, width: r * 1.8, height: r * 1.8, rx: 2, ...attrs }));
  else if (shape === "diamond") g.append(svg("polygon", { points: `${cx},${cy - r * 1.2} ${cx + r * 1.2},${cy} ${cx},${cy + r * 1.2} ${cx - r * 1.2},${cy}`, ...attrs }));
  else g.append(svg("polygon", { points: `${cx},${cy - r * 1.25} ${cx + r * 1.2},${cy + r * 0.85} ${cx - r * 1.2},${cy + r * 0.85}`, ...attrs }));
  const dy = shape === "triangle" ? r * 0.45 : r * 0.38;
  g.append(svg("text", { x: cx, y: cy + dy, class: `pawn-number${colour === "yellow" ? " dark" : ""}`, "font-size": r * 1.05, text: String(number) }));
  return g;
}

// A small swatch of an owner: the shape and a piece of channel with the pattern.
export function swatch(colour) {
  const node = svg("svg", { viewBox: "0 0 44 22", width: 44, height: 22, class: "swatch", "aria-hidden": "true" });
  node.append(...channel(0, 0, "EW", colour, 24, false));
  node.append(pawn(34, 11, colour, "", 7.5));
  return node;
}

// A worker as a small picture for the page's text: its shape, its colour, its number.
export function pawnIcon(colour, number) {
  const node = svg("svg", { viewBox: "0 0 24 24", width: 20, height: 20, class: "pawn-icon", "aria-hidden": "true" });
  node.append(pawn(12, 12.5, colour, number, 8.5));
  return node;
}

// A fountain at a corner of the track.
export function fountain(cx, cy) {
  const g = svg("g", { class: "fountain" });
  g.append(svg("circle", { cx, cy, r: 17, class: "basin" }));
  g.append(svg("circle", { cx, cy, r: 11, class: "pool" }));
  g.append(svg("path", { d: `M ${cx} ${cy - 9} C ${cx + 6} ${cy - 1} ${cx + 5} ${cy + 6} ${cx} ${cy + 6} C ${cx - 5} ${cy + 6} ${cx - 6} ${cy - 1} ${cx} ${cy - 9} Z`, class: "drop" }));
  return g;
}

// An outlet of a reservoir: an arrow on the side of its square.
export function outletArrow(x, y, side, colour) {
  const s = SIDES.indexOf(side);
  const [mx, my] = mid(x, y, s, CELL);
  const dx = DX[s];
  const dy = DY[s];
  const base = 2;
  const bx = mx - dx * base;
  const by = my - dy * base;
  const pts = [[bx - dy * 8, by + dx * 8], [mx + dx * 6, my + dy * 6], [bx + dy * 8, by - dx * 8]];
  return svg("polygon", { points: pts.map((p) => p.join(",")).join(" "), fill: INK[colour], class: "outlet" });
}

// Where a worker stands: at the side of its end square, pulled back into the square.
export function standAt(x, y, side) {
  const s = SIDES.indexOf(side);
  const [mx, my] = mid(x, y, s, CELL);
  return [mx - DX[s] * 12, my - DY[s] * 12, s];
}

export { DX, DY };
