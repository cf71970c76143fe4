"""Records for the analysis tests."""

from __future__ import annotations

from ludotheek import players
from ludotheek.core.record import Record
from ludotheek.games import get


def finished_record(game: str = "haaienzee", seed: int = 3) -> Record:
    """A whole game of greedy players (quick to play and to analyse)."""
    state = get(game).new(seed)
    moves: list[str] = []
    while not state.is_over:
        move = players.get(game, "greedy", seed=len(moves)).choose(state)
        moves.append(move)
        state = state.play(move)
    return Record(game, dict(state.options), seed, tuple(moves))
