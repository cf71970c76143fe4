"""Nim's build targets, to prove that a game declares its own: ``nim-wins``, for every
three heaps of at most ``most`` counters, whether the player to move wins in normal play,
found by working back from the empty heaps (not by Bouton's rule, which the tests check
it against); and ``nim-tiers``, the same built tier by tier as Wari's endgame table is
(the positions of ``n`` counters in all, each tier usable as soon as it is done, after a
``pause`` of milliseconds that makes it slow enough for the tests of background builds)."""

from __future__ import annotations

import time
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


DATA_SETS: tuple[DataSet, ...] = (DataSet(
    NAME, {"en": "Nim's won positions", "nl": "Nim's gewonnen stellingen",
           "no": "Nims vunne stillinger"}, "1", _build, _open,
    params={"most": 7}, ranges={"most": (0, 12)},
    param_help={"most": "the most counters in a heap"}),)


TIERS = "nim-tiers"


def tier(n: int, most: int) -> list[tuple[int, int, int]]:
    """The three heaps of at most ``most`` counters with ``n`` counters in all, in order."""
    return [(a, b, c) for a, b, c in product(range(most + 1), repeat=3) if a + b + c == n]


class Tiers:
    """The solved tiers 0..``top`` of ``nim-tiers``: ``wins(heaps)`` within them."""

    def __init__(self, tiers: list[npt.NDArray[np.bool_]], most: int, complete: bool) -> None:
        self.most = most
        self.top = len(tiers) - 1
        self.complete = complete
        self.table = {h: bool(w) for n, t in enumerate(tiers)
                      for h, w in zip(tier(n, most), t, strict=True)}

    def wins(self, heaps: tuple[int, int, int]) -> bool | None:
        return self.table.get(heaps)


def _take(heaps: tuple[int, int, int], i: int, left: int) -> tuple[int, int, int]:
    a, b, c = (left if j == i else h for j, h in enumerate(heaps))
    return a, b, c


def _build_tiers(sink: Sink, progress: Progress | None, params: Mapping[str, Any]) -> None:
    most, pause = int(params["most"]), int(params["pause"])
    top = 3 * most
    won: dict[tuple[int, int, int], bool] = {}
    for n in range(top + 1):
        time.sleep(pause / 1000)
        row = []
        for heaps in tier(n, most):
            won[heaps] = any(not won[_take(heaps, i, k)]
                             for i, heap in enumerate(heaps) for k in range(heap))
            row.append(won[heaps])
        sink.append("wins", np.array(row, dtype=np.bool_))
        sink.put_json("info", {"most": most, "tiers": n + 1, "top": top})
        sink.checkpoint()
        if progress:
            progress("tiers", n + 1, top + 1)


def _open_tiers(source: Source) -> Tiers | None:
    info = source.json("info")
    if not isinstance(info, dict):
        return None
    tiers = source.segments("wins")[: int(info["tiers"])]
    return Tiers(tiers, int(info["most"]), len(tiers) == int(info["top"]) + 1) if tiers else None


def _steps(source: Source) -> tuple[int, int] | None:
    info = source.json("info")
    return (int(info["tiers"]) - 1, int(info["top"])) if isinstance(info, dict) else None


DATA_SETS = (*DATA_SETS, DataSet(
    TIERS, {"en": "Nim's tiers", "nl": "Nim's lagen", "no": "Nims lag"}, "1", _build_tiers,
    _open_tiers, params={"most": 3, "pause": 400}, ranges={"most": (0, 8), "pause": (0, 5000)},
    param_help={"most": "the most counters in a heap", "pause": "milliseconds before a tier"},
    steps=_steps, unit={"en": "counters", "nl": "fiches", "no": "brikker"}))
