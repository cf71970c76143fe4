"""Records for the analysis tests."""

from __future__ import annotations

from ludotheek.ai import players
from ludotheek.core.record import Entry, Record


def finished_record(game: str = "haaienzee", seed: int = 3) -> Record:
    """A whole game of greedy players (quick to play and to analyse)."""
    return played_out(Record(game, {}, seed, ()))


def played_out(record: Record) -> Record:
    """``record`` and greedy players' moves after it to the end of the game."""
    game, seed = record.game, record.seed
    state = record.replay()
    moves: list[Entry] = list(record.moves)
    while not state.is_over:
        move = players.get(game, "greedy", seed=len(moves)).choose(state)
        moves.append(move)
        state = state.play(move)
    return Record(game, dict(state.options), seed, tuple(moves))
