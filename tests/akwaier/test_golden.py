"""Golden Akwaier games: fixed seeds and players; any change in moves or result fails."""

from __future__ import annotations

import json

import pytest

from ludotheek.core.record import Record
from tests.golden import FOLDER, golden_case

CASES = [
    ("classic-6", {}, 0, ["classic"] * 6),
    ("classic-6-en-named", {"language": "en", "names": "3:anna"}, 11, ["classic"] * 6),
    ("classic-random-greedy", {"start_cash": 6000}, 5,
     ["random", "classic", "greedy", "classic", "random", "classic"]),
    ("random-6", {}, 2, ["random"] * 6),
]


@pytest.mark.parametrize("name, options, seed, players", CASES, ids=[c[0] for c in CASES])
def test_golden_game(name: str, options: dict[str, object], seed: int, players: list[str],
                     update_golden: bool) -> None:
    golden_case("akwaier", name, dict(options), seed, players, update_golden)


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_a_finished_games_record_replays_to_the_same_final_wealths(name: str) -> None:
    stored = json.loads((FOLDER / "akwaier" / f"{name}.json").read_text(encoding="utf-8"))
    final = Record.from_json(stored["record"]).replay()
    assert final.is_over
    assert final.scores() == stored["record"]["result"]["scores"]
    wealth = stored["final"]["cash"]
    assert len(wealth) == 6 and final.to_json() == stored["final"]
