"""What every computer player offers, and the helpers they share."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from ludotheek.core.game import State
from ludotheek.core.rng import Rng

M = TypeVar("M")


@dataclass
class Analysis:
    """A player's choice with what it saw: for hints and for logs."""

    move: str
    #: the expected gain the player saw for ``move`` (its own scale, documented by the player)
    value: float | None = None
    #: the other moves it weighed, best first: (move, value)
    ranking: list[tuple[str, float]] = field(default_factory=list)
    #: a short sentence in English saying why
    reason: str = ""
    #: facts about the search (iterations, depth, nodes)
    stats: dict[str, Any] = field(default_factory=dict)


class Player(Protocol):
    """A computer player: ``choose`` returns a legal move of the seat to move."""

    name: str

    def choose(self, state: State, seconds: float | None = None) -> str: ...


class AnalysingPlayer(Player, Protocol):
    def analyse(self, state: State, seconds: float | None = None) -> Analysis: ...


#: what :func:`implementation_of` says of a player that plays with its pure-Python reference
#: where a compiled path exists but is not built here (far fewer nodes a second): ratings and
#: matches must not be measured so unseen
REFERENCE = "python"


def implementation_of(player: object, state: State) -> str | None:
    """Which implementation ``player`` would use for ``state`` now: its
    ``implementation(state)`` (``compiled`` or :data:`REFERENCE` for players with a compiled
    path), None for a player without one."""
    how = getattr(player, "implementation", None)
    return None if how is None else str(how(state))


class Deadline:
    """A time limit read from a monotonic clock (players may use clocks; rules may not)."""

    __slots__ = ("end",)

    def __init__(self, seconds: float | None) -> None:
        self.end = None if seconds is None else time.monotonic() + max(0.0, seconds)

    def passed(self) -> bool:
        return self.end is not None and time.monotonic() >= self.end

    def left(self) -> float:
        return float("inf") if self.end is None else max(0.0, self.end - time.monotonic())


def seeded(seed: int | None) -> Rng:
    return Rng.from_seed(0 if seed is None else seed)


#: values this close to the best, relative to its size, are the best too: the same worth
#: reached by other arithmetic may differ in a float's last bits
TIE = 1e-9


def tie_margin(best: float) -> float:
    """How far below ``best`` a value still ties with it (:data:`TIE`, relative)."""
    return TIE * max(1.0, abs(best))


def near_best(ranking: Iterable[tuple[M, float]]) -> list[M]:
    """The moves of ``ranking`` (move, value) that tie with the best value, in their order:
    a player chooses among them with its seeded generator, so that a server's secret seed,
    not the order of the moves, decides between moves of equal worth (issue 34).

    >>> near_best([("a", 1.0), ("b", 0.1 + 0.2 + 0.7), ("c", 0.5)])
    ['a', 'b']
    """
    items = list(ranking)
    best = max(v for _, v in items)
    return [m for m, v in items if v >= best - tie_margin(best)]
