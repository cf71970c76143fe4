"""Aqua Romana's analysis: the standing is each seat's expected final points.

The ``strong`` player's tree search: each seat's mean estimated final points
(``evaluate.estimate`` at the end of the playouts) below the move it chooses,
and below every move searched at least ``MIN_VISITS`` times (fewer visits say
too little; such a move is judged by the position it led to). A decision is
judged by the mover's lead over the best other seat (the search's own aim).
Thresholds in points (docs/strength.md, "Analysis").
"""

from __future__ import annotations

from ludotheek.ai.base import Analysis
from ludotheek.analysis.review import Measure, Review, Thresholds
from ludotheek.core.game import State

MIN_VISITS = 10


def measure(state: State, a: Analysis) -> Measure:
    me = state.to_move
    assert me is not None
    moves = a.stats.get("moves") or {}
    values = {m: REVIEW.score(info["points"], me) for m, info in moves.items()
              if info["visits"] >= MIN_VISITS or m == a.move}
    return Measure([float(v) for v in a.stats["seats"]], values)


def final(state: State) -> list[float]:
    return [float(v) for v in state.scores()]


REVIEW = Review(
    player="strong", params={"iterations": 300}, seconds=30, unit="points", decimals=1,
    thresholds=Thresholds(inaccuracy=1.5, mistake=3.0, blunder=6.0),
    measure=measure, final=final, margin=True,
    # the quick review (analysis/quick.py): screened at 100 iterations, studied at 300
    # where the move played loses 0.75 points or more or was not weighed (issue 39: on 20
    # games, docs/performance.md)
    screen={"iterations": 100}, deepen=0.5,
    # the first look (analysis/stream.py): 20 iterations, about 4 ms a position (the whole
    # game's chart and provisional marks in a second, before the screen's 22 ms a position)
    preview={"iterations": 20},
    scale={"en": "each seat's expected final points, from the strong player's search; "
                 "decisions judged by the lead over the best other seat"},
)
