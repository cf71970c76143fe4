"""Wari's analysis: the standing is the expected final margin in seeds.

A seat's standing is what it is expected to end the game with minus what the
opponent ends with (captured seeds, plus those kept when the game ends): the
seeds captured so far plus the ``strong`` player's value of the board (its net
gain from the board onward), from a search of ``depth`` plies, and exact, from
the endgame database, once at most 18 seeds are on the board (as many as the
database the application provides holds). Thresholds in
seeds (docs/strength.md, "Analysis").

There the standing is the result under perfect play (``outcomes``: a win by 2, a draw),
and each move is judged by the database's values: the page says what a mistake made of
the result ("turns a win by 2 into a loss by 1") and how many seeds it gave away. Each
rule set has its database (``wari-endgames``, ``wari-endgames-abapa``); where it is not
built yet, or only its first tiers are (it is built a tier at a time), a position it
would cover gets a note saying so (``wari.review.*`` in the game's catalogs), and its
standing is the search's estimate.
"""

from __future__ import annotations

from ludotheek.ai.base import Analysis
from ludotheek.analysis.review import Measure, Note, Review, Thresholds, zero_sum
from ludotheek.core.game import State
from ludotheek.games.wari.endgame import FULL
from ludotheek.games.wari.rules import WariState


def note(state: WariState, a: Analysis) -> Note | None:
    """What the analysis says of a position the full database covers but the player
    had no tier for (its analysis's ``endgames``: the most seeds it had, -1 none)."""
    seeds = sum(state.board)
    if a.stats.get("database") or seeds > FULL:
        return None
    built = int(a.stats.get("endgames", -1))
    rules = "_abapa" if state.abapa else ""
    if built < 0:
        return Note(f"wari.review.no_database{rules}", {"full": FULL})
    return Note(f"wari.review.tiers{rules}", {"built": built, "full": FULL})


def measure(state: State, a: Analysis) -> Measure:
    assert isinstance(state, WariState) and state.to_move is not None
    me = state.to_move
    lead = state.stores[me] - state.stores[1 - me]
    values = {move: lead + v for move, v in a.ranking}
    value = values[a.move] if a.move in values else lead + (a.value or 0.0)
    values[a.move] = value
    return Measure(zero_sum(me, value), values, bool(a.stats.get("database")),
                   note(state, a))


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
    measure=measure, final=final, version="2", outcomes=True,
    # the first look (analysis/stream.py): depth 4, about 2 ms a position for 90 at depth 9
    preview={"depth": 4},
    scale={"en": "the expected final margin in seeds (exact from the endgame database with "
                 "at most 18 seeds on the board)"},
)
