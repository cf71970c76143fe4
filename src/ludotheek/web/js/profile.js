// The profile page: /profile/<id> shows a profile's ratings per game, its rating history as
// a chart and its recent rated games; for the profile this browser plays as, also how to
// take it to another device (link and code), renaming, forgetting and deleting it.
// /profile makes a profile or takes one in from a code; /profile#key=CODE (the link)
// asks whether to use that profile here.
import { api } from "./api.js";
import { gatherMyGames, myGamesList } from "./mygames.js";
import { apply, initI18n, language, mountLanguageSwitch, t } from "./i18n.js";
import { levelName } from "./levels.js";
import { errorText } from "./problems.js";
import { codeOf, forgetProfile, keepProfile, linkOf, makeProfile, myProfile } from "./profilekey.js";
import { ratingChart } from "./ratingchart.js";
import { el, toast } from "./ui.js";

const page = document.getElementById("profile-page");
const parts = location.pathname.split("/").filter(Boolean);
const profileId = parts.length > 1 ? decodeURIComponent(parts[1]) : null;
let chosenGame = null;

// A code as typed, in its one form (as the server reads it: O is 0, I and L are 1).
function plainCode(text) {
  return text.replace(/[\s-]/g, "").toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1");
}

function status(text, kind = "") {
  const node = el("p", { class: `status ${kind}`, id: "status", role: kind === "error" ? "alert" : "status", text });
  page.replaceChildren(node);
  return node;
}


function copyButton(text, id) {
  return el("button", { type: "button", id, text: t("ratings.copy"), onclick: async () => {
    try { await navigator.clipboard.writeText(text); toast(t("ratings.copied")); } catch { toast(text); }
  } });
}

// --- /profile: make one, or take one in ----------------------------------------------
function welcome() {
  const name = el("input", { id: "profile-new-name", name: "name", maxlength: 32, required: true, autocomplete: "nickname" });
  const create = el("form", { id: "profile-create", class: "profile-form" },
    el("label", { for: "profile-new-name", text: t("ratings.name") }), name,
    el("button", { type: "submit", class: "primary", text: t("ratings.create") }));
  create.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      const p = await makeProfile(name.value);
      location.href = `/profile/${p.id}`;
    } catch (err) { toast(errorText(err), "error"); }
  });
  const code = el("input", { id: "profile-code", name: "code", autocomplete: "off", spellcheck: "false", placeholder: "ABCD-EFGH-JKMN-PQRS-TVWX" });
  const have = el("form", { id: "profile-have", class: "profile-form" },
    el("label", { for: "profile-code", text: t("ratings.code") }), code,
    el("button", { type: "submit", text: t("ratings.use_code") }));
  have.addEventListener("submit", (ev) => { ev.preventDefault(); takeIn(code.value); });
  page.replaceChildren(
    el("h1", { text: t("ratings.make_profile") }),
    el("p", { class: "muted", text: t("ratings.profile_intro") }),
    el("section", { class: "panel" }, create),
    el("h2", { text: t("ratings.have_code") }),
    el("section", { class: "panel" }, have));
  document.title = `${t("ratings.make_profile")} · ludotheek`;
  name.focus();
}

// A code from a link or typed in: checked by the server, then confirmed by the person.
async function takeIn(text) {
  const secret = plainCode(text);
  let found;
  try {
    found = await api.get("/api/profiles/me", secret);
  } catch (err) { toast(errorText(err), "error"); return false; }
  const mine = myProfile();
  if (mine && mine.id === found.id) { keepProfile({ ...found, secret }); location.href = `/profile/${found.id}`; return true; }
  const dialog = el("dialog", { id: "profile-import", "aria-labelledby": "profile-import-title" },
    el("h2", { id: "profile-import-title", text: t("ratings.import_title") }),
    el("p", { text: t("ratings.import_text", { name: found.name }) }),
    mine ? el("p", { class: "muted", text: t("ratings.import_replaces", { name: found.name }) }) : null,
    el("div", { class: "controls" },
      el("button", { type: "button", class: "primary", id: "profile-import-yes", text: t("ratings.import_yes"), onclick: () => {
        keepProfile({ id: found.id, name: found.name, secret });
        dialog.close();
        toast(t("ratings.imported", { name: found.name }));
        location.href = `/profile/${found.id}`;
      } }),
      el("button", { type: "button", id: "profile-import-no", text: t("ratings.import_no"), onclick: () => dialog.close() })));
  document.body.append(dialog);
  dialog.showModal();
  return true;
}

// --- /profile/<id> -----------------------------------------------------------------------
function ratingsTable(profile) {
  if (!profile.ratings.length) return el("p", { class: "empty", id: "profile-no-ratings", text: t("ratings.no_ratings") });
  return el("div", { class: "rating-cards", id: "profile-ratings" }, profile.ratings.map((r) => el("button", {
    type: "button", class: `rating-card ${r.game === chosenGame ? "chosen" : ""}`, "data-game": r.game,
    "aria-pressed": String(r.game === chosenGame), onclick: () => { chosenGame = r.game; draw(profile); },
  },
  el("span", { class: "rc-game", text: t(`${r.game}.title`) }),
  el("span", { class: "rc-rating", text: t("ratings.rating_value", { r: r.rating }) }),
  r.provisional ? el("span", { class: "rc-provisional provisional", text: t("ratings.provisional_hint") }) : null,
  el("span", { class: "rc-sigma muted", text: t("ratings.sigma", { s: 2 * r.sigma }) }),
  el("span", { class: "rc-games muted", text: r.games === 1 ? t("ratings.games_1") : t("ratings.games_n", { n: r.games }) }))));
}

async function chartBox(profile) {
  const box = el("section", { class: "panel chart-box", id: "profile-chart" });
  if (!chosenGame) { box.append(el("p", { class: "empty", text: t("ratings.chart_empty") })); return box; }
  const { points } = await api.get(`/api/profiles/${encodeURIComponent(profile.id)}/history?game=${chosenGame}`);
  box.append(el("h2", { text: `${t("ratings.chart")} · ${t(`${chosenGame}.title`)}` }));
  const width = Math.min(page.clientWidth || 640, 900) - 36;
  box.append(points.length ? ratingChart(points, { t, lang: language(), game: chosenGame, width })
    : el("p", { class: "empty", text: t("ratings.chart_empty") }));
  return box;
}

function changeText(c) { return c === null || c === undefined ? "" : `${c > 0 ? "+" : ""}${c}`; }

async function recentGames(profile) {
  const { games } = await api.get(`/api/profiles/${encodeURIComponent(profile.id)}/games?limit=20`);
  const box = el("section", { class: "panel", id: "profile-games" }, el("h2", { text: t("ratings.recent") }));
  if (!games.length) { box.append(el("p", { class: "empty", text: t("ratings.no_recent") })); return box; }
  const rows = games.map((g) => {
    const mine = g.seats[g.seat];
    const others = g.seats.filter((s) => s.seat !== g.seat).map((s) => {
      if (s.profile) return el("a", { href: `/profile/${encodeURIComponent(s.profile.id)}`, text: s.profile.name });
      if (s.level) return `${levelName(t, s.level)} (${t("ratings.level")})`;
      return g.names[s.seat] || "?";
    });
    const joined = others.flatMap((o, i) => (i ? [", ", o] : [o]));
    let result;
    if (g.status === "rated") result = `${changeText(mine.change)} → ${mine.after.rating}`;
    else if (g.status === "unrated") result = t("ratings.unrated");
    else result = g.over ? t("ratings.waiting") : t("ratings.in_play");
    return el("tr", { "data-id": g.id },
      el("td", { text: t(`${g.game}.title`) }),
      el("td", { text: new Date(g.updated * 1000).toLocaleDateString(language()) }),
      el("td", {}, joined),
      el("td", { text: mine.place ? t("ratings.place_of", { place: mine.place, n: g.seats.length }) : "" }),
      el("td", { class: `change ${mine.change > 0 ? "up" : mine.change < 0 ? "down" : ""}`, text: result }),
      el("td", {}, el("a", { href: g.over ? `/replay/${g.id}` : `/play/${g.id}`, text: t("ratings.open") })));
  });
  box.append(el("div", { class: "table-scroll" }, el("table", { class: "games" },
    el("thead", {}, el("tr", {}, ...["ratings.col.game", "ratings.col.date", "ratings.col.players", "ratings.col.place", "ratings.col.change", ""].map((k) => el("th", { text: k ? t(k) : "" })))),
    el("tbody", {}, rows))));
  return box;
}

// "My games" (js/mygames.js): the owner's games of this device and of the profile on every device,
// with whose turn it is; only its owner sees it (the route asks for the profile's secret).
async function myGamesBox() {
  const games = await gatherMyGames(t);
  return el("section", { class: "panel", id: "profile-mine" }, el("h2", { text: t("faces.mine.title") }),
    myGamesList(games, t, (game) => t(`${game}.title`)) || el("p", { class: "empty", text: t("faces.mine.none") }));
}

function ownPanel(profile) {
  const mine = myProfile();
  const link = linkOf(mine.secret);
  const code = codeOf(mine.secret);
  const name = el("input", { id: "profile-rename-name", value: profile.name, maxlength: 32, required: true });
  const rename = el("form", { id: "profile-rename", class: "profile-form" },
    el("label", { for: "profile-rename-name", text: t("ratings.rename") }), name,
    el("button", { type: "submit", text: t("ratings.save") }));
  rename.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      const res = await api.post("/api/profiles/me", { name: name.value }, mine.secret);
      keepProfile({ ...mine, name: res.name });
      toast(t("ratings.renamed", { name: res.name }));
      draw(res);
    } catch (err) { toast(errorText(err), "error"); }
  });
  return el("section", { class: "panel own", id: "profile-own" },
    el("h2", { text: t("ratings.move_title") }),
    el("p", { class: "muted", text: t("ratings.move_text") }),
    el("label", { class: "copy-row" }, el("span", { text: t("ratings.link") }),
      el("input", { id: "profile-link", value: link, readonly: true }), copyButton(link, "profile-link-copy")),
    el("label", { class: "copy-row" }, el("span", { text: t("ratings.code") }),
      el("input", { id: "profile-code-shown", value: code, readonly: true, class: "code" }), copyButton(code, "profile-code-copy")),
    rename,
    el("div", { class: "controls" },
      el("button", { type: "button", id: "profile-forget", text: t("ratings.forget"), onclick: () => {
        if (!confirm(t("ratings.forget_confirm"))) return;
        forgetProfile();
        location.href = "/";
      } }),
      el("button", { type: "button", id: "profile-delete", class: "danger", text: t("ratings.delete"), onclick: async () => {
        if (!confirm(t("ratings.delete_confirm", { name: profile.name }))) return;
        try {
          await fetch("/api/profiles/me", { method: "DELETE", headers: { Authorization: `Bearer ${mine.secret}` } });
          forgetProfile();
          toast(t("ratings.deleted"));
          location.href = "/";
        } catch (err) { toast(errorText(err), "error"); }
      } })));
}

let drawing = 0;
async function draw(profile) {
  const ticket = ++drawing;
  if (!chosenGame && profile.ratings.length) {
    chosenGame = [...profile.ratings].sort((a, b) => b.games - a.games)[0].game;
  }
  const mine = myProfile();
  const own = mine && mine.id === profile.id;
  const head = el("div", { class: "profile-head" },
    el("h1", { id: "profile-name", text: profile.name }),
    own ? el("span", { class: "badge", id: "profile-you", text: t("ratings.you") }) : null);
  const [chart, games, playing] = await Promise.all([chartBox(profile), recentGames(profile),
    own ? myGamesBox() : null]);
  if (ticket !== drawing) return;
  document.title = `${profile.name} · ludotheek`;
  page.replaceChildren(...[head, playing,
    el("h2", { text: t("ratings.ratings") }), ratingsTable(profile),
    profile.ratings.length ? el("p", { class: "muted small ratings-explain", id: "ratings-explain", text: t("ratings.explain") }) : null,
    chart, games, own ? ownPanel(profile) : null].filter(Boolean));
}

async function showProfile() {
  let profile;
  try {
    profile = await api.get(`/api/profiles/${encodeURIComponent(profileId)}`);
  } catch (err) {
    const mine = myProfile();
    if (err.status === 404 && mine && mine.id === profileId) forgetProfile();  // deleted elsewhere
    status(err.status === 404 ? t("ratings.not_found") : errorText(err), "error");
    page.append(el("p", {}, el("a", { href: "/", text: t("game.lobby") })));
    return;
  }
  const mine = myProfile();
  if (mine && mine.id === profile.id && mine.name !== profile.name) keepProfile({ ...mine, name: profile.name });
  await draw(profile);
  document.addEventListener("languagechange", () => { apply(document); draw(profile); });
}

async function main() {
  await initI18n();
  mountLanguageSwitch(document.getElementById("lang"));
  const key = location.hash.match(/key=([^&]+)/);
  if (key) {
    history.replaceState(null, "", location.pathname);
    if (!profileId) welcome();
    else await showProfile();
    await takeIn(decodeURIComponent(key[1]));
    return;
  }
  if (profileId) { await showProfile(); return; }
  const mine = myProfile();
  if (mine) { location.replace(`/profile/${encodeURIComponent(mine.id)}`); return; }
  welcome();
  document.addEventListener("languagechange", () => welcome());
}

main().catch((err) => status(errorText(err), "error"));
