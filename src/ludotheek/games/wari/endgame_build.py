"""Retrograde analysis of Wari endgames, one seed count (tier) at a time, with numpy.

What is computed (docs/rules/wari.md, "Endgame database", says it in words):

A position is a board seen from the player to move (see ``endgame_index``). Its
*value* is the net gain of the player to move from the seeds on the board: what
they get from now on minus what the opponent gets, with perfect play by both.
Seeds already in the stores do not matter (they are kept whatever happens), so
a value depends on the board alone and lies in ``-n .. n`` for ``n`` seeds.

Within a tier no seed leaves the board except by a capture (then the game goes on
in a lower tier, already solved) or at the end of the game (when the player to
move has no legal move: each side's seeds go to its owner). Play that goes on
for ever without either is *endless play*; the engine's repetition rule ends
it at the third occurrence of a position, each player taking the seeds on
their side. For each board two numbers are computed:

``f`` (the lower value)
    the most the player to move can make sure of while also making sure that
    play is not endless (a capture or the end must come): the least fixed point
    of ``f(p) = max over moves (exit value, or -g(child))``;
``g`` (the upper value)
    the most the player to move gets if endless play were the best thing for
    them: the greatest fixed point of ``g(p) = max over moves (exit value, or
    -f(child))``.

An *exit value* is what a capture gives: the seeds captured minus the lower
tier's value of the position after it (a fresh position: the engine clears the
repetition history after a capture). When ``f == g`` the value is forced: both
players can make sure of it without a position ever repeating. Otherwise
endless play is in reach of both, and the value of the position depends on how
endless play is scored. The database's convention (stated in the docs as a
DECISION): endless play is scored as the repetition rule would score the
position *where the capture-free stretch began* (for a position looked up on its
own: the position itself, ``stop`` = own seeds minus the opponent's). The value
of that game, for a position whose stretch began with the mover's stop value
``c``, is ``clip(c, f, g)``; a fresh position's value is ``clip(stop, f, g)``.

Both fixed points are computed together by synchronous sweeps (Jacobi): after
sweep ``t``, ``f_t(p)`` is the most the mover can make sure of with an exit
within ``t`` plies, ``g_t(p)`` the same with an unfinished game at ply ``t``
counting as the best for them. ``df``/``dg`` keep the sweep at which ``f``/``g``
took their final value: a player who must force an exit moves to a child with
``-g(child) == f`` and ``dg(child) < df`` (one always exists), and so never
goes round in a circle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ludotheek.games.wari.endgame_index import boards_of, rank
from ludotheek.games.wari.rules import SOW

#: "no exit can be forced" (f) and "endless play" (g) while sweeping; |value| <= 15 otherwise
LOW, HIGH = -100, 100
#: rows of a tier handled together when listing moves (bounds the memory used)
CHUNK_ROWS = 1 << 20

Int8s = npt.NDArray[np.int8]
Progress = Callable[[str, int, int], None]


def _sow_tables(max_count: int) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.intp]]:
    """``delta[cup, count]`` (12 changes) and ``last[cup, count]`` for the mover's cups 0-5,
    from the engine's own sowing table."""
    delta = np.zeros((6, max_count + 1, 12), dtype=np.int16)
    last = np.zeros((6, max_count + 1), dtype=np.intp)
    for cup in range(6):
        for count in range(max_count + 1):
            change, end = SOW[cup][count]
            delta[cup, count] = change
            last[cup, count] = end
    return delta, last


@dataclass
class TierMoves:
    """The moves of every board of a tier (N boards, 6 own cups each)."""

    #: N: own seeds minus the opponent's (the value if the game stopped here)
    stop: Int8s
    #: N: the player to move has no legal move (the game is over)
    terminal: npt.NDArray[np.bool_]
    #: N: the best capture, valued by the lower tiers' fresh values (LOW if no capture)
    exit_best: Int8s
    #: N: the same valued by the lower tiers' robust bounds: the least it can be worth
    #: (the opponent's upper bound after it) and the most (their lower bound)
    exit_low: Int8s
    exit_high: Int8s
    #: N×6: the number of the position after each legal move without capture
    #: (in the same tier); N (a dummy) for other cups
    child: npt.NDArray[np.int32]


@dataclass
class Lower:
    """A solved lower tier, as the tiers above need it."""

    fresh: Int8s  # the convention's value of each board looked up on its own
    low: Int8s  # robust bounds (see ``solve_robust``)
    high: Int8s


def sow_all(boards: npt.NDArray[np.integer], cup: int, abapa: bool = False) -> tuple[
        npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.int16],
        npt.NDArray[np.int16]]:
    """Play own cup ``cup`` (0-5) on every board (M×12, mover first): whether it is a
    candidate (non-empty, and feeding an empty opponent), whether it is a grand slam,
    the seeds captured and the board after it, seen from the opponent (M×12). With
    ``abapa`` a grand slam captures nothing."""
    b = np.asarray(boards, dtype=np.int16)
    count = b[:, cup]
    delta, last = _sow_tables(int(count.max(initial=0)))
    new = b + delta[cup, count]
    pos = last[cup, count] - 6  # the last seed's cup in the opponent's row, or < 0
    opp = new[:, 6:]
    two_three = (opp >= 2) & (opp <= 3)
    taken = np.zeros_like(two_three)
    alive = np.ones(len(b), dtype=bool)
    for j in range(5, -1, -1):
        reach = j <= pos
        take = alive & reach & two_three[:, j]
        taken[:, j] = take
        alive = np.where(reach, take, alive)
    captured = (opp * taken).sum(axis=1, dtype=np.int16)
    opp_after = np.where(taken, 0, opp)
    candidate = (count > 0) & ((b[:, 6:].sum(axis=1) > 0) | (opp.sum(axis=1) > 0))
    slam = (captured > 0) & (opp_after.sum(axis=1) == 0)
    if abapa:
        captured = np.where(slam, 0, captured).astype(np.int16)
        opp_after = np.where(slam[:, None], opp, opp_after)
    child = np.concatenate((opp_after, new[:, :6]), axis=1)
    return candidate, slam, captured, child


def tier_moves(n: int, lower: Sequence[Lower], boards: npt.NDArray[np.uint8] | None = None,
               progress: Progress | None = None, abapa: bool = False) -> TierMoves:
    """List the moves of tier ``n``; ``lower[k]`` is the solved tier ``k < n``. With
    ``abapa`` a grand slam is legal and captures nothing."""
    b_all = boards_of(n) if boards is None else boards
    size = len(b_all)
    stop = (b_all[:, :6].sum(axis=1, dtype=np.int16)
            - b_all[:, 6:].sum(axis=1, dtype=np.int16)).astype(np.int8)
    exits = np.full((3, size), LOW, dtype=np.int8)  # best, low, high
    child = np.full((size, 6), size, dtype=np.int32)
    legal_any = np.zeros(size, dtype=bool)
    for start in range(0, size, CHUNK_ROWS):
        rows = slice(start, min(size, start + CHUNK_ROWS))
        b = b_all[rows]
        results = [sow_all(b, cup, abapa) for cup in range(6)]
        candidate: npt.NDArray[np.bool_] = np.stack([r[0] for r in results], axis=1)
        if abapa:
            legal: npt.NDArray[np.bool_] = candidate
        else:
            allowed = candidate & ~np.stack([r[1] for r in results], axis=1)
            some = np.asarray(allowed.any(axis=1))[:, None]
            legal = np.where(some, allowed, candidate)
        legal_any[rows] = legal.any(axis=1)
        for cup, (_, _, captured, after) in enumerate(results):
            inner = legal[:, cup] & (captured == 0)
            idx = np.flatnonzero(inner)
            child[start + idx, cup] = rank(after[idx])
            for cap in np.unique(captured[legal[:, cup] & (captured > 0)]):
                sel = np.flatnonzero(legal[:, cup] & (captured == cap))
                below = lower[n - int(cap)]
                number = rank(after[sel])
                rows_sel = start + sel
                for k, values in enumerate((below.fresh, below.high, below.low)):
                    worth = int(cap) - values[number].astype(np.int16)
                    exits[k, rows_sel] = np.maximum(exits[k, rows_sel], worth)
        if progress:
            progress("moves", rows.stop, size)
    return TierMoves(stop, ~legal_any, exits[0], exits[1], exits[2], child)


@dataclass
class TierSolution:
    """The solved tier: lower and upper values and the sweeps at which they settled (two
    bytes a board here, one in the compiled ``endgame_fast``)."""

    n: int
    f: Int8s
    g: Int8s
    df: npt.NDArray[np.unsignedinteger[Any]]
    dg: npt.NDArray[np.unsignedinteger[Any]]
    sweeps: int

    def fresh_values(self, stop: Int8s) -> Int8s:
        """``clip(stop, f, g)``: the value of each board looked up on its own."""
        return np.clip(stop, self.f, self.g).astype(np.int8)


def solve(n: int, moves: TierMoves, progress: Progress | None = None,
          robust: bool = False) -> TierSolution:
    """Both fixed points of tier ``n`` by synchronous sweeps over the unsettled boards.

    ``robust``: value captures by the lower tiers' robust bounds instead of their fresh
    values (``f`` then uses the least a capture can be worth, ``g`` the most), which
    gives bounds on the value that hold however endless play is scored."""
    size = len(moves.stop)
    f = np.full(size + 1, LOW, dtype=np.int8)  # the last entry is the dummy child
    g = np.full(size + 1, HIGH, dtype=np.int8)
    g[size] = f[size] = HIGH  # -HIGH == LOW: a dummy child adds nothing to a maximum
    term = np.flatnonzero(moves.terminal)
    f[term] = g[term] = moves.stop[term]
    df = np.zeros(size, dtype=np.uint16)
    dg = np.zeros(size, dtype=np.uint16)
    active = np.flatnonzero(~moves.terminal)
    child = moves.child[active]
    exit_f = (moves.exit_low if robust else moves.exit_best)[active]
    exit_g = (moves.exit_high if robust else moves.exit_best)[active]
    sweep = 0
    while len(active):
        sweep += 1
        new_f = np.maximum(exit_f, (-g[child]).max(axis=1))
        new_g = np.maximum(exit_g, (-f[child]).max(axis=1))
        changed_f = new_f != f[active]
        changed_g = new_g != g[active]
        if not (changed_f.any() or changed_g.any()):
            break
        f[active] = new_f
        g[active] = new_g
        df[active[changed_f]] = sweep
        dg[active[changed_g]] = sweep
        settled = new_f == new_g
        if progress:
            progress("solve", size - len(active) + int(settled.sum()), size)
        if settled.mean() > 0.1:  # drop settled boards from the sweeps
            keep = ~settled
            active, child = active[keep], child[keep]
            exit_f, exit_g = exit_f[keep], exit_g[keep]
    if progress:
        progress("solve", size, size)
    return TierSolution(n, f[:size].copy(), g[:size].copy(), df, dg, sweep)
