"""Constructed positions: a site, a track and podiums, at the start of a seat's turn.

The aqueducts are not given: the water flows from every outlet through the tiles, as it
would have when they were laid (a tile layout that joins aqueducts is refused).

>>> from ludotheek.games.aqua_romana import GAME
>>> s = GAME.position(tiles={"d2": "curve SE", "e2": "straight EW"}, track={"T4": "curve"})
>>> s.lengths[1], s.phase, s.to_move
(2, 'build', 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ludotheek.games.aqua_romana.geometry import (
    CODE_BY_NAME,
    JOKER,
    KIND_BY_NAME,
    KIND_NAMES,
    NEIGHBOUR,
    TILE_KINDS,
    TILES,
    TILES_PER_KIND,
    parse_space,
    parse_square,
)
from ludotheek.games.aqua_romana.site import EMPTY, OPEN, RESERVOIR, RETIRED
from ludotheek.games.aqua_romana.tables import CAPACITY

if TYPE_CHECKING:
    from ludotheek.games.aqua_romana.rules import AquaGame, AquaState


def _square(text: str) -> int:
    sq = parse_square(text)
    if sq is None:
        raise ValueError(f"no square {text!r}")
    return sq


def _kind(text: str) -> int:
    if text not in KIND_BY_NAME:
        raise ValueError(f"no kind {text!r}")
    return KIND_BY_NAME[text]


def build_position(
    game: AquaGame,
    players: int = 2,
    tiles: Mapping[str, str] | None = None,
    track: Mapping[str, str] | None = None,
    to_move: int = 0,
    first: int = 0,
    retired: Mapping[str, int] | None = None,
    voluntary: Mapping[str, int] | None = None,
    reserve: Iterable[str] | None = None,
    held: Mapping[int, Iterable[str]] | None = None,
    supply: Mapping[str, int] | None = None,
    bonus_tiles: Iterable[str] = (),
    no_tile: Iterable[int] = (),
    last_tile: int | None = None,
    seed: int = 0,
) -> AquaState:
    """A position at the start of ``to_move``'s turn (seats count from 0).

    ``tiles`` maps squares to ``"KIND ROTATION"`` (``"curve NE"``); ``track`` maps spaces
    to builder kinds (``{"T4": "joker"}``); ``retired`` maps workers to the podium they
    stand on (0: scored nothing), in order of arrival, and must name every worker whose
    aqueduct the tiles close; ``voluntary`` maps workers to the length at which they were
    closed voluntarily (the water stops there; tiles beyond stay neutral); ``held`` maps
    seats to builders picked and not yet placed;
    ``supply`` gives the tiles left (default: 21 of each minus those on the site);
    ``no_tile`` the seats that have had a turn since the last tile.
    """
    s = game._new(seed, game.check_options({"players": players, "first": first + 1}))
    table = s.table
    laid = _lay_tiles(s, tiles or {})
    s.bonus_squares = sorted(_square(x) for x in bonus_tiles)
    cut = {table.name_to_worker[k]: int(v) for k, v in (voluntary or {}).items()}
    closed = _flow(s, cut)
    _retire(s, retired or {}, closed)
    s.track = [-1] * len(s.track)
    for space, kind_name in (track or {}).items():
        idx = parse_space(space)
        if idx is None:
            raise ValueError(f"no track space {space!r}")
        s.track[idx] = _kind(kind_name)
    s.setup_left = [0] * len(TILE_KINDS)
    s.reserve = sorted(_kind(k) for k in reserve) if reserve is not None else [
        *TILE_KINDS, JOKER]
    s.held = [sorted(_kind(k) for k in (held or {}).get(seat, ())) for seat in range(players)]
    if supply is None:
        s.supply = [TILES_PER_KIND - laid[k] for k in TILE_KINDS]
    else:
        s.supply = [int(supply.get(KIND_NAMES[k], 0)) for k in TILE_KINDS]
    s.no_tile = [seat in set(no_tile) for seat in range(players)]
    s.last_tile = -1 if last_tile is None else last_tile
    s.phase = "build"
    s.events = []
    s._legal = None
    s._builds_cache = None
    if not s.active(to_move):
        raise ValueError(f"seat {to_move} has no worker on an open aqueduct")
    s._begin_turn(to_move)
    s.events = []
    return s


def _lay_tiles(s: AquaState, tiles: Mapping[str, str]) -> list[int]:
    """The tiles on their squares; how many of each kind were laid."""
    laid = [0] * len(TILE_KINDS)
    for name, spec in tiles.items():
        sq = _square(name)
        kind_name, _, rot = spec.partition(" ")
        kind = _kind(kind_name)
        if (kind, rot) not in CODE_BY_NAME:
            raise ValueError(f"no tile {spec!r}")
        if s.tiles[sq] != EMPTY:
            raise ValueError(f"{name} cannot take a tile (corner or reservoir)")
        s.tiles[sq] = CODE_BY_NAME[(kind, rot)]
        laid[kind] += 1
    return laid


def _flow(s: AquaState, cut: Mapping[int, int]) -> list[int]:
    """Let the water flow from every outlet (up to the length in ``cut``); the workers
    whose aqueducts are closed, in order."""
    table = s.table
    closed: list[int] = []
    for w, o in enumerate(table.layout.outlets):
        end, side, length = o.square, o.side, 0
        while w not in cut or length < cut[w]:
            nxt = NEIGHBOUR[end][side]
            t = s.tiles[nxt] if nxt >= 0 else RESERVOIR
            if t == EMPTY:
                break
            enter = (side + 2) % 4
            if t == RESERVOIR:
                if (nxt, enter) in table.outlet_at:
                    raise ValueError(f"{table.names[w]}'s aqueduct runs into an outlet")
                closed.append(w)
                break
            ch = TILES[t].channel_at[enter]
            if ch < 0:
                closed.append(w)
                break
            if s.owner[nxt * 2 + ch] >= 0:
                raise ValueError(f"the tiles join {table.names[w]}'s aqueduct to another")
            s.owner[nxt * 2 + ch] = w
            end, side, length = nxt, TILES[t].exit[enter], length + 1
        s.ends[w], s.sides[w], s.lengths[w] = end, side, length
    for w in cut:
        if w not in closed:
            closed.append(w)
    return closed


def _retire(s: AquaState, retired: Mapping[str, int], closed: list[int]) -> None:
    """The retired workers on their podiums; every closed aqueduct's worker must be one."""
    table = s.table
    for name, podium in retired.items():
        w = table.name_to_worker[name]
        if podium and len(s.podiums[podium]) >= CAPACITY[podium]:
            raise ValueError(f"podium {podium} is full")
        s.wstate[w] = RETIRED
        s.podium_of[w] = podium
        if podium:
            s.podiums[podium].append(w)
    for w in closed:
        if s.wstate[w] == OPEN:
            raise ValueError(f"{table.names[w]}'s aqueduct is closed here: give its podium in "
                             "retired")
