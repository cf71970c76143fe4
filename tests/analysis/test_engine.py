"""The analysis over the game API: plans, marks, blunders found, annotated records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ludotheek.analysis.annotate import annotated_text, notes
from ludotheek.analysis.local import analyse_record, measure_all
from ludotheek.analysis.plan import Plan
from ludotheek.analysis.result import assemble
from ludotheek.analysis.review import Measure, Review, Thresholds, review_for
from ludotheek.core.game import State
from ludotheek.core.record import Record, ResignAction, UndoAction, from_text, load, to_text
from ludotheek.games import get, names, plugin
from tests.analysis.helpers import finished_record

RECORDS = Path(__file__).parent / "records"


def blunder_record(game: str) -> tuple[Record, dict[str, Any]]:
    data = json.loads((RECORDS / f"{game}-blunder.json").read_text())
    return Record.from_json(data), data["expect"]


def reviewed() -> list[str]:
    """The games that declare an analysis."""
    return [g for g in names() if plugin(g).review is not None]


def test_every_game_of_the_project_declares_an_analysis_with_a_blundered_record() -> None:
    ours = [g for g in names() if type(get(g)).__module__.startswith("ludotheek.games.")]
    assert len(ours) >= 4 and set(ours) <= set(reviewed())
    for game in reviewed():
        review = review_for(game)
        assert review.unit in ("seeds", "money", "points", "chance")
        assert (RECORDS / f"{game}-blunder.json").exists(), game


def test_a_game_without_a_declaration_cannot_be_analysed() -> None:
    from ludotheek.analysis.review import NoAnalysis
    from ludotheek.core.plugin import GamePlugin
    from ludotheek.core.registry import register, unregister

    register(GamePlugin(game=get("wari"), players=None))  # a game that declares no review
    try:
        with pytest.raises(NoAnalysis, match="declares no analysis"):
            review_for("wari")
    finally:
        unregister("wari")
    assert review_for("wari").unit == "seeds"


def around(plan: Plan, number: int) -> list[int]:
    """The positions that judge decision ``number``: the one it was made in and the next
    studied one from the position it led to."""
    d = plan.decisions[number - 1]
    later = [n for n in plan.studied() if n >= d.number]
    return [d.before, *later[:1]]


@pytest.mark.parametrize("game", reviewed())
def test_a_blunder_is_marked_with_the_expected_better_move(game: str) -> None:
    record, expect = blunder_record(game)
    plan = Plan.of(record)
    measures = measure_all(plan, positions=around(plan, expect["number"]))
    analysis = assemble(plan, measures, review_for(game))
    decision = analysis["decisions"][expect["number"] - 1]
    assert decision["number"] == expect["number"]
    assert decision["mark"] == "blunder"
    assert decision["better"] == expect["better"]
    assert decision["loss"] >= review_for(game).thresholds.blunder
    seat = analysis["seats"][decision["seat"]]
    assert seat["blunder"] >= 1 and seat["average_loss"] > 0
    # the standing has a value for every seat at every position of the line
    assert [p["at"] for p in analysis["positions"]] == list(range(len(record.moves) + 1))
    assert all(len(p["standing"]) == len(analysis["seats"]) for p in analysis["positions"])


def test_thresholds_make_the_marks() -> None:
    t = Thresholds(1.0, 2.0, 4.0)
    assert [t.mark(x) for x in (0.0, 0.5, 1.0, 1.9, 2.0, 3.99, 4.0, 30)] == [
        "best", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    with pytest.raises(ValueError):
        Thresholds(2.0, 1.0, 4.0)


def _scripted(values: dict[str, float]) -> Review:
    """A review whose 'measure' is a table: for tests of the assembly alone."""

    def measure(state: State, a: Any) -> Measure:
        raise AssertionError("not used")

    return Review("strong", {}, "seeds", Thresholds(1, 2, 4), measure,
                  lambda s: [float(s.scores()[0] - s.scores()[1]),
                             float(s.scores()[1] - s.scores()[0])], signed=True)


def test_a_move_not_weighed_is_judged_by_the_position_it_led_to() -> None:
    record = Record("wari", {}, 1, ("3", "9", "4"))
    plan = Plan.of(record)
    measures = {
        0: {"seat": 0, "standing": [2.0, -2.0], "best": "3", "values": [["3", 2.0], ["1", 1.5]],
            "exact": False},
        1: {"seat": 1, "standing": [2.0, -2.0], "best": "8", "values": [["8", -2.0]],
            "exact": False},
        2: {"seat": 0, "standing": [5.0, -5.0], "best": "4", "values": [["4", 5.0]],
            "exact": False},
        3: {"seat": 1, "standing": [4.5, -4.5], "best": "7", "values": [["7", -4.5]],
            "exact": False},
    }
    a = assemble(plan, measures, _scripted({}))
    first, second, third = a["decisions"]
    assert (first["mark"], first["loss"]) == ("best", 0.0)
    # North played 9, which the engine did not weigh: -2 expected, -5 after it
    assert (second["mark"], second["loss"], second["better"]) == ("mistake", 3.0, "8")
    assert (third["mark"], third["loss"]) == ("best", 0.0)
    assert a["seats"][1]["mistake"] == 1 and a["seats"][1]["average_loss"] == 3.0
    assert a["complete"]


def test_the_line_of_play_leaves_undone_moves_out() -> None:
    record = Record("wari", {}, 1, ("3", "9", UndoAction(to=1), "8", "4"))
    plan = Plan.of(record)
    assert plan.line == [0, 1, 4, 5]
    assert [(d.number, d.before, d.move) for d in plan.decisions] == [
        (1, 0, "3"), (4, 1, "8"), (5, 4, "4")]
    assert plan.states[1] == plan.states[3]


def test_a_resignation_is_not_judged_and_the_result_is_the_last_standing() -> None:
    record = Record("wari", {}, 1, ("3", ResignAction()))
    analysis = analyse_record(record)
    last = analysis["decisions"][-1]
    assert last["resigned"] and last["mark"] is None
    final = analysis["positions"][-1]
    assert final["exact"] and final["standing"] == [48.0, -48.0]


def test_the_annotated_record_reads_back_as_the_same_game() -> None:
    record, expect = blunder_record("haaienzee")
    analysis = analyse_record(record)
    text = annotated_text(record, analysis, ["Yellow", "Red"])
    assert "??" in text and "{" in text and '[Analysis "' in text
    note = notes(analysis, review_for("haaienzee"))[expect["number"]]
    assert note.startswith("?? {") and f"best {expect['better']} (+" in note
    assert note in text
    assert from_text(text) == record
    assert load(text) == record
    assert to_text(from_text(text)) == to_text(record)


def test_positions_known_are_not_studied_again() -> None:
    record, _ = blunder_record("haaienzee")
    plan = Plan.of(record)
    first = measure_all(plan)
    calls: list[tuple[int, int]] = []
    again = measure_all(plan, progress=lambda d, t: calls.append((d, t)), known=first)
    assert again == first and calls == [(len(first), len(first))]


def test_the_same_position_gets_the_same_measure() -> None:
    plan = Plan.of(finished_record("aqua_romana", 2))
    n = plan.studied()[30]
    from ludotheek.analysis.measure import study

    assert study(plan.states[n], plan.seed(n)) == study(get("aqua_romana").from_json(
        plan.states[n].to_json()), plan.seed(n))
