// Under the sea: both health meters (7 at the start, 23 wins), the difference (10 ahead at
// the end of a round wins), the round, the start player and the shark to move; per player
// their three sharks in words.
import { el, svg } from "../../ui.js";
import { COLOUR_KEYS, SEAT_KEYS, sharkName } from "./draw.js";
import { COMPASS } from "./geometry.js";
import { dirName } from "./text.js";

const ARROW = Object.fromEntries(COMPASS);

const SCALE = 25;   // the bar runs from 0 to 25 (23 wins, a little beyond it still fits)

function badge(seat) {
  return svg("svg", { class: `hz-swatch seat-${seat}`, viewBox: "0 0 20 20", "aria-hidden": "true" },
    seat === 0 ? svg("circle", { cx: 10, cy: 10, r: 8 }) : svg("rect", { x: 2.5, y: 2.5, width: 15, height: 15, rx: 2 }));
}

export function createMeters() {
  const rows = [0, 1].map((seat) => {
    const fill = el("div", { class: "hz-fill" });
    const value = el("span", { class: "hz-value", id: `hz-health-${seat}` });
    const name = el("span", { class: "hz-name" });
    const track = el("div", { class: "hz-track", role: "meter", "aria-valuemin": "0", "aria-valuemax": "23", id: `hz-meter-${seat}` },
      fill,
      el("span", { class: "hz-tick start", style: `left:${(7 / SCALE) * 100}%` }),
      el("span", { class: "hz-tick goal", style: `left:${(23 / SCALE) * 100}%` }));
    const sharks = el("div", { class: "hz-sharks" });
    const row = el("div", { class: `hz-meter seat-${seat}`, "data-seat": seat },
      el("div", { class: "hz-who" }, badge(seat), name, value), track, sharks);
    return { row, fill, value, name, track, sharks };
  });
  const scales = rows.map((r) => {
    const scale = el("div", { class: "hz-scale", "aria-hidden": "true" },
      el("span", { style: "left:0", text: "0" }),
      el("span", { style: `left:${(7 / SCALE) * 100}%`, class: "start" }),
      el("span", { style: `left:${(23 / SCALE) * 100}%`, class: "goal" }));
    r.track.after(scale);
    return scale;
  });
  const diff = el("p", { class: "hz-diff", id: "hz-diff" });
  const rule = el("p", { class: "hz-rule" });
  const info = el("p", { class: "hz-info", id: "hz-info" });
  const node = el("section", { class: "hz-meters", id: "hz-meters" }, ...rows.map((r) => r.row), el("div", { class: "hz-summary" }, diff, rule, info));
  return { node, rows, scales, diff, rule, info };
}

// `side`: the seat whose meter comes first (this page's own, or as the board was turned:
// js/viewpoint.js); `held`: the seats played here, each marked "you".
export function drawMeters(m, view, t, { side = 0, held = {} } = {}) {
  const st = view.state;
  const names = view.names;
  const first = m.rows[side] || m.rows[0];
  if (m.node.firstElementChild !== first.row) m.node.prepend(first.row);
  for (const r of m.rows) r.row.classList.toggle("first", r === first);
  const [h0, h1] = st.health;
  for (const scale of m.scales) {
    scale.children[1].textContent = t("haaienzee.meter.start");
    scale.children[2].textContent = t("haaienzee.meter.goal");
  }
  m.rows.forEach((r, seat) => {
    const h = st.health[seat];
    r.fill.style.width = `${(Math.max(0, Math.min(SCALE, h)) / SCALE) * 100}%`;
    r.value.textContent = String(h);
    r.track.setAttribute("aria-valuenow", String(h));
    r.track.setAttribute("aria-label", t("haaienzee.meter.label", { name: names[seat] }));
    const colour = t(SEAT_KEYS[seat]);
    r.name.textContent = names[seat] === colour ? colour : `${names[seat]} (${colour})`;
    if (held[seat] !== undefined) r.name.append(el("span", { class: "tag hz-you", text: ` · ${t("game.you")}` }));
    r.row.classList.toggle("mine", held[seat] !== undefined);
    r.row.classList.toggle("to-move", st.to_move === seat);
    r.sharks.replaceChildren(...st.sharks.filter((s) => s.seat === seat).map((s) => {
      const note = s.taken_out ? ` ${t("haaienzee.taken_out_note", { colour: t(COLOUR_KEYS[s.taken_out]) })}` : "";
      return el("span", {
        class: `hz-shark-line${s.id === st.shark_to_move ? " to-move" : ""}`, id: `hz-line-${s.id}`,
        title: s.hex ? t("haaienzee.shark_label", { shark: sharkName(s, t), hex: s.hex, facing: dirName(s.facing, t), prey: t(COLOUR_KEYS[s.prey]) }) + note : null,
        text: s.hex
          ? t("haaienzee.shark_line", { n: s.number, hex: s.hex, arrow: ARROW[s.facing], prey: t(COLOUR_KEYS[s.prey]) }) + note
          : t("haaienzee.shark_unplaced", { shark: sharkName(s, t) }),
      });
    }));
  });
  const d = h0 - h1;
  const near = leadNearing(view) !== null;
  m.diff.textContent = near ? leadWarning(view, t)
    : d === 0 ? t("haaienzee.diff.level", { health: h0 })
      : t("haaienzee.diff.lead", { name: names[d > 0 ? 0 : 1], lead: Math.abs(d) });
  m.diff.classList.toggle("near", near);
  m.rule.textContent = t("haaienzee.diff.rule");
  const parts = [];
  if (st.phase === "setup") parts.push(t("haaienzee.info.setup"));
  else parts.push(t("haaienzee.info.round", { round: st.round, max: st.max_rounds }), t("haaienzee.info.start", { name: names[st.start_player] }));
  const mover = st.sharks.find((s) => s.id === st.shark_to_move);
  if (mover && !view.over) parts.push(t("haaienzee.info.to_move", { shark: sharkName(mover, t) }));
  m.info.textContent = parts.join(" · ");
}

// A lead that nears the one that ends the game at the end of this round (at most 4 short of it,
// during a round): the seat that leads, else null. A default game can end after its first round.
export const LEAD_WARNING = 4;
export function leadNearing(view) {
  const st = view.state;
  if (view.over || st.phase !== "turn" || !st.win_lead) return null;
  const d = st.health[0] - st.health[1];
  return Math.abs(d) >= st.win_lead - LEAD_WARNING ? (d > 0 ? 0 : 1) : null;
}

export function leadWarning(view, t) {
  const st = view.state;
  const seat = leadNearing(view);
  const lead = Math.abs(st.health[0] - st.health[1]);
  return t(lead >= st.win_lead ? "haaienzee.diff.winning" : "haaienzee.diff.near",
    { name: view.names[seat], lead, win: st.win_lead, round: st.round });
}
