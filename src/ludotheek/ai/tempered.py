"""A weaker player that plays like a person, not like a dice: ``tempered``.

It asks another player (``inner``: ``greedy``, a shallow search, ...) to rank the legal
moves with their values, and picks move *m* with probability proportional to
``exp((value(m) - best) / temperature)``: the best move most often, a nearly as good one
nearly as often, a bad one seldom. A high temperature makes many mistakes (a beginner), a
low one few; 0 plays the inner player's best. The temperature is in the inner player's
units (seeds, fish, squares, money). Moves the inner player did not rank are not played.

Every parameter that is not ``inner`` or ``temperature`` goes to the inner player
(``tempered:inner=strong:depth=2:temperature=1.5``). The inner player is made for the
game of the first position it sees, with a seed drawn from this player's, by ``make``
(``make(game, name, seed=..., **params)``): the registry of players
(:mod:`ludotheek.ai.players`) hands over its own ``get``, so this module needs no registry.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ludotheek.ai.base import (
    AnalysingPlayer,
    Analysis,
    Player,
    implementation_of,
    near_best,
    seeded,
)
from ludotheek.core.errors import BadOption
from ludotheek.core.game import State


class TemperedPlayer:
    """The inner player's ranking, chosen from by a softmax with a temperature."""

    name = "tempered"

    def __init__(self, seed: int | None = None, inner: str = "greedy",
                 temperature: float = 1.0, *, make: Callable[..., Player],
                 **inner_params: Any) -> None:
        if float(temperature) < 0:
            raise BadOption("temperature must be 0 or more")
        self.make = make
        self.rng = seeded(seed)
        self.inner_name = str(inner)
        self.temperature = float(temperature)
        self.inner_params = dict(inner_params)
        self._inner: AnalysingPlayer | None = None
        self._game: str | None = None
        #: (game, inner player) of the player this one was renewed from (:meth:`renew`)
        self._spare: tuple[str, Any] | None = None

    def renew(self, seed: int | None = None) -> TemperedPlayer:
        """A player that plays exactly as ``TemperedPlayer(seed, ...)`` with this one's
        parameters, made from this one: its inner player, where that can be renewed
        too (``renew``), is renewed and handed over at the first move instead of made
        anew (Wari's search keeps its tables). This player is not to be used afterwards.
        For a server that asks for a new player for every move
        (:func:`ludotheek.ai.players.for_move`)."""
        new = TemperedPlayer(seed, self.inner_name, self.temperature, make=self.make,
                             **self.inner_params)
        if self._inner is not None and hasattr(self._inner, "renew"):
            new._spare = (self._game or "", self._inner)
        self._inner = self._game = self._spare = None
        return new

    def inner(self, state: State) -> AnalysingPlayer:
        """The inner player for ``state``'s game (made on first use)."""
        game = state.game.name
        if self._inner is None or self._game != game:
            seed = self.rng.next64()
            spare, self._spare = self._spare, None
            if spare is not None and spare[0] == game:
                player = spare[1].renew(seed)  # plays as make(...) below would
            else:
                player = self.make(game, self.inner_name, seed=seed, **self.inner_params)
            if not hasattr(player, "analyse"):
                raise BadOption(f"player {self.inner_name} ranks no moves (it has no analyse)")
            self._inner, self._game = player, game
        assert self._inner is not None
        return self._inner

    def choose(self, state: State, seconds: float | None = None) -> str:
        return self.analyse(state, seconds).move

    def implementation(self, state: State) -> str | None:
        """The inner player's (``ludotheek.ai.base.implementation_of``)."""
        return implementation_of(self.inner(state), state)

    def analyse(self, state: State, seconds: float | None = None) -> Analysis:
        seen = self.inner(state).analyse(state, seconds)
        ranking = [(m, v) for m, v in seen.ranking if v is not None and math.isfinite(v)]
        if not ranking:
            return seen
        best = max(v for _, v in ranking)
        if self.temperature == 0:
            top = near_best(ranking)
            move = top[self.rng.randbelow(len(top))]
        else:
            weights = [math.exp((v - best) / self.temperature) for _, v in ranking]
            pick = self.rng.random() * sum(weights)
            move = ranking[-1][0]
            for (m, _), w in zip(ranking, weights):
                pick -= w
                if pick < 0:
                    move = m
                    break
        value = dict(ranking)[move]
        return Analysis(move, value, seen.ranking,
                        f"a choice weighted by the value ({value:+g}; the best seen "
                        f"{best:+g}) at temperature {self.temperature:g}",
                        {**seen.stats, "inner": self.inner_name})


def chances(values: list[float], temperature: float) -> list[float]:
    """The chance of each value's move being chosen (for tests and docs).

    >>> [round(p, 3) for p in chances([2.0, 1.0, 0.0], 1.0)]
    [0.665, 0.245, 0.09]
    """
    best = max(values)
    weights = [math.exp((v - best) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]
