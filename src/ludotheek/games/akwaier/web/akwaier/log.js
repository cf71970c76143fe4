// The message log: every placement, founding, merger (with its pot and every payout),
// purchase and pass, in words, as the moves are shown: the shared MoveLog (js/movelog.js)
// with Akwaier's sentences.
import { MoveLog } from "../../movelog.js";
import { list, money } from "./format.js";

export class MessageLog extends MoveLog {
  constructor(ctx) {
    super({ gameId: ctx.gameId, replay: ctx.replay, history: ctx.history, report: ctx.report, id: "akw-log",
      className: "akw-log", label: ctx.t("akwaier.log"), maxLines: 1500 });
    this.ctx = ctx;
    this.t = ctx.t;
  }

  sentences(entry) {
    return moveSentences(this.t, this.ctx.names)(entry, (n) => this.entries.get(n));
  }
}

// The sentences of one move (a /history entry): [[the event's type (the line's class), the
// sentence], ...]; ``entryAt(n)`` gives move n's entry (an undo names the move it took back).
export function moveSentences(t, names) {
  return (entry, entryAt = () => null) => {
    if (entry.undo !== null && entry.undo !== undefined) {
      const undone = entryAt(entry.undo + 1);
      const name = entry.seat !== null && entry.seat !== undefined ? names()[entry.seat] : "?";
      return [["undo", t("akwaier.log.undo", { name, move: undone ? undone.move : "?" })]];
    }
    return (entry.events || []).flatMap((e) => (SENTENCES[e.type] || (() => []))(e, t).map((text) => [e.type, text]));
  };
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
