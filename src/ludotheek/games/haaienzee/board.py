"""The hexagon-shaped sea: hexes, their names, the six directions and neighbours.

Rows are horizontal and lettered ``A``, ``B``, ... from the top; places are
numbered ``1``, ``2``, ... from the left of each row. A board with ``side``
hexes on a side has ``2*side - 1`` rows of ``side``, ``side + 1``, ...,
``2*side - 1``, ..., ``side`` hexes. Inside the engine a hex is an index
``0 .. size-1`` in reading order (row by row, left to right).

The directions are numbered clockwise from east, so that turning right
(clockwise) adds one and turning left (counter-clockwise) subtracts one:

>>> [DIRECTIONS[d] for d in range(6)]
['E', 'SE', 'SW', 'W', 'NW', 'NE']
>>> b = board(7)
>>> b.size, len(b.rows), [len(r) for r in b.rows][:4]
(127, 13, [7, 8, 9, 10])
>>> b.names[0], b.names[-1], b.names[b.index["G7"]]
('A1', 'M7', 'G7')
>>> b.name(b.step(b.index["G7"], DIRECTION_INDEX["NE"]))
'F7'
>>> b.step(b.index["A1"], DIRECTION_INDEX["NW"])
-1
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ludotheek.core.errors import IllegalMove, quoted

#: the six directions, clockwise from east (the index is the engine's number)
DIRECTIONS = ("E", "SE", "SW", "W", "NW", "NE")
DIRECTION_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}
#: the order directions are listed in (compass order, for people)
DIRECTION_ORDER = (DIRECTION_INDEX["NE"], DIRECTION_INDEX["E"], DIRECTION_INDEX["SE"],
                   DIRECTION_INDEX["SW"], DIRECTION_INDEX["W"], DIRECTION_INDEX["NW"])
#: axial steps (dq, dr) of the directions; r grows downwards
_STEPS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
#: arrows for the text picture
ARROWS = ("→", "↘", "↙", "←", "↖", "↗")

MIN_SIDE, MAX_SIDE, DEFAULT_SIDE = 5, 9, 7

HEX_PATTERN = re.compile(r"^([A-Za-z])(\d{1,3})$")


@dataclass(frozen=True)
class Board:
    """The geometry of one board size (shared by every state of that size)."""

    side: int
    size: int
    #: the name of each hex, in reading order
    names: tuple[str, ...]
    #: hex name -> index
    index: dict[str, int]
    #: the hexes of each row, left to right
    rows: tuple[tuple[int, ...], ...]
    #: (row, place) of each hex, both counted from 0
    coords: tuple[tuple[int, int], ...]
    #: nb[hex][direction]: the neighbour, or -1 off the board
    nb: tuple[tuple[int, ...], ...]
    #: the neighbours that are on the board
    neighbours: tuple[tuple[int, ...], ...]
    #: for each hex: the pairs of its neighbours that touch each other (both on the board)
    pairs: tuple[tuple[tuple[int, int], ...], ...]
    #: x position of each hex in half-hex units (0 = the left edge of the widest row)
    x: tuple[int, ...]

    def name(self, cell: int) -> str:
        return self.names[cell]

    def step(self, cell: int, direction: int) -> int:
        """The neighbour of ``cell`` in ``direction``, or -1 off the board."""
        return self.nb[cell][direction]

    def row_letters(self) -> str:
        return "".join(chr(ord("A") + r) for r in range(len(self.rows)))

    def off_board(self, text: str) -> str | None:
        """Why ``text`` (shaped like a hex name) is not a hex here; ``None`` if it is one."""
        error = self.off_board_error(text)
        return None if error is None else str(error)

    def off_board_error(self, text: str) -> IllegalMove | None:
        """:meth:`off_board` as an error with its code and parameters."""
        m = HEX_PATTERN.match(text.strip())
        if not m:
            return IllegalMove(f"{text!r} is not a hex name (a row letter and a place, like F4)",
                               code="haaienzee.not_a_hex", text=quoted(text))
        row = ord(m.group(1).upper()) - ord("A")
        place = int(m.group(2))
        letters = self.row_letters()
        if row >= len(self.rows):
            return IllegalMove(f"hex {text.upper()} is off the board: the rows are "
                               f"{letters[0]}-{letters[-1]}", code="haaienzee.off_rows",
                               hex=text.upper(), first=letters[0], last=letters[-1])
        n = len(self.rows[row])
        if not 1 <= place <= n:
            return IllegalMove(f"hex {text.upper()} is off the board: row {letters[row]} has "
                               f"places 1-{n}", code="haaienzee.off_row", hex=text.upper(),
                               row=letters[row], places=n)
        return None

    def parse(self, text: str) -> int | None:
        """The index of a hex name (any case), or ``None``."""
        return self.index.get(text.strip().upper())


@cache
def board(side: int) -> Board:
    """The board with ``side`` hexes on a side."""
    if not MIN_SIDE <= side <= MAX_SIDE:
        raise ValueError(f"a side is {MIN_SIDE}-{MAX_SIDE} hexes, not {side}")
    r_max = side - 1
    axial: list[tuple[int, int]] = []
    rows: list[tuple[int, ...]] = []
    names: list[str] = []
    coords: list[tuple[int, int]] = []
    xs: list[int] = []
    for row in range(2 * side - 1):
        r = row - r_max
        q_lo, q_hi = max(-r_max, -r_max - r), min(r_max, r_max - r)
        cells = []
        width = q_hi - q_lo + 1
        for place, q in enumerate(range(q_lo, q_hi + 1)):
            cells.append(len(axial))
            axial.append((q, r))
            names.append(f"{chr(ord('A') + row)}{place + 1}")
            coords.append((row, place))
            xs.append(2 * place + (2 * side - 1 - width))
        rows.append(tuple(cells))
    where = {a: i for i, a in enumerate(axial)}
    nb = tuple(
        tuple(where.get((q + dq, r + dr), -1) for dq, dr in _STEPS) for q, r in axial
    )
    neighbours = tuple(tuple(n for n in row if n >= 0) for row in nb)
    pairs = tuple(
        tuple((row[d], row[(d + 1) % 6]) for d in range(6) if row[d] >= 0 and row[(d + 1) % 6] >= 0)
        for row in nb
    )
    return Board(side, len(axial), tuple(names), {n: i for i, n in enumerate(names)},
                 tuple(rows), tuple(coords), nb, neighbours, pairs, tuple(xs))
