"""Haaienzee's computer players and levels.

- ``greedy``: the most fish now; among equal catches the best spot for the
  shark's next turn (its longest line of prey in reach); then a seeded random
  choice. In the setup: the spot with the longest line of its prey in reach.
  ``care=0`` ignores the spot in its turns (it eats what it can, and otherwise
  does anything legal).
- ``strong``: search (``search.StrongPlayer``): every legal move followed by a
  greedy play-out of two rounds for both sides, scored by health and reachable
  prey (alpha-beta over the first shark turns with ``depth`` > 1).

The levels (weakest first): *beginner* is ``greedy:care=0`` choosing with a temperature
of half a fish (``tempered``: often a move that eats less than it could); *novice*,
*easy* and *normal* are ``greedy`` at temperatures of 0.1, 0.025 and 0.01 fish (the
spots for the next turn are worth fractions of a fish, so they misjudge those); *good* is
``greedy``; *expert* is ``strong`` with play-outs of two shark turns, *strong* of twelve.
Their ratings: docs/strength.md."""

from __future__ import annotations

from ludotheek.ai.base import Analysis, near_best, seeded
from ludotheek.ai.players import Level, PlayerInfo, RatingPlan, level
from ludotheek.core.game import State
from ludotheek.games.haaienzee.board import DIRECTIONS
from ludotheek.games.haaienzee.engine import COLOUR_NAMES, Swim
from ludotheek.games.haaienzee.rules import HaaienzeeState
from ludotheek.games.haaienzee.search import Sim, StrongPlayer, greedy_values, place_values


class HaaienzeeGreedy:
    """The most fish now, then the best spot for the next turn, then chance (seeded)."""

    name = "greedy"

    def __init__(self, seed: int | None = None, care: float = 1.0) -> None:
        self.rng = seeded(seed)
        self.care = float(care)

    def analyse(self, state: State, seconds: float | None = None) -> Analysis:
        assert isinstance(state, HaaienzeeState) and not state.is_over
        sim = Sim(state)
        b = state.board
        ranking: list[tuple[str, float]] = []
        if sim.setup:
            for v, (h, d, c) in place_values(sim):
                ranking.append((f"{b.names[h]} {DIRECTIONS[d]} {COLOUR_NAMES[c]}", v))
            reason = "the start with the longest line of its prey in reach"
        else:
            names = {}
            for text, swim in state.legal_table().items():
                assert isinstance(swim, Swim)
                names[(swim.prey, swim.turn, swim.dest)] = text
            for v, (eaten, act, turn, dest) in greedy_values(sim):
                ranking.append((names[act, turn, dest], eaten + self.care * (v - eaten)))
            reason = "the most fish now, then the best spot for the next turn"
        best = max(v for _, v in ranking)
        move = self.rng.choice(near_best(ranking))
        ranking.sort(key=lambda mv: -mv[1])
        return Analysis(move, best, ranking, reason)

    def choose(self, state: State, seconds: float | None = None) -> str:
        return self.analyse(state, seconds).move


PLAYERS: dict[str, PlayerInfo] = {
    "greedy": PlayerInfo("greedy", HaaienzeeGreedy,
                         "the most fish now, then the best spot for the next turn"),
    "strong": PlayerInfo("strong", StrongPlayer,
                         "search: every move followed by a greedy play-out of two rounds, "
                         "scored by health and reachable prey (alpha-beta with depth > 1)"),
}

#: the ladder, weakest first: the greedy player choosing with a temperature (in fish: the
#: lower, the fewer its mistakes), greedy itself, then searches with longer play-outs
LEVELS: dict[str, Level] = {
    "beginner": level("beginner", "tempered", {"inner": "greedy", "care": 0,
                                               "temperature": 0.5}),
    "novice": level("novice", "tempered", {"inner": "greedy", "temperature": 0.1}),
    "easy": level("easy", "tempered", {"inner": "greedy", "temperature": 0.025}),
    "normal": level("normal", "tempered", {"inner": "greedy", "temperature": 0.01}),
    "good": level("good", "greedy"),
    "expert": level("expert", "strong", {"horizon": 2}, 1.0),
    "strong": level("strong", "strong", {}, 1.0),
}

#: two seats; 300 games between neighbours on the ladder, 100 a step further, 30 else;
#: twice as many for beginner's and strong's tables (one neighbour each)
RATING_PLAN = RatingPlan(seats=2, games=(300, 100, 30), ends=2.0)
