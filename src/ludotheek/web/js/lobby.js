// The lobby: the games, a form to create one, your games, games in progress and finished.
import { api } from "./api.js";
import { registerWorker, unreachable, untilServerIsBack } from "./appshell.js";
import { initI18n, language, mountLanguageSwitch, t } from "./i18n.js";
import { learnLinks, prefill } from "./learn/lobby.js";
import { learnable } from "./learn/howto.js";
import { levelName, levelNote, levelOptions } from "./levels.js";
import { errorText } from "./problems.js";
import { drawLeaderboards, profileLink, ratedChoice } from "./ratings.js";
import { roleOf, seatOf, startsGame } from "./newgame.js";
import { gatherMyGames, myGamesList } from "./mygames.js";
import { myGames, rememberCreated } from "./tokens.js";
import { el, toast } from "./ui.js";

let meta = null;

function label(obj) { return (obj && (obj[language()] || obj.en)) || ""; }

// The seats the form draws: the "players" option's value (its default before it is changed),
// else the game's fixed number.
function seatCount(game, values) {
  const opt = game.options.find((o) => o.name === "players");
  if (!opt) return game.min_players;
  const n = Number(values.players);
  return Number.isInteger(n) && n >= game.min_players && n <= game.max_players ? n : opt.default;
}

function optionInput(opt) {
  const id = `opt-${opt.name}`;
  let input;
  if (opt.type === "int" && opt.max - opt.min > 40) {
    input = el("input", { id, name: opt.name, type: "number", min: opt.min, max: opt.max, step: 1, value: opt.default, required: true });
    // the browser's own refusal is in the browser's language: say it in the page's
    const number = new Intl.NumberFormat(language());
    const range = t("lobby.number_range", { min: number.format(opt.min), max: number.format(opt.max) });
    input.addEventListener("invalid", () => input.setCustomValidity(range));
    input.addEventListener("input", () => input.setCustomValidity(""));
  } else if (opt.type === "int") {
    input = el("select", { id, name: opt.name });
    for (let v = opt.min; v <= opt.max; v++) input.append(el("option", { value: v, text: String(v), selected: v === opt.default }));
  } else if (opt.type === "choice") {
    input = el("select", { id, name: opt.name });
    // a game's language follows the page's, where the game has it
    const chosen = opt.name === "language" && opt.choices.includes(language()) ? language() : opt.default;
    for (const c of opt.choices) input.append(el("option", { value: c, text: t(`option.${opt.name}.${c}`) === `option.${opt.name}.${c}` ? String(c) : t(`option.${opt.name}.${c}`), selected: c === chosen }));
  } else if (opt.type === "bool") {
    input = el("input", { id, name: opt.name, type: "checkbox", checked: opt.default });
    return el("label", { for: id, class: "check" }, input, label(opt.label) || opt.name);
  } else {
    return null; // text options are set on the game's own page
  }
  return el("label", { for: id }, label(opt.label) || opt.name, input);
}


function seatSelect(game, i) {
  const select = el("select", { name: `seat-${i}`, "aria-label": t("lobby.seat", { n: i + 1 }) });
  if (i === 0) select.append(el("option", { value: "person:play", text: t("lobby.you") }));
  else select.append(el("option", { value: "person:invite", text: t("lobby.person") }));
  select.append(el("option", { value: i === 0 ? "person:invite" : "person:play", text: i === 0 ? t("lobby.person") : t("lobby.here") }));
  // the option says the level's name (a card is narrow: a longer text would be cut off); the
  // line under the menu its time per move and rating
  const note = el("span", { class: "seat-note", id: `note-${game.name}-${i}` });
  for (const option of levelOptions(t, game.levels, i > 0 ? "normal" : null)) {
    const lv = game.levels.find((x) => `computer:${x.name}` === option.value);
    option.title = option.textContent;
    option.textContent = `${t("lobby.computer")}: ${levelName(t, lv.name)}`;
    select.append(option);
  }
  const describe = () => {
    const lv = game.levels.find((x) => `computer:${x.name}` === select.value);
    note.textContent = lv ? levelNote(t, lv) : "";
  };
  select.setAttribute("aria-describedby", note.id);
  select.addEventListener("change", describe);
  describe();
  return el("label", {}, t("lobby.seat", { n: i + 1 }), select, note);
}

// A game between people is live (no clock), turn-based (days per move) or has a clock
// (minutes + increment): docs/web.md, "Slow games and clocks". With fewer than two people
// the server refuses a time (time.between_people), said under the form.
const TIMES = ["live", "days:1", "days:2", "days:3", "days:7", "clock:5:3", "clock:10:5", "clock:15:10"];

function timeSelect(game) {
  const select = el("select", { name: "time", id: `time-${game.name}` });
  for (const value of TIMES) {
    const [kind, a, b] = value.split(":");
    const text = kind === "live" ? t("time.live") : kind === "clock" ? t("time.clock", { minutes: a, increment: b })
      : a === "1" ? t("time.day") : t("time.days", { n: a });
    select.append(el("option", { value, text }));
  }
  return el("label", { class: "time-choice" }, t("time.label"), select);
}

function timeOf(value) {
  const [kind, a, b] = value.split(":");
  if (kind === "days") return { days: Number(a) };
  if (kind === "clock") return { minutes: Number(a), increment: Number(b) };
  return null;
}

function createForm(game) {
  const form = el("form", { class: "create", "data-game": game.name });
  const opts = el("div", { class: "options" });
  for (const o of game.options) { const input = optionInput(o); if (input) opts.append(input); }
  const seats = el("fieldset", {}, el("legend", { text: t("lobby.seats") }));
  const rated = ratedChoice(game, form);
  function values() {
    const v = {};
    for (const o of game.options) {
      const input = form.elements[o.name];
      if (!input) continue;
      v[o.name] = o.type === "bool" ? input.checked : (o.type === "int" ? Number(input.value) : input.value);
    }
    return v;
  }
  function drawSeats() {
    seats.querySelectorAll("label").forEach((n) => n.remove());
    for (let i = 0; i < seatCount(game, values()); i++) seats.append(seatSelect(game, i));
    rated.refresh();
    showTime();
  }
  const submit = el("button", { type: "submit", class: "primary", text: t("lobby.start") });
  // a game with hidden hands can be played at a table: one screen for the board, a phone each
  let toTable = false;  // the start asked for is a table's (the form's own checks first, as for Start)
  const atTable = game.hidden_hands ? el("button", { type: "button", class: "at-table", id: `table-${game.name}`,
    title: t("table.lobby_hint"), text: t("table.start"), onclick: () => {
      if (!form.reportValidity()) return;
      toTable = true;
      form.requestSubmit(submit);
    } }) : null;
  const time = timeSelect(game);
  // the time is offered for a game between people only (the server refuses it otherwise)
  const people = () => [...seats.querySelectorAll("select")].filter((s) => s.value.startsWith("person:")).length;
  const showTime = () => { time.hidden = people() < 2; };
  seats.addEventListener("change", showTime);
  form.append(...[opts, seats, time, rated.element, submit, atTable].filter(Boolean));  // before drawSeats: values() reads form.elements
  opts.addEventListener("change", drawSeats);
  drawSeats();
  startsGame(form, () => {
    const forTable = toTable;
    toTable = false;
    // at a table every person takes their seat with their own phone: each is invited
    const chosen = [...seats.querySelectorAll("select")].map((s) => (forTable && s.value.startsWith("person:") ? "person:invite" : s.value));
    const request = { game: game.name, options: values(), seats: chosen.map(seatOf) };
    const chosenTime = time.hidden ? null : timeOf(form.elements.time.value);
    if (chosenTime) request.time = chosenTime;
    return {
      body: request,
      roles: chosen.map(roleOf),
      buttons: [submit, atTable].filter(Boolean),
      page: forTable ? "?table=1" : "",
      prepare: (body) => rated.prepare(body, chosen.map((v) => v.split(":"))),
      refused: (err) => refused(form, err),
    };
  });
  return form;
}

// A refused Start: the reason in the page's language; when the address has too many games in
// progress, under the form the games that hold the places, to finish, leave or abort.
function refused(form, err) {
  form.querySelector(".refused")?.remove();
  if (!(err.body && err.body.code === "limit.games" && Array.isArray(err.body.games))) {
    toast(errorText(err), "error");
    return;
  }
  const mine = myGames();
  const links = err.body.games.map((g) => el("li", {},
    el("a", { href: `/play/${g.id}`, text: `${gameTitle(g.game)} · ${t("lobby.moves", { n: g.version })} · ${new Date(g.updated * 1000).toLocaleString(language())}` }),
    mine[g.id] ? null : el("span", { class: "tag", text: ` ${t("ending.limit.elsewhere")}` })));
  form.append(el("div", { class: "refused panel", role: "alert" },
    el("p", { text: errorText(err) }), el("p", { text: t("ending.limit.how", { days: (err.body.params && err.body.params.days) ?? 30 }) }), el("ul", {}, links)));
}

// What the cards show besides the form, fetched before any card is drawn: "How to play" and
// "Learn to play" (the learn index) and a game's own start dialog (its module). A card that grew
// after it was drawn would move its Start button under the finger on its way to it.
let cardParts = null;
function fetchCardParts() {
  if (!cardParts) {
    const modules = meta.games.map((game) => (game.page
      ? import(`./games/${game.name}.js`).catch((err) => { console.error(err); return null; }) : null));
    cardParts = Promise.all([learnable(), Promise.all(modules)]).then(([known, loaded]) => ({
      known, modules: Object.fromEntries(meta.games.map((game, i) => [game.name, loaded[i]])) }));
  }
  return cardParts;
}

// On a phone the cards are closed: the four games are seen at once (the lobby was 5,000-7,000
// px tall, Wari's Start four screens down below Akwaier's six seat menus), and a tap on "Play or
// learn" opens one to set it up. Wider screens show every card open (their summary hidden).
const PHONE = matchMedia("(max-width: 640px)");
PHONE.addEventListener("change", () => {
  if (!PHONE.matches) document.querySelectorAll("#games details.setup").forEach((d) => { d.open = true; });
});

// the card a link names (/#game-wari: the game page's "New game" without a dialog of its own)
function openNamedCard() {
  const card = location.hash.startsWith("#game-") ? document.getElementById(location.hash.slice(1)) : null;
  const setup = card && card.querySelector("details.setup");
  if (setup) { setup.open = true; card.scrollIntoView({ block: "start" }); }
}

async function drawGames() {
  const { known, modules } = await fetchCardParts();
  const root = document.getElementById("games");
  const opened = new Set([...root.querySelectorAll("details.setup[open]")].map((d) => d.id));
  root.innerHTML = "";
  for (const game of meta.games) {
    const card = el("article", { class: "card panel", id: `game-${game.name}`, "aria-labelledby": `title-${game.name}` },
      el("h2", { id: `title-${game.name}`, text: label(game.title) || game.name }),
      el("p", { class: "muted players", text: game.min_players === game.max_players ? t("lobby.players", { n: game.min_players }) : t("lobby.players.range", { min: game.min_players, max: game.max_players }) }),
      el("p", { class: "blurb", text: t(`${game.name}.blurb`) }));
    if (game.page) {
      const id = `setup-${game.name}`;
      const setup = el("details", { class: "setup", id, open: !PHONE.matches || opened.has(id) },
        el("summary", { text: t("lobby.open") }), createForm(game));
      card.append(setup);
      quickStart(modules[game.name], game, card);
      learnLinks(card, game.name, t, known[game.name]);
    } else {
      card.append(el("p", { class: "soon", text: t("lobby.no_page") }), el("code", { text: `./start play ${game.name}` }));
    }
    root.append(card);
  }
}

// A game's page may offer its own start dialog (its renderer's startDialog).
function quickStart(module, game, card) {
  if (!module || !module.startDialog) return;
  const button = el("button", { type: "button", class: "quick-start", id: `quick-${game.name}`,
    text: t(`${game.name}.quick_start`), onclick: () => module.startDialog({ t }).showModal() });
  card.querySelector("form.create").before(button);
}

function gameTitle(name) {
  const g = meta.games.find((x) => x.name === name);
  return g ? label(g.title) : name;
}

function resultText(g) {
  if (!g.result) return t("lobby.status.active");
  const w = g.result.winners || [];
  if (!w.length) return t("lobby.result.draw");
  return t("lobby.result.won", { names: w.map((i) => g.names[i]).join(", ") });
}

function table(games, kind) {
  if (!games.length) return el("p", { class: "empty", text: t(kind === "over" ? "lobby.none_finished" : "lobby.none_active") });
  const body = games.map((g) => el("tr", { "data-id": g.id },
    el("td", { text: gameTitle(g.game) }),
    el("td", { text: g.names.map((n, i) => g.seats[i].type === "computer" ? `${n} (${t("lobby.computer")})` : n).join(" – ") }),
    el("td", { text: kind === "over" ? resultText(g) : t("lobby.moves", { n: g.version }) }),
    el("td", { text: new Date(g.updated * 1000).toLocaleString(language()) }),
    el("td", {}, el("a", { href: kind === "over" ? `/replay/${g.id}` : `/play/${g.id}`, text: kind === "over" ? t("lobby.replay") : t("lobby.watch") }))));
  return el("table", { class: "games" },
    el("thead", {}, el("tr", {}, ...["lobby.col.game", "lobby.col.players", kind === "over" ? "lobby.col.result" : "lobby.col.moves", "lobby.col.date", ""].map((k) => el("th", { text: k ? t(k) : "" })))),
    el("tbody", {}, body));
}

function historyFilter() {
  const select = el("select", { id: "history-game", "aria-label": t("lobby.filter") },
    el("option", { value: "", text: t("lobby.all_games") }),
    ...meta.games.map((g) => el("option", { value: g.name, text: label(g.title), selected: g.name === filterGame })));
  select.addEventListener("change", () => { filterGame = select.value || null; drawLists(); });
  return el("label", { class: "filter" }, t("lobby.filter"), " ", select);
}

let filterGame = new URLSearchParams(location.search).get("game");

async function drawLists() {
  const filter = filterGame;
  const q = `${filter ? `&game=${encodeURIComponent(filter)}` : ""}&lang=${language()}`;  // seat names in it
  const [active, over] = await Promise.all([
    api.get(`/api/games?status=active&started=1&limit=30${q}`), api.get(`/api/games?status=over&limit=30${q}`)]);
  document.getElementById("active").replaceChildren(table(active.games, "active"));
  document.getElementById("finished").replaceChildren(historyFilter(), table(over.games, "over"),
    importForm());
  // this device's games and its profile's, with whose turn it is, "your turn" on top (js/mygames.js)
  const box = document.getElementById("mine");
  const list = myGamesList((await gatherMyGames(t)).slice(0, 30), t, gameTitle);
  box.replaceChildren(list || el("p", { class: "empty", text: t("lobby.none_mine") }));
}

// Import a game record (JSON or text): checked move by move on the server.
function importForm() {
  const file = el("input", { type: "file", id: "import-file", accept: ".json,.txt,application/json,text/plain" });
  const submit = el("button", { type: "submit", text: t("lobby.import") });
  const form = el("form", { class: "import", id: "import-form" },
    el("label", {}, t("lobby.import_label"), " ", file), submit);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (!file.files.length) { toast(t("lobby.import_choose"), "error"); return; }
    const text = await file.files[0].text();
    try {
      const res = await fetch("/api/records", {
        method: "POST", body: text,
        headers: { "Content-Type": text.trimStart().startsWith("{") ? "application/json" : "text/plain" },
      });
      const data = await res.json();
      if (!res.ok) { toast(errorText({ status: res.status, message: data.error || res.statusText, body: data }), "error"); return; }
      rememberCreated(data, data.game || "");  // an unfinished game: its person seats are played here
      location.href = data.seats.some((s) => s.token) ? `/play/${data.id}` : `/replay/${data.id}`;
    } catch (err) { toast(errorText({ status: 0, message: err.message }), "error"); }
  });
  return form;
}

async function main() {
  await initI18n();
  mountLanguageSwitch(document.getElementById("lang"));
  meta = await api.get("/api/meta");
  const leaderboards = () => drawLeaderboards(document.getElementById("leaderboards"), meta);
  document.getElementById("profile-box").replaceChildren(profileLink());
  await drawGames();
  openNamedCard();
  window.addEventListener("hashchange", openNamedCard);
  prefill().catch((err) => console.error(err));
  await Promise.all([drawLists(), leaderboards()]);
  document.addEventListener("languagechange", () => {
    drawGames(); drawLists(); leaderboards();
    document.getElementById("profile-box").replaceChildren(profileLink());
  });
  setInterval(() => drawLists().catch(offline), 15000);
}

// The server cannot be reached (the lobby came from the worker's cache, or the server went
// away): the page says so, and starts again once the server answers.
function offline(err) {
  if (!unreachable(err)) throw err;
  untilServerIsBack(document.getElementById("offline"), t("shell.unreachable"), () => location.reload());
}

registerWorker();
main().catch((err) => {
  try { offline(err); } catch { toast(errorText(err), "error"); }
});
