// When it becomes your turn while the page is not in front (another tab, another window, a
// phone's screen off): the tab's title and icon say so, a short sound plays (js/sound.js), and
// a system notification appears if the person asked for it ("Tell me when it is my turn"; the
// permission is asked only when they switch it on, and a refusal changes nothing else). Back in
// front, the title and icon are the page's own again.
import { muted, play, setMuted } from "./sound.js";
import { el } from "./ui.js";

const KEY = "ludotheek.notify";

// the icon of a tab whose player is to move: the site's colours with a bright dot
const TURN_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1f4e5f"/>'
  + '<circle cx="32" cy="32" r="17" fill="#f2b134"/><circle cx="32" cy="32" r="7" fill="#1f4e5f"/></svg>')}`;

function wanted() { return localStorage.getItem(KEY) === "1"; }
function supported() { return "Notification" in window; }

function iconLink() {
  let link = document.querySelector("link[rel~='icon']");
  if (!link) {
    link = el("link", { rel: "icon", href: "/static/img/icon.svg" });
    document.head.append(link);
  }
  return link;
}

// `t`; `box`: where the switches go; `gameId`. update(view, mine, title) after every view shown:
// `mine`, whether this page decides now; `title`, the page's own title.
export function createTurnNotice({ t, box, gameId }) {
  let wasMine = null;     // null until the first view
  let alerted = false;    // the title and icon say "your turn" now
  let pageTitle = document.title;
  const pageIcon = iconLink().getAttribute("href");
  const note = el("p", { class: "muted notify-note", id: "notify-note", role: "status", hidden: true });
  const notify = el("input", { type: "checkbox", id: "notify-turn" });
  const sound = el("input", { type: "checkbox", id: "sound-on" });
  const notifyText = el("span");
  const soundText = el("span");

  function texts() {
    notifyText.textContent = t("faces.notify");
    soundText.textContent = t("faces.sound");
    if (!note.hidden && note.dataset.key) note.textContent = t(note.dataset.key);
  }

  function say(key) {
    note.dataset.key = key || "";
    note.hidden = !key;
    note.textContent = key ? t(key) : "";
  }

  function drawSwitches() {
    notify.checked = wanted() && supported() && Notification.permission === "granted";
    sound.checked = !muted();
  }

  notify.addEventListener("change", async () => {
    if (!notify.checked) { localStorage.setItem(KEY, "0"); say(null); return; }
    // asked only now, after the person's own click
    let permission = Notification.permission;
    if (permission === "default") {
      try { permission = await Notification.requestPermission(); } catch { permission = "denied"; }
    }
    if (permission !== "granted") {
      notify.checked = false;
      localStorage.setItem(KEY, "0");
      say("faces.notify_refused");
      return;
    }
    localStorage.setItem(KEY, "1");
    say("faces.notify_on");
  });
  sound.addEventListener("change", () => setMuted(!sound.checked));
  document.addEventListener("ludotheek:soundsetting", drawSwitches);

  const parts = [el("label", { class: "check" }, sound, " ", soundText)];
  if (supported()) parts.unshift(el("label", { class: "check" }, notify, " ", notifyText));
  box.replaceChildren(...parts, note);
  texts();
  drawSwitches();
  document.addEventListener("languagechange", texts);

  function restore() {
    if (!alerted) return;
    alerted = false;
    document.title = pageTitle;
    iconLink().setAttribute("href", pageIcon);
    delete document.documentElement.dataset.turn;
  }

  function alert(view, name) {
    alerted = true;
    document.title = t("faces.turn_title", { title: pageTitle });
    iconLink().setAttribute("href", TURN_ICON);
    document.documentElement.dataset.turn = "mine";
    play("turn");
    if (wanted() && supported() && Notification.permission === "granted") {
      try {
        const shown = new Notification(t("faces.turn_notice", { name }), {
          body: pageTitle, tag: `ludotheek-turn-${gameId}`, icon: "/static/img/icon.svg" });
        shown.onclick = () => { window.focus(); shown.close(); };
      } catch { /* a browser that shows them only from a service worker: the title says it */ }
    }
  }

  document.addEventListener("visibilitychange", () => { if (!document.hidden) restore(); });

  return {
    // whether a page that holds a seat shows the switches
    show(on) { box.hidden = !on; },
    update(view, mine, title) {
      pageTitle = title;
      if (mine && wasMine === false && document.hidden) alert(view, view.names[view.to_move]);
      else if (!mine) restore();
      else if (alerted) document.title = t("faces.turn_title", { title: pageTitle });
      wasMine = mine;
    },
  };
}
