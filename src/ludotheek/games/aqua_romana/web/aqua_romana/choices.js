// What the player to move may do, read from the view's legal moves only (never from the
// rules): every click path of the page ends in one of these move strings.
//
//   place KIND Tn                      setup, reserve builders
//   WORKER Tn KIND SQUARE ROTATION     build
//   move Tn                            no build possible: move a builder on
//   bonus KIND SQUARE ROTATION         bonus tile
//   close WORKER | close none          voluntary closing
//   pick KIND | pick none              reserve pick
const space = (word) => Number(word.slice(1));

export function parseMoves(legal) {
  const out = { place: [], builds: [], moves: [], bonus: [], close: [], pick: [] };
  for (const move of legal || []) {
    const w = move.split(" ");
    if (w[0] === "place") out.place.push({ move, kind: w[1], space: space(w[2]) });
    else if (w[0] === "move") out.moves.push({ move, space: space(w[1]) });
    else if (w[0] === "bonus") out.bonus.push({ move, kind: w[1], square: w[2], rotation: w[3] });
    else if (w[0] === "close") out.close.push({ move, worker: w[1] === "none" ? null : w[1] });
    else if (w[0] === "pick") out.pick.push({ move, kind: w[1] === "none" ? null : w[1] });
    else if (w.length === 5) out.builds.push({ move, worker: w[0], space: space(w[1]), kind: w[2], square: w[3], rotation: w[4] });
  }
  return out;
}

// The distinct values of ``key`` in ``items``, in their first order.
export function distinct(items, key) {
  const seen = [];
  for (const it of items) if (!seen.includes(it[key])) seen.push(it[key]);
  return seen;
}

// Tile placements grouped by square: [{square, options: [{rotation, move, ...}]}], in order.
export function bySquare(items) {
  const groups = new Map();
  for (const it of items) {
    if (!groups.has(it.square)) groups.set(it.square, []);
    groups.get(it.square).push(it);
  }
  return [...groups].map(([square, options]) => ({ square, options }));
}

// The page's choices so far, narrowed to what the legal moves still allow; a choice that is
// the only one possible is made at once (a builder's own kind, the only builder in sight).
// sel: {worker, space, kind}; returns the narrowed selection and what to offer next.
export function narrowBuild(builds, sel) {
  const workers = distinct(builds, "worker");
  const worker = workers.includes(sel.worker) ? sel.worker : null;
  if (worker === null) return { workers, worker: null, spaces: [], space: null, kinds: [], kind: null, options: [] };
  const mine = builds.filter((b) => b.worker === worker);
  const spaces = distinct(mine, "space");
  let chosenSpace = spaces.includes(sel.space) ? sel.space : null;
  if (chosenSpace === null && spaces.length === 1) chosenSpace = spaces[0];
  if (chosenSpace === null) return { workers, worker, spaces, space: null, kinds: [], kind: null, options: [] };
  const withBuilder = mine.filter((b) => b.space === chosenSpace);
  const kinds = distinct(withBuilder, "kind");
  let kind = kinds.includes(sel.kind) ? sel.kind : null;
  if (kind === null && kinds.length === 1) kind = kinds[0];
  const options = kind === null ? [] : withBuilder.filter((b) => b.kind === kind);
  return { workers, worker, spaces, space: chosenSpace, kinds, kind, options };
}
