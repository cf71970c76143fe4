// Wari: an SVG board of twelve cups and two stores, as the applet had it:
// North's cups 12..7 on top, South's 1..6 below, North's captures left, South's right.
// Each player sees their own row at the bottom: North's page (or anyone who turned the board:
// ctx.side(), js/viewpoint.js) draws it turned around, cups 7..12 below and 6..1 on top.
import { MoveLog } from "../movelog.js";
import { opponentSelect, roleOf, seatOf, startDialogFrame, startsGame } from "../newgame.js";
import { clearNear, sayNear } from "../near.js";
import { byTouch, el, loadStylesheet, prefersMotion, setMotion, sleep, svg, whileBusy } from "../ui.js";

import { moveSentences } from "./wari/words.js";

export { moveSentences };

const W = 900;
const H = 330;
const CUP_R = 46;
const colX = (col) => 175 + col * 110;        // six columns
const ROW_Y = { north: 100, south: 230 };

// cup index 0..11 -> [x, y] (turned: the board seen from North's side)
function cupXY(i, turned = false) {
  const at = turned ? (i + 6) % 12 : i;
  return at < 6 ? [colX(at), ROW_Y.south] : [colX(11 - at), ROW_Y.north];
}

// seeds as small dots in a cup, up to 20 drawn; the number is always written
function seedDots(cx, cy, n) {
  const dots = [];
  const shown = Math.min(n, 20);
  for (let k = 0; k < shown; k++) {
    const ring = k < 1 ? 0 : k < 7 ? 1 : k < 19 ? 2 : 3;
    const inRing = ring === 0 ? 1 : ring === 1 ? 6 : 12;
    const start = ring === 0 ? 0 : ring === 1 ? 1 : 7;
    const a = ((k - start) / inRing) * Math.PI * 2 + ring * 0.4;
    const r = ring * 12;
    dots.push(svg("circle", { cx: cx + r * Math.cos(a), cy: cy + r * Math.sin(a), r: 5.2, class: "seed" }));
  }
  return dots;
}

// captured seeds in a store: rows of four, bottom up, under the count (at most 40 drawn; the
// count says how many)
function storeDots(cx, n) {
  const dots = [];
  for (let k = 0; k < Math.min(n, 40); k++) {
    const row = Math.floor(k / 4);
    const col = k % 4;
    dots.push(svg("circle", { cx: cx - 25.5 + col * 17, cy: 274 - row * 16.5, r: 5.5, class: "seed stored" }));
  }
  return dots;
}

// the boards a sowing passes through, seed by seed (the origin cup is skipped)
function sowingSteps(board, cup) {
  const b = board.slice();
  let n = b[cup];
  b[cup] = 0;
  const steps = [b.slice()];
  let i = cup;
  while (n > 0) {
    i = (i + 1) % 12;
    if (i === cup) continue;
    b[i] += 1;
    n -= 1;
    steps.push(b.slice());
  }
  return steps;
}

// the page's own stylesheet, loaded before the board is drawn
export function stylesheet() {
  return loadStylesheet("wari");
}

export function create(ctx) {
  const { t } = ctx;
  const board = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "wari-board", "data-fit": "", role: "group", "aria-label": t("wari.board") });
  ctx.board.replaceChildren(board);

  const resignBtn = el("button", { type: "button", id: "resign" });
  const undoBtn = el("button", { type: "button", id: "wari-undo", hidden: true });
  const motion = el("input", { type: "checkbox", id: "animate", checked: prefersMotion() });
  motion.addEventListener("change", () => setMotion(motion.checked));
  const motionText = el("span");
  const newBtn = el("button", { type: "button", id: "new-game", class: "primary" });
  const controls = el("div", { class: "controls", "data-keep": "" }, newBtn, undoBtn, resignBtn,
    el("label", {}, motion, " ", motionText));
  if (!ctx.replay) ctx.board.append(controls);
  const moves = el("ol", { class: "movelist", id: "moves", "aria-label": t("wari.moves") });
  let lastNames = [];
  // every move in words, read out by screen readers (aria-live)
  const log = new MoveLog({ gameId: ctx.gameId, replay: ctx.replay, history: ctx.history, report: ctx.report, id: "wari-log",
    className: "log wari-log", label: t("wari.log"), sentences: moveSentences(t, () => lastNames) });
  const movesTitle = el("h2", { text: t("wari.moves") });
  const logTitle = el("h2", { text: t("wari.log") });
  ctx.extra.replaceChildren(movesTitle, moves, logTitle, log.node);

  let dialog = null;
  if (!ctx.replay) {   // the replay viewer and the diagrams of "How to play" start no game
    dialog = settingsDialog(ctx);
    newBtn.addEventListener("click", () => dialog.showModal());
  }

  // every text again in the page's language (the switch in the header)
  function texts() {
    board.setAttribute("aria-label", t("wari.board"));
    resignBtn.textContent = t("wari.resign");
    undoBtn.textContent = t("wari.undo");
    undoBtn.title = t("wari.undo_hint");
    motionText.textContent = t("wari.animate");
    newBtn.textContent = t("wari.new_game");
    movesTitle.textContent = t("wari.moves");
    moves.setAttribute("aria-label", t("wari.moves"));
    logTitle.textContent = t("wari.log");
    log.node.setAttribute("aria-label", t("wari.log"));
  }
  texts();
  document.addEventListener("languagechange", () => {
    texts();
    if (dialog) {
      const open = dialog.open;
      const fresh = settingsDialog(ctx);
      dialog.replaceWith(fresh);
      dialog = fresh;
      if (open) dialog.showModal();
    }
    log.redraw();
    redraw();
  });

  let shown = null;      // the board on screen
  let animating = Promise.resolve();
  let lastView = null;
  const ui = { busy: false, armed: null };   // busy: a move or an undo is on its way (a second click is ignored);
  // armed: the cup a finger's first tap chose ({cup, version}): a second tap on it sows it

  // play a cup: once (a double click sends one move), never while the board is animating
  function playCup(cup) {
    disarm();
    if (!lastView || ui.busy || !lastView.legal_moves.includes(cup)) return;
    whileBusy(ui, redraw, () => ctx.play(cup));
  }

  // The position's advice (js/learn/advice.js): for each cup that can be sown its last cup and
  // its captures, for each other cup why not (null until it has come).
  function advice() {
    try { return ctx.advice && lastView ? ctx.advice(lastView) : null; } catch { return null; }
  }

  // A finger's first tap on a cup shows what sowing it does (the cup its last seed falls in
  // ringed, the words beside the cup); a second tap on it sows; a tap elsewhere, Back or
  // Escape cancels (docs/web.md, "Taps").
  function tapCup(cup, node) {
    if (ui.armed && ui.armed.cup === cup && ui.armed.version === lastView.version) { playCup(cup); return; }
    disarm();
    ui.armed = { cup, version: lastView.version };
    markArmed();
    sayNear(node, `${sowingWords(cup)} ${t("ux.tap_again")}`);
  }

  function markArmed() {
    const a = ui.armed;
    if (!a || !lastView || a.version !== lastView.version) return;
    const sowing = ((advice() || {}).sowing || {})[a.cup];
    board.querySelector(`#cup-${a.cup}`)?.classList.add("armed");
    if (sowing) board.querySelector(`#cup-${sowing.last}`)?.classList.add("lands");
  }

  function disarm() {
    ui.armed = null;
    board.querySelectorAll(".armed, .lands").forEach((n) => n.classList.remove("armed", "lands"));
    clearNear();
  }

  function sowingWords(cup) {
    const sowing = ((advice() || {}).sowing || {})[cup];
    const seeds = lastView.state.board[Number(cup) - 1];
    if (!sowing) return t("wari.tap.seeds", { cup, seeds });
    const words = t("wari.tap.sow", { cup, seeds, last: sowing.last });
    return sowing.captures ? `${words} ${t("wari.tap.captures", { n: sowing.captures })}` : words;
  }

  // Why a cup cannot be sown now, in words: the position's advice where it has come, else
  // what the view shows (another player's cup, an empty cup).
  function whyNot(cup) {
    const view = lastView;
    const mover = view.to_move;
    const names = view.names;
    const params = { cup, name: names[mover], other: names[1 - mover], owner: names[Number(cup) <= 6 ? 0 : 1],
      cups: mover === 0 ? "1–6" : "7–12", moves: view.legal_moves.join(", ") };
    const facts = ((advice() || {}).refusals || {})[cup];
    let code = facts && facts.code;
    if (!code) code = (Number(cup) <= 6) !== (mover === 0) ? "not_own" : view.state.board[Number(cup) - 1] === 0 ? "empty" : "not_now";
    return t(`wari.refused.${code}`, params);
  }

  // A tap on a cup this page cannot sow: why, beside it (a guided game's coach says it instead).
  function tapOther(cup, node) {
    disarm();
    const view = lastView;
    if (!view || view.over || ui.busy) return;
    if (!view.legal_moves.length) {
      const held = ctx.held();
      if (view.to_move !== null && Object.keys(held).length && held[view.to_move] === undefined) {
        sayNear(node, t("wari.tap.wait", { name: view.names[view.to_move] }), { kind: "why", ms: 5000 });
      }
      return;
    }
    if (ctx.tried) { ctx.tried(cup); return; }
    sayNear(node, whyNot(cup), { kind: "why", ms: 6000 });
  }

  // the board as shown now, drawn again (the cups are lit or not as ui.busy says)
  function redraw() {
    const view = lastView;
    if (!view) return;
    animating = animating.then(() => {
      if (lastView === view && shown) draw(view, view.state.board, view.state.stores, { last: view.state.last ? Number(view.state.last) - 1 : null });
    });
  }

  function mySeat(view) {
    const held = ctx.held();
    if (view.to_move !== null && held[view.to_move] !== undefined) return view.to_move;
    const seats = Object.keys(held).map(Number);
    return seats.length ? seats[0] : null;
  }

  // whether the board is seen from North's side (North's page, or turned)
  function turnedNow() {
    return !ctx.replay && typeof ctx.side === "function" && ctx.side() === 1;
  }

  function draw(view, cups, stores, marks = {}) {
    const legal = new Set(view.legal_moves);
    const names = view.names;
    const nodes = [];
    const turned = turnedNow();
    board.classList.toggle("turned", turned);
    // stores: the captures of the player at the top on the left, of the one below on the right
    const [northX, southX] = turned ? [W - 70, 70] : [70, W - 70];
    nodes.push(svg("rect", { x: northX - 48, y: 40, width: 96, height: 250, rx: 44, class: "store", id: "store-north" }));
    nodes.push(svg("rect", { x: southX - 48, y: 40, width: 96, height: 250, rx: 44, class: "store", id: "store-south" }));
    nodes.push(...storeDots(northX, stores[1]), ...storeDots(southX, stores[0]));
    nodes.push(svg("circle", { cx: northX, cy: 74, r: 23, class: "badge" }), svg("circle", { cx: southX, cy: 74, r: 23, class: "badge" }));
    nodes.push(svg("text", { x: northX, y: 83, class: "count", id: "store-north-count", text: String(stores[1]) }));
    nodes.push(svg("text", { x: southX, y: 83, class: "count", id: "store-south-count", text: String(stores[0]) }));
    nodes.push(svg("text", { x: northX, y: 28, class: "label", id: "name-north", text: names[1] }));
    nodes.push(svg("text", { x: southX, y: 28, class: "label", id: "name-south", text: names[0] }));
    for (let i = 0; i < 12; i++) {
      const [x, y] = cupXY(i, turned);
      const below = y === ROW_Y.south;
      const number = String(i + 1);
      const isLegal = legal.has(number) && !marks.busy && !ui.busy;
      const classes = ["cup-place", isLegal ? "legal" : "", marks.last === i ? "last" : "", marks.sowing === i ? "sowing" : "",
        (marks.captured || []).includes(i) ? "captured" : "", (marks.home || []).includes(i) ? "home" : ""].join(" ");
      const g = svg("g", { class: classes, id: `cup-${number}`, "data-cup": number, "data-seeds": String(cups[i]),
        tabindex: isLegal ? 0 : null, role: isLegal ? "button" : null,
        "aria-label": t("wari.cup_label", { n: number, seeds: cups[i] }) },
        svg("rect", { x: x - 55, y: below ? y - 62 : y - 78, width: 110, height: 140, class: "hit" }),
        svg("circle", { cx: x, cy: y, r: CUP_R, class: "cup" }),
        ...seedDots(x, y, cups[i]),
        svg("circle", { cx: x + 36, cy: y + 34, r: 14, class: "badge" }),
        svg("text", { x: x + 36, y: y + 39, class: "badge-text", text: String(cups[i]) }),
        svg("text", { x, y: below ? y + CUP_R + 22 : y - CUP_R - 10, class: "label", text: number }));
      if (isLegal) {
        g.addEventListener("click", (ev) => {
          if (byTouch(ev)) tapCup(number, g);   // a finger: the first tap shows, the second sows
          else if (ev.detail < 2) playCup(number);   // a mouse's second click of a double click is not a move, however late it comes
        });
        g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); playCup(number); } });
      } else if (!marks.busy && !ctx.replay) {
        g.addEventListener("click", () => tapOther(number, g));   // why not, in words beside it
      }
      nodes.push(g);
    }
    board.replaceChildren(...nodes);
    board.dataset.version = String(view.version);  // what is drawn (tests wait for it)
    shown = cups.slice();
    if (ui.armed && (ui.armed.version !== view.version || marks.busy || ui.busy)) disarm();
    else markArmed();
  }

  // a tap on the board beside the cups (a store, the wood) cancels a first tap
  board.addEventListener("click", (ev) => { if (!ev.target.closest("g[data-cup]")) disarm(); });

  async function animate(prev, view) {
    const st = view.state;
    const cup = Number(st.last) - 1;
    const steps = sowingSteps(prev.state.board, cup);
    const delay = steps.length > 14 ? 70 : 140;
    const stores = prev.state.stores.slice();
    for (let k = 0; k < steps.length; k++) {
      draw(view, steps[k], stores, { busy: true, last: cup, sowing: k === 0 ? cup : null });
      await sleep(delay);
    }
    // at an end by the board, the cups as they were (home.board) before their seeds went home
    const home = homeEvent(view);
    const after = home ? home.board : st.board;
    const final = steps[steps.length - 1];
    const gone = [];
    for (let i = 0; i < 12; i++) if (final[i] > 0 && after[i] === 0) gone.push(i);
    if (st.captured && gone.length) {
      draw(view, final, stores, { busy: true, last: cup, captured: gone });
      await sleep(450);
    }
    if (home) {
      // the seeds left on the board, lit on their cups, then in their owners' stores
      const taken = [st.stores[0] - home.seeds[0], st.stores[1] - home.seeds[1]];
      const cups = [];
      for (let i = 0; i < 12; i++) if (home.board[i] > 0) cups.push(i);
      draw(view, home.board, taken, { busy: true, home: cups });
      await sleep(900);
    }
  }

  function moveList(view) {
    const items = [];
    for (let i = 0; i < view.moves.length; i += 2) {
      const pair = view.moves.slice(i, i + 2).join("  ");
      items.push(el("li", { text: pair }));
    }
    moves.replaceChildren(...items);
    moves.scrollTop = moves.scrollHeight;
  }

  function update(view, prev) {
    lastView = view;
    lastNames = view.names;
    log.update(view, prev);
    const st = view.state;
    resignBtn.disabled = view.over || (view.status && view.status !== "active") || mySeat(view) === null;
    undoBtn.hidden = ctx.replay || !view.can_undo;
    moveList(view);
    const step = prev && prev.id === view.id && view.version === prev.version + 1 && st.last && !view.state.end?.startsWith("resign") && !ctx.replay;
    const animated = step && motion.checked && prev.state.board;
    // the result waits, hidden, until the board shows the end too (the stores agree with it)
    holdBanner(Boolean(animated && view.over));
    animating = animating.then(async () => {
      if (animated) await animate(prev, view);
      if (lastView === view) {
        draw(view, st.board, st.stores, { last: st.last ? Number(st.last) - 1 : null });
        holdBanner(false);
      }
    });
  }

  function holdBanner(on) {
    const banner = document.getElementById("banner");
    if (banner && !ctx.replay) banner.hidden = on;
  }

  resignBtn.addEventListener("click", () => {
    const seat = lastView && mySeat(lastView);
    if (seat !== null && confirm(t("wari.resign_confirm"))) ctx.resign(seat);
  });

  undoBtn.addEventListener("click", () => whileBusy(ui, () => { undoBtn.disabled = ui.busy; redraw(); }, () => ctx.undo()));

  // keys 1-6 play the mover's cups (also right after ticking "Animate sowing": a checkbox is no field)
  document.addEventListener("keydown", (ev) => {
    if (ctx.replay || !lastView || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target.closest("input:not([type=checkbox]), select, textarea, dialog") || document.querySelector("dialog[open]")) return;
    if (ev.key === "Escape") { disarm(); return; }
    const k = Number(ev.key);
    if (!(k >= 1 && k <= 6)) return;
    const mover = lastView.to_move;
    playCup(String(mover === 1 ? 6 + k : k));
  });

  return {
    update,
    turns: true,  // drawn from a side (ctx.side): the shell offers "Turn the board"
    resigns: true,  // its own Resign button: the shell offers none
    // the elements that stand for a move (an analysis marks them: js/highlight.js)
    targets: (move) => (/^\d+$/.test(move) ? [`cup-${move}`] : []),
    status(view) {
      if (view.over) return null;
      const name = view.names[view.to_move];
      if (view.thinking) return t("game.thinking", { name });
      if (view.legal_moves.length) {
        // a phone has no keys to press; North's keys 1-6 are its cups 7-12
        if (matchMedia("(pointer: coarse)").matches) return t("wari.your_move_touch", { name, cups: view.to_move === 0 ? "1–6" : "7–12" });
        return t(view.to_move === 0 ? "wari.your_move" : "wari.your_move_north", { name });
      }
      return null;
    },
    result(view) {
      const [s, n] = view.state.stores;
      const names = view.names;
      const end = view.state.end;
      if (end === "resign_south" || end === "resign_north") {
        const loser = end === "resign_south" ? 0 : 1;
        return t("wari.resigned", { loser: names[loser], winner: names[1 - loser] });
      }
      const abapa = view.state.options && view.state.options.rules === "abapa";
      const why = t(`wari.end.${end === "repetition" && abapa ? "repetition_abapa" : end}`);
      if (!view.winners.length) return `${t("wari.draw", { s, n })} ${why}`;
      const w = view.winners[0];
      return `${t("wari.wins", { name: names[w], a: Math.max(s, n), b: Math.min(s, n) })} ${why}`;
    },
  };
}

// The event of the seeds left on the board going to their owners at the end (or null).
function homeEvent(view) {
  return (view.state.events || []).find((e) => e.type === "home") || null;
}

// "Settings" as in the applet: seeds per cup, who starts, the opponent, the rules (the applet's
// or Abapa) and the repetition rule.
function settingsDialog(ctx) {
  const { t } = ctx;
  const seeds = el("select", { name: "seeds_per_cup", id: "set-seeds" }, [3, 4, 5].map((n) => el("option", { value: n, text: String(n), selected: n === 4 })));
  const first = el("select", { name: "first", id: "set-first" },
    el("option", { value: "south", text: t("wari.south") }), el("option", { value: "north", text: t("wari.north") }));
  const opponent = opponentSelect(t, "wari", { id: "set-opponent",
    here: t("wari.two_people"), friend: t("wari.friend") });
  const repetition = el("input", { type: "checkbox", name: "repetition", id: "set-repetition", checked: true });
  const rules = el("select", { name: "rules", id: "set-rules" },
    ...["applet", "abapa"].map((r) => el("option", { value: r, text: t(`wari.rules.${r}`) })));
  const repetitionText = el("span", { text: t("wari.repetition") });
  // the Abapa rules always end a game at a position met twice: the switch is theirs
  rules.addEventListener("change", () => {
    const abapa = rules.value === "abapa";
    repetition.checked = abapa || repetition.checked;
    repetition.disabled = abapa;
    repetitionText.textContent = t(abapa ? "wari.repetition_abapa" : "wari.repetition");
  });
  const start = el("button", { type: "submit", class: "primary", id: "start", text: t("wari.start") });
  const cancel = el("button", { type: "button", text: t("wari.cancel") });
  const form = el("form", { method: "dialog", class: "wari-settings" },
    el("h2", { text: t("wari.settings"), style: "margin-top:0" }),
    el("label", {}, t("wari.seeds_per_cup"), seeds),
    el("label", {}, t("wari.first"), first),
    el("label", {}, t("wari.opponent"), opponent),
    el("label", {}, t("wari.rules"), rules),
    el("label", { style: "display:flex;gap:.5rem;align-items:center" }, repetition, repetitionText),
    el("div", { class: "controls" }, start, cancel));
  startsGame(form, () => ({
    body: {
      game: "wari",
      options: { seeds_per_cup: Number(seeds.value), first: first.value, repetition: repetition.checked, rules: rules.value },
      seats: [{ type: "person" }, seatOf(opponent.value)],
    },
    roles: ["play", roleOf(opponent.value)],
    buttons: [start],
  }));
  // kept for the next "New game" (made anew only when the page's language changes)
  return startDialogFrame({ id: "settings", form, cancel, once: false });
}
