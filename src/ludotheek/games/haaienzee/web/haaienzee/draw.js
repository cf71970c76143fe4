// The SVG sea: hexes, fish (colour and pattern), sharks (player colour, number badge whose
// shape tells the players apart, facing, prey chip), the hexes that can be clicked, the
// last swim's trail and a preview ("ghost") of a move under the pointer.
import { byTouch, svg } from "../../ui.js";
import { ANGLE, Geometry, R, W } from "./geometry.js";

export const SEAT_KEYS = ["haaienzee.seat.yellow", "haaienzee.seat.red"];
export const COLOUR_KEYS = { white: "haaienzee.colour.white", grey: "haaienzee.colour.grey", brown: "haaienzee.colour.brown", empty: "haaienzee.colour.empty" };
// a colour as an adjective before "fish" ("white" / "witte")
export const ADJ_KEYS = { white: "haaienzee.adj.white", grey: "haaienzee.adj.grey", brown: "haaienzee.adj.brown" };
export const SHARK_KEYS = ["haaienzee.shark.yellow", "haaienzee.shark.red"];

// a fish, head to the left, centred on (0, 0)
export function fishShape(colour, extra = {}) {
  return svg("g", { class: `fish fish-${colour}`, ...extra },
    svg("path", { class: "fish-body", d: "M-14,0 C-10,-8 4,-9 9,-2 L17,-8 L15,0 L17,8 L9,2 C4,9 -10,8 -14,0 Z" }),
    svg("circle", { class: "fish-eye", cx: -8.5, cy: -1.8, r: 1.5 }));
}

// a shark seen from above, pointing east, centred on (0, 0), about 48 long
const SHARK_BODY = "M24,0 C19,-5 10,-8.5 0,-8.5 C-8,-8.5 -14,-6 -18,-3 L-26,-10 L-22,0 L-26,10 L-18,3 C-14,6 -8,8.5 0,8.5 C10,8.5 19,5 24,0 Z";
const SHARK_FINS = "M7,-7 L-3,-17 L-5,-7 Z M7,7 L-3,17 L-5,7 Z";

export function sharkShape(shark, { ghost = false } = {}) {
  const seat = shark.seat;
  const a = ANGLE[shark.facing] ?? 0;
  const rad = (a * Math.PI) / 180;
  const chip = [-15 * Math.cos(rad), -15 * Math.sin(rad)];
  const badge = [4 * Math.cos(rad), 4 * Math.sin(rad)];
  const prey = shark.prey || "empty";
  const nodes = [
    svg("g", { transform: `rotate(${a})` },
      svg("path", { class: "shark-fins", d: SHARK_FINS }),
      svg("path", { class: "shark-body", d: SHARK_BODY }),
      seat === 1 ? svg("path", { class: "shark-inline", d: SHARK_BODY, transform: "scale(.78)" }) : null,
      svg("circle", { class: "shark-eye", cx: 16, cy: -3.6, r: 1.4 }),
      svg("circle", { class: "shark-eye", cx: 16, cy: 3.6, r: 1.4 })),
    svg("circle", { class: `prey-chip prey-${prey}`, cx: chip[0], cy: chip[1], r: 6.2 }),
    prey === "empty" ? svg("path", { class: "prey-none", d: `M${chip[0] - 3.6},${chip[1] + 3.6} L${chip[0] + 3.6},${chip[1] - 3.6}` }) : null,
    // the number: in a circle for Yellow, in a square for Red (not colour alone)
    seat === 0
      ? svg("circle", { class: "badge", cx: badge[0], cy: badge[1], r: 8.5 })
      : svg("rect", { class: "badge", x: badge[0] - 8, y: badge[1] - 8, width: 16, height: 16, rx: 2 }),
    svg("text", { class: "badge-text", x: badge[0], y: badge[1] + 4.3, text: String(shark.number) }),
  ];
  return svg("g", { class: `shark seat-${seat}${ghost ? " ghost" : ""}` }, ...nodes);
}

// the patterns that tell the fish colours apart without colour: grey striped, brown dotted
function defs() {
  return svg("defs", {},
    svg("pattern", { id: "hz-pat-grey", width: 4, height: 4, patternUnits: "userSpaceOnUse" },
      svg("rect", { width: 4, height: 4, fill: "#a3acb4" }),
      svg("rect", { width: 1.7, height: 4, fill: "#6c7680" })),
    svg("pattern", { id: "hz-pat-brown", width: 5, height: 5, patternUnits: "userSpaceOnUse" },
      svg("rect", { width: 5, height: 5, fill: "#93602f" }),
      svg("circle", { cx: 2.5, cy: 2.5, r: 1.15, fill: "#efcf9f" })));
}

export function createBoard(t) {
  const root = svg("svg", { class: "hz-board", id: "hz-board", "data-fit": "", role: "group", "aria-label": t("haaienzee.board") });
  return root;
}

// Draw `scene` on `root`:
//   scene  { fish: {hex: colour}, sharks: [...], toMove: id|null, trail: swim event|null,
//            flash: [hexes being eaten], grown: {hex: colour} of fish that just grew }
//   opts   { targets: Map(hex -> {label, eats}), free: Set(hexes), onPick(hex), preview(hex) ->
//            {shark, line: [hexes]} | null, names: show hex names }
export function drawBoard(root, geo, scene, opts, t) {
  root.setAttribute("viewBox", `0 0 ${geo.width.toFixed(0)} ${geo.height.toFixed(0)}`);
  const sea = svg("g", { class: "sea" });
  const trail = svg("g", { class: "trail" });
  const life = svg("g", { class: "life" });
  const marks = svg("g", { class: "marks" });
  const ghost = svg("g", { class: "ghost-layer", "aria-hidden": "true" });
  const sharkAt = new Map(scene.sharks.filter((s) => s.hex).map((s) => [s.hex, s]));
  const flash = new Set(scene.flash || []);
  const grown = scene.grown || {};
  const targets = opts.targets || new Map();
  const free = opts.free || new Set();

  for (let row = 0; row < geo.board.rows.length; row++) {
    const [x, y] = geo.rowLabel(row);
    sea.append(svg("text", { class: "row-label", x, y: y + 4, text: String.fromCharCode(65 + row) }));
  }

  const cells = new Map();
  for (const { hex } of geo.board.hexes) {
    const [cx, cy] = geo.centre.get(hex);
    const target = targets.get(hex);
    const isFree = free.has(hex);
    const clickable = Boolean(target) || isFree;
    const fish = scene.fish[hex];
    const shark = sharkAt.get(hex);
    const classes = ["cell", target ? "target" : "", isFree ? "free" : "", flash.has(hex) ? "bite" : ""].filter(Boolean).join(" ");
    const label = target ? target.label : isFree ? opts.freeLabel(hex) : cellLabel(hex, fish, shark, t);
    const g = svg("g", {
      class: classes, id: `hex-${hex}`, "data-hex": hex, "data-fish": fish || null,
      role: clickable ? "button" : "img", tabindex: clickable ? 0 : null, "aria-label": label,
    }, svg("polygon", { class: "hex", points: geo.corners(hex, R - 0.6) }));
    if (opts.names && !shark) g.append(svg("text", { class: "hex-name", x: cx, y: cy + 21, text: hex }));
    if (clickable) {
      g.append(svg("title", { text: label }));
      const pick = () => { armed = null; opts.onPick(hex); };
      // a finger: the first tap shows the move (as the pointer does), a second tap makes it
      g.addEventListener("click", (ev) => {
        if (byTouch(ev) && !(armed && armed.hex === hex && armed.key === opts.key)) {
          armed = { hex, key: opts.key };
          for (const c of cells.values()) c.classList.remove("armed");
          g.classList.add("armed");
          showGhost(hex);
          return;
        }
        pick();
      });
      g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); pick(); } });
      const enter = () => showGhost(hex);
      g.addEventListener("mouseenter", enter);
      g.addEventListener("focus", enter);
      g.addEventListener("mouseleave", () => showGhost(armed && armed.key === opts.key ? armed.hex : null));
      g.addEventListener("blur", () => showGhost(armed && armed.key === opts.key ? armed.hex : null));
    } else if (opts.onTry) {
      // why not, in words (a guided game's coach; a game's page beside the hex); a first tap
      // elsewhere is cancelled
      g.addEventListener("click", () => { cancelArmed(); opts.onTry(hex); });
    }
    sea.append(g);
    cells.set(hex, g);
    if (fish) {
      life.append(fishShape(fish, { transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)})`, "data-hex": hex,
        class: `fish fish-${fish}${grown[hex] ? " grown" : ""}` }));
    }
    const reach = isFree && opts.freeEats ? opts.freeEats(hex) : 0;
    if (reach > 0) {   // what a shark placed here could eat on its first turn
      marks.append(svg("g", { class: "eats reach", "data-hex": hex, transform: `translate(${(cx + 14).toFixed(1)},${(cy - 15).toFixed(1)})` },
        svg("circle", { r: 9.5 }), svg("text", { y: 4.4, text: String(reach) })));
    }
    if (target) {
      if (target.eats > 0) {
        marks.append(svg("g", { class: "eats", "data-hex": hex, transform: `translate(${(cx + 14).toFixed(1)},${(cy - 15).toFixed(1)})` },
          svg("circle", { r: 9.5 }), svg("text", { y: 4.4, text: String(target.eats) })));
      } else {
        marks.append(svg("circle", { class: "spot", cx, cy, r: 5 }));
      }
    }
  }

  // the last swim: a dashed line from where the shark was to where it is
  if (scene.trail) {
    const [x1, y1] = geo.centre.get(scene.trail.from);
    const [x2, y2] = geo.centre.get(scene.trail.to);
    const seat = scene.trail.shark.startsWith("Y") ? 0 : 1;
    trail.append(svg("line", { class: `trail-line seat-${seat}`, x1, y1, x2, y2 }));
    for (const e of scene.trail.eaten || []) {
      const [ex, ey] = geo.centre.get(e.hex);
      trail.append(svg("circle", { class: "trail-bite", cx: ex, cy: ey, r: 4 }));
    }
  }

  const sharks = svg("g", { class: "sharks" });
  for (const s of scene.sharks) {
    if (!s.hex) continue;
    const [cx, cy] = geo.centre.get(s.hex);
    const g = svg("g", { transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)})`, id: `shark-${s.id}`, "data-hex": s.hex,
      "data-facing": s.facing, "data-prey": s.prey, class: `shark-at${s.id === scene.toMove ? " to-move" : ""}${s.placed ? " placed" : ""}`,
      role: "img", "aria-label": sharkLabel(s, t) });
    if (s.id === scene.toMove) g.append(svg("circle", { class: "halo-back", r: R - 2 }), svg("circle", { class: "halo", r: R - 2 }));
    g.append(sharkShape(s));
    sharks.append(g);
  }

  function cancelArmed() {
    if (!armed) return;
    armed = null;
    for (const c of cells.values()) c.classList.remove("armed");
    showGhost(null);
  }

  function showGhost(hex) {
    ghost.replaceChildren();
    for (const g of cells.values()) g.classList.remove("path");
    if (hex === null || !opts.preview) { if (opts.onHover) opts.onHover(null); return; }
    const p = opts.preview(hex);
    if (!p) return;
    for (const h of p.line || []) if (cells.has(h)) cells.get(h).classList.add("path");
    const [cx, cy] = geo.centre.get(hex);
    ghost.append(svg("g", { transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)})` }, sharkShape(p.shark, { ghost: true })));
    if (opts.onHover) opts.onHover(hex, Boolean(armed && armed.hex === hex));
  }

  root.replaceChildren(defs(), sea, trail, life, marks, sharks, ghost);
  // a first tap survives a redraw of the same position (another colour, direction, …)
  if (armed && armed.key === opts.key && cells.has(armed.hex) && (targets.has(armed.hex) || free.has(armed.hex))) {
    cells.get(armed.hex).classList.add("armed");
    showGhost(armed.hex);
  } else {
    armed = null;
  }
}

// the hex a first tap chose: {hex, key} (key: the position it was chosen in)
let armed = null;

// Forget a first tap (Back or Escape, a tap beside the hexes): the page draws the sea again.
export function cancelTap() {
  const had = armed !== null;
  armed = null;
  return had;
}

export function cellLabel(hex, fish, shark, t) {
  if (shark) return `${hex}: ${sharkLabel(shark, t)}`;
  if (fish) return `${hex}: ${t("haaienzee.fish_of", { colour: t(ADJ_KEYS[fish]) })}`;
  return `${hex}: ${t("haaienzee.water")}`;
}

export function sharkName(shark, t) {
  return t(SHARK_KEYS[shark.seat], { n: shark.number });
}

export function sharkLabel(s, t) {
  if (!s.hex) return t("haaienzee.shark_unplaced", { shark: sharkName(s, t) });
  return t("haaienzee.shark_label", { shark: sharkName(s, t), hex: s.hex, facing: s.facing, prey: t(COLOUR_KEYS[s.prey]) });
}

export { Geometry, W };
