"""Computer players for Aqua Romana, ``greedy`` and ``strong``, and its levels.

``greedy`` takes the longest immediate gain and closes an aqueduct when the podium is
good; ``strong`` searches (see :mod:`.search`). Both offer ``analyse`` for hints.
"""

from __future__ import annotations

from ludotheek.ai.base import Analysis, near_best, seeded
from ludotheek.ai.players import Level, PlayerInfo, RatingPlan, level
from ludotheek.core.game import State
from ludotheek.games.aqua_romana.evaluate import bonus_score, holding, placement_score
from ludotheek.games.aqua_romana.geometry import JOKER
from ludotheek.games.aqua_romana.notation import (
    BONUS,
    BUILD,
    CLOSE,
    PICK,
    PLACE,
    format_move,
)
from ludotheek.games.aqua_romana.rules import AquaState, Move, podium_for
from ludotheek.games.aqua_romana.search import StrongPlayer

#: greedy closes an aqueduct voluntarily from this podium up, when it loses nothing
GOOD_PODIUM = 8


def _state(state: State) -> AquaState:
    assert isinstance(state, AquaState), "an Aqua Romana player needs an Aqua Romana state"
    assert state.to_move is not None, "the game is over"
    return state


def greedy_value(state: AquaState, mv: Move, seat: int) -> float:
    """How greedy rates ``mv`` for ``seat`` (higher is better)."""
    t = mv[0]
    if t == BUILD:
        after = state.apply_unchecked(mv)
        own = holding(after, seat) - holding(state, seat)
        others = sum(holding(after, s) - holding(state, s)
                     for s in range(state.num_players) if s != seat)
        return own - 0.01 * others
    if t == CLOSE:
        w = mv[1]
        if w < 0:
            return 0.0
        length = state.lengths[w]
        v = podium_for(state.podiums, length)
        good = v >= GOOD_PODIUM and v >= min(length, 20)
        return v / 20 if good else -1.0
    if t == PICK:
        return -1.0 if mv[1] < 0 else (2.0 if mv[1] == JOKER else 1.0)
    if t == PLACE:
        return float(placement_score(state, seat, mv[2]))
    if t == BONUS:
        return float(bonus_score(state, seat, mv))
    return 0.0  # MOVE: all alike


class GreedyPlayer:
    """The longest immediate gain (own aqueduct length, podium points when a tile closes
    an own aqueduct); closes voluntarily when the podium equals the length and is at least
    8; always picks from the reserve (the joker first); places builders in sight of its
    own workers; lays bonus tiles where its own water could later flow on."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = seeded(seed)

    def analyse(self, state: State, seconds: float | None = None) -> Analysis:
        s = _state(state)
        seat = s.to_move
        assert seat is not None
        moves = s.legal()
        ranking = [(mv, greedy_value(s, mv, seat)) for mv in moves]
        best = max(v for _, v in ranking)
        top = near_best(ranking)
        choice = top[self.rng.randbelow(len(top))]
        ranking.sort(key=lambda mv_v: -mv_v[1])
        table = s.table
        return Analysis(format_move(table, choice), best,
                        [(format_move(table, m), v) for m, v in ranking[:20]],
                        f"the best immediate gain ({best:+.2f})")

    def choose(self, state: State, seconds: float | None = None) -> str:
        return self.analyse(state, seconds).move


PLAYERS: dict[str, PlayerInfo] = {
    "greedy": PlayerInfo("greedy", GreedyPlayer,
                         "the longest immediate gain; closes when the podium is good"),
    "strong": PlayerInfo("strong", StrongPlayer,
                         "Monte Carlo tree search, each player maximising its own result"),
}

#: the ladder, weakest first: greedy choosing with a temperature (in squares of aqueduct:
#: the lower, the fewer its mistakes), greedy itself, then the search with more and more
#: iterations (a few already see further than greedy: its evaluation looks ahead)
LEVELS: dict[str, Level] = {
    "beginner": level("beginner", "tempered", {"inner": "greedy", "temperature": 1.5}),
    "novice": level("novice", "tempered", {"inner": "greedy", "temperature": 0.6}),
    "easy": level("easy", "tempered", {"inner": "greedy", "temperature": 0.3}),
    "normal": level("normal", "greedy"),
    "good": level("good", "strong", {"iterations": 4}, 1.0),
    "expert": level("expert", "strong", {"iterations": 30}, 1.0),
    "strong": level("strong", "strong", {}, 1.0),
}

#: two seats (the game's default); 200 games between neighbours, 60 a step further, 20 else;
#: the tables of the ladder's two ends 2.6 times as many (with 2.0 the ends were ± 50.1 and
#: 53.3, docs/strength.md)
RATING_PLAN = RatingPlan(seats=2, games=(200, 60, 20), ends=2.6)
