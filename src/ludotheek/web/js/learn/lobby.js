// The lobby's part of learning to play: on every game's card "How to play" (a dialog, before
// starting) and "Learn to play" (the guided first game); and, coming back from a guided game
// with ?learned=<game>, that game's form filled in as the lesson's real game (its options,
// the computer at the easy level), ready to start.
import { api } from "../api.js";
import { el, loadStylesheet } from "../ui.js";
import { howtoButton } from "./howto.js";

// `known`: the game's entry in the learn index (learnable()), undefined if it has none.
export function learnLinks(card, game, t, known) {
  if (!known || (!known.howto && !known.lesson)) return;
  loadStylesheet("learn");
  // each says what it is under its name (a newcomer cannot tell the two apart by their names)
  const choice = (control, key) => {
    const what = el("span", { class: "learn-what", id: `${control.id}-what`, text: t(key) });
    control.setAttribute("aria-describedby", what.id);
    return el("div", { class: "learn-choice" }, control, what);
  };
  const links = el("div", { class: "learn-links" },
    known.howto ? choice(howtoButton(game, t), "lobby.howto_what") : null,
    known.lesson ? choice(el("a", { class: "learn-start", id: `learn-${game}`, href: `/learn/${game}`, text: t("learn.start") }), "lobby.learn_what") : null);
  // first thing in the card's setup (opened on a phone), else under the blurb
  const summary = card.querySelector("details.setup > summary");
  const blurb = card.querySelector(".blurb");
  if (summary) summary.after(links); else if (blurb) blurb.after(links); else card.append(links);
}

// ?learned=<game>: fill in its card's form as the guided game's real game.
export async function prefill() {
  const game = new URLSearchParams(location.search).get("learned");
  if (!game) return;
  const form = document.querySelector(`form.create[data-game="${CSS.escape(game)}"]`);
  if (!form) return;
  let finish;
  try { finish = (await api.get(`/api/learn/${game}/lesson`)).finish; } catch { return; }
  for (const [name, value] of Object.entries(finish.options)) {
    const input = form.elements[name];
    if (!input || typeof value === "object") continue;
    if (input.type === "checkbox") input.checked = Boolean(value);
    else input.value = String(value);
  }
  form.querySelector(".options").dispatchEvent(new Event("change", { bubbles: true }));  // the seats follow
  finish.seats.forEach((seat, i) => {
    const select = form.elements[`seat-${i}`];
    if (select && seat.type === "computer") select.value = `computer:${seat.level}`;
  });
  const card = form.closest(".card");
  const setup = card.querySelector("details.setup");
  if (setup) setup.open = true;
  card.scrollIntoView({ block: "center" });
  form.querySelector("button[type=submit]").focus({ preventScroll: true });
}
