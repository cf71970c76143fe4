// The computer levels as /api/meta gives them (fetched once per page): each level's time per
// move and its measured rating, and the words for them: "instant · rating 1500" or
// "≤ 1 s a move · rating 2100". The lobby, the game pages' new-game dialogs and Akwaier's
// start dialog show them beside every level.
import { api } from "./api.js";

let meta = null;

// The levels of `game`, weakest first: [{name, label, seconds, rating, rating_interval}, ...]
export async function gameLevels(game) {
  meta = meta || api.get("/api/meta").catch(() => ({ games: [] }));
  const found = (await meta).games.find((g) => g.name === game);
  return found ? found.levels : [];
}

export async function levelTimes(game) {
  return Object.fromEntries((await gameLevels(game)).map((lv) => [lv.name, lv.seconds]));
}

export function timeText(t, seconds) {
  if (!seconds) return t("level.instant");
  return t("level.seconds", { s: seconds < 1 ? seconds.toFixed(2).replace(/0$/, "") : seconds });
}

// "≤ 1 s a move · rating 2100" (the rating where it was measured)
export function levelNote(t, lv) {
  const time = timeText(t, lv.seconds);
  return lv.rating == null ? time : `${time} · ${t("levels.rating", { r: lv.rating })}`;
}

// Adds " · ≤ 1 s a move · rating 2100" to the options of `select` whose value is
// `computer:LEVEL`.
export async function showLevelTimes(t, game, select) {
  const levels = Object.fromEntries((await gameLevels(game)).map((lv) => [lv.name, lv]));
  for (const option of select.options) {
    const [kind, level] = option.value.split(":");
    if (kind === "computer" && level in levels && !option.dataset.timed) {
      option.dataset.timed = "1";
      option.textContent += ` · ${levelNote(t, levels[level])}`;
    }
  }
}
