"""Haaienzee states as JSON: ``to_json`` / ``from_json``, the view for pages, positions.

The fields are documented in docs/rules/haaienzee.md ("The state view").
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ludotheek.core.game import JSON, load_json
from ludotheek.games.haaienzee import engine as E
from ludotheek.games.haaienzee.board import DIRECTION_INDEX, DIRECTIONS, Board, board
from ludotheek.games.haaienzee.engine import COLOUR_INDEX, COLOUR_NAMES, Shark, Swim
from ludotheek.games.haaienzee.notation import TURN_NAMES

if TYPE_CHECKING:
    from ludotheek.games.haaienzee.rules import HaaienzeeGame, HaaienzeeState

PHASES = ("setup", "turn", "over")


def shark_json(b: Board, index: int, s: Shark) -> JSON:
    placed = s.hex >= 0
    return {
        "id": E.shark_id(index),
        "seat": index // 3,
        "number": index % 3 + 1,
        "hex": b.names[s.hex] if placed else None,
        "facing": DIRECTIONS[s.facing] if placed else None,
        "prey": COLOUR_NAMES[s.prey] if placed else None,
        "taken_out": COLOUR_NAMES[s.taken] if s.taken else None,
        "just_taken_out": s.fresh,
    }


def state_to_json(s: HaaienzeeState) -> JSON:
    b = s.board
    return {
        "game": "haaienzee",
        "options": dict(s.options),
        "seed": s.seed,
        "rng": s.rng_state,
        "phase": s.phase,
        "round": s.round,
        "start_player": s.start,
        "step": s.step,
        "to_move": s.to_move,
        "shark_to_move": s.shark_id,
        "health": list(s.health),
        "fish": {b.names[h]: COLOUR_NAMES[c] for h, c in enumerate(s.fish) if c},
        "sharks": [shark_json(b, i, sh) for i, sh in enumerate(s.sharks)],
        "winners": s.winners(),
        "end_reason": s.end_reason,
        "ply": s.ply,
        "last_move": s.last_move,
        "events": copy.deepcopy(list(s.events)),
    }


def state_view(s: HaaienzeeState, seat: int | None) -> JSON:
    """Everything a page needs to draw the position (nothing is hidden in Haaienzee)."""
    data = state_to_json(s)
    del data["seed"], data["rng"]
    b = s.board
    data["board"] = {
        "side": b.side,
        "rows": [len(r) for r in b.rows],
        "hexes": [{"hex": b.names[h], "row": b.coords[h][0], "place": b.coords[h][1] + 1,
                   "x": b.x[h]} for h in range(b.size)],
    }
    data["legal"] = s.legal_moves()
    data["choices"] = _choices(s)
    data["max_rounds"] = E.MAX_ROUNDS
    data["win_lead"] = E.WIN_LEAD   # a lead this large at the end of a round wins
    return data


def _choices(s: HaaienzeeState) -> JSON | None:
    """What the player to move can click: setup hexes and colours, or each turn's targets."""
    b = s.board
    i = s.shark_to_move
    if i is None:
        return None
    if s.phase == "setup":
        taken = {sh.hex for sh in s.sharks}
        return {
            "hexes": [b.names[h] for h in range(b.size) if not s.fish[h] and h not in taken],
            "colours": [COLOUR_NAMES[c] for c in s.free_colours(i // 3)],
        }
    shark = s.sharks[i]
    turns = []
    for move_text, m in s.legal_table().items():
        assert isinstance(m, Swim)
        facing = (shark.facing + m.turn) % 6
        eats = 0
        if m.dest >= 0:
            eats = sum(1 for h in E.path(b, shark.hex, facing, m.dest) if s.fish[h])
        turns.append({
            "move": move_text,
            "prey": None if m.prey == E.KEEP else COLOUR_NAMES[m.prey],
            "turn": TURN_NAMES.get(m.turn),
            "facing": DIRECTIONS[facing],
            "hex": None if m.dest < 0 else b.names[m.dest],
            "eats": eats,
        })
    return {"moves": turns}


def _shark_from_json(b: Board, d: Mapping[str, Any]) -> Shark:
    if d["hex"] is None:
        return E.UNPLACED
    taken = d.get("taken_out")
    return Shark(b.index[d["hex"]], DIRECTION_INDEX[d["facing"]], COLOUR_INDEX[d["prey"]],
                 COLOUR_INDEX[taken] if taken else 0, bool(d.get("just_taken_out", False)))


def state_from_json(game: HaaienzeeGame, data: JSON | str) -> HaaienzeeState:
    d = load_json(data)
    try:
        options = game.check_options(d["options"])
        b = board(options["side"])
        s = game._blank(b, int(d["seed"]), options)
        s._rng = int(d["rng"])
        grid = bytearray(b.size)
        for name, colour in d["fish"].items():
            c = COLOUR_INDEX[colour]
            if not c:
                raise ValueError("a fish is white, grey or brown")
            grid[b.index[name]] = c
        s.fish = bytes(grid)
        sharks = tuple(_shark_from_json(b, x) for x in d["sharks"])
        if len(sharks) != 6:
            raise ValueError("there are six sharks")
        s.sharks = sharks
        h = [int(x) for x in d["health"]]
        if len(h) != 2:
            raise ValueError("health has two values")
        s.health = (h[0], h[1])
        s.phase = d["phase"]
        if s.phase not in PHASES:
            raise ValueError(f"unknown phase {s.phase!r}")
        s.round, s.start, s.step = int(d["round"]), int(d["start_player"]), int(d["step"])
        if s.start not in (0, 1) or not 0 <= s.step <= 6:
            raise ValueError("start_player is 0 or 1, step 0-6")
        s._winners = tuple(int(w) for w in d["winners"])
        s._end = d["end_reason"]
        if s.phase == "over":
            s._legal = {}
        s.ply = int(d["ply"])
        s.last_move = d["last_move"]
        s.events = tuple(copy.deepcopy(list(d["events"])))
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ValueError(f"not a Haaienzee state: {exc}") from exc
    return s


def build_position(s: HaaienzeeState, fish: Mapping[str, str], sharks: Mapping[str, str],
                   health: Sequence[int], to_move: str | None, start: int, round_: int,
                   taken: Mapping[str, str]) -> None:
    """Fill a blank state with a constructed position (see ``HaaienzeeGame.position``)."""
    b = s.board
    grid = bytearray(b.size)
    for name, colour in fish.items():
        grid[b.index[name.upper()]] = COLOUR_INDEX[colour]
    placed = list(s.sharks)
    for sid, spec in sharks.items():
        idx = E.shark_index("YR".index(sid[0].upper()), int(sid[1]))
        where, facing, prey = spec.split()
        h = b.index[where.upper()]
        if grid[h]:
            raise ValueError(f"{sid} stands on a fish ({where})")
        gone = taken.get(sid)
        placed[idx] = Shark(h, DIRECTION_INDEX[facing.upper()], COLOUR_INDEX[prey],
                            COLOUR_INDEX[gone] if gone else 0)
    hexes = [sh.hex for sh in placed if sh.hex >= 0]
    if len(set(hexes)) != len(hexes):
        raise ValueError("two sharks on one hex")
    s.fish = bytes(grid)
    s.sharks = tuple(placed)
    s.health = (int(health[0]), int(health[1]))
    order = [E.shark_index(k % 2, k // 2 + 1) for k in range(6)]
    count = len(hexes)
    if count < 6:
        if any(placed[order[k]].hex < 0 for k in range(count)):
            raise ValueError("during the setup the sharks are placed Y1 R1 Y2 R2 Y3 R3")
        s.phase, s.round, s.step, s.start = "setup", 0, count, E.YELLOW
        return
    s.phase, s.round, s.start = "turn", round_, start
    sid = to_move or E.shark_id(E.shark_index(start, 1))
    seat, number = "YR".index(sid[0].upper()), int(sid[1])
    s.step = 2 * (number - 1) + (0 if seat == start else 1)
