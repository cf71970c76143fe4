"""The quick review: every position screened with little work, only those where the
value moves studied with the review's full work (issue 39).

A game's :class:`~ludotheek.analysis.review.Review` may declare a ``screen``: the same
player with less work (Aqua Romana: 100 iterations in place of 300). The review then goes in
two steps:

1. **Screen** every studied position (:func:`screen`); the measures are kept with
   ``"screened": true``. An analysis assembled from them already has a standing at every
   position and a provisional mark at every decision (what the page shows first).
2. **Deepen** (:func:`to_deepen`): a decision judged on a screened measure whose loss is at
   least ``deepen`` times the inaccuracy threshold, or whose move the screen did not weigh,
   has its position studied as today's
   review studies it (:func:`~ludotheek.analysis.measure.study`, the same seed: the same
   measure), and so has the position whose standing judged it where the move played was
   not weighed. This is repeated until no decision asks for more.

So every mark left (inaccuracy, mistake, blunder) rests on measures of the full work: on
a screened measure a decision's loss is below the inaccuracy threshold (it would have
been deepened). What the screen can miss is a move whose loss it underestimates by more
than the margin; ``benchmarks/review_speed.py`` counts how often (the recall of the
marks) on a fixed set of games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ludotheek.analysis.measure import _review, study
from ludotheek.analysis.plan import Plan
from ludotheek.analysis.result import standings
from ludotheek.analysis.review import Review
from ludotheek.core.game import State
from ludotheek.core.registry import get

Measures = Mapping[int, Mapping[str, Any]]


def screen(state: State, seed: int, review: Review | None = None) -> dict[str, Any]:
    """The quick measure of ``state``: the screen's work (the full work when the game
    declares no screen, then not marked as screened)."""
    review = review or _review(state.game.name)
    if review.screen is None:
        return study(state, seed, review)
    return {**study(state, seed, review, review.screen), "screened": True}


def screen_json(game: str, state_json: dict[str, Any], seed: int) -> dict[str, Any]:
    """Runs in a worker: :func:`screen` of a position sent as JSON."""
    return screen(get(game).from_json(state_json), seed)


def screened(measure: Mapping[str, Any] | None) -> bool:
    return bool(measure is not None and measure.get("screened"))


def _source(plan: Plan, measures: Measures, at: int) -> int | None:
    """The position whose measure gives position ``at`` its standing: ``at`` or the next
    one of the line with a measure (a position with one legal move stands as the next)."""
    line = plan.line
    for n in line[line.index(at):]:
        if plan.states[n].is_over:
            return None
        if n in measures:
            return n
    return None


def to_deepen(plan: Plan, measures: Measures, review: Review) -> list[int]:
    """The screened positions that must be studied with the full work: for each decision
    whose position's measure is screened, that position if the move played was not weighed
    there (the screen's few visits say too little of it: on the benchmark set such moves
    held most of the marks the screen missed) or if its loss (by the measures as they are)
    is at least ``review.deepen`` times the inaccuracy threshold, and then, when the move
    played was not weighed, the screened position its standing after came from.
    A decision judged by a full measure but through a screened standing after it (the
    move played not weighed) asks for that standing to be deepened when the loss marks."""
    if review.screen is None:
        return []
    stand = standings(plan, measures, review)
    limit = review.deepen * review.thresholds.inaccuracy
    out: set[int] = set()
    for d in plan.decisions:
        m = measures.get(d.before)
        if d.forced or d.resigned or m is None:
            continue
        values = {mv: float(v) for mv, v in m["values"]}
        best_value = values[m["best"]]
        after = stand.get(d.number)
        weighed = d.move in values
        if weighed:
            played = values[d.move]
        elif after is not None:
            played = review.score(after.standing, d.seat)
        else:
            continue
        loss = best_value - played
        if screened(m) and (loss >= limit or not weighed):
            out.add(d.before)
        if not weighed and ((screened(m) and loss >= limit)
                            or loss >= review.thresholds.inaccuracy):
            source = _source(plan, measures, d.number)
            if source is not None and screened(measures.get(source)):
                out.add(source)
    return sorted(out)


#: studies positions (``deep``: with the full work, else the screen's) and returns their
#: measures: in this process, a pool of processes or the server's queue
Study = Callable[[list[int], bool], Mapping[int, Mapping[str, Any]]]


def quick_measures(plan: Plan, run: Study, review: Review,
                   known: Measures | None = None,
                   shown: Callable[[Measures], None] | None = None,
                   positions: list[int] | None = None) -> dict[int, dict[str, Any]]:
    """The measures of the quick review of ``plan`` (``known``: measures kept already;
    ``positions``: only these of the studied positions, for a benchmark's sample);
    ``shown(measures)`` after the screen and after each round of deepening."""
    measures: dict[int, dict[str, Any]] = {n: dict(m) for n, m in (known or {}).items()}
    wanted = plan.studied() if positions is None else positions
    todo = [n for n in wanted if n not in measures]
    measures.update({n: dict(m) for n, m in run(todo, review.screen is None).items()})
    if shown:
        shown(measures)
    while True:
        deeper = to_deepen(plan, measures, review)
        if not deeper:
            return measures
        measures.update({n: dict(m) for n, m in run(deeper, True).items()})
        if shown:
            shown(measures)
