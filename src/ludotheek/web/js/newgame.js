// Starting a new game, one module for every form that does it: the lobby's card of each game,
// the games' own start dialogs (a renderer's startDialog, opened from the lobby's quick start
// and the game page's "New game"; Wari's settings) and the guided game's "Play a real game".
// Each says what it creates; this module asks the server, remembers the seats' secrets
// (tokens.js), opens the new game, and shows a refusal in the page's language.
import { api } from "./api.js";
import { t as words } from "./i18n.js";
import { fillLevels, levelOptions } from "./levels.js";
import { myName } from "./names.js";
import { errorText } from "./problems.js";
import { myProfile } from "./profilekey.js";
import { remember, rememberCreated } from "./tokens.js";
import { el, toast } from "./ui.js";
import { askName } from "./yourname.js";

// A seat menu's value: "computer:LEVEL", "person:play" (played on this screen) or
// "person:invite" (a friend gets a link).
function parts(value) {
  const at = value.indexOf(":");
  return at < 0 ? [value, ""] : [value.slice(0, at), value.slice(at + 1)];
}

// the seat the API is asked for: {type: "person"} (played here), {type: "person", invite: true}
// (a friend takes it with the link: its token is made for them, never for this browser) or
// {type: "computer", level}
export function seatOf(value) {
  const [kind, arg] = parts(value);
  if (kind !== "person") return { type: "computer", level: arg };
  return arg === "invite" ? { type: "person", invite: true } : { type: "person" };
}

// what the seat is to this browser: "play", "invite", or null for a computer
export function roleOf(value) {
  const [kind, arg] = parts(value);
  return kind === "person" ? arg : null;
}

// The opponent's menu of a two-player start dialog: the computer at a level (`level` until
// /api/meta has answered, then every level, `level` still chosen), a second person on this
// screen (`here`), or a friend with an invite link (`friend`).
export function opponentSelect(t, game, { id, here, friend, name = "opponent", level = "normal" }) {
  const select = el("select", { id, name },
    ...levelOptions(t, [{ name: level }], level),
    el("option", { value: "person:play", text: here }),
    el("option", { value: "person:invite", text: friend }));
  fillLevels(t, game, select);
  return select;
}

// Creates the game `body` ({game, options, seats}) and opens it; this browser keeps the tokens
// of the seats played here and the invite codes of the others (tokens.js). `roles`: per seat
// what it is here (see roleOf); null: a game only watched here, remembered among "Your games"
// all the same. `buttons` are disabled while the request is on its way. `prepare(body)`
// may complete the body first and returns false to start nothing (the rated choice's
// questions). A refusal goes to `refused(err)`, by default a toast in the page's language.
// `page`: what of the new game's page opens ("?table=1": a table's screen, js/table.js).
export async function startGame({ body, roles, buttons = [], prepare = null, refused = null, page = "" }) {
  const enable = (on) => { for (const b of buttons) b.disabled = !on; };
  enable(false);
  try {
    if (prepare && !(await prepare(body))) { enable(true); return; }
    await nameHost(body, roles);
    const res = await api.post("/api/games", body);
    if (roles === null) remember(res.id, body.game, null, null);
    else rememberCreated(res, body.game);
    location.href = `/play/${res.id}${page}`;
  } catch (err) {
    if (refused) refused(err);
    else toast(errorText(err), "error");
    enable(true);
  }
}

// The one seat played here gets its person's name: the profile's, else the one this device goes
// by (js/yourname.js), so that a friend sees a face, not a compass point, and a person alone
// against the computer is not called by the game's own name for the seat (Akwaier's "OPA").
// Only a game with an invited friend asks for it (once) when the device has none. A seat named
// already keeps its name.
async function nameHost(body, roles) {
  if (!Array.isArray(roles) || !Array.isArray(body.seats)) return;
  const here = roles.flatMap((role, i) => (role === "play" ? [i] : []));
  const seat = here.length === 1 ? body.seats[here[0]] : null;
  if (!seat || seat.name) return;
  const profile = myProfile();
  const known = (profile && profile.name) || myName();
  const name = known || (roles.includes("invite") ? await askName(words) : null);
  if (name) seat.name = name;
}

// `form` starts a game when it is submitted: `request(ev)` says which (startGame's arguments;
// ev.submitter is the button that was pressed).
export function startsGame(form, request) {
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    startGame(request(ev));
  });
}

// A start dialog around `form` (a <form method="dialog">), put on the page: `cancel` closes it;
// `once`: removed when closed (a dialog made anew each time it opens). Call showModal().
export function startDialogFrame({ id, className = null, form, cancel, once = true }) {
  const dialog = el("dialog", { id, class: className }, form);
  if (once) dialog.addEventListener("close", () => dialog.remove());
  cancel.addEventListener("click", () => dialog.close());
  document.body.append(dialog);
  return dialog;
}
