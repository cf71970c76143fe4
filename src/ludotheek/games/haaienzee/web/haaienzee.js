// Haaienzee: the page of the shark game on the hex sea, as the original site had it: above the
// sea the choices (prey colour and direction in the setup; turning, passing, "I want to hunt
// another fish" and the new prey in a turn), the sea with every hex the shark to move can
// reach lit and marked with the fish it would eat, and under it the health meters. On the
// right a legend and the message log. The pieces live in ./haaienzee/.
import { fit } from "../fit.js";
import { MoveLog } from "../movelog.js";
import { clearNear, sayNear } from "../near.js";
import { computerDecided, el, entryKind, prefersMotion, setMotion, sleep, svg, toast, whileBusy } from "../ui.js";
import { duration, plan, sceneOf } from "./haaienzee/animate.js";
import { createControls, drawControls, showHover, widestTitle } from "./haaienzee/controls.js";
import { startDialog, stylesheet } from "./haaienzee/dialog.js";
import { cancelTap, COLOUR_KEYS, createBoard, drawBoard, fishShape, Geometry, sharkName, sharkShape } from "./haaienzee/draw.js";
import { createMeters, drawMeters, leadNearing, leadWarning } from "./haaienzee/meters.js";
import { setupOptions, turnOptions } from "./haaienzee/moves.js";
import { capital, describeChoice, dirName, refusalText, resultText, sentences } from "./haaienzee/text.js";

export { startDialog };

const ENGINE_DIRECTIONS = ["E", "SE", "SW", "W", "NW", "NE"];   // the engine's order (board.py)
const DELAY_KEY = "ludotheek.haaienzee.delay";   // ms before a computer move is shown; tests make it small
const FACING_KEY = "ludotheek.haaienzee.facing"; // the direction chosen last in a setup

function computerDelay() {
  const saved = localStorage.getItem(DELAY_KEY);
  if (saved !== null && Number.isFinite(Number(saved))) return Number(saved);
  return prefersMotion() ? 450 : 250;
}

// what the pictures mean: the fish (colour and pattern), the two players' sharks, a lit hex
function legend(t) {
  const icon = (...nodes) => svg("svg", { viewBox: "-26 -20 52 40", class: "hz-legend-icon", "aria-hidden": "true" }, ...nodes);
  const items = [
    [icon(fishShape("white")), "haaienzee.legend.white"],
    [icon(fishShape("grey")), "haaienzee.legend.grey"],
    [icon(fishShape("brown")), "haaienzee.legend.brown"],
    [icon(sharkShape({ seat: 0, number: 1, facing: "E", prey: "white" })), "haaienzee.legend.yellow"],
    [icon(sharkShape({ seat: 1, number: 2, facing: "E", prey: "empty" })), "haaienzee.legend.red"],
    [icon(svg("polygon", { class: "legend-target", points: "0,-17 15,-8.5 15,8.5 0,17 -15,8.5 -15,-8.5" }),
      svg("g", { class: "eats", transform: "translate(12,-11)" }, svg("circle", { r: 8.5 }), svg("text", { y: 4, text: "2" }))),
    "haaienzee.legend.target"],
  ];
  const texts = items.map(() => el("span"));
  const node = el("ul", { class: "hz-legend", id: "hz-legend" }, ...items.map(([pic], i) => el("li", {}, pic, texts[i])));
  const draw = () => items.forEach(([, key], i) => { texts[i].textContent = t(key); });
  draw();
  return { node, draw };
}

export function create(ctx) {
  const { t } = ctx;
  const report = ctx.report || ((err) => console.error(err));   // the replay viewer has none
  stylesheet();

  // --- the top bar ---
  const newBtn = el("button", { type: "button", id: "hz-new", class: "primary" });
  const resignBtn = el("button", { type: "button", id: "hz-resign" });
  const undoBtn = el("button", { type: "button", id: "hz-undo", hidden: true });
  const motion = el("input", { type: "checkbox", id: "hz-animate", checked: prefersMotion() });
  const motionLabel = el("label", { for: "hz-animate", class: "hz-animate" }, motion, el("span"));
  const controls = createControls();
  const top = el("div", { class: "hz-top", role: "toolbar" }, newBtn, undoBtn, resignBtn, motionLabel);
  const board = createBoard(t);
  const meters = createMeters();
  const help = legend(t);
  let shown = null;
  const log = new MoveLog({ gameId: ctx.gameId, replay: ctx.replay, history: ctx.history, report, id: "hz-log", className: "hz-log",
    label: t("haaienzee.log"),
    sentences: (entry) => sentences(entry, () => (shown ? shown.names : ["", ""]), t) });
  // the replay viewer hides the side panel's extra part: there the meters go under the sea
  const root = el("div", { class: "hz", id: "hz" },
    ctx.replay ? null : controls.node, el("div", { class: "hz-sea", "data-keep": "" }, board), ctx.replay ? meters.node : null);
  meters.node.classList.toggle("wide", Boolean(ctx.replay));
  ctx.board.replaceChildren(root);
  const logTitle = el("h2", {});
  const legendTitle = el("h2", {});
  ctx.extra.replaceChildren(...(ctx.replay ? [] : [top, meters.node]), logTitle, log.node, legendTitle, help.node);

  const ui = { version: -1, colour: null, facing: localStorage.getItem(FACING_KEY) || null, takeOut: false, newPrey: null, busy: false, animating: false };
  let geo = null;
  let animToken = 0;
  let animEnd = 0;

  function geometry(st) {
    if (!geo || geo.board.side !== st.board.side) geo = new Geometry(st.board);
    return geo;
  }

  // whether this browser decides now (a held seat is to move)
  function mine(view) {
    return !ctx.replay && !view.over && view.legal_moves && view.legal_moves.length > 0;
  }

  function heldSeat(view) {
    const held = ctx.held();
    if (view.to_move !== null && held[view.to_move] !== undefined) return view.to_move;
    const seats = Object.keys(held).map(Number);
    return seats.length ? seats[0] : null;
  }

  function texts() {
    newBtn.textContent = t("haaienzee.new_game");
    resignBtn.textContent = t("haaienzee.resign");
    undoBtn.textContent = t("haaienzee.undo");
    undoBtn.title = t("haaienzee.undo_hint");
    motionLabel.lastChild.textContent = t("haaienzee.animate");
    top.setAttribute("aria-label", t("haaienzee.toolbar"));
    logTitle.textContent = t("haaienzee.log");
    legendTitle.textContent = t("haaienzee.legend");
    board.setAttribute("aria-label", t("haaienzee.board"));
  }

  function act(move) { return whileBusy(ui, draw, () => ctx.play(move)); }
  // what a hex would do; after a first tap, that a second one does it (also beside the hex:
  // the finger is there, docs/web.md "Taps")
  function tapped(text, armed) { return armed ? `${text} ${t("ux.tap_again")}` : text; }
  function hovered(hex, armed, label) {
    showHover(controls, hex ? tapped(label(hex), armed) : null);
    if (hex && armed) sayNear(board.querySelector(`#hex-${hex}`), tapped(label(hex), true));
    else if (document.querySelector("#tap-note.show")) clearNear();
  }

  // A tap on a hex the shark cannot end on: why, beside it (the position's advice where it has
  // come; else what the view shows).
  function sayWhy(view, hex) {
    const st = view.state;
    let facts = null;
    try { facts = ((ctx.advice ? ctx.advice(view) : null) || {}).refusals?.[hex] || null; } catch { facts = null; }
    const shark = st.sharks.find((x) => x.id === st.shark_to_move);
    const taken = st.fish[hex] || st.sharks.some((x) => x.hex === hex);
    const text = facts ? refusalText(facts, t)
      : st.phase === "setup" && taken ? refusalText({ code: "not_empty", hex }, t)
        : t("haaienzee.tap.no", { hex, shark: shark ? sharkName(shark, t) : "" });
    sayNear(board.querySelector(`#hex-${hex}`), text, { kind: "why", ms: 6000 });
  }

  // the options and the board's clickable hexes for the shown view
  function boardOptions(view, g) {
    const st = view.state;
    const opts = { names: true, key: String(view.version) };
    if (!mine(view) || ui.busy || ui.animating) return [null, opts];
    opts.onTry = ctx.tried ? (hex) => ctx.tried(hex) : (hex) => sayWhy(view, hex);
    if (st.phase === "setup") {
      const o = setupOptions(view);
      if (!ui.colour || !o.colours.find((c) => c.colour === ui.colour && c.free)) {
        const first = o.colours.find((c) => c.free);
        ui.colour = first ? first.colour : null;
      }
      if (!ui.facing || !o.facings.includes(ui.facing)) ui.facing = o.facings.includes("E") ? "E" : o.facings[0];
      const shark = st.sharks.find((s) => s.id === st.shark_to_move);
      opts.free = o.hexes;
      // the shell may know what a shark could eat on its first turn from each spot
      const reach = ctx.advice ? ctx.advice(view) : null;
      const first = (hex) => ((reach && reach.reach && reach.reach[hex]) || {})[ui.colour]?.[ENGINE_DIRECTIONS.indexOf(ui.facing)] || 0;
      if (reach && reach.reach) { opts.freeEats = first; o.reachShown = true; }
      opts.freeLabel = (hex) => `${t("haaienzee.place_here", { hex, facing: dirName(ui.facing, t), colour: t(COLOUR_KEYS[ui.colour]) })}${reach && reach.reach ? ` ${t("learn_haaienzee.reach", { n: first(hex) })}` : ""}`;
      opts.onPick = (hex) => {
        const move = o.compose(hex, ui.facing, ui.colour);
        if (move) act(move);
      };
      opts.preview = (hex) => ({ shark: { ...shark, hex, facing: ui.facing, prey: ui.colour }, line: [] });
      opts.onHover = (hex, armed) => hovered(hex, armed, opts.freeLabel);
      return [o, opts];
    }
    const o = turnOptions(view);
    const shark = o.shark;
    if (ui.newPrey !== null && !o.newPreys.includes(ui.newPrey)) ui.newPrey = null;
    if (ui.takeOut && !o.canTakeOut) ui.takeOut = false;
    const group = o.group(ui.takeOut ? "empty" : ui.newPrey);
    opts.targets = new Map([...group.targets].map(([hex, c]) => [hex, { eats: c.eats, label: describeChoice(c, shark, t), choice: c }]));
    opts.onPick = (hex) => { const c = group.targets.get(hex); if (c) act(c.move); };
    opts.preview = (hex) => {
      const c = group.targets.get(hex);
      if (!c) return null;
      const prey = c.prey === null ? shark.prey : c.prey;
      return { shark: { ...shark, facing: c.facing, prey }, line: g.line(shark.hex, c.facing, hex) };
    };
    opts.onHover = (hex, armed) => hovered(hex, armed, (h) => opts.targets.get(h).label);
    return [o, opts];
  }

  function draw() {
    if (!shown || ui.animating) return;   // the animation draws the sea, and this at its end
    const view = shown;
    const st = view.state;
    const g = geometry(st);
    let o = null;
    let opts = { names: true };
    try {
      [o, opts] = boardOptions(view, g);
    } catch (err) {
      report(err);
    }
    const scene = sceneOf(st);
    if (view.over) scene.toMove = null;
    drawBoard(board, g, scene, opts, t);
    board.dataset.version = String(view.version);
    board.dataset.phase = st.phase;
    board.dataset.mine = o ? "1" : "0";
    board.dataset.shark = st.shark_to_move || "";
    drawStrip(view, o);
    drawTools(view);
    texts();
    fit();   // the strip may have grown (the first turn's): the sea fits before it is seen
  }

  // The strip above the sea for `view` (`o`: its options when this page acts now, else null);
  // also while a move is animated, so that its title says whose turn it is now.
  function drawStrip(view, o) {
    if (ctx.replay) return;
    const held = ctx.held();
    const handlers = {
      play: act,
      colour: (c) => { ui.colour = c; draw(); },
      facing: (f) => { ui.facing = f; localStorage.setItem(FACING_KEY, f); draw(); },
      takeOut: (on) => { ui.takeOut = on; draw(); },
      newPrey: (c) => { ui.newPrey = c; draw(); },
      holds: Object.keys(held).length > 0,
      // the seat to move is this page's: its move is on its way or asked about, never waited for
      mover: view.to_move !== null && held[view.to_move] !== undefined && !view.over,
    };
    drawControls(controls, view, ui, o, handlers, t);
    controls.title.textContent = capital(controls.title.textContent);
    controls.node.hidden = Boolean(view.status && !["active", "over"].includes(view.status));  // aborted, abandoned
    keepHeight(view.state.phase, widestTitle(view, t));
  }

  // A lead that nears the one that wins at the end of the round is said once a round and
  // leader, where every screen sees it (the meters say it as long as it holds).
  const warned = new Set();
  function warnLead(view) {
    const seat = ctx.replay ? null : leadNearing(view);
    const key = `${view.id}:${view.state.round}:${seat}`;
    if (seat === null || warned.has(key)) return;
    warned.add(key);
    toast(leadWarning(view, t), "warning");
  }

  // the meters and the toolbar: at once when a view comes, also while its move is animated
  // (they agree with the players' list; Undo and Resign go when the game is over)
  function drawTools(view) {
    drawMeters(meters, view, t, { side: ctx.side ? ctx.side() : 0, held: ctx.held() });
    warnLead(view);
    const seat = heldSeat(view);
    resignBtn.hidden = ctx.replay || view.over || (view.status && view.status !== "active") || seat === null;
    undoBtn.hidden = ctx.replay || !view.can_undo;
    undoBtn.disabled = ui.busy;
  }

  // The end in order: the last move is animated, then the result banner appears (the shell
  // draws it with the view; it waits, hidden, until the sea shows the end too).
  function holdBanner(on) {
    const banner = document.getElementById("banner");
    if (banner && !ctx.replay) banner.hidden = on;
  }

  // The strip never gets lower again at the same width (a turn with fewer choices, a title
  // of one line instead of two): the sea under it stays where it is.
  let stripHeight = 0;
  let stripPhase = null;
  let stripWidest = null;   // the longest title of the phase (widestTitle), for a resize
  function keepHeight(phase, widest = stripWidest) {
    stripWidest = widest;
    // the placements' strip (prey, direction, help) is another one than the turns': the
    // turns' starts afresh (one change of height, at the first turn)
    if (phase !== stripPhase) {
      stripPhase = phase;
      stripHeight = 0;
      controls.node.style.minHeight = "";
    }
    let h = controls.node.offsetHeight;
    const title = controls.title.textContent;
    if (widest && widest.length > title.length) {   // measured with the longest title, then back
      controls.title.textContent = capital(widest);
      h = Math.max(h, controls.node.offsetHeight);
      controls.title.textContent = title;
    }
    if (h > stripHeight) {
      stripHeight = h;
      controls.node.style.minHeight = `${h}px`;
    }
  }
  let stripWidth = window.innerWidth;
  window.addEventListener("resize", () => {
    if (window.innerWidth === stripWidth) return;
    stripWidth = window.innerWidth;
    stripHeight = 0;
    controls.node.style.minHeight = "";
    keepHeight(stripPhase);
  });

  async function animate(view, steps, token) {
    const st = view.state;
    const g = geometry(st);
    ui.animating = true;
    board.dataset.animating = "1";
    try {
      for (const step of steps) {
        if (token !== animToken) return;
        drawBoard(board, g, step.scene, { names: true }, t);
        await sleep(step.ms);
      }
    } finally {
      if (token === animToken) {
        ui.animating = false;
        delete board.dataset.animating;
        draw();
        holdBanner(false);
      }
    }
  }

  // a tap on the sea beside the hexes, or Escape, cancels a first tap
  board.addEventListener("click", (ev) => { if (!ev.target.closest("g.cell") && cancelTap()) { clearNear(); draw(); } });
  if (!ctx.replay) {
    document.addEventListener("keydown", (ev) => {
      if (ev.key !== "Escape" || ev.target.closest("input:not([type=checkbox]), select, textarea, dialog") || document.querySelector("dialog[open]")) return;
      if (cancelTap()) { clearNear(); draw(); }
    });
  }

  newBtn.addEventListener("click", () => startDialog({ t }).showModal());
  resignBtn.addEventListener("click", () => {
    const seat = shown && heldSeat(shown);
    if (seat !== null && confirm(t("haaienzee.resign_confirm"))) ctx.resign(seat);
  });
  undoBtn.addEventListener("click", () => whileBusy(ui, draw, () => ctx.undo()));
  motion.addEventListener("change", () => setMotion(motion.checked));
  document.addEventListener("languagechange", () => { help.draw(); log.redraw(); draw(); });

  return {
    ownsStatus: !ctx.replay,
    turns: !ctx.replay,  // its own colour's meter first (ctx.side): the shell offers "Turn the board"
    resigns: true,  // its own Resign button: the shell offers none
    // the elements that stand for a move (an analysis marks them: js/highlight.js): its hexes,
    // or the shark to move when it stays where it is
    targets(move) {
      const hexes = move.split(" ").filter((w) => /^[A-Z]\d{1,2}$/.test(w)).map((w) => `hex-${w}`);
      const mover = shown && shown.state.shark_to_move;
      return hexes.length || !mover ? hexes : [`shark-${mover}`];
    },
    update(view, prev) {
      if (view.version !== ui.version) {
        ui.version = view.version;
        ui.takeOut = false;
        ui.newPrey = null;
        clearNear();   // the words beside a first tap were about the position before
      }
      shown = view;
      try { log.update(view, prev); } catch (err) { report(err); }
      animToken += 1;
      const step = !ctx.replay && motion.checked && prev && prev.id === view.id && view.version === prev.version + 1
        && entryKind(view, view.version) !== "undo" && prev.state && prev.state.board;
      const steps = step ? plan(prev.state, view.state) : [];
      ui.animating = false;
      delete board.dataset.animating;
      holdBanner(Boolean(view.over && steps.length));
      try { drawTools(view); } catch (err) { report(err); }
      if (steps.length) {
        try { drawStrip(view, null); } catch (err) { report(err); }
        animEnd = performance.now() + duration(steps);
        animate(view, steps, animToken).catch(report);
      } else {
        animEnd = 0;
        draw();
      }
    },
    // the pause before `view` is shown after `prev`: the running animation, and a computer's
    // move a moment later so that a person sees each shark move
    pace(view, prev) {
      const wait = Math.max(0, animEnd - performance.now());
      return computerDecided(view, prev) ? wait + computerDelay() : wait;
    },
    result(view) { return resultText(view, t); },
  };
}

// the page waits for it before it draws (js/game.js, js/replay.js)
export { stylesheet };

// each move in words (the replay viewer's move list): [[class, sentence], ...] of a /history entry
export function moveSentences(t, names) { return (entry) => sentences(entry, names, t); }
