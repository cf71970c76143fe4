// The message log: every placement, founding, merger (with its pot and every payout),
// purchase and pass, in words, as the moves are shown. A screen reader hears each new line
// (role="log"). What the page did not see itself (a reload, a reconnection, an undo that
// skipped views, the replay viewer) comes from /api/games/<id>/history.
import { api } from "../../api.js";
import { el } from "../../ui.js";
import { list, money } from "./format.js";

export class MessageLog {
  constructor(ctx) {
    this.ctx = ctx;
    this.t = ctx.t;
    this.node = el("ol", { class: "akw-log", id: "akw-log", role: "log", "aria-live": "polite",
      "aria-label": ctx.t("akwaier.log") });
    this.entries = new Map();   // move number -> { number, move, seat, undo, events }
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
        && !this.ctx.replay && last !== undefined && !last.startsWith("undo ")) {
      this.entries.set(view.version, { number: view.version, move: last, seat: prev.to_move, undo: null,
        events: view.state.events });
    }
    if (this.rendered > this.target) this.clear();
    this.flush();
  }

  // Write the language again (all lines).
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
      while (node.childElementCount > 1500) node.firstElementChild.remove();
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
      this.ctx.report(err);
    } finally {
      this.fetching = false;
    }
    if (!this.failed) this.flush();
  }

  sentences(entry) {
    const t = this.t;
    if (entry.undo !== null && entry.undo !== undefined) {
      const undone = this.entries.get(entry.undo + 1);
      const names = this.ctx.names();
      const name = entry.seat !== null && entry.seat !== undefined ? names[entry.seat] : "?";
      return [["undo", t("akwaier.log.undo", { name, move: undone ? undone.move : "?" })]];
    }
    // [the event's type (the line's class), the sentence], for every sentence of every event
    return (entry.events || []).flatMap((e) => (SENTENCES[e.type] || (() => []))(e, t).map((text) => [e.type, text]));
  }
}

const SENTENCES = {
  place: (e, t) => {
    if (e.chain === null) return [t("akwaier.log.loose", e)];
    if (e.absorbed_loose.length) return [t("akwaier.log.join_along", { ...e, cells: list(e.absorbed_loose, t) })];
    return [t("akwaier.log.join", e)];
  },
  found: (e, t) => [t("akwaier.log.found", e)],
  tie: (e, t) => [t("akwaier.log.tie", { ...e, tied: list(e.tied, t) })],
  merger: (e, t) => {
    const out = [t("akwaier.log.merger", { ...e, price: money(e.price), pot: money(e.pot) })];
    out.push(e.paid.length
      ? t("akwaier.log.paid", { chain: e.chain, list: e.paid.map((p) => `${p.name} ${money(p.amount)}`).join(", ") })
      : t("akwaier.log.unpaid", { chain: e.chain }));
    if (e.exchange.length) {
      out.push(t("akwaier.log.exchange", { chain: e.chain, into: e.into,
        list: e.exchange.map((x) => `${x.name} ${x.gave} → ${x.got}`).join(", ") }));
    }
    return out;
  },
  buy: (e, t) => {
    if (e.chain === null) return [t("akwaier.log.buy_none", e)];
    if (!e.bought) return [t("akwaier.log.no_cash", e)];
    const text = t("akwaier.log.buy", { ...e, price: money(e.price), cost: money(e.cost) });
    return [e.asked > e.bought ? `${text} ${t("akwaier.log.asked", e)}` : text];
  },
  no_buy: (e, t) => [t(`akwaier.log.${e.reason}`, e)],
  pass: (e, t) => [t("akwaier.log.pass", e)],
  end: (e, t) => [t(`akwaier.end.${e.reason}`)],
};
