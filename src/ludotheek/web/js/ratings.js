// The lobby's parts for ratings: the profile link in the header, the "Rated game" choice of
// each create form, and a leaderboard per game.
import { api } from "./api.js";
import { language, t } from "./i18n.js";
import { makeProfile, myProfile } from "./profilekey.js";
import { el, toast } from "./ui.js";

function label(obj) { return (obj && (obj[language()] || obj.en)) || ""; }

// "Anna" (to her profile page), or "Make a profile"
export function profileLink() {
  const mine = myProfile();
  return el("a", { class: "profile-link", id: "profile-link", href: mine ? `/profile/${encodeURIComponent(mine.id)}` : "/profile",
    text: mine ? mine.name : t("ratings.make_profile") });
}

// The "Rated game" checkbox of a create form. While it is ticked, only seats that can be
// rated are offered: you (with your profile), invited people and computer levels with a
// measured rating. `prepare(body, chosen)` adds "rated" and your profile to the request
// (making the profile first if this browser has none); false if it cannot be sent.
export function ratedChoice(game, form) {
  const id = `rated-${game.name}`;
  const box = el("input", { type: "checkbox", id, name: "rated" });
  const mine = myProfile();
  const name = el("input", { type: "text", id: `rated-name-${game.name}`, maxlength: 32, autocomplete: "nickname",
    "aria-label": t("ratings.name"), placeholder: t("ratings.name") });
  const ratedLevels = game.levels.filter((lv) => lv.rating != null).map((lv) => lv.name);
  const hint = el("p", { class: "hint", text: t("ratings.rated_hint") });
  const noLevels = el("p", { class: "hint", text: t("ratings.rated_needs_levels") });
  const who = mine ? el("p", { class: "hint", text: t("ratings.rated_as", { name: mine.name }) }) : el("label", {}, t("ratings.name"), name);
  const details = el("div", { class: "rated-details", hidden: true }, who, hint, ratedLevels.length ? null : noLevels);
  const element = el("div", { class: "rated-choice" },
    el("label", { for: id, class: "check" }, box, t("ratings.rated")), details);

  function refresh() {
    const on = box.checked;
    details.hidden = !on;
    form.querySelectorAll("fieldset select").forEach((select, i) => {
      let chosenOk = true;
      for (const option of select.options) {
        const [kind, arg] = option.value.split(":");
        const allowed = !on || (kind === "computer" ? ratedLevels.includes(arg) : (i === 0 || arg !== "play"));
        option.disabled = !allowed;
        if (option.selected && !allowed) chosenOk = false;
      }
      if (!chosenOk) select.value = i === 0 ? "person:play" : "person:invite";
    });
  }
  box.addEventListener("change", refresh);

  async function prepare(body, chosen) {
    if (!box.checked) return true;
    let profile = myProfile();
    if (!profile) {
      if (!name.value.trim()) { toast(t("errors.ratings.name"), "error"); name.focus(); return false; }
      profile = await makeProfile(name.value);
    }
    body.rated = true;
    localStorage.setItem(BOARD_KEY, game.name);  // the lobby shows this game's leaderboard next
    const seat = chosen.findIndex(([kind, arg]) => kind === "person" && arg === "play");
    if (seat >= 0) body.seats[seat].profile = profile.secret;
    return true;
  }
  return { element, refresh, prepare };
}

// The leaderboard of one game at a time (tabs), the computer levels among the people: the
// game chosen last, else the one you have played rated most, else the first.
const BOARD_KEY = "ludotheek.leaderboard";
let shownGame = null;

async function firstGame(games) {
  const saved = localStorage.getItem(BOARD_KEY);
  if (saved) return saved;
  const mine = myProfile();
  if (mine) {
    try {
      const { ratings } = await api.get(`/api/profiles/${encodeURIComponent(mine.id)}`);
      if (ratings.length) return [...ratings].sort((a, b) => b.games - a.games)[0].game;
    } catch { /* a deleted profile: the first game */ }
  }
  return games[0] && games[0].name;
}

export async function drawLeaderboards(root, meta) {
  const games = meta.games.filter((g) => g.page);
  shownGame = shownGame || await firstGame(games);
  if (!games.some((g) => g.name === shownGame) && games.length) shownGame = games[0].name;
  const tabs = el("div", { class: "lb-tabs", role: "group", "aria-label": t("ratings.leaderboard") },
    games.map((g) => el("button", { type: "button", "data-game": g.name, id: `lb-tab-${g.name}`, "aria-pressed": String(g.name === shownGame),
      text: label(g.title) || g.name, onclick: () => {
        shownGame = g.name;
        localStorage.setItem(BOARD_KEY, g.name);
        drawLeaderboards(root, meta);
      } })));
  if (!shownGame) { root.replaceChildren(tabs); return; }
  const board = await api.get(`/api/ratings/${shownGame}?limit=20`);
  const game = games.find((g) => g.name === shownGame);
  const mine = myProfile();
  const rows = [
    ...board.players.map((p) => ({ rating: p.rating, row: el("tr", { class: mine && mine.id === p.profile.id ? "me" : "", "data-profile": p.profile.id },
      el("td", { class: "num", text: String(p.place) }),
      el("td", {}, el("a", { href: `/profile/${encodeURIComponent(p.profile.id)}`, text: p.profile.name })),
      el("td", { class: "num" }, String(p.rating), p.provisional ? el("span", { class: "provisional", text: t("ratings.provisional") }) : null),
      el("td", { class: "num", text: t("ratings.sigma", { s: 2 * p.sigma }) }),
      el("td", { class: "num", text: String(p.games) })) })),
    ...board.levels.map((lv) => {
      const level = game.levels.find((x) => x.name === lv.level);
      return { rating: lv.rating, row: el("tr", { class: "computer", "data-level": lv.level },
        el("td", { class: "num", text: "" }),
        el("td", { text: `${label(level && level.label) || lv.level} (${t("ratings.level")})` }),
        el("td", { class: "num", text: String(lv.rating) }),
        el("td", { class: "num", text: t("ratings.sigma", { s: 2 * lv.sigma }) }),
        el("td", { class: "num", text: "" })) };
    }),
  ].sort((a, b) => b.rating - a.rating).map((x) => x.row);
  const body = board.players.length || board.levels.length
    ? el("div", { class: "table-scroll" }, el("table", { class: "games leaderboard", id: `leaderboard-${shownGame}` },
      el("thead", {}, el("tr", {},
        el("th", { class: "num", text: "#" }), el("th", { text: t("ratings.col.name") }),
        el("th", { class: "num", text: t("ratings.rating") }), el("th", { class: "num", text: t("ratings.col.margin") }),
        el("th", { class: "num", text: t("ratings.col.games") }))),
      el("tbody", {}, rows)))
    : null;
  const empty = board.players.length ? null
    : el("p", { class: "empty", id: "leaderboard-empty", text: t("ratings.leaderboard_empty", { game: label(game.title) }) });
  // what the figures mean, in words (a first loss took a new profile from 1500 to 1310)
  const explain = body ? el("p", { class: "muted small ratings-explain", id: "ratings-explain", text: t("ratings.explain") }) : null;
  root.replaceChildren(tabs, empty || "", body || "", explain || "");
}
