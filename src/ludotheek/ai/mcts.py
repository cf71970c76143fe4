"""Monte Carlo tree search for every game, with or without hidden information.

This is single-observer information-set MCTS (Cowling, Powley and Whitehouse,
2012): each iteration draws a world consistent with what the searching player
knows (``State.determinize``; for games without secrets the state itself), walks
the tree of moves choosing by UCB1 among the moves legal in that world (with
availability counts), adds one node, plays at random to the end (or to
``max_rollout`` moves, then ``adjudicate``), and backs up each seat's reward.
Every seat maximises its own reward, so it works for any number of players.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ludotheek.ai.base import Analysis, Deadline, seeded
from ludotheek.core.game import State
from ludotheek.core.rng import Rng


def win_rewards(state: State) -> list[float]:
    """1 shared among the winners; a draw gives everyone an equal part."""
    n = state.num_players
    winners = state.winners()
    if not winners:
        return [1.0 / n] * n
    share = 1.0 / len(winners)
    return [share if i in winners else 0.0 for i in range(n)]


def score_rewards(state: State) -> list[float]:
    """Each seat's score scaled to 0..1 between the lowest and the highest score,
    plus a bonus for winning: for games where every point counts."""
    scores = list(state.scores())
    lo, hi = min(scores), max(scores)
    spread = (hi - lo) or 1.0
    wins = win_rewards(state)
    return [0.5 * (s - lo) / spread + 0.5 * w for s, w in zip(scores, wins)]


REWARDS: dict[str, Callable[[State], list[float]]] = {"win": win_rewards, "score": score_rewards}


class _Node:
    __slots__ = ("avail", "children", "move", "mover", "parent", "reward", "visits")

    def __init__(self, move: str | None, parent: _Node | None, mover: int | None) -> None:
        self.move = move
        self.parent = parent
        self.mover = mover
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


def random_rollout(state: State, rng: Rng, max_moves: int) -> State:
    """Random moves to the end, or ``max_moves`` of them then ``adjudicate``."""
    for _ in range(max_moves):
        if state.is_over:
            return state
        state = state.play(rng.choice(state.legal_moves()))
    if state.is_over:
        return state
    try:
        return state.adjudicate()
    except NotImplementedError:
        return state


class MCTSPlayer:
    """UCT / information-set MCTS with random rollouts.

    ``iterations`` fixes the work (repeatable); otherwise it searches for
    ``seconds`` (the ``seconds`` given to ``choose`` wins over the default).
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float = 1.0,
        exploration: float = 0.7,
        max_rollout: int = 300,
        reward: str = "win",
        rollout: Callable[[State, Rng, int], State] | None = None,
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}")
        self.rng = seeded(seed)
        self.iterations = None if iterations is None else int(iterations)
        self.seconds = float(seconds)
        self.c = float(exploration)
        self.max_rollout = int(max_rollout)
        self.rewards = REWARDS[reward]
        self.rollout = rollout or random_rollout

    def choose(self, state: State, seconds: float | None = None) -> str:
        return self.analyse(state, seconds).move

    def analyse(self, state: State, seconds: float | None = None) -> Analysis:
        me = state.to_move
        assert me is not None, "the game is over"
        legal = state.legal_moves()
        if len(legal) == 1:
            return Analysis(legal[0], None, [(legal[0], 1.0)], "the only legal move")
        root = _Node(None, None, None)
        budget = self.iterations
        deadline = Deadline(self.seconds if seconds is None else seconds)
        rng, c = self.rng, self.c
        done = 0
        while (done < budget) if budget is not None else (done == 0 or not deadline.passed()):
            done += 1
            s = state.determinize(me, rng)
            node = root
            while not s.is_over:
                moves = s.legal_moves()
                children = node.children
                untried = [m for m in moves if m not in children]
                for m in moves:
                    child = children.get(m)
                    if child is not None:
                        child.avail += 1
                mover = s.to_move
                if untried:
                    m = rng.choice(untried)
                    s = s.play(m)
                    node = children[m] = _Node(m, node, mover)
                    break
                best, best_value = moves[0], -math.inf
                for m in moves:
                    ch = children[m]
                    value = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if value > best_value:
                        best, best_value = m, value
                s = s.play(best)
                node = children[best]
            end = self.rollout(s, rng, self.max_rollout)
            rewards = self.rewards(end)
            back: _Node | None = node
            while back is not None:
                back.visits += 1
                if back.mover is not None:
                    back.reward += rewards[back.mover]
                back = back.parent
        ranked = sorted(
            ((m, ch) for m, ch in root.children.items() if m in legal),
            key=lambda mc: (-mc[1].visits, -mc[1].reward),
        )
        move, top = ranked[0]
        value = top.reward / top.visits
        return Analysis(
            move,
            value,
            [(m, ch.reward / ch.visits) for m, ch in ranked],
            f"the most searched move: expected reward {value:.2f} over {top.visits} of "
            f"{done} simulations",
            {"iterations": done},
        )
