"""Akwaier's analysis: the standing is each seat's expected final wealth.

The ``strong`` player's simulations (deals of the unseen tiles, rollouts by the
1987 policy, judged by the estimate of final wealth): each seat's mean estimated
final wealth after the move it chooses, and the mover's after every candidate
it searched. Thresholds in money (docs/strength.md, "Analysis").
"""

from __future__ import annotations

from ludotheek.ai.base import Analysis
from ludotheek.analysis.review import Measure, Review, Thresholds
from ludotheek.core.game import State


def measure(state: State, a: Analysis) -> Measure:
    values = {move: float(v) for move, v in a.ranking}
    seats = a.stats.get("seats")
    if seats is None or a.value is None:
        raise ValueError("the Akwaier player gave no standing of the seats")
    values.setdefault(a.move, float(a.value))
    return Measure([float(v) for v in seats], values)


def final(state: State) -> list[float]:
    return [float(v) for v in state.scores()]


REVIEW = Review(
    player="strong", params={"iterations": 360, "seconds": 30}, unit="money", decimals=0,
    thresholds=Thresholds(inaccuracy=4000, mistake=10000, blunder=25000),
    measure=measure, final=final,
    scale={"en": "each seat's expected final wealth, from the strong player's simulations"},
)
