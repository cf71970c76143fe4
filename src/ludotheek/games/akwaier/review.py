"""Akwaier's analysis: the standing is each seat's expected final wealth.

The ``strong`` player's simulations (deals of the unseen tiles, rollouts by the
1987 policy, judged by the estimate of final wealth) give each seat's mean
estimated final wealth after every candidate it searched. The graph shows each
seat's wealth after the move chosen; a decision is judged by the mover's lead
over the best other seat (to be rich is not enough: a move that makes a rival
richer costs too). Thresholds in money (docs/strength.md, "Analysis").
"""

from __future__ import annotations

from ludotheek.ai.base import Analysis
from ludotheek.analysis.review import Measure, Review, Thresholds
from ludotheek.core.game import State


def measure(state: State, a: Analysis) -> Measure:
    me = state.to_move
    moves = a.stats.get("moves")
    if me is None or not moves or a.move not in moves:
        raise ValueError("the Akwaier player gave no standing of the seats")
    values = {m: REVIEW.score(info["seats"], me) for m, info in moves.items() if info["seats"]}
    return Measure([float(v) for v in moves[a.move]["seats"]], values)


def final(state: State) -> list[float]:
    return [float(v) for v in state.scores()]


REVIEW = Review(
    player="strong", params={"iterations": 360, "seconds": 30}, unit="money", decimals=0,
    thresholds=Thresholds(inaccuracy=6000, mistake=12000, blunder=30000),
    measure=measure, final=final, margin=True,
    # the first look (analysis/stream.py): 16 simulations, about 8 ms a position for 175
    preview={"iterations": 16, "seconds": 30},
    scale={"en": "each seat's expected final wealth, from the strong player's simulations; "
                 "decisions judged by the lead over the best other seat"},
)
