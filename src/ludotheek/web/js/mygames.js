// "My games": every game of this device (the seats it plays and the invitations it made:
// tokens.js) and of its profile (the seats the profile took, on any device:
// GET /api/profiles/me/games), each with whose turn it is: "your turn" on top, then the others
// in play, then the finished ones, each part newest first. A game the profile plays on another
// device can be taken up here ("Play here": the seat gets a new secret, the other device
// watches from then on). The lobby and the profile page show it.
import { api } from "./api.js";
import { leftText } from "./gametime.js";
import { language } from "./i18n.js";
import { seatNames } from "./names.js";
import { myProfile } from "./profilekey.js";
import { myGames } from "./tokens.js";
import { el } from "./ui.js";

const MOST = 50;   // the games one listing by ids names (the API's most)

// The games as they stand: [{id, game, status, version, to_move, names, seats, updated,
// result, seat (the seat played here or by the profile, or null), yourTurn, elsewhere, saved}]
export async function gatherMyGames(t) {
  const device = Object.entries(myGames()).sort((a, b) => b[1].saved - a[1].saved).slice(0, MOST);
  const lang = language();
  const profile = myProfile();
  const [listed, playing] = await Promise.all([
    device.length ? api.get(`/api/games?ids=${device.map(([id]) => encodeURIComponent(id)).join(",")}&limit=${MOST}&lang=${lang}`)
      .then((r) => r.games).catch(() => []) : [],
    profile ? api.get(`/api/profiles/me/games?lang=${lang}`, profile.secret).then((r) => r.games).catch(() => []) : []]);
  const byId = new Map();
  for (const [id, kept] of device) {
    const g = listed.find((x) => x.id === id);
    const seats = Object.keys(kept.seats || {}).map(Number);
    byId.set(id, { id, game: kept.game, saved: kept.saved, listed: g || null, here: seats, profileSeat: null });
  }
  for (const g of playing) {
    const entry = byId.get(g.id) || { id: g.id, game: g.game, saved: g.updated * 1000, listed: null, here: [], profileSeat: null };
    entry.listed = entry.listed || g;
    entry.profileSeat = g.seat;
    byId.set(g.id, entry);
  }
  return [...byId.values()].map((e) => {
    const g = e.listed;
    const status = g ? g.status : null;
    const mover = g ? g.to_move : null;
    const names = g ? seatNames(g, t) : [];
    const plays = new Set(e.here);
    if (e.profileSeat !== null) plays.add(e.profileSeat);
    const yourTurn = status === "active" && mover !== null && plays.has(mover)
      && g.seats[mover] && g.seats[mover].type === "person";
    return { ...e, status, names, toMove: mover, version: g ? g.version : null, result: g ? g.result || null : null,
      updated: g ? g.updated * 1000 : e.saved, yourTurn: Boolean(yourTurn),
      elsewhere: e.profileSeat !== null && !e.here.includes(e.profileSeat) };
  }).sort((a, b) => rank(a) - rank(b) || b.updated - a.updated);
}

function rank(g) {
  if (g.yourTurn) return 0;
  if (g.status === "active") return 1;
  return g.status ? 2 : 3;
}

// In words, how a game stands: whose turn (in play), its result, aborted or abandoned.
export function standing(g, t) {
  if (g.status === "active") {
    const whose = g.yourTurn ? t("faces.mine.your_turn")
      : g.toMove !== null && g.names[g.toMove] ? t("faces.mine.their_turn", { name: g.names[g.toMove] }) : t("lobby.status.active");
    const left = g.listed && typeof g.listed.time_left === "number"  // a game with a time
      ? ` · ${t("time.theirs_left", { left: leftText(g.listed.time_left) })}` : "";
    return `${whose}, ${t("lobby.moves", { n: g.version })}${left}`;
  }
  if (g.status === "over") {
    const w = (g.result && g.result.winners) || [];
    return w.length ? t("lobby.result.won", { names: w.map((i) => g.names[i]).join(", ") }) : t("lobby.result.draw");
  }
  return g.status ? t(`ending.mine.${g.status}`) : "";
}

// The list (a <ul id="my-games-list">), or null when there is no game; `title(game)` names a
// game in the page's language.
export function myGamesList(games, t, title) {
  if (!games.length) return null;
  return el("ul", { class: "my-games", id: "my-games-list" }, games.map((g) => el("li", {
    "data-status": g.status || "", "data-id": g.id, "data-turn": g.yourTurn ? "mine" : "",
    class: g.yourTurn ? "your-turn" : "" },
  el("a", { href: `/play/${g.id}`, text: `${g.game ? title(g.game) : t("shell.imported_game")} · ${new Date(g.updated).toLocaleString(language())}` }),
  g.status ? el("span", { class: "tag", text: ` · ${standing(g, t)}` }) : null,
  g.elsewhere && g.status === "active" ? el("span", { class: "elsewhere" },
    el("span", { class: "tag", text: ` · ${t("faces.mine.elsewhere")} ` }),
    el("a", { class: "play-here", href: `/play/${g.id}#resume=${g.profileSeat}`, title: t("faces.mine.play_here_hint"),
      text: t("faces.mine.play_here") })) : null)));
}
