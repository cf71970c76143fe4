// Unexpected errors in a page: the player sees a message, the game goes on, and the full
// report goes to the server, which appends it to the game's error log in its data folder
// (the file the game declares). POST /api/client-errors.
import { el } from "./ui.js";

const MAX_REPORTS = 5;      // per page load: a loop of errors must not flood the server
let translate = (key) => key;
let context = () => ({});
let sent = 0;
const seen = new Set();

export function installErrorReports(t, ctx) {
  translate = t;
  context = ctx;
  window.addEventListener("error", (ev) => reportError(ev.error || ev.message, "error"));
  window.addEventListener("unhandledrejection", (ev) => reportError(ev.reason, "unhandledrejection"));
}

function describe(err) {
  if (err instanceof Error) return { message: `${err.name}: ${err.message}`, stack: String(err.stack || "") };
  if (typeof err === "string") return { message: err, stack: "" };
  try { return { message: JSON.stringify(err), stack: "" }; } catch { return { message: String(err), stack: "" }; }
}

function showMessage(message, file) {
  let box = document.getElementById("page-error");
  if (!box) {
    box = el("div", { id: "page-error", class: "page-error", role: "alert" });
    document.body.append(box);
  }
  const text = file ? translate("errors.logged", { message, file }) : translate("errors.shown", { message });
  box.replaceChildren(
    el("strong", { text: translate("errors.title") }), " ",
    el("span", { class: "page-error-text", text }),
    el("button", { type: "button", class: "page-error-close", "aria-label": translate("errors.close"), text: "×",
      onclick: () => box.remove() }));
}

export async function reportError(err, kind = "error") {
  const { message, stack } = describe(err);
  const key = `${message}\n${stack}`;
  showMessage(message, null);
  if (seen.has(key) || sent >= MAX_REPORTS) return;
  seen.add(key);
  sent += 1;
  let info = {};
  try { info = context() || {}; } catch { info = {}; }
  const body = {
    kind, message, stack, url: location.href, agent: navigator.userAgent,
    game: info.game, game_id: info.game_id,
    version: info.version === undefined || info.version === null ? undefined : String(info.version),
  };
  try {
    const res = await fetch("/api/client-errors", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    if (res.ok) showMessage(message, (await res.json()).file);
  } catch { /* the server is away: the message on screen is all we can do */ }
}
