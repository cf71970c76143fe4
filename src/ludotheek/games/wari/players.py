"""Wari's computer players and levels.

- ``strong`` (``strong.StrongPlayer``): alpha-beta search with iterative
  deepening, a transposition table, move ordering and a capture quiescence
  search, within its time per move; perfect play from the endgame database
  when at most 18 seeds are left on the board.
- the generic ``random``, ``greedy`` (the largest capture now) and ``mcts``
  (Monte Carlo tree search with random play-outs) of ``ludotheek.players``.

Levels, weakest first: *beginner* is ``greedy`` choosing with a temperature of 3
seeds (it often misses a capture); *novice* is ``greedy`` (it takes what it can, and
looks no further); *easy* is the 2-ply search choosing with a temperature; *normal*
is ``strong`` searching 4 plies (a few hundredths of a second), *good* 6 and
*expert* 8 plies; *strong* is ``strong`` with 1 second a move.
"""

from __future__ import annotations

from ludotheek.ai.ladder import RatingPlan
from ludotheek.games.wari.strong import StrongPlayer
from ludotheek.players import Level, PlayerInfo, level


def _strong_v1(**params: object) -> StrongPlayer:
    """The strong player as it was before the compiled search (issue 10): the Python
    search, the database up to 15 seeds (kept for comparisons, docs/strength.md)."""
    return StrongPlayer(**{"compiled": "off", "max_seeds": 15, "book": "off",  # type: ignore[arg-type]
                           **params})


PLAYERS: dict[str, PlayerInfo] = {
    "strong": PlayerInfo(
        "strong", StrongPlayer,
        "alpha-beta search within its time (compiled); perfect play from the endgame "
        "database when few seeds are left"),
    "strong-v1": PlayerInfo(
        "strong-v1", _strong_v1,
        "the strong player before the compiled search: Python's alpha-beta, the "
        "database up to 15 seeds"),
}

#: the ladder, weakest first: greedy choosing with a temperature (in seeds), greedy, the
#: 2-ply search choosing with a temperature, then searches deeper and deeper
LEVELS: dict[str, Level] = {
    "beginner": level("beginner", "tempered", {"inner": "greedy", "temperature": 3}),
    "novice": level("novice", "greedy"),
    "easy": level("easy", "tempered", {"inner": "strong", "depth": 2, "temperature": 3}),
    "normal": Level("normal", "strong", {"depth": 4}, 0.0,
                    {"en": "Normal", "nl": "Gemiddeld", "no": "Middels"}),
    "good": level("good", "strong", {"depth": 6}),
    "expert": level("expert", "strong", {"depth": 8}),
    "strong": Level("strong", "strong", {}, 1.0, {"en": "Strong", "nl": "Sterk", "no": "Sterk"}),
}

#: two seats; Wari has no chance, so each game starts with 4 random plies (both rotations
#: of a deal the same); strong thinks its second a move (timed) and plays half the games
RATING_PLAN = RatingPlan(seats=2, games=(100, 40, 10), timed=("strong",), slow=("strong",),
                         slow_factor=0.5, opening=4)
