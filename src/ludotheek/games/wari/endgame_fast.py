"""The endgame database's retrograde analysis compiled with numba (compiled when this
module is first imported, so only a build imports it): the same two steps as
``endgame_build`` (the numpy reference, which the tests compare it with), without
numpy's temporary arrays, so that tiers of 16-18 seeds (up to 30 million boards) build
in minutes and within 2 GB.

- ``tier_moves``: every board of tier ``n`` in numbering order (the compositions of
  ``n`` into 12 cups in lexicographic order, made one after the other, never stored),
  its legal moves (the applet's or the Abapa rules), the number of the board after
  each move without capture, and the best capture valued by the lower tiers.
- ``solve``: both fixed points by synchronous sweeps over the boards not yet settled.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from numba import njit, types

from ludotheek.games.wari.endgame_build import HIGH, LOW, TierMoves, TierSolution
from ludotheek.games.wari.endgame_index import _prefix_table, tier_size
from ludotheek.games.wari.tables import sow_table

i64 = types.int64
I8 = types.Array(types.int8, 1, "C")
I8r = types.Array(types.int8, 1, "C", readonly=True)
I32_2 = types.Array(types.int32, 2, "C")
I64 = types.Array(types.int64, 1, "C")
B1 = types.Array(types.boolean, 1, "C")
U16 = types.Array(types.uint16, 1, "C")


@dataclass
class LowerTiers:
    """The solved lower tiers, one after the other (tier ``k`` at ``offsets[k]``):
    each board's convention value (``fresh``) and robust bounds (``low``, ``high``)."""

    fresh: npt.NDArray[np.int8]
    low: npt.NDArray[np.int8]
    high: npt.NDArray[np.int8]
    offsets: npt.NDArray[np.int64]

    @classmethod
    def empty(cls, top: int) -> LowerTiers:
        sizes = [tier_size(k) for k in range(top + 1)]
        total = sum(sizes[:-1]) if top > 0 else 0
        offsets = np.cumsum([0, *sizes[:-1]]).astype(np.int64)
        return cls(np.zeros(max(total, 1), np.int8), np.zeros(max(total, 1), np.int8),
                   np.zeros(max(total, 1), np.int8), offsets)

    def put(self, n: int, fresh: npt.NDArray[np.int8], low: npt.NDArray[np.int8],
            high: npt.NDArray[np.int8]) -> None:
        at = int(self.offsets[n])
        if at + len(fresh) > len(self.fresh):
            return  # the top tier: nothing above needs it
        self.fresh[at:at + len(fresh)] = fresh
        self.low[at:at + len(fresh)] = low
        self.high[at:at + len(fresh)] = high


@njit(i64(I64, I64, i64), cache=True)
def _rank(prefix: npt.NDArray[np.int64], b: npt.NDArray[np.int64], n: int) -> int:
    r = 0
    rem = n
    for i in range(11):
        c = b[i]
        r += prefix[(i * 25 + rem) * 25 + c]
        rem -= c
    return r


@njit(types.void(i64, types.boolean, I64, I64, I8, I8, I8, I64, I8, B1, I8, I8, I8, I32_2),
      cache=True)
def _tier_moves(n: int, abapa: bool, prefix: npt.NDArray[np.int64],
                sow: npt.NDArray[np.int64], lfresh: npt.NDArray[np.int8],
                llow: npt.NDArray[np.int8], lhigh: npt.NDArray[np.int8],
                offsets: npt.NDArray[np.int64], stop: npt.NDArray[np.int8],
                terminal: npt.NDArray[np.bool_], ebest: npt.NDArray[np.int8],
                elow: npt.NDArray[np.int8], ehigh: npt.NDArray[np.int8],
                child: npt.NDArray[np.int32]) -> None:
    size = len(stop)
    b = np.zeros(12, np.int64)
    b[11] = n
    ch = np.zeros(12, np.int64)
    caps = np.zeros(6, np.int64)
    lo_cap = np.zeros(6, np.int64)
    cand = np.zeros(6, np.bool_)
    slam = np.zeros(6, np.bool_)
    for idx in range(size):
        own = 0
        opp = 0
        for i in range(6):
            own += b[i]
            opp += b[6 + i]
        stop[idx] = own - opp
        nslam = 0
        ncand = 0
        for cup in range(6):
            cand[cup] = False
            slam[cup] = False
            caps[cup] = 0
            c = b[cup]
            if c == 0:
                continue
            s = (cup * 61 + c) * 14
            if opp == 0 and sow[s + 13] == 0:
                continue
            cand[cup] = True
            ncand += 1
            last = sow[s + 12]
            j = last
            captured = 0
            if last >= 6:
                while j >= 6:
                    x = b[j] + sow[s + j]
                    if x < 2 or x > 3:
                        break
                    captured += x
                    j -= 1
                if captured and captured == opp + sow[s + 13]:
                    slam[cup] = True
                    nslam += 1
                    if abapa:
                        captured = 0
            caps[cup] = captured
            lo_cap[cup] = j + 1
        # the applet's rules: a grand slam only if every candidate is one
        allow_slams = abapa or nslam == ncand
        best = LOW
        bl = LOW
        bh = LOW
        any_legal = False
        for cup in range(6):
            child[idx, cup] = size
            if not cand[cup] or (slam[cup] and not allow_slams):
                continue
            any_legal = True
            s = (cup * 61 + b[cup]) * 14
            for i in range(6):
                ch[i] = b[6 + i] + sow[s + 6 + i]
                ch[6 + i] = b[i] + sow[s + i]
            cap = caps[cup]
            if cap > 0:
                for i in range(lo_cap[cup] - 6, sow[s + 12] - 5):
                    ch[i] = 0
                m = n - cap
                r = offsets[m] + _rank(prefix, ch, m)
                v = cap - lfresh[r]
                if v > best:
                    best = v
                v = cap - lhigh[r]
                if v > bl:
                    bl = v
                v = cap - llow[r]
                if v > bh:
                    bh = v
            else:
                child[idx, cup] = _rank(prefix, ch, n)
        terminal[idx] = not any_legal
        ebest[idx] = best
        elow[idx] = bl
        ehigh[idx] = bh
        # the next board in numbering order (lexicographic, cup 0 most significant)
        t = 11
        while t > 0 and b[t] == 0:
            t -= 1
        if t == 0:
            break
        if t == 11:
            i = 10
            suffix = b[11]
        else:
            i = t - 1
            suffix = b[t]
        b[i] += 1
        for k in range(i + 1, 12):
            b[k] = 0
        b[11] = suffix - 1


def tier_moves(n: int, lower: LowerTiers, abapa: bool = False) -> TierMoves:
    """The moves of every board of tier ``n`` (``endgame_build.tier_moves``'s result)."""
    size = tier_size(n)
    stop = np.zeros(size, np.int8)
    terminal = np.zeros(size, np.bool_)
    exits = np.zeros((3, size), np.int8)
    child = np.zeros((size, 6), np.int32)
    prefix = _prefix_table().reshape(-1).astype(np.int64)
    sow = sow_table().reshape(-1)
    _tier_moves(n, abapa, prefix, sow, lower.fresh, lower.low, lower.high, lower.offsets,
                stop, terminal, exits[0], exits[1], exits[2], child)
    return TierMoves(stop, terminal, exits[0], exits[1], exits[2], child)


@njit(i64(I32_2, I8, I8, B1, I8, I8, I8, U16, U16), cache=True)
def _solve(child: npt.NDArray[np.int32], exit_f: npt.NDArray[np.int8],
           exit_g: npt.NDArray[np.int8], terminal: npt.NDArray[np.bool_],
           stop: npt.NDArray[np.int8], f: npt.NDArray[np.int8], g: npt.NDArray[np.int8],
           df: npt.NDArray[np.uint16], dg: npt.NDArray[np.uint16]) -> int:
    size = len(stop)
    for i in range(size):
        if terminal[i]:
            f[i] = stop[i]
            g[i] = stop[i]
        else:
            f[i] = LOW
            g[i] = HIGH
    f[size] = HIGH  # the dummy child: -HIGH == LOW adds nothing to a maximum
    g[size] = HIGH
    count = 0
    for i in range(size):
        if not terminal[i]:
            count += 1
    active = np.empty(count, np.int32)
    k = 0
    for i in range(size):
        if not terminal[i]:
            active[k] = i
            k += 1
    nf = np.empty(count, np.int8)
    ng = np.empty(count, np.int8)
    sweep = 0
    while count:
        sweep += 1
        for a in range(count):
            i = active[a]
            bf = exit_f[i]
            bg = exit_g[i]
            for c in range(6):
                j = child[i, c]
                x = -g[j]
                if x > bf:
                    bf = x
                y = -f[j]
                if y > bg:
                    bg = y
            nf[a] = bf
            ng[a] = bg
        changed = False
        kept = 0
        for a in range(count):
            i = active[a]
            if nf[a] != f[i]:
                f[i] = nf[a]
                df[i] = sweep
                changed = True
            if ng[a] != g[i]:
                g[i] = ng[a]
                dg[i] = sweep
                changed = True
            if f[i] != g[i]:
                active[kept] = i
                kept += 1
        if not changed:
            break
        count = kept
    return sweep


def solve(n: int, moves: TierMoves, robust: bool = False) -> TierSolution:
    """Both fixed points of tier ``n`` (``endgame_build.solve``'s result)."""
    size = len(moves.stop)
    f = np.empty(size + 1, np.int8)
    g = np.empty(size + 1, np.int8)
    df = np.zeros(size, np.uint16)
    dg = np.zeros(size, np.uint16)
    exit_f = moves.exit_low if robust else moves.exit_best
    exit_g = moves.exit_high if robust else moves.exit_best
    sweeps = _solve(moves.child, exit_f, exit_g, moves.terminal, moves.stop, f, g, df, dg)
    return TierSolution(n, f[:size].copy(), g[:size].copy(), df, dg, int(sweeps))
