// A game's message log, written from the moves the board shows: every move's events in
// sentences. What the page did not see itself (a reload, a reconnection, an undo that skipped
// views, the replay viewer) comes from /api/games/<id>/history. A screen reader hears each new
// line (aria-live). The game gives the sentences: sentences(entry) -> [[class, text], ...],
// entry = { number, move, seat, undo, events } (or a subclass defines sentences(entry)).
// Every page's log is one of these.
import { api } from "./api.js";
import { el, entryKind } from "./ui.js";

export class MoveLog {
  constructor({ gameId, replay, report, label, id, className = "movelog", sentences, onChange,
    maxLines = 2000, history }) {
    this.gameId = gameId;
    // where the moves the page did not see come from (a page that shows no stored game, such
    // as a lesson, gives its own): (from, to) -> Promise<{moves}>
    this.history = history || ((from, to) => api.get(`/api/games/${this.gameId}/history?from=${from}&to=${to}`));
    this.replay = Boolean(replay);
    this.report = report || ((err) => console.error(err));
    if (sentences) this.sentences = sentences;
    this.onChange = onChange || (() => {});
    this.maxLines = maxLines;
    // a list that announces its new lines (aria-live; role="log" would hide that it is a list)
    // (it scrolls: the keyboard can reach it, tabindex 0)
    this.node = el("ol", { class: className, id, "aria-live": "polite", "aria-relevant": "additions", "aria-label": label, tabindex: 0 });
    this.entries = new Map();   // move number -> entry
    this.rendered = 0;          // the moves written so far
    this.target = 0;            // the moves the board shows
    this.fetching = false;
    this.failed = false;
  }

  // The board now shows ``view``; ``prev`` was shown before it.
  update(view, prev) {
    this.target = view.version;
    this.failed = false;
    const last = view.moves[view.version - 1];
    if (view.version > 0 && !this.entries.has(view.version) && prev && prev.version === view.version - 1
        && !this.replay && last !== undefined && entryKind(view, view.version) !== "undo") {
      this.entries.set(view.version, { number: view.version, move: last, seat: prev.to_move, undo: null,
        events: view.state.events, scores: view.scores });
    }
    if (this.rendered > this.target) this.clear();
    this.flush();
  }

  entry(number) { return this.entries.get(number); }

  // The entries of moves ``from``..``to`` that are known (for marks on the board).
  known(from, to) {
    const out = [];
    for (let n = Math.max(1, from); n <= to; n++) if (this.entries.has(n)) out.push(this.entries.get(n));
    return out;
  }

  // Write every line again (a new language).
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
      for (const [kind, text] of this.sentences(entry, (n) => this.entries.get(n))) {
        lines.push(el("li", { "data-move": String(entry.number), class: kind, text }));
      }
      this.rendered += 1;
    }
    if (lines.length) {
      node.append(...lines);
      while (node.childElementCount > this.maxLines) node.firstElementChild.remove();
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
      const res = await this.history(from, to);
      for (const m of res.moves) this.entries.set(m.number, m);
      if (!this.entries.has(from)) this.failed = true;   // nothing more to learn: no loop
    } catch (err) {
      this.failed = true;  // tried once for this view; the next view tries again
      this.report(err);
    } finally {
      this.fetching = false;
    }
    if (!this.failed) {
      this.flush();
      this.onChange();
    }
  }
}
