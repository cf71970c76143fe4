// Ending a game before it is played out, from the game page's side panel:
// - Abort: while no person has moved, the game ends without a result (POST .../abort);
// - Resign: in a game of two seats the held seat gives up, the other wins (POST .../leave);
// - Leave: in a game of more seats a computer player takes the seat over (POST .../leave),
//   and this browser forgets the seat: it watches from then on.
// The server says which applies (view.abortable, view.leave); every one is confirmed first in
// a dialog, since a tap must never lose a game.
import { api } from "./api.js";
import { errorText } from "./problems.js";
import { forgetSeat } from "./tokens.js";
import { el, toast } from "./ui.js";

// The seats held here that are still people's (a left seat is a computer's now).
function personSeats(view, held) {
  return Object.keys(held).map(Number).filter((s) => view.seats[s] && view.seats[s].type === "person")
    .sort((a, b) => a - b);
}

// Which action the buttons offer for `view`: "abort", "resign", "leave" or null.
export function endingAction(view, held) {
  if (view.over || (view.status && view.status !== "active") || !personSeats(view, held).length) return null;
  if (view.abortable) return "abort";
  return view.leave === "resign" ? "resign" : view.leave === "computer" ? "leave" : null;
}

// Ask before ending: resolves true when the player confirms.
function confirmEnd(t, action) {
  return new Promise((resolve) => {
    const dialog = el("dialog", { id: "confirm-end", class: "confirm-end", "aria-labelledby": "confirm-end-title" });
    const yes = el("button", { type: "button", class: "danger", id: "confirm-end-yes", text: t(`ending.${action}.yes`) });
    const no = el("button", { type: "button", id: "confirm-end-no", text: t("ending.cancel") });
    dialog.append(
      el("h2", { id: "confirm-end-title", text: t(`ending.${action}.title`) }),
      el("p", { text: t(`ending.${action}.explain`) }),
      el("div", { class: "controls" }, no, yes));
    const done = (answer) => { dialog.close(); dialog.remove(); resolve(answer); };
    yes.addEventListener("click", () => done(true));
    no.addEventListener("click", () => done(false));
    dialog.addEventListener("cancel", (ev) => { ev.preventDefault(); done(false); });
    document.body.append(dialog);
    dialog.showModal();
    no.focus();  // the safe answer is the one under the finger
  });
}

// The buttons in `box`; `show(seat, view)` shows an answer at once, `current()` is the view
// shown, `held()` the seats held here.
export function createEnding({ box, gameId, t, held, current, show }) {
  let busy = false;

  // POST .../<what> at the newest version; once more at the version a 409 names (a computer
  // may have moved meanwhile: ending a game does not depend on the position)
  async function post(what, seat) {
    try {
      return await api.post(`/api/games/${gameId}/${what}`, { version: current().version }, held()[seat]);
    } catch (err) {
      if (err.status !== 409 || !err.body || !Number.isInteger(err.body.version) || err.body.version === current().version) throw err;
      return api.post(`/api/games/${gameId}/${what}`, { version: err.body.version }, held()[seat]);
    }
  }

  async function run(action) {
    const view = current();
    const seats = personSeats(view, held());
    if (busy || !seats.length || !(await confirmEnd(t, action))) return;
    busy = true;
    box.querySelectorAll("button").forEach((b) => { b.disabled = true; });
    try {
      if (action === "leave") {
        for (const seat of seats) {
          await post("leave", seat);
          forgetSeat(gameId, seat);
        }
        toast(t("ending.left"));
        location.reload();  // a spectator's page from now on
      } else {
        const seat = action === "resign" && seats.includes(view.to_move) ? view.to_move : seats[0];
        show(seat, await post(action === "abort" ? "abort" : "leave", seat));
        // the button sits below the board: bring the banner that says how it ended into view
        const banner = document.getElementById("banner");
        if (banner) banner.scrollIntoView({ block: "nearest" });
      }
    } catch (err) {
      toast(errorText(err, view.names), "error");
    } finally {
      busy = false;
      box.querySelectorAll("button").forEach((b) => { b.disabled = false; });
    }
  }

  // `ownResign`: the game's page has a Resign button of its own (renderer.resigns)
  function draw(view, ownResign = false) {
    let action = view ? endingAction(view, held()) : null;
    if (action === "resign" && ownResign) action = null;
    box.hidden = action === null;
    if (action === null) { box.replaceChildren(); return; }
    const drawn = box.querySelector(`#end-${action}`);
    if (drawn) {  // the same button stays (its focus, a tap under way); its words may change
      drawn.disabled = busy;
      drawn.textContent = t(`ending.${action}.button`);
      drawn.title = t(`ending.${action}.hint`);
      box.querySelector("p.tag").textContent = t(`ending.${action}.hint`);
      return;
    }
    const button = el("button", { type: "button", id: `end-${action}`, class: "end-game", disabled: busy,
      text: t(`ending.${action}.button`), title: t(`ending.${action}.hint`), onclick: () => run(action) });
    box.replaceChildren(button, el("p", { class: "tag", text: t(`ending.${action}.hint`) }));
  }

  return { draw };
}
