// From whose side a game's board is drawn: a person's own seat (in Wari their row at the
// bottom; in Haaienzee and Aqua Romana their colour first), a spectator's from the first seat;
// "Turn the board" moves it one seat on for anyone, spectators too, remembered for that game
// on this device (localStorage "ludotheek.turned": game id -> seats turned).
const KEY = "ludotheek.turned";
const MOST = 200;   // games remembered; the oldest turn is forgotten first

function all() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

export function turnsOf(gameId) { return Number(all()[gameId]) || 0; }

// `seats` seats; `own`: the seat this page plays (null: it watches)
export function viewpoint(gameId, seats, own) {
  if (!seats) return 0;
  return (((own ?? 0) + turnsOf(gameId)) % seats + seats) % seats;
}

export function turnBoard(gameId, seats) {
  const data = all();
  const turns = ((Number(data[gameId]) || 0) + 1) % Math.max(1, seats);
  delete data[gameId];
  if (turns) data[gameId] = turns;
  const keys = Object.keys(data);
  for (const old of keys.slice(0, Math.max(0, keys.length - MOST))) delete data[old];
  localStorage.setItem(KEY, JSON.stringify(data));
  return turns;
}
