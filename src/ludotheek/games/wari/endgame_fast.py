"""The endgame database's retrograde analysis compiled with numba (compiled when this
module is first imported, so only a build imports it): the same two steps as
``endgame_build`` (the numpy reference, which the tests compare it with), without
numpy's temporary arrays, so that tiers of 16-18 seeds (up to 35 million boards) build
in minutes and within 1 GB.

- ``tier_moves``: every board of tier ``n`` in numbering order (the compositions of
  ``n`` into 12 cups in lexicographic order, made one after the other, never stored),
  its legal moves (the applet's or the Abapa rules), the best capture valued by the
  lower tiers, and the number of the board after each move without capture: listed
  board after board, as many as the board has such moves (3.2 on average at 18 seeds),
  not six slots a board (``Moves``).
- ``solve``: both fixed points by synchronous sweeps over the boards not yet settled.

Memory, within 1 GB (issue 39; the 18-seed tier, 34.6 million boards, is the largest):
the successors take 4 bytes each (436 MB, where six slots a board took 830 MB); each
board's kind and best capture 2 bytes; ``solve`` 5 bytes a board (``f``, ``g``, one
array of new values, the two depths of one byte each). The stop values are made again
when needed, not kept; the lower tiers' values (87 MB) go before the top tier's sweeps.
That is 20 bytes a board at 18 seeds (679 MB), 0.9 GB with the interpreter
(docs/performance.md); the tests hold a tier to 20 bytes a board.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from numba import njit, types

from ludotheek.games.wari.endgame_build import HIGH, LOW, TierSolution
from ludotheek.games.wari.endgame_index import _prefix_table, tier_size
from ludotheek.games.wari.tables import sow_table

i64 = types.int64
I8 = types.Array(types.int8, 1, "C")
U8 = types.Array(types.uint8, 1, "C")
I32 = types.Array(types.int32, 1, "C")
I64 = types.Array(types.int64, 1, "C")

#: ``Moves.kind``: the player to move has no legal move (bits 0-5: the cups with a
#: successor listed)
TERMINAL = 64
#: how many cups a kind's bits 0-5 name
_LISTED = np.array([bin(k & 63).count("1") for k in range(256)], dtype=np.int64)
#: the sweeps scan every board (skipping the settled ones) until at most this share of
#: them is left; then they go down a list of the unsettled boards (4 bytes each) whose
#: successors are moved together at the front of ``Moves.child``
SPARSE = 8
#: the most sweeps the format's one-byte depths can hold
MAX_DEPTH = 255


@dataclass
class Moves:
    """The moves of every board of a tier (N boards) as the compiled solver reads them:
    ``endgame_build.TierMoves`` with the successors listed board after board."""

    #: the tier: ``n`` seeds on every board
    n: int
    #: N: bits 0-5, the cups whose move is legal and captures nothing (its successor is
    #: listed in ``child``); ``TERMINAL``: the player to move has no legal move
    kind: npt.NDArray[np.uint8]
    #: N: the best capture, valued by the lower tiers' fresh values (LOW if none)
    exit_best: npt.NDArray[np.int8]
    #: N: the same by their robust bounds (empty where ``tier_moves`` was not asked)
    exit_low: npt.NDArray[np.int8]
    exit_high: npt.NDArray[np.int8]
    #: the successors' numbers (in the same tier): board 0's in cup order, then board 1's...
    child: npt.NDArray[np.int32]

    @property
    def stop(self) -> npt.NDArray[np.int8]:
        """N: own seeds minus the opponent's (made when asked: ``stop_values``)."""
        return stop_values(self.n)

    @property
    def terminal(self) -> npt.NDArray[np.bool_]:
        return np.asarray((self.kind & TERMINAL) != 0)

    def table(self) -> npt.NDArray[np.int32]:
        """The successors as ``endgame_build.TierMoves.child``: N×6, N (a dummy) where a
        cup has no successor listed (24 bytes a board: for tests on small tiers)."""
        size = len(self.kind)
        out = np.full((size, 6), size, dtype=np.int32)
        listed = ((self.kind[:, None] >> np.arange(6, dtype=np.uint8)) & 1).astype(bool)
        out[listed] = self.child  # row by row, cup by cup: the order they are listed in
        return out


@dataclass
class LowerTiers:
    """The solved lower tiers, one after the other (tier ``k`` at ``offsets[k]``):
    each board's convention value (``fresh``) and, for tiers up to ``bounds``, the
    robust bounds (``low``, ``high``: only tiers whose moves ``tier_moves`` values by
    them need them)."""

    fresh: npt.NDArray[np.int8]
    low: npt.NDArray[np.int8]
    high: npt.NDArray[np.int8]
    offsets: npt.NDArray[np.int64]

    @classmethod
    def empty(cls, top: int, bounds: int | None = None) -> LowerTiers:
        """Room for the tiers below ``top``, their bounds up to tier ``bounds``."""
        sizes = [tier_size(k) for k in range(top + 1)]
        offsets = np.cumsum([0, *sizes[:-1]]).astype(np.int64)
        total = int(offsets[top])
        kept = total if bounds is None else int(offsets[min(max(bounds + 1, 0), top)])
        return cls(np.zeros(max(total, 1), np.int8), np.zeros(max(kept, 1), np.int8),
                   np.zeros(max(kept, 1), np.int8), offsets)

    def put(self, n: int, fresh: npt.NDArray[np.int8], low: npt.NDArray[np.int8],
            high: npt.NDArray[np.int8]) -> None:
        at = int(self.offsets[n])
        end = at + len(fresh)
        if end > len(self.fresh):
            return  # the top tier: nothing above needs it
        self.fresh[at:end] = fresh
        if end <= len(self.low):
            self.low[at:end] = low
            self.high[at:end] = high

    def release(self) -> None:
        """Let the values go (the top tier's moves are listed: nothing needs them)."""
        self.fresh = self.low = self.high = np.zeros(1, np.int8)


@njit(i64(I64, I64, i64), cache=True)
def _rank(prefix: npt.NDArray[np.int64], b: npt.NDArray[np.int64], n: int) -> int:
    r = 0
    rem = n
    for i in range(11):
        c = b[i]
        r += prefix[(i * 25 + rem) * 25 + c]
        rem -= c
    return r


@njit(types.boolean(I64), cache=True)
def _advance(b: npt.NDArray[np.int64]) -> bool:
    """The next board in numbering order (lexicographic, cup 0 most significant);
    False after the last one."""
    t = 11
    while t > 0 and b[t] == 0:
        t -= 1
    if t == 0:
        return False
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
    return True


@njit(i64(i64, types.boolean, types.boolean, I64, I64, I8, I8, I8, I64, U8, I8, I8, I8),
      cache=True)
def _tier_moves(n: int, abapa: bool, bounds: bool, prefix: npt.NDArray[np.int64],
                sow: npt.NDArray[np.int64], lfresh: npt.NDArray[np.int8],
                llow: npt.NDArray[np.int8], lhigh: npt.NDArray[np.int8],
                offsets: npt.NDArray[np.int64], kind: npt.NDArray[np.uint8],
                ebest: npt.NDArray[np.int8], elow: npt.NDArray[np.int8],
                ehigh: npt.NDArray[np.int8]) -> int:
    """Each board's kind and captures; the number of successors to list."""
    size = len(kind)
    b = np.zeros(12, np.int64)
    b[11] = n
    ch = np.zeros(12, np.int64)
    caps = np.zeros(6, np.int64)
    lo_cap = np.zeros(6, np.int64)
    cand = np.zeros(6, np.bool_)
    slam = np.zeros(6, np.bool_)
    listed = 0
    for idx in range(size):
        opp = 0
        for i in range(6):
            opp += b[6 + i]
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
        k = 0
        for cup in range(6):
            if not cand[cup] or (slam[cup] and not allow_slams):
                continue
            any_legal = True
            cap = caps[cup]
            if cap == 0:
                k |= 1 << cup
                listed += 1
                continue
            s = (cup * 61 + b[cup]) * 14
            for i in range(6):
                ch[i] = b[6 + i] + sow[s + 6 + i]
                ch[6 + i] = b[i] + sow[s + i]
            for i in range(lo_cap[cup] - 6, sow[s + 12] - 5):
                ch[i] = 0
            m = n - cap
            r = offsets[m] + _rank(prefix, ch, m)
            v = cap - lfresh[r]
            if v > best:
                best = v
            if bounds:
                v = cap - lhigh[r]
                if v > bl:
                    bl = v
                v = cap - llow[r]
                if v > bh:
                    bh = v
        kind[idx] = k if any_legal else TERMINAL
        ebest[idx] = best
        if bounds:
            elow[idx] = bl
            ehigh[idx] = bh
        if not _advance(b):
            break
    return listed


@njit(types.void(i64, I64, I64, U8, I32), cache=True)
def _successors(n: int, prefix: npt.NDArray[np.int64], sow: npt.NDArray[np.int64],
                kind: npt.NDArray[np.uint8], child: npt.NDArray[np.int32]) -> None:
    """The numbers of the boards after the moves ``kind`` names, board after board."""
    b = np.zeros(12, np.int64)
    b[11] = n
    ch = np.zeros(12, np.int64)
    p = 0
    for idx in range(len(kind)):
        k = kind[idx]
        for cup in range(6):
            if k & (1 << cup):
                s = (cup * 61 + b[cup]) * 14
                for i in range(6):
                    ch[i] = b[6 + i] + sow[s + 6 + i]
                    ch[6 + i] = b[i] + sow[s + i]
                child[p] = _rank(prefix, ch, n)
                p += 1
        if not _advance(b):
            break


def tier_moves(n: int, lower: LowerTiers, abapa: bool = False, bounds: bool = True) -> Moves:
    """The moves of every board of tier ``n`` (``endgame_build.tier_moves``'s result, the
    successors listed); the captures valued by the lower tiers' robust bounds too if
    ``bounds`` (``lower`` must hold them)."""
    size = tier_size(n)
    kind = np.zeros(size, np.uint8)
    best = np.zeros(size, np.int8)
    low = np.zeros(size if bounds else 0, np.int8)
    high = np.zeros(size if bounds else 0, np.int8)
    prefix = _prefix_table().reshape(-1).astype(np.int64)
    sow = sow_table().reshape(-1)
    listed = _tier_moves(n, abapa, bounds, prefix, sow, lower.fresh, lower.low, lower.high,
                         lower.offsets, kind, best, low, high)
    child = np.empty(listed, np.int32)
    _successors(n, prefix, sow, kind, child)
    return Moves(n, kind, best, low, high, child)


@njit(types.void(i64, U8, I8, I8, I8), cache=True)
def _stop_values(n: int, kind: npt.NDArray[np.uint8], stop: npt.NDArray[np.int8],
                 f: npt.NDArray[np.int8], g: npt.NDArray[np.int8]) -> None:
    """Each board's stop value into ``stop`` (if it is not empty); with ``kind``, the
    values before the first sweep into ``f`` and ``g``."""
    b = np.zeros(12, np.int64)
    b[11] = n
    for idx in range(max(len(stop), len(kind))):
        v = 0
        for i in range(6):
            v += b[i] - b[6 + i]
        if len(stop):
            stop[idx] = v
        if len(kind):
            if kind[idx] & TERMINAL:
                f[idx] = v
                g[idx] = v
            else:
                f[idx] = LOW
                g[idx] = HIGH
        if not _advance(b):
            break


def stop_values(n: int) -> npt.NDArray[np.int8]:
    """Own seeds minus the opponent's on every board of tier ``n`` (the value if the game
    stopped there), made again when needed rather than kept through the sweeps."""
    out = np.empty(tier_size(n), np.int8)
    none_u8, none_i8 = np.zeros(0, np.uint8), np.zeros(0, np.int8)
    _stop_values(n, none_u8, out, none_i8, none_i8)
    return out


@njit(i64(i64, U8, I32, I8, I8, I8, I8, I8, U8, U8), cache=True)
def _sweep_all(sweep: int, kind: npt.NDArray[np.uint8], child: npt.NDArray[np.int32],
               exit_f: npt.NDArray[np.int8], exit_g: npt.NDArray[np.int8],
               f: npt.NDArray[np.int8], g: npt.NDArray[np.int8], ng: npt.NDArray[np.int8],
               df: npt.NDArray[np.uint8], dg: npt.NDArray[np.uint8]) -> int:
    """One sweep over every board, the settled ones (``f == g``) skipped: the boards left
    unsettled, -1 if nothing changed, -2 if a change comes after sweep ``MAX_DEPTH``.

    One array of new values is enough: the new ``g`` (from the old ``f``) goes to ``ng``
    first; the new ``f`` reads only ``g`` and so is written in place; then ``ng``."""
    size = len(kind)
    p = 0
    for i in range(size):
        k = _LISTED[kind[i]]
        bg = g[i]
        if f[i] != bg:
            bg = exit_g[i]
            for q in range(p, p + k):
                y = -f[child[q]]
                if y > bg:
                    bg = y
        ng[i] = bg
        p += k
    changed = False
    p = 0
    for i in range(size):
        k = _LISTED[kind[i]]
        if f[i] != g[i]:
            bf = exit_f[i]
            for q in range(p, p + k):
                x = -g[child[q]]
                if x > bf:
                    bf = x
            if bf != f[i]:
                f[i] = bf
                df[i] = sweep
                changed = True
        p += k
    kept = 0
    for i in range(size):
        if ng[i] != g[i]:
            g[i] = ng[i]
            dg[i] = sweep
            changed = True
        if f[i] != g[i]:
            kept += 1
    if not changed:
        return -1
    return -2 if sweep > MAX_DEPTH else kept


@njit(i64(U8, I8, I8), cache=True)
def _listed_unsettled(kind: npt.NDArray[np.uint8], f: npt.NDArray[np.int8],
                      g: npt.NDArray[np.int8]) -> int:
    """How many successors the unsettled boards have."""
    out = 0
    for i in range(len(kind)):
        if f[i] != g[i]:
            out += _LISTED[kind[i]]
    return out


@njit(types.void(U8, I32, I8, I8, I32, I32), cache=True)
def _gather(kind: npt.NDArray[np.uint8], child: npt.NDArray[np.int32],
            f: npt.NDArray[np.int8], g: npt.NDArray[np.int8],
            active: npt.NDArray[np.int32], out: npt.NDArray[np.int32]) -> None:
    """The unsettled boards into ``active``, their successors into ``out`` in the same
    order (``out`` may be ``child`` itself: they move towards its front)."""
    a = 0
    p = 0
    w = 0
    for i in range(len(kind)):
        k = _LISTED[kind[i]]
        if f[i] != g[i]:
            active[a] = i
            a += 1
            for q in range(p, p + k):
                out[w] = child[q]
                w += 1
        p += k


@njit(i64(i64, i64, I32, U8, I32, I8, I8, I8, I8, I8, U8, U8), cache=True)
def _sweep_listed(sweep: int, count: int, active: npt.NDArray[np.int32],
                  kind: npt.NDArray[np.uint8], child: npt.NDArray[np.int32],
                  exit_f: npt.NDArray[np.int8], exit_g: npt.NDArray[np.int8],
                  f: npt.NDArray[np.int8], g: npt.NDArray[np.int8], ng: npt.NDArray[np.int8],
                  df: npt.NDArray[np.uint8], dg: npt.NDArray[np.uint8]) -> int:
    """``_sweep_all`` over the first ``count`` boards of ``active`` (their successors at
    the front of ``child``); the boards left unsettled stay at the front of both."""
    p = 0
    for a in range(count):
        i = active[a]
        k = _LISTED[kind[i]]
        bg = exit_g[i]
        for q in range(p, p + k):
            y = -f[child[q]]
            if y > bg:
                bg = y
        ng[a] = bg
        p += k
    changed = False
    p = 0
    for a in range(count):
        i = active[a]
        k = _LISTED[kind[i]]
        bf = exit_f[i]
        for q in range(p, p + k):
            x = -g[child[q]]
            if x > bf:
                bf = x
        if bf != f[i]:
            f[i] = bf
            df[i] = sweep
            changed = True
        p += k
    kept = 0
    p = 0
    w = 0
    for a in range(count):
        i = active[a]
        k = _LISTED[kind[i]]
        if ng[a] != g[i]:
            g[i] = ng[a]
            dg[i] = sweep
            changed = True
        if f[i] != g[i]:
            active[kept] = i
            kept += 1
            for q in range(p, p + k):
                child[w] = child[q]
                w += 1
        p += k
    if not changed:
        return -1
    return -2 if sweep > MAX_DEPTH else kept


@njit(i64(I8, I8), cache=True)
def _unsettled(f: npt.NDArray[np.int8], g: npt.NDArray[np.int8]) -> int:
    out = 0
    for i in range(len(f)):
        if f[i] != g[i]:
            out += 1
    return out


def solve(n: int, moves: Moves, robust: bool = False, consume: bool = False) -> TierSolution:
    """Both fixed points of tier ``n`` (``endgame_build.solve``'s result; the sweeps at
    which they settled in one byte each). ``consume``: the moves serve no other ``solve``,
    and the last sweeps reorder ``moves.child`` in place (otherwise they work on a copy of
    the unsettled boards' successors)."""
    size = len(moves.kind)
    if robust and len(moves.exit_low) != size:
        raise ValueError("the moves were listed without the robust bounds")
    f = np.empty(size, np.int8)
    g = np.empty(size, np.int8)
    ng = np.empty(size, np.int8)  # the new values of g (those of f are written in place)
    df = np.zeros(size, np.uint8)
    dg = np.zeros(size, np.uint8)
    exit_f = moves.exit_low if robust else moves.exit_best
    exit_g = moves.exit_high if robust else moves.exit_best
    _stop_values(n, moves.kind, np.zeros(0, np.int8), f, g)
    count = _unsettled(f, g)
    child = moves.child
    active = None
    sweep = 0
    while count > 0:
        sweep += 1
        if active is None and count * SPARSE <= size:
            active = np.empty(count, np.int32)
            if not consume:
                child = np.empty(_listed_unsettled(moves.kind, f, g), np.int32)
            _gather(moves.kind, moves.child, f, g, active, child)
        if active is None:
            count = _sweep_all(sweep, moves.kind, child, exit_f, exit_g, f, g, ng, df, dg)
        else:
            count = _sweep_listed(sweep, count, active, moves.kind, child, exit_f, exit_g,
                                  f, g, ng, df, dg)
        if count == -2:
            raise ValueError("a forced line longer than 255 sweeps does not fit the format")
        if count == -1:
            break
    return TierSolution(n, f, g, df, dg, sweep)
