// Seat tokens this browser holds, per game, kept in localStorage so that a closed tab
// or a reload finds its games again.
const KEY = "ludotheek.games";

function all() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

export function myGames() { return all(); }

// the seats this browser plays
export function tokensFor(gameId) { return (all()[gameId] || {}).seats || {}; }
// the invite links this browser created for others
export function invitesFor(gameId) { return (all()[gameId] || {}).invites || {}; }

export function remember(gameId, game, seat, token, role = "play") {
  const data = all();
  const entry = data[gameId] || { game, seats: {}, invites: {}, saved: Date.now() };
  entry.game = game || entry.game;
  entry.invites = entry.invites || {};
  if (seat !== null && seat !== undefined && token) {
    if (role === "invite") entry.invites[seat] = token;
    else { entry.seats[seat] = token; delete entry.invites[seat]; }
  }
  data[gameId] = entry;
  localStorage.setItem(KEY, JSON.stringify(data));
}

// After creating a game: remember the seats played here and the invites for the others.
export function rememberCreated(res, game, roles) {
  res.seats.forEach((s, i) => { if (s.token) remember(res.id, game, i, s.token, roles[i] || "play"); });
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
