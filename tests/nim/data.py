"""Nim's build target, to prove that a game declares its own: ``nim-wins``, for every
three heaps of at most ``most`` counters, whether the player to move wins in normal play,
found by working back from the empty heaps (not by Bouton's rule, which the tests check
it against)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from typing import Any

import numpy as np
import numpy.typing as npt

from ludotheek.core.resources import DataSet, Progress, Sink, Source

NAME = "nim-wins"


def solve(most: int) -> npt.NDArray[np.bool_]:
    """``wins[a, b, c]``: the player to move with heaps a, b, c wins."""
    size = most + 1
    wins = np.zeros((size, size, size), dtype=np.bool_)
    for heaps in sorted(product(range(size), repeat=3), key=sum):
        wins[heaps] = any(not wins[tuple(h if j != i else n for j, h in enumerate(heaps))]
                          for i, heap in enumerate(heaps) for n in range(heap))
    return wins


def _build(sink: Sink, progress: Progress | None, params: Mapping[str, Any]) -> None:
    if progress:
        progress("solve", 0, 1)
    sink.put_array("wins", solve(int(params["most"])))
    if progress:
        progress("solve", 1, 1)


def _open(source: Source) -> npt.NDArray[np.bool_] | None:
    try:
        return source.array("wins")
    except KeyError:
        return None


DATA_SETS = (DataSet(NAME, {"en": "Nim's won positions", "nl": "Nim's gewonnen stellingen",
                            "no": "Nims vunne stillinger"}, "1", _build, _open,
                     params={"most": 7}, ranges={"most": (0, 12)},
                     param_help={"most": "the most counters in a heap"}),)
