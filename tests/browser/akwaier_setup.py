"""Akwaier positions for browser tests and screenshots, reached by real games.

A position is found by playing seeded games of six 1987 players until a
condition holds with seat 0 to decide; the game so far is then imported
through the API (``POST /api/records``) with seat 0 a person and the others
computer players, so that the page opens exactly there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludotheek.games.akwaier import GAME, AkwaierState
from ludotheek.games.akwaier.classic import ClassicPlayer
from tests.browser.records import import_record, play_until

Found = tuple[int, dict[str, Any], list[str], AkwaierState]


def find(condition: Callable[[AkwaierState], bool], seeds: range = range(300),
         **options: Any) -> Found:
    """The first (seed, options, moves, state) where seat 0 decides and ``condition`` holds."""
    for seed in seeds:
        players = [ClassicPlayer(seed=seed * 10 + s) for s in range(6)]
        reached = play_until(GAME.new(seed, **options), players, condition)
        if reached is not None:
            return seed, options, *reached
    raise AssertionError("no game reached the position")


def import_game(url: str, found: Found, level: str = "classic") -> tuple[str, str]:
    """Import the game with seat 0 a person; its id and the person's token."""
    seed, options, moves, _ = found
    seats = [{"type": "person", "name": None}] + [{"type": "computer", "level": level}] * 5
    data = import_record(url, "akwaier", options, seed, moves, seats)
    return data["id"], data["seats"][0]["token"]


def tie_tile(s: AkwaierState) -> dict[str, Any] | None:
    """A tile of seat 0 that would join equally large chains."""
    if s.phase != "place":
        return None
    for tile in s.view(0)["hand"]:
        if tile["action"] == "merge" and tile["tied"]:
            return dict(tile)
    return None


def partly_affordable(s: AkwaierState) -> bool:
    """Seat 0 buys, and some chains cost more than its cash while others do not."""
    if s.phase != "buy":
        return False
    v = s.view(0)
    cash = v["players"][0]["cash"]
    prices = [c["price"] for c in v["chains"] if c["exists"]]
    return any(p > cash for p in prices) and any(p <= cash for p in prices) and \
        any(p * 3 > cash >= p for p in prices)


def merger_ahead(s: AkwaierState) -> dict[str, Any] | None:
    """Mid-game, a tile of seat 0 that merges (one survivor) and pays seat 0 a bonus."""
    if s.phase != "place" or s.turn < 48:
        return None
    for tile in s.view(0)["hand"]:
        if tile["action"] == "merge" and tile["survivor"]:
            paid = sum(p["payouts"][0] for p in tile["merger"][tile["survivor"]])
            if paid > 0:
                return dict(tile)
    return None
