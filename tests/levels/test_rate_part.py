"""benchmarks/rate_part.py, the rating plan played in shares on a busy machine: ``--share K/N``
runs together play every game of the plan once into one results file, and ``--even`` plays
the tables in step, so that stopped at any time each table is as far on (the plan's
``slow_factor`` can then be set to what was played). The games themselves are stand-ins
(their result lines without moves): what is tested is which games are played, and when."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks import rate_part
from ludotheek.ai import players
from ludotheek.ai.players import RatingPlan
from ludotheek.rated import ladder

#: the test game's three default levels; the costly one ("strong") plays fewer games
PLAN = RatingPlan(games=(6, 3), slow=("strong",), slow_factor=0.5)


@pytest.fixture
def played(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """The games played, in order (table, game), with the tiny plan for the test game."""
    monkeypatch.setattr(ladder, "rating_plan", lambda game: PLAN)
    order: list[tuple[str, int]] = []

    def play_one(game: str, options: Any, seed: int, ti: int, table: ladder.Table, g: int,
                 *rest: Any) -> dict[str, Any]:
        order.append((table.key, g))
        return {"table": table.key, "g": g, "seats": list(table.levels), "ranks": [1, 2]}

    monkeypatch.setattr(ladder, "play_one", play_one)
    return order


def test_shares_play_every_game_of_the_plan_once(tmp_path: Path,
                                                 played: list[tuple[str, int]]) -> None:
    results = str(tmp_path / "r.jsonl")
    rate_part.play("nim", results, 1, set(), set(), False, even=True, share=(0, 2))
    first = list(played)
    rate_part.play("nim", results, 1, set(), set(), False, even=True, share=(1, 2))
    second = played[len(first):]
    tables = ladder.tables(list(players.levels("nim")), PLAN)
    plan = {(t.key, g) for t in tables for g in range(t.games)}
    assert [t.games for t in tables] == [6, 2, 3]
    assert first and second and not set(first) & set(second)
    assert sorted(first + second) == sorted(plan)
    assert set(rate_part.valid_games("nim", results, 1)) == plan
    # a third share finds nothing left to play
    rate_part.play("nim", results, 1, set(), set(), False, even=True, share=(1, 2))
    assert len(played) == len(plan)


def test_even_plays_the_tables_in_step(tmp_path: Path, played: list[tuple[str, int]]) -> None:
    rate_part.play("nim", str(tmp_path / "r.jsonl"), 1, set(), {"strong"}, False, even=True)
    games = {t.key: t.games for t in ladder.tables(list(players.levels("nim")), PLAN)}
    assert {key for key, _ in played} == {"easy,strong", "normal,strong"}
    steps = [(g + 0.5) / games[key] for key, g in played]
    assert steps == sorted(steps)  # never a table's game before another's at a lower step
    # stopped after any game, no table is more than one game behind its share of the plan
    for n in range(1, len(played) + 1):
        done = played[:n]
        for key, count in games.items():
            if key == "easy,normal":
                continue
            mine = sum(1 for k, _ in done if k == key)
            assert mine >= int(steps[n - 1] * count), (n, key, mine)


def test_a_share_out_of_range_is_refused(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.argv", ["rate_part.py", "nim", "--results", "x", "--share", "2/2"])
    with pytest.raises(SystemExit):
        rate_part.main()
    assert "--share 2/2" in capsys.readouterr().err
