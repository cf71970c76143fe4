"""The 15×15 board: cells, their names and their neighbours.

Rows A-O run top to bottom, columns 1-15 left to right; a cell is named row
then column, ``B7``. Inside the engine a cell is an index 0-224
(``row * 15 + column``), and a chain is an index 0-7 (A-H).

>>> CELL_NAMES[0], CELL_NAMES[224], cell_index("B7")
('A1', 'O15', 21)
>>> [CELL_NAMES[n] for n in NEIGH[cell_index("B7")]]  # east, west, south, north
['B8', 'B6', 'C7', 'A7']
>>> [CELL_NAMES[n] for n in NEIGH[0]]  # off the board counts as empty
['A2', 'B1']
>>> [CELL_NAMES[c] for c in cells("A1-A3 F6 E5-G5 A14-B15")]
['A1', 'A2', 'A3', 'F6', 'E5', 'F5', 'G5', 'A14', 'A15', 'B14', 'B15']
"""

from __future__ import annotations

from ludotheek.core.errors import IllegalMove, quoted

SIZE = 15
NUM_CELLS = SIZE * SIZE
ROWS = "ABCDEFGHIJKLMNO"
CHAINS = "ABCDEFGH"
NUM_CHAINS = 8
#: board codes besides the chains 0-7
LOOSE = 8
EMPTY = 9

CELL_NAMES: tuple[str, ...] = tuple(f"{ROWS[r]}{c + 1}" for r in range(SIZE) for c in range(SIZE))
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELL_NAMES)}
CHAIN_INDEX: dict[str, int] = {ch: i for i, ch in enumerate(CHAINS)}


def _neighbours(i: int) -> tuple[int, ...]:
    """The on-board neighbours of cell ``i`` in the order east, west, south, north."""
    r, c = divmod(i, SIZE)
    out = []
    if c + 1 < SIZE:
        out.append(i + 1)
    if c > 0:
        out.append(i - 1)
    if r + 1 < SIZE:
        out.append(i + SIZE)
    if r > 0:
        out.append(i - SIZE)
    return tuple(out)


#: NEIGH[cell]: the neighbours on the board, east, west, south, north
NEIGH: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(NUM_CELLS))


def cell_problem(text: str) -> str | None:
    """Why ``text`` is not a cell name (None if it is one; case is ignored).

    >>> cell_problem("P3")
    'there is no row P: the rows are A-O'
    >>> cell_problem("A16")
    'there is no column 16: the columns are 1-15'
    >>> cell_problem("B")
    "'B' is not a cell: a cell is a row A-O and a column 1-15, like B7"
    """
    error = cell_error(text)
    return None if error is None else str(error)


def cell_error(text: str) -> IllegalMove | None:
    """:func:`cell_problem` as an error with its code and parameters (None for a cell)."""
    t = text.strip().upper()
    if t in CELL_INDEX:
        return None
    if len(t) >= 2 and t[0].isalpha() and t[1:].isdigit():
        if t[0] not in ROWS:
            return IllegalMove(f"there is no row {t[0]}: the rows are A-O", code="akwaier.no_row",
                               row=t[0])
        return IllegalMove(f"there is no column {int(t[1:])}: the columns are 1-15",
                           code="akwaier.no_column", column=int(t[1:]))
    return IllegalMove(f"{text!r} is not a cell: a cell is a row A-O and a column 1-15, like B7",
                       code="akwaier.not_a_cell", text=quoted(text))


def cell_index(text: str) -> int:
    """The index of a cell name; :class:`ValueError` saying what is wrong otherwise."""
    problem = cell_problem(text)
    if problem is not None:
        raise ValueError(problem)
    return CELL_INDEX[text.strip().upper()]


def cells(spec: str) -> list[int]:
    """Cells from a text like ``"A1-A5 F6"``: names, and ranges along a row, a column,
    or over a rectangle (``"C1-D15"``: rows C and D, row by row)."""
    out: list[int] = []
    for part in spec.replace(",", " ").split():
        first, dash, last = part.partition("-")
        a = cell_index(first)
        if not dash:
            out.append(a)
            continue
        b = cell_index(last)
        (ra, ca), (rb, cb) = divmod(a, SIZE), divmod(b, SIZE)
        rows = range(ra, rb + 1) if rb >= ra else range(ra, rb - 1, -1)
        cols = range(ca, cb + 1) if cb >= ca else range(ca, cb - 1, -1)
        out.extend(r * SIZE + c for r in rows for c in cols)
    return out
