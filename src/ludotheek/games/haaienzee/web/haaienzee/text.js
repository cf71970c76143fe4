// Words: what a click would do, the message log's sentences and the result, all through t().
import { ADJ_KEYS, COLOUR_KEYS, sharkName } from "./draw.js";

export const DIR_KEYS = { E: "haaienzee.dir.E", NE: "haaienzee.dir.NE", NW: "haaienzee.dir.NW", W: "haaienzee.dir.W", SW: "haaienzee.dir.SW", SE: "haaienzee.dir.SE" };
const REASON_KEYS = {
  health_23: "haaienzee.end.health_23", health_0: "haaienzee.end.health_0", lead_10: "haaienzee.end.lead_10",
  round_limit: "haaienzee.end.round_limit", resigned: "haaienzee.end.resigned", stopped: "haaienzee.end.stopped",
};

export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");
export const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
export const dirName = (facing, t) => t(DIR_KEYS[facing]);
export const colourName = (colour, t) => t(COLOUR_KEYS[colour]);

function fishCount(n, colour, t) {
  return t(n === 1 ? "haaienzee.fish_one" : "haaienzee.fish_many", { n, colour: t(ADJ_KEYS[colour]) });
}

// A turn's choice ({move, prey, turn, facing, hex, eats}) of `shark`, in the imperative:
// "Turn right to face south-east, swim to H7 and eat 2 white fish (health +1)".
export function describeChoice(choice, shark, t) {
  const parts = [];
  if (choice.prey === "empty") parts.push(t("haaienzee.do.take_out", { colour: colourName(shark.prey, t) }));
  else if (choice.prey) parts.push(t("haaienzee.do.put_in", { colour: colourName(choice.prey, t) }));
  if (choice.turn) parts.push(t(choice.turn === "L" ? "haaienzee.do.turn_left" : "haaienzee.do.turn_right", { facing: dirName(choice.facing, t) }));
  if (choice.hex) {
    const prey = choice.prey || shark.prey;
    parts.push(choice.eats > 0
      ? t("haaienzee.do.swim_eat", { hex: choice.hex, fish: fishCount(choice.eats, prey, t) })
      : t("haaienzee.do.swim", { hex: choice.hex }));
  } else if (!choice.turn) {
    parts.push(t("haaienzee.do.stay"));
  }
  return `${capital(parts.join(", "))} (${t("haaienzee.health_change", { change: signed(choice.eats - 1) })})`;
}

// The message log: one line per shark turn or placement; the growth, the end of a round,
// the next start player and the end of the game.
export function sentences(entry, names, t) {
  const events = entry.events || [];
  const name = (seat) => (seat !== null && seat !== undefined ? names()[seat] : "?");
  if (entry.undo !== null && entry.undo !== undefined) {
    return [["undo", t("haaienzee.log.undo", { name: name(entry.seat) })]];
  }
  const out = [];
  const shark = (id) => sharkName({ seat: id.startsWith("Y") ? 0 : 1, number: Number(id.slice(1)) }, t);
  const actions = [];
  for (const e of events) {
    if (e.type === "place") {
      out.push(["place", t("haaienzee.log.place", { shark: shark(e.shark), hex: e.hex, facing: dirName(e.facing, t), colour: colourName(e.prey, t) })]);
    } else if (e.type === "prey") {
      actions.push(e.action === "take_out"
        ? t("haaienzee.log.take_out", { colour: colourName(e.colour, t) })
        : t("haaienzee.log.put_in", { colour: colourName(e.colour, t) }));
    } else if (e.type === "turn") {
      actions.push(t(e.direction === "L" ? "haaienzee.log.turn_left" : "haaienzee.log.turn_right", { facing: dirName(e.to, t) }));
    } else if (e.type === "swim") {
      actions.push(e.eaten.length
        ? t("haaienzee.log.swim_eat", { hex: e.to, fish: fishCount(e.eaten.length, e.eaten[0].colour, t) })
        : t("haaienzee.log.swim", { hex: e.to }));
    } else if (e.type === "health") {
      if (!actions.length) actions.push(t("haaienzee.log.stay"));
      out.push(["turn", t("haaienzee.log.turn", { shark: shark(e.shark), actions: actions.join(", "),
        name: name(e.seat), change: signed(e.change), health: e.health })]);
    } else if (e.type === "growth") {
      // written below, all colours in one line
    } else if (e.type === "round_end") {
      const growth = events.filter((g) => g.type === "growth");
      const list = growth.map((g) => `${colourName(g.colour, t)} +${g.hexes.length}`).join(", ");
      out.push(["growth", t("haaienzee.log.growth", { list })]);
      out.push(["round-end", t("haaienzee.log.round_end", { round: e.round, a: name(0), b: name(1), ha: e.health[0], hb: e.health[1] })]);
    } else if (e.type === "round_start") {
      out.push(["round", t("haaienzee.log.round_start", { round: e.round, name: name(e.start_player) })]);
    } else if (e.type === "resign") {
      out.push(["resign", t("haaienzee.log.resign", { name: name(e.seat) })]);
    } else if (e.type === "game_over") {
      out.push(["over", e.winners.length ? t("haaienzee.log.won", { name: name(e.winners[0]) }) : t("haaienzee.log.draw")]);
    }
  }
  return out.map(([kind, text]) => [kind, capital(text)]);
}

// Why a hex is refused ({code, hex, at, colour} of the position's advice), in words.
export function refusalText(facts, t) {
  return t(`learn_haaienzee.refused.${facts.code}`, { ...facts, colour: facts.colour ? colourName(facts.colour, t) : "" });
}

// The banner: who won and why.
export function resultText(view, t) {
  const st = view.state;
  const names = view.names;
  const [a, b] = st.health;
  const reason = st.end_reason;
  if (!view.winners.length) return `${t("haaienzee.result.draw")} ${t(REASON_KEYS[reason] || "haaienzee.end.stopped", { round: st.round })}`;
  const w = view.winners[0];
  const params = { name: names[w], loser: names[1 - w], health: st.health[w], other: st.health[1 - w],
    lead: Math.abs(a - b), round: st.round };
  return `${t("haaienzee.result.won", params)} ${t(REASON_KEYS[reason] || "haaienzee.end.stopped", params)}`;
}
