"""The ``strong`` player: Monte Carlo tree search in which each seat maximises its own result.

Every node keeps, for every seat, the sum of the rewards backed up through it; the seat
to move at a node chooses among its children by UCB1 on its own average reward (the
max^n rule, so it works for 2, 3 and 4 players). Moves are tried in the order of a
quick prior (the immediate gain for builds), and a node widens progressively: with ``n``
visits it considers its ``widen * sqrt(n) + 1`` best moves. A new leaf is valued by a
short playout with a fast policy followed by :func:`.evaluate.projected` (the estimated
final score of every seat); each seat's reward is its estimated margin over the best
other seat, squashed to 0..1.
"""

from __future__ import annotations

import math

from ludotheek.ai.base import Analysis, Deadline, seeded
from ludotheek.core.game import State
from ludotheek.core.rng import Rng
from ludotheek.games.aqua_romana.evaluate import (
    bonus_score,
    estimate,
    margins,
    placement_score,
    projected,
    squash,
)
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
from ludotheek.games.aqua_romana.site import Refusal


def build_prior(state: AquaState, mv: Move, seat: int) -> float:
    """A build's immediate gain from the trial flows: own squares added, others' taken
    away, an own aqueduct closed valued at its podium."""
    result = state.trial(mv[5], mv[4])
    assert not isinstance(result, Refusal)
    seat_of = state.table.seat_of
    gain = 0.0
    for f in result:
        w = f.worker
        added = len(f.channels)
        if seat_of[w] == seat:
            gain += added
            if f.closed is not None:
                length = state.lengths[w] + added
                gain += podium_for(state.podiums, length) - length
        else:
            gain -= 0.5 * added
            if f.closed is not None:
                gain += 0.5 * state.lengths[w]
    return gain


def prior(state: AquaState, mv: Move, seat: int) -> float:
    t = mv[0]
    if t == BUILD:
        return build_prior(state, mv, seat)
    if t == PLACE:
        return float(placement_score(state, seat, mv[2]))
    if t == BONUS:
        return float(bonus_score(state, seat, mv))
    if t == PICK:
        return -1.0 if mv[1] < 0 else (2.0 if mv[1] == JOKER else 1.0)
    if t == CLOSE:
        if mv[1] < 0:
            return 0.5
        length = state.lengths[mv[1]]
        return podium_for(state.podiums, length) / 20.0
    return 0.0


def ordered_moves(state: AquaState, rng: Rng, limit: int) -> list[Move]:
    """The legal moves, best prior first (ties in random order), at most ``limit`` for the
    steps with many alike moves (placing builders, bonus tiles)."""
    seat = state.to_move
    assert seat is not None
    moves = state.legal()
    keyed = [(-prior(state, mv, seat), rng.random(), mv) for mv in moves]
    keyed.sort()
    out = [mv for _, _, mv in keyed]
    if state.phase in ("setup", "place", "place_now", "bonus"):
        out = out[:limit]
    return out


def playout_move(state: AquaState, rng: Rng) -> Move:
    """The fast policy of the playouts: the best build by its prior (random among
    equals), greedy's closing rule, the joker first, random placements and bonus tiles."""
    moves = state.legal()
    seat = state.to_move
    assert seat is not None
    t = moves[0][0]
    if t == BUILD:
        best, best_v = moves[0], -math.inf
        for mv in moves:
            v = build_prior(state, mv, seat) + rng.random() * 0.5
            if v > best_v:
                best, best_v = mv, v
        return best
    if t == CLOSE:
        best, best_v = moves[0], 0.0
        for mv in moves[1:]:
            length = state.lengths[mv[1]]
            v = podium_for(state.podiums, length)
            if v >= 8 and v >= min(length, 20) and v > best_v:
                best, best_v = mv, v
        return best
    if t == PICK:
        return moves[-1]
    return moves[rng.randbelow(len(moves))]


class _Node:
    __slots__ = ("children", "moves", "n", "points", "state", "w")

    def __init__(self, state: AquaState) -> None:
        self.state = state
        self.moves: list[Move] | None = None
        self.children: list[tuple[Move, _Node]] = []
        self.n = 0
        self.w = [0.0] * state.num_players
        #: the sum of every seat's estimated final points at the leaves below
        self.points = [0.0] * state.num_players


class StrongPlayer:
    """MCTS with progressive widening and evaluated short playouts (see the module doc).

    ``iterations`` fixes the work per decision (repeatable); ``seconds`` caps the time.
    """

    name = "strong"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 300,
        seconds: float | None = None,
        exploration: float = 0.4,
        widen: float = 1.0,
        playout: int = 4,
        limit: int = 8,
        scale: float = 6.0,
        eval: str = "fitted",
    ) -> None:
        self.eval = eval
        self.rng = seeded(seed)
        self.iterations = int(iterations)
        self.seconds = seconds
        self.c = float(exploration)
        self.widen = float(widen)
        self.playout = int(playout)
        self.limit = int(limit)
        self.scale = float(scale)

    def choose(self, state: State, seconds: float | None = None) -> str:
        return self.analyse(state, seconds).move

    def _rewards(self, state: AquaState) -> tuple[list[float], list[float]]:
        """Each seat's reward at a new leaf, and its estimated final points."""
        rng = self.rng
        s = state
        for _ in range(self.playout):
            if s.to_move is None:
                break
            s = s.apply_unchecked(playout_move(s, rng))
        values = estimate(s) if self.eval == "fitted" else projected(s)
        return [squash(m, self.scale) for m in margins(values)], values

    def analyse(self, state: State, seconds: float | None = None) -> Analysis:
        assert isinstance(state, AquaState)
        me = state.to_move
        assert me is not None, "the game is over"
        table = state.table
        legal = state.legal()
        if len(legal) == 1:
            return Analysis(format_move(table, legal[0]), None, [], "the only legal move")
        root = _Node(state)
        deadline = Deadline(seconds if seconds is not None else self.seconds)
        rng, c, widen = self.rng, self.c, self.widen
        done = 0
        while done < self.iterations and not (done and deadline.passed()):
            done += 1
            node = root
            path = [root]
            while True:
                s = node.state
                if s.to_move is None:
                    break
                if node.moves is None:
                    node.moves = ordered_moves(s, rng, self.limit)
                allowed = min(len(node.moves), int(widen * math.sqrt(node.n)) + 1)
                if len(node.children) < allowed:
                    mv = node.moves[len(node.children)]
                    child = _Node(s.apply_unchecked(mv))
                    node.children.append((mv, child))
                    path.append(child)
                    node = child
                    break
                mover = s.to_move
                log_n = math.log(node.n + 1)
                best, best_v = node.children[0][1], -math.inf
                for _, ch in node.children:
                    v = ch.w[mover] / ch.n + c * math.sqrt(log_n / ch.n)
                    if v > best_v:
                        best, best_v = ch, v
                node = best
                path.append(node)
            rewards, points = self._rewards(node.state)
            for p in path:
                p.n += 1
                w, pts = p.w, p.points
                for i, r in enumerate(rewards):
                    w[i] += r
                    pts[i] += points[i]
        ranked = sorted(root.children, key=lambda mc: (-mc[1].n, -mc[1].w[me]))
        mv, top = ranked[0]
        value = top.w[me] / top.n
        return Analysis(
            format_move(table, mv), value,
            [(format_move(table, m), ch.w[me] / ch.n) for m, ch in ranked],
            f"the most searched move: expected reward {value:.2f} over {top.n} of {done} "
            "simulations",
            {"iterations": done, "seats": [p / top.n for p in top.points],
             "moves": {format_move(table, m): {"visits": ch.n,
                                               "points": [p / ch.n for p in ch.points]}
                       for m, ch in ranked}},
        )
