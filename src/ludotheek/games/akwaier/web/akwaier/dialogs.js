// The dialogs: the start dialog (the 1987 question "DOE JE MEE, MENS?"), the score list,
// and the end of a game (standings, wealth chart, score list with this game's entries).
import { api } from "../../api.js";
import { language, setLanguage } from "../../i18n.js";
import { gameLevels, levelName, levelNote } from "../../levels.js";
import { errorText } from "../../problems.js";
import { startDialogFrame, startsGame } from "../../newgame.js";
import { el } from "../../ui.js";
import { wealthChart, wealthPoints } from "./chart.js";
import { money, stylesheet } from "./format.js";

const SEAT_NAMES = {
  nl: ["OPA", "OMA", "BROER", "ZUS", "PA", "MA"],
  en: ["GRANDPA", "GRANDMA", "BROTHER", "SISTER", "DAD", "MUM"],
};
//  until /api/meta has answered: the 1987 players (the level this dialog proposes first)
const LEVELS = ["classic"];
const PLAYERS_KEY = "ludotheek.akwaier.start";

function dialog(id, ...children) {
  const d = el("dialog", { id, class: "akw-dialog" }, ...children);
  d.addEventListener("close", () => d.remove());
  document.body.append(d);
  return d;
}

function randomSeat() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] % 6;
}

// "ARE YOU PLAYING, HUMAN?": name, seat, language; play against five computer players,
// or watch six. Returns the <dialog> (call showModal()).
export function startDialog({ t }) {
  stylesheet();
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(PLAYERS_KEY)) || {}; } catch { saved = {}; }
  const name = el("input", { id: "start-name", name: "name", maxlength: 8, autocomplete: "nickname",
    value: saved.name || "", spellcheck: "false" });
  name.addEventListener("input", () => {
    const at = name.selectionStart;
    name.value = name.value.toUpperCase().slice(0, 8);
    name.setSelectionRange(at, at);
  });
  const seat = el("select", { id: "start-seat", name: "seat" });
  const lang = el("select", { id: "start-lang", name: "language" },
    el("option", { value: "nl", text: "Nederlands", selected: language() === "nl" }),
    el("option", { value: "en", text: "English", selected: language() === "en" }),
    el("option", { value: "no", text: "Norsk", selected: language() === "no" }));
  const level = el("select", { id: "start-level", name: "level" });
  const play = el("button", { type: "submit", class: "primary", id: "start-play", value: "play" });
  const watch = el("button", { type: "submit", id: "start-watch", value: "watch" });
  const cancel = el("button", { type: "button", id: "start-cancel" });
  const title = el("h2", { class: "akw-question" });
  const labels = {};
  const label = (key, input) => { labels[key] = el("span"); return el("label", {}, labels[key], input); };
  const form = el("form", { method: "dialog", class: "akw-start" }, title,
    label("name", name), label("seat", seat), label("language", lang), label("level", level),
    el("div", { class: "controls" }, play, watch, cancel));
  const d = startDialogFrame({ id: "akw-start", className: "akw-dialog", form, cancel });

  function texts() {
    const code = lang.value;
    title.textContent = t("akwaier.start.question");
    labels.name.textContent = t("akwaier.start.name");
    labels.seat.textContent = t("akwaier.start.seat");
    labels.language.textContent = t("akwaier.start.language");
    labels.level.textContent = t("akwaier.start.level");
    name.placeholder = { nl: "MENS", no: "MENNESKE" }[code] || "HUMAN";
    const chosenSeat = seat.value || saved.seat || "random";
    seat.replaceChildren(el("option", { value: "random", text: t("akwaier.start.random") }),
      ...SEAT_NAMES[code].map((n, i) => el("option", { value: String(i + 1), text: `${i + 1} · ${n}` })));
    seat.value = chosenSeat;
    const chosenLevel = level.value || saved.level || "classic";
    const offered = Object.keys(known).length ? Object.keys(known) : LEVELS;
    level.replaceChildren(...offered.map((lv) => el("option", { value: lv, text: levelText(lv) })));
    level.value = offered.includes(chosenLevel) ? chosenLevel : "classic";
    play.textContent = t("akwaier.start.play");
    watch.textContent = t("akwaier.start.watch");
    cancel.textContent = t("akwaier.cancel");
  }
  // each level with its time per move and rating (from /api/meta, as in the lobby)
  let known = {};
  const levelText = (lv) => {
    const word = levelName(t, lv);
    return lv in known ? `${word} · ${levelNote(t, known[lv])}` : word;
  };
  gameLevels("akwaier").then((levels) => {
    known = Object.fromEntries(levels.map((lv) => [lv.name, lv]));
    texts();
  });
  texts();
  // the language chosen here is the page's too, remembered for the next time
  lang.addEventListener("change", async () => { await setLanguage(lang.value); texts(); });
  startsGame(form, (ev) => {
    const watching = ev.submitter && ev.submitter.value === "watch";
    const who = name.value.trim().toUpperCase().slice(0, 8);
    const at = seat.value === "random" ? randomSeat() : Number(seat.value) - 1;
    localStorage.setItem(PLAYERS_KEY, JSON.stringify({ name: who, seat: seat.value, level: level.value }));
    const names = ["", "", "", "", "", ""];
    if (!watching) names[at] = who || "*";
    const seats = names.map((_, i) => (!watching && i === at) ? { type: "person" } : { type: "computer", level: level.value });
    return {
      body: { game: "akwaier", options: { language: lang.value, names }, seats },
      roles: watching ? null : seats.map((s) => (s.type === "person" ? "play" : null)),
      buttons: [play, watch],
    };
  });
  return d;
}

function scoreTable(scores, gameId, t) {
  if (!scores.length) return el("p", { class: "empty", text: t("akwaier.scores.empty") });
  return el("table", { class: "akw-table akw-scorelist", id: "akw-scorelist" },
    el("thead", {}, el("tr", {},
      el("th", { scope: "col", class: "num", text: "#" }),
      el("th", { scope: "col", text: t("akwaier.col.name") }),
      el("th", { scope: "col", class: "num", text: t("akwaier.col.wealth") }),
      el("th", { scope: "col", text: t("akwaier.col.date") }),
      el("th", { scope: "col", text: "" }))),
    el("tbody", {}, scores.map((s) => {
      const isNew = gameId && s.game_id === gameId;
      return el("tr", { class: isNew ? "new" : "" },
        el("td", { class: "num", text: String(s.place) }),
        el("td", { text: s.name }),
        el("td", { class: "num", text: money(s.value) }),
        el("td", { text: s.date || "" }),
        el("td", { class: "tag", text: isNew ? t("akwaier.scores.new") : "" }));
    })));
}

async function loadScores() {
  return (await api.get("/api/scores/akwaier")).scores;
}

export async function scoreDialog(t, gameId) {
  const body = el("div", { class: "akw-scores-body" }, el("p", { text: "…" }));
  const close = el("button", { type: "button", class: "primary", text: t("akwaier.close") });
  const d = dialog("akw-score-dialog", el("h2", { text: t("akwaier.scores.title") }), body, el("div", { class: "controls" }, close));
  close.addEventListener("click", () => d.close());
  d.showModal();
  try {
    body.replaceChildren(el("p", { class: "muted", text: t("akwaier.scores.about") }), scoreTable(await loadScores(), gameId, t));
  } catch (err) { body.replaceChildren(el("p", { text: errorText(err) })); }
  return d;
}

// The end of a game: standings by wealth, everyone's wealth turn by turn, the score list.
export async function endDialog(view, ctx, onNewGame) {
  const { t } = ctx;
  const st = view.state;
  const held = ctx.held();
  const standings = el("table", { class: "akw-table", id: "akw-standings" },
    el("thead", {}, el("tr", {},
      el("th", { scope: "col", class: "num", text: t("akwaier.col.place") }),
      el("th", { scope: "col", text: t("akwaier.col.name") }),
      el("th", { scope: "col", class: "num", text: t("akwaier.col.wealth") }))),
    el("tbody", {}, st.standings.map((r) => el("tr", { class: held[r.seat] !== undefined ? "you" : "" },
      el("td", { class: "num", text: String(r.place) }),
      el("td", { text: held[r.seat] !== undefined ? `${r.name} (${t("game.you")})` : r.name }),
      el("td", { class: "num", text: money(r.wealth) })))));
  const chartBox = el("div", { class: "akw-chart-box" }, el("p", { class: "muted", text: "…" }));
  const scoresBox = el("div", {}, el("p", { class: "muted", text: "…" }));
  const close = el("button", { type: "button", text: t("akwaier.close"), id: "akw-end-close" });
  const again = el("button", { type: "button", class: "primary", text: t("akwaier.new_game"), id: "akw-end-new" });
  const d = dialog("akw-end",
    el("h2", { text: t("akwaier.end.title") }),
    el("p", { class: "akw-end-reason", text: t(`akwaier.end.${view.state.end_reason}`) }),
    el("div", { class: "akw-end-grid" },
      el("section", {}, el("h3", { text: t("akwaier.end.standings") }), standings),
      el("section", {}, el("h3", { text: t("akwaier.end.chart") }), chartBox)),
    el("section", {}, el("h3", { text: t("akwaier.scores.title") }), scoresBox),
    el("div", { class: "controls" }, again, close));
  close.addEventListener("click", () => d.close());
  again.addEventListener("click", () => { d.close(); onNewGame(); });
  d.showModal();
  const [history, scores] = await Promise.allSettled([
    api.get(`/api/games/${ctx.gameId}/history?from=1&to=${view.version}`), loadScores()]);
  if (history.status === "fulfilled") {
    const points = wealthPoints(history.value.moves, st.options.start_cash ?? 25000);
    chartBox.replaceChildren(wealthChart(points, st.names, t));
  } else chartBox.replaceChildren(el("p", { text: history.reason.message }));
  if (scores.status === "fulfilled") scoresBox.replaceChildren(scoreTable(scores.value, view.id, t));
  else scoresBox.replaceChildren(el("p", { text: scores.reason.message }));
  d.dataset.ready = "1";
  return d;
}
