// The computer levels as /api/meta gives them (fetched once per page), weakest first: each
// level's name, time per move and measured rating, and the words for them ("novice · instant
// · rating 1210", "strong · ≤ 1 s a move · rating 2100"). The lobby, the game pages'
// new-game dialogs and the games' start dialogs list the levels from here.
import { api } from "./api.js";
import { el } from "./ui.js";

let meta = null;

// The levels of `game`, weakest first: [{name, label, seconds, rating, rating_interval}, ...]
export async function gameLevels(game) {
  meta = meta || api.get("/api/meta").catch(() => ({ games: [] }));
  const found = (await meta).games.find((g) => g.name === game);
  return found ? found.levels : [];
}

// A level's name in the page's language ("novice", "1987")
export function levelName(t, name) {
  return t(`levels.name.${name}`);
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

// "Computer: novice · instant · rating 1210" (only the name for a level not yet described)
export function levelText(t, lv) {
  const note = "seconds" in lv ? ` · ${levelNote(t, lv)}` : "";
  return `${t("lobby.computer")}: ${levelName(t, lv.name)}${note}`;
}

// The options "computer:NAME" of a select, one per level of `levels`, `chosen` selected.
export function levelOptions(t, levels, chosen) {
  return levels.map((lv) => el("option", { value: `computer:${lv.name}`, text: levelText(t, lv),
    selected: lv.name === chosen }));
}

// Puts every level of `game` into `select` in place of its "computer:..." options (which a
// dialog shows until /api/meta has answered), keeping the level that was chosen.
export async function fillLevels(t, game, select) {
  const levels = await gameLevels(game);
  if (!levels.length) return;
  const old = [...select.options].filter((o) => o.value.startsWith("computer:"));
  const chosen = select.value.startsWith("computer:") ? select.value.slice(9) : null;
  const fresh = levelOptions(t, levels, chosen);
  const at = old.length ? old[0] : select.firstChild;
  for (const option of fresh) select.insertBefore(option, at);
  for (const option of old) option.remove();
  if (chosen === null) return;
  select.value = `computer:${levels.some((lv) => lv.name === chosen) ? chosen : levels[0].name}`;
}
