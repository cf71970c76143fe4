// Wari for the coach: where a place is on the board, what to click for a move, and the
// coach's words for what another cup would do.
export function locate(root, place) {
  return root.querySelector(/^\d+$/.test(place) ? `#cup-${place}` : `#${place}`);
}

// The element to click next to make `move` (a cup number).
export function nextTarget(root, move) {
  return root.querySelector(`#cup-${move}.legal`) || null;
}

// Another legal cup than the coach's: what both do (facts from /api/learn/wari/try).
export function wordFacts(facts, t) {
  if (!facts.move) return "";
  const said = (f) => t(f.captures ? "learn_wari.facts.captures" : "learn_wari.facts.no_capture",
    { cup: f.cup, seeds: f.seeds, n: f.captures });
  return `${said(facts.move)} ${said(facts.expected)}`;
}

// A refused cup, in the page's language (null: show the engine's reason).
export function wordRefusal(refusal, t) {
  return refusal && refusal.code ? t(`learn_wari.refused.${refusal.code}`, refusal) : null;
}

// A hint in words (facts from /api/games/<id>/hint) and where it is on the board.
export function wordHint(f, t, view) {
  const other = view.names[1 - view.to_move];
  const parts = [t(f.seeds === 1 ? "learn_wari.hint.sow_one" : "learn_wari.hint.sow", f)];
  if (f.captures) parts.push(t("learn_wari.hint.captures", f));
  if (f.result) parts.push(t(`learn_wari.hint.result_${f.result}`, f));
  else if (f.gain > 0) parts.push(t(f.gain === 1 ? "learn_wari.hint.gain_one" : "learn_wari.hint.gain", { n: f.gain, other }));
  else if (f.gain < 0) parts.push(t(f.gain === -1 ? "learn_wari.hint.lose_one" : "learn_wari.hint.lose", { n: -f.gain, other }));
  else if (f.gain === 0) parts.push(t("learn_wari.hint.even"));
  return parts.join(" ");
}

export function hintPlaces(root, move) { return [root.querySelector(`#cup-${move}`)]; }
