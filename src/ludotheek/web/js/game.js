// The game page: loads the game's view, keeps it live over a WebSocket, and lets
// the game's own renderer (js/games/<game>.js) draw the board.
//
// Views are shown one by one in order: a renderer may pace them (renderer.pace), e.g.
// to show computer moves at a human speed, while newer views wait in a queue.
import { allowed as analysable, declared } from "./analysis.js";
import { api, connectLive } from "./api.js";
import { mountWords } from "./chat.js";
import { mountDataBuilds } from "./databuilds.js";
import { registerWorker, unreachable, untilServerIsBack } from "./appshell.js";
import { createEnding } from "./ending.js";
import { installErrorReports, reportError } from "./errors.js";
import { fit, keepFitting } from "./fit.js";
import { apply, initI18n, language, mountLanguageSwitch, t } from "./i18n.js";
import { confirmMove, positionAdvice } from "./learn/advice.js";
import { clearHint, guideReady, hintWords, markHint, mountLearn, showLegend } from "./learn/game.js";
import { levelName } from "./levels.js";
import { namedByLevel, seatNames } from "./names.js";
import { errorText } from "./problems.js";
import { myProfile } from "./profilekey.js";
import { inviteBox } from "./invite.js";
import { atTable, mountTable, tableGame, tableLink } from "./table.js";
import { forgetInvite, forgetSeat, inviteCodes, invitesFor, remember, tokensFor } from "./tokens.js";
import { el, loadStylesheet, sleep, toast } from "./ui.js";
import { mountRatedGame } from "./ratedgame.js";
import { play as playSound, soundOf } from "./sound.js";
import { createTurnNotice } from "./turnnotice.js";
import { mountTime } from "./gametime.js";
import { turnBoard, viewpoint } from "./viewpoint.js";
import { askName } from "./yourname.js";
import { createPushSwitch } from "./pushswitch.js";

const gameId = decodeURIComponent(location.pathname.split("/").pop());
const views = {};           // by seat held (or "spectator")
let held = {};              // seat -> token
let renderer = null;
let module = null;          // the game's page module (js/games/<game>.js)
let ending = null;          // abort / resign / leave (js/ending.js)
let current = null;         // the view shown
const queue = [];           // views received but not shown yet, oldest first
let draining = false;
let rated = null;           // the rated game's panel (js/ratedgame.js)
let pushes = null;          // "Tell me on this device" (js/pushswitch.js)
let invited = null;         // the invitation of the link this page was opened with, until its seat is taken: {seat, code}
let gameTime = null;       // the game's time: deadline, clocks, reminder (js/gametime.js)
let turnNotice = null;      // the tab's title and icon, a sound and a notification when it becomes our turn (js/turnnotice.js)
let words = null;           // the chat and takeback requests between people (js/chat.js)
let table = null;           // the table's panel, when this page is a table's screen (js/table.js)
const tableScreen = atTable();

// "active", "over" (a result), "aborted" or "abandoned" (ended without one)
function statusOf(view) { return view.status || (view.over ? "over" : "active"); }

function primarySeat() {
  const seats = Object.keys(held).map(Number).sort((a, b) => a - b);
  return seats.length ? seats[0] : null;
}

// The view to show: that of a held seat to move, else the first held seat's, else a spectator's.
function pickView() {
  const any = Object.values(views)[0];
  if (!any) return null;
  const mover = any.to_move;
  if (mover !== null && views[mover]) return views[mover];
  const p = primarySeat();
  return (p !== null && views[p]) || views.spectator || any;
}

function newestVersion() {
  let v = -1;
  for (const x of Object.values(views)) v = Math.max(v, x.version);
  return v;
}

function newest(view) {
  for (const v of Object.values(views)) if (v.version > view.version) return false;
  return true;
}

// Keep a view unless a newer one already came (pushes and answers can cross).
// Pushes arrive in order, so a push of the same version replaces (e.g. "thinking").
function accept(key, view, pushed) {
  const old = views[key];
  if (old && (view.version < old.version || (!pushed && view.version === old.version))) return false;
  views[key] = view;
  return newest(view);
}

function seatLabel(view, i) {
  const s = view.seats[i];
  if (s.type === "computer") return namedByLevel(view, i) ? "" : t("game.computer_level", { level: levelName(t, s.level) });
  return held[i] !== undefined ? t("game.you") : t("game.person");
}

function drawSeats(view) {
  const list = document.getElementById("seats");
  const invites = invitesFor(gameId);
  list.replaceChildren(...view.names.map((name, i) => {
    const li = el("li", { class: `${view.to_move === i ? "to-move" : ""} ${held[i] !== undefined ? "mine" : ""}`.trim(), "data-seat": i },
      el("div", { class: "seat" },
        el("span", { class: "who" }, name, el("br"), el("span", { class: "tag", text: seatLabel(view, i) })),
        el("span", { class: "score", text: view.scores[i] !== undefined ? String(view.scores[i]) : "" })));
    const seat = view.seats[i];
    // the friend took the seat (or left it to a computer): the link takes nothing any more
    if (invites[i] !== undefined && (seat.joined || seat.type !== "person" || (typeof invites[i] === "object" && !seat.open))) forgetInvite(gameId, i);
    else if (invites[i] !== undefined && held[i] === undefined && statusOf(view) === "active" && !tableScreen) li.append(inviteBox(gameId, i, invites[i], t, { name }));
    return li;
  }));
  // a spectator watches: no controls of a seat, and the page says so
  document.getElementById("watching").hidden = Object.keys(held).length > 0 || tableScreen;
}

function statusText(view) {
  if (!["active", "over"].includes(statusOf(view))) return t(`shell.${statusOf(view)}`);
  if (renderer && renderer.status) {
    const custom = renderer.status(view);
    if (custom) return custom;
  }
  if (view.over) return t("game.over");
  const name = view.names[view.to_move];
  if (view.thinking) return t("game.thinking", { name });
  if (held[view.to_move] !== undefined) return t("game.your_turn", { name });
  return t("game.waiting", { name });
}

// A hint: what the strong player would do here, and why. Only in games against computers,
// for a held seat that is to move (the server refuses it otherwise too). The box stays in its
// place while a computer moves, its button disabled: hidden, it took its height away from above
// the board at every computer's turn and gave it back at the player's, so the board jumped
// by a box's height twice a move.
let hintFor = null;
let asking = false;

// the one seat of a game against computers, when this browser holds it (else null)
function aloneSeat(view) {
  const people = view.seats.map((s, i) => i).filter((i) => view.seats[i].type !== "computer");
  return people.length === 1 && held[people[0]] !== undefined ? people[0] : null;
}

function hintable(view) {
  const seat = aloneSeat(view);
  return seat !== null && view.to_move === seat && view.legal_moves.length > 0;
}

function hintButton(view) {
  const box = document.getElementById("hint-box");
  box.hidden = statusOf(view) !== "active" || aloneSeat(view) === null || view.engine_help === false
    || Boolean(rated && rated.isRated());
  document.getElementById("hint").disabled = asking || !hintable(view);
  if (hintFor !== null && hintFor !== view.version) {
    document.getElementById("hint-text").textContent = "";
    hintFor = null;
    clearHint();
  }
}

async function askHint() {
  const view = current;
  const button = document.getElementById("hint");
  const text = document.getElementById("hint-text");
  if (!hintable(view)) return;
  asking = true;
  button.disabled = true;
  text.textContent = t("game.hint_thinking");
  try {
    const hint = await api.get(`/api/games/${gameId}/hint`, held[view.to_move]);
    await guideReady();
    if (current.version !== hint.version) return;
    hintFor = hint.version;
    text.textContent = hintWords(hint, view, t);
    markHint(hint, view);
  } catch (err) {
    text.textContent = errorText(err, view.names);
  } finally {
    asking = false;
    button.disabled = !hintable(current);
  }
}

function recordLinks(view) {
  const box = document.getElementById("record");
  const links = [
    el("a", { href: `/replay/${gameId}`, id: "replay-link", text: t("game.replay") }),
    el("a", { href: `/api/games/${gameId}/record?download=1`, text: t("replay.export_json") }),
    el("a", { href: `/api/games/${gameId}/record.txt?download=1&lang=${language()}`, text: t("replay.export_text") }),
  ];
  box.replaceChildren(...links);
  if (!analysable(view)) box.dataset.analysis = "not-now";  // a rated game or one between people, running
  else {
    declared(view.game).then((yes) => {
      box.dataset.analysis = yes ? "yes" : "no";
      if (yes && !document.getElementById("analyse-link")) box.append(el("a", { href: `/replay/${gameId}?analyse=1`, id: "analyse-link", text: t("analysis.analyse") }));
    });
  }
}

// After the game: the next game is a tap away, in the result banner.
function bannerButtons(view) {
  const buttons = [];
  const mine = Object.keys(held).length > 0;
  if (statusOf(view) === "over" && view.rematch) {
    buttons.push(el("button", { type: "button", class: "primary", id: "rematch-join", text: t("game.rematch_join"), onclick: () => rematch(false) }));
  } else if (statusOf(view) === "over" && mine) {
    buttons.push(
      el("button", { type: "button", class: "primary", id: "rematch", text: t("game.rematch"), onclick: () => rematch(false) }),
      el("button", { type: "button", id: "rematch-swap", text: t("game.rematch_swap"), onclick: () => rematch(true) }));
  }
  buttons.push(module && module.startDialog
    ? el("button", { type: "button", id: "banner-new", text: t("shell.new_game"), onclick: () => module.startDialog({ t }).showModal() })
    : el("a", { class: "button", id: "banner-new", href: `/#game-${view.game}`, text: t("shell.new_game") }));
  return el("div", { class: "controls banner-actions" }, ...buttons);
}

// The rematch: this browser gets the seats it holds (each its own, the others' come to their
// people) and, for the seats whose invited friend never came, their new invite links.
async function rematch(swap) {
  const seat = primarySeat();
  if (seat === null) { location.href = `/play/${current.rematch}`; return; }
  try {
    const res = await api.post(`/api/games/${gameId}/rematch`, { swap, invites: inviteCodes(gameId) }, held[seat]);
    if (res.token) remember(res.id, current.game, res.seat, res.token);
    for (const [at, code] of Object.entries(res.invites || {})) remember(res.id, current.game, Number(at), code, "invite");
    location.href = `/play/${res.id}`;
  } catch (err) { toast(errorText(err, current.names), "error"); }
}

function drawStatus(view) {
  const status = document.getElementById("status");
  status.replaceChildren(el("span", { class: view.thinking ? "thinking" : "", text: statusText(view) }));
  const banner = document.getElementById("banner");
  if (statusOf(view) === "active") { banner.replaceChildren(); return; }
  const unplayed = !["active", "over"].includes(statusOf(view));
  const text = unplayed ? t(`shell.${statusOf(view)}.result`)
    : (renderer && renderer.result) ? renderer.result(view) : defaultResult(view);
  const won = view.winners.some((w) => held[w] !== undefined);
  banner.replaceChildren(el("div", { class: `banner ${won ? "win" : ""}` },
    el("span", { class: "banner-text", id: "result", role: "alert", text }), bannerButtons(view)));
}

function defaultResult(view) {
  if (!view.winners.length) return t("game.draw");
  return t("game.won", { names: view.winners.map((w) => view.names[w]).join(", ") });
}

function show(view = current) {
  if (!view) return;
  const prev = current;
  view.names = seatNames(view, t);  // the players' names, a computer's level (js/names.js)
  current = view;
  document.getElementById("title").textContent = t(`${view.game}.title`);
  document.title = `${t(`${view.game}.title`)} · ludotheek`;
  togetherShown(view);
  // a game ended without a result says so in the shell's line, whoever writes the status
  document.getElementById("status").hidden = Boolean(renderer && renderer.ownsStatus)
    && ["active", "over"].includes(statusOf(view));
  drawSeats(view);
  drawStatus(view);
  recordLinks(view);
  hintButton(view);
  if (ending) ending.draw(view, Boolean(renderer && renderer.resigns));
  if (rated) rated.update(view);
  showTogether(view);
  if (pushes) pushes.update(view);
  if (gameTime) gameTime.update(view);
  if (renderer) {
    try { renderer.update(view, prev); } catch (err) { reportError(err); }
    // a move, a capture, a merger, the end, your turn (js/sound.js; a renderer may choose)
    const sound = renderer.sound ? renderer.sound(view, prev) : soundOf(view, prev, held);
    // "turn" on a page behind is the turn notice's (js/turnnotice.js: with the tab's title)
    if (sound && !(sound === "turn" && document.hidden)) playSound(sound);
  }
  showLegend(t);
  fit();
}

// A newer view to show (after those waiting): the one pickView() chooses.
function enqueue() {
  const view = pickView();
  if (!view) return;
  const last = queue.length ? queue[queue.length - 1] : current;
  if (last === view || (last && view.version < last.version)) return;
  if (queue.length && view.version === last.version) queue[queue.length - 1] = view;
  else queue.push(view);
  drain();
}

// Show the waiting views in order, each after the pause its renderer asks for.
async function drain() {
  if (draining) return;
  draining = true;
  try {
    while (queue.length) {
      let wait = 0;
      if (current && renderer && renderer.pace && queue[0].version > current.version) {
        try { wait = Number(renderer.pace(queue[0], current)) || 0; } catch (err) { reportError(err); }
      }
      if (wait > 0) await sleep(wait);
      const view = queue.shift();  // the newest of its version (a push may have replaced it)
      if (view) show(view);
    }
  } finally {
    draining = false;
  }
}

// Show a view now, dropping the ones waiting (after an undo they are history).
function showNow(key, view) {
  queue.length = 0;
  if (accept(key, view, false)) show(view);
}

function onMessage(key) {
  return (msg) => {
    if (msg.type === "view") {
      if (accept(key, msg.view, true)) enqueue();
    } else if (msg.type === "views") {  // a move and the reply to it: each in its turn
      for (const view of msg.views) if (accept(key, view, true)) enqueue();
    } else if (msg.type === "error") {
      toast(errorText({ message: msg.error, body: msg }, current ? current.names : []), "error");
    } else if (msg.type === "joined") {  // a friend took their seat: no invite link any more
      for (const v of Object.values(views)) if (v.seats[msg.seat]) v.seats[msg.seat].joined = true;
      if (current) drawSeats(current);
      comingAndGoing(msg);
    } else if (msg.type === "gone" || msg.type === "back") {
      comingAndGoing(msg);
    } else if (msg.type === "chat") {  // a line of the people's chat, or a takeback's step
      if (words) words.message(msg);
    } else if (msg.type === "rematch") {
      if (msg.token) remember(msg.id, current.game, msg.seat, msg.token);
      toast(t("game.rematch_started"));
    } else if (msg.type === "seat_closed") {  // left, or taken up on another device: we watch
      if (held[msg.seat] === undefined) return;
      delete held[msg.seat];
      forgetSeat(gameId, msg.seat);
      toast(t("game.seat_closed"));
      show();
    }
  };
}

// While the server is away the page says so, and the board cannot be played (its clicks would
// be lost); the live connection retries by itself and brings the newest view back.
function setConnection(state) {
  const node = document.getElementById("connection");
  node.className = `connection ${state === "open" ? "" : "lost"}`;
  node.textContent = state === "open" ? "" : t(state === "refused" ? "game.refused" : "game.reconnecting");
  const offline = state === "lost";
  document.body.classList.toggle("offline", offline);
  const board = document.getElementById("board");
  board.inert = offline;
  const notice = document.getElementById("offline");
  notice.hidden = !offline;
  notice.textContent = offline ? t("shell.offline") : "";
}

// After a refused move the board shows the server's position, whatever the page had.
async function showServerView(seat) {
  try {
    showNow(seat, await api.get(`/api/games/${gameId}`, held[seat]));
  } catch (err) {
    if (err.status === 0) setConnection("lost");
  }
}

// Play a move for the seat to move (one of ours).
async function play(move) {
  const view = current;
  const seat = view.to_move;
  const token = held[seat];
  if (token === undefined) { toast(t("game.not_your_turn"), "error"); return false; }
  // a word before the move where the game has one (js/learn/advice.js); "Choose again" plays nothing
  if (!(await confirmMove(view.game, move, { gameId, token, t, view })) || current !== view) return false;
  try {
    const next = await api.post(`/api/games/${gameId}/moves`, { move, version: view.version }, token);
    if (accept(seat, next, false)) enqueue();
    return true;
  } catch (err) {
    if (err.status === 0) {
      setConnection("lost");
      toast(t("shell.not_sent"), "error");
      return false;
    }
    toast(err.status === 409 ? t("game.stale") : `${errorText(err, view.names)} ${t("shell.latest")}`, "error");
    await showServerView(seat);
    return false;
  }
}

async function resign(seat) {
  const token = held[seat];
  try {
    const next = await api.post(`/api/games/${gameId}/moves`, { move: "resign", version: current.version }, token);
    if (accept(seat, next, false)) enqueue();
  } catch (err) {
    toast(errorText(err, current.names), "error");
    if (err.status) await showServerView(seat);
  }
}

// Take back the last decision of the seat held here (games against computers only).
// It applies to the newest position the server sent, not the one on screen.
async function undo() {
  const seat = Object.keys(held).map(Number).find((s) => current && current.seats[s].type === "person");
  if (seat === undefined) return false;
  let version = newestVersion();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const next = await api.post(`/api/games/${gameId}/undo`, { version }, held[seat]);
      showNow(seat, next);
      return true;
    } catch (err) {
      if (err.status === 409 && attempt === 0 && err.body && Number.isInteger(err.body.version)) {
        version = err.body.version;  // a computer moved meanwhile: undo from there
        continue;
      }
      toast(errorText(err, current.names), "error");
      if (err.status) await showServerView(seat);
      return false;
    }
  }
  return false;
}

// --- playing together: words between players, the table (js/chat.js, js/table.js) ---------

function mountTogether(first) {
  words = mountWords({ box: document.getElementById("words"), gameId, t, held: () => held, current: () => current,
    shown: (seat, view) => showNow(seat, view) });
  document.body.classList.toggle("table-mode", tableScreen);
  if (tableScreen) table = mountTable({ box: document.getElementById("table-box"), gameId, t });
  else {
    tableGame(first.game).then((yes) => {
      const box = document.getElementById("table-box");
      // a table is for people around it: not offered to one person against the computers
      const people = (current || first).seats.filter((s) => s.type === "person").length;
      if (!yes || people < 2 || statusOf(current || first) !== "active") return;
      box.replaceChildren(tableLink(gameId, t, false));
      box.hidden = false;
    });
  }
}

function showTogether(view) {
  if (words) words.update(view);
  if (table) table.update(view);
}

// ----------------------------------------------------------------------------------------------

function dropFragment() { history.replaceState(null, "", location.pathname + location.search); }

// Take the invited seat of the link this page was opened with (#seat=N&invite=CODE): once, for
// this browser (POST .../seats/N/claim); the token it gets is kept (tokens.js) and the link
// leaves the address. A rated game's seat is taken with a profile: with this browser's at once,
// else the rated panel asks for a name first (takeSeat, called back from js/ratedgame.js).
// Any other seat is taken with this browser's profile where it has one (its name is the seat's,
// and the profile's "My games" lists the game on every device), else with the name this device
// goes by, asked once (js/yourname.js).
async function takeSeat(profile = null, name = "") {
  const { seat, code, game } = invited;
  const body = profile ? { invite: code, profile: profile.secret } : { invite: code };
  if (!profile && name) body.name = name;
  const res = await api.post(`/api/games/${gameId}/seats/${seat}/claim`, body);
  remember(gameId, game, res.seat, res.token);
  held = tokensFor(gameId);
  invited = null;
  dropFragment();
  toast(t("game.seat_taken"));
}

async function adoptFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("invite")) {
    const seat = Number(params.get("seat"));
    if (tokensFor(gameId)[seat] !== undefined) { dropFragment(); return; }  // taken here already
    try {
      const [view, rating] = await Promise.all([api.get(`/api/games/${gameId}`), api.get(`/api/games/${gameId}/rating`)]);
      invited = { seat, code: params.get("invite"), game: view.game };
      if (rating.rated && !myProfile()) return;  // the rated panel asks for a name
      const open = view.seats[seat] && view.seats[seat].open;
      const name = !myProfile() && open ? await askName(t) : "";
      await takeSeat(myProfile(), name);
    } catch (err) {
      invited = null;
      dropFragment();
      toast(errorText(err), "error");
    }
    return;
  }
  if (params.has("resume")) { await resumeSeat(Number(params.get("resume"))); return; }
  const m = location.hash.match(/token=([^&]+)/);
  if (!m) return;
  const token = decodeURIComponent(m[1]);
  try {
    const view = await api.get(`/api/games/${gameId}`, token);
    remember(gameId, view.game, view.seat, token);
  } catch (err) {
    toast(err.status === 403 ? t("game.bad_invite") : errorText(err), "error");
  }
  dropFragment();
}

// --- playing together (issue 36): names, your own side, who is here, your turn -----------------

// "#resume=N" (a profile's game from another device, in "My games"): the seat taken up here with
// this browser's profile; the other device watches from then on.
async function resumeSeat(seat) {
  dropFragment();
  const profile = myProfile();
  if (!profile || tokensFor(gameId)[seat] !== undefined) return;
  try {
    const res = await api.post(`/api/games/${gameId}/seats/${seat}/resume`, { profile: profile.secret });
    const view = await api.get(`/api/games/${gameId}`, res.token);
    remember(gameId, view.game, res.seat, res.token);
    toast(t("faces.resumed"));
  } catch (err) { toast(errorText(err), "error"); }
}

// The seat this page plays (its first), whose side the board is drawn from; null: it watches.
function ownSeat() { return primarySeat(); }

// From whose side the renderer draws the board (js/viewpoint.js): this page's seat, turned
// as often as "Turn the board" was pressed for this game.
function boardSide() {
  return current ? viewpoint(gameId, current.seats.length, ownSeat()) : 0;
}

// "Turn the board", for games whose renderer draws from a side (renderer.turns)
function turnButton() {
  const button = el("button", { type: "button", id: "turn-board", "data-i18n": "faces.turn_board",
    text: t("faces.turn_board"), onclick: () => {
      turnBoard(gameId, current ? current.seats.length : 2);
      button.setAttribute("aria-pressed", String(boardSide() !== (ownSeat() ?? 0)));
      show();
    } });
  button.setAttribute("aria-pressed", "false");
  return button;
}

// After a view is drawn: the tab's title and icon, a sound and a notification when it has just
// become this page's turn while the page is not in front.
function togetherShown(view) {
  if (!turnNotice) return;
  const mine = statusOf(view) === "active" && view.legal_moves.length > 0 && held[view.to_move] !== undefined;
  turnNotice.show(Object.keys(held).length > 0 && statusOf(view) === "active");
  turnNotice.update(view, mine, document.title);
  const turn = document.getElementById("turn-board");
  if (turn) turn.setAttribute("aria-pressed", String(boardSide() !== (ownSeat() ?? 0)));
}

// "Anna has joined", "Anna has gone", "Anna is back": each once (a page with two seats hears it
// twice), never about a seat played here, with the site's sound.
const heard = new Map();
function comingAndGoing(msg) {
  if (held[msg.seat] !== undefined || !current || !current.seats[msg.seat]) return;
  const key = `${msg.type}:${msg.seat}`;
  const now = Date.now();
  if (now - (heard.get(key) || 0) < 3000) return;
  heard.set(key, now);
  // the name the notice brings (the seat's new one), else the one the page shows
  const name = typeof msg.name === "string" && msg.name ? msg.name : current.names[msg.seat];
  toast(t(`faces.${msg.type}`, { name }));
  playSound(msg.type === "joined" ? "join" : msg.type);
  const item = document.querySelector(`#seats li[data-seat="${msg.seat}"]`);
  if (item) item.dataset.presence = msg.type;
}

async function main() {
  await initI18n();
  mountLanguageSwitch(document.getElementById("lang"));
  await adoptFragment();
  held = tableScreen ? {} : tokensFor(gameId);  // a table's screen shows no hand
  const first = await api.get(`/api/games/${gameId}`, held[primarySeat()]);
  installErrorReports(t, () => ({ game: first.game, game_id: gameId, version: current ? current.version : first.version }));
  document.body.dataset.game = first.game;
  module = await import(`./games/${first.game}.js`);
  // the Hint box (above the board) takes its shape from learn.css: loaded before the first
  // view is drawn, or the board moves down when it comes
  await Promise.all([loadStylesheet("shell"), loadStylesheet("learn")]);
  if (module.stylesheet) await module.stylesheet();
  const ctx = {
    gameId, t, play, resign, undo, held: () => held,
    board: document.getElementById("board"), extra: document.getElementById("extra"),
    refresh: () => show(),
    report: reportError,
    // the seat whose side the board is drawn from (its own seat for a player, turned by "Turn the board")
    side: () => boardSide(),
  };
  ctx.advice = positionAdvice((view) => (view.legal_moves.length && held[view.to_move] !== undefined
    ? { key: view.version, path: `/api/games/${gameId}/advice`, token: held[view.to_move] } : null), () => show());
  renderer = module.create(ctx);
  if (renderer.turns) document.getElementById("view-controls").replaceChildren(turnButton());
  gameTime = mountTime({ box: document.getElementById("time-box"), t, held: () => held });
  turnNotice = createTurnNotice({ t, box: document.getElementById("notices"), gameId });
  ending = createEnding({ box: document.getElementById("ending"), gameId, t, held: () => held, current: () => current, show: showNow });
  mountLearn(first.game, t).catch(reportError);
  rated = mountRatedGame({ gameId, t, held: () => held, box: document.getElementById("rated-box"),
    invited: () => invited,
    // the invited seat taken with a profile (made on the spot if need be), or this browser's
    // profile's seat taken up here: either way a new page of a seat held here
    take: async (profile) => { await takeSeat(profile); location.reload(); },
    resumed: (seat, token) => { remember(gameId, first.game, seat, token); location.reload(); } });
  pushes = createPushSwitch({ t, box: document.getElementById("push-box"), gameId, held: () => held });
  document.getElementById("hint").addEventListener("click", askHint);
  mountTogether(first);
  // against the computer: what of its data is still being built (Wari's endgame table)
  if (first.seats.some((s) => s.type === "computer")) {
    mountDataBuilds(first.game, t, document.getElementById("data-builds")).catch(reportError);
  }
  views[primarySeat() ?? "spectator"] = first;
  show(pickView());
  keepFitting();
  const keys = Object.keys(held).length ? Object.keys(held) : ["spectator"];
  // the first connection also brings the chat said before (chat=1)
  keys.forEach((k, i) => connectLive(gameId, k === "spectator" ? null : held[k], onMessage(k === "spectator" ? k : Number(k)), setConnection, i === 0));
  document.addEventListener("languagechange", () => { apply(document); show(); });
}

registerWorker();
main().catch((err) => {
  // opened without the server (from the worker's cache): said, and the page starts again when it is back
  if (unreachable(err)) untilServerIsBack(document.getElementById("offline"), t("shell.unreachable"), () => location.reload());
  else document.getElementById("status").textContent = err.status === 404 ? t("game.not_found") : errorText(err);
});
