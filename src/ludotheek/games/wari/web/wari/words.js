// Wari's moves in words, from a move's entry (js/movelog.js, /history): who sowed which cup and
// what it captured (the difference of the stores before and after it).
export function moveSentences(t, names) {
  return (entry, entryAt = () => null) => {
    const name = entry.seat !== null && entry.seat !== undefined ? names()[entry.seat] : "?";
    if (entry.undo !== null && entry.undo !== undefined) return [["undo", t("wari.log.undo", { name })]];
    if (entry.move === "resign") return [["resign", t("wari.log.resign", { name })]];
    const before = entry.number > 1 ? entryAt(entry.number - 1) : { scores: [0, 0] };
    const seat = entry.seat;
    const gained = entry.scores && before && before.scores ? entry.scores[seat] - before.scores[seat] : null;
    if (gained > 0) {
      return [["capture", t("wari.log.capture", { name, cup: entry.move, n: gained, store: entry.scores[seat] })]];
    }
    return [["sow", t("wari.log.sow", { name, cup: entry.move })]];
  };
}
