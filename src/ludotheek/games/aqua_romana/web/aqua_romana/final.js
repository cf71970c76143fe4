// The final scoring, step by step, from the view's ``final``: first the open aqueducts closed
// and their workers on their podiums (starting with the player who laid the last tile), then
// the 4, 3 and 2 points for the three best placed workers, then every player's tally and the
// winner(s). Live, with animations on, the steps appear one at a time and the board marks each
// podium; otherwise (animations off, the replay viewer, a reload) all at once.
import { el, sleep } from "../../ui.js";
import { seatName, workerName } from "./format.js";
import { pawnIcon } from "./draw.js";

const STEP_MS = 650;

export class FinalScoring {
  constructor(ctx, onMark) {
    this.t = ctx.t;
    this.onMark = onMark;     // (podiumMark | null) -> the board marks a podium
    this.node = el("section", { class: "aq-final", id: "aq-final", hidden: true, "aria-live": "polite" });
    this.shownFor = null;
    this.run = 0;
  }

  hide() {
    this.node.hidden = true;
    this.node.replaceChildren();
    this.shownFor = null;
    this.run += 1;
    this.node.removeAttribute("data-ready");
  }

  // Show the final scoring of ``view`` (over); step by step when ``animate``.
  async show(view, animate) {
    const key = `${view.id}:${view.version}`;
    if (this.shownFor === key) return;
    this.shownFor = key;
    const run = ++this.run;
    const t = this.t;
    const st = view.state;
    const fin = st.final;
    this.node.removeAttribute("data-ready");
    this.node.hidden = false;
    const colourOf = new Map(st.workers.map((w) => [w.worker, w.colour]));
    const steps = [];
    const podiumList = el("ul", { class: "aq-final-steps plain", id: "aq-final-podiums" });
    for (const p of fin.podiums) {
      const li = el("li", { "data-worker": p.worker, "data-podium": String(p.podium) },
        pawnIcon(colourOf.get(p.worker), p.worker.match(/\d+$/)[0]), " ",
        p.podium ? t("aqua_romana.final.podium", { worker: workerName(t, p.worker), name: seatName(view, p.seat), length: p.length, podium: p.podium })
          : t("aqua_romana.final.no_podium", { worker: workerName(t, p.worker), name: seatName(view, p.seat), length: p.length }));
      steps.push([li, { value: p.podium }]);
      podiumList.append(li);
    }
    const bonusList = el("ul", { class: "aq-final-steps plain", id: "aq-final-bonuses" });
    for (const b of fin.bonuses) {
      const li = el("li", { "data-worker": b.worker, "data-bonus": String(b.bonus) },
        pawnIcon(colourOf.get(b.worker), b.worker.match(/\d+$/)[0]), " ",
        t("aqua_romana.final.bonus", { rank: b.rank, worker: workerName(t, b.worker), name: seatName(view, b.seat), podium: b.podium, bonus: b.bonus }));
      steps.push([li, { value: b.podium, bonus: b.bonus }]);
      bonusList.append(li);
    }
    const tally = this.tally(view);
    const winners = el("p", { class: "aq-winners", id: "aq-winners", text: winnersText(view, t) });
    const again = el("button", { type: "button", id: "aq-final-again", text: t("aqua_romana.final.again") });
    again.addEventListener("click", () => { this.shownFor = null; this.show(view, true); });
    const start = fin.podiums.length
      ? t("aqua_romana.final.start", { name: seatName(view, fin.start) })
      : t("aqua_romana.final.none_open");
    this.node.replaceChildren(
      el("h2", { text: t("aqua_romana.final.title") }),  // under the page's h1 (axe: heading-order)
      el("p", { class: "aq-final-why", text: t(`aqua_romana.end.${fin.reason}`) }),
      el("h3", { text: t("aqua_romana.final.step_podiums") }),
      el("p", { class: "muted", text: start }),
      podiumList,
      el("h3", { text: t("aqua_romana.final.step_bonuses") }),
      bonusList,
      el("h3", { text: t("aqua_romana.final.step_tally") }),
      tally, winners, again);
    if (!animate) {
      this.node.dataset.ready = "1";
      return;
    }
    this.node.scrollIntoView({ behavior: "smooth", block: "nearest" });
    const later = [tally, winners, again];
    for (const [li] of steps) li.hidden = true;
    for (const node of later) node.hidden = true;
    for (const [li, mark] of steps) {
      await sleep(STEP_MS);
      if (run !== this.run) return;
      li.hidden = false;
      li.classList.add("fresh");
      this.onMark(mark);
    }
    await sleep(STEP_MS);
    if (run !== this.run) return;
    this.onMark(null);
    for (const node of later) node.hidden = false;
    this.node.dataset.ready = "1";
  }

  tally(view) {
    const t = this.t;
    const st = view.state;
    const fin = st.final;
    const best = Math.max(...fin.totals);
    const colourOf = new Map(st.workers.map((w) => [w.worker, w.colour]));
    const rows = fin.tally.map((row) => el("tr", { class: fin.totals[row.seat] === best ? "winner" : "", "data-seat": String(row.seat) },
      el("th", { scope: "row" }, seatName(view, row.seat)),
      el("td", {}, row.workers.map((x) => el("span", { class: "aq-tally-worker", title: workerName(t, x.worker) }, pawnIcon(colourOf.get(x.worker), x.worker.match(/\d+$/)[0]), String(x.podium)))),
      el("td", { class: "num", text: String(row.podium_points) }),
      el("td", { class: "num", text: row.bonus ? `+${row.bonus}` : "0" }),
      el("td", { class: "num total", text: String(row.total) })));
    return el("table", { class: "aq-tally", id: "aq-tally" },
      el("thead", {}, el("tr", {},
        el("th", { text: t("aqua_romana.col.player") }), el("th", { text: t("aqua_romana.col.podiums") }),
        el("th", { text: t("aqua_romana.col.points") }), el("th", { text: t("aqua_romana.col.bonus") }),
        el("th", { text: t("aqua_romana.col.total") }))),
      el("tbody", {}, rows));
  }
}

export function winnersText(view, t) {
  const winners = view.state.winners;
  if (!winners.length) return "";
  const score = view.state.scores[winners[0]];
  const names = winners.map((s) => seatName(view, s));
  if (names.length === 1) return t("aqua_romana.result.one", { name: names[0], score });
  return t("aqua_romana.result.shared", { names: names.join(t("aqua_romana.and")), score });
}
