// The score panel: per player their colours (shape and pattern), points on the podiums, the
// workers still building and on podiums, and the builders they picked but have not placed yet.
import { el } from "../../ui.js";
import { swatch } from "./draw.js";
import { kindName, seatName, workerName } from "./format.js";

export function createPanel(t) {
  const node = el("section", { class: "aq-panel", id: "aq-scores", "aria-label": t("aqua_romana.scores") });
  return { node };
}

// `side`: the seat listed first (this page's own, or as the board was turned: js/viewpoint.js);
// the seats played here are marked "you".
export function drawPanel(panel, view, t, held, side = 0) {
  const st = view.state;
  const byName = new Map(st.workers.map((w) => [w.worker, w]));
  const rows = st.seats.map((seat) => {
    const workers = seat.workers.map((name) => byName.get(name));
    const open = workers.filter((w) => w.state !== "retired");
    const retired = workers.filter((w) => w.state === "retired");
    const you = held[seat.seat] !== undefined;
    const who = el("div", { class: "aq-who" },
      ...seat.colours.map((c) => swatch(c)),
      el("span", { class: "aq-name", text: seatName(view, seat.seat) }),
      you ? el("span", { class: "tag", text: ` (${t("game.you")})` }) : null);
    const details = el("div", { class: "aq-details" },
      el("span", { text: t("aqua_romana.panel.building", { n: open.length }) }),
      open.length ? el("span", { class: "aq-lengths", text: open.map((w) => `${workerName(t, w.worker)}: ${w.length}`).join(" · ") }) : null,
      retired.length ? el("span", { class: "aq-retired", text: t("aqua_romana.panel.podiums", {
        list: retired.map((w) => (w.podium ? String(w.podium) : "0")).join(" + ") }) }) : null,
      seat.held.length ? el("span", { class: "aq-held", text: t("aqua_romana.panel.held", { list: seat.held.map((k) => kindName(t, k)).join(", ") }) }) : null);
    return el("li", { class: `aq-seat${view.to_move === seat.seat ? " to-move" : ""}${st.current === seat.seat && !view.over ? " current" : ""}${you ? " mine" : ""}`,
      "data-seat": String(seat.seat) },
    el("div", { class: "aq-seat-top" }, who, el("span", { class: "aq-score", text: String(st.scores[seat.seat]) })),
    details);
  });
  const at = Math.max(0, st.seats.findIndex((seat) => seat.seat === side));
  const ordered = [...rows.slice(at), ...rows.slice(0, at)];  // in the order of play, from `side` on
  panel.node.replaceChildren(el("h3", { text: t("aqua_romana.scores") }), el("ul", { class: "aq-seats" }, ordered));
}
