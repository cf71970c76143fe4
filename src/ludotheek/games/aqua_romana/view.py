"""Aqua Romana states as JSON: the stored form (exact round trip) and the view for pages.

Nothing in Aqua Romana is hidden (the tiles lie in open piles), so every seat's view
is the same: the stored state without seed, made self-sufficient for drawing. The
fields are documented in docs/rules/aqua-romana.md ("The state view").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludotheek.core.game import JSON
from ludotheek.games.aqua_romana.geometry import (
    CODE_BY_NAME,
    COLOURS,
    COLUMNS,
    CORNER,
    CORNERS,
    FOUNTAIN_AFTER,
    KIND_BY_NAME,
    KIND_NAMES,
    NEIGHBOUR,
    NUM_SQUARES,
    SIDE_LETTERS,
    SIGHT,
    TILE_KINDS,
    TILES,
    TRACK,
    parse_square,
    square_name,
    track_position,
)
from ludotheek.games.aqua_romana.notation import BUILD
from ludotheek.games.aqua_romana.rules import podium_for
from ludotheek.games.aqua_romana.site import CLOSED, EMPTY, OPEN, RETIRED
from ludotheek.games.aqua_romana.tables import CAPACITY, SEAT_NAMES, TABLES, TOP_PODIUM

if TYPE_CHECKING:
    from ludotheek.games.aqua_romana.rules import AquaGame, AquaState

STATE_NAMES = {OPEN: "open", CLOSED: "closed", RETIRED: "retired"}
STATE_CODES = {v: k for k, v in STATE_NAMES.items()}


def _kind_or_none(k: int) -> str | None:
    return KIND_NAMES[k] if k >= 0 else None


def state_to_json(s: AquaState) -> JSON:
    table = s.table
    names = table.names
    return {
        "game": "aqua_romana",
        "options": dict(s.options),
        "seed": s.seed,
        "first": s.first,
        "ply": s.ply,
        "phase": s.phase,
        "current": s.current,
        "to_move": s.to_move,
        "tiles": [[square_name(sq), KIND_NAMES[TILES[c].kind], TILES[c].rotation]
                  for sq, c in enumerate(s.tiles) if c >= 0 and TILES[c].kind != CORNER],
        "bonus_tiles": [square_name(sq) for sq in s.bonus_squares],
        "channels": [[square_name(cid // 2), cid % 2, names[w]]
                     for cid, w in enumerate(s.owner) if w >= 0],
        "workers": [
            {"worker": names[w], "state": STATE_NAMES[s.wstate[w]],
             "end": square_name(s.ends[w]), "side": SIDE_LETTERS[s.sides[w]],
             "length": s.lengths[w], "podium": None if s.podium_of[w] < 0 else s.podium_of[w]}
            for w in range(len(names))
        ],
        "podiums": [[names[w] for w in s.podiums[v]] for v in range(1, TOP_PODIUM + 1)],
        "track": [_kind_or_none(k) for k in s.track],
        "setup_left": {KIND_NAMES[k]: s.setup_left[k] for k in TILE_KINDS},
        "reserve": [KIND_NAMES[k] for k in s.reserve],
        "held": [[KIND_NAMES[k] for k in h] for h in s.held],
        "supply": {KIND_NAMES[k]: s.supply[k] for k in TILE_KINDS},
        "bonus_left": s.bonus_left,
        "bonus_kind": _kind_or_none(s.bonus_kind),
        "closed_own": s.closed_own,
        "turn_closed": [names[w] for w in s.turn_closed],
        "picks": list(s.picks),
        "tile_laid": s.tile_laid,
        "no_tile": list(s.no_tile),
        "last_tile": None if s.last_tile < 0 else s.last_tile,
        "events": [dict(e) for e in s.events],
        "final": s.final,
        "end": s.end,
    }


def _square(text: str) -> int:
    sq = parse_square(text)
    if sq is None:
        raise ValueError(f"no square {text!r}")
    return sq


def state_from_json(game: AquaGame, d: JSON) -> AquaState:
    from ludotheek.games.aqua_romana.rules import AquaState

    options = game.check_options(d["options"])
    table = TABLES[options["players"]]
    s = object.__new__(AquaState)
    s.table = table
    s._options = options
    s._seed = int(d["seed"])
    s.first = int(d["first"])
    s.ply = int(d["ply"])
    s.phase = str(d["phase"])
    if s.phase not in ("setup", "place", "build", "bonus", "close", "pick", "place_now", "over"):
        raise ValueError(f"unknown phase {s.phase!r}")
    s.current = int(d["current"])
    s._to_move = None if d["to_move"] is None else int(d["to_move"])
    n = table.players
    if not 0 <= s.first < n or not 0 <= s.current < n or s._to_move not in (None, *range(n)):
        raise ValueError("a seat number is out of range")
    tiles = list(table.start_tiles)
    for name, kind, rot in d["tiles"]:
        sq = _square(name)
        if tiles[sq] != EMPTY:
            raise ValueError(f"square {name} cannot hold a tile")
        tiles[sq] = CODE_BY_NAME[(KIND_BY_NAME[kind], rot)]
    s.tiles = tiles
    s.bonus_squares = [_square(x) for x in d["bonus_tiles"]]
    owner = [-1] * (2 * NUM_SQUARES)
    for name, ch, worker in d["channels"]:
        owner[_square(name) * 2 + int(ch)] = table.name_to_worker[worker]
    s.owner = owner
    workers = d["workers"]
    if [x["worker"] for x in workers] != list(table.names):
        raise ValueError("the workers do not match the number of players")
    s.wstate = [STATE_CODES[x["state"]] for x in workers]
    s.ends = [_square(x["end"]) for x in workers]
    s.sides = [SIDE_LETTERS.index(x["side"]) for x in workers]
    s.lengths = [int(x["length"]) for x in workers]
    s.podium_of = [-1 if x["podium"] is None else int(x["podium"]) for x in workers]
    podiums: list[list[int]] = [[]]
    for names in d["podiums"]:
        podiums.append([table.name_to_worker[x] for x in names])
    if len(podiums) != TOP_PODIUM + 1:
        raise ValueError("there are 20 podiums")
    s.podiums = podiums
    track = [-1 if k is None else KIND_BY_NAME[k] for k in d["track"]]
    if len(track) != TRACK:
        raise ValueError("the track has 38 spaces")
    s.track = track
    s.setup_left = [int(d["setup_left"][KIND_NAMES[k]]) for k in TILE_KINDS]
    s.reserve = [KIND_BY_NAME[k] for k in d["reserve"]]
    s.held = [[KIND_BY_NAME[k] for k in h] for h in d["held"]]
    s.supply = [int(d["supply"][KIND_NAMES[k]]) for k in TILE_KINDS]
    s.bonus_left = int(d["bonus_left"])
    s.bonus_kind = -1 if d["bonus_kind"] is None else KIND_BY_NAME[d["bonus_kind"]]
    s.closed_own = bool(d["closed_own"])
    s.turn_closed = [table.name_to_worker[x] for x in d["turn_closed"]]
    s.picks = [int(x) for x in d["picks"]]
    s.tile_laid = bool(d["tile_laid"])
    s.no_tile = [bool(x) for x in d["no_tile"]]
    s.last_tile = -1 if d["last_tile"] is None else int(d["last_tile"])
    s.events = [dict(e) for e in d["events"]]
    s.final = d["final"]
    s.end = d["end"]
    if len(s.held) != n or len(s.no_tile) != n:
        raise ValueError("the seats do not match the number of players")
    s._legal = None
    s._builds_cache = None
    return s


# --- the view ------------------------------------------------------------------------------
def worker_path(s: AquaState, w: int) -> list[dict[str, Any]]:
    """The squares (and channels) of worker ``w``'s aqueduct from its outlet, in order."""
    outlet = s.table.layout.outlets[w]
    sq, side = outlet.square, outlet.side
    out = []
    while True:
        nxt = NEIGHBOUR[sq][side]
        if nxt < 0 or s.tiles[nxt] < 0:
            break
        enter = (side + 2) % 4
        tile = TILES[s.tiles[nxt]]
        ch = tile.channel_at[enter]
        if ch < 0 or s.owner[nxt * 2 + ch] != w:
            break
        out.append({"square": square_name(nxt), "channel": ch,
                    "sides": "".join(SIDE_LETTERS[x] for x in tile.channels[ch])})
        sq, side = nxt, tile.exit[enter]
    return out


def _tile_view(s: AquaState, sq: int) -> dict[str, Any]:
    code = s.tiles[sq]
    tile = TILES[code]
    names, seat_of = s.table.names, s.table.seat_of
    channels = []
    for ch, (a, b) in enumerate(tile.channels):
        w = s.owner[sq * 2 + ch]
        channels.append({
            "sides": SIDE_LETTERS[a] + SIDE_LETTERS[b],
            "worker": names[w] if w >= 0 else None,
            "colour": COLOURS[s.table.layout.outlets[w].colour] if w >= 0 else None,
            "seat": seat_of[w] if w >= 0 else None,
        })
    return {"square": square_name(sq), "x": sq % COLUMNS, "y": sq // COLUMNS,
            "kind": tile.kind_name, "rotation": tile.rotation,
            "printed": sq in CORNERS, "bonus": sq in s.bonus_squares, "channels": channels}


def _previews(s: AquaState, legal: list[tuple[int, ...]]) -> dict[str, list[dict[str, Any]]]:
    """What each legal build's tile would do, by ``"SQUARE ROTATION"``: per aqueduct it
    lengthens or closes, the squares added (in order), the new length and why it closes."""
    names, seat_of = s.table.names, s.table.seat_of
    out: dict[str, list[dict[str, Any]]] = {}
    for mv in legal:
        sq, code = mv[5], mv[4]
        key = f"{square_name(sq)} {TILES[code].rotation}"
        if key in out:
            continue
        result = s.trial(sq, code)
        assert isinstance(result, list), "a legal build is never refused"
        out[key] = [{"worker": names[f.worker], "seat": seat_of[f.worker],
                     "squares": [square_name(cid // 2) for cid in f.channels],
                     "added": len(f.channels), "length": s.lengths[f.worker] + len(f.channels),
                     "closed": f.closed}
                    for f in result]
    return out


def _step(s: AquaState) -> dict[str, Any]:
    phase = s.phase
    if phase == "setup":
        return {"left": {KIND_NAMES[k]: s.setup_left[k] for k in TILE_KINDS},
                "placed": 4 * 3 - sum(s.setup_left)}
    if phase in ("place", "place_now"):
        assert s.to_move is not None
        return {"held": [KIND_NAMES[k] for k in s.held[s.to_move]]}
    if phase == "build":
        legal = s.legal()
        can_build = bool(legal) and legal[0][0] == BUILD
        return {"can_build": True, "previews": _previews(s, legal)} if can_build else {
            "can_build": False}
    if phase == "bonus":
        return {"left": s.bonus_left, "kinds": [KIND_NAMES[k] for k in s.bonus_kinds()],
                "squares": [square_name(q) for q in s.bonus_targets()]}
    if phase == "close":
        active = s.active(s.current)
        return {"workers": [s.table.names[w] for w in active],
                "retire": [{"worker": s.table.names[w], "length": s.lengths[w],
                            "podium": podium_for(s.podiums, s.lengths[w])} for w in active]}
    if phase == "pick":
        return {"queue": list(s.picks), "reserve": [KIND_NAMES[k] for k in s.reserve]}
    return {}


def state_view(s: AquaState, seat: int | None) -> JSON:
    """Everything a page needs to draw the position and explain the last move."""
    table = s.table
    names = table.names
    scores = s.scores()
    workers = []
    for w, o in enumerate(table.layout.outlets):
        open_ = s.wstate[w] == OPEN
        workers.append({
            "worker": names[w], "colour": COLOURS[o.colour], "number": o.number,
            "seat": table.seat_of[w], "state": STATE_NAMES[s.wstate[w]],
            "square": square_name(s.ends[w]), "side": SIDE_LETTERS[s.sides[w]],
            "front": square_name(s.front(w)) if open_ and s.front(w) >= 0 else None,
            "begun": s.lengths[w] > 0, "length": s.lengths[w],
            "podium": None if s.podium_of[w] < 0 else s.podium_of[w],
            "sight": [i + 1 for i in SIGHT[s.ends[w]]] if open_ else [],
            "builders_in_sight": [i + 1 for i in s.sight(w)] if open_ else [],
            "outlet": {"square": square_name(o.square), "side": SIDE_LETTERS[o.side],
                       "front": square_name(o.front)},
            "path": worker_path(s, w),
        })
    track = []
    for i in range(TRACK):
        side, line = track_position(i)
        track.append({"space": i + 1, "side": side, "line": line,
                      "builder": _kind_or_none(s.track[i])})
    seats = []
    for st in range(table.players):
        seats.append({
            "seat": st,
            "name": {lang: table.seat_name(st, lang) for lang in SEAT_NAMES},
            "colours": [COLOURS[c] for c in table.layout.seats[st]],
            "workers": [names[w] for w in table.workers_of[st]],
            "in_game": bool(s.active(st)),
            "held": [KIND_NAMES[k] for k in s.held[st]],
            "score": scores[st],
        })
    return {
        "game": "aqua_romana",
        "options": dict(s.options),
        "players": table.players,
        "layout": table.layout.name,
        "seats": seats,
        "ply": s.ply,
        "phase": s.phase,
        "current": s.current,
        "to_move": s.to_move,
        "first": s.first,
        "step": _step(s),
        "site": {
            "columns": COLUMNS, "rows": 8,
            "reservoirs": [
                {"colour": COLOURS[c], "squares": [square_name(q) for q in sqs],
                 "outlets": [{"worker": names[w], "square": square_name(o.square),
                              "side": SIDE_LETTERS[o.side], "front": square_name(o.front)}
                             for w, o in enumerate(table.layout.outlets) if o.colour == c]}
                for c, sqs in table.layout.reservoirs.items()
            ],
        },
        "tiles": [_tile_view(s, sq) for sq in range(NUM_SQUARES) if s.tiles[sq] >= 0],
        "workers": workers,
        "track": track,
        "fountains": [[i + 1, (i + 1) % TRACK + 1] for i in sorted(FOUNTAIN_AFTER)],
        "reserve": [KIND_NAMES[k] for k in s.reserve],
        "supply": {KIND_NAMES[k]: s.supply[k] for k in TILE_KINDS},
        "podiums": [{"value": v, "capacity": CAPACITY[v],
                     "workers": [names[w] for w in s.podiums[v]]}
                    for v in range(1, TOP_PODIUM + 1)],
        "scores": scores,
        "events": [dict(e) for e in s.events],
        "final": s.final,
        "end_reason": s.end,
        "winners": s.winners(),
        "legal": s.legal_moves(),
    }
