"""Wari's standing is exact from the endgame database once few seeds are left (a small
database built for the test: boards of at most 6 seeds, provided to the players as the
application provides the data folder's)."""

from __future__ import annotations

from ludotheek.analysis.measure import study
from ludotheek.analysis.review import review_for
from ludotheek.core.resources import StaticResources, using
from ludotheek.games import get
from tests.wari.helpers import small_db


def test_the_standing_is_the_databases_value_with_few_seeds() -> None:
    db = small_db(6)
    review = review_for("wari")
    data = get("wari").new(1).to_json()
    board = [0, 0, 2, 0, 1, 0, 1, 0, 0, 2, 0, 0]  # 6 seeds, South to move
    data.update(board=board, stores=[20, 22], ply=60, history=[[*board, 0, 1]])
    state = get("wari").from_json(data)
    with using(StaticResources({"wari-endgames": db})):
        m = study(state, 1, review)
        assert m["exact"] and m["seat"] == 0
        value = db.value(tuple(board), mover=0)
        assert m["standing"] == [-2.0 + value, 2.0 - value]  # South's lead -2 plus the board
        assert m["values"][0] == [m["best"], -2.0 + value]
        # with more seeds than the database holds, the search's estimate: not exact
        board = [4, 0, 2, 0, 1, 0, 1, 0, 0, 2, 0, 0]
        data.update(board=board, history=[[*board, 0, 1]])
        assert not study(get("wari").from_json(data), 1, review)["exact"]
