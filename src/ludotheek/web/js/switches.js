// The header's two switches beside the language buttons, on every page: sound on or off
// (js/sound.js) and light or dark. Both are remembered on this device (localStorage); the
// theme follows the system (prefers-color-scheme) until the switch is used, and
// js/theme-early.js applies a choice before the page is drawn.
import { muted, setMuted } from "./sound.js";
import { svg } from "./ui.js";

const THEME = "ludotheek.theme";
const DARK = matchMedia("(prefers-color-scheme: dark)");

export function dark() {
  const chosen = document.documentElement.dataset.theme;
  return chosen ? chosen === "dark" : DARK.matches;
}

export function setDark(on) {
  localStorage.setItem(THEME, on ? "dark" : "light");
  document.documentElement.dataset.theme = on ? "dark" : "light";
  document.dispatchEvent(new CustomEvent("ludotheek:theme", { detail: { dark: on } }));
}

// 24 x 24 pictures, aria-hidden (the button says what it does)
const PICTURES = {
  sound: ["M4 9h4l5-4v14l-5-4H4z", "M16 8.5a5 5 0 0 1 0 7", "M18.5 6a8.5 8.5 0 0 1 0 12"],
  muted: ["M4 9h4l5-4v14l-5-4H4z", "M16.5 9.5l5 5", "M21.5 9.5l-5 5"],
  dark: ["M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z"],
  light: ["M12 7.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9z", "M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1"],
};

function picture(name) {
  return svg("svg", { viewBox: "0 0 24 24", width: 20, height: 20, class: `icon icon-${name}`, "aria-hidden": "true", focusable: "false" },
    ...PICTURES[name].map((d, i) => svg("path", { d, fill: i === 0 && name !== "light" ? "currentColor" : "none",
      stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round" })));
}

function toggle(id, on, draw, flip) {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.className = "switch";
  const redraw = () => draw(b, on());
  b.addEventListener("click", () => { flip(!on()); redraw(); });
  redraw();
  return { button: b, redraw };
}

// Put the switches at the start of `container` (the language buttons' box); `t` words them.
export function mountSwitches(container, t) {
  const sound = toggle("sound-switch", () => !muted(), (b, on) => {
    b.replaceChildren(picture(on ? "sound" : "muted"));
    b.setAttribute("aria-pressed", String(on));
    b.setAttribute("aria-label", t("look.sound"));
    b.title = t(on ? "look.sound_on" : "look.sound_off");
  }, (on) => setMuted(!on));
  const theme = toggle("theme-switch", dark, (b, on) => {
    b.replaceChildren(picture(on ? "dark" : "light"));
    b.setAttribute("aria-pressed", String(on));
    b.setAttribute("aria-label", t("look.dark"));
    b.title = t(on ? "look.dark_on" : "look.dark_off");
  }, setDark);
  container.prepend(sound.button, theme.button);
  const redraw = () => { sound.redraw(); theme.redraw(); };
  DARK.addEventListener("change", redraw);
  document.addEventListener("languagechange", redraw);
}
