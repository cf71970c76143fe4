"""Haaienzee's analysis: the standing is each seat's chance to win.

The ``strong`` player follows every move by a greedy play-out of two rounds and
scores where it stops (a won or lost game, else the health difference plus the
prey in reach). A score becomes a chance to win by a logistic curve whose
``SPREAD`` was fitted by maximum likelihood on 100 games of the strong level
against itself (3,713 positions; ``benchmarks/haaienzee_calibrate.py --games 100
--seed 1``, 2026-12-01); a play-out that ends the game is not a certainty either:
the side to move went on to win 92% of the games where its play-out won (752
positions) and 4% where it lost (546). Thresholds in chance to win
(docs/strength.md, "Analysis").
"""

from __future__ import annotations

import math

from ludotheek.ai.base import Analysis
from ludotheek.analysis.review import Measure, Review, Thresholds
from ludotheek.core.game import State
from ludotheek.games.haaienzee.search import WIN

#: the score difference that makes a chance of 1/(1+e^-1), about 73%
SPREAD = 3.9
#: the chance to win when the play-out wins, and when it loses
PLAYOUT_WON, PLAYOUT_LOST = 0.92, 0.04


def chance(score: float) -> float:
    """The chance to win of a side whose play-outs score ``score``."""
    if score > WIN / 2:
        return PLAYOUT_WON
    if score < -WIN / 2:
        return PLAYOUT_LOST
    # no undecided play-out counts for more (or less) than a decided one
    return min(PLAYOUT_WON, max(PLAYOUT_LOST, 1.0 / (1.0 + math.exp(-score / SPREAD))))


def measure(state: State, a: Analysis) -> Measure:
    me = state.to_move
    assert me is not None
    values = {move: chance(v) for move, v in a.ranking}
    p = values[a.move]
    return Measure([p, 1 - p] if me == 0 else [1 - p, p], values)


def final(state: State) -> list[float]:
    winners = state.winners()
    if not winners:
        return [0.5, 0.5]
    return [1.0 if s in winners else 0.0 for s in range(state.num_players)]


REVIEW = Review(
    player="strong", params={"depth": 1, "seconds": 30}, unit="chance",
    thresholds=Thresholds(inaccuracy=0.1, mistake=0.2, blunder=0.3),
    measure=measure, final=final,
    scale={"en": "each seat's chance to win, from the strong player's play-outs"},
)
