// A game's message log: a line (or a few) for every move, written from the move's events
// as the views are shown. A screen reader hears each new line (role="log"). What the page
// did not see itself (a reload, a reconnection, an undo that skipped views, the replay
// viewer) comes from /api/games/<id>/history. The game gives the sentences:
//   sentences(entry) -> [[kind, text], ...]   entry: {number, move, seat, undo, events}
import { api } from "./api.js";
import { el } from "./ui.js";

export class EventLog {
  constructor({ ctx, id, className = "log", label, sentences }) {
    this.ctx = ctx;
    this.sentences = sentences;
    this.report = ctx.report || ((err) => console.error(err));
    this.node = el("ol", { class: className, id, role: "log", "aria-live": "polite", "aria-label": label });
    this.entries = new Map();   // move number -> entry
    this.rendered = 0;          // the moves written so far
    this.target = 0;            // the moves the board shows
    this.fetching = false;
    this.failed = false;
  }

  entry(number) { return this.entries.get(number); }

  // The board now shows ``view``; ``prev`` was shown before it.
  update(view, prev) {
    this.target = view.version;
    this.failed = false;
    const last = view.moves[view.version - 1];
    if (view.version > 0 && !this.entries.has(view.version) && prev && prev.version === view.version - 1
        && !this.ctx.replay && last !== undefined && !last.startsWith("undo ")) {
      this.entries.set(view.version, { number: view.version, move: last, seat: prev.to_move, undo: null,
        events: view.state.events });
    }
    if (this.rendered > this.target) this.clear();
    this.flush();
  }

  // Write every line again (another language).
  redraw() {
    this.clear();
    this.flush();
  }

  clear() {
    this.node.replaceChildren();
    this.rendered = 0;
  }

  flush() {
    const node = this.node;
    // follow the newest line, unless the reader scrolled up to read older ones
    const follow = this.rendered === 0 || node.scrollHeight - node.scrollTop - node.clientHeight < 40;
    const lines = [];
    while (this.rendered < this.target) {
      const entry = this.entries.get(this.rendered + 1);
      if (!entry) { this.fetch(this.rendered + 1); break; }
      for (const [kind, text] of this.sentences(entry)) {
        lines.push(el("li", { "data-move": String(entry.number), class: kind, text }));
      }
      this.rendered += 1;
    }
    if (lines.length) {
      node.append(...lines);
      while (node.childElementCount > 2000) node.firstElementChild.remove();
      if (follow) {
        node.scrollTop = node.scrollHeight;
        requestAnimationFrame(() => { node.scrollTop = node.scrollHeight; });
      }
    }
  }

  async fetch(from) {
    if (this.fetching || this.failed) return;
    this.fetching = true;
    const to = this.target;
    try {
      const res = await api.get(`/api/games/${this.ctx.gameId}/history?from=${from}&to=${to}`);
      for (const m of res.moves) this.entries.set(m.number, m);
    } catch (err) {
      this.failed = true;  // tried once for this view; the next view tries again
      this.report(err);
    } finally {
      this.fetching = false;
    }
    if (!this.failed) this.flush();
  }
}
