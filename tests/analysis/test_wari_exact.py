"""Wari's standing is exact from the endgame database once few seeds are left (a small
database built for the test: boards of at most 6 seeds)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from ludotheek.analysis.measure import study
from ludotheek.analysis.review import review_for
from ludotheek.games import get
from ludotheek.games.wari.endgame import build_database


def test_the_standing_is_the_databases_value_with_few_seeds(tmp_path: Path) -> None:
    db = build_database(tmp_path, max_seeds=6)
    review = review_for("wari")
    review = dataclasses.replace(review, params={**review.params, "endgames": str(tmp_path)})
    data = get("wari").new(1).to_json()
    board = [0, 0, 2, 0, 1, 0, 1, 0, 0, 2, 0, 0]  # 6 seeds, South to move
    data.update(board=board, stores=[20, 22], ply=60, history=[[*board, 0, 1]])
    state = get("wari").from_json(data)
    m = study(state, 1, review)
    assert m["exact"] and m["seat"] == 0
    value = db.value(tuple(board), mover=0)
    assert m["standing"] == [-2.0 + value, 2.0 - value]  # South's lead -2 plus the board
    assert m["values"][0] == [m["best"], -2.0 + value]
    # with more seeds than the database holds, the search's estimate: not exact
    board = [4, 0, 2, 0, 1, 0, 1, 0, 0, 2, 0, 0]
    data.update(board=board, history=[[*board, 0, 1]])
    assert not study(get("wari").from_json(data), 1, review)["exact"]
