"""The ratings shipped in each game's ratings.json belong to the levels as they are shipped
(docs/strength.md): every level of a rated game is rated for its present definition (but
those said to be not yet rated, which have no rating), the file's gaps are its ratings'
differences, and the ladders said to meet issue 21 do: every rating within ± 50, neighbours
100-300 points apart."""

from __future__ import annotations

import itertools
import json
from importlib import resources
from typing import Any

import pytest

from ludotheek.ai import players
from ludotheek.games import names

#: the games whose ladder docs/strength.md says meets the issue
MEETS_THE_ISSUE = ("haaienzee", "aqua_romana", "akwaier", "wari")

#: the gaps between neighbours that docs/strength.md says are not yet 100-300 points (every
#: other gap of a rated ladder is): none now. Wari's grandmaster -> strong was +314 until
#: champion came between them, 2026-12-03 19:09 (+147 and +175); Akwaier's novice -> easy was
#: 77 until its careful beginner, 2026-12-03 10:22; Wari's master -> strong, 342, has
#: grandmaster between them since 2026-12-02
GAPS_NOT_YET: dict[str, set[tuple[str, str]]] = {}

#: the levels whose rating docs/strength.md says is not yet within ± 50 (every other level of
#: a rated ladder is): none now. Wari's strong was until its 360 games against champion,
#: 2026-12-06 17:55 (± 44 from 1,058 games; ± 54 from 858, 160 of them against champion,
#: and from 698, when it won 88% against its neighbour grandmaster: so lopsided a score
#: pins the difference down slowly); Akwaier's strong was ± 51.9 from 420 games until its
#: 600, 2026-12-03
INTERVALS_NOT_YET: dict[str, set[str]] = {}

#: the levels docs/strength.md says are not yet rated (their games not all played): the
#: shipped file leaves them out and they have no rating: none now (Wari's grandmaster, new
#: 2026-12-02 21:12, was until its games were played, 22:03)
NOT_RATED_YET: dict[str, set[str]] = {}


def shipped(game: str) -> dict[str, Any] | None:
    module = players.game_module(game)
    if module is None or module.__package__ is None:
        return None
    path = resources.files(module.__package__) / players.RATINGS_FILE
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


RATED = [game for game in names() if shipped(game) is not None]


def test_the_games_said_to_meet_the_issue_ship_their_ratings() -> None:
    assert set(MEETS_THE_ISSUE) <= set(RATED)


@pytest.mark.parametrize("game", RATED)
def test_every_level_is_rated_as_it_is_defined_now(game: str) -> None:
    data = shipped(game)
    assert data is not None and data["game"] == game
    levels = players.levels(game)
    unrated = NOT_RATED_YET.get(game, set())
    assert unrated <= set(levels), (game, unrated)
    for name in unrated:
        assert levels.pop(name).rating is None, (game, name)
    assert list(data["levels"]) == list(levels), "the file rates the ladder in its order"
    for name, lv in levels.items():
        entry = data["levels"][name]
        assert entry["definition"] == lv.definition(), (game, name)
        assert lv.rating == entry["rating"] and lv.rating_interval == entry["interval"]
        assert entry["games"] > 0


@pytest.mark.parametrize("game", RATED)
def test_the_gaps_are_the_ratings_differences(game: str) -> None:
    data = shipped(game)
    assert data is not None
    ratings = {name: entry["rating"] for name, entry in data["levels"].items()}
    pairs = list(itertools.pairwise(ratings))
    assert [tuple(g["levels"]) for g in data["gaps"]] == pairs
    for g in data["gaps"]:
        a, b = g["levels"]
        assert g["points"] == pytest.approx(ratings[b] - ratings[a], abs=0.11)


@pytest.mark.parametrize("game", MEETS_THE_ISSUE)
def test_the_ladder_meets_the_issue(game: str) -> None:
    data = shipped(game)
    assert data is not None
    assert data.get("scale_of_plan", 1.0) == 1.0, "the whole plan, not a look"
    levels = players.levels(game)
    assert len(levels) >= 6
    for name, lv in levels.items():
        assert lv.rating is not None and lv.rating_interval is not None, name
        assert lv.rating_interval <= 50, (name, lv.rating_interval)
        lo, hi = data["levels"][name]["bootstrap"]
        assert lo <= lv.rating <= hi
    for a, b in itertools.pairwise(levels.values()):
        assert a.rating is not None and b.rating is not None
        assert 100 <= b.rating - a.rating <= 300, (a.name, b.name, b.rating - a.rating)


@pytest.mark.parametrize("game", RATED)
def test_the_gaps_are_100_to_300_points_but_those_said_not_yet(game: str) -> None:
    data = shipped(game)
    assert data is not None
    open_gaps = GAPS_NOT_YET.get(game, set())
    for g in data["gaps"]:
        a, b = g["levels"]
        within = 100 <= g["points"] <= 300
        assert within != ((a, b) in open_gaps), (game, a, b, g["points"])


@pytest.mark.parametrize("game", RATED)
def test_the_ratings_are_within_50_but_those_said_not_yet(game: str) -> None:
    data = shipped(game)
    assert data is not None
    open_levels = INTERVALS_NOT_YET.get(game, set())
    for name, entry in data["levels"].items():
        assert (entry["interval"] <= 50) != (name in open_levels), (game, name, entry["interval"])
