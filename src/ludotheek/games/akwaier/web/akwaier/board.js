// The board: 15 × 15 cells, rows A-O top to bottom, columns 1-15 left to right.
// Empty cells are small dots, loose tiles grey blocks, chain tiles their colour with their
// letter; the player's own tiles show their number 1-8, lit where they can be placed.
import { byTouch, svg } from "../../ui.js";
import { lastCells, retro } from "./format.js";

export const CELL = 34;
const LEFT = 30;
const TOP = 28;
export const WIDTH = LEFT + 15 * CELL + 8;
export const HEIGHT = TOP + 15 * CELL + 8;
// the least height of the board while its player buys (px): eight chains' buttons, four rows
// under it, in view on an upright phone of 844 px
const BUYING_MIN_PX = 170;

export function createBoard(t) {
  return svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "akw-board", id: "akw-board", "data-fit": "",
    role: "group", "aria-label": t("akwaier.board") });
}

// ui: { selected, canPick, onSelect(slot) }
export function drawBoard(root, view, ui, t) {
  const st = view.state;
  const oldStyle = retro();
  const nodes = [svg("rect", { x: LEFT - 5, y: TOP - 5, width: 15 * CELL + 10, height: 15 * CELL + 10, rx: 6, class: "akw-frame" })];
  for (let c = 0; c < 15; c++) {
    const label = oldStyle ? String((c + 1) % 10) : String(c + 1);   // the BBC header: 123456789012345
    nodes.push(svg("text", { x: LEFT + c * CELL + CELL / 2, y: TOP - 10, class: "akw-coord", text: label }));
  }
  for (let r = 0; r < 15; r++) {
    nodes.push(svg("text", { x: LEFT - 15, y: TOP + r * CELL + CELL / 2 + 5, class: "akw-coord", text: st.rows[r] }));
  }
  const own = new Map();
  for (const h of st.hand || []) if (h.cell) own.set(h.cell, h);
  const last = lastCells(st.events);
  const pendingCell = st.pending ? st.pending.cell : null;
  for (let r = 0; r < 15; r++) {
    for (let c = 0; c < 15; c++) {
      const name = `${st.rows[r]}${c + 1}`;
      const code = st.board[r][c];
      const x = LEFT + c * CELL;
      const y = TOP + r * CELL;
      nodes.push(cellNode(name, code, x, y, own.get(name), ui, last.has(name) || name === pendingCell, t));
    }
  }
  root.replaceChildren(...nodes);
  root.dataset.version = String(view.version);
  root.dataset.phase = st.phase;
  root.dataset.mine = ui.mine ? "1" : "0";   // this page decides now (tests wait for it)
  // buying, the player taps only the buttons under the board: it may shrink below the usual
  // 30 % of the screen so that all eight chains' buttons are in view on an upright phone
  // (js/fit.js; docs/web.md's DECISION)
  if (ui.mine && st.phase === "buy") root.dataset.fitMin = String(BUYING_MIN_PX);
  else delete root.dataset.fitMin;
}

function cellNode(name, code, x, y, tile, ui, isLast, t) {
  const cx = x + CELL / 2;
  const cy = y + CELL / 2;
  if (code === "." && tile) {
    const selected = ui.selected === tile.slot;
    const pick = ui.canPick;
    const g = svg("g", {
      id: `cell-${name}`, "data-cell": name, "data-slot": String(tile.slot),
      class: `akw-cell own ${tile.placeable ? "lit" : "unlit"} ${selected ? "selected" : ""} ${pick ? "pick" : ""}`,
      role: pick ? "button" : null, tabindex: pick ? 0 : null,
      "aria-label": t(tile.placeable ? "akwaier.tile_label" : "akwaier.tile_label_no", { n: tile.slot, cell: name }),
    },
    svg("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 4, class: "tile" }),
    svg("text", { x: cx, y: cy + 6, class: "digit", text: String(tile.slot) }));
    if (selected) g.append(svg("rect", { x: x + 0.5, y: y + 0.5, width: CELL - 1, height: CELL - 1, rx: 5, class: "frame" }));
    if (pick) {
      // the first tap (or click) chooses the tile and shows what it would do; a second tap or
      // click on the chosen tile places it, as "Place" does (a mouse's double click does not)
      g.addEventListener("click", (ev) => {
        ev.stopPropagation();
        if (selected && ui.onConfirm && (byTouch(ev) || ev.detail < 2)) ui.onConfirm(tile.slot);
        else if (!selected) ui.onSelect(tile.slot);
      });
      g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ui.onSelect(tile.slot); } });
    }
    return g;
  }
  if (code === ".") {
    return svg("g", { id: `cell-${name}`, "data-cell": name, class: "akw-cell empty" },
      svg("circle", { cx, cy, r: 2.2, class: "dot" }));
  }
  if (code === "#") {
    return svg("g", { id: `cell-${name}`, "data-cell": name, class: `akw-cell loose ${isLast ? "last" : ""}` },
      svg("rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 3, class: "block" }),
      isLast ? svg("rect", { x: x + 1.5, y: y + 1.5, width: CELL - 3, height: CELL - 3, rx: 4, class: "mark" }) : null);
  }
  return svg("g", { id: `cell-${name}`, "data-cell": name, "data-chain": code, class: `akw-cell chain chain-${code} ${isLast ? "last" : ""}` },
    svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 3, class: "fill" }),
    svg("text", { x: cx, y: cy + 6, class: "letter", text: code }),
    isLast ? svg("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 3, class: "mark" }) : null);
}
