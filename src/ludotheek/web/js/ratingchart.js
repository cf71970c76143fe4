// A profile's rating over its rated games as an SVG line chart, drawn here: one point per
// game (equally spaced: games come in bursts), the band of ± one σ around it, the y axis
// with round ratings, the first and last dates under the x axis. Every point has a
// tooltip (date, rating, change, place) and the chart a summary for screen readers.
import { svg } from "./ui.js";

const PAD = { left: 48, right: 16, top: 14, bottom: 34 };

function niceStep(span) {
  const raw = span / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) || 10 * mag;
}

// points: [{at, rating, sigma, before, before_sigma, change, place, players}], oldest first;
// width: the width to draw for in CSS pixels (the text stays readable on a phone)
export function ratingChart(points, { t, lang, game, width = 640 }) {
  const W = Math.max(300, Math.min(760, Math.round(width)));
  const H = Math.round(Math.max(200, Math.min(280, W * 0.42)));
  const series = [{ rating: points[0].before, sigma: points[0].before_sigma, at: null }, ...points];
  const lows = series.map((p) => p.rating - (p.sigma || 0));
  const highs = series.map((p) => p.rating + (p.sigma || 0));
  let lo = Math.min(...lows), hi = Math.max(...highs);
  if (hi - lo < 100) { const mid = (hi + lo) / 2; lo = mid - 50; hi = mid + 50; }
  const step = niceStep(hi - lo);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const x = (i) => PAD.left + (series.length === 1 ? 0 : i * (W - PAD.left - PAD.right) / (series.length - 1));
  const y = (r) => PAD.top + (hi - r) * (H - PAD.top - PAD.bottom) / (hi - lo);
  const date = (at) => new Date(at * 1000).toLocaleDateString(lang);
  const first = points[0], last = points[points.length - 1];
  const root = svg("svg", {
    viewBox: `0 0 ${W} ${H}`, class: "rating-chart", role: "img", id: `chart-${game}`,
    "aria-label": t("ratings.chart_label", { game: t(`${game}.title`), first: first.before, last: last.rating }),
  });
  for (let r = lo; r <= hi + 1e-9; r += step) {
    root.append(
      svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(r), y2: y(r), class: "grid" }),
      svg("text", { x: PAD.left - 6, y: y(r) + 4, class: "tick", "text-anchor": "end", text: String(Math.round(r)) }));
  }
  const band = series.map((p, i) => [x(i), y(p.rating + (p.sigma || 0))])
    .concat(series.map((p, i) => [x(i), y(p.rating - (p.sigma || 0))]).reverse());
  if (series.length > 1) {
    root.append(svg("polygon", { points: band.map((p) => p.join(",")).join(" "), class: "band" }));
  }
  root.append(svg("polyline", { points: series.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), class: "line" }));
  series.forEach((p, i) => {
    if (i === 0) return;
    const sign = p.change > 0 ? "+" : "";
    const dot = svg("circle", { cx: x(i), cy: y(p.rating), r: series.length > 60 ? 2.5 : 4,
      class: `dot ${p.change > 0 ? "up" : p.change < 0 ? "down" : ""}`, "data-game": p.game_id });
    dot.append(svg("title", { text: `${date(p.at)}: ${p.rating} (${sign}${p.change}) · ${t("ratings.place_of", { place: p.place, n: p.players })}` }));
    root.append(dot);
  });
  root.append(
    svg("line", { x1: PAD.left, x2: W - PAD.right, y1: H - PAD.bottom, y2: H - PAD.bottom, class: "axis" }),
    svg("text", { x: x(1), y: H - 10, class: "tick", "text-anchor": series.length > 2 ? "middle" : "end", text: date(first.at) }));
  if (points.length > 1) {
    root.append(svg("text", { x: W - PAD.right, y: H - 10, class: "tick", "text-anchor": "end", text: date(last.at) }));
  }
  return root;
}
