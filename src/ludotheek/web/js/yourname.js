// Asking the name of a person who plays with others by an invitation without a profile (the
// friend who takes the seat, the host who invites): once per device (names.js keeps it; who
// would rather not say is not asked again), in a small dialog; the name is shown to everyone in the game, so the
// server checks it as it checks a profile's (1-32 characters) and the pages show it as text.
import { keepName, markNameAsked, myName, nameAsked } from "./names.js";
import { el } from "./ui.js";

const MOST = 32;

// The name to take the seat with: the one kept on this device, else the one typed now; ""
// when the person would rather not say (the seat keeps the name it was given).
export function askName(t) {
  const kept = myName();
  if (kept || nameAsked()) return Promise.resolve(kept);
  return new Promise((resolve) => {
    const input = el("input", { type: "text", id: "your-name", maxlength: MOST, required: true, autocomplete: "nickname",
      "aria-describedby": "your-name-hint" });
    const problem = el("p", { class: "form-error", id: "your-name-error", role: "alert", hidden: true });
    const ok = el("button", { type: "submit", class: "primary", id: "your-name-ok", text: t("faces.name.ok") });
    const skip = el("button", { type: "button", id: "your-name-skip", text: t("faces.name.skip") });
    const form = el("form", { method: "dialog" },
      el("h2", { text: t("faces.name.title") }),
      el("p", { id: "your-name-hint", text: t("faces.name.hint") }),
      el("label", {}, t("faces.name.label"), " ", input), problem,
      el("div", { class: "controls" }, ok, skip));
    const dialog = el("dialog", { id: "your-name-dialog" }, form);
    let answer = "";
    form.addEventListener("submit", (ev) => {
      const name = input.value.split(/\s+/).filter(Boolean).join(" ");
      // control characters are refused by the server too; say it here, in the page's language
      // eslint-disable-next-line no-control-regex
      if (!name || name.length > MOST || /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/.test(name)) {
        ev.preventDefault();
        problem.hidden = false;
        problem.textContent = t("errors.seat.claim_name", { most: MOST });
        input.focus();
        return;
      }
      keepName(name);
      answer = name;
    });
    skip.addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => { markNameAsked(); dialog.remove(); resolve(answer); });
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
  });
}
