"""Numbering Wari boards for the endgame database.

A board is seen from the player to move: twelve counts, the mover's six cups
first (in sowing order), then the opponent's six. The boards holding ``n`` seeds
in all are the compositions of ``n`` into 12 parts; there are
``C(n + 11, 11)`` of them (``tier_size``), numbered 0, 1, ... in lexicographic
order of the counts (cup 0 most significant). So the tier of 15 seeds holds
7,726,160 boards and the tiers 0-15 together 17,383,860.

>>> tier_size(15), sum(tier_size(n) for n in range(16))
(7726160, 17383860)
>>> rank_one((0,) * 11 + (2,)), rank_one((0,) * 10 + (1, 1)), rank_one((2,) + (0,) * 11)
(0, 1, 77)
>>> tuple(int(x) for x in boards_of(2)[77])
(2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np
import numpy.typing as npt

CUPS = 12
#: the largest seed count the tables below cover
MAX_TIER = 24


def tier_size(n: int) -> int:
    """How many boards hold exactly ``n`` seeds."""
    return comb(n + CUPS - 1, CUPS - 1)


def from_mover(board: tuple[int, ...] | list[int], mover: int) -> tuple[int, ...]:
    """A board as the engine stores it (cup 1 first) seen from ``mover`` (0 South, 1 North).

    >>> from_mover((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), 1)
    (7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6)
    """
    b = tuple(board)
    return b if mover == 0 else b[6:] + b[:6]


@lru_cache(maxsize=1)
def _prefix_table() -> npt.NDArray[np.int64]:
    """``P[i, r, c]``: how many boards come before those whose cup ``i`` holds ``c`` when
    cups ``i``..11 hold ``r`` seeds together (cups before ``i`` being equal)."""
    size = MAX_TIER + 1
    table = np.zeros((CUPS, size, size), dtype=np.int64)
    for i in range(CUPS - 1):
        rest = CUPS - 1 - i  # the cups after cup i
        for r in range(size):
            acc = 0
            for c in range(r + 1):
                table[i, r, c] = acc
                acc += comb(r - c + rest - 1, rest - 1)
    return table


def rank(boards: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The numbers of many boards (M×12, mover's cups first) within their tiers."""
    b = np.asarray(boards)
    if b.ndim != 2 or b.shape[1] != CUPS:
        raise ValueError(f"boards must be M×12, not {b.shape}")
    table = _prefix_table().reshape(-1)
    size = MAX_TIER + 1
    remaining = b.sum(axis=1, dtype=np.int64)
    if len(b) and remaining.max() > MAX_TIER:
        raise ValueError(f"at most {MAX_TIER} seeds")
    out = np.zeros(len(b), dtype=np.int64)
    for i in range(CUPS - 1):
        c = b[:, i].astype(np.int64)
        out += table[(i * size + remaining) * size + c]
        remaining -= c
    return out


def rank_one(board: tuple[int, ...] | list[int]) -> int:
    """The number of one board (mover's cups first) within its tier."""
    table = _prefix_table()
    remaining = sum(board)
    if remaining > MAX_TIER:
        raise ValueError(f"at most {MAX_TIER} seeds")
    out = 0
    for i in range(CUPS - 1):
        c = board[i]
        out += int(table[i, remaining, c])
        remaining -= c
    return out


def boards_of(n: int) -> npt.NDArray[np.uint8]:
    """All boards holding ``n`` seeds, in their order (row ``k`` has number ``k``)."""
    if not 0 <= n <= MAX_TIER:
        raise ValueError(f"a tier holds 0-{MAX_TIER} seeds")
    # parts[r]: the compositions of r into k parts, for the current k
    parts = [np.array([[r]], dtype=np.uint8) for r in range(n + 1)]
    for k in range(2, CUPS + 1):
        new = []
        for r in range(n + 1) if k < CUPS else [n]:
            blocks = []
            for v in range(r + 1):
                tail = parts[r - v]
                head = np.full((len(tail), 1), v, dtype=np.uint8)
                blocks.append(np.hstack((head, tail)))
            new.append(np.vstack(blocks))
        parts = new
    return parts[-1]
