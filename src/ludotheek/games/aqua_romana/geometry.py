"""The fixed geometry of Aqua Romana: squares, sides, tiles, the track and the start layouts.

Everything here is a constant table built once at import; the rules engine works
on small integers:

* a **square** is ``y * 11 + x`` (columns ``a``-``k`` are x 0-10, rows ``1``-``8`` are
  y 0-7), written ``c3``;
* a **side** is 0-3 for N, E, S, W;
* a **tile code** indexes :data:`TILES`: a kind, a rotation and its channels, each
  channel a pair of sides;
* a **track index** is 0-37 for the track spaces 1-38 (written ``T1``-``T38``).

>>> square_name(2 * 11 + 3), parse_square("d3")
('d3', 25)
>>> [TILES[c].rotation for c in CODES_BY_KIND[CURVE]]
['NE', 'SE', 'SW', 'NW']
>>> [space_name(i) for i in SIGHT[parse_square("d3")]]
['T4', 'T14', 'T27', 'T36']
"""

from __future__ import annotations

from dataclasses import dataclass

COLUMNS, ROWS = 11, 8
NUM_SQUARES = COLUMNS * ROWS
COLUMN_LETTERS = "abcdefghijk"

# --- sides -------------------------------------------------------------------------------
N, E, S, W = 0, 1, 2, 3
SIDE_LETTERS = "NESW"
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)


def opposite(side: int) -> int:
    return (side + 2) % 4


# --- squares -----------------------------------------------------------------------------
def square_name(sq: int) -> str:
    return f"{COLUMN_LETTERS[sq % COLUMNS]}{sq // COLUMNS + 1}"


_SQUARE_BY_NAME = {square_name(sq): sq for sq in range(NUM_SQUARES)}


def parse_square(text: str) -> int | None:
    """The square called ``text`` (exactly as written, e.g. ``c3``), or ``None``."""
    return _SQUARE_BY_NAME.get(text)


def _neighbour(sq: int, side: int) -> int:
    x, y = sq % COLUMNS + DX[side], sq // COLUMNS + DY[side]
    return y * COLUMNS + x if 0 <= x < COLUMNS and 0 <= y < ROWS else -1


#: NEIGHBOUR[sq][side]: the square across that side, or -1 off the site
NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(_neighbour(sq, side) for side in range(4)) for sq in range(NUM_SQUARES)
)

# --- tiles -------------------------------------------------------------------------------
STRAIGHT, CURVE, DOUBLE, BRIDGE, JOKER = 0, 1, 2, 3, 4
#: tile kinds that are laid (the joker is a builder only)
TILE_KINDS = (STRAIGHT, CURVE, DOUBLE, BRIDGE)
KIND_NAMES = ("straight", "curve", "double", "bridge", "joker")
KIND_BY_NAME = {name: k for k, name in enumerate(KIND_NAMES)}
#: the printed corner curves have a kind of their own (they are never laid)
CORNER = 5
TILES_PER_KIND = 21


@dataclass(frozen=True)
class Tile:
    """One kind of tile in one rotation."""

    kind: int
    rotation: str
    channels: tuple[tuple[int, int], ...]
    #: channel_at[side]: the channel with an end at that side, or -1
    channel_at: tuple[int, int, int, int]
    #: exit[side]: the other end of the channel at that side, or -1
    exit: tuple[int, int, int, int]

    @property
    def kind_name(self) -> str:
        return "corner" if self.kind == CORNER else KIND_NAMES[self.kind]


def _tile(kind: int, rotation: str) -> Tile:
    channels = tuple(
        (SIDE_LETTERS.index(part[0]), SIDE_LETTERS.index(part[1]))
        for part in rotation.split("+")
    )
    at = [-1, -1, -1, -1]
    ex = [-1, -1, -1, -1]
    for i, (a, b) in enumerate(channels):
        at[a], at[b] = i, i
        ex[a], ex[b] = b, a
    return Tile(kind, rotation, channels, (at[0], at[1], at[2], at[3]),
                (ex[0], ex[1], ex[2], ex[3]))


#: the rotations of each kind, in the order the notation lists them
ROTATIONS: dict[int, tuple[str, ...]] = {
    STRAIGHT: ("NS", "EW"),
    CURVE: ("NE", "SE", "SW", "NW"),
    DOUBLE: ("NE+SW", "NW+SE"),
    BRIDGE: ("NS+EW",),
}
#: channel pairs are read as written: "SE" joins S and E; the corners are curves
TILES: tuple[Tile, ...] = tuple(
    [_tile(k, r) for k in TILE_KINDS for r in ROTATIONS[k]]
    + [_tile(CORNER, r) for r in ("SE", "SW", "NE", "NW")]
)
CODES_BY_KIND: dict[int, tuple[int, ...]] = {
    k: tuple(c for c, t in enumerate(TILES) if t.kind == k) for k in TILE_KINDS
}
CODE_BY_NAME: dict[tuple[int, str], int] = {
    (t.kind, t.rotation): c for c, t in enumerate(TILES) if t.kind != CORNER
}
#: CODES_ENTERING[kind][side]: the codes of ``kind`` with a channel end at ``side``
CODES_ENTERING: dict[int, tuple[tuple[int, ...], ...]] = {
    k: tuple(tuple(c for c in CODES_BY_KIND[k] if TILES[c].channel_at[side] >= 0)
             for side in range(4))
    for k in TILE_KINDS
}
#: the four printed corners: square -> tile code (a1 E-S, k1 W-S, a8 E-N, k8 W-N)
CORNERS: dict[int, int] = {
    0: len(TILES) - 4,
    COLUMNS - 1: len(TILES) - 3,
    (ROWS - 1) * COLUMNS: len(TILES) - 2,
    NUM_SQUARES - 1: len(TILES) - 1,
}

# --- the track ---------------------------------------------------------------------------
TRACK = 38
#: the fountains stand after these track indices (between spaces 11|12, 19|20, 30|31, 38|1)
FOUNTAIN_AFTER = frozenset({10, 18, 29, 37})


def space_name(index: int) -> str:
    return f"T{index + 1}"


_SPACE_BY_NAME = {space_name(i): i for i in range(TRACK)}


def parse_space(text: str) -> int | None:
    return _SPACE_BY_NAME.get(text)


def track_position(index: int) -> tuple[str, int]:
    """Which side of the site a space is on and the column or row it ends.

    >>> track_position(0), track_position(11), track_position(19), track_position(37)
    (('top', 0), ('right', 0), ('bottom', 10), ('left', 0))
    """
    space = index + 1
    if space <= 11:
        return "top", space - 1
    if space <= 19:
        return "right", space - 12
    if space <= 30:
        return "bottom", 30 - space
    return "left", 38 - space


def _sight(sq: int) -> tuple[int, int, int, int]:
    x, y = sq % COLUMNS, sq // COLUMNS
    return (x, 11 + y, 29 - x, 37 - y)  # above the column, right of the row, below, left


#: SIGHT[sq]: the track indices a worker on ``sq`` sees, ascending
SIGHT: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(_sight(sq))) for sq in range(NUM_SQUARES)
)


def next_free(track: list[int] | tuple[int, ...], index: int) -> tuple[int, int]:
    """The next free space clockwise from ``index`` and the corners rounded on the way."""
    corners = 0
    i = index
    while True:
        if i in FOUNTAIN_AFTER:
            corners += 1
        i = (i + 1) % TRACK
        if track[i] < 0:
            return i, corners


# --- colours, reservoirs and workers -----------------------------------------------------
COLOURS = ("blue", "green", "red", "yellow")
BLUE, GREEN, RED, YELLOW = range(4)


@dataclass(frozen=True)
class Outlet:
    worker: str
    colour: int
    number: int
    square: int
    side: int

    @property
    def front(self) -> int:
        return NEIGHBOUR[self.square][self.side]


@dataclass(frozen=True)
class Layout:
    name: str
    #: colour -> the two reservoir squares
    reservoirs: dict[int, tuple[int, int]]
    #: the workers in their fixed order (colour order, then outlet order)
    outlets: tuple[Outlet, ...]
    #: by seat: the colours that seat plays
    seats: tuple[tuple[int, ...], ...]


def _layout(name: str, seats: tuple[tuple[int, ...], ...],
            spec: dict[int, tuple[str, str, list[tuple[str, str]]]]) -> Layout:
    reservoirs = {}
    outlets = []
    for colour in sorted(spec):
        a, b, outs = spec[colour]
        sa, sb = parse_square(a), parse_square(b)
        assert sa is not None and sb is not None
        reservoirs[colour] = (sa, sb)
        for number, (side, sqname) in enumerate(outs, 1):
            sq = parse_square(sqname)
            assert sq is not None
            outlets.append(Outlet(f"{COLOURS[colour]}{number}", colour, number, sq,
                                  SIDE_LETTERS.index(side)))
    return Layout(name, reservoirs, tuple(outlets), seats)


_THREE_OUTLETS = {
    BLUE: ("c3", "d3", [("W", "c3"), ("N", "d3"), ("S", "c3")]),
    GREEN: ("h3", "i3", [("E", "i3"), ("N", "h3"), ("S", "i3")]),
    RED: ("c6", "d6", [("W", "c6"), ("S", "d6"), ("N", "c6")]),
    YELLOW: ("h6", "i6", [("E", "i6"), ("S", "h6"), ("N", "i6")]),
}
_FOUR_OUTLETS = {
    BLUE: ("c3", "d3", [("W", "c3"), ("N", "c3"), ("S", "d3"), ("E", "d3")]),
    GREEN: ("h3", "i3", [("E", "i3"), ("N", "i3"), ("S", "h3"), ("W", "h3")]),
    RED: ("f5", "f6", [("N", "f5"), ("E", "f5"), ("W", "f6"), ("S", "f6")]),
}

LAYOUTS: dict[int, Layout] = {
    2: _layout("2-4", ((BLUE, YELLOW), (GREEN, RED)), _THREE_OUTLETS),
    3: _layout("3", ((BLUE,), (GREEN,), (RED,)), _FOUR_OUTLETS),
    4: _layout("2-4", ((BLUE,), (GREEN,), (YELLOW,), (RED,)), _THREE_OUTLETS),
}
