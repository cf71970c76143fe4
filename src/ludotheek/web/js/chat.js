// Words between the players of a game (issue 36): the chat (preset phrases shown in each
// reader's language, texts of one's own as plain text) and takeback requests between people.
// The lines come over the game's WebSocket ({type: "chat", lines}); this module keeps them by
// number (a line comes once per connection this page holds), draws them, and sends what a
// player says (POST /api/games/{id}/chat, .../takeback, .../takeback/answer). A text is never
// put into the page as markup: every line is set with textContent.
import { api } from "./api.js";
import { errorText } from "./problems.js";
import { el, toast } from "./ui.js";

export const PHRASES = ["good_move", "your_turn", "one_moment", "thanks", "well_played"];
const MOST = 200;
const MUTED = "ludotheek.chat.muted";

function mutedGames() {
  try { return JSON.parse(localStorage.getItem(MUTED)) || {}; } catch { return {}; }
}

export function isMuted(gameId) { return Boolean(mutedGames()[gameId]); }

export function setMuted(gameId, on) {
  const all = mutedGames();
  if (on) all[gameId] = true; else delete all[gameId];
  localStorage.setItem(MUTED, JSON.stringify(all));
}

// What a line says, in the reader's language: a phrase by its key, a text as it was written,
// a takeback step in words ("Ann asks to take back their last move").
export function lineText(line, names, t) {
  const name = names[line.seat] ?? String(line.seat + 1);
  if (line.kind === "phrase") return t(`chat.phrase.${line.text}`);
  if (line.kind === "text") return line.text;
  if (line.kind === "takeback") return t("takeback.asked", { name });
  if (line.kind === "takeback_yes") return t("takeback.agreed", { name });
  return t("takeback.declined", { name });
}

// A line of the log: who said it and what (both as text).
export function lineNode(line, names, t) {
  const system = line.kind.startsWith("takeback");
  return el("li", { class: `line ${system ? "system" : ""}`, "data-kind": line.kind, "data-seat": line.seat, "data-number": line.number },
    system ? null : el("span", { class: "who", text: `${names[line.seat] ?? line.seat + 1}: ` }),
    el("span", { class: "said", text: lineText(line, names, t) }));
}

// The takeback open at `version` (the newest request there, unless refused or withdrawn
// after it): {seat, yes: Set}; null if none.
export function openTakeback(lines, version) {
  let found = null;
  for (const line of lines) {
    if (line.version !== version) continue;
    if (line.kind === "takeback") found = { seat: line.seat, yes: new Set() };
    else if (found && line.kind === "takeback_no") found = null;
    else if (found && line.kind === "takeback_yes") found.yes.add(line.seat);
  }
  return found;
}

function people(view) {
  return view.seats.map((s, i) => i).filter((i) => view.seats[i].type === "person");
}

// The words box of the game page. `held()`: the seats played here (seat -> token); `current()`:
// the view shown; `shown(seat, view)`: the view an answer brought (a move taken back).
export function mountWords({ box, gameId, t, held, current, shown }) {
  const lines = new Map();
  let free = true;
  let sending = false;
  const log = el("ol", { class: "chat-log", id: "chat-log", "aria-live": "polite" });
  const mutedNote = el("p", { class: "tag chat-muted", id: "chat-muted", hidden: true });
  const muteButton = el("button", { type: "button", id: "chat-mute", class: "small" });
  const takeback = el("div", { class: "takeback", id: "takeback", role: "status", "aria-live": "polite" });
  const phrases = el("div", { class: "phrases", id: "chat-phrases" });
  const text = el("input", { id: "chat-text", type: "text", maxlength: MOST, autocomplete: "off", enterkeyhint: "send" });
  const send = el("button", { type: "submit", id: "chat-send" });
  const form = el("form", { class: "chat-form", id: "chat-form" }, text, send);
  const reading = el("p", { class: "tag", id: "chat-reading" });
  const heading = el("h2", { class: "chat-heading" }, el("span", { id: "chat-title" }), muteButton);
  box.replaceChildren(takeback, heading, log, mutedNote, phrases, form, reading);

  // the seat that speaks here: the one whose view is shown, else the first held
  function speaker() {
    const view = current();
    const mine = Object.keys(held()).map(Number).sort((a, b) => a - b);
    if (view && view.seat !== null && held()[view.seat] !== undefined) return view.seat;
    return mine.length ? mine[0] : null;
  }

  async function say(body) {
    const seat = speaker();
    if (seat === null || sending) return false;
    sending = true;
    try {
      const line = await api.post(`/api/games/${gameId}/chat`, body, held()[seat]);
      add([line]);
      return true;
    } catch (err) {
      toast(errorText(err, current() ? current().names : []), "error");
      return false;
    } finally { sending = false; }
  }

  async function ask() {
    const view = current();
    try {
      add([await api.post(`/api/games/${gameId}/takeback`, { version: view.version }, held()[view.seat])]);
    } catch (err) { toast(errorText(err, view.names), "error"); }
  }

  async function answer(seat, accept) {
    const view = current();
    try {
      const next = await api.post(`/api/games/${gameId}/takeback/answer`, { version: view.version, accept }, held()[seat]);
      shown(seat, next);
    } catch (err) { toast(errorText(err, view.names), "error"); }
  }

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const said = text.value;
    if (!said.trim()) return;
    const length = [...said.trim()].length;
    if (length > MOST) { toast(t("errors.chat.too_long", { most: MOST, length }), "error"); return; }
    if (await say({ text: said })) text.value = "";
  });
  muteButton.addEventListener("click", () => { setMuted(gameId, !isMuted(gameId)); draw(); });

  function drawTakeback(view) {
    const names = view.names;
    const mine = Object.keys(held()).map(Number);
    const open = view.status === "active" ? openTakeback([...lines.values()], view.version) : null;
    const parts = [];
    if (open) {
      const waiting = people(view).filter((s) => s !== open.seat && !open.yes.has(s));
      if (mine.includes(open.seat)) {
        parts.push(el("p", { text: t("takeback.waiting", { names: waiting.map((s) => names[s]).join(", ") }) }),
          el("button", { type: "button", id: "takeback-withdraw", text: t("takeback.withdraw"), onclick: () => answer(open.seat, false) }));
      } else {
        parts.push(el("p", { text: t("takeback.asked", { name: names[open.seat] }) }));
        const mineToAnswer = waiting.find((s) => mine.includes(s));
        if (mineToAnswer !== undefined) {
          parts.push(el("div", { class: "controls" },
            el("button", { type: "button", class: "primary", id: "takeback-yes", text: t("takeback.yes"), onclick: () => answer(mineToAnswer, true) }),
            el("button", { type: "button", id: "takeback-no", text: t("takeback.no"), onclick: () => answer(mineToAnswer, false) })));
        }
      }
    } else if (view.can_take_back && held()[view.seat] !== undefined) {
      parts.push(el("button", { type: "button", id: "takeback-ask", text: t("takeback.ask"), onclick: ask }));
    }
    takeback.replaceChildren(...parts);
    takeback.hidden = parts.length === 0;
  }

  function draw() {
    const view = current();
    if (!view) return;
    const between = people(view).length >= 2;
    box.hidden = !between;
    if (!between) return;
    const muted = isMuted(gameId);
    const me = speaker();
    const all = [...lines.values()].sort((a, b) => a.number - b.number);
    const hidden = muted ? all.filter((l) => !l.kind.startsWith("takeback") && l.seat !== me) : [];
    log.replaceChildren(...all.filter((l) => !hidden.includes(l)).map((l) => lineNode(l, view.names, t)));
    log.scrollTop = log.scrollHeight;
    mutedNote.hidden = !muted;
    mutedNote.textContent = muted ? t("chat.muted_note", { n: hidden.length }) : "";
    document.getElementById("chat-title").textContent = t("chat.title");
    muteButton.textContent = muted ? t("chat.unmute") : t("chat.mute");
    muteButton.setAttribute("aria-pressed", muted ? "true" : "false");
    const writer = me !== null;
    phrases.hidden = !writer;
    form.hidden = !writer || !free;
    reading.hidden = writer && free;
    reading.textContent = writer ? t("chat.presets_only") : t("chat.spectator");
    text.placeholder = t("chat.placeholder");
    text.setAttribute("aria-label", t("chat.label", { most: MOST }));
    send.textContent = t("chat.send");
    phrases.replaceChildren(...PHRASES.map((key) => el("button", { type: "button", class: "phrase", "data-phrase": key,
      text: t(`chat.phrase.${key}`), onclick: () => say({ phrase: key }) })));
    drawTakeback(view);
  }

  function add(found) {
    for (const line of found) lines.set(line.number, line);
    draw();
  }

  // A new line of someone else is also said where the eyes are (a toast over the board: on a
  // phone the chat is below it), unless the chat is muted; a takeback asked always is.
  function announce(found) {
    const view = current();
    if (!view) return;
    const mine = Object.keys(held()).map(Number);
    for (const line of found) {
      if (lines.has(line.number) || mine.includes(line.seat)) continue;
      if (line.kind === "takeback" || (!isMuted(gameId) && (line.kind === "phrase" || line.kind === "text"))) {
        toast(line.kind === "takeback" ? lineText(line, view.names, t) : `${view.names[line.seat]}: ${lineText(line, view.names, t)}`);
      }
    }
  }

  return {
    // a live message of the game's connection: {type: "chat", lines, history?, free?}
    message(msg) {
      if (msg.history && typeof msg.free === "boolean") free = msg.free;
      if (!msg.history) announce(msg.lines || []);
      add(msg.lines || []);
    },
    update: draw,
  };
}
