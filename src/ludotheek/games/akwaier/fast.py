"""The compiled rollouts (``kernel``) driven from Python: the strong player's worlds, each
candidate's rollout and estimates, with the same figures as the pure engine's
(``search.StrongPlayer`` without them), much faster.

The kernel is compiled by numba the first time it runs and kept in numba's cache
(``NUMBA_CACHE_DIR``: the application points it at the data folder); ``ready()`` says
whether this process has it already, ``warm()`` compiles (or loads) it. The players
get it as the data set ``akwaier-rollouts`` (``data.py``).

>>> from ludotheek.games.akwaier import GAME
>>> from ludotheek.core.rng import Rng
>>> s = GAME.new(seed=3)
>>> worlds = Worlds(s.core, s.core.mover, s.legal_moves()[:3])
>>> values = worlds.run(Rng.from_seed(5), [0, 2], depth=24, guarded=-1, own_buys=99,
...                     rivalry=0.5)
>>> len(values), len(values[0])
(2, 6)
"""

from __future__ import annotations

import functools
import time

import numpy as np
import numpy.typing as npt

from ludotheek.core.rng import Rng
from ludotheek.games.akwaier import board as B
from ludotheek.games.akwaier import core as C
from ludotheek.games.akwaier import kernel as K
from ludotheek.games.akwaier.classic import BIG
from ludotheek.games.akwaier.core import Core
from ludotheek.games.akwaier.evaluation import _weights
from ludotheek.games.akwaier.money import PER_SHARE, PRICE_BY_SIZE
from ludotheek.games.akwaier.notation import parse

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

# the kernel's copies of the rules' constants (a change there must be made here too)
assert (K.NUM_CELLS, K.NUM_CHAINS, K.LOOSE, K.EMPTY) == (
    B.NUM_CELLS, B.NUM_CHAINS, B.LOOSE, B.EMPTY)
assert (K.SEATS, K.HAND, K.PLACE, K.KEEP, K.BUY, K.OVER) == (
    C.SEATS, C.HAND, C.PLACE, C.KEEP, C.BUY, C.OVER)
assert (K.MAX_TURNS, K.END_SIZE, K.PASS_LIMIT, K.PER_SHARE, K.BIG) == (
    C.MAX_TURNS, C.END_SIZE, C.PASS_LIMIT, PER_SHARE, BIG)


@functools.cache
def tables() -> tuple[Ints, Floats]:
    """``T`` (the neighbours, the prices) and ``F`` (the evaluation's weights at every
    turn, as ``evaluation._weights`` makes them)."""
    T = np.full(K.T_SIZE, -1, dtype=np.int64)
    for cell, around in enumerate(B.NEIGH):
        T[K.T_NEIGH + cell * 4:K.T_NEIGH + cell * 4 + len(around)] = around
    for chain, row in enumerate(PRICE_BY_SIZE):
        T[K.T_PRICE + chain * K.PRICE_ROW:K.T_PRICE + (chain + 1) * K.PRICE_ROW] = row
    F = np.zeros(K.F_TURNS * K.F_ROW, dtype=np.float64)
    for turn in range(K.F_TURNS):
        cash_w, share_w, bonus_w, common = _weights(turn)
        F[turn * K.F_ROW:(turn + 1) * K.F_ROW] = [cash_w, *share_w, *bonus_w[0], *bonus_w[1],
                                                  common]
    return T, F  # shared by every search of the process: never written


def pack(core: Core) -> Ints:
    """``core`` as the kernel's position array."""
    S = np.zeros(K.S_SIZE, dtype=np.int64)
    S[K.O_BOARD:K.O_BOARD + K.NUM_CELLS] = np.frombuffer(core.board, dtype=np.uint8)
    S[K.O_SIZES:K.O_SIZES + K.NUM_CHAINS] = core.sizes
    S[K.O_OUT:K.O_OUT + K.NUM_CHAINS] = core.out
    S[K.O_SHARES:K.O_SHARES + K.SEATS * K.NUM_CHAINS] = core.shares
    S[K.O_CASH:K.O_CASH + K.SEATS] = core.cash
    S[K.O_HANDS:K.O_HANDS + K.SEATS * K.HAND] = core.hands
    S[K.O_BAG:K.O_BAG + len(core.bag)] = core.bag
    S[K.P_BAGLEN] = len(core.bag)
    S[K.P_BAGPOS] = core.bag_pos
    S[K.P_MOVER] = core.mover
    S[K.P_PHASE] = core.phase
    S[K.P_TURN] = core.turn
    S[K.P_PASSES] = core.passes
    if core.pending is not None:
        slot, cell, chains, loose, _tied = core.pending
        S[K.P_PENDING] = 1
        S[K.P_PSLOT] = slot
        S[K.P_PCELL] = cell
        S[K.P_PNCH] = len(chains)
        S[K.O_PCH:K.O_PCH + len(chains)] = chains
        S[K.P_PNL] = len(loose)
        S[K.O_PL:K.O_PL + len(loose)] = loose
    return S


def same(S: Ints, core: Core) -> bool:
    """Whether the kernel's position ``S`` is ``core``'s (every part the rules read; the
    tests compare the kernel's moves with the engine's so)."""
    other = pack(core)
    if core.pending is None and S[K.P_PENDING] == 0:
        other[K.P_PENDING:] = S[K.P_PENDING:]  # what a settled tie left there is not read
    n = int(S[K.P_BAGLEN])
    other[K.O_BAG + n:K.P_BAGLEN] = S[K.O_BAG + n:K.P_BAGLEN]
    return bool(np.array_equal(S, other))


def op(core: Core, move: str) -> Ints:
    """The kernel's op of a legal ``move`` in ``core``'s position."""
    fn, *args = parse(core, move)
    out = np.zeros(K.OP_SIZE, dtype=np.int64)
    if fn is Core.do_place:
        slot, cell, found, chains, loose = args
        out[:5] = (K.OP_PLACE, slot, cell, found, len(chains))
        out[5:5 + len(chains)] = chains
        out[9] = len(loose)
        out[10:10 + len(loose)] = loose
    elif fn is Core.do_keep:
        out[:2] = (K.OP_KEEP, args[0])
    elif fn is Core.do_buy:
        out[:3] = (K.OP_BUY, args[0], args[1])
    elif fn is Core.do_pass:
        out[0] = K.OP_PASS
    else:
        raise ValueError(f"no op for {move!r}")
    return out


class Worlds:
    """The worlds of one decision: the position of seat ``seat`` (to move) and its
    candidates ``moves`` (``run``'s ``arms`` are indices into them), with each
    candidate's sums over the worlds so far (``sums``)."""

    def __init__(self, core: Core, seat: int, moves: list[str]) -> None:
        self.T, self.F = tables()
        self.S = pack(core)
        self.seat = seat
        self.ops = np.concatenate([op(core, m) for m in moves])
        self.acc = np.zeros(len(moves) * K.A_ROW, dtype=np.float64)
        self.R = np.zeros(2, dtype=np.uint64)

    def run(self, rng: Rng, arms: list[int], depth: int, guarded: int, own_buys: int,
            rivalry: float, dealt: Core | None = None) -> list[list[float]]:
        """One world (the unseen tiles dealt by ``rng`` as ``State.determinize`` deals
        them, or ``dealt``: a world dealt already), a rollout seed drawn from ``rng``
        (advanced as the pure engine advances it), and each candidate of ``arms`` played
        there and rolled out: every seat's estimate at the end, by candidate (added to
        the candidates' sums too)."""
        out = np.empty(len(arms) * K.SEATS, dtype=np.float64)
        self.R[0] = rng.state
        K.world(self.S if dealt is None else pack(dealt), self.T, self.F, self.R, self.seat,
                0 if dealt is None else 1, self.ops, np.array(arms, dtype=np.int64), depth,
                guarded, own_buys, rivalry, out, self.acc)
        rng.state = int(self.R[0])
        values: list[float] = out.tolist()
        return [values[i * K.SEATS:(i + 1) * K.SEATS] for i in range(len(arms))]

    def sums(self, arm: int) -> tuple[float, float, float, list[float], int]:
        """Candidate ``arm``'s sums over its worlds: of the figure maximised (the
        standing), of the mover's estimate, of its lead over the best other seat, of every
        seat's estimate; and the number of worlds."""
        row: list[float] = self.acc[arm * K.A_ROW:(arm + 1) * K.A_ROW].tolist()
        return (row[K.A_TOTAL], row[K.A_WEALTH], row[K.A_LEAD],
                row[K.A_SEATS:K.A_SEATS + K.SEATS], int(row[K.A_VISITS]))


_READY = False


def ready() -> bool:
    """Whether this process has the compiled kernel (compiled or loaded from the cache)."""
    return _READY


def warm() -> float:
    """Compile the kernel (or load it from numba's cache); the seconds it took."""
    global _READY
    start = time.perf_counter()
    from ludotheek.games.akwaier.rules import GAME

    state = GAME.new(seed=1)
    moves = state.legal_moves()[:2]
    Worlds(state.core, state.core.mover, moves).run(Rng.from_seed(1), [0, 1], 24, -1, 99, 0.5)
    _READY = True
    return time.perf_counter() - start
