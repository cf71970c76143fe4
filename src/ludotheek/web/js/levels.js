// The computer levels' time per move, as /api/meta gives it (fetched once per page), and the
// words for it: "instant" or "≤ 1 s a move". The lobby, the game pages' new-game dialogs and
// Akwaier's start dialog show it beside every level.
import { api } from "./api.js";

let meta = null;

export async function levelTimes(game) {
  meta = meta || api.get("/api/meta").catch(() => ({ games: [] }));
  const found = (await meta).games.find((g) => g.name === game);
  return Object.fromEntries((found ? found.levels : []).map((lv) => [lv.name, lv.seconds]));
}

export function timeText(t, seconds) {
  if (!seconds) return t("level.instant");
  return t("level.seconds", { s: seconds < 1 ? seconds.toFixed(2).replace(/0$/, "") : seconds });
}

// Adds " · ≤ 1 s a move" to the options of `select` whose value is `computer:LEVEL`.
export async function showLevelTimes(t, game, select) {
  const times = await levelTimes(game);
  for (const option of select.options) {
    const [kind, level] = option.value.split(":");
    if (kind === "computer" && level in times && !option.dataset.timed) {
      option.dataset.timed = "1";
      option.textContent += ` · ${timeText(t, times[level])}`;
    }
  }
}
