// Table mode (issue 36), for a game with hidden hands (a game that declares hidden_hands,
// /api/meta): one big screen (a TV, a tablet) shows everyone the public board in large type
// and whose turn it is, as a spectator sees it: no hand. Each player takes their seat with
// their phone by scanning its QR code (the seat's invite link) and sees and plays their own
// hand there. The screen is the game page with ?table=1, opened by the browser that holds the
// invitations (the lobby's "Play at a table", or the game page's).
import { api } from "./api.js";
import { inviteQr } from "./invite.js";
import { levelName } from "./levels.js";
import { invitesFor } from "./tokens.js";
import { el } from "./ui.js";

let meta = null;

// Whether `game` can be played at a table (its declaration in /api/meta).
export async function tableGame(game) {
  meta = meta || api.get("/api/meta").catch(() => ({ games: [] }));
  const found = (await meta).games.find((g) => g.name === game);
  return Boolean(found && found.hidden_hands);
}

// Whether this page is a table's screen.
export function atTable() { return new URLSearchParams(location.search).get("table") === "1"; }

// The link between the game page and its table screen.
export function tableLink(gameId, t, table) {
  return el("a", { class: "button", id: table ? "leave-table" : "play-at-table",
    href: table ? `/play/${encodeURIComponent(gameId)}` : `/play/${encodeURIComponent(gameId)}?table=1`,
    text: t(table ? "table.leave" : "table.start") });
}

// The table's panel: whose turn, and each seat taken by a phone or waiting for one (its QR code).
export function mountTable({ box, gameId, t }) {
  const turn = el("p", { class: "table-turn", id: "table-turn", role: "status", "aria-live": "polite" });
  const seats = el("ul", { class: "table-seats", id: "table-seats" });
  const help = el("p", { class: "tag" });
  box.replaceChildren(el("div", { class: "table-head" }, turn, tableLink(gameId, t, true)), help, seats);
  box.hidden = false;
  // above the board: the codes to scan are what everyone looks for first
  const layout = document.querySelector(".game-layout");
  layout.parentNode.insertBefore(box, layout);
  const drawn = new Map();  // seat -> its QR image, made once

  function seatCard(view, i) {
    const seat = view.seats[i];
    const invitation = invitesFor(gameId)[i];
    const li = el("li", { class: `table-seat ${view.to_move === i ? "to-move" : ""}`, "data-seat": i },
      el("strong", { class: "name", text: view.names[i] }));
    if (seat.type === "computer") {
      li.append(el("span", { class: "tag", text: t("game.computer_level", { level: levelName(t, seat.level) }) }));
    } else if (seat.open && invitation && view.status === "active") {
      const holder = el("figure", { class: "qr-holder big" });
      li.append(holder, el("span", { class: "tag", text: t("table.scan") }));
      const ready = drawn.get(i) || inviteQr(gameId, i, invitation, t);
      drawn.set(i, ready);
      ready.then((img) => { if (img) holder.replaceChildren(img.cloneNode()); });
    } else if (seat.open) {
      li.append(el("span", { class: "tag", text: t("table.elsewhere") }));
    } else {
      li.append(el("span", { class: "tag seated", text: t("table.seated") }));
    }
    return li;
  }

  return {
    update(view) {
      const name = view.names[view.to_move];
      turn.textContent = view.status !== "active" ? "" : (view.to_move === null ? "" : t("table.turn", { name }));
      help.textContent = view.seats.some((s) => s.open) ? t("table.help") : t("table.help_seated");
      seats.replaceChildren(...view.seats.map((s, i) => seatCard(view, i)));
    },
  };
}
