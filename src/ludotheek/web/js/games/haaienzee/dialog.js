// "New game": the sea's size, your colour (Yellow starts) and who plays the other colour:
// the computer at a level, a second person on this screen, or a friend with an invite link.
// Also the lobby's quick start on the Haaienzee card.
import { api } from "../../api.js";
import { fillLevels, levelOptions } from "../../levels.js";
import { errorText } from "../../problems.js";
import { rememberCreated } from "../../tokens.js";
import { el, loadStylesheet, toast } from "../../ui.js";

export function stylesheet() {
  return loadStylesheet("haaienzee");
}

export function startDialog({ t }) {
  stylesheet();
  const side = el("select", { id: "hz-start-side", name: "side" },
    ...[5, 6, 7, 8, 9].map((n) => el("option", { value: String(n), selected: n === 7,
      text: t("haaienzee.start.side_n", { n, hexes: 3 * n * (n - 1) + 1 }) })));
  const colour = el("select", { id: "hz-start-colour", name: "colour" },
    el("option", { value: "0", text: t("haaienzee.start.yellow") }),
    el("option", { value: "1", text: t("haaienzee.start.red") }));
  const opponent = el("select", { id: "hz-start-opponent", name: "opponent" },
    ...levelOptions(t, [{ name: "normal" }], "normal"),
    el("option", { value: "person:play", text: t("haaienzee.start.two_people") }),
    el("option", { value: "person:invite", text: t("haaienzee.start.friend") }));
  fillLevels(t, "haaienzee", opponent);
  const go = el("button", { type: "submit", class: "primary", id: "hz-start-go", text: t("haaienzee.start.go") });
  const cancel = el("button", { type: "button", id: "hz-start-cancel", text: t("haaienzee.start.cancel") });
  const form = el("form", { method: "dialog", class: "hz-start" },
    el("h2", { text: t("haaienzee.start.title") }),
    el("label", {}, t("haaienzee.start.side"), side),
    el("label", {}, t("haaienzee.start.colour"), colour),
    el("label", {}, t("haaienzee.start.opponent"), opponent),
    el("div", { class: "controls" }, go, cancel));
  const dialog = el("dialog", { id: "hz-start", class: "hz-dialog" }, form);
  dialog.addEventListener("close", () => dialog.remove());
  cancel.addEventListener("click", () => dialog.close());
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    go.disabled = true;
    const mine = Number(colour.value);
    const [kind, arg] = opponent.value.split(":");
    const other = kind === "person" ? { type: "person" } : { type: "computer", level: arg };
    const seats = mine === 0 ? [{ type: "person" }, other] : [other, { type: "person" }];
    const roles = [null, null];
    roles[mine] = "play";
    roles[1 - mine] = kind === "person" ? arg : null;
    try {
      const res = await api.post("/api/games", { game: "haaienzee", options: { side: Number(side.value) }, seats });
      rememberCreated(res, "haaienzee", roles);
      location.href = `/play/${res.id}`;
    } catch (err) {
      toast(errorText(err), "error");
      go.disabled = false;
    }
  });
  document.body.append(dialog);
  return dialog;
}
