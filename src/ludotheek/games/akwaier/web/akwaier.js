// Akwaier: the page of the 1987 BBC Basic take on Acquire, laid out as its manual describes:
// a top bar (new game, score list, play fast, the turn counter, the view switch), the board
// with the hand strip, the button strip and a plain-language line under it, and on the right
// the data panel and the message log. The pieces live in ./akwaier/.
import { fit } from "../fit.js";
import { clearNear, sayNear } from "../near.js";
import { computerDecided, el, whileBusy } from "../ui.js";
import { createBoard, drawBoard } from "./akwaier/board.js";
import { createControls, drawControls, drawHand } from "./akwaier/controls.js";
import { endDialog, scoreDialog, startDialog } from "./akwaier/dialogs.js";
import { mine, money, stylesheet } from "./akwaier/format.js";
import { MessageLog, moveSentences } from "./akwaier/log.js";
import { createPanel, drawPanel } from "./akwaier/panel.js";

export { moveSentences, startDialog };

const FAST_KEY = "ludotheek.akwaier.fast";
const VIEW_KEY = "ludotheek.akwaier.view";
const DELAY_KEY = "ludotheek.akwaier.delay";   // ms; tests make it small
const BASE_DELAY = 300;                           // the original's pause around a computer turn

function fast() { return localStorage.getItem(FAST_KEY) === "1"; }

// The pause before a computer's decision is shown: 0.3 s (play fast: an eighth, never under 15 ms).
export function delay() {
  const saved = localStorage.getItem(DELAY_KEY);
  const base = saved !== null && Number.isFinite(Number(saved)) ? Number(saved) : BASE_DELAY;
  return fast() ? Math.max(15, base / 8) : base;
}

export function create(ctx) {
  const { t } = ctx;
  const report = ctx.report || ((err) => console.error(err));   // the replay viewer has none
  stylesheet();
  document.body.classList.toggle("akw-retro", localStorage.getItem(VIEW_KEY) === "retro");

  // --- the top bar ---
  const newBtn = el("button", { type: "button", id: "akw-new" });
  const scoresBtn = el("button", { type: "button", id: "akw-scores" });
  const fastBox = el("input", { type: "checkbox", id: "akw-fast", checked: fast() });
  const fastLabel = el("label", { for: "akw-fast", class: "akw-fast" }, fastBox, el("span"));
  const undoBtn = el("button", { type: "button", id: "akw-undo", hidden: true });
  const turn = el("span", { class: "akw-turn", id: "akw-turn", "aria-live": "off" });
  const modern = el("button", { type: "button", id: "view-modern", "data-view": "modern" });
  const retroBtn = el("button", { type: "button", id: "view-retro", "data-view": "retro" });
  const viewLabel = el("span", { class: "akw-view-label" });
  const viewSwitch = el("span", { class: "akw-views", role: "group" }, viewLabel, modern, retroBtn);
  const top = el("div", { class: "akw-top", role: "toolbar" },
    ...(ctx.replay ? [] : [newBtn, scoresBtn, fastLabel, undoBtn]), turn, el("span", { class: "akw-spacer" }), viewSwitch);

  // --- the board, the controls, the panel, the log ---
  const board = createBoard(t);
  const controls = createControls(t);
  const panel = createPanel(t);
  let shown = null;
  const log = new MessageLog({ ...ctx, report, names: () => (shown ? shown.state.names : []) });
  const logBox = el("section", { class: "akw-block akw-logbox" }, el("h3", { "data-key": "akwaier.log" }), log.node);
  const root = el("div", { class: "akw", id: "akw" }, top,
    el("div", { class: "akw-main" },
      el("div", { class: "akw-left" }, board, ctx.replay ? controls.hand : controls.node),
      el("div", { class: "akw-right" }, ctx.replay ? null : controls.actions, panel.node, logBox)));
  ctx.board.replaceChildren(root);
  ctx.extra.replaceChildren();

  const ui = { selected: null, founding: false, busy: false, version: -1, canPick: false };
  let endShownFor = null;

  function texts() {
    newBtn.textContent = t("akwaier.new_game");
    scoresBtn.textContent = t("akwaier.scores.button");
    fastLabel.lastChild.textContent = t("akwaier.fast");
    undoBtn.textContent = t("akwaier.undo");
    undoBtn.title = t("akwaier.undo_hint");
    modern.textContent = t("akwaier.view.modern");
    retroBtn.textContent = t("akwaier.view.retro");
    viewLabel.textContent = t("akwaier.view");
    viewSwitch.setAttribute("aria-label", t("akwaier.view"));
    top.setAttribute("aria-label", t("akwaier.toolbar"));
    logBox.querySelector("h3").textContent = t("akwaier.log");
    for (const b of [modern, retroBtn]) b.setAttribute("aria-pressed", String(document.body.classList.contains("akw-retro") === (b === retroBtn)));
  }

  function draw() {
    if (!shown) return;
    const view = shown;
    const st = view.state;
    ui.canPick = !ctx.replay && mine(view) && st.phase === "place" && !ui.busy;
    turn.textContent = t("akwaier.turn", { n: st.turn, max: st.max_turns });
    undoBtn.hidden = ctx.replay || !view.can_undo;
    undoBtn.disabled = ui.busy;
    drawBoard(board, view, { selected: ui.selected, canPick: ui.canPick, mine: !ctx.replay && mine(view), onSelect: select, onConfirm: confirmTile }, t);
    drawPanel(panel, view, t);
    if (!ctx.replay) {
      drawControls(controls, view, { ...ui, onSelect: select, onConfirm: confirmTile, act, cancel, found: startFounding, standings: showEnd }, t);
    } else {
      // a replay shows a hand only where its view has one (a diagram of "How to play")
      controls.hand.hidden = !st.hand;
      if (st.hand) drawHand(controls.hand, view, ui, t);
    }
    texts();
    fit();   // a chosen tile's line may take another height: the board fits before it is seen
  }

  function select(slot) {
    if (!shown || !ui.canPick) return;
    const tile = shown.state.hand && shown.state.hand[slot - 1];
    if (!tile || !tile.cell) return;
    ui.selected = slot;
    ui.founding = false;
    draw();
    // beside the tile on the board: what it would do and that a second tap does it, or why not
    const cell = board.querySelector(`#cell-${tile.cell}`);
    const place = document.getElementById("act-place");
    if (!tile.placeable) sayNear(cell, `${t("akwaier.line.illegal", { cell: tile.cell })} ${t("akwaier.preview.illegal")}`, { kind: "why" });
    else if (place) sayNear(cell, `${place.textContent}. ${t("ux.tap_again")}`);
  }
  function cancel() { ui.selected = null; ui.founding = false; clearNear(); draw(); }
  // place the chosen tile (a second tap on it): only what "Place" would do
  function confirmTile(slot) {
    const tile = shown && ui.canPick && ui.selected === slot && !ui.founding ? shown.state.hand[slot - 1] : null;
    if (tile && tile.placeable && shown.legal_moves.includes(tile.cell)) act(tile.cell);
  }
  function startFounding() { ui.founding = true; clearNear(); draw(); }
  // a tap on the board beside the own tiles cancels the chosen one (as Cancel and Escape do)
  board.addEventListener("click", () => { if (ui.selected && !ui.busy) cancel(); });
  function act(move) { return whileBusy(ui, draw, () => ctx.play(move)); }
  function newGame() { startDialog({ t }).showModal(); }
  function showEnd() { if (shown && shown.over) endDialog(shown, ctx, newGame).catch(report); }

  newBtn.addEventListener("click", newGame);
  scoresBtn.addEventListener("click", () => scoreDialog(t, shown && shown.over ? shown.id : null).catch(report));
  fastBox.addEventListener("change", () => localStorage.setItem(FAST_KEY, fastBox.checked ? "1" : "0"));
  undoBtn.addEventListener("click", () => whileBusy(ui, draw, () => ctx.undo()));
  for (const b of [modern, retroBtn]) {
    b.addEventListener("click", () => {
      localStorage.setItem(VIEW_KEY, b.dataset.view);
      document.body.classList.toggle("akw-retro", b.dataset.view === "retro");
      draw();
    });
  }

  // keys 1-8 choose a tile, Enter places it, Escape cancels
  if (!ctx.replay) {
    document.addEventListener("keydown", (ev) => {
      if (!shown || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      // not while typing in a field or in a dialog (a checkbox such as "play fast" is no field)
      if (ev.target.closest("input:not([type=checkbox]), select, textarea, dialog") || document.querySelector("dialog[open]")) return;
      if (ev.key >= "1" && ev.key <= "8") { select(Number(ev.key)); ev.preventDefault(); return; }
      if (ev.key === "Escape" && ui.selected) { cancel(); return; }
      if (ev.key === "Enter" && ui.selected && ui.canPick && !ev.target.closest("button, [role=button]")) {
        const tile = shown.state.hand[ui.selected - 1];
        if (tile && tile.placeable && shown.legal_moves.includes(tile.cell)) act(tile.cell);
      }
    });
    document.addEventListener("languagechange", () => log.redraw());
  }

  return {
    ownsStatus: !ctx.replay,
    // the elements that stand for a move (an analysis marks them: js/highlight.js): a tile's
    // cell; for "buy C 3" and "keep C" the tiles of chain C on the board shown
    targets(move) {
      const m = /^([A-O]\d{1,2})(\+|$)/.exec(move);
      if (m) return [`cell-${m[1]}`];
      const chain = /^(?:buy|keep) ([A-H])\b/.exec(move);
      if (!chain || !shown) return [];
      const st = shown.state;
      const cells = [];
      st.board.forEach((row, r) => [...row].forEach((code, c) => { if (code === chain[1]) cells.push(`cell-${st.rows[r]}${c + 1}`); }));
      return cells;
    },
    update(view, prev) {
      if (view.version !== ui.version) {
        if (ui.selected) clearNear();
        ui.selected = null;
        ui.founding = false;
        ui.version = view.version;
      }
      shown = view;
      draw();
      log.update(view, prev);
      if (view.over && !ctx.replay && !ctx.lesson && endShownFor !== view.id && !document.querySelector("dialog[open]")) {
        endShownFor = view.id;
        showEnd();
      }
    },
    // the pause before showing ``view`` after ``prev``: computer decisions at a human pace
    pace(view, prev) {
      if (!computerDecided(view, prev)) return 0;
      const d = delay();
      return prev.state.phase === "place" ? 2 * d : d;   // before a turn, and before each decision
    },
    status(view) {
      if (view.over) return t("game.over");
      return null;
    },
    result(view) {
      const first = view.state.standings[0];
      const winners = view.state.standings.filter((r) => r.place === 1).map((r) => r.name);
      return t(winners.length > 1 ? "akwaier.result.shared" : "akwaier.result", { names: winners.join(", "), name: first.name, wealth: money(first.wealth) });
    },
  };
}

// the page waits for it before it draws (js/game.js, js/replay.js)
export { stylesheet };
