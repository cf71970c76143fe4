// The name each seat shows, everywhere a page names a player (the board, the players list,
// messages, results, the replay, "My games"): the name the seat was given (a profile's, the one
// its person gave when they took it, or the creator's), else a computer's level in the page's
// language ("Computer (strong)"), else the game's own name for the seat in that language
// ("South", "Zuid"). Two computers of one level keep their seat's own name beside the level
// ("OPA (computer, normal)"), so that no two seats look alike; a seat a person left to a
// computer keeps the name it had. The server gives each seat's name in every language
// (`names_i18n`; a listing's `names` in the language asked for).
import { language } from "./i18n.js";
import { levelName } from "./levels.js";

export function seatNames(view, t) {
  const base = (view.names_i18n && view.names_i18n[language()]) || view.names || [];
  const seats = view.seats || [];
  const levels = base.map((_, i) => {
    const s = seats[i];
    return s && s.type === "computer" && !s.name && !s.left ? levelName(t, s.level || "normal") : null;
  });
  return base.map((name, i) => {
    if (levels[i] === null) return name;
    const twin = levels.some((lv, j) => j !== i && lv === levels[i]);
    return twin ? t("faces.computer_named", { name, level: levels[i] }) : t("faces.computer_called", { level: levels[i] });
  });
}

// Whether seat `i` shows its computer's level in its name (its label need not say it again).
export function namedByLevel(view, i) {
  const s = (view.seats || [])[i];
  return Boolean(s && s.type === "computer" && !s.name && !s.left);
}

// The name this device goes by where it has no profile: asked once, when it first plays with
// someone by an invitation (js/yourname.js), kept in localStorage; a person who would rather
// not say is not asked again ("ludotheek.name.asked").
const NAME_KEY = "ludotheek.name";
const ASKED_KEY = "ludotheek.name.asked";
export function myName() { return localStorage.getItem(NAME_KEY) || ""; }
export function keepName(name) { localStorage.setItem(NAME_KEY, name); }
export function nameAsked() { return localStorage.getItem(ASKED_KEY) === "1"; }
export function markNameAsked() { localStorage.setItem(ASKED_KEY, "1"); }
