"""Fixed tables per number of players: who owns which worker, the start site."""

from __future__ import annotations

from dataclasses import dataclass

from ludotheek.games.aqua_romana.geometry import (
    COLOURS,
    CORNERS,
    LAYOUTS,
    NUM_SQUARES,
    Layout,
)
from ludotheek.games.aqua_romana.site import EMPTY, RESERVOIR

#: podium value -> how many workers it holds (index 0 is no podium)
CAPACITY = (0, 1, 1, 2, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
TOP_PODIUM = 20
#: the 4, 3 and 2 points for the three best placed workers at the end
RANK_BONUS = (4, 3, 2)
#: the master builders: three of each tile kind on the track, one of each and the joker aside
SETUP_PER_KIND = 3

SEAT_NAMES = {
    "en": {"blue": "Blue", "green": "Green", "red": "Red", "yellow": "Yellow"},
    "nl": {"blue": "Blauw", "green": "Groen", "red": "Rood", "yellow": "Geel"},
    "no": {"blue": "Blå", "green": "Grønn", "red": "Rød", "yellow": "Gul"},
}


@dataclass(frozen=True)
class Table:
    """What does not change during a game with ``players`` players."""

    players: int
    layout: Layout
    #: by worker: its seat
    seat_of: tuple[int, ...]
    #: by seat: its workers in notation order (its colours in order, then the number)
    workers_of: tuple[tuple[int, ...], ...]
    #: (reservoir square, side) -> the worker whose outlet it is
    outlet_at: dict[tuple[int, int], int]
    #: the squares in front of the outlets (never a bonus tile)
    outlet_fronts: frozenset[int]
    #: the site before any tile: corners and reservoirs
    start_tiles: tuple[int, ...]
    #: worker names, by worker
    names: tuple[str, ...]
    name_to_worker: dict[str, int]
    #: reservoir square -> colour
    reservoir_colour: dict[int, int]

    def seat_name(self, seat: int, lang: str = "en") -> str:
        words = SEAT_NAMES.get(lang, SEAT_NAMES["en"])
        return "/".join(words[COLOURS[c]] for c in self.layout.seats[seat])


def _table(players: int) -> Table:
    layout = LAYOUTS[players]
    colour_seat = {c: s for s, cs in enumerate(layout.seats) for c in cs}
    seat_of = tuple(colour_seat[o.colour] for o in layout.outlets)
    workers_of = tuple(
        tuple(w for c in cs for w, o in enumerate(layout.outlets) if o.colour == c)
        for cs in layout.seats
    )
    tiles = [EMPTY] * NUM_SQUARES
    for sq, code in CORNERS.items():
        tiles[sq] = code
    reservoir_colour = {}
    for colour, squares in layout.reservoirs.items():
        for sq in squares:
            tiles[sq] = RESERVOIR
            reservoir_colour[sq] = colour
    names = tuple(o.worker for o in layout.outlets)
    return Table(
        players,
        layout,
        seat_of,
        workers_of,
        {(o.square, o.side): w for w, o in enumerate(layout.outlets)},
        frozenset(o.front for o in layout.outlets),
        tuple(tiles),
        names,
        {n: w for w, n in enumerate(names)},
        reservoir_colour,
    )


TABLES: dict[int, Table] = {n: _table(n) for n in (2, 3, 4)}
