// The board of Aqua Romana as one SVG: the reserve and the tile piles on top, the site of
// 11 × 8 squares with its corner curves and reservoirs, the track of 38 spaces round it with
// the four fountains and the master builders, and the podiums 1-20 below. Drawn from the
// view's state; what is lit and clickable comes from the page (``model``), which takes it from
// the legal moves.
import { byTouch, svg } from "../../ui.js";
import { CELL, INK, PALE, builder, fountain, outletArrow, pawn, standAt, tile } from "./draw.js";

const M = 10;          // margin
const TOP = 80;        // the strip with the reserve and the piles
const TD = 50;         // the track's depth
const G = 6;           // between the site and the track
export const X0 = M + TD + G;
export const Y0 = TOP + TD + G;
const SW = 11 * CELL;
const SH = 8 * CELL;
export const W = X0 + SW + G + TD + M;
const PODIUM_TOP = Y0 + SH + G + TD + 14;
const PODIUM_BASE = PODIUM_TOP + 104;
export const H = PODIUM_BASE + 22;
const UNIT = (W - 2 * M - 44) / 22;   // podiums 3 and 7 are twice as wide

const COLUMNS = "abcdefghijk";
export function squareXY(name) {
  return [X0 + COLUMNS.indexOf(name[0]) * CELL, Y0 + (Number(name.slice(1)) - 1) * CELL];
}

export function spaceBox(space) {
  const { side, line } = space;
  if (side === "top") return [X0 + line * CELL, Y0 - G - TD, CELL, TD];
  if (side === "bottom") return [X0 + line * CELL, Y0 + SH + G, CELL, TD];
  if (side === "right") return [X0 + SW + G, Y0 + line * CELL, TD, CELL];
  return [M, Y0 + line * CELL, TD, CELL];
}

export function podiumBox(value) {
  let units = 0;
  for (let v = 1; v < value; v++) units += v === 3 || v === 7 ? 2 : 1;
  const wide = value === 3 || value === 7;
  const x = M + 44 + units * UNIT;
  const h = 16 + value * 2.9;
  return [x + 1.5, PODIUM_BASE - h, (wide ? 2 : 1) * UNIT - 3, h];
}

function text(x, y, content, cls, extra = {}) {
  return svg("text", { x, y, class: cls, text: content, ...extra });
}

// A clickable thing: a role, a label, keys. One that plays a move (``model`` given) takes two
// taps of a finger: the first chooses it (model.onArm: the page shows it as under the pointer
// and says that a second tap does it), the second plays it; a mouse or a key plays at once.
function clickable(node, label, onClick, model = null) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  if (model && model.armed === node.id) node.classList.add("armed");
  node.addEventListener("click", (ev) => {
    ev.stopPropagation();
    if (model && byTouch(ev) && model.armed !== node.id) { model.onArm(node.id, label); return; }
    onClick();
  });
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); onClick(); }
  });
}

export function drawBoard(root, view, model, t) {
  const st = view.state;
  const kindWord = (k) => t(`aqua_romana.kind.short.${k}`);
  const workerName = (name) => t("aqua_romana.worker", { colour: t(`aqua_romana.colour.${name.replace(/\d+$/, "")}`), n: name.match(/\d+$/)[0] });
  const layers = {
    strip: svg("g", { class: "strip" }),
    squares: svg("g", { class: "squares" }),
    marks: svg("g", { class: "marks" }),
    tiles: svg("g", { class: "tiles" }),
    reservoirs: svg("g", { class: "reservoirs" }),
    fronts: svg("g", { class: "fronts" }),
    flows: svg("g", { class: "flows" }),
    ghosts: svg("g", { class: "ghosts" }),
    sight: svg("g", { class: "sight" }),
    workers: svg("g", { class: "workers" }),
    track: svg("g", { class: "track" }),
    podiums: svg("g", { class: "podiums" }),
  };
  const marks = model.marks || { tiles: new Set(), flows: new Map(), from: new Set(), to: new Set() };

  // --- the strip: the reserve and the piles ---
  layers.strip.append(text(X0, 22, t("aqua_romana.reserve"), "strip-title"));
  const slots = 5;
  for (let i = 0; i < slots; i++) {
    const x = X0 + i * 50;
    layers.strip.append(svg("rect", { x, y: 30, width: 44, height: 44, rx: 6, class: "slot" }));
  }
  st.reserve.forEach((kind, i) => {
    const cx = X0 + i * 50 + 22;
    const g = builder(cx, 46, kind, kindWord(kind), { size: 22 });
    g.id = `reserve-${kind}`;
    const pick = model.reservePick && model.reservePick.get(kind);
    if (pick) {
      g.classList.add("lit");
      clickable(g, t("aqua_romana.act.pick", { kind: t(`aqua_romana.kind.${kind}`) }), () => model.onPlay(pick), model);
    }
    layers.strip.append(g);
  });
  const pilesX = X0 + SW - 4 * 80 + 14;
  layers.strip.append(text(pilesX, 22, t("aqua_romana.piles"), "strip-title"));
  ["straight", "curve", "double", "bridge"].forEach((kind, i) => {
    const x = pilesX + i * 80;
    const n = st.supply[kind];
    const g = svg("g", { class: `pile${n === 0 ? " empty" : ""}`, id: `pile-${kind}`, "data-left": String(n) });
    const sides = { straight: "NS", curve: "SE", double: "NE+SW", bridge: "NS+EW" }[kind];
    g.append(tile(x, 32, sides.split("+").map((s) => ({ sides: s, colour: null })), { size: 36 }));
    g.append(text(x + 41, 50, String(n), "pile-count"));
    g.append(text(x + 41, 64, kindWord(kind), "pile-word"));
    g.append(svg("title", { text: t("aqua_romana.pile_label", { kind: t(`aqua_romana.kind.${kind}`), n }) }));
    layers.strip.append(g);
  });

  // --- the squares ---
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 11; x++) {
      const name = `${COLUMNS[x]}${y + 1}`;
      const px = X0 + x * CELL;
      const py = Y0 + y * CELL;
      layers.squares.append(svg("rect", { x: px, y: py, width: CELL, height: CELL, class: "square", id: `sq-${name}` }));
      layers.squares.append(text(px + 3, py + 10, name, "sq-name"));
    }
  }

  // --- tiles ---
  for (const tl of st.tiles) {
    const [x, y] = squareXY(tl.square);
    const g = tile(x, y, tl.channels.map((c) => ({ sides: c.sides, colour: c.colour })), { printed: tl.printed, bonus: tl.bonus });
    g.id = `tile-${tl.square}`;
    g.dataset.kind = tl.kind;
    g.dataset.rotation = tl.rotation;
    g.dataset.owners = tl.channels.map((c) => c.worker || "-").join(" ");
    g.append(svg("title", { text: tileLabel(tl, t, workerName) }));
    if (model.fresh && model.fresh.tiles.has(tl.square)) g.classList.add("fresh");
    layers.tiles.append(g);
    if (marks.tiles.has(tl.square)) {
      layers.marks.append(svg("rect", { x: x - 2, y: y - 2, width: CELL + 4, height: CELL + 4, rx: 6, class: "mark-last" }));
    }
  }
  for (const [square, colour] of marks.flows) {
    if (marks.tiles.has(square)) continue;
    const [x, y] = squareXY(square);
    layers.marks.append(svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 5, class: "mark-flow", stroke: INK[colour] }));
  }

  // --- reservoirs and outlets ---
  const words = [];   // the reservoirs' words, moved clear of the workers below
  for (const r of st.site.reservoirs) {
    const pts = r.squares.map(squareXY);
    const x = Math.min(...pts.map((p) => p[0]));
    const y = Math.min(...pts.map((p) => p[1]));
    const w = Math.max(...pts.map((p) => p[0])) - x + CELL;
    const h = Math.max(...pts.map((p) => p[1])) - y + CELL;
    const g = svg("g", { class: "reservoir", id: `reservoir-${r.colour}` });
    g.append(svg("rect", { x: x + 3, y: y + 3, width: w - 6, height: h - 6, rx: 8, fill: PALE[r.colour], stroke: INK[r.colour], class: "basin" }));
    g.append(svg("rect", { x: x + 12, y: y + 12, width: w - 24, height: h - 24, rx: 5, class: "water" }));
    const word = text(x + w / 2, y + h / 2 + 4, t(`aqua_romana.colour.${r.colour}`), `reservoir-word word-${r.colour}`, { fill: INK[r.colour] });
    words.push({ node: word, x, y, w, h });
    g.append(word);
    for (const o of r.outlets) {
      const [ox, oy] = squareXY(o.square);
      g.append(outletArrow(ox, oy, o.side, r.colour));
    }
    layers.reservoirs.append(g);
  }

  // --- where each open aqueduct goes on: the square in front of its worker ---
  for (const w of st.workers) {
    if (w.state !== "open" || !w.front) continue;
    const [x, y] = squareXY(w.front);
    layers.fronts.append(svg("rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 4, class: "front", stroke: INK[w.colour] }));
  }

  // --- the chosen worker's lines of sight ---
  if (model.sightOf) {
    const w = model.sightOf;
    const [x, y] = squareXY(w.square);
    layers.sight.append(svg("rect", { x: M, y, width: W - 2 * M, height: CELL, class: "sightline" }));
    layers.sight.append(svg("rect", { x, y: Y0 - G - TD, width: CELL, height: SH + 2 * (G + TD), class: "sightline" }));
  }

  // --- ghost tiles: the legal placements of the chosen tile ---
  for (const gh of model.ghosts || []) {
    const [x, y] = squareXY(gh.square);
    const g = tile(x, y, gh.channels, {});
    g.classList.add("ghost");
    if (gh.hot) g.classList.add("hot");
    g.id = `ghost-${gh.square}`;
    g.dataset.square = gh.square;
    g.dataset.rotation = gh.rotation;
    g.dataset.rotations = gh.rotations.join(" ");
    g.dataset.move = gh.move;
    clickable(g, gh.label, () => model.onPlay(gh.move), model);
    g.addEventListener("pointerenter", () => model.onHover && model.onHover(gh.square));
    g.addEventListener("focus", () => model.onHover && model.onHover(gh.square));
    layers.ghosts.append(g);
  }
  for (const f of model.previewFlows || []) {
    for (const sq of f.squares) {
      const [x, y] = squareXY(sq);
      layers.flows.append(svg("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 5, class: "preview-flow", stroke: INK[f.colour] }));
    }
  }

  // --- workers at the ends of their aqueducts, with the length beside them ---
  const placed = st.workers.filter((w) => w.state !== "retired").map((w) => {
    const [x, y] = squareXY(w.square);
    const [px, py, s] = standAt(x, y, w.side);
    return { w, px, py, s };
  });
  const badges = [];
  for (const p of placed) {
    const { w, px, py } = p;
    const g = svg("g", { class: `worker ${w.state}`, id: `worker-${w.worker}`, "data-length": String(w.length), "data-square": w.square });
    if (model.litWorkers && model.litWorkers.has(w.worker)) {
      g.classList.add("lit");
      clickable(g, t("aqua_romana.act.worker", { worker: workerName(w.worker), length: w.length }), () => model.onWorker(w.worker));
    } else if (model.closable && model.closable.has(w.worker)) {
      g.classList.add("lit");
      clickable(g, t("aqua_romana.act.close", { worker: workerName(w.worker), length: w.length, podium: model.closable.get(w.worker).podium }),
        () => model.closable.get(w.worker).onPick(), model);
    }
    if (model.selectedWorker === w.worker) g.classList.add("selected");
    g.append(svg("circle", { cx: px, cy: py, r: 15, class: "halo" }));
    g.append(pawn(px, py, w.colour, w.number, 10));
    if (model.fresh && model.fresh.workers.has(w.worker)) g.classList.add("fresh");
    const [bx, by] = badgeSpot(p, placed, badges);
    badges.push([bx, by]);
    g.append(svg("rect", { x: bx - 10, y: by - 7.5, width: 20, height: 15, rx: 4, class: "length", stroke: INK[w.colour] }));
    g.append(text(bx, by + 4, String(w.length), "length-text"));
    if (w.state === "closed") g.append(text(px, py - 15, "✕", "closed-mark"));
    g.append(svg("title", { text: t(w.state === "open" ? "aqua_romana.worker_label" : "aqua_romana.worker_closed_label", { worker: workerName(w.worker), length: w.length }) }));
    layers.workers.append(g);
  }

  placeWords(words, placed, badges);

  // --- the track, the builders and the fountains ---
  for (const space of st.track) {
    const [x, y, w, h] = spaceBox(space);
    const g = svg("g", { class: "space", id: `space-${space.space}`, "data-builder": space.builder || "" });
    g.append(svg("rect", { x: x + 1.5, y: y + 1.5, width: w - 3, height: h - 3, rx: 6, class: "space-box" }));
    g.append(text(x + 4, y + 11, String(space.space), "space-number"));
    if (space.builder) {
      g.append(builder(x + w / 2 + 3, y + 20, space.builder, kindWord(space.builder), { size: 22 }));
    }
    const act = model.spaces && model.spaces.get(space.space);
    if (act) {
      g.classList.add(act.cls);
      if (act.ghostKind) {
        const ghost = builder(x + w / 2 + 3, y + 20, act.ghostKind, kindWord(act.ghostKind), { size: 22 });
        ghost.classList.add("ghost-builder");
        g.append(ghost);
      }
      if (act.onClick) clickable(g, act.label, act.onClick, act.move ? model : null);
      if (act.move) g.dataset.move = act.move;
    }
    if (model.selectedSpace === space.space) g.classList.add("selected");
    if (model.seenSpaces && model.seenSpaces.has(space.space)) g.classList.add("seen");
    if (marks.to.has(space.space)) g.classList.add("mark-to");
    if (model.fresh && model.fresh.spaces.has(space.space)) g.classList.add("fresh");
    if (marks.from.has(space.space)) g.classList.add("mark-from");
    const who = space.builder ? t("aqua_romana.space_label", { n: space.space, kind: t(`aqua_romana.kind.${space.builder}`) })
      : t("aqua_romana.space_free", { n: space.space });
    g.append(svg("title", { text: who }));
    layers.track.append(g);
  }
  const left = M + TD / 2;
  const right = X0 + SW + G + TD / 2;
  const top = Y0 - G - TD / 2;
  const bottom = Y0 + SH + G + TD / 2;
  for (const [cx, cy] of [[right, top], [right, bottom], [left, bottom], [left, top]]) layers.track.append(fountain(cx, cy));

  // --- the podiums ---
  layers.podiums.append(text(M, PODIUM_TOP + 10, t("aqua_romana.podiums"), "strip-title"));
  const byName = new Map(st.workers.map((w) => [w.worker, w]));
  for (const p of st.podiums) {
    const [x, y, w, h] = podiumBox(p.value);
    const g = svg("g", { class: "podium", id: `podium-${p.value}`, "data-workers": p.workers.join(" ") });
    if (model.podiumMark && model.podiumMark.value === p.value) g.classList.add("hot");
    g.append(svg("rect", { x, y, width: w, height: h, rx: 3, class: "podium-block" }));
    g.append(text(x + w / 2, y + h - 6, String(p.value), "podium-value"));
    if (model.fresh && p.workers.some((name) => model.fresh.workers.has(name))) g.classList.add("fresh");
    p.workers.forEach((name, i) => {
      const wk = byName.get(name);
      const cx = x + w / 2 + (p.capacity === 2 ? (i === 0 ? -w / 4 : w / 4) : 0);
      g.append(pawn(cx, y - 13, wk.colour, wk.number, 10));
    });
    if (model.podiumMark && model.podiumMark.value === p.value && model.podiumMark.bonus) {
      g.append(text(x + w / 2, y - 30, `+${model.podiumMark.bonus}`, "podium-bonus"));
    }
    g.append(svg("title", { text: t("aqua_romana.podium_label", { value: p.value, workers: p.workers.map(workerName).join(", ") || "—" }) }));
    layers.podiums.append(g);
  }
  // workers that found no podium with room: beside podium 1, on the floor, 0 points
  const zero = st.workers.filter((w) => w.state === "retired" && w.podium === 0);
  const zg = svg("g", { class: "podium zero", id: "podium-0", "data-workers": zero.map((w) => w.worker).join(" ") });
  zg.append(text(M + 20, PODIUM_BASE + 14, "0", "podium-value"));
  zero.forEach((w, i) => zg.append(pawn(M + 10 + (i % 2) * 20, PODIUM_BASE - 11 - Math.floor(i / 2) * 22, w.colour, w.number, 9)));
  zg.append(svg("title", { text: t("aqua_romana.no_podium") }));
  layers.podiums.append(zg);
  layers.podiums.append(svg("line", { x1: M, y1: PODIUM_BASE, x2: W - M, y2: PODIUM_BASE, class: "podium-floor" }));

  root.replaceChildren(svg("rect", { x: 0, y: 0, width: W, height: H, class: "bg" }),
    layers.strip, layers.squares, layers.sight, layers.marks, layers.tiles, layers.reservoirs, layers.fronts,
    layers.flows, layers.ghosts, layers.track, layers.workers, layers.podiums);
}

// Where a worker's length goes: beside it along its side, else the other way, else inwards —
// the first spot clear of the other workers and of the lengths placed before.
function badgeSpot(p, placed, badges) {
  const horizontal = p.s === 0 || p.s === 2;
  const inward = [[0, 22], [-22, 0], [0, -22], [22, 0]][p.s];
  const spots = horizontal ? [[22, 0], [-22, 0], inward] : [[0, 21], [0, -21], inward];
  for (const [dx, dy] of spots) {
    const bx = p.px + dx;
    const by = p.py + dy;
    const clear = placed.every((o) => o === p || Math.abs(o.px - bx) > 20 || Math.abs(o.py - by) > 17)
      && badges.every(([x, y]) => Math.abs(x - bx) > 21 || Math.abs(y - by) > 16);
    if (clear) return [bx, by];
  }
  return [p.px + spots[0][0], p.py + spots[0][1]];
}

// A reservoir's word where no worker and no length badge covers it: of the spots in the basin,
// level or (in a tall basin) upright, the one that overlaps them least, nearest the middle
// (the words are 13 px bold, about 8.5 px a letter).
function placeWords(words, placed, badges) {
  const before = (a, b) => { for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i]; return false; };
  const boxes = [...placed.map((o) => [o.px - 12, o.px + 12, o.py - 12, o.py + 12]),
    ...badges.map(([bx, by]) => [bx - 10, bx + 10, by - 7.5, by + 7.5])];
  const overlap = ([l, r, top, bottom]) => boxes.reduce((sum, [l2, r2, t2, b2]) =>
    sum + Math.max(0, Math.min(r, r2) - Math.max(l, l2)) * Math.max(0, Math.min(bottom, b2) - Math.max(top, t2)), 0);
  for (const wd of words) {
    const long = wd.node.textContent.length * 8.5 + 4;
    const cx = wd.x + wd.w / 2;
    const cy = wd.y + wd.h / 2;
    let best = null;
    for (const upright of wd.h > wd.w ? [false, true] : [false]) {
      const [bw, bh] = upright ? [15, long] : [long, 15];
      for (let dx = -(wd.w - bw) / 2 + 5; dx <= (wd.w - bw) / 2 - 5 + 0.1; dx += 3) {
        for (let dy = -(wd.h - bh) / 2 + 5; dy <= (wd.h - bh) / 2 - 5 + 0.1; dy += 3) {
          const box = [cx + dx - bw / 2, cx + dx + bw / 2, cy + dy - bh / 2, cy + dy + bh / 2];
          const score = [overlap(box), upright ? 1 : 0, dx * dx + dy * dy];
          if (!best || before(score, best.score)) best = { score, x: cx + dx, y: cy + dy, upright };
        }
      }
    }
    if (!best) continue;
    wd.node.setAttribute("x", String(best.x));
    wd.node.setAttribute("y", String(best.y + 4.5));
    if (best.upright) wd.node.setAttribute("transform", `rotate(-90 ${best.x} ${best.y})`);
  }
}

function tileLabel(tl, t, workerName) {
  const kind = tl.kind === "corner" ? t("aqua_romana.kind.corner") : t(`aqua_romana.kind.${tl.kind}`);
  const owners = tl.channels.map((c) => (c.worker ? workerName(c.worker) : t("aqua_romana.neutral")));
  return t("aqua_romana.tile_label", { square: tl.square, kind, rotation: tl.rotation, owners: owners.join(", ") });
}
