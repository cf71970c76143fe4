// The guided first game (/learn/<game>): the game's own renderer on the positions of a
// fixed lesson (/api/learn/<game>/...), and a coach beside it that says what to do next
// and why, rings what to click or tap (js/learn/marks.js), and, when the learner does
// something else, says what that would do (the engine's reason, or how the coach's move is
// better) and lets them try again. Nothing is stored; at the end "Play a real game" starts
// one at the easy level with the lesson's options.
//
// The game-specific part (where a place is on the board, what to click for a move, the
// words for another move's facts) is js/learn/games/<game>.js.
import { api } from "../api.js";
import { installErrorReports, reportError } from "../errors.js";
import { apply, initI18n, language, mountLanguageSwitch, t } from "../i18n.js";
import { fit, keepFitting } from "../fit.js";
import { errorText, problemText } from "../problems.js";
import { startGame } from "../newgame.js";
import { el, prefersMotion, sleep, toast } from "../ui.js";
import { positionAdvice } from "./advice.js";
import { howtoButton } from "./howto.js";
import { Marker } from "./marks.js";

const game = decodeURIComponent(location.pathname.split("/").pop());
const views = new Map();     // "lang:at" -> Promise<view>
let lesson = null;
let renderer = null;
let guide = null;
let marker = null;
let current = null;          // the view shown
let index = 0;               // the step shown
let busy = false;            // moving between steps: no clicks count
let reply = null;            // what the coach answered to the learner's last try

function viewAt(at) {
  const key = `${language()}:${at}`;
  if (!views.has(key)) {
    const got = api.get(`/api/learn/${game}/view?at=${at}&lang=${language()}`);
    got.catch(() => views.delete(key));
    views.set(key, got);
  }
  return views.get(key);
}

function show(view, prev) {
  current = view;
  const status = document.getElementById("status");
  status.hidden = Boolean(renderer.ownsStatus);
  let line = renderer.status ? renderer.status(view) : null;
  if (!line && view.over) line = t("game.over");
  status.textContent = line || "";
  try { renderer.update(view, prev); } catch (err) { reportError(err); }
  fit();   // the whole board, the coach and what it rings in view together (js/fit.js)
}

// The pause before the next move of another seat is shown (its renderer's, at least a
// moment so that the learner sees each move).
function pause(next, prev) {
  let wait = 0;
  try { wait = renderer.pace ? Number(renderer.pace(next, prev)) || 0 : 0; } catch (err) { reportError(err); }
  return Math.max(wait, prefersMotion() ? 700 : 120);
}

// --- the steps ---------------------------------------------------------------------------
async function enter(i) {
  const wanted = lesson.steps[i];
  index = i;
  reply = null;
  busy = true;
  drawCoach();
  try {
    if (!current || wanted.at < current.at || (wanted.jump && wanted.at !== current.at)) {
      show(await viewAt(wanted.at), null);
    } else {
      while (current.at < wanted.at) {
        const next = await viewAt(current.at + 1);
        await sleep(pause(next, current));
        show(next, current);
      }
    }
  } finally {
    busy = false;
  }
  if (wanted.play) viewAt(wanted.at + 1);   // fetched before it is needed
  drawCoach();
}

function step() { return lesson.steps[index]; }
function last() { return index === lesson.steps.length - 1; }

// The renderer plays a move: the coach's goes on; any other is explained and not made.
async function play(move) {
  const s = step();
  if (busy || !s.play || !current || current.at !== s.at) return false;
  if (move !== s.move) {
    const res = await attempt(move);
    if (!res || !(res.legal && res.same)) return false;
  }
  busy = true;
  marker.clear();
  try {
    const next = await viewAt(s.at + 1);
    show(next, current);
  } catch (err) {
    busy = false;
    toast(errorText(err), "error");
    drawCoach();
    return false;
  }
  setTimeout(() => enter(index + 1).catch(reportError), 0);
  return true;
}

// A click the page does not offer (a cup that cannot be played): what the rules say.
async function tried(move) {
  const s = step();
  if (busy || !s.play || !current || current.at !== s.at) return;
  await attempt(move);
}

async function attempt(move) {
  const s = step();
  busy = true;
  let res = null;
  try {
    res = await api.post(`/api/learn/${game}/try`, { at: s.at, move });
  } catch (err) {
    toast(errorText(err), "error");
  } finally {
    busy = false;
  }
  if (res && !(res.legal && res.same) && step() === s) {
    let text;
    if (!res.legal) {
      text = (guide.wordRefusal && guide.wordRefusal(res.refusal, t))
        || `${t("learn.refused")} ${problemText(res.problem, current.names) ?? res.reason}`;
    }
    else text = [t(s.why || "learn.why.follow"), guide.wordFacts ? guide.wordFacts(res.facts || {}, t) : ""].filter(Boolean).join(" ");
    reply = `${text} ${t("learn.try_again")}`;
  }
  drawCoach();
  return res;
}

// --- the coach ---------------------------------------------------------------------------
function drawCoach() {
  const s = step();
  document.getElementById("coach-progress").textContent = t("learn.step_of", { i: index + 1, n: lesson.steps.length });
  const text = document.getElementById("coach-text");
  const later = s.jump && index > 0 ? `${t("learn.later")} ` : "";
  text.textContent = `${later}${t(s.say)}`;
  text.dataset.step = s.id;
  const answer = document.getElementById("coach-reply");
  answer.hidden = !reply;
  answer.textContent = reply || "";
  const buttons = [];
  let target = null;
  if (!s.play && !last()) {
    const next = el("button", { type: "button", class: "primary", id: "coach-next", text: t("learn.next"), disabled: busy,
      onclick: () => { if (!busy) enter(index + 1).catch(reportError); } });
    buttons.push(next);
    target = () => (busy ? null : document.getElementById("coach-next"));
  } else if (last()) {
    const start = el("button", { type: "button", class: "primary", id: "learn-play", text: t("learn.play_real"), disabled: busy, onclick: startReal });
    buttons.push(start, el("a", { href: `/?learned=${encodeURIComponent(game)}#game-${game}`, id: "learn-options", text: t("learn.other_options") }));
    target = () => (busy ? null : document.getElementById("learn-play"));
  } else {
    target = () => (busy || !current || current.at !== s.at ? null : guide.nextTarget(document.getElementById("board"), s.move, current));
  }
  if (index > 0) buttons.push(el("button", { type: "button", id: "coach-back", text: t("learn.back"), disabled: busy, onclick: () => back() }));
  if (index > 0) buttons.push(el("button", { type: "button", id: "coach-restart", text: t("learn.restart"), disabled: busy, onclick: () => { current = null; enter(0).catch(reportError); } }));
  document.getElementById("coach-buttons").replaceChildren(...buttons);
  const board = document.getElementById("board");
  marker.set({ target, places: () => (busy ? [] : (s.marks || []).map((m) => guide.locate(board, m))) });
}

function back() {
  if (busy || index === 0) return;
  current = null;   // the previous step's position, shown at once
  enter(index - 1).catch(reportError);
}

function startReal() {
  const f = lesson.finish;
  return startGame({
    body: { game, options: { ...f.options }, seats: f.seats.map((s) => (s.type === "person" ? { type: "person" } : { type: "computer", level: s.level })) },
    roles: f.seats.map((s) => (s.type === "person" ? "play" : null)),
    buttons: [document.getElementById("learn-play")],
    // a game's language follows the page's, where the game has it (as in the lobby)
    prepare: async (body) => {
      const info = (await api.get("/api/meta")).games.find((g) => g.name === game);
      const lang = info && info.options.find((o) => o.name === "language" && o.choices && o.choices.includes(language()));
      if (lang) body.options.language = language();
      return true;
    },
  });
}

async function main() {
  await initI18n();
  mountLanguageSwitch(document.getElementById("lang"));
  installErrorReports(t, () => ({ game, game_id: `learn-${game}`, version: current ? current.at : 0 }));
  document.body.dataset.game = game;
  lesson = await api.get(`/api/learn/${game}/lesson`);
  const module = await import(`../games/${game}.js`);
  if (module.stylesheet) await module.stylesheet();
  guide = await import(`./games/${game}.js`);
  const title = () => {
    document.getElementById("title").textContent = `${t(`${game}.title`)} · ${t("learn.title")}`;
    document.title = `${t(`${game}.title`)} · ${t("learn.title")} · ludotheek`;
  };
  title();
  document.getElementById("howto-slot").replaceChildren(howtoButton(game, t));
  const held = { [lesson.seat]: "learn" };
  renderer = module.create({
    gameId: `learn-${game}`, lesson: true, t, play, tried, resign: async () => toast(t("learn.no_resign")), undo: async () => false, held: () => held,
    board: document.getElementById("board"), extra: document.getElementById("extra"),
    refresh: () => current && show(current, null), report: reportError,
    history: (from, to) => api.get(`/api/learn/${game}/history?from=${from}&to=${to}`),
    advice: positionAdvice((view) => (view.legal_moves.length
      ? { key: view.at, path: `/api/learn/${game}/advice?at=${view.at}` } : null), () => current && show(current, current)),
  });
  marker = new Marker(document.body);
  await enter(0);
  keepFitting();
  document.addEventListener("languagechange", async () => {
    apply(document);
    title();
    document.getElementById("howto-slot").replaceChildren(howtoButton(game, t));
    if (current) show(await viewAt(current.at), null);
    drawCoach();
  });
}

main().catch((err) => {
  document.getElementById("status").textContent = err.status === 404 ? t("learn.none") : errorText(err);
});
