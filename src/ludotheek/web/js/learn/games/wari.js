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
