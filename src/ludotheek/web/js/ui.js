// Small helpers shared by the pages.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    // through the CSSOM: the security policy refuses style attributes
    else if (k === "style") node.style.cssText = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

export const SVG_NS = "http://www.w3.org/2000/svg";
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "style") node.style.cssText = v;
    else node.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c) node.append(c);
  return node;
}

let toastTimer = null;
export function toast(message, kind = "info") {
  let node = document.querySelector(".toast");
  if (!node) {
    node = el("div", { class: "toast", role: "status", "aria-live": "polite" });
    document.body.append(node);
  }
  node.className = `toast ${kind}`;
  node.textContent = message;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => node.remove(), kind === "info" ? 3000 : 6000);   // an error or a warning is read longer
}

export const sleep = (ms) => new Promise((r) => { setTimeout(r, ms); });

export function prefersMotion() {
  const saved = localStorage.getItem("ludotheek.animate");
  if (saved !== null) return saved === "1";
  return !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
export function setMotion(on) { localStorage.setItem("ludotheek.animate", on ? "1" : "0"); }

// A game's own stylesheet (/static/css/<name>.css), added once; the promise resolves when it
// is loaded, so a page can draw only when it looks as it should.
const sheets = new Map();
export function loadStylesheet(name) {
  if (!sheets.has(name) && document.getElementById(`${name}-css`)) sheets.set(name, Promise.resolve());  // in the page's head
  if (!sheets.has(name)) {
    const link = el("link", { rel: "stylesheet", href: `/static/css/${name}.css`, id: `${name}-css` });
    sheets.set(name, new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; }));
    document.head.append(link);
  }
  return sheets.get(name);
}

// Run `task` (a move, an undo) with `ui.busy` set, redrawing before and after; ignored while
// another one runs.
export async function whileBusy(ui, draw, task) {
  if (ui.busy) return;
  ui.busy = true;
  draw();
  try { await task(); } finally {
    ui.busy = false;
    draw();
  }
}

// What entry `number` (from 1) of the view's record is: "move", "resign" or "undo" (the
// view's `kinds`, beside the texts in `moves`: a game may spell a move "undo 1"), or null
// where the view has no such entry.
export function entryKind(view, number) {
  return (view.kinds && view.kinds[number - 1]) || null;
}

// Whether `view` follows `prev` by one decision of a computer player (not an undo): the
// decisions a page shows at a human pace.
export function computerDecided(view, prev) {
  if (view.version !== prev.version + 1 || prev.to_move === null) return false;
  const seat = view.seats[prev.to_move];
  if (!seat || seat.type !== "computer") return false;
  return entryKind(view, view.version) !== "undo";
}

// Whether a click came from a finger or a pen (a click is a PointerEvent in current browsers).
// On the dense boards a first tap only selects and shows what a mouse shows on hover; a second
// tap on the same thing confirms: a tap never plays a move by accident.
export function byTouch(ev) {
  return Boolean(ev) && (ev.pointerType === "touch" || ev.pointerType === "pen");
}
