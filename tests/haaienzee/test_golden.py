"""Golden Haaienzee games: fixed seeds and players; any change in moves or result fails."""

from __future__ import annotations

import pytest

from tests.golden import golden_case

CASES = [
    ("greedy-greedy-7", {}, 1, ["greedy", "greedy"]),
    ("strong-greedy-7", {}, 2, ["strong", "greedy"]),
    ("greedy-strong-5", {"side": 5}, 3, ["greedy", "strong"]),
    ("random-greedy-9", {"side": 9}, 4, ["random", "greedy"]),
]


@pytest.mark.parametrize("name, options, seed, players", CASES, ids=[c[0] for c in CASES])
def test_golden_game(name: str, options: dict[str, object], seed: int, players: list[str],
                     update_golden: bool) -> None:
    golden_case("haaienzee", name, dict(options), seed, players, update_golden)
