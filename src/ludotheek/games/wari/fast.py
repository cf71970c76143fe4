"""The compiled search (``kernel``) driven from Python: iterative deepening within a
time, the root's ranking, the expected line; the same answers as ``search.Searcher``
(``SearchResult``), much faster.

The kernel is compiled by numba the first time it runs and kept in numba's cache
(``NUMBA_CACHE_DIR``: the application points it at the data folder); ``ready()``
says whether this process has it already, ``warm()`` compiles (or loads) it.

>>> from ludotheek.games.wari import GAME
>>> s = FastSearcher(weights=Weights(0, 0, 0, 0, 0))
>>> r = s.run(GAME.position([0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1]), max_depth=3)
>>> r.cup, r.value, r.depth, r.ranking
(5, 4.0, 3, [(5, 4.0), (4, 2.0)])
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ludotheek.games.wari import kernel as K
from ludotheek.games.wari.endgame_index import _prefix_table, tier_size
from ludotheek.games.wari.evaluate import DEFAULT, Weights
from ludotheek.games.wari.learned import Model
from ludotheek.games.wari.rules import WariState
from ludotheek.games.wari.search import (
    Searcher,
    SearchResult,
    about_equal,
    check_stop,
    stop_early,
)
from ludotheek.games.wari.tables import sow_table

Int64s = npt.NDArray[np.int64]

#: the transposition table: 2**TT_BITS entries of 16 bytes (32 MB)
TT_BITS = 21


@dataclass(frozen=True)
class KernelTables:
    """An endgame database as the kernel reads it: the tiers 0..``max_seeds`` one after
    the other, one code byte a board (``codes``), and each tier's table of code ->
    (f, g) (``pairs``, ``[tiers, 256, 2]``)."""

    codes: npt.NDArray[np.uint8]
    pairs: npt.NDArray[np.int64]

    @property
    def max_seeds(self) -> int:
        return len(self.pairs) - 1


_READY = False
_NO_TIERS = np.zeros(0, dtype=np.uint8)
_NO_TIERS.flags.writeable = False


def _tiers(tables: KernelTables | None) -> npt.NDArray[np.uint8]:
    if tables is None:
        return _NO_TIERS
    a = np.asarray(tables.codes, dtype=np.uint8)
    if a.flags.writeable:
        a = a.view()
        a.flags.writeable = False
    return a


def _zobrist() -> Int64s:
    from ludotheek.core.rng import Rng

    rng = Rng.from_seed(0x5EED_0A_4A)
    keys = np.empty(12 * 64 + 2 + 64, dtype=np.uint64)
    for i in range(len(keys)):
        keys[i] = rng.randbelow(1 << 64)
    return keys.view(np.int64)


_SOW = None
_ZOB = None


def new_work(weights: Weights = DEFAULT, quiescence: int = 4,
             tables: KernelTables | None = None, abapa: bool = False,
             learned: Model | None = None) -> Int64s:
    """A fresh work array with the sowing table, keys, weights and database codes (and
    with ``learned``, the learned evaluation's model in place of the weights)."""
    global _SOW, _ZOB
    if _SOW is None:
        _SOW = sow_table().reshape(-1)
        _ZOB = _zobrist()
    assert _ZOB is not None
    W = np.zeros(K.W_SIZE, dtype=np.int64)
    W[K.O_SOW : K.O_SOW + len(_SOW)] = _SOW
    W[K.O_ZOB : K.O_ZOB + len(_ZOB)] = _ZOB
    W[K.O_PREFIX : K.O_PREFIX + 12 * 25 * 25] = _prefix_table().reshape(-1)
    W[K.P_WMAT] = round(weights.material * K.SCALE)
    W[K.P_WTHREAT] = round(weights.threat * K.SCALE)
    W[K.P_WMOB] = round(weights.mobility * K.SCALE)
    W[K.P_WKROO] = round(weights.kroo * K.SCALE)
    W[K.P_WSMALL] = round(weights.small * K.SCALE)
    W[K.P_QDEPTH] = quiescence
    W[K.P_ABAPA] = int(abapa)
    W[K.P_REPLIM] = 1 if abapa else 2
    W[K.P_DBMAX] = -1
    if tables is not None:
        W[K.P_DBMAX] = tables.max_seeds
        pairs = np.asarray(tables.pairs, dtype=np.int64)
        W[K.O_CODES : K.O_CODES + pairs.size] = pairs.reshape(-1)
        sizes = [tier_size(n) for n in range(tables.max_seeds + 1)]
        W[K.O_TIEROFF : K.O_TIEROFF + len(sizes)] = np.cumsum([0, *sizes[:-1]])
    if learned is not None:
        model = learned.kernel_array()
        if len(learned.phases) > K.LEARN_PHASES:
            raise ValueError(f"the kernel has room for {K.LEARN_PHASES} phases of a model")
        W[K.O_LEARN : K.O_LEARN + len(model)] = model
        W[K.P_LEARN] = 1
    W[K.P_KILLERS] = 1
    W[K.P_HISTORY] = 1
    W[K.P_TTCUT] = 1
    return W


def ready() -> bool:
    """Whether this process has the compiled kernel (compiled or loaded from the cache)."""
    return _READY


def warm() -> float:
    """Compile the kernel (or load it from numba's cache); the seconds it took."""
    global _READY
    start = time.perf_counter()
    from ludotheek.games.wari import GAME

    s = FastSearcher(tt_bits=10)
    for state in (GAME.new(), GAME.new(rules="abapa")):
        assert isinstance(state, WariState)
        s.run(state, max_depth=3, exact=True)
    cups = np.zeros(6, dtype=np.int64)
    K.play_moves(s.W, 0, cups, cups.copy())
    _READY = True
    return time.perf_counter() - start


class FastSearcher:
    """One search at a time; the transposition table is kept between moves.

    ``tt_cutoffs=False`` uses the table only to order moves: the search then returns
    exactly the depth-limited minimax value (the reference tests compare it with
    ``search.Searcher`` searching the same way)."""

    def __init__(self, weights: Weights = DEFAULT, tables: KernelTables | None = None,
                 quiescence: int = 4, tt_bits: int = TT_BITS, killers: bool = True,
                 history: bool = True, tt_cutoffs: bool = True,
                 learned: Model | None = None) -> None:
        self.weights = weights
        self.learned = learned
        self.tables = tables
        self.quiescence = quiescence
        self._D = _tiers(tables)
        self._W: dict[bool, Int64s] = {}
        #: each work array as it was made, for :meth:`reset`
        self._W0: dict[bool, Int64s] = {}
        self.T = np.zeros(2 << tt_bits, dtype=np.int64)
        self.tt_mask = (1 << tt_bits) - 1
        self.flags = (int(killers), int(history), int(tt_cutoffs))
        self.generation = 0
        self.nodes = 0
        #: the last position set up: (the state, the slots written, their values)
        self._set_up: tuple[WariState, Int64s, Int64s] | None = None

    @property
    def db_max(self) -> int:
        return -1 if self.tables is None else self.tables.max_seeds

    def work(self, abapa: bool) -> Int64s:
        W = self._W.get(abapa)
        if W is None:
            W = self._W[abapa] = new_work(self.weights, self.quiescence, self.tables, abapa,
                                          self.learned)
            W[K.P_TTMASK] = self.tt_mask
            W[K.P_KILLERS], W[K.P_HISTORY], W[K.P_TTCUT] = self.flags
            self._W0[abapa] = W.copy()
        return W

    def reset(self) -> None:
        """Back to exactly the state of a new searcher (an empty table, no killer moves,
        no history scores), keeping the memory: the next search finds what a new
        ``FastSearcher`` would, move for move and node for node. Cheaper than a new one,
        whose table of 32 MB costs a page fault (a huge page zeroed, tens of
        microseconds) for each of the few entries a shallow search writes: the slots the
        searches filled (the kernel logs them) are emptied, or all of the table where
        more were filled than the log holds."""
        T = self.T
        whole = False
        for abapa, W in self._W.items():
            filled = int(W[K.P_TLOGN])
            if filled > K.TLOG:
                whole = True
            elif filled and not whole:
                slots = W[K.O_TLOG : K.O_TLOG + filled]
                T[slots] = 0
                T[slots + 1] = 0
            # what the searches write (the parameters and counters, the plies, the
            # killers, the history, the scratch) as it was made; not the tables between
            # (the sowing, the keys, the database's codes: written once, by new_work),
            # nor the log past its count
            W0 = self._W0[abapa]
            W[: K.O_SOW] = W0[: K.O_SOW]
            W[K.O_HSCORE : K.O_TLOG] = W0[K.O_HSCORE : K.O_TLOG]
        if whole:
            self.T = np.zeros(T.shape, dtype=np.int64)
        self.generation = 0
        self.nodes = 0

    @property
    def W(self) -> Int64s:
        return self.work(False)

    def setup(self, state: WariState) -> Int64s:
        """Put the position of ``state`` at ply 0 (with its stores, key and history).

        A search sets one position up several times (its legal moves, each depth's line):
        the slots written are kept and written again at once for the same ``state``
        object, the same values (the keys and the history computed once: a 2-ply search's
        five set-ups cost about as much as the search did)."""
        W = self.work(state.abapa)
        done = self._set_up
        if done is not None and done[0] is state:
            W[done[1]] = done[2]
            return W
        self._setup(state, W)
        slots = self._slots(int(W[K.P_HISTN]))
        self._set_up = (state, slots, W[slots].copy())
        return W

    @staticmethod
    @functools.cache
    def _slots(hist: int) -> Int64s:
        """The slots of the work array that :meth:`_setup` writes, with ``hist`` positions
        of history (made once for each ``hist``, at most ``K.HIST + 1`` of them; never
        written to)."""
        return np.concatenate((
            np.arange(K.O_BOARD, K.O_BOARD + 12, dtype=np.int64),
            np.array([K.O_STORE, K.O_STORE + 1, K.P_SIDE, K.P_TOTAL, K.O_HASH, K.O_START,
                      K.P_HISTN], dtype=np.int64),
            np.arange(K.O_HKEY, K.O_HKEY + hist, dtype=np.int64),
            np.arange(K.O_HCNT, K.O_HCNT + hist, dtype=np.int64)))

    def _setup(self, state: WariState, W: Int64s) -> None:
        mover = state.to_move
        assert mover is not None, "the game is over"
        b = state.board if mover == 0 else (*state.board[6:], *state.board[:6])
        W[K.O_BOARD : K.O_BOARD + 12] = b
        W[K.O_STORE] = state.stores[mover]
        W[K.O_STORE + 1] = state.stores[1 - mover]
        W[K.P_SIDE] = mover
        W[K.P_TOTAL] = sum(state.board) + sum(state.stores)
        W[K.O_HASH] = K.board_key(W, K.O_BOARD, mover, W[K.O_STORE])
        W[K.O_START] = 0
        # the game's repetition history (positions since the last capture), as keys
        hist = list(Searcher.repetition_counts(state).items())[: K.HIST]
        work = np.zeros(12, dtype=np.int64)
        tmp = W[K.O_BOARD + 12 : K.O_BOARD + 24].copy()
        for i, ((board, who), n) in enumerate(hist):
            work[:] = board
            W[K.O_BOARD + 12 : K.O_BOARD + 24] = work
            store = state.stores[who]
            W[K.O_HKEY + i] = K.board_key(W, K.O_BOARD + 12, who, store)
            W[K.O_HCNT + i] = n
        W[K.O_BOARD + 12 : K.O_BOARD + 24] = tmp
        W[K.P_HISTN] = len(hist)

    def legal(self, state: WariState) -> list[tuple[int, int]]:
        """The legal own cups (0-5) of the mover with their captures, in cup order."""
        W = self.setup(state)
        cups = np.zeros(6, dtype=np.int64)
        caps = np.zeros(6, dtype=np.int64)
        n = K.play_moves(W, 0, cups, caps)
        return [(int(cups[i]), int(caps[i])) for i in range(n)]

    def run(self, state: WariState, seconds: float | None = None, max_depth: int = 64,
            exact: bool = False, clock: str = "wall", stop: str = "full",
            margin: float | None = None) -> SearchResult:
        """Iterative deepening until ``seconds`` are up (``clock``: ``wall`` or ``cpu``,
        this thread's CPU time) or ``max_depth`` is done; the best move of the deepest
        completed depth (or of the unfinished one, where it found a better move). When
        to stop early: ``search.stop_early`` (``stop``: ``full`` or ``half``). ``margin``
        (seeds): the root moves within it of the best, ``near`` (``search.about_equal``),
        as ``Searcher.run``."""
        check_stop(stop)
        kind = 1 if clock == "cpu" else 0
        start_us = K.clock_us(kind)
        wall = time.perf_counter()
        W = self.setup(state)
        self.generation = (self.generation + 1) % 256
        W[K.P_GEN] = self.generation
        W[K.P_NODES] = 0
        W[K.P_NEXT] = 0
        W[K.P_SELDEPTH] = 0
        W[K.P_CLOCK] = kind
        W[K.P_MARGIN] = -1 if margin is None else round(margin * K.SCALE)
        W[K.P_DEADLINE] = (start_us + int(seconds * 1e6)) if seconds is not None else 1 << 62
        W[K.O_HSCORE : K.O_HSCORE + 12] //= 8  # the history heuristic fades between moves
        c = Searcher.stretch_start(state) * K.SCALE
        moves = self.legal(state)
        W = self.setup(state)
        if not moves:
            raise ValueError("the player to move has no legal move")
        # the first order: captures first (largest first), then cup order
        ranking: list[tuple[int, int]] = [
            (cup, 0) for cup, _ in sorted(moves, key=lambda m: -m[1])]
        order = np.full(6, -1, dtype=np.int64)
        values = np.zeros(6, dtype=np.int64)
        flags = np.zeros(6, dtype=np.int64)
        proven: set[int] = set()
        near: list[int] | None = None
        done_depth = 0
        line: list[int] = []
        reason = "depth"
        for depth in range(1, min(max_depth, K.MAXPLY - 8) + 1):
            for k, (cup, _) in enumerate(ranking):
                order[k] = cup
            W[K.P_ABORT] = 0
            W[K.P_GUESS] = 0
            done = K.root(W, self.T, self._D, depth, exact, order, values, c, flags)
            if W[K.P_ABORT]:
                reason = "time"
                partial = [(int(order[k]), int(values[k])) for k in range(done)]
                # a move of the unfinished depth that beats the previous best there is
                # better founded than the previous depth's choice
                if partial and done_depth:
                    top = max(partial, key=lambda cv: cv[1])
                    if top[0] != ranking[0][0] and top[1] > partial[0][1]:
                        ranking = [top, *(r for r in ranking if r[0] != top[0])]
                        near = [top[0]]
                break
            prev = {cup: i for i, (cup, _) in enumerate(ranking)}
            scored = [(int(order[k]), int(values[k])) for k in range(done)]
            scored.sort(key=lambda cv: (-cv[1], prev.get(cv[0], 9)))
            ranking = scored
            proven = {int(order[k]) for k in range(done) if flags[k]}
            done_depth = depth
            line = self._line(state, ranking[0][0], depth - 1)
            W = self.work(state.abapa)
            early = stop_early(stop, seconds, (K.clock_us(kind) - start_us) / 1e6, depth,
                               len(moves), W[K.P_GUESS] == 0)
            if early:
                reason = early
                break
        self.nodes = int(W[K.P_NODES])
        best_cup, best_value = ranking[0]
        seen = [(cup, v / K.SCALE) for cup, v in ranking]
        if near is None:
            near = about_equal(seen, proven, margin) if done_depth else [best_cup]
        return SearchResult(best_cup, best_value / K.SCALE, done_depth, seen, self.nodes,
                            time.perf_counter() - wall, line, stop=reason, near=near,
                            proven=sorted(proven))

    def _line(self, state: WariState, cup: int, depth: int) -> list[int]:
        W = self.setup(state)
        K.gen_moves(W, 0)
        K._enter(W, 0, cup)
        out = np.zeros(max(depth, 1), dtype=np.int64)
        n = K.principal_line(W, self.T, depth, out)
        return [cup, *(int(x) for x in out[:n])]

    @property
    def seldepth(self) -> int:
        return int(self.W[K.P_SELDEPTH])
