// The sentences of Aqua Romana's message log: one or more per event of a move
// (docs/rules/aqua-romana.md, "The state view": events).
import { kindName, workerName } from "./format.js";

// sentencesFor(t, names)(entry) -> [[class, text], ...]; names() gives the seats' names
export function sentencesFor(t, names) {
  return (entry) => {
    const seat = (s) => (s === null || s === undefined ? "?" : names()[s] || String(s + 1));
    if (entry.undo !== null && entry.undo !== undefined) {
      return [["undo", t("aqua_romana.log.undo", { name: seat(entry.seat) })]];
    }
    const out = [];
    for (const e of entry.events || []) {
      const say = SENTENCES[e.type];
      if (!say) continue;
      for (const text of say(e, t, seat)) out.push([e.type, text]);
    }
    return out;
  };
}

const w = (t, name) => workerName(t, name);
const k = (t, kind) => kindName(t, kind);

const SENTENCES = {
  turn: (e, t, seat) => [t("aqua_romana.log.turn", { name: seat(e.seat) })],
  place: (e, t, seat) => [t(e.from === "reserve" ? "aqua_romana.log.place_reserve" : "aqua_romana.log.place",
    { name: seat(e.seat), kind: k(t, e.kind), space: e.space })],
  build: (e, t, seat) => [t(e.builder_kind === e.kind ? "aqua_romana.log.build" : "aqua_romana.log.build_with",
    { name: seat(e.seat), worker: w(t, e.worker), kind: k(t, e.kind), rotation: e.rotation, square: e.square,
      space: e.builder, builder: k(t, e.builder_kind) })],
  flow: (e, t) => [t(e.added === 1 ? "aqua_romana.log.flow_one" : "aqua_romana.log.flow",
    { worker: w(t, e.worker), added: e.added, length: e.length })],
  closed: (e, t, seat) => [t(`aqua_romana.log.closed.${e.reason}`, { worker: w(t, e.worker), length: e.length, name: seat(e.seat) })],
  builder: (e, t) => {
    const out = [t("aqua_romana.log.builder", { kind: k(t, e.kind), from: e.from, to: e.to })];
    if (e.corners) out.push(t(e.corners === 1 ? "aqua_romana.log.corner" : "aqua_romana.log.corners", { n: e.corners }));
    return out;
  },
  move_builder: (e, t, seat) => [t("aqua_romana.log.move_builder", { name: seat(e.seat), kind: k(t, e.kind), from: e.from, to: e.to })],
  bonus: (e, t, seat) => [t("aqua_romana.log.bonus", { name: seat(e.seat), kind: k(t, e.kind), rotation: e.rotation, square: e.square })],
  bonus_lost: (e, t) => [t(`aqua_romana.log.bonus_lost.${e.reason}`)],
  keep: (e, t, seat) => [t("aqua_romana.log.keep", { name: seat(e.seat) })],
  retire: (e, t) => [e.podium
    ? t("aqua_romana.log.retire", { worker: w(t, e.worker), length: e.length, podium: e.podium })
    : t("aqua_romana.log.retire_none", { worker: w(t, e.worker), length: e.length })],
  pick: (e, t, seat) => [e.kind
    ? t("aqua_romana.log.pick", { name: seat(e.seat), kind: k(t, e.kind) })
    : t("aqua_romana.log.pick_none", { name: seat(e.seat) })],
  resigned: (e, t, seat) => [t("aqua_romana.log.resigned", { name: seat(e.seat) })],
  game_over: (e, t) => [t(`aqua_romana.end.${e.reason}`)],
  rank_bonus: (e, t) => [t("aqua_romana.log.rank_bonus", { rank: e.rank, worker: w(t, e.worker), podium: e.podium, bonus: e.bonus })],
};

// The marks of the last turns on the board, from the log's entries of moves up to ``version``:
// the tiles laid and the squares water flowed into this turn and in the turn before, and the
// builders that moved.
export function recentMarks(entries) {
  const marks = { tiles: new Set(), flows: new Map(), from: new Set(), to: new Set() };
  let turns = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry.undo !== null && entry.undo !== undefined) break;
    const events = entry.events || [];
    for (let j = events.length - 1; j >= 0; j--) {
      const e = events[j];
      if (e.type === "turn") {
        turns += 1;
        if (turns >= 2) return marks;
        continue;
      }
      if (e.type === "build" || e.type === "bonus") marks.tiles.add(e.square);
      else if (e.type === "flow") for (const sq of e.squares) if (!marks.flows.has(sq)) marks.flows.set(sq, e.worker.replace(/\d+$/, ""));
      else if (e.type === "builder" || e.type === "move_builder") { marks.from.add(e.from); marks.to.add(e.to); }
    }
  }
  return marks;
}
