// "Tell me on this device when it is my move": Web Push (server/push/, docs/web.md). In a game
// between people, the seats this browser holds may ask the server to push their turns to this
// device, so it is told with the page closed; the service worker (js/sw.js) shows the
// notification and opens the game when it is tapped. The permission is asked only when the
// switch is turned on; refused, or a browser without push, is said and changes nothing else.
import { api } from "./api.js";
import { language } from "./i18n.js";
import { el } from "./ui.js";

const KEY = "ludotheek.push";  // the games this device asked to be told of: {gameId: endpoint}

function saved() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

function keep(gameId, endpoint) {
  const all = saved();
  if (endpoint) all[gameId] = endpoint; else delete all[gameId];
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

// the server's VAPID key (base64url) as the bytes PushManager.subscribe wants
function keyBytes(text) {
  const raw = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

// `t`; `box`: where the switch goes; `gameId`; `held()`: seat -> token. update(view) after
// every view shown: the switch is there in a game between people in progress, for a seat held here.
export function createPushSwitch({ t, box, gameId, held }) {
  const input = el("input", { type: "checkbox", id: "push-turn" });
  const words = el("span");
  const note = el("p", { class: "muted push-note", id: "push-note", role: "status", hidden: true });
  box.replaceChildren(el("label", { for: "push-turn", class: "check push-switch" }, input, words), note);
  input.checked = Boolean(saved()[gameId]);

  function say(key) {
    note.textContent = key ? t(key) : "";
    note.hidden = !key;
  }

  async function subscription() {
    const registration = await navigator.serviceWorker.ready;
    const current = await registration.pushManager.getSubscription();
    if (current) return current;
    const { key } = await api.get("/api/push/key");
    return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  }

  async function on() {
    if (!pushSupported()) { input.checked = false; say("push.unsupported"); return; }
    try {
      if (await Notification.requestPermission() !== "granted") { input.checked = false; say("push.denied"); return; }
      const sub = (await subscription()).toJSON();
      const body = { endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh, auth: sub.keys.auth }, lang: language() };
      for (const token of Object.values(held())) await api.post(`/api/games/${gameId}/push`, body, token);
      keep(gameId, sub.endpoint);
      say("push.on");
    } catch (err) {
      console.warn("push: not switched on", err);
      input.checked = false;
      say("push.failed");
    }
  }

  async function off() {
    const endpoint = saved()[gameId];
    keep(gameId, null);
    say("push.off");
    if (!endpoint) return;
    for (const token of Object.values(held())) {
      await api.del(`/api/games/${gameId}/push`, { endpoint }, token).catch((err) => console.warn("push: not switched off", err));
    }
  }

  input.addEventListener("change", () => (input.checked ? on() : off()));

  return {
    update(view) {
      words.textContent = t("push.switch");
      const people = view.seats.filter((s) => s.type === "person").length;
      const mine = Object.keys(held()).some((s) => view.seats[s] && view.seats[s].type === "person");
      box.hidden = !(mine && people >= 2 && (view.status || "active") === "active" && !view.over);
    },
  };
}
