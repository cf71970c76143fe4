"""Shared by the games' browser setups: reach a position by real games, import it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import httpx

from ludotheek.ai.base import Player
from ludotheek.core.game import State
from ludotheek.core.record import Entry, text_of

S = TypeVar("S", bound=State)


def play_until(state: S, players: Sequence[Player],
               condition: Callable[[S], bool]) -> tuple[list[str], S] | None:
    """Play ``players`` from ``state`` until seat 0 decides and ``condition`` holds: the
    moves so far and that state, or None if the game ends first."""
    moves: list[str] = []
    while not state.is_over:
        if state.to_move == 0 and condition(state):
            return moves, state
        seat = state.to_move
        assert seat is not None  # the game is not over
        move = players[seat].choose(state)
        moves.append(move)
        state = cast(S, state.play(move))
    return None


def import_record(url: str, game: str, options: dict[str, Any], seed: int,
                  moves: Sequence[Entry], seats: list[dict[str, Any]]) -> dict[str, Any]:
    """Import the game through ``POST /api/records`` (format 1: the entries as written, an
    action as its text); the server's answer (id, seats)."""
    r = httpx.post(f"{url}/api/records", json={
        "format": "ludotheek-record", "version": 1, "game": game, "options": options,
        "seed": seed, "moves": [text_of(m) for m in moves], "seats": seats})
    r.raise_for_status()
    data: dict[str, Any] = r.json()
    return data
