"""The two simplest players: ``random`` and ``greedy`` (best immediate gain)."""

from __future__ import annotations

from ludotheek.ai.base import Analysis, seeded
from ludotheek.core.game import State


class RandomPlayer:
    """Plays a uniformly random legal move, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = seeded(seed)

    def choose(self, state: State, seconds: float | None = None) -> str:
        return self.rng.choice(state.legal_moves())


class GreedyPlayer:
    """Plays the move whose resulting position is best for it right now.

    "Best" is the game's ``heuristic`` for the mover (by default its score
    lead); ties are broken by the player's seeded generator.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = seeded(seed)

    def analyse(self, state: State, seconds: float | None = None) -> Analysis:
        me = state.to_move
        assert me is not None, "the game is over"
        ranking = [(m, state.play(m).heuristic(me)) for m in state.legal_moves()]
        best = max(v for _, v in ranking)
        top = [m for m, v in ranking if v == best]
        move = self.rng.choice(top)
        ranking.sort(key=lambda mv: -mv[1])
        base = state.heuristic(me)
        return Analysis(move, best - base, ranking,
                        f"the best immediate gain ({best - base:+g})")

    def choose(self, state: State, seconds: float | None = None) -> str:
        return self.analyse(state, seconds).move
