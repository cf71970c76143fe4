// Seat tokens this browser holds, per game, kept in localStorage so that a closed tab
// or a reload finds its games again; and the invite codes of the seats this browser invited
// people to (each an object {invite: CODE}: the link takes the seat once, for whoever opens
// it first; a plain text is the seat's token of a game made before invitations).
const KEY = "ludotheek.games";

function all() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

export function myGames() { return all(); }

// the seats this browser plays
export function tokensFor(gameId) { return (all()[gameId] || {}).seats || {}; }
// the invitations this browser made for others: seat -> {invite: CODE} (or an older game's token)
export function invitesFor(gameId) { return (all()[gameId] || {}).invites || {}; }

// The link that gives `seat` of the game to whoever opens it first (server/api/claims.py), from an
// entry of invitesFor: "#seat=N&invite=CODE"; an older game's link was the seat's token.
export function inviteLink(gameId, seat, invitation) {
  const base = `${location.origin}/play/${encodeURIComponent(gameId)}`;
  return typeof invitation === "string" ? `${base}#token=${invitation}`
    : `${base}#seat=${seat}&invite=${encodeURIComponent(invitation.invite)}`;
}

// the invite codes held for the game (its seats' invitations nobody has taken, as far as known)
export function inviteCodes(gameId) {
  return Object.values(invitesFor(gameId)).filter((v) => v && typeof v === "object").map((v) => v.invite);
}

// Keep `token`, the secret of `seat` played here (role "play"), or the invite code of a seat
// this browser invited someone to (role "invite").
export function remember(gameId, game, seat, token, role = "play") {
  const data = all();
  const entry = data[gameId] || { game, seats: {}, invites: {}, saved: Date.now() };
  entry.game = game || entry.game;
  entry.invites = entry.invites || {};
  if (seat !== null && seat !== undefined && token) {
    if (role === "invite") entry.invites[seat] = { invite: token };
    else { entry.seats[seat] = token; delete entry.invites[seat]; }
  }
  data[gameId] = entry;
  localStorage.setItem(KEY, JSON.stringify(data));
}

// After creating (or importing) a game: remember the seats played here (their tokens) and
// the invite codes of the others; the answer says which is which.
export function rememberCreated(res, game) {
  res.seats.forEach((s, i) => {
    if (s.token) remember(res.id, game, i, s.token);
    else if (s.invite) remember(res.id, game, i, s.invite, "invite");
  });
}

// This browser no longer plays `seat` of the game (it left it), or no longer needs the
// invite of `seat` (its friend has come).
export function forgetSeat(gameId, seat) { dropEntry(gameId, "seats", seat); }
export function forgetInvite(gameId, seat) { dropEntry(gameId, "invites", seat); }

function dropEntry(gameId, kind, seat) {
  const data = all();
  const entry = data[gameId];
  if (!entry || !entry[kind] || entry[kind][seat] === undefined) return;
  delete entry[kind][seat];
  localStorage.setItem(KEY, JSON.stringify(data));
}

export function forget(gameId) {
  const data = all();
  delete data[gameId];
  localStorage.setItem(KEY, JSON.stringify(data));
}
