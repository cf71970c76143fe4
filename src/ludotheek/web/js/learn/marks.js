// Rings drawn over a page's elements: "click here" (the coach's target) and "look here"
// (places a coach step, a diagram or a hint points at). The pages redraw their boards all
// the time, so the marked elements are found again on every animation frame by functions,
// never kept; the rings are boxes laid over the page (pointer events pass through them), so
// they fit SVG cells and HTML buttons alike.
//
// The element to click carries `data-learn-target`; `<html data-learn-seq>` counts the
// changes of the target (and every click), so that a test can click what the coach
// highlights and wait until the coach has moved on.
import { el } from "../ui.js";

let seq = 0;
function bump() {
  seq += 1;
  document.documentElement.dataset.learnSeq = String(seq);
}

// Whether the middle of `node` lies under a panel that covers the page (the coach, stuck to
// the bottom of a phone's screen: `data-covers-rings`): its ring would be drawn over the panel.
function covered(node, r) {
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  const cover = hit && hit.closest("[data-covers-rings]");
  return Boolean(cover && !cover.contains(node));
}

export class Marker {
  // layer: where the rings go (an element with position: relative, or document.body)
  constructor(layer) {
    this.layer = layer;
    this.target = null;         // () => element | null: what to click
    this.places = () => [];     // () => [element]: what to look at
    this.marked = null;         // the element carrying data-learn-target now
    this.rings = [];
    this.frame = null;
    this.onClick = () => { setTimeout(() => { this.update(); bump(); }, 0); };
    document.addEventListener("click", this.onClick, true);
  }

  // what to click (a function, or null for nothing) and what to look at (a function)
  set({ target = null, places = null } = {}) {
    this.target = target;
    this.places = places || (() => []);
    this.active = Boolean(target || places);
    this.update();
    bump();
    this.loop();
  }

  clear() { this.set(); }

  destroy() {
    this.set();
    document.removeEventListener("click", this.onClick, true);
    cancelAnimationFrame(this.frame);
    for (const r of this.rings) r.remove();
    this.rings = [];
  }

  loop() {
    cancelAnimationFrame(this.frame);
    const tick = () => {
      this.update();
      if (this.active || this.rings.length) this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  update() {
    let target = null;
    try { target = this.target ? this.target() : null; } catch (err) { console.error(err); }
    if (target !== this.marked) {
      if (this.marked) delete this.marked.dataset.learnTarget;
      if (target) target.dataset.learnTarget = "1";
      this.marked = target;
      bump();
    }
    let places = [];
    try { places = this.places().filter(Boolean); } catch (err) { console.error(err); }
    const wanted = [...places.map((p) => [p, "look"]), ...(target ? [[target, "click"]] : [])];
    while (this.rings.length < wanted.length) {
      const ring = el("div", { class: "learn-ring", "aria-hidden": "true" });
      this.layer.append(ring);
      this.rings.push(ring);
    }
    while (this.rings.length > wanted.length) this.rings.pop().remove();
    const base = this.layer === document.body ? { left: -window.scrollX, top: -window.scrollY }
      : this.layer.getBoundingClientRect();
    const scrollLeft = this.layer === document.body ? 0 : this.layer.scrollLeft;
    const scrollTop = this.layer === document.body ? 0 : this.layer.scrollTop;
    wanted.forEach(([node, kind], i) => {
      const r = node.getBoundingClientRect();
      const ring = this.rings[i];
      ring.className = `learn-ring ${kind}`;
      ring.hidden = !node.isConnected || (r.width === 0 && r.height === 0) || covered(node, r);
      const pad = kind === "click" ? 4 : 2;
      Object.assign(ring.style, {
        left: `${r.left - base.left + scrollLeft - pad}px`, top: `${r.top - base.top + scrollTop - pad}px`,
        width: `${r.width + 2 * pad}px`, height: `${r.height + 2 * pad}px`,
      });
    });
  }
}
