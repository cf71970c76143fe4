"""Akwaier's own computer players and the levels the pages offer."""

from __future__ import annotations

from typing import Any

from ludotheek.ai.mcts import MCTSPlayer
from ludotheek.ai.players import Level, PlayerInfo, RatingPlan, level
from ludotheek.games.akwaier.classic import ClassicPlayer
from ludotheek.games.akwaier.playout import fast_rollout
from ludotheek.games.akwaier.search import EstimatePlayer, StrongPlayer


def ismcts(seed: int | None = None, reward: str = "score", max_rollout: int = 60,
           **params: Any) -> MCTSPlayer:
    """Information-set MCTS (hidden tiles dealt anew each iteration) with fast random
    playouts on the core, cut off after ``max_rollout`` decisions and scored by wealth."""
    player = MCTSPlayer(seed=seed, reward=reward, max_rollout=max_rollout,
                        rollout=fast_rollout, **params)
    player.name = "ismcts"
    return player


PLAYERS: dict[str, PlayerInfo] = {
    "classic": PlayerInfo("classic", ClassicPlayer,
                          "the computer player of the 1987 program, as the rules file "
                          "describes it"),
    "estimate": PlayerInfo("estimate", EstimatePlayer,
                           "one ply: the move after which its estimate of final wealth "
                           "(against the best other player's) is best; reserve: the cash "
                           "it keeps (it buys no share that takes its cash below it)"),
    "strong": PlayerInfo("strong", StrongPlayer,
                         "determinized search: the unseen tiles dealt at random, rollouts "
                         "by the 1987 policy (its own purchases by the estimate), judged by "
                         "estimated final wealth"),
    "ismcts": PlayerInfo("ismcts", ismcts,
                         "information-set MCTS with fast random playouts scored by wealth"),
}

#: the ladder, weakest first (a DECISION, docs/rules/akwaier.md, spaced by probes in
#: docs/strength.md): the one-ply estimate choosing with a temperature (in money) for the four
#: lowest, *normal* the highest of them, the beginner also keeping 10,000 in cash (it buys
#: little), then the 1987 players and the search. A level's
#: definition (player and parameters) is what tells a rating run and the shipped ratings
#: that the level changed, a default of the player's class does not, so *strong* says own=99
LEVELS: dict[str, Level] = {
    "beginner": level("beginner", "tempered", {"inner": "estimate", "reserve": 10000,
                                               "temperature": 12800}),
    "novice": level("novice", "tempered", {"inner": "estimate", "temperature": 38000}),
    "easy": level("easy", "tempered", {"inner": "estimate", "temperature": 10000}),
    "normal": level("normal", "tempered", {"inner": "estimate", "temperature": 5000}),
    "classic": Level("classic", "classic", {}, 0.0,
                     {"en": "1987 (the original)", "nl": "1987 (het origineel)",
                      "no": "1987 (originalen)"}),
    "strong": level("strong", "strong", {"own": 99, "depth": 48}, 1.0),
}

#: six seats, six levels: one table of all of them, 600 games (100 deals, each played in the
#: six rotations of its seats)
RATING_PLAN = RatingPlan(seats=6, games=(600,))
