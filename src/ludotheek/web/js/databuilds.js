// What of a game's data is still being built in the background (Wari's endgame table, its
// openings book), said on the game page where a person would wonder why the computer is not
// yet all it will be: "Wari endgames: 12 of 18 seeds built; the rest is being built in the
// background." Asked of /api/data/<game> when the page opens, and again while a build runs.
import { api } from "./api.js";
import { language } from "./i18n.js";
import { el } from "./ui.js";

// milliseconds between two questions while a build runs
const AGAIN_MS = 15000;

function inLanguage(labels) { return labels[language()] || labels.en || ""; }

// The words for one build of /api/data/<game>'s answer
export function buildText(t, b) {
  const title = inLanguage(b.title);
  if (b.done !== null && b.of !== null) {
    return t(b.running ? "data.building_steps" : "data.partial_steps",
      { title, done: b.done, of: b.of, unit: inLanguage(b.unit) });
  }
  if (b.percent !== null) return t("data.building_percent", { title, percent: b.percent });
  return t("data.waiting", { title });
}

// Shows the builds of `game` in `box` (hidden while there is none)
export function mountDataBuilds(game, t, box) {
  let builds = [];
  let timer = null;
  const draw = () => {
    box.replaceChildren(...builds.map((b) => el("p", { text: buildText(t, b) })));
    box.hidden = builds.length === 0;
  };
  const ask = async () => {
    try {
      builds = (await api.get(`/api/data/${encodeURIComponent(game)}`)).builds;
    } catch {
      builds = [];
    }
    draw();
    clearTimeout(timer);
    if (builds.some((b) => b.running)) timer = setTimeout(ask, AGAIN_MS);
  };
  document.addEventListener("languagechange", draw);
  return ask();
}
