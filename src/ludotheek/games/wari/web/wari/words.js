// Wari's moves in words, from a move's entry (js/movelog.js, /history): who sowed which cup and
// what it captured (the difference of the stores before and after it).
export function moveSentences(t, names) {
  return (entry, entryAt = () => null) => {
    const name = entry.seat !== null && entry.seat !== undefined ? names()[entry.seat] : "?";
    if (entry.undo !== null && entry.undo !== undefined) return [["undo", t("wari.log.undo", { name })]];
    if (entry.move === "resign") return [["resign", t("wari.log.resign", { name })]];
    const before = entry.number > 1 ? entryAt(entry.number - 1) : { scores: [0, 0] };
    const seat = entry.seat;
    // at an end by the board, the seeds left went to their owners after the capture
    const home = (entry.events || []).find((e) => e.type === "home");
    const left = home ? home.seeds : [0, 0];
    const gained = entry.scores && before && before.scores ? entry.scores[seat] - left[seat] - before.scores[seat] : null;
    const lines = gained > 0
      ? [["capture", t("wari.log.capture", { name, cup: entry.move, n: gained, store: entry.scores[seat] - left[seat] })]]
      : [["sow", t("wari.log.sow", { name, cup: entry.move })]];
    if (home) {
      const all = names();
      lines.push(["home", t("wari.log.home", { south: all[0], north: all[1], a: left[0], b: left[1],
        s: entry.scores ? entry.scores[0] : "?", n: entry.scores ? entry.scores[1] : "?" })]);
    }
    return lines;
  };
}
