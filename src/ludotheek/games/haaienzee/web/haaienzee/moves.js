// What a person can click, composed from the view: every click maps to exactly one move
// string of `view.legal_moves` (the rules stay in the engine). The setup combines a hex, a
// facing and a prey colour; a turn combines an optional prey word, a turn and an end hex,
// as the view's `choices` list them.
export const COLOURS = ["white", "grey", "brown"];
export const FACINGS = ["NE", "E", "SE", "SW", "W", "NW"];

// The setup: which colours and hexes are offered, and the move for a (hex, facing, colour).
export function setupOptions(view) {
  const st = view.state;
  const legal = new Set(view.legal_moves || []);
  const compose = (hex, facing, colour) => {
    const move = `${hex} ${facing} ${colour}`;
    return legal.has(move) ? move : null;
  };
  const free = new Set((st.choices && st.choices.colours) || []);
  const colours = COLOURS.map((colour) => ({ colour, free: free.has(colour) && legal.size > 0 }));
  const facings = FACINGS.filter(() => COLOURS.some((c) => free.has(c)));
  const hexes = new Set(((st.choices && st.choices.hexes) || [])
    .filter((hex) => FACINGS.some((f) => COLOURS.some((c) => compose(hex, f, c)))));
  return { colours, facings, hexes, compose };
}

// A turn: the choices grouped by prey action (null: keep the prey; "empty": take it out;
// a colour: the new prey of an empty shark). Per prey action: the hexes the shark can end
// on (after a turn of 0 or 60 degrees), the facings it can turn to without swimming, and
// staying put. Only moves present in `view.legal_moves` are offered.
export function turnOptions(view) {
  const st = view.state;
  const legal = new Set(view.legal_moves || []);
  const moves = ((st.choices && st.choices.moves) || []).filter((c) => legal.has(c.move));
  const byPrey = new Map();
  for (const c of moves) {
    const key = c.prey;
    if (!byPrey.has(key)) byPrey.set(key, { targets: new Map(), turns: new Map(), stay: null });
    const group = byPrey.get(key);
    if (c.hex !== null) {
      if (group.targets.has(c.hex)) throw new Error(`two moves end on ${c.hex}: ${group.targets.get(c.hex).move}, ${c.move}`);
      group.targets.set(c.hex, c);
    } else if (c.turn !== null) {
      group.turns.set(c.facing, c);
    } else {
      group.stay = c;
    }
  }
  const shark = st.sharks.find((s) => s.id === st.shark_to_move) || null;
  return {
    shark,
    byPrey,
    canTakeOut: byPrey.has("empty"),
    newPreys: COLOURS.filter((c) => byPrey.has(c)),
    group(prey) { return byPrey.get(prey) || { targets: new Map(), turns: new Map(), stay: null }; },
  };
}
