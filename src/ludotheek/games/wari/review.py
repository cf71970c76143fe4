"""Wari's analysis: the standing is the expected final margin in seeds.

A seat's standing is what it is expected to end the game with minus what the
opponent ends with (captured seeds, plus those kept when the game ends): the
seeds captured so far plus the ``strong`` player's value of the board (its net
gain from the board onward), from a search of ``depth`` plies, and exact, from
the endgame database, once at most 18 seeds are on the board (as many as the
database the application provides holds). Thresholds in
seeds (docs/strength.md, "Analysis").
"""

from __future__ import annotations

from ludotheek.ai.base import Analysis
from ludotheek.analysis.review import Measure, Review, Thresholds, zero_sum
from ludotheek.core.game import State
from ludotheek.games.wari.rules import WariState


def measure(state: State, a: Analysis) -> Measure:
    assert isinstance(state, WariState) and state.to_move is not None
    me = state.to_move
    lead = state.stores[me] - state.stores[1 - me]
    values = {move: lead + v for move, v in a.ranking}
    value = values[a.move] if a.move in values else lead + (a.value or 0.0)
    values[a.move] = value
    return Measure(zero_sum(me, value), values, bool(a.stats.get("database")))


def final(state: State) -> list[float]:
    """The final margin; a resignation concedes the seeds left on the board too."""
    assert isinstance(state, WariState)
    s = list(state.stores)
    if (state.end_reason or "").startswith("resign"):
        s[state.winners()[0]] += sum(state.board)
    return [float(s[0] - s[1]), float(s[1] - s[0])]


REVIEW = Review(
    player="strong", params={"depth": 9}, unit="seeds", signed=True, decimals=1,
    thresholds=Thresholds(inaccuracy=1.0, mistake=2.0, blunder=4.0),
    measure=measure, final=final,
    scale={"en": "the expected final margin in seeds (exact from the endgame database with "
                 "at most 18 seeds on the board)"},
)
