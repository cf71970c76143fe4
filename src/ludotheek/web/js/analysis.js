// The analysis in the replay viewer: the Analyse button with a progress bar, the graph of
// each seat's standing (a click shows that position), the marks in the move list, each
// seat's counts, and for the move shown: its mark, the better move in words and on the
// board, and "Try again from here". Where the standing is exact and the game says it is
// the result (`outcomes`: Wari's endgame database), the graph shades those positions and
// the words say the result with perfect play and what the move made of it; the game's
// notes (what its analysis could not do) are shown in its words. The server does the work
// (/api/games/<id>/analysis).
import { api } from "./api.js";
import { markMoves } from "./highlight.js";
import { language, t } from "./i18n.js";
import { errorText } from "./problems.js";
import { remember } from "./tokens.js";
import { el, svg, toast } from "./ui.js";

export const SYMBOLS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const COLOURS = ["#1f6fb5", "#c0392b", "#2e8b57", "#8e44ad", "#b8860b", "#444"];
const DASHES = ["", "7 4", "2 4", "10 4 2 4", "1 3", "14 5"];
let GW = 640;  // the graph is drawn at its width on screen (redrawn when that changes)
const GH = 200;
const PAD = { left: 56, right: 12, top: 12, bottom: 26 };

// Whether this game may be analysed now: the server's word (view.engine_help): not while a
// rated game or a game between people runs (the hint's rule, server/play/fairplay.py).
export function allowed(view) {
  return view.engine_help !== false;
}

// Why not: a game between people, else a rated game.
function forbidden(view) {
  return t(view.seats.filter((s) => s.type === "person").length >= 2 ? "analysis.forbidden" : "analysis.forbidden_rated");
}

let meta = null;
// Whether `game` declares an analysis at all (/api/meta's `analysis`, fetched once a page).
export async function declared(game) {
  meta = meta || api.get("/api/meta").catch(() => ({ games: [] }));
  const found = (await meta).games.find((g) => g.name === game);
  return Boolean(found && found.analysis);
}

function number(value, decimals, least = decimals) {
  return new Intl.NumberFormat(language(), { maximumFractionDigits: decimals, minimumFractionDigits: least }).format(value);
}

// A standing or a loss as words: "+3.5", "62%", "182,400".
// An axis' round values (axis: true) without trailing zeros: "+20", "2.5".
export function formatValue(result, value, { signed = result.signed, axis = false } = {}) {
  value += 0;  // -0 (a seat's side of a drawn margin) is written 0
  if (result.unit === "chance") return `${number(100 * value, 0)}%`;
  const text = number(value, result.decimals, axis ? 0 : result.decimals);
  return signed && value > 0 ? `+${text}` : text;
}

// Round values around lo..hi for the graph's axis: steps of 1, 2, 2.5 or 5 times a power of
// ten, at most six lines; the range grows to the outer ones.
export function roundTicks(lo, hi) {
  if (hi - lo < 1e-9) { hi += 1; lo -= 1; }
  const power = 10 ** Math.floor(Math.log10((hi - lo) / 5));
  const count = (step) => Math.ceil(hi / step - 1e-9) - Math.floor(lo / step + 1e-9) + 1;
  const step = [1, 2, 2.5, 5, 10, 20].map((k) => k * power).find((v) => count(v) <= 6);
  const first = Math.floor(lo / step + 1e-9) * step;
  const top = Math.ceil(hi / step - 1e-9) * step;
  const ticks = [];
  for (let i = 0; first + i * step <= top + step / 2; i++) ticks.push(Math.abs(first + i * step) < step / 1e6 ? 0 : first + i * step);
  return { lo: first, hi: top, ticks };
}

// An exact standing as the seat's result: "a win by 2 seeds", "a draw", "a loss by 1 seed".
export function outcomeText(result, value) {
  if (Math.abs(value) < 1e-9) return t("analysis.outcome.draw");
  const amount = t(`analysis.amount.${result.unit}`, { n: number(Math.abs(value), result.decimals, 0) });
  return t(value > 0 ? "analysis.outcome.win" : "analysis.outcome.loss", { amount });
}

// The game's note (a text of its catalog with its parameters) in the page's language.
function noteText(note) {
  return t(note.key, note.params || {});
}

function gainText(result, loss) {
  const n = result.unit === "chance" ? number(100 * loss, 0) : number(loss, result.decimals);
  return t(`analysis.unit.${result.unit}`, { n });
}

export function mountAnalysis({ gameId, token, view, game, names, go, current, board, renderer }) {
  const box = document.getElementById("analysis");
  const button = el("button", { type: "button", class: "primary", id: "analyse", text: t("analysis.analyse") });
  const progress = el("progress", { id: "analysis-progress", max: "1", value: "0", hidden: true });
  const note = el("p", { class: "muted", id: "analysis-note", role: "status", "aria-live": "polite" });
  const graph = el("div", { id: "analysis-graph", class: "analysis-graph" });
  const detail = el("div", { id: "analysis-detail", class: "analysis-detail", "aria-live": "polite" });
  const summary = el("div", { id: "analysis-summary" });
  box.replaceChildren(el("h2", { text: t("analysis.title"), class: "analysis-title" }),
    el("p", { class: "muted", text: t("analysis.explain") }),
    el("div", { class: "controls" }, button, progress), note, graph, detail, summary);
  box.hidden = false;
  let result = null;
  let polling = null;
  let clearMarks = () => {};
  let pendingMark = null;

  declared(game).then((yes) => { if (!yes) box.hidden = true; });
  if (!allowed(view)) {
    button.disabled = true;
    note.textContent = forbidden(view);
    return { show() {}, decorate() {}, refresh() {} };
  }

  function showStatus(answer) {
    if (answer.status === "running") {
      progress.hidden = false;
      progress.max = String(Math.max(1, answer.total));
      progress.value = String(answer.done);
      note.textContent = t("analysis.progress", { done: answer.done, total: answer.total });
      button.disabled = true;
      // the quick review's analysis as it stands: every position screened, the marks
      // firmed up as the positions where the value moves are studied with the full work
      if (answer.result) {
        result = answer.result;
        draw();
      }
    } else {
      progress.hidden = true;
      button.disabled = false;
    }
    if (answer.status === "failed") note.textContent = t("analysis.failed");
    if (answer.status === "done") {
      result = answer.result;
      note.textContent = answer.moves < answer.version ? t("analysis.moved_on") : "";
      button.textContent = answer.moves < answer.version ? t("analysis.update") : t("analysis.again");
      button.hidden = answer.moves >= answer.version;
      if (result.hidden) note.textContent = t("analysis.hidden");
      draw();
    }
  }

  // a quarter second until the first analysis is shown (the server has one within a
  // fraction of a second of the workers' time: issue 39), then half a second
  const pollEvery = (answer) => (answer.result ? 500 : 250);

  async function poll() {
    clearTimeout(polling);
    try {
      const answer = await api.get(`/api/games/${gameId}/analysis`, token);
      showStatus(answer);
      if (answer.status === "running") polling = setTimeout(poll, pollEvery(answer));
    } catch (err) {
      note.textContent = err.status === 403 ? forbidden(view) : errorText(err);
    }
  }

  async function start() {
    button.disabled = true;
    note.textContent = t("analysis.starting");
    try {
      const answer = await api.post(`/api/games/${gameId}/analysis`, undefined, token);
      showStatus(answer);
      if (answer.status === "running") polling = setTimeout(poll, pollEvery(answer));
    } catch (err) {
      button.disabled = false;
      note.textContent = err.status === 403 ? forbidden(view) : errorText(err);
    }
  }
  button.addEventListener("click", start);

  // --- the graph -----------------------------------------------------------------------
  function draw() {
    drawGraph();
    drawSummary();
    decorate();
    show(current());
  }

  function scale() {
    const points = result.positions.filter((p) => p.standing.length);
    const last = Math.max(1, ...points.map((p) => p.at));
    let lo;
    let hi;
    let ticks;
    if (result.unit === "chance") { lo = 0; hi = 1; ticks = [0, 0.5, 1]; } else {
      const all = points.flatMap((p) => p.standing);
      lo = Math.min(...all);
      hi = Math.max(...all);
      if (result.signed) { hi = Math.max(1, Math.abs(lo), Math.abs(hi)); lo = -hi; }
      ({ lo, hi, ticks } = roundTicks(lo, hi));
    }
    const x = (at) => PAD.left + (at / last) * (GW - PAD.left - PAD.right);
    const y = (v) => PAD.top + (1 - (v - lo) / (hi - lo)) * (GH - PAD.top - PAD.bottom);
    return { points, last, lo, hi, ticks, x, y };
  }

  function drawGraph() {
    GW = Math.max(300, Math.round(graph.clientWidth || 640));
    const s = scale();
    const nodes = [];
    for (const v of s.ticks) {
      nodes.push(svg("line", { x1: PAD.left, x2: GW - PAD.right, y1: s.y(v), y2: s.y(v), class: "grid" }));
      nodes.push(svg("text", { x: PAD.left - 6, y: s.y(v) + 4, class: "axis", "text-anchor": "end", text: formatValue(result, v, { axis: true }) }));
    }
    nodes.push(svg("text", { x: PAD.left, y: GH - 6, class: "axis", text: "0" }));
    nodes.push(svg("text", { x: GW - PAD.right, y: GH - 6, class: "axis", "text-anchor": "end", text: String(s.last) }));
    if (result.outcomes) {  // the stretches where the standing is the exact result, under the grid
      const zones = [];
      let from = null;
      s.points.forEach((p, i) => {
        if (p.exact && from === null) from = p.at;
        const next = s.points[i + 1];
        if (from !== null && (!next || !next.exact)) {
          zones.push(svg("rect", { class: "exact-zone", x: s.x(from), width: Math.max(2, s.x(p.at) - s.x(from)), y: PAD.top,
            height: GH - PAD.top - PAD.bottom, "data-from": from, "data-to": p.at }, svg("title", { text: t("analysis.exact_zone") })));
          from = null;
        }
      });
      nodes.unshift(...zones);
    }
    const seats = result.seats.length;
    for (let seat = 0; seat < seats; seat++) {
      const d = s.points.map((p) => `${s.x(p.at).toFixed(1)},${s.y(p.standing[seat]).toFixed(1)}`).join(" ");
      nodes.push(svg("polyline", { points: d, class: "seat-line", id: `analysis-line-${seat}`, stroke: COLOURS[seat % COLOURS.length],
        "stroke-dasharray": DASHES[seat % DASHES.length] || null }));
    }
    for (const dec of result.decisions) {
      if (!SYMBOLS[dec.mark] || dec.after === null) continue;
      const c = svg("circle", { cx: s.x(dec.number), cy: s.y(dec.after), r: dec.mark === "blunder" ? 6 : 4.5,
        class: `mark mark-${dec.mark}`, "data-at": dec.number, "data-mark": dec.mark },
      svg("title", { text: `${dec.number}. ${dec.move}${SYMBOLS[dec.mark]} ${t(`analysis.mark.${dec.mark}`)}` }));
      nodes.push(c);
    }
    const cursor = svg("line", { id: "analysis-cursor", class: "cursor", y1: PAD.top, y2: GH - PAD.bottom, x1: PAD.left, x2: PAD.left });
    nodes.push(cursor);
    const picture = svg("svg", { viewBox: `0 0 ${GW} ${GH}`, class: "analysis-chart", role: "img", "aria-label": t("analysis.graph_label") }, ...nodes);
    picture.addEventListener("click", (ev) => {
      const rect = picture.getBoundingClientRect();
      const gx = ((ev.clientX - rect.left) / rect.width) * GW;
      const want = ((gx - PAD.left) / (GW - PAD.left - PAD.right)) * s.last;
      let best = s.points[0];
      for (const p of s.points) if (Math.abs(p.at - want) < Math.abs(best.at - want)) best = p;
      go(best.at);
    });
    const legend = el("ul", { class: "analysis-legend" }, ...names().map((name, seat) => el("li", {},
      svg("svg", { viewBox: "0 0 30 10", width: 30, height: 10 }, svg("line", { x1: 0, x2: 30, y1: 5, y2: 5, stroke: COLOURS[seat % COLOURS.length],
        "stroke-width": 3, "stroke-dasharray": DASHES[seat % DASHES.length] || null })), ` ${name}`)),
    el("li", {}, el("span", { class: "dot mark-inaccuracy" }), " ?! "), el("li", {}, el("span", { class: "dot mark-mistake" }), " ? "),
    el("li", {}, el("span", { class: "dot mark-blunder" }), " ?? "));
    if (result.outcomes && s.points.some((p) => p.exact)) {
      legend.append(el("li", {}, el("span", { class: "swatch exact-zone" }), ` ${t("analysis.exact_zone")}`));
    }
    const notes = (result.notes || []).map((n) => el("p", { class: "analysis-note", text: noteText(n) }));
    graph.replaceChildren(el("h3", { text: t("analysis.graph") }),
      el("p", { class: "muted small", text: t(`analysis.scale.${result.unit}`) }),
      ...(notes.length ? [el("div", { id: "analysis-notes" }, ...notes)] : []), picture, legend);
    graph.dataset.points = String(s.points.length);
  }

  function moveCursor(at) {
    const cursor = document.getElementById("analysis-cursor");
    if (!cursor || !result) return;
    const s = scale();
    cursor.setAttribute("x1", s.x(at));
    cursor.setAttribute("x2", s.x(at));
  }

  function drawSummary() {
    const head = el("tr", {}, ...["seat", "inaccuracies", "mistakes", "blunders", "loss"].map((k) => el("th", { text: t(`analysis.col.${k}`) })));
    const rows = result.seats.map((s) => el("tr", { "data-seat": s.seat },
      el("td", { text: names()[s.seat] }), el("td", { text: String(s.inaccuracy) }), el("td", { text: String(s.mistake) }),
      el("td", { text: String(s.blunder) }), el("td", { text: formatValue(result, s.average_loss, { signed: false }) })));
    summary.replaceChildren(el("h3", { text: t("analysis.summary") }),
      el("table", { class: "analysis-table" }, el("thead", {}, head), el("tbody", {}, ...rows)));
  }

  // the marks in the move list (replay.js draws it)
  function decorate() {
    if (!result) return;
    const byNumber = new Map(result.decisions.map((d) => [d.number, d]));
    document.querySelectorAll("#replay-moves li").forEach((li) => {
      const d = byNumber.get(Number(li.dataset.at));
      li.querySelector(".mark")?.remove();
      delete li.dataset.mark;
      if (d && SYMBOLS[d.mark]) {
        li.dataset.mark = d.mark;
        li.append(el("span", { class: `mark mark-${d.mark}`, text: SYMBOLS[d.mark], title: t(`analysis.mark.${d.mark}`) }));
      }
    });
  }

  // --- the move shown --------------------------------------------------------------------
  function show(at) {
    if (!result) return;
    clearMarks();
    clearMarks = () => {};
    moveCursor(at);
    const lines = [];
    const d = result.decisions.find((x) => x.number === at);
    const p = result.positions.find((x) => x.at === at);
    if (pendingMark && pendingMark.at === at) {
      const dm = pendingMark.decision;
      clearMarks = markMoves(board, renderer, [{ move: dm.better, kind: "better" }, { move: dm.move, kind: "played" }]);
      lines.push(el("p", { id: "analysis-shown", text: t("analysis.shown_better", { n: dm.number, better: dm.better, played: dm.move }) }));
    }
    pendingMark = null;
    if (at === 0) lines.push(el("p", { text: t("analysis.start_position") }));
    if (d && d.resigned) lines.push(el("p", { text: t("analysis.resigned", { n: d.number, name: names()[d.seat] }) }));
    else if (d && d.mark) {
      const mark = d.forced ? "forced" : d.mark;
      lines.push(el("p", { id: "analysis-move", "data-mark": d.mark, class: `mark-line mark-${d.mark}` },
        t("analysis.move_was", { n: d.number, name: names()[d.seat], move: `${d.move}${SYMBOLS[d.mark] || ""}`, mark: t(`analysis.mark.${mark}`) })));
      if (d.exact && result.outcomes && !d.forced && d.best_value !== null && d.played_value !== null) {
        const before = outcomeText(result, d.best_value);
        const text = d.loss > 1e-9
          ? t("analysis.outcome.turns", { before, after: outcomeText(result, d.played_value), amount: t(`analysis.amount.${result.unit}`, { n: number(d.loss, result.decimals, 0) }) })
          : t("analysis.outcome.keeps", { before });
        lines.push(el("p", { id: "analysis-turn", class: "exact", text }));
      }
      if (d.better) {
        lines.push(el("p", { id: "analysis-better", text: t("analysis.better", { move: d.better, gain: gainText(result, d.loss) }) }));
        lines.push(el("button", { type: "button", id: "show-better", text: t("analysis.show_better"),
          onclick: () => { pendingMark = { at: d.before, decision: d }; go(d.before); } }));
      }
    }
    if (p && p.standing.length) {
      const list = p.standing.map((v, seat) => `${names()[seat]} ${formatValue(result, v)}`).join(", ");
      lines.push(el("p", { class: "muted", text: `${t("analysis.standing", { list })}${p.exact ? ` (${t("analysis.exact")})` : ""}` }));
    }
    if (p && p.exact && result.outcomes && p.to_move !== null && p.standing.length) {
      const winner = p.standing.findIndex((v) => v > 1e-9);
      lines.push(el("p", { id: "analysis-outcome", class: "exact", text: winner < 0 ? t("analysis.outcome.here_draw")
        : t("analysis.outcome.here", { name: names()[winner], amount: t(`analysis.amount.${result.unit}`, { n: number(p.standing[winner], result.decimals, 0) }) }) }));
    }
    if (p && p.note) lines.push(el("p", { id: "analysis-note-here", class: "analysis-note", text: noteText(p.note) }));
    if (p && p.best) lines.push(el("p", { class: "muted", id: "analysis-best-here", text: t("analysis.best_here", { move: p.best }) }));
    if (p && p.to_move !== null && !result.hidden) {
      lines.push(el("button", { type: "button", id: "try-again", title: t("analysis.try_hint"), text: t("analysis.try"), onclick: () => tryAgain(at) }));
    }
    detail.replaceChildren(...lines);
  }

  async function tryAgain(at) {
    try {
      const res = await api.post(`/api/games/${gameId}/try`, { at });
      remember(res.id, game, res.seat, res.token);
      location.href = `/play/${res.id}`;
    } catch (err) { toast(errorText(err), "error"); }  // in the page's language
  }

  let width = 0;
  new ResizeObserver(() => {
    const w = Math.round(graph.clientWidth);
    if (result && Math.abs(w - width) > 20) { width = w; drawGraph(); moveCursor(current()); }
  }).observe(graph);
  poll();
  if (new URLSearchParams(location.search).has("analyse")) start();
  return { show, decorate, refresh: () => { if (result) draw(); } };
}
