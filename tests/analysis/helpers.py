"""Records for the analysis tests."""

from __future__ import annotations

import httpx

from ludotheek.ai import players
from ludotheek.core.record import Entry, Record


def finished_record(game: str = "haaienzee", seed: int = 3) -> Record:
    """A whole game of greedy players (quick to play and to analyse)."""
    return played_out(Record(game, {}, seed, ()))


def opening(game: str, moves: int, seed: int = 5) -> Record:
    """The first ``moves`` moves of a game of greedy players (``finished_record``'s, cut)."""
    state = Record(game, {}, seed, ()).replay()
    played: list[Entry] = []
    for _ in range(moves):
        move = players.get(game, "greedy", seed=len(played)).choose(state)
        played.append(move)
        state = state.play(move)
    return Record(game, dict(state.options), seed, tuple(played))


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


def imported_finished(url: str, game: str) -> str:
    """The id of a finished game of ``game`` (``finished_record``) imported into the server
    at ``url``: Ann against computers at normal."""
    record = finished_record(game, 3)
    data = record.to_json()
    data["seats"] = [{"type": "person", "name": "Ann"}] + \
        [{"type": "computer", "level": "normal"}] * (record.replay().num_players - 1)
    r = httpx.post(f"{url}/api/records", json=data, timeout=60)
    assert r.status_code == 201, r.text
    return str(r.json()["id"])
