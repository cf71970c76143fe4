"""The endgame in Wari's review (issue 40): with at most as many seeds as the endgame
database holds, every position's standing is the exact result under perfect play and every
decision is judged by the database's values, under both rule sets; a position the full
database would cover but the database provided does not (a tier not built yet, or no
database) gets a note in words. Small databases built for the test (8 seeds) are
provided to the players as the application provides the data folder's."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ludotheek.ai import players
from ludotheek.analysis.local import measure_all
from ludotheek.analysis.measure import study
from ludotheek.analysis.plan import Plan
from ludotheek.analysis.result import assemble
from ludotheek.analysis.review import review_for
from ludotheek.cli import cli
from ludotheek.core.record import Record
from ludotheek.core.resources import StaticResources, using
from ludotheek.core.rng import Rng
from ludotheek.games import get
from ludotheek.games.wari import WariState, fast
from ludotheek.games.wari.endgame import FULL
from ludotheek.games.wari.search import Searcher
from tests.narrow import narrow
from tests.server.test_catalogs import LANGUAGES, catalog
from tests.wari.helpers import small_db

SMALL = 8  # the database provided (tiers 0-8 of the full database's 0-18)


@cache
def endgame_record(rules: str, seed: int = 6) -> Record:
    """A game that reaches the database's range with choices left: 6 random plies, then
    a 3-ply search (South) against a 4-ply one (North); with seed 6 (172 moves) 40
    decisions in the range of the database of 8 seeds, three of them losing seeds and two
    turning the result (a win by 8 into a draw, a draw into a loss by 6). The searches
    play the first of moves of equal value (``vary=off``, as before issue 40's variation):
    this game."""
    game = get("wari")
    state = game.new(seed, rules=rules)
    rng = Rng.from_seed(seed)
    moves: list[str] = []
    for _ in range(6):
        moves.append(rng.choice(state.legal_moves()))
        state = state.play(moves[-1])
    seats = [players.get("wari", "strong", depth=d, endgames="off", compiled="off",
                         vary="off") for d in (3, 4)]
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        moves.append(seats[mover].choose(state))
        state = state.play(moves[-1])
    return Record("wari", {"rules": rules}, seed, tuple(moves))


@pytest.fixture
def provided(request: pytest.FixtureRequest) -> Iterator[Any]:
    """The small database of the rule set (``request.param``) and the compiled search."""
    abapa = request.param == "abapa"
    db = small_db(SMALL, abapa)
    fast.warm()
    name = "wari-endgames-abapa" if abapa else "wari-endgames"
    with using(StaticResources({name: db, "wari-search": fast})):
        yield db


def expected_values(state: WariState, db: Any) -> dict[str, float]:
    """Every legal move's exact final margin for the mover, from the database: the lead
    in the stores plus the move's value on the board (a move into a position's third
    occurrence ends the game there: its margin is the game's, each side keeping its
    own seeds)."""
    mover = state.to_move
    assert mover is not None
    lead = state.stores[mover] - state.stores[1 - mover]
    out: dict[str, float] = {}
    for m in db.moves(state.board, mover, Searcher.stretch_start(state)):
        move = str(m.cup + 1)
        after = narrow(WariState, state.play(move))
        if after.end_reason == "repetition":
            out[move] = float(after.stores[mover] - after.stores[1 - mover])
        else:
            out[move] = float(lead + m.value)
    return out


@pytest.mark.parametrize("provided", ["applet", "abapa"], indirect=True)
def test_the_marks_in_the_databases_range_are_its_values(provided: Any) -> None:
    db = provided
    record = endgame_record("abapa" if db.abapa else "applet")
    plan = Plan.of(record)
    review = review_for("wari")
    result = assemble(plan, measure_all(plan), review)
    assert result["complete"] and result["outcomes"]
    tiers = {"key": "wari.review.tiers" + ("_abapa" if db.abapa else ""),
             "params": {"built": SMALL, "full": FULL}}
    assert result["notes"] == [tiers]
    positions = {p["at"]: p for p in result["positions"]}
    checked = turned = 0
    for d in result["decisions"]:
        state = narrow(WariState, plan.states[d["before"]])
        seeds = sum(state.board)
        before = positions[d["before"]]
        if seeds > FULL:
            assert before["note"] is None and not before["exact"]
            continue
        if seeds > SMALL:  # the full database would cover it; the one provided does not
            assert before["note"] == tiers and not before["exact"]
            assert not d["exact"]
            continue
        assert before["exact"] and before["note"] is None
        if d["forced"]:
            continue
        values = expected_values(state, db)
        best = max(values.values())
        mover = state.to_move
        assert before["standing"][mover] == best  # the exact result with perfect play
        assert d["exact"] and d["best_value"] == best and values[d["best"]] == best
        assert d["played_value"] == values[d["move"]]
        assert d["loss"] == best - values[d["move"]]
        assert d["mark"] == review.thresholds.mark(d["loss"])
        checked += 1
        if (best > 0) != (values[d["move"]] > 0) or (best < 0) != (values[d["move"]] < 0):
            turned += 1  # a result turned (a win into a draw, a draw into a loss, ...)
    assert checked >= 30 and turned >= 2, (checked, turned)


def test_a_position_the_database_would_cover_says_when_there_is_none() -> None:
    """Without a database (not built yet) the review says so for each rule set, and the
    standing is the search's estimate; with more than 18 seeds there is nothing to say."""
    fast.warm()
    review = review_for("wari")
    game = get("wari")
    with using(StaticResources({"wari-search": fast})):
        for rules, key in (("applet", "wari.review.no_database"),
                           ("abapa", "wari.review.no_database_abapa")):
            data = game.new(1, rules=rules).to_json()
            board = [1, 2, 0, 3, 1, 0, 2, 1, 0, 1, 1, 0]  # 12 seeds, South to move
            data.update(board=board, stores=[18, 18], ply=60, history=[[*board, 0, 1]])
            m = study(game.from_json(data), 1, review)
            assert not m["exact"] and m["note"] == {"key": key, "params": {"full": FULL}}
            board = [4, 2, 0, 3, 1, 0, 2, 1, 3, 1, 1, 2]  # 20 seeds
            data.update(board=board, stores=[14, 14], history=[[*board, 0, 1]])
            assert study(game.from_json(data), 1, review)["note"] is None


def test_every_note_is_worded_in_every_language() -> None:
    params = {"wari.review.no_database": {"full"}, "wari.review.tiers": {"built", "full"}}
    for key, names in params.items():
        for k in (key, key + "_abapa"):
            for lang in LANGUAGES:
                text = catalog(lang)[k]
                assert set(re.findall(r"\{(\w+)\}", text)) == names, (lang, k)


@pytest.mark.parametrize("provided", ["applet"], indirect=True)
def test_the_command_line_says_the_notes(provided: Any, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """``ludotheek analyse`` prints the notes after the counts, in the chosen language
    (the data folder left out: the players get the database of the test)."""
    from ludotheek.data import folder

    monkeypatch.setattr(folder, "setup", lambda root=None: None)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(endgame_record("applet").to_json()))
    for lang, words in (("en", "holds the positions of at most 8 seeds so far"),
                        ("nl", "bevat nu de standen met hoogstens 8 bonen")):
        result = CliRunner().invoke(cli, ["analyse", str(path), "--workers", "0",
                                          "--lang", lang], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        assert words in result.output.splitlines()[-1]
