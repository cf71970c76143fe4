// "New game": the sea's size, your colour (Yellow starts) and who plays the other colour:
// the computer at a level, a second person on this screen, or a friend with an invite link.
// Also the lobby's quick start on the Haaienzee card.
import { opponentSelect, roleOf, seatOf, startDialogFrame, startsGame } from "../../newgame.js";
import { el, loadStylesheet } from "../../ui.js";

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
  const opponent = opponentSelect(t, "haaienzee", { id: "hz-start-opponent",
    here: t("haaienzee.start.two_people"), friend: t("haaienzee.start.friend") });
  const go = el("button", { type: "submit", class: "primary", id: "hz-start-go", text: t("haaienzee.start.go") });
  const cancel = el("button", { type: "button", id: "hz-start-cancel", text: t("haaienzee.start.cancel") });
  const form = el("form", { method: "dialog", class: "hz-start" },
    el("h2", { text: t("haaienzee.start.title") }),
    el("label", {}, t("haaienzee.start.side"), side),
    el("label", {}, t("haaienzee.start.colour"), colour),
    el("label", {}, t("haaienzee.start.opponent"), opponent),
    // how a game ends, before it starts: a default game can be over after its first round
    el("p", { class: "hz-start-rule", id: "hz-start-rule", text: t("haaienzee.start.rule") }),
    el("div", { class: "controls" }, go, cancel));
  startsGame(form, () => {
    const mine = Number(colour.value);
    const other = seatOf(opponent.value);
    const seats = mine === 0 ? [{ type: "person" }, other] : [other, { type: "person" }];
    const roles = [null, null];
    roles[mine] = "play";
    roles[1 - mine] = roleOf(opponent.value);
    return { body: { game: "haaienzee", options: { side: Number(side.value) }, seats }, roles, buttons: [go] };
  });
  return startDialogFrame({ id: "hz-start", className: "hz-dialog", form, cancel });
}
