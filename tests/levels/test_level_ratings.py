"""A level's rating comes from its game's ratings.json, for the level as it is defined now."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from ludotheek.ai import players
from ludotheek.rated import scale as rating


def test_the_scale_is_elos() -> None:
    assert rating.expected(0) == pytest.approx(0.5)
    assert rating.expected(400) == pytest.approx(10 / 11)
    assert rating.expected(-100) == pytest.approx(1 - rating.expected(100))
    m = rating.model()
    assert m.mu == rating.MU and m.sigma == rating.SIGMA and m.beta == rating.BETA


def test_measured_ratings_are_read_from_the_package(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "rated_game_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    level = players.Level("easy", "greedy", {"care": 0}, 0.0)
    (pkg / players.RATINGS_FILE).write_text(json.dumps({"levels": {
        "easy": {"definition": level.definition(), "rating": 1180.6, "interval": 33.2},
        "gone": {"definition": level.definition(), "rating": 1.0, "interval": 1.0}}}))
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        measured = players.measured_ratings("rated_game_pkg")
        table = players.with_ratings({"easy": level}, measured)
        assert table["easy"].rating == 1180.6 and table["easy"].rating_interval == 33.2
        assert table["easy"].describe()["rating"] == 1181
        # a level whose parameters changed since is not rated
        changed = players.Level("easy", "greedy", {"care": 1}, 0.0)
        assert players.with_ratings({"easy": changed}, measured)["easy"].rating is None
        assert players.measured_ratings(None) == {}
    finally:
        players.measured_ratings.cache_clear()
        sys.modules.pop("rated_game_pkg", None)


def test_every_level_describes_its_rating() -> None:
    from ludotheek.games import names
    for game in names():
        for lv in players.levels(game).values():
            d = lv.describe()
            assert "rating" in d and "rating_interval" in d
