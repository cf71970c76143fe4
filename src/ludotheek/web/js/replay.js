// The replay viewer: any game, finished or in progress, drawn by the game's own renderer
// from states the server replays. Step with the buttons, the slider, ← → or the move list.
import { mountAnalysis } from "./analysis.js";
import { api } from "./api.js";
import { lineNode } from "./chat.js";
import { fit, keepFitting } from "./fit.js";
import { apply, initI18n, language, mountLanguageSwitch, t } from "./i18n.js";
import { seatNames } from "./names.js";
import { errorText } from "./problems.js";
import { icon } from "./icons.js";
import { tokensFor } from "./tokens.js";
import { el, toast } from "./ui.js";

const gameId = decodeURIComponent(location.pathname.split("/").pop());
const cache = new Map();
let total = 0;
let at = 0;
let renderer = null;
let shown = null;
let timer = null;
let token = null;
let allMoves = [];
let analysis = null;
let entries = [];        // /history: every move with its seat and events
let words = null;        // the game's moves in words: (entry, entryAt) -> [[class, sentence], ...]
let names = [];

async function viewAt(n) {
  if (!cache.has(n)) cache.set(n, api.get(`/api/games/${gameId}/replay?at=${n}`, token));
  return cache.get(n);
}

function drawSeats(view) {
  const list = document.getElementById("seats");
  list.replaceChildren(...view.names.map((name, i) => el("li", { class: view.to_move === i ? "to-move" : "" },
    el("span", { class: "who", text: name }), el("span", { class: "score", text: String(view.scores[i] ?? "") }))));
}

// The moves as the game's log says them, who made each, and the move as written in the record.
async function loadHistory() {
  const out = [];
  for (let from = 1; from <= total; from += 2000) {
    const res = await api.get(`/api/games/${gameId}/history?from=${from}&to=${Math.min(total, from + 1999)}`, token);
    out.push(...res.moves);
  }
  entries = out;
}

function entryAt(n) { return entries[n - 1] || null; }

function moveWords(n) {
  const entry = entryAt(n);
  if (!entry) return { who: "", text: allMoves[n - 1] || "" };
  const who = entry.seat !== null && entry.seat !== undefined ? names[entry.seat] || "" : "";
  let text = "";
  if (words) {
    try { text = words(entry, entryAt).map(([, s]) => s).join(" "); } catch (err) { console.error(err); }
  }
  return { who, text: text || entry.move };
}

function drawMoves() {
  const list = document.getElementById("replay-moves");
  list.replaceChildren(...allMoves.map((m, i) => {
    const { who, text } = moveWords(i + 1);
    // the move in words of the page's language; its notation (the record's, English words
    // such as "move T29") only as a tooltip, never as text on a page in another language
    return el("li", { "data-at": i + 1, "data-move": m, title: text !== m ? m : null, "aria-current": String(i + 1 === at), onclick: () => go(i + 1) },
      el("span", { class: "n", text: String(i + 1) }),
      el("span", { class: "words" }, who ? el("b", { text: `${who}: ` }) : null, text));
  }));
  if (analysis) analysis.decorate();
}

function markMove() {
  document.querySelectorAll("#replay-moves li").forEach((li) => {
    const current = Number(li.dataset.at) === at;
    li.setAttribute("aria-current", String(current));
    // scroll the list only, never the page
    if (current) li.parentElement.scrollTop = li.offsetTop - li.parentElement.clientHeight / 2;
  });
}

async function go(n) {
  n = Math.max(0, Math.min(total, n));
  at = n;
  const view = await viewAt(n);
  if (n !== at) return; // a newer request won
  view.names = seatNames(view, t);  // the players' names, a computer's level (js/names.js)
  const prev = shown;
  shown = view;
  renderer.update(view, prev && prev.at === n - 1 ? prev : null);
  drawSeats(view);
  document.getElementById("slider").value = String(n);
  document.getElementById("position").textContent = t("replay.position", { at: n, total });
  const said = n > 0 ? moveWords(n) : null;
  document.getElementById("status").textContent = total === 0 ? t("replay.empty") : n === 0 ? t("replay.start")
    : t("replay.after", { n, move: said.who ? `${said.who}: ${said.text}` : said.text });
  const banner = document.getElementById("banner");
  banner.replaceChildren();
  if (view.over && renderer.result) banner.append(el("div", { class: "banner", id: "result", text: renderer.result(view) }));
  const url = new URL(location.href);
  url.searchParams.set("move", String(n));
  history.replaceState(null, "", url);
  markMove();
  drawChat(n);
  if (analysis) analysis.show(n);
  fit();
  if (n + 1 <= total) viewAt(n + 1);
}

// The people's chat (js/chat.js), each line at the position where it was said: what was said
// up to the position shown.
let chatLines = [];

async function loadChat() {
  chatLines = (await api.get(`/api/games/${gameId}/chat`)).lines;
}

function drawChat(n) {
  const log = document.getElementById("replay-chat");
  const said = chatLines.filter((line) => line.version <= n);
  log.hidden = chatLines.length === 0;
  document.getElementById("replay-chat-title").hidden = chatLines.length === 0;
  log.replaceChildren(...said.map((line) => lineNode(line, names, t)));
  log.scrollTop = log.scrollHeight;
}

function playIcon(playing) {
  const button = document.getElementById("playpause");
  button.replaceChildren(icon(playing ? "pause" : "play"));
  button.setAttribute("aria-pressed", String(playing));
}

function stop() {
  clearInterval(timer);
  timer = null;
  playIcon(false);
}

function play() {
  if (total === 0) return;
  if (at >= total) go(0);
  const speed = Number(document.getElementById("speed").value);
  playIcon(true);
  timer = setInterval(() => { if (at >= total) stop(); else go(at + 1); }, speed);
}

async function main() {
  await initI18n();
  mountLanguageSwitch(document.getElementById("lang"));
  const held = tokensFor(gameId);
  const seats = Object.keys(held);
  token = seats.length ? held[seats[0]] : null;
  const live = await api.get(`/api/games/${gameId}`, token);
  document.body.dataset.game = live.game;
  total = live.version;
  allMoves = live.moves;
  document.getElementById("title").textContent = `${t(`${live.game}.title`)} · ${t("replay.title")}`;
  document.title = `${t(`${live.game}.title`)} · ${t("replay.title")} · ludotheek`;
  document.getElementById("to-game").href = `/play/${gameId}`;
  document.getElementById("export-json").href = `/api/games/${gameId}/record?download=1`;
  document.getElementById("export-text").href = `/api/games/${gameId}/record.txt?download=1&lang=${language()}`;
  const slider = document.getElementById("slider");
  slider.max = String(total);
  // a game nobody has moved in yet: nothing to step through, so nothing offers to
  for (const id of ["first", "back", "playpause", "forward", "last", "slider"]) document.getElementById(id).disabled = total === 0;
  slider.addEventListener("input", () => { stop(); go(Number(slider.value)); });
  const module = await import(`./games/${live.game}.js`);
  if (module.stylesheet) await module.stylesheet();
  renderer = module.create({
    gameId, t, replay: true, play: async () => false, resign: async () => {}, held: () => ({}),
    board: document.getElementById("board"), extra: document.getElementById("extra"), refresh: () => {},
  });
  for (const b of document.querySelectorAll(".replay-bar button[data-icon]")) b.replaceChildren(icon(b.dataset.icon));
  playIcon(false);
  names = seatNames(live, t);
  if (module.moveSentences) words = module.moveSentences(t, () => names);
  await Promise.all([loadHistory(), loadChat()].map((p) => p.catch((err) => console.error(err))));
  analysis = mountAnalysis({
    gameId, token, view: live, game: live.game, go: (n) => { stop(); return go(n); }, current: () => at,
    names: () => seatNames(live, t),
    board: document.getElementById("board"), renderer,
  });
  drawMoves();
  document.getElementById("first").onclick = () => { stop(); go(0); };
  document.getElementById("back").onclick = () => { stop(); go(at - 1); };
  document.getElementById("forward").onclick = () => { stop(); go(at + 1); };
  document.getElementById("last").onclick = () => { stop(); go(total); };
  document.getElementById("playpause").onclick = () => (timer ? stop() : play());
  document.getElementById("speed").onchange = () => { if (timer) { stop(); play(); } };
  document.getElementById("share").onclick = async () => {
    try { await navigator.clipboard.writeText(location.href); toast(t("game.copied")); } catch { toast(location.href); }
  };
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest("input, select, textarea")) return;
    if (ev.key === "ArrowLeft") { stop(); go(at - 1); }
    else if (ev.key === "ArrowRight") { stop(); go(at + 1); }
    else if (ev.key === "Home") { stop(); go(0); }
    else if (ev.key === "End") { stop(); go(total); }
    else if (ev.key === " ") { ev.preventDefault(); timer ? stop() : play(); }
  });
  document.addEventListener("languagechange", () => {
    apply(document);
    names = seatNames(live, t);
    drawMoves();
    analysis.refresh();
    go(at);
  });
  const wanted = Number(new URLSearchParams(location.search).get("move"));
  await go(Number.isFinite(wanted) && new URLSearchParams(location.search).has("move") ? wanted : total);
  keepFitting();
}

main().catch((err) => {
  document.getElementById("status").textContent = err.status === 404 ? t("game.not_found") : errorText(err);
});
