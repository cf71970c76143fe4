"""Akwaier's strong player: determinized search over the unseen tiles.

For each decision (place a tile or found a chain, keep a survivor, buy shares):

1. **Candidates.** Every legal move, with look-alikes merged: founding on one cell
   chains of the same base price gives the same prices and pots, so one of them
   (the first) stands for all; buying is ``buy none``, or 1 share or as many as
   the cash allows (at most 3) of each chain.
2. **Pruning.** Each candidate is played on a copy of the position and the
   result judged by :mod:`~ludotheek.games.akwaier.evaluation` (estimated final
   wealth of every seat, from public facts only); the ``top`` best stay.
3. **Search.** Sequential halving (Karnin, Koren and Somekh, 2013) spends the
   budget of ``iterations`` simulations: in rounds, each remaining candidate is
   played in the same sampled worlds, and the worse half is dropped after each
   round. A *world* deals the tiles the player cannot see (the other hands and
   the bag) at random, consistent with what it saw (``State.determinize``: the
   other players keep as many tiles as they hold; the board, cash and shares are
   public). In a world every seat then plays on by the 1987 program's policy
   (:mod:`~ludotheek.games.akwaier.classic`, the only documented way of playing
   this game, used as the model of a typical player), except the player's own
   purchases, which are the one-ply estimate's (``own``), for ``depth``
   decisions or to the end, and the position reached is judged by
   the evaluation: the player's estimated final wealth minus ``rivalry`` times
   the best other seat's (the wealth itself when the game ended).
   All candidates see the same worlds and the same random choices of the
   rollouts (common random numbers), so their differences are measured with
   less noise.
4. The candidate left (the best mean) is played.

The work is fixed by ``iterations``, the most simulations it runs (repeatable:
the same seed and position give the same move; the first world is always
searched); ``seconds`` only caps it (the move is then chosen among the
candidates searched so far, by their means).

The worlds and rollouts are compiled (``fast``, numba: the data set
``akwaier-rollouts``) where the application provides them, else run here in Python:
the same deals, random numbers and figures to the last bit (``tests/akwaier/test_kernel.py``
compares them), so the same move and analysis either way, only sooner.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ludotheek.ai.base import Analysis, Deadline, seeded
from ludotheek.core import resources
from ludotheek.core.errors import BadOption
from ludotheek.core.game import State
from ludotheek.core.rng import Rng
from ludotheek.games.akwaier.board import CHAINS
from ludotheek.games.akwaier.classic import core_of
from ludotheek.games.akwaier.core import BUY, KEEP, OVER, PLACE, Core
from ludotheek.games.akwaier.data import ROLLOUTS
from ludotheek.games.akwaier.evaluation import estimates, standing
from ludotheek.games.akwaier.infer import Limits, deal, hidden_limits
from ludotheek.games.akwaier.money import BASE_PRICE
from ludotheek.games.akwaier.notation import BUY_NONE, legal_moves, parse
from ludotheek.games.akwaier.playout import classic_playout


def play_on(core: Core, move: str) -> None:
    """Play a legal ``move`` on ``core`` itself."""
    op = parse(core, move)
    op[0](core, *op[1:])


def candidates(core: Core, two: bool = False) -> list[str]:
    """The legal moves worth telling apart (see the module's docstring), in the order
    of :func:`~ludotheek.games.akwaier.notation.legal_moves`; with ``two``, buying 2
    shares of a chain is a candidate too."""
    moves = legal_moves(core)
    if core.phase == PLACE:
        out: list[str] = []
        seen: set[tuple[str, int]] = set()
        for m in moves:
            cell, plus, chain = m.partition("+")
            if plus:
                key = (cell, BASE_PRICE[chain])
                if key in seen:
                    continue
                seen.add(key)
            out.append(m)
        return out
    if core.phase == BUY:
        most: dict[str, str] = {}
        for m in moves[1:]:
            most[m.split()[1]] = m  # the moves of a chain come 1, 2, 3: the last is the most
        return [BUY_NONE] + [m for m in moves[1:] if m.endswith(" 1") or most[m.split()[1]] == m
                             or (two and m.endswith(" 2"))]
    return moves


@dataclass
class _Arm:
    move: str
    #: the evaluation right after the move (the pruning's figure)
    static: float
    total: float = 0.0
    wealth: float = 0.0
    lead: float = 0.0
    #: the sum of every seat's estimated final wealth at the ends of its simulations
    seats: list[float] | None = None
    visits: int = 0
    #: the round of sequential halving it reached
    reached: int = 0
    #: its place among the candidates (the compiled rollouts' index)
    index: int = -1

    def mean(self) -> float:
        return self.total / self.visits if self.visits else -math.inf


def _judge(core: Core, me: int, rivalry: float) -> tuple[float, float, float]:
    """(the figure maximised, my estimated final wealth, my lead over the best other)."""
    return _judged(estimates(core), me, rivalry)


def _judged(values: list[float], me: int, rivalry: float) -> tuple[float, float, float]:
    mine = values[me]
    best_other = max(v for s, v in enumerate(values) if s != me)
    return standing(values, me, rivalry), mine, mine - best_other


#: the chance to finish first by the estimated lead over the best other seat, at the
#: turns 0, 15, 30, ...: (slope per 10,000, intercept) of a logistic curve fitted on
#: the positions of 300 games of six 1987 players (docs/strength.md, Akwaier)
WIN_CURVE = ((0.487, -1.4), (0.196, -1.3), (0.145, -1.2), (0.196, -1.1), (0.182, -1.1),
             (0.196, -1.0), (0.211, -0.9), (0.246, -0.7), (0.286, -0.6), (0.309, -0.5))
WIN_STEP = 15
#: rollouts "to the end": more decisions than any game has left (at most 210 turns)
FINISH_DEPTH = 10_000
#: the search stops this much before its time cap (seconds, and at most this part of
#: the cap): on a loaded machine the last world and the process being put aside took
#: decisions of a 1 s cap to 1.08 s (docs/strength.md, Akwaier)
RESERVE = 0.15


def win_chance(core: Core, values: list[float], me: int) -> float:
    """My chance to finish first: exact when the game is over (a shared first place
    counts its part), else the fitted curve of my estimated lead; a small part of
    the lead breaks ties between positions equally won or lost."""
    lead = values[me] - max(v for s, v in enumerate(values) if s != me)
    if core.phase == OVER:
        top = max(values)
        p = 1.0 / values.count(top) if values[me] == top else 0.0
    else:
        x = min(core.turn / WIN_STEP, len(WIN_CURVE) - 1.0)
        i = min(int(x), len(WIN_CURVE) - 2)
        f = x - i
        (a0, b0), (a1, b1) = WIN_CURVE[i], WIN_CURVE[i + 1]
        z = ((1 - f) * a0 + f * a1) * lead / 10_000.0 + (1 - f) * b0 + f * b1
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return p + 1e-7 * lead / 10_000.0


def _static(core: Core, move: str, me: int, rivalry: float) -> float:
    after = core.copy()
    play_on(after, move)
    if after.phase == KEEP and after.mover == me:  # a tie: I choose the survivor next
        return max(_static(after, k, me, rivalry) for k in legal_moves(after))
    return _judge(after, me, rivalry)[0]


def _deciding(state: State) -> tuple[Core, int]:
    """The position to decide in and the seat deciding (a finished game has none)."""
    core = core_of(state)
    if core.phase == OVER:
        raise ValueError("the game is over")
    return core, core.mover


class StrongPlayer:
    """Determinized search with 1987-policy rollouts and an estimate of final wealth.

    ``iterations``: simulations per decision (the budget); ``seconds``: a cap on the
    time per decision; ``depth``: decisions per rollout before the evaluation
    judges; ``top``: candidates kept after pruning; ``rivalry``: how much the best
    other seat's wealth counts against the player's own (0: only its own wealth);
    ``guard``: 1 makes its own seat in the rollouts buy only where the 1987 rule
    sees its place threatened (an experiment, off: not better in 300 games,
    docs/strength.md). Two more experiments, off (not better in paired games from
    turn 100, docs/strength.md): ``win`` (a turn; -1: never) judges the simulations
    of decisions from that turn on by the chance to finish first
    (:func:`win_chance`) instead of the estimated wealth; ``finish`` (tiles; 0:
    never) plays the rollouts to the end of the game once the largest chain has
    that many tiles. ``two``: 1 makes buying 2 shares of a chain a candidate too
    (else 1 or as many as allowed). ``infer``: 1 deals the unseen tiles within what
    the public moves tell about the 1987 players' hands (:mod:`.infer`), when the
    state carries them as ``public_moves`` (an experiment: the state of the rules
    does not carry them yet; benchmarks/akwaier_paired.py gives them). ``own``: the
    player's own seat makes its first ``own`` purchases in each rollout as the one-ply
    estimate would (:func:`~ludotheek.games.akwaier.evaluation.best_buy`) instead of by
    the 1987 rule (0: none; the default 99: all of them, since 2026-12-03: 188 of 300
    paired games against the former 162, docs/strength.md); ``place`` (an experiment,
    off) the same for its first placements
    (:func:`~ludotheek.games.akwaier.playout.estimate_place`). ``compiled``: ``auto``
    (the compiled rollouts where the application provides them, else Python's), ``on``
    (compile them here if need be) or ``off`` (Python's); the same figures either way
    (not with ``place`` or ``win``, whose rollouts are Python's only).
    """

    name = "strong"

    def __init__(self, seed: int | None = None, iterations: int = 360, seconds: float = 1.0,
                 depth: int = 24, top: int = 6, rivalry: float = 0.5,
                 guard: int = 0, win: int = -1, finish: int = 0, two: int = 0,
                 infer: int = 0, own: int = 99, place: int = 0,
                 compiled: str = "auto") -> None:
        if iterations < 1 or depth < 0 or top < 2:
            raise ValueError("iterations must be at least 1, depth at least 0, top at least 2")
        if compiled not in ("auto", "on", "off"):
            raise ValueError(f"compiled is auto, on or off, not {compiled!r}")
        self.rng = seeded(seed)
        self.iterations = int(iterations)
        self.seconds = float(seconds)
        self.depth = int(depth)
        self.top = int(top)
        self.rivalry = float(rivalry)
        self.guard = bool(guard)
        self.win = int(win)
        self.finish = int(finish)
        self.two = bool(two)
        self.infer = bool(infer)
        self.own = int(own)
        self.place = int(place)
        self.compiled = compiled

    def choose(self, state: State, seconds: float | None = None) -> str:
        return self.analyse(state, seconds).move

    def _kernel(self) -> Any:
        """The compiled rollouts' module (``fast``), or None: Python's rollouts then."""
        if self.compiled == "off" or self.place:
            return None
        if self.compiled == "on":
            from ludotheek.games.akwaier import fast

            return fast
        return resources.current().get(ROLLOUTS)

    def implementation(self, state: State) -> str:
        """Which rollouts this player uses for ``state`` now: ``compiled`` (numba's) or
        ``python`` (the reference: where the application provides no compiled rollouts,
        with ``compiled=off``, ``place``, or ``win`` from this turn on). The same figures
        either way, far fewer simulations a second in Python: a ``seconds`` cap may then
        cut the work (``ludotheek.ai.base.implementation_of``)."""
        by_chance = 0 <= self.win <= core_of(state).turn
        return "python" if by_chance or self._kernel() is None else "compiled"

    def rollout_depth(self, core: Core) -> int:
        """Decisions per rollout in this position: ``depth``, or to the end of the game
        once the largest chain has ``finish`` tiles (if ``finish`` is set)."""
        if self.finish and max(core.sizes) >= self.finish:
            return FINISH_DEPTH
        return self.depth

    def hidden_limits(self, state: State, core: Core, me: int) -> Limits | None:
        """With ``infer``, what the public moves so far (the state's ``public_moves``,
        if it has them) tell about the other hands (:mod:`.infer`); else None."""
        moves = getattr(state, "public_moves", None) if self.infer else None
        if moves is None:
            return None
        held = [sum(1 for t in core.hand(s) if t >= 0) for s in range(len(core.cash))]
        return hidden_limits(state.options, moves, me, held)

    def analyse(self, state: State, seconds: float | None = None) -> Analysis:
        core, me = _deciding(state)
        moves = candidates(core, self.two)
        if len(moves) == 1:
            return Analysis(moves[0], None, [(moves[0], 0.0)], "the only possible move",
                            {"player": self.name, "simulations": 0})
        cap = self.seconds if seconds is None else seconds
        deadline = Deadline(cap - min(RESERVE, RESERVE * cap))
        arms = sorted((_Arm(m, _static(core, m, me, self.rivalry), index=i)
                       for i, m in enumerate(moves)), key=lambda a: -a.static)
        active = arms[:self.top]
        rounds = max(1, math.ceil(math.log2(len(active))))
        rng = self.rng
        by_chance = 0 <= self.win <= core.turn
        depth = self.rollout_depth(core)
        limits = self.hidden_limits(state, core, me)
        fast = None if by_chance else self._kernel()
        worlds = fast.Worlds(core, me, moves) if fast is not None else None
        guarded = me if self.guard else -1
        done = 0
        stop = False
        for r in range(rounds):
            if len(active) == 1:
                break
            per_round = max(1, self.iterations // (len(active) * rounds))
            for _ in range(per_round):
                if done and (done + len(active) > self.iterations or deadline.passed()):
                    stop = True
                    break
                dealt = None if limits is None else deal(core, me, rng, limits)
                if worlds is not None:  # the same, compiled: the sums kept there
                    worlds.run(rng, [a.index for a in active], depth, guarded, self.own,
                               self.rivalry, dealt)
                    done += len(active)
                    continue
                world_core = core_of(state.determinize(me, rng)) if dealt is None else dealt
                rollout_seed = rng.next64()
                for arm in active:
                    sim = world_core.copy()
                    play_on(sim, arm.move)
                    classic_playout(sim, Rng(rollout_seed), depth, guarded, me, self.own,
                                    self.rivalry, self.place)
                    values = estimates(sim)
                    self._count(arm, values, me,
                                win_chance(sim, values, me) if by_chance else None)
                    done += 1
            if worlds is not None:
                for arm in active:
                    arm.total, arm.wealth, arm.lead, seats, arm.visits = worlds.sums(arm.index)
                    arm.seats = seats if arm.visits else None
            for arm in active:
                arm.reached = r + 1
            active.sort(key=lambda a: -a.mean())
            if stop:
                break
            active = active[:(len(active) + 1) // 2]
        best = active[0]
        return self._analysis(best, arms, done)

    def _count(self, arm: _Arm, values: list[float], me: int,
               score: float | None = None) -> None:
        """Add a simulation's end (every seat's estimate ``values``) to ``arm``; ``score``:
        the figure maximised, if not the standing."""
        judged, wealth, lead = _judged(values, me, self.rivalry)
        if arm.seats is None:
            arm.seats = values
        else:
            arm.seats = [a + v for a, v in zip(arm.seats, values, strict=True)]
        arm.total += judged if score is None else score
        arm.wealth += wealth
        arm.lead += lead
        arm.visits += 1

    def _analysis(self, best: _Arm, arms: list[_Arm], done: int) -> Analysis:
        searched = sorted((a for a in arms if a.visits),
                          key=lambda a: (-a.reached, -a.mean()))
        ranking = [(a.move, round(a.wealth / a.visits)) for a in searched]
        wealth = best.wealth / best.visits
        lead = best.lead / best.visits
        reason = (f"{best.move}: expected final wealth {wealth:,.0f} "
                  f"({'ahead of' if lead >= 0 else 'behind'} the best other player by "
                  f"{abs(lead):,.0f}), over {best.visits} deals of the unseen tiles")
        others = [a for a in searched if a is not best]
        if others:
            nxt = others[0]
            reason += (f"; next best {nxt.move}: {nxt.wealth / nxt.visits:,.0f} "
                       f"(lead {nxt.lead / nxt.visits:+,.0f})")
        assert best.seats is not None
        return Analysis(best.move, float(round(wealth)), [(m, float(v)) for m, v in ranking],
                        reason, {"player": self.name, "simulations": done,
                                 "candidates": len(arms), "searched": len(searched),
                                 "seats": [round(v / best.visits) for v in best.seats],
                                 "moves": {a.move: {"visits": a.visits, "seats": [
                                     round(v / a.visits) for v in a.seats or ()]}
                                     for a in searched}})



def _within(core: Core, me: int, reserve: int) -> list[str]:
    """The buying candidates that leave at least ``reserve`` in cash: ``buy none``, and
    for each chain 1 share and as many as the reserve allows (at most 3)."""
    legal = set(legal_moves(core))
    out = [BUY_NONE]
    spare = core.cash[me] - reserve
    for chain in range(len(CHAINS)):
        price = core.price(chain) if core.sizes[chain] else 0
        if not price or spare < price:
            continue
        name = f"buy {CHAINS[chain]}"
        most = min(3, spare // price)
        out += [f"{name} {n}" for n in sorted({1, most}) if f"{name} {n}" in legal]
    return out


class EstimatePlayer:
    """One ply: the candidate whose position right after it the evaluation likes best
    (no look-ahead, no hidden tiles; a few milliseconds)."""

    name = "estimate"

    def __init__(self, seed: int | None = None, rivalry: float = 0.5,
                 reserve: int = 0) -> None:
        self.rng = seeded(seed)
        self.rivalry = float(rivalry)
        if not 0 <= int(reserve) <= 10_000_000:
            raise BadOption(f"reserve (the cash it keeps) must be between 0 and 10000000, "
                            f"not {reserve}", code="option.range", option="reserve", low=0,
                            high=10_000_000, value=reserve)
        #: the cash it keeps: it buys no share that would take its cash below this (a
        #: cautious beginner's way with money)
        self.reserve = int(reserve)

    def choose(self, state: State, seconds: float | None = None) -> str:
        return self.analyse(state, seconds).move

    def analyse(self, state: State, seconds: float | None = None) -> Analysis:
        core, me = _deciding(state)
        moves = candidates(core)
        if core.phase == BUY and self.reserve:
            moves = _within(core, me, self.reserve)
        ranking = sorted(((m, _static(core, m, me, self.rivalry)) for m in moves),
                         key=lambda mv: -mv[1])
        move, value = ranking[0]
        return Analysis(move, value, ranking,
                        "the best estimated standing right after the move (my estimated "
                        "final wealth minus half the best other player's)",
                        {"player": self.name})
