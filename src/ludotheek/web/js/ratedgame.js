// The game page's part for rated games: who plays with which rating, a button to take the
// invited seat of the link this page was opened with (with your profile, made on the spot if
// this browser has none), a button to take your profile's seat up again on this device, and
// after the end each player's new rating.
// GET /api/games/<id>/rating; the seat is taken by the game page (`take(profile)`:
// POST .../seats/<n>/claim), taken up again here (POST .../seats/<n>/resume); POST
// /api/games/<id>/profile seats a profile on a held seat of a game made before invitations.
import { api } from "./api.js";
import { levelName } from "./levels.js";
import { makeProfile, myProfile } from "./profilekey.js";
import { errorText } from "./problems.js";
import { el, toast } from "./ui.js";

export function mountRatedGame({ gameId, t, held, box, invited = () => null, take = null, resumed = null }) {
  let info = null;       // the last answer
  let view = null;       // the view shown
  let asking = false;
  let polls = 0;

  async function load() {
    if (asking) return;
    asking = true;
    try {
      info = await api.get(`/api/games/${gameId}/rating`);
    } catch { info = null; } finally { asking = false; }
    draw();
    if (info && info.rated && info.status === "pending" && view && view.over && polls < 40) {
      polls += 1;
      setTimeout(load, Math.min(500 * polls, 3000));
    }
  }

  function ratingText(seat) {
    // a computer level's rating is fixed: shown as it is, before and after
    if (seat.level && (seat.now || seat.before)) return el("span", { text: String((seat.now || seat.before).rating) });
    if (seat.counted === false) return el("span", { class: "muted not-counted", text: t("ratings.not_counted", { before: seat.before.rating }) });
    if (seat.after && seat.before) {
      const c = seat.change;
      return el("span", { class: `change ${c > 0 ? "up" : c < 0 ? "down" : ""}`,
        text: t("ratings.after", { before: seat.before.rating, after: seat.after.rating, change: `${c > 0 ? "+" : ""}${c}` }) });
    }
    if (seat.now) return el("span", { text: String(seat.now.rating) + (seat.now.games !== undefined && seat.now.games < 5 ? "?" : "") });
    return el("span", { class: "muted", text: seat.profile || seat.level ? "1500?" : t("ratings.no_profile_seat") });
  }

  // the seat of the invite link (`link`: taken by the game page) or a held seat of an older game
  async function join(seat, nameInput, link) {
    try {
      let profile = myProfile();
      if (!profile) {
        if (!nameInput.value.trim()) { toast(t("errors.ratings.name"), "error"); nameInput.focus(); return; }
        profile = await makeProfile(nameInput.value);
      }
      if (link) { await take(profile); return; }
      info = await api.post(`/api/games/${gameId}/profile`, { profile: profile.secret }, held()[seat]);
      toast(t("ratings.joined"));
      draw();
    } catch (err) { toast(errorText(err), "error"); }
  }

  // your profile's seat, played on another device until now: a new token here (the other
  // device watches from then on)
  async function resume(seat) {
    try {
      const res = await api.post(`/api/games/${gameId}/seats/${seat}/resume`, { profile: myProfile().secret });
      resumed(res.seat, res.token);
    } catch (err) { toast(errorText(err), "error"); }
  }

  function draw() {
    if (!info || !info.rated) { box.hidden = true; box.replaceChildren(); return; }
    box.hidden = false;
    const names = view ? view.names : [];
    const mine = held();
    const items = info.seats.map((s) => {
      const who = s.profile ? el("a", { href: `/profile/${encodeURIComponent(s.profile.id)}`, text: s.profile.name })
        : el("span", { text: s.level ? `${names[s.seat] || String(s.seat + 1)} (${levelName(t, s.level)}, ${t("ratings.level")})`
          : names[s.seat] || String(s.seat + 1) });
      return el("li", { "data-seat": s.seat }, who, " · ", ratingText(s));
    });
    const parts = [el("h2", { text: t("ratings.rated_game") }), el("ul", {}, items)];
    const link = invited();
    const open = (link && take && info.seats.find((s) => s.seat === link.seat && !s.profile && !s.level))
      || info.seats.find((s) => !s.profile && !s.level && mine[s.seat] !== undefined);
    const playing = !(view && view.over) && info.status === "pending";
    if (open && playing) {
      const name = el("input", { type: "text", id: "rated-join-name", maxlength: 32, placeholder: t("ratings.name"), "aria-label": t("ratings.name") });
      parts.push(el("div", { class: "controls" }, myProfile() ? null : name,
        el("button", { type: "button", class: "primary", id: "rated-join", text: t("ratings.join"),
          onclick: () => join(open.seat, name, Boolean(link && link.seat === open.seat)) })));
    }
    const me = myProfile();
    const elsewhere = me && resumed && info.seats.find((s) => s.profile && s.profile.id === me.id && mine[s.seat] === undefined);
    if (elsewhere && playing) {
      parts.push(el("div", { class: "controls" }, el("button", { type: "button", id: "rated-resume",
        text: t("ratings.resume"), title: t("ratings.resume_hint"), onclick: () => resume(elsewhere.seat) })));
    }
    if (info.status === "pending" && view && view.over) parts.push(el("p", { class: "reason", text: t("ratings.pending") }));
    else if (info.status !== "pending" && info.reason) parts.push(el("p", { class: "reason", id: "rated-reason", text: t(`ratings.reason.${info.reason}`) }));
    box.replaceChildren(...parts);
  }

  let lastOver = null;
  return {
    // a rated game gives no hints: help from outside would count in the ratings
    isRated: () => Boolean(info && info.rated),
    update(next) {
      const first = view === null;
      view = next;
      if (first || (next.over && lastOver === false)) load();
      else draw();
      lastOver = next.over;
    },
  };
}
