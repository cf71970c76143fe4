"""Wari's computer players and levels.

- ``strong`` (``strong.StrongPlayer``): alpha-beta search with iterative
  deepening, a transposition table, move ordering and a capture quiescence
  search, within its time per move; perfect play from the endgame database
  when at most 18 seeds are left on the board.
- the generic ``random``, ``greedy`` (the largest capture now) and ``mcts``
  (Monte Carlo tree search with random play-outs) of ``ludotheek.ai.players``.

Levels, weakest first (docs/strength.md, "Wari"): the 2-ply search choosing with a
temperature of 2 seeds (*beginner*), 1.4 (*novice*) and 1 (*easy*): it sees a capture coming
a move ahead, and misses some; the 4-ply search choosing with a temperature of 1
(*normal*) and 0.5 (*good*), and exactly (*expert*); 6 plies (*master*); 9 plies
(*grandmaster*) and 11 (*champion*), names not of ``players.LADDER``: they bring their
labels; *strong* is ``strong`` with 1 second a move. A temperature T chooses move m with
probability proportional to exp((value(m) - best) / T), the values in seeds of the search.
"""

from __future__ import annotations

from ludotheek.ai.players import Level, PlayerInfo, RatingPlan, level
from ludotheek.games.wari.strong import StrongPlayer


def _strong_v1(**params: object) -> StrongPlayer:
    """The strong player as it was before the compiled search (issue 10): the Python
    search, the database up to 15 seeds, the first of moves of equal value (kept for
    comparisons, docs/strength.md)."""
    return StrongPlayer(**{"compiled": "off", "max_seeds": 15, "book": "off",  # type: ignore[arg-type]
                           "vary": "off", **params})


def _strong_learned(**params: object) -> StrongPlayer:
    """``strong`` with the learned evaluation (``learned.py``, issue 40) at the leaves."""
    return StrongPlayer(**{"eval": "learned", **params})  # type: ignore[arg-type]


PLAYERS: dict[str, PlayerInfo] = {
    "strong": PlayerInfo(
        "strong", StrongPlayer,
        "alpha-beta search within its time (compiled); perfect play from the endgame "
        "database when few seeds are left"),
    "strong-v1": PlayerInfo(
        "strong-v1", _strong_v1,
        "the strong player before the compiled search: Python's alpha-beta, the "
        "database up to 15 seeds"),
    "strong-learned": PlayerInfo(
        "strong-learned", _strong_learned,
        "the strong player with an evaluation learned from the endgame database and deep "
        "searches (issue 40; not yet a level)"),
}

#: the labels of the levels between master and strong (not names of players.LADDER)
GRANDMASTER = {"en": "Grandmaster", "nl": "Grootmeester", "no": "Stormester"}
CHAMPION = {"en": "Champion", "nl": "Kampioen", "no": "Toppspiller"}

#: the ladder, weakest first: the 2-ply search choosing with a temperature (in seeds),
#: then the 4-ply search, then deeper (grandmaster: 9 plies, chosen by a probe against
#: master to fall midway between master and strong; champion: 11 plies, by a probe against
#: grandmaster to fall midway between it and strong, docs/rules/wari.md); measured in
#: docs/strength.md (ratings.json)
LEVELS: dict[str, Level] = {
    "beginner": level("beginner", "tempered", {"inner": "strong", "depth": 2, "temperature": 2}),
    "novice": level("novice", "tempered", {"inner": "strong", "depth": 2, "temperature": 1.4}),
    "easy": level("easy", "tempered", {"inner": "strong", "depth": 2, "temperature": 1}),
    "normal": level("normal", "tempered", {"inner": "strong", "depth": 4, "temperature": 1}),
    "good": level("good", "tempered", {"inner": "strong", "depth": 4, "temperature": 0.5}),
    "expert": level("expert", "strong", {"depth": 4}),
    "master": level("master", "strong", {"depth": 6}),
    "grandmaster": level("grandmaster", "strong", {"depth": 9}, label=GRANDMASTER),
    "champion": level("champion", "strong", {"depth": 11}, label=CHAMPION),
    "strong": Level("strong", "strong", {}, 1.0, {"en": "Strong", "nl": "Sterk", "no": "Sterk"}),
}

#: two seats; Wari has no chance, so each game starts with 4 random plies (both rotations
#: of a deal the same); strong thinks its second a move (timed) and its tables play 0.85 of
#: the games (3 against each level from beginner to expert: each of its games takes about a
#: minute); the others 600 between neighbours (300 gave them ± 41-68), 200 a step further.
#: Three tables are fixed (docs/strength.md): grandmaster-strong 510 and master-strong 170,
#: the games they played as neighbours before champion came between (0.85 of 600 and of
#: 200; the plan would now play 170 and 3 of them), and champion-strong 360: 160 played
#: beside champion's other tables, 200 more to bring strong within ± 50 (set before they
#: were played)
RATING_PLAN = RatingPlan(seats=2, games=(600, 200, 4), timed=("strong",), slow=("strong",),
                         slow_factor=0.85, opening=4,
                         fixed={"grandmaster,strong": 510, "master,strong": 170,
                                "champion,strong": 360})
