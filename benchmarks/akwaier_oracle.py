"""Akwaier: an oracle strong player, for benchmarks only (an upper bound, never shipped).

The shipped strong player deals the tiles it cannot see at random
(``AkwaierState.determinize``). The oracle sees through that: its worlds keep the
other players' TRUE hands (``mode="hands"``: the bag is still shuffled) or the
whole true position (``mode="all"``: the hands and the bag in its true order).
What it wins over the default in paired games is the most that inferring the
hidden tiles from public information could give. ``benchmarks/akwaier_paired.py``
uses it for a variant with the key ``oracle``: ``'{"oracle": "hands"}'``.
"""

from __future__ import annotations

from typing import Any

from ludotheek.core.game import State
from ludotheek.core.rng import Rng
from ludotheek.games.akwaier.rules import AkwaierState

MODES = ("hands", "all")


class _TrueHands(AkwaierState):
    """A state whose determinization keeps every hand as it is (the bag shuffled)."""

    __slots__ = ()

    def determinize(self, seat: int, rng: Rng) -> AkwaierState:
        c = self._c.copy()
        rest = sorted(c.bag[c.bag_pos:])
        rng.shuffle(rest)
        c.bag = tuple(rest)
        c.bag_pos = 0
        return AkwaierState(c)


class _TrueAll(AkwaierState):
    """A state whose determinization is the true position itself."""

    __slots__ = ()

    def determinize(self, seat: int, rng: Rng) -> AkwaierState:
        return AkwaierState(self._c.copy())


class OracleStrong:
    """The strong player ``inner`` searching worlds dealt from the true hidden tiles."""

    def __init__(self, inner: Any, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"oracle mode is one of {MODES}")
        self.inner = inner
        self.kind = _TrueHands if mode == "hands" else _TrueAll
        self.name = f"oracle-{mode}"

    def choose(self, state: State, seconds: float | None = None) -> str:
        assert isinstance(state, AkwaierState)
        return str(self.inner.choose(self.kind(state.core), seconds))
