// The animation of a move: the scenes between the position before it and the one after it,
// built from the move's events (the shark turning, swimming hex by hex and eating, the
// schools growing colour by colour). The page draws each scene and waits its time.
const MS = { place: 380, prey: 320, turn: 300, swim: 200, bite: 260, growth: 650 };

// What the board shows: fish, sharks, the shark to move and the last swim.
export function sceneOf(state) {
  const events = state.events || [];
  return {
    fish: { ...state.fish },
    sharks: state.sharks.map((s) => ({ ...s })),
    toMove: state.shark_to_move,
    trail: events.find((e) => e.type === "swim") || null,
    flash: [],
    grown: {},
  };
}

function copy(scene) {
  return { ...scene, fish: { ...scene.fish }, sharks: scene.sharks.map((s) => ({ ...s })), flash: [...scene.flash], grown: { ...scene.grown } };
}

// [{scene, ms}] from `before` (a state view) through the events of `after`.
export function plan(before, after) {
  const scene = { ...sceneOf(before), toMove: null, trail: null };
  const steps = [];
  const push = (ms) => { steps.push({ scene: copy(scene), ms }); scene.flash = []; };
  const find = (id) => scene.sharks.find((s) => s.id === id);
  for (const e of after.events || []) {
    if (e.type === "place") {
      Object.assign(find(e.shark), { hex: e.hex, facing: e.facing, prey: e.prey, placed: true });
      push(MS.place);
      find(e.shark).placed = false;
    } else if (e.type === "prey") {
      find(e.shark).prey = e.action === "take_out" ? "empty" : e.colour;
      push(MS.prey);
    } else if (e.type === "turn") {
      find(e.shark).facing = e.to;
      push(MS.turn);
    } else if (e.type === "swim") {
      const eaten = new Set(e.eaten.map((x) => x.hex));
      for (const hex of e.path) {
        find(e.shark).hex = hex;
        if (eaten.has(hex)) {
          scene.flash = [hex];
          push(MS.swim);
          delete scene.fish[hex];
          push(MS.bite - MS.swim);
        } else {
          push(MS.swim);
        }
      }
    } else if (e.type === "growth" && e.hexes.length) {
      scene.grown = {};
      for (const hex of e.hexes) { scene.fish[hex] = e.colour; scene.grown[hex] = e.colour; }
      push(MS.growth);
      scene.grown = {};
    }
  }
  return steps;
}

export const duration = (steps) => steps.reduce((sum, s) => sum + s.ms, 0);
