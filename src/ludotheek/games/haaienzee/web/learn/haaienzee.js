// Haaienzee for the coach: where a place is (a hex, a shark, a health meter), what to click
// next for a move made of several clicks (setup: the colour, the direction, the hex; a turn:
// "another fish" or a new prey, then the hex, a direction to only turn, or Pass), and the
// coach's words for another move's facts and a refused hex.
const q = (root, sel) => root.querySelector(sel);
const pressed = (node) => node && node.getAttribute("aria-pressed") === "true";

export function locate(root, place) {
  if (/^[YR][123]$/.test(place)) return q(root, `#shark-${place}`);
  if (/^[A-Z]\d+$/.test(place)) return q(root, `#hex-${place}`);
  return q(root, `#${place}`);
}

function choiceOf(view, move) {
  const moves = (view.state.choices && view.state.choices.moves) || [];
  return moves.find((c) => c.move === move) || null;
}

export function nextTarget(root, move, view) {
  const st = view.state;
  if (st.phase === "setup") {
    const [hex, facing, colour] = move.split(" ");
    const colourBtn = q(root, `#hz-colour-${colour}`);
    if (colourBtn && !pressed(colourBtn)) return colourBtn;
    const dirBtn = q(root, `#hz-dir-${facing}`);
    if (dirBtn && !pressed(dirBtn)) return dirBtn;
    return q(root, `#hex-${hex}.free`);
  }
  const c = choiceOf(view, move);
  if (!c) return null;
  const other = q(root, "#hz-other-prey");
  const wantOut = c.prey === "empty";
  if (other && !other.closest("[hidden]") && other.checked !== wantOut) return q(root, "label.hz-other");
  if (c.prey && c.prey !== "empty") {
    const b = q(root, `#hz-prey-${c.prey}`);
    if (b && !pressed(b)) return b;
  } else {
    const keep = q(root, "#hz-prey-keep");
    if (keep && !keep.closest("[hidden]") && !pressed(keep)) return keep;
  }
  if (c.hex) return q(root, `#hex-${c.hex}.target`);
  if (c.turn) return q(root, `#hz-dir-${c.facing}`);
  return q(root, "#hz-pass");
}

const colour = (t, c) => t(`haaienzee.colour.${c}`);
const dir = (t, d) => t(`haaienzee.dir.${d}`);

export function wordFacts(facts, t) {
  if (!facts.move) return "";
  if (facts.setup) {
    const said = (f) => t("learn_haaienzee.facts.setup", { ...f, facing: dir(t, f.facing), colour: colour(t, f.colour) });
    return `${said(facts.move)} ${said(facts.expected)}`;
  }
  const sign = (n) => (n > 0 ? `+${n}` : String(n));
  return t("learn_haaienzee.facts.turn", { eats: facts.move.eats, health: sign(facts.move.health),
    expected: facts.expected.eats, expected_health: sign(facts.expected.health) });
}

export function wordRefusal(refusal, t) {
  if (!refusal || !refusal.code) return null;
  return t(`learn_haaienzee.refused.${refusal.code}`, { ...refusal, colour: refusal.colour ? colour(t, refusal.colour) : "" });
}

export function wordHint(f, t, view) {
  let what;
  if (f.kind === "place") {
    what = t("learn_haaienzee.hint.place", { ...f, facing: dir(t, f.facing), colour: colour(t, f.colour) });
  } else {
    const parts = [];
    if (f.prey === "empty") parts.push(t("learn_haaienzee.hint.take_out"));
    else if (f.prey) parts.push(t("learn_haaienzee.hint.new_prey", { colour: colour(t, f.prey) }));
    if (f.turn) parts.push(t(`learn_haaienzee.hint.turn_${f.turn}`, { facing: dir(t, f.facing) }));
    if (f.hex && f.eats) parts.push(t("learn_haaienzee.hint.eat", { hex: f.hex, eats: f.eats, colour: colour(t, f.colour) }));
    else if (f.hex) parts.push(t("learn_haaienzee.hint.swim", { hex: f.hex }));
    else if (!parts.length) parts.push(t("learn_haaienzee.hint.stay"));
    what = t("learn_haaienzee.hint.shark", { number: f.number, what: parts.join(t("learn_haaienzee.hint.then")) });
  }
  const other = view.names[1 - view.to_move];
  let outlook = "";
  if (f.outlook === "win") outlook = t("learn_haaienzee.hint.win");
  else if (f.outlook === "loss") outlook = t("learn_haaienzee.hint.loss");
  else if (f.outlook === "lead") {
    outlook = f.lead > 0 ? t("learn_haaienzee.hint.lead", { n: f.lead })
      : f.lead < 0 ? t("learn_haaienzee.hint.behind", { n: -f.lead, other }) : t("learn_haaienzee.hint.level");
  }
  return `${what} ${outlook}`.trim();
}

export function hintPlaces(root, move, view, facts) {
  const out = [locate(root, facts.shark)];
  if (facts.hex) out.push(locate(root, facts.hex));
  // a placement is made of three choices: the colour and the direction not chosen yet too
  if (facts.kind === "place") {
    for (const b of [q(root, `#hz-colour-${facts.colour}`), q(root, `#hz-dir-${facts.facing}`)]) {
      if (b && !pressed(b)) out.push(b);
    }
  }
  return out;
}

// Where a move is on the board (the hexes it names; a turn without one: the shark to move),
// ringed while a warning about it is shown.
export function movePlaces(root, move, view) {
  const hexes = move.split(" ").filter((w) => /^[A-Z]\d+$/.test(w)).map((h) => locate(root, h));
  if (hexes.length || view.state.phase === "setup") return hexes;
  return [q(root, ".shark-at.to-move")];
}

// What the numbers on the free hexes of the setup mean, while they are shown.
export function legend(root) {
  return q(root, ".eats.reach") ? "learn_haaienzee.reach_legend" : null;
}

// A warning before a move (/api/games/<id>/advice), in words.
export function wordNote(note, t, view) {
  const p = note.params || {};
  const other = view.names[1 - view.to_move];
  return t(`learn_haaienzee.note.${note.code.split(".").pop()}`, { ...p, other });
}
