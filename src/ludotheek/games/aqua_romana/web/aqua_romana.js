// Aqua Romana: the board (site, track, reserve, piles, podiums), the step panel that leads a
// turn one choice at a time — worker → the builders it sees → kind (joker) → the legal
// rotations as a ghost tile → place — the score panel, the message log and the final scoring.
// Every choice is narrowed from the view's legal moves, and every click path ends in one of
// them (./aqua_romana/choices.js). The pieces live in ./aqua_romana/.
import { fit } from "../fit.js";
import { MoveLog } from "../movelog.js";
import { clearNear, sayNear } from "../near.js";
import { computerDecided, el, prefersMotion, setMotion, svg, whileBusy } from "../ui.js";
import { H, W, drawBoard } from "./aqua_romana/board.js";
import { bySquare, distinct, narrowBuild, parseMoves } from "./aqua_romana/choices.js";
import { builder as builderIcon, rotationChannels, swatch } from "./aqua_romana/draw.js";
import { FinalScoring, winnersText } from "./aqua_romana/final.js";
import { kindName, mine, seatName, stylesheet, workerName } from "./aqua_romana/format.js";
import { recentMarks, sentencesFor } from "./aqua_romana/log.js";
import { createPanel, drawPanel } from "./aqua_romana/panel.js";

const FAST_KEY = "ludotheek.aqua_romana.fast";
const DELAY_KEY = "ludotheek.aqua_romana.delay";   // ms; tests make it 0
const BASE_DELAY = 700;                              // before a computer's build is shown
const SIDES = "NESW";

function fast() { return localStorage.getItem(FAST_KEY) === "1"; }

// The pause before a computer's decision is shown (play fast: a fifth).
export function delay() {
  const saved = localStorage.getItem(DELAY_KEY);
  const base = saved !== null && Number.isFinite(Number(saved)) ? Number(saved) : BASE_DELAY;
  return fast() ? base / 5 : base;
}

// The tiles, builders and workers the last move changed: they come in with an animation.
function freshFrom(events) {
  const fresh = { tiles: new Set(), spaces: new Set(), workers: new Set() };
  for (const e of events || []) {
    if (e.type === "build" || e.type === "bonus") fresh.tiles.add(e.square);
    else if (e.type === "place") fresh.spaces.add(e.space);
    else if (e.type === "builder" || e.type === "move_builder") fresh.spaces.add(e.to);
    else if (e.type === "flow" || e.type === "retire") fresh.workers.add(e.worker);
  }
  return fresh;
}

export function create(ctx) {
  const { t } = ctx;
  const report = ctx.report || ((err) => console.error(err));   // the replay viewer has none
  stylesheet();

  // --- the parts ---
  const statusLine = el("div", { class: "aq-status", id: "aq-status", role: "status", "aria-live": "polite" });
  const undoBtn = el("button", { type: "button", id: "aq-undo", hidden: true });
  const fastBox = el("input", { type: "checkbox", id: "aq-fast", checked: fast() });
  const motionBox = el("input", { type: "checkbox", id: "aq-animate", checked: prefersMotion() });
  const fastLabel = el("label", { for: "aq-fast" }, fastBox, el("span"));
  const motionLabel = el("label", { for: "aq-animate" }, motionBox, el("span"));
  const toolbar = el("div", { class: "aq-toolbar", role: "toolbar" }, undoBtn, fastLabel, motionLabel);
  const board = svg("svg", { viewBox: `0 0 ${W} ${H}`, id: "aq-board", class: "aq-board", "data-fit": "", role: "group" });
  const stepPanel = el("div", { class: "aq-step", id: "aq-step" });
  const panel = createPanel(t);
  let shown = null;
  const log = new MoveLog({
    gameId: ctx.gameId, replay: ctx.replay, history: ctx.history, report, id: "aq-log", label: t("aqua_romana.log"),
    sentences: sentencesFor(t, () => (shown ? shown.names : [])),
    onChange: () => draw(),
  });
  const logBox = el("section", { class: "aq-logbox" }, el("h3", { text: t("aqua_romana.log") }), log.node);
  const ui = { version: -1, worker: null, space: null, kind: null, bonusKind: null, placeKind: null,
    rot: 0, hover: null, busy: false, podiumMark: null, armed: null, armedLabel: "", closeMore: false, confirmClose: null };
  const final = new FinalScoring(ctx, (mark) => { ui.podiumMark = mark; draw(); });
  const side = el("div", { class: "aq-side" }, panel.node, logBox);
  const stepBox = el("div", { class: "aq-stepbox" }, statusLine, stepPanel);
  ctx.board.replaceChildren(el("div", { class: "aq", id: "aq" },
    ctx.replay ? null : stepBox,
    el("div", { class: "aq-board-wrap", "data-keep": "" }, board),
    ctx.replay ? null : toolbar, final.node));
  // the scores and the log go to the side panel (the replay viewer keeps it hidden: show it)
  ctx.extra.replaceChildren(side);
  ctx.extra.hidden = false;

  function texts() {
    undoBtn.textContent = t("aqua_romana.undo");
    undoBtn.title = t("aqua_romana.undo_hint");
    fastLabel.lastChild.textContent = ` ${t("aqua_romana.fast")}`;
    motionLabel.lastChild.textContent = ` ${t("aqua_romana.animate")}`;
    toolbar.setAttribute("aria-label", t("aqua_romana.toolbar"));
    board.setAttribute("aria-label", t("aqua_romana.board"));
    logBox.querySelector("h3").textContent = t("aqua_romana.log");
  }

  // --- acting ---
  async function act(move) {
    if (!shown || !shown.legal_moves.includes(move)) return;
    await whileBusy(ui, draw, () => ctx.play(move));
  }
  function rotate(by) {
    ui.rot += by;
    draw();
  }
  // A tap on the board beside what can be chosen now: a first tap is cancelled, and the words
  // beside the finger say what this step asks for (nothing there can be chosen).
  let lastLine = null;
  board.addEventListener("click", (ev) => {
    if (ctx.replay || !shown || ev.target.closest("[role=button]")) return;
    const had = ui.armed;
    if (had) { ui.armed = null; draw(); }
    const spot = ev.target.closest("g[id], rect, circle, path") || board;
    if (lastLine && !had) sayNear(spot, `${t("aqua_romana.tap.no")} ${lastLine}`, { kind: "why", ms: 5000 });
    else clearNear();
  });

  function back() {
    if (ui.kind !== null && ui.kindChoice) ui.kind = null;
    else if (ui.space !== null && ui.spaceChoice) { ui.space = null; ui.kind = null; }
    else if (ui.worker !== null) { ui.worker = null; ui.space = null; ui.kind = null; }
    else if (ui.bonusKind !== null && ui.bonusChoice) ui.bonusKind = null;
    else if (ui.placeKind !== null && ui.placeChoice) ui.placeKind = null;
    ui.rot = 0;
    ui.armed = null;
    ui.confirmClose = null;
    clearNear();
    draw();
  }

  // --- drawing ---
  function draw() {
    if (!shown) return;
    try { drawNow(); } catch (err) { report(err); }
    fit();   // a new step may change the box above the site: it fits before it is seen
  }

  function drawNow() {
    const view = shown;
    const st = view.state;
    const focusedNode = document.activeElement;
    const focused = focusedNode && focusedNode.id && (board.contains(focusedNode) || stepPanel.contains(focusedNode)) ? focusedNode.id : null;
    const canAct = !ctx.replay && mine(view) && !ui.busy;
    const choices = parseMoves(canAct ? view.legal_moves : []);
    const entries = log.known(view.version - 80, view.version);
    const model = { marks: recentMarks(entries), fresh: ui.fresh, onPlay: act, spaces: new Map(), podiumMark: ui.podiumMark,
      armed: ui.armed,
      onArm: (id, label) => {
        ui.armed = id;
        ui.armedLabel = label;
        if (id.startsWith("ghost-")) ui.hover = id.slice(6);
        draw();
        // the words beside what the finger chose, too (docs/web.md, "Taps")
        sayNear(board.querySelector(`#${CSS.escape(id)}`), `${label}: ${t("ux.tap_again")}`);
      },
      // a worker chosen stays chosen when tapped again (Back, Escape or another worker changes it)
      onWorker: (w) => { if (ui.worker !== w) { ui.worker = w; ui.space = null; ui.kind = null; ui.rot = 0; } draw(); },
      onHover: (sq) => { if (ui.hover !== sq) { ui.hover = sq; draw(); } } };
    const step = { line: "", parts: [] };
    if (canAct) plan(view, choices, model, step);
    else step.line = othersLine(view);
    drawBoard(board, view, model, t);
    board.dataset.version = String(view.version);
    board.dataset.phase = st.phase;
    board.dataset.mine = canAct ? "1" : "0";
    board.dataset.select = step.stage || "";
    statusLine.replaceChildren(el("span", { class: view.thinking ? "thinking" : "", text: step.line }));
    stepPanel.replaceChildren(...step.parts);
    // a first tap chose something that plays a move: say what, and that a second tap does it
    if (ui.armed && canAct && board.querySelector(`#${CSS.escape(ui.armed)}`)) {
      stepPanel.append(el("p", { class: "aq-armed", id: "aq-armed", role: "status", text: `${ui.armedLabel}: ${t("ux.tap_again")}` }));
    } else {
      if (ui.armed) clearNear();
      ui.armed = null;
    }
    lastLine = canAct ? step.line : null;
    // the banner says who won (the scoring is below the board) or that the game was aborted/abandoned
    stepBox.hidden = view.over || Boolean(view.status && view.status !== "active");
    undoBtn.hidden = ctx.replay || !view.can_undo;
    undoBtn.disabled = ui.busy;
    drawPanel(panel, view, t, ctx.held(), ctx.side ? ctx.side() : 0);
    texts();
    // what had the focus was drawn again: give the focus to its new self
    if (focused && !focusedNode.isConnected) {
      const again = document.getElementById(focused);
      if (again) again.focus({ preventScroll: true });
    }
  }

  // The next choice of this page's turn: what lights up, the buttons, the line that says it.
  function plan(view, choices, model, step) {
    const st = view.state;
    const name = seatName(view, view.to_move);
    if (choices.place.length) planPlace(view, choices, model, step, name);
    else if (choices.builds.length) planBuild(view, choices, model, step, name);
    else if (choices.moves.length) {
      step.stage = "move";
      step.line = t("aqua_romana.line.move", { name });
      for (const m of choices.moves) {
        const kind = st.track[m.space - 1].builder;
        model.spaces.set(m.space, { cls: "movable", move: m.move, onClick: () => act(m.move),
          label: t("aqua_romana.act.move", { n: m.space, kind: kindName(t, kind) }) });
      }
      step.parts.push(el("p", { class: "aq-explain", text: t("aqua_romana.explain.move") }));
    } else if (choices.bonus.length) planBonus(view, choices, model, step, name);
    else if (choices.close.length) planClose(view, choices, model, step, name);
    else if (choices.pick.length) planPick(view, choices, model, step, name);
  }

  function planPlace(view, choices, model, step, name) {
    const st = view.state;
    const kinds = distinct(choices.place, "kind");
    ui.placeChoice = kinds.length > 1;
    if (!kinds.includes(ui.placeKind)) ui.placeKind = kinds.length === 1 ? kinds[0] : null;
    const setup = st.phase === "setup";
    if (setup) step.line = t("aqua_romana.line.setup", { name, placed: st.step.placed, total: 12 });
    else step.line = t(st.phase === "place_now" ? "aqua_romana.line.place_now" : "aqua_romana.line.place", { name });
    step.stage = ui.placeKind ? "space" : "kind";
    const buttons = kinds.map((kind) => kindButton(`place-kind-${kind}`, kind,
      setup ? t("aqua_romana.left", { n: st.step.left[kind] }) : null, ui.placeKind === kind,
      () => { ui.placeKind = kind; draw(); }));
    step.parts.push(el("div", { class: "aq-choices", role: "group", "aria-label": t("aqua_romana.choose_kind") },
      el("span", { class: "aq-label", text: t("aqua_romana.choose_kind") }), ...buttons));
    if (!ui.placeKind) return;
    step.parts.push(el("p", { class: "aq-explain", text: t("aqua_romana.line.place_space") }));
    for (const p of choices.place.filter((x) => x.kind === ui.placeKind)) {
      model.spaces.set(p.space, { cls: "target", move: p.move, ghostKind: p.kind, onClick: () => act(p.move),
        label: t("aqua_romana.act.place", { kind: kindName(t, p.kind), n: p.space }) });
    }
  }

  function planBuild(view, choices, model, step, name) {
    const st = view.state;
    const n = narrowBuild(choices.builds, ui);
    ui.worker = n.worker;
    ui.space = n.space;
    ui.kind = n.kind;
    ui.spaceChoice = n.spaces.length > 1;
    ui.kindChoice = n.kinds.length > 1;
    model.litWorkers = new Set(n.workers);
    model.selectedWorker = n.worker;
    if (n.worker === null) {
      step.stage = "worker";
      step.line = t("aqua_romana.line.worker", { name });
      step.parts.push(el("div", { class: "aq-choices", role: "group", "aria-label": t("aqua_romana.choose_worker") },
        el("span", { class: "aq-label", text: t("aqua_romana.choose_worker") }),
        ...n.workers.map((w) => {
          const wk = st.workers.find((x) => x.worker === w);
          return el("button", { type: "button", id: `choose-${w}`, class: "aq-choice", onclick: () => model.onWorker(w) },
            swatch(wk.colour), ` ${workerName(t, w)} (${wk.length})`);
        })));
      return;
    }
    const wk = st.workers.find((x) => x.worker === n.worker);
    model.sightOf = wk;
    model.selectedSpace = n.space;
    model.seenSpaces = new Set(wk.builders_in_sight.filter((s) => !n.spaces.includes(s)));
    for (const s of n.spaces) {
      const kind = st.track[s - 1].builder;
      model.spaces.set(s, { cls: "lit", onClick: () => { if (ui.space !== s) { ui.space = s; ui.kind = null; ui.rot = 0; } draw(); },
        label: t("aqua_romana.act.builder", { n: s, kind: kindName(t, kind) }) });
    }
    const backBtn = el("button", { type: "button", id: "aq-back", text: t("aqua_romana.back"), onclick: back });
    if (n.space === null) {
      step.stage = "builder";
      step.line = t("aqua_romana.line.builder", { worker: workerName(t, n.worker) });
      const unusable = model.seenSpaces.size ? t("aqua_romana.explain.unusable", { n: model.seenSpaces.size }) : "";
      step.parts.push(el("div", { class: "aq-choices" }, el("span", { class: "aq-label", text: `${t("aqua_romana.explain.builder")} ${unusable}` }), backBtn));
      return;
    }
    const builderKind = st.track[n.space - 1].builder;
    if (n.kind === null) {
      step.stage = "kind";
      step.line = t(builderKind === "joker" ? "aqua_romana.line.joker" : "aqua_romana.line.kind_out", { kind: kindName(t, builderKind) });
      step.parts.push(el("div", { class: "aq-choices", role: "group", "aria-label": t("aqua_romana.choose_kind") },
        el("span", { class: "aq-label", text: t("aqua_romana.choose_kind") }),
        ...n.kinds.map((kind) => kindButton(`kind-${kind}`, kind, t("aqua_romana.left", { n: st.supply[kind] }), false,
          () => { ui.kind = kind; ui.rot = 0; draw(); })),
        backBtn));
      return;
    }
    // the legal rotations on the square in front of the worker, one at a time
    step.stage = "tile";
    const group = bySquare(n.options)[0];
    const count = group.options.length;
    const cur = group.options[((ui.rot % count) + count) % count];
    const entry = SIDES[(SIDES.indexOf(wk.side) + 2) % 4];
    const preview = (st.step.previews || {})[`${cur.square} ${cur.rotation}`] || [];
    const sideOf = new Map(st.workers.map((x) => [x.worker, x]));
    const channels = rotationChannels(cur.rotation).map((c) => {
      if (c.sides.includes(entry)) return { ...c, colour: wk.colour };
      for (const f of preview) {
        const other = sideOf.get(f.worker);
        if (f.squares.includes(cur.square) && c.sides.includes(SIDES[(SIDES.indexOf(other.side) + 2) % 4])) return { ...c, colour: other.colour };
      }
      return c;
    });
    model.ghosts = [{ square: cur.square, rotation: cur.rotation, move: cur.move, channels, hot: true,
      rotations: group.options.map((o) => o.rotation),
      label: t("aqua_romana.act.lay", { kind: kindName(t, cur.kind), rotation: cur.rotation, square: cur.square }) }];
    model.previewFlows = preview.map((f) => ({ squares: f.squares.filter((s) => s !== cur.square), colour: sideOf.get(f.worker).colour }));
    step.line = t(count === 1 ? "aqua_romana.line.tile_one" : "aqua_romana.line.tile", { kind: kindName(t, cur.kind), square: cur.square, n: count });
    step.parts.push(tileControls(cur, count, backBtn), previewList(preview, view));
  }

  function planBonus(view, choices, model, step, name) {
    const st = view.state;
    const kinds = distinct(choices.bonus, "kind");
    ui.bonusChoice = kinds.length > 1;
    if (!kinds.includes(ui.bonusKind)) ui.bonusKind = kinds.length === 1 ? kinds[0] : null;
    const left = st.step.left;
    if (ui.bonusKind === null) {
      step.stage = "kind";
      step.line = t("aqua_romana.line.bonus_kind", { name, left });
      step.parts.push(el("div", { class: "aq-choices", role: "group", "aria-label": t("aqua_romana.choose_kind") },
        el("span", { class: "aq-label", text: t("aqua_romana.choose_kind") }),
        ...kinds.map((kind) => kindButton(`bonus-kind-${kind}`, kind, t("aqua_romana.left", { n: st.supply[kind] }), false,
          () => { ui.bonusKind = kind; ui.rot = 0; draw(); }))));
      return;
    }
    step.stage = "tile";
    const groups = bySquare(choices.bonus.filter((b) => b.kind === ui.bonusKind));
    model.ghosts = groups.map((g) => {
      const count = g.options.length;
      const cur = g.options[((ui.rot % count) + count) % count];
      return { square: g.square, rotation: cur.rotation, move: cur.move, channels: rotationChannels(cur.rotation),
        hot: ui.hover === g.square, rotations: g.options.map((o) => o.rotation),
        label: t("aqua_romana.act.bonus", { kind: kindName(t, cur.kind), rotation: cur.rotation, square: g.square }) };
    });
    const hot = model.ghosts.find((g) => g.hot);
    step.line = t("aqua_romana.line.bonus", { name, kind: kindName(t, ui.bonusKind), left, n: groups.length });
    const count = Math.max(...groups.map((g) => g.options.length));
    const parts = [rotateButton(count)];
    if (hot) parts.push(el("button", { type: "button", class: "primary", id: "aq-place", text: t("aqua_romana.act.bonus", { kind: kindName(t, ui.bonusKind), rotation: hot.rotation, square: hot.square }), onclick: () => act(hot.move) }));
    if (ui.bonusChoice) parts.push(el("button", { type: "button", id: "aq-back", text: t("aqua_romana.back"), onclick: back }));
    step.parts.push(el("div", { class: "aq-choices" }, ...parts),
      el("p", { class: "aq-explain", text: t("aqua_romana.explain.bonus") }));
  }

  // Closing: keeping them all open first, then the closes worth weighing (a podium of 2 or
  // more, best first), the rest behind one more click; a close that scores less than 2 asks
  // to be confirmed (from its button or from the worker on the board).
  function planClose(view, choices, model, step, name) {
    const st = view.state;
    step.stage = "close";
    step.line = t("aqua_romana.line.close", { name });
    const retire = new Map((st.step.retire || []).map((r) => [r.worker, r]));
    model.closable = new Map();
    const keep = choices.close.find((c) => c.worker === null);
    const closes = choices.close.filter((c) => c.worker !== null).map((c) => {
      const r = retire.get(c.worker);
      const wk = st.workers.find((x) => x.worker === c.worker);
      const podium = r ? r.podium : 0;
      const ask = () => { if (podium < 2) { ui.confirmClose = c.worker; draw(); } else act(c.move); };
      model.closable.set(c.worker, { move: c.move, podium: r ? r.podium : "?", onPick: ask });
      return { c, wk, podium, ask };
    }).sort((a, b) => b.podium - a.podium || b.wk.length - a.wk.length);
    const closeButton = ({ c, wk, podium, ask }) => el("button", { type: "button", id: `close-${c.worker}`, class: `aq-choice${podium < 2 ? " low" : ""}`, onclick: ask },
      swatch(wk.colour), ` ${t("aqua_romana.act.close", { worker: workerName(t, c.worker), length: wk.length, podium })}`);
    const pending = closes.find((x) => x.c.worker === ui.confirmClose);
    if (pending) {
      step.parts.push(el("div", { class: "aq-confirm", role: "group", id: "aq-confirm-close" },
        el("p", { text: t("aqua_romana.close_confirm", { worker: workerName(t, pending.c.worker), length: pending.wk.length, points: pending.podium }) }),
        el("div", { class: "aq-choices" },
          el("button", { type: "button", id: "close-confirm", onclick: () => { ui.confirmClose = null; act(pending.c.move); } },
            t("aqua_romana.close_yes", { worker: workerName(t, pending.c.worker) })),
          el("button", { type: "button", id: "close-cancel", class: "primary", onclick: () => { ui.confirmClose = null; draw(); } }, t("aqua_romana.close_no")))));
      return;
    }
    const first = closes.filter((x) => x.podium >= 2);
    const rest = closes.filter((x) => x.podium < 2);
    const buttons = [];
    if (keep) buttons.push(el("button", { type: "button", id: "close-none", class: "primary", text: t("aqua_romana.act.keep"), onclick: () => act(keep.move) }));
    buttons.push(...first.map(closeButton));
    if (rest.length && !ui.closeMore) {
      buttons.push(el("button", { type: "button", id: "close-more", "aria-expanded": "false", onclick: () => { ui.closeMore = true; draw(); } },
        t("aqua_romana.close_more", { n: rest.length })));
    } else {
      buttons.push(...rest.map(closeButton));
    }
    step.parts.push(el("div", { class: "aq-choices aq-close" }, ...buttons),
      el("p", { class: "aq-explain", text: t("aqua_romana.explain.close") }));
  }

  function planPick(view, choices, model, step, name) {
    step.stage = "pick";
    step.line = t("aqua_romana.line.pick", { name });
    model.reservePick = new Map();
    const buttons = choices.pick.map((p) => {
      if (p.kind === null) return el("button", { type: "button", id: "pick-none", text: t("aqua_romana.act.pick_none"), onclick: () => act(p.move) });
      model.reservePick.set(p.kind, p.move);
      return kindButton(`pick-${p.kind}`, p.kind, null, false, () => act(p.move));
    });
    step.parts.push(el("div", { class: "aq-choices" }, el("span", { class: "aq-label", text: t("aqua_romana.choose_pick") }), ...buttons),
      el("p", { class: "aq-explain", text: t("aqua_romana.explain.pick") }));
  }

  function kindButton(id, kind, note, pressed, onclick) {
    const icon = svg("svg", { viewBox: "0 0 30 30", width: 26, height: 26, "aria-hidden": "true", class: "aq-kind-icon" },
      builderIcon(15, 15, kind, null, { size: 26 }));
    return el("button", { type: "button", id, class: "aq-choice aq-kind", "aria-pressed": String(pressed), "data-kind": kind, onclick },
      icon, el("span", { text: kindName(t, kind) }), note ? el("span", { class: "muted", text: ` ${note}` }) : null);
  }

  function rotateButton(count) {
    return el("button", { type: "button", id: "aq-rotate", disabled: count < 2, title: t("aqua_romana.rotate_hint"),
      text: `⟳ ${t("aqua_romana.rotate")}`, onclick: () => rotate(1) });
  }

  function tileControls(cur, count, backBtn) {
    return el("div", { class: "aq-choices" },
      rotateButton(count),
      el("span", { class: "muted", id: "aq-rotation", text: t("aqua_romana.rotation_of", { rotation: cur.rotation, i: (((ui.rot % count) + count) % count) + 1, n: count }) }),
      el("button", { type: "button", class: "primary", id: "aq-place", text: t("aqua_romana.act.lay", { kind: kindName(t, cur.kind), rotation: cur.rotation, square: cur.square }), onclick: () => act(cur.move) }),
      backBtn);
  }

  function previewList(preview, view) {
    const items = preview.map((f) => {
      const wk = view.state.workers.find((x) => x.worker === f.worker);
      const who = workerName(t, f.worker);
      let text = f.added ? t("aqua_romana.preview.flow", { worker: who, added: f.added, length: f.length }) : "";
      if (f.closed) text = `${text ? `${text} ` : ""}${t(`aqua_romana.preview.closed.${f.closed}`, { worker: who, length: f.length })}`;
      return el("li", { class: f.seat === view.to_move ? "own" : "other" }, swatch(wk.colour), ` ${text}`);
    });
    return el("ul", { class: "aq-preview", id: "aq-preview", "aria-live": "polite" }, items);
  }

  // The line when this page does not decide.
  function othersLine(view) {
    if (view.over) return t("game.over");
    if (ctx.replay) return "";
    const name = seatName(view, view.to_move);
    if (view.thinking) return t("game.thinking", { name });
    const held = ctx.held();
    const phase = view.state.phase;
    if (held[view.to_move] !== undefined && ui.busy) return t("aqua_romana.line.sending");
    const doing = t(`aqua_romana.doing.${phase}`, { name });
    return Object.keys(held).length ? `${t("game.waiting", { name })} ${doing}` : doing;
  }

  // --- keys and the wheel ---
  if (!ctx.replay) {
    document.addEventListener("keydown", (ev) => {
      if (!shown || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      if (ev.target.closest("input:not([type=checkbox]), select, textarea, dialog") || document.querySelector("dialog[open]")) return;
      const ghosts = board.querySelectorAll("g.ghost");
      if ((ev.key === "r" || ev.key === "R") && ghosts.length) { rotate(ev.shiftKey ? -1 : 1); ev.preventDefault(); return; }
      if (ev.key === "Escape") { back(); return; }
      if (ev.key === "Enter" && !ev.target.closest("button, [role=button]")) {
        const hot = board.querySelector("g.ghost.hot");
        if (hot) { ev.preventDefault(); act(hot.dataset.move); }
      }
    });
    board.addEventListener("wheel", (ev) => {
      if (!board.querySelector("g.ghost")) return;
      ev.preventDefault();
      rotate(ev.deltaY > 0 ? 1 : -1);
    }, { passive: false });
    undoBtn.addEventListener("click", () => whileBusy(ui, draw, () => ctx.undo()));
    fastBox.addEventListener("change", () => localStorage.setItem(FAST_KEY, fastBox.checked ? "1" : "0"));
    motionBox.addEventListener("change", () => setMotion(motionBox.checked));
  }
  document.addEventListener("languagechange", () => log.redraw());

  return {
    ownsStatus: !ctx.replay,
    turns: !ctx.replay,  // its own colours listed first (ctx.side): the shell offers "Turn the board"
    // the elements that stand for a move (an analysis marks them: js/highlight.js): the
    // worker, the builder's space and the square it names
    targets(move) {
      return move.split(" ").map((w) => (/^T\d+$/.test(w) ? `space-${w.slice(1)}`
        : /^[a-z]\d{1,2}$/.test(w) ? `sq-${w}` : /^[a-z]+\d$/.test(w) ? `worker-${w}` : null)).filter(Boolean);
    },
    update(view, prev) {
      if (view.version !== ui.version) {
        Object.assign(ui, { worker: null, space: null, kind: null, bonusKind: null, placeKind: null, rot: 0, hover: null, podiumMark: null, armed: null, closeMore: false, confirmClose: null });
        ui.version = view.version;
      }
      // what the last move changed comes in with a short animation (when they are on)
      const step = prev && view.version === prev.version + 1 && motionBox.checked && !ctx.replay;
      ui.fresh = step ? freshFrom(view.state.events) : null;
      shown = view;
      log.update(view, prev);
      draw();
      ui.fresh = null;
      if (view.over) {
        const live = !ctx.replay && prev && !prev.over && prev.id === view.id;
        final.show(view, Boolean(live && motionBox.checked)).catch(report);
      } else {
        final.hide();
      }
    },
    // the pause before showing ``view`` after ``prev``: computer decisions at a human pace
    pace(view, prev) {
      if (!computerDecided(view, prev)) return 0;
      const d = delay();
      return ["build", "setup"].includes(prev.state.phase) ? d : d / 2;
    },
    status(view) {
      return view.over ? winnersText(view, t) : null;
    },
    result(view) {
      return winnersText(view, t);
    },
  };
}

// the page waits for it before it draws (js/game.js, js/replay.js)
export { stylesheet };

// each move in words (the replay viewer's move list): [[class, sentence], ...] of a /history entry
export function moveSentences(t, names) { return sentencesFor(t, names); }
