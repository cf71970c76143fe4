"""The quick review (issue 39): every position screened with little work, the full work
only where the value moves; the marks it leaves are the full review's."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from ludotheek.analysis.local import analyse_record, measure_quick
from ludotheek.analysis.measure import study
from ludotheek.analysis.plan import Plan
from ludotheek.analysis.quick import quick_measures, screen, screened, to_deepen
from ludotheek.analysis.result import BAD, assemble
from ludotheek.analysis.review import review_for
from ludotheek.core.record import Record
from tests.analysis.helpers import finished_record


def aqua_romana_start(moves: int = 30) -> Record:
    """The first ``moves`` moves of a 2-player Aqua Romana game of greedy players."""
    whole = finished_record("aqua_romana", 3)
    return Record(whole.game, whole.options, whole.seed, whole.moves[:moves])


def test_aqua_romana_declares_a_screen_of_less_work_and_the_others_none() -> None:
    review = review_for("aqua_romana")
    assert review.screen is not None
    assert review.screen["iterations"] <= review.params["iterations"] / 3
    assert "+screen(" in review.engine()  # stored apart from the full review's
    for game in ("wari", "akwaier", "haaienzee"):  # see docs/performance.md: why not
        assert review_for(game).screen is None and "+screen" not in review_for(game).engine()


def test_a_deepened_position_gets_the_full_reviews_measure() -> None:
    plan = Plan.of(aqua_romana_start(12))
    n = plan.studied()[3]
    assert study(plan.states[n], plan.seed(n)) == study(plan.states[n], plan.seed(n))
    quick = screen(plan.states[n], plan.seed(n))
    assert quick["screened"] and not screened(study(plan.states[n], plan.seed(n)))


def test_every_mark_the_quick_review_leaves_is_the_full_reviews() -> None:
    """On fixed positions (30 moves of an Aqua Romana game) the quick review marks no
    move the full review does not, with the same mark and loss, and a decision judged on
    a screened measure never carries a mark."""
    record = aqua_romana_start(30)
    plan = Plan.of(record)
    review = review_for(record.game)
    measures = measure_quick(plan)
    quick = assemble(plan, measures, review)
    full = analyse_record(record, quick=False)
    by_number = {d["number"]: d for d in full["decisions"]}
    marked = [d for d in quick["decisions"] if d["mark"] in BAD]
    for d in marked:
        assert by_number[d["number"]]["mark"] == d["mark"]
        assert by_number[d["number"]]["loss"] == pytest.approx(d["loss"])
        assert not screened(measures[d["before"]])
    assert any(screened(m) for m in measures.values())  # the screen spared work
    assert quick["complete"] and not to_deepen(plan, measures, review)


def fake(best: str, values: dict[str, float], seat: int, standing: list[float],
         screened: bool = True) -> dict[str, Any]:
    return {"seat": seat, "standing": standing, "best": best,
            "values": sorted(([m, v] for m, v in values.items()), key=lambda mv: -mv[1]),
            "exact": False, "note": None, "reason": "", **({"screened": True} if screened else {})}


def test_to_deepen_takes_the_positions_where_the_screen_sees_a_loss() -> None:
    """Fixed measures on a Haaienzee game with a screen declared: a move the screen
    finds costly (at least half the inaccuracy threshold) has its position deepened, a
    move it finds fine does not; a move not weighed takes the position that judged it."""
    record = finished_record("haaienzee", 3)
    plan = Plan.of(record)
    review = dataclasses.replace(review_for("haaienzee"), screen={"depth": 1}, deepen=0.5)
    limit = review.deepen * review.thresholds.inaccuracy
    ds = [d for d in plan.decisions if not d.forced and not d.resigned][:3]
    measures: dict[int, dict[str, Any]] = {}
    for d in plan.decisions:
        if d.before in plan.studied():
            measures[d.before] = fake(d.move, {d.move: 0.5}, d.seat, [0.5, 0.5])
    other = "zz"
    first, second, third = ds
    measures[first.before] = fake(other, {other: 0.5 + limit, first.move: 0.5}, first.seat,
                                  [0.5, 0.5])
    measures[second.before] = fake(other, {other: 0.5 + limit / 2, second.move: 0.5},
                                   second.seat, [0.5, 0.5])
    measures[third.before] = fake(other, {other: 0.99}, third.seat, [0.5, 0.5])
    deeper = to_deepen(plan, measures, review)
    assert first.before in deeper and second.before not in deeper
    assert third.before in deeper  # not weighed: judged by the standing after, a loss
    after = next(n for n in plan.line[plan.line.index(third.number):] if n in measures)
    assert after in deeper
    assert to_deepen(plan, measures, review_for("haaienzee")) == []  # no screen declared


def test_the_quick_review_deepens_round_after_round_until_nothing_asks_for_more() -> None:
    record = aqua_romana_start(20)
    plan = Plan.of(record)
    review = review_for(record.game)
    rounds: list[tuple[bool, int]] = []

    def run(positions: list[int], deep: bool) -> dict[int, dict[str, Any]]:
        rounds.append((deep, len(positions)))
        return {n: (study if deep else screen)(plan.states[n], plan.seed(n), review)
                for n in positions}

    shown: list[int] = []
    measures = quick_measures(plan, run, review, shown=lambda m: shown.append(len(m)))
    assert rounds[0] == (False, len(plan.studied()))
    assert all(deep for deep, _ in rounds[1:])
    assert shown[0] == len(plan.studied())  # the screened analysis is shown at once
    assert not to_deepen(plan, measures, review)
