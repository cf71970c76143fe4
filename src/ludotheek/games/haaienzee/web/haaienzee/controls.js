// The strip above the sea, as on the original site: in the setup the prey colour and the
// direction of the shark to place (then a click on an empty hex); in a turn the directions
// to only turn to, Pass, the "I want to hunt another fish" box and, for an empty shark, the
// choice of its new prey. Under it a line says what the pointer's hex would do.
import { el, svg } from "../../ui.js";
import { COLOUR_KEYS, fishShape, sharkName } from "./draw.js";
import { COMPASS } from "./geometry.js";
import { COLOURS } from "./moves.js";
import { describeChoice, dirName } from "./text.js";

function fishIcon(colour) {
  return svg("svg", { class: "fish-icon", viewBox: "-18 -10 36 20", "aria-hidden": "true" }, fishShape(colour));
}

export function createControls() {
  const title = el("div", { class: "hz-title", id: "hz-title" });
  const colourLabel = el("span", { class: "hz-label" });
  const colourButtons = COLOURS.map((c) => el("button", { type: "button", class: "hz-colour", id: `hz-colour-${c}`, "data-colour": c },
    fishIcon(c), el("span")));
  const colours = el("div", { class: "hz-group", role: "group" }, colourLabel, ...colourButtons);
  const dirLabel = el("span", { class: "hz-label" });
  const dirButtons = COMPASS.map(([facing, arrow]) => el("button", { type: "button", class: `hz-dir hz-dir-${facing}`, id: `hz-dir-${facing}`, "data-facing": facing, text: arrow }));
  const compass = el("div", { class: "hz-compass" }, ...dirButtons, el("span", { class: "hz-compass-centre", "aria-hidden": "true" }));
  const dirs = el("div", { class: "hz-group", role: "group" }, dirLabel, compass);
  const pass = el("button", { type: "button", id: "hz-pass", class: "hz-pass" });
  const otherBox = el("input", { type: "checkbox", id: "hz-other-prey" });
  const other = el("label", { class: "hz-other", for: "hz-other-prey" }, otherBox, el("span"));
  const preyLabel = el("span", { class: "hz-label" });
  const preyKeep = el("button", { type: "button", class: "hz-prey", id: "hz-prey-keep", "data-prey": "" }, el("span", { class: "hz-empty-chip", "aria-hidden": "true" }), el("span"));
  const preyButtons = COLOURS.map((c) => el("button", { type: "button", class: "hz-prey", id: `hz-prey-${c}`, "data-prey": c }, fishIcon(c), el("span")));
  const prey = el("div", { class: "hz-group hz-newprey", role: "group" }, preyLabel, preyKeep, ...preyButtons);
  const actions = el("div", { class: "hz-actions" }, colours, dirs, prey, pass, other);
  const line = el("p", { class: "hz-line", id: "hz-line", "aria-live": "polite" });
  const node = el("section", { class: "hz-controls", id: "hz-controls" }, title, actions, line);
  return { node, title, colours, colourLabel, colourButtons, dirs, dirLabel, dirButtons, pass, other, otherBox, prey, preyLabel, preyKeep, preyButtons, line, help: "" };
}

// Draw the strip for `view`. `ui` is the page's choice so far ({colour, facing, takeOut,
// newPrey, busy}); `opts` the options of moves.js (setupOptions / turnOptions) or null when
// this browser cannot move now; `h` the handlers (`h.mover`: the seat to move is this page's,
// its move on its way or asked about: nobody is waited for).
export function drawControls(c, view, ui, opts, h, t) {
  const st = view.state;
  const shark = st.sharks.find((s) => s.id === st.shark_to_move);
  const setup = st.phase === "setup";
  const acting = Boolean(opts) && !ui.busy;
  c.node.dataset.phase = st.phase;
  c.node.classList.toggle("idle", !opts);
  c.node.classList.toggle("watching", !h.holds);
  c.colourLabel.textContent = t("haaienzee.choose_prey");
  c.dirLabel.textContent = setup ? t("haaienzee.choose_direction") : t("haaienzee.turn_only");
  c.preyLabel.textContent = t("haaienzee.new_prey");
  c.pass.textContent = t("haaienzee.pass");
  c.other.lastChild.textContent = t("haaienzee.other_fish");
  c.preyKeep.lastChild.textContent = t("haaienzee.stay_empty");

  if (!shark || view.over) {
    c.title.textContent = view.over ? t("game.over") : "";
    for (const n of [c.colours, c.dirs, c.prey, c.pass, c.other]) n.hidden = true;
    say(c, "");
    return;
  }
  const who = sharkName(shark, t);
  // every part of the phase keeps its place (invisible when it does not apply now, and all of
  // it while another player moves: .idle), so the strip keeps its height and the sea stays put
  c.colours.hidden = !setup;
  c.dirs.hidden = false;
  c.pass.hidden = setup;
  c.other.hidden = setup;
  c.prey.hidden = setup;
  c.other.classList.toggle("hz-unused", setup || !opts || !opts.canTakeOut);
  c.prey.classList.toggle("hz-unused", setup || !opts || !opts.newPreys.length);

  if (setup) {
    c.title.textContent = opts || h.mover ? t("haaienzee.place_title", { shark: who }) : `${t("haaienzee.placing", { shark: who })} ${waiting(view, t)}`;
    if (opts) {
      c.colourButtons.forEach((b) => {
        const colour = b.dataset.colour;
        const option = opts.colours.find((o) => o.colour === colour);
        b.lastChild.textContent = t(COLOUR_KEYS[colour]);
        b.disabled = !acting || !option.free;
        b.title = option.free ? "" : t("haaienzee.colour_taken", { colour: t(COLOUR_KEYS[colour]) });
        b.setAttribute("aria-pressed", String(ui.colour === colour));
        b.onclick = () => h.colour(colour);
      });
      c.dirButtons.forEach((b) => {
        const facing = b.dataset.facing;
        b.disabled = !acting || !opts.facings.includes(facing);
        b.classList.remove("current");
        b.setAttribute("aria-pressed", String(ui.facing === facing));
        b.title = dirName(facing, t);
        b.setAttribute("aria-label", dirName(facing, t));
        b.onclick = () => h.facing(facing);
      });
      say(c, t("haaienzee.place_help", {
        colour: ui.colour ? t(COLOUR_KEYS[ui.colour]) : "…", facing: ui.facing ? dirName(ui.facing, t) : "…" }));
    } else {
      say(c, "");
    }
    return;
  }

  c.title.textContent = t("haaienzee.turn_title", {
    shark: who, hex: shark.hex, facing: dirName(shark.facing, t), prey: t(COLOUR_KEYS[shark.prey]) });
  if (!opts && !h.mover) c.title.textContent += ` ${waiting(view, t)}`;
  if (!opts) { say(c, ""); return; }
  const prey = ui.takeOut ? "empty" : ui.newPrey;
  const group = opts.group(prey);
  c.dirButtons.forEach((b) => {
    const facing = b.dataset.facing;
    const choice = group.turns.get(facing);
    b.disabled = !acting || !choice;
    b.classList.toggle("current", facing === shark.facing);
    b.setAttribute("aria-pressed", "false");
    b.title = choice ? describeChoice(choice, shark, t) : facing === shark.facing ? t("haaienzee.facing_now", { facing: dirName(facing, t) }) : dirName(facing, t);
    b.setAttribute("aria-label", b.title);
    b.onclick = choice ? () => h.play(choice.move) : null;
  });
  c.pass.disabled = !acting || !group.stay;
  c.pass.title = group.stay ? describeChoice(group.stay, shark, t) : "";
  c.pass.onclick = group.stay ? () => h.play(group.stay.move) : null;
  c.otherBox.checked = ui.takeOut;
  c.otherBox.disabled = !acting;
  c.otherBox.onchange = () => h.takeOut(c.otherBox.checked);
  c.preyKeep.setAttribute("aria-pressed", String(ui.newPrey === null));
  c.preyKeep.disabled = !acting || !opts.byPrey.has(null);
  c.preyKeep.onclick = () => h.newPrey(null);
  c.preyButtons.forEach((b) => {
    const colour = b.dataset.prey;
    const offered = opts.newPreys.includes(colour);
    b.hidden = !offered && colour !== shark.taken_out;
    b.disabled = !acting || !offered;
    b.title = offered ? "" : t("haaienzee.prey_taken_out", { colour: t(COLOUR_KEYS[colour]) });
    b.lastChild.textContent = t(COLOUR_KEYS[colour]);
    b.setAttribute("aria-pressed", String(ui.newPrey === colour));
    b.onclick = () => h.newPrey(colour);
  });
  let help;
  if (shark.prey === "empty") help = t("haaienzee.turn_help_empty", { colour: ui.newPrey ? t(COLOUR_KEYS[ui.newPrey]) : t("haaienzee.colour.empty") });
  else if (ui.takeOut) help = t("haaienzee.turn_help_take_out");
  else help = t("haaienzee.turn_help");
  say(c, help);
}

// who the page waits for: "(Red is thinking…)", "(waiting for Red)"
// The longest title a turn of this game can show, in letters (each part its longest: the
// sharks' names, hexes, directions, preys, and the words while the other side moves): the
// strip keeps the height this title needs from the first turn on, so that a later turn's
// longer title wraps onto no line the first turn's did not have (the sea would move down).
export function widestTitle(view, t) {
  const st = view.state;
  if (st.phase !== "turn") return null;
  const longest = (xs) => xs.reduce((a, b) => (b.length > a.length ? b : a), "");
  const hexes = [...st.sharks.map((s) => s.hex || ""), ...Object.keys(st.fish || {})];
  const title = t("haaienzee.turn_title", {
    shark: longest(st.sharks.map((s) => sharkName(s, t))),
    hex: longest(hexes),
    facing: longest(COMPASS.map(([f]) => dirName(f, t))),
    prey: longest(Object.values(COLOUR_KEYS).map((k) => t(k))),
  });
  const waits = Object.values(view.names || {}).flatMap((name) => [
    t("haaienzee.thinking", { name }), t("haaienzee.waiting", { name })]);
  return waits.length ? `${title} (${longest(waits)})` : title;
}

function waiting(view, t) {
  const name = view.names[view.to_move];
  return `(${view.thinking ? t("haaienzee.thinking", { name }) : t("haaienzee.waiting", { name })})`;
}

// the line under the strip: the help, until the pointer is on a hex (showHover)
function say(c, text) {
  c.help = text;
  c.line.textContent = text;
}

export function showHover(c, text) {
  c.line.textContent = text || c.help || "";
}
