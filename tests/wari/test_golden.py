"""Golden Wari games: fixed seeds and players; any change in moves or result fails."""

from __future__ import annotations

import pytest

from tests.golden import golden_case

CASES = [
    ("greedy-random-4", {"seeds_per_cup": 4}, 1, ["greedy", "random"]),
    ("random-greedy-3-north", {"seeds_per_cup": 3, "first": "north"}, 2, ["random", "greedy"]),
    ("random-random-5-norep", {"seeds_per_cup": 5, "repetition": False}, 3, ["random", "random"]),
    ("mcts-greedy-4", {}, 4, ["mcts:iterations=60", "greedy"]),
    # strong at a fixed depth (its timed play depends on the clock), without the database
    ("greedy-strong-3", {"seeds_per_cup": 3}, 5, ["greedy", "strong:depth=4:endgames=off"]),
]


@pytest.mark.parametrize("name, options, seed, players", CASES, ids=[c[0] for c in CASES])
def test_golden_game(name: str, options: dict[str, object], seed: int, players: list[str],
                     update_golden: bool) -> None:
    golden_case("wari", name, dict(options), seed, players, update_golden)
