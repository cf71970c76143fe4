// The contrast of a board's texts and pieces against what lies under them (tests/browser/
// test_look.py): axe checks little of an SVG. For each text of the board (its fill) and each
// piece (the fill of its largest filled shape), the colour under its centre is found by
// compositing, bottom up, what the browser lists at that point (elementsFromPoint, every
// element made hit-testable for the measure): SVG shapes by their fill and opacity, HTML boxes
// by their background; the element itself, its ancestors and its descendants left out. The
// WCAG ratio of the two colours, with what was measured, for each one below what it needs.
({ board, pieces, text: needText, piece: needPiece }) => {
  const root = document.querySelector(board);
  if (!root) return { measured: 0, failures: [{ what: `${board}: not on the page` }] };
  const sheet = new CSSStyleSheet();
  sheet.replaceSync("* { pointer-events: auto !important; }");
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  const rgba = (s) => {
    const m = /rgba?\(([^)]+)\)/.exec(s || "");
    if (!m) return null;
    const v = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
  };
  const opacity = (e) => {
    let a = 1;
    for (let n = e; n && n !== document.documentElement; n = n.parentElement) a *= Number(getComputedStyle(n).opacity);
    return a;
  };
  const shapes = new Set(["rect", "circle", "ellipse", "path", "polygon", "polyline"]);
  // the colour an element paints at a point (null: nothing, or a pattern we cannot read)
  const paint = (e) => {
    const style = getComputedStyle(e);
    if (style.visibility === "hidden" || style.display === "none") return null;
    if (e instanceof SVGElement) {
      if (!shapes.has(e.tagName)) return null;
      const c = rgba(style.fill);
      if (!c) return null;
      c[3] *= Number(style.fillOpacity) * opacity(e);
      return c[3] > 0.02 ? c : null;
    }
    const c = rgba(style.backgroundColor);
    if (!c) return null;
    c[3] *= opacity(e);
    return c[3] > 0.02 ? c : null;
  };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3]));
  const under = (e, x, y) => {
    const layers = [];
    for (const n of document.elementsFromPoint(x, y)) {
      if (n === e || e.contains(n) || n.contains(e)) continue;
      const c = paint(n);
      if (!c) continue;
      layers.push(c);
      if (c[3] >= 0.999) break;
    }
    let colour = [255, 255, 255];
    for (const c of layers.reverse()) colour = over(c, colour);
    return colour;
  };
  const lum = (c) => {
    const [r, g, b] = c.map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => { const [l1, l2] = [lum(a), lum(b)].sort((p, q) => q - p); return (l1 + 0.05) / (l2 + 0.05); };
  const hex = (c) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
  const name = (e) => `${e.tagName}${e.id ? `#${e.id}` : ""}.${(e.getAttribute("class") || "").split(" ").join(".")}`;
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth
      && getComputedStyle(e).visibility !== "hidden" && opacity(e) > 0.05;
  };
  const out = [];
  let measured = 0;
  // a text's or a shape's outline (a halo drawn under a text's fill, a piece's dark edge):
  // its colour when it is at least `width` wide, else null
  const outline = (e, width) => {
    const style = getComputedStyle(e);
    const c = rgba(style.stroke);
    if (!c || parseFloat(style.strokeWidth) < width) return null;
    c[3] *= Number(style.strokeOpacity);
    return c[3] > 0.5 ? c : null;
  };
  const check = (e, fill, need, what) => {
    const r = e.getBoundingClientRect();
    const bg = under(e, r.left + r.width / 2, r.top + r.height / 2);
    const fg = over([...fill.slice(0, 3), fill[3] * opacity(e)], bg);
    // a halo (stroke painted first) is what lies under the letters
    const halo = getComputedStyle(e).paintOrder.startsWith("stroke") ? outline(e, 2) : null;
    const k = halo ? ratio(fg, over(halo, bg)) : ratio(fg, bg);
    measured += 1;
    if (k < need) out.push({ what: `${what} ${name(e)} "${(e.textContent || "").trim().slice(0, 12)}"`, ratio: Math.round(k * 100) / 100, fg: hex(fg), bg: hex(bg), need });
  };
  try {
    for (const e of root.querySelectorAll("text")) {
      if (!e.textContent.trim() || !shown(e)) continue;
      const fill = rgba(getComputedStyle(e).fill);
      if (fill) check(e, fill, needText, "text");
    }
    for (const piece of root.querySelectorAll(pieces)) {
      if (!shown(piece)) continue;
      // the piece's colour: its largest filled shape (a fish's body, a seed, a tile)
      // (a fill of a pattern, a fish's stripes, counts by its edge only)
      const painted = (n) => rgba(getComputedStyle(n).fill) || outline(n, 1);
      const parts = [piece, ...piece.querySelectorAll("*")].filter((n) => shapes.has(n.tagName) && painted(n));
      if (!parts.length) continue;
      const area = (n) => { const b = n.getBoundingClientRect(); return b.width * b.height; };
      const main = parts.reduce((a, b) => (area(b) > area(a) ? b : a));
      const fill = rgba(getComputedStyle(main).fill) || [0, 0, 0, 0];
      fill[3] *= Number(getComputedStyle(main).fillOpacity);
      const r = main.getBoundingClientRect();
      const bg = under(piece, r.left + r.width / 2, r.top + r.height / 2);
      const fg = over([...fill.slice(0, 3), fill[3] * opacity(main)], bg);
      // told apart by its fill or by its edge (WCAG's non-text contrast: either will do)
      const edge = outline(main, 1);
      const k = Math.max(ratio(fg, bg), edge ? ratio(over([...edge.slice(0, 3), edge[3] * opacity(main)], bg), bg) : 0);
      measured += 1;
      if (k < needPiece) out.push({ what: `piece ${name(piece)}`, ratio: Math.round(k * 100) / 100, fg: hex(fg), bg: hex(bg), need: needPiece });
    }
  } finally {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  }
  return { measured, failures: out };
}
