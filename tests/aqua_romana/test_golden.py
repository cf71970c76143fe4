"""Golden Aqua Romana games: fixed seeds and players; any change in moves or result fails."""

from __future__ import annotations

import pytest

from tests.golden import golden_case

CASES = [
    ("greedy-greedy-2", {}, 1, ["greedy", "greedy"]),
    ("random-greedy-random-3", {"players": 3}, 2, ["random", "greedy", "random"]),
    ("greedy-4-first-2", {"players": 4, "first": 2}, 3, ["greedy"] * 4),
    ("strong-greedy-2", {}, 4, ["strong:iterations=40", "greedy"]),
]


@pytest.mark.parametrize("name, options, seed, players", CASES, ids=[c[0] for c in CASES])
def test_golden_game(name: str, options: dict[str, object], seed: int, players: list[str],
                     update_golden: bool) -> None:
    golden_case("aqua_romana", name, dict(options), seed, players, update_golden)
