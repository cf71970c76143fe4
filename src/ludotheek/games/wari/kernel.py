"""Wari's compiled search core (numba): sowing, captures, the legality rules,
negamax alpha-beta with a transposition table, a capture quiescence search, the
evaluation, the repetition rule and the endgame database's values at the leaves.

It is the same search as ``search.Searcher`` (the pure-Python reference), written
for the compiler: ``tests/wari/test_kernel.py`` compares its moves, sowing,
captures and game ends with the rules engine on 10,000 random positions, and
its values with ``Searcher``'s at fixed depths. ``fast.FastSearcher`` drives it.

How it is laid out (numba pays for every array passed to a function, so a search
call gets three): ``W``, one int64 work array holding the parameters, counters,
the boards and moves of each ply, the path's hashes, the killer moves, the game's
repetition history, the sowing table, the Zobrist keys and the database's code
tables, and the log of the table's slots a search filled, so that the table can be
emptied again without clearing all of it (``FastSearcher.reset``; the offsets are the
``O_*`` and ``P_*`` constants below); ``T``, the transposition table (two int64 words
an entry: the key and the packed entry: the value + 2**31 in bits 0-31, the depth in
32-39, the bound's kind in 40-41, the best move + 1 in 42-44, the search's generation in
45-52, and bit 53 set where the value is proven: nothing below it was a guess);
``D``, the endgame database's tiers one after the other (one code byte a board;
the tier's code table in ``W`` turns a code into the lower and upper value ``f``,
``g``; ``O_TIEROFF`` says where each tier begins).

Values are integers in hundredths of a seed: the mover's net gain from the board
(what they will capture or keep from now on, minus what the opponent will).

A value is *proven* where it rests on no guess: only on ends of the game, repetitions
and the database's values, never on the evaluation at a leaf. The search counts its
guesses (``P_GUESS``: each leaf evaluated, each cut by a table entry not marked proven);
a depth searched without one has found the exact result, and a deeper one cannot change
it (``fast.FastSearcher.run`` stops there).

(Coverage does not see compiled code: the tests call every function through numba.)
"""

from __future__ import annotations

import time

import numpy as np
import numpy.typing as npt
from numba import njit, objmode, types

Ints = npt.NDArray[np.int64]
Codes = npt.NDArray[np.uint8]

# the types of the kernel's arguments (explicit signatures: the kernel is compiled once,
# at import, for exactly these types; a recursive function compiled for two types of one
# argument breaks numba's cache)
I64 = types.Array(types.int64, 1, "C")
TIERS = types.Array(types.uint8, 1, "C", readonly=True)
i64 = types.int64
boolean = types.boolean
void = types.void
#: the signature of db_bounds (numba types its constructors for mypy as untyped calls)
DB_BOUNDS = types.UniTuple(i64, 2)(I64, TIERS, i64, i64)  # type: ignore[no-untyped-call]

# --- the layout of W ----------------------------------------------------------------------
MAXPLY = 96
HIST = 1024  # positions of the game's repetition history
SCALE = 100  # values are in hundredths of a seed
INF = 1_000_000
EXACT, LOWER, UPPER = 0, 1, 2

# parameters and counters
P_NODES = 0  # nodes searched
P_ABORT = 1  # 1: the time is up, every call returns at once
P_NEXT = 2  # the node count of the next look at the clock
P_WMAT, P_WTHREAT, P_WMOB, P_WKROO, P_WSMALL = 3, 4, 5, 6, 7  # weights, hundredths
P_QDEPTH = 8  # plies of the capture search
P_DBMAX = 9  # the database covers boards of at most this many seeds (-1: none)
P_ABAPA = 10  # 1: the Abapa rules
P_TTMASK = 11  # entries - 1 (a power of two)
P_GEN = 12  # the search's generation (older entries are replaced first)
P_HISTN = 13  # positions in the history
P_TTCUT = 14  # 1: the table's values cut the search; 0: only its moves order it
P_REPLIM = 15  # a position seen this often already ends the game (applet 2, Abapa 1)
P_SIDE = 16  # the side to move at the root (0 South, 1 North)
P_TOTAL = 17  # all seeds of the game (board and stores), for the Abapa majority
P_DEADLINE = 18  # microseconds of the clock
P_CLOCK = 19  # 0: wall clock (perf_counter), 1: this thread's CPU time
P_KILLERS = 20  # 1: killer moves
P_HISTORY = 21  # 1: history heuristic for quiet moves
P_SELDEPTH = 22  # the deepest ply reached
P_TLOGN = 23  # the table's empty slots filled since the log was emptied
#: values of this search that rest on a guess: the evaluation at a leaf, or a table entry
#: that rests on one (0 after a depth: every value of it is proven, exact under the rules)
P_GUESS = 24
#: 1: the learned evaluation (``learned.py``, its model at ``O_LEARN``) at the leaves
P_LEARN = 25
#: the root's margin (hundredths, issue 40): a root move within it of the best gets its
#: exact value (``search.about_equal``); -1: none, only the best move's value is exact
P_MARGIN = 26
P_COUNT = 32

O_BOARD = P_COUNT  # [MAXPLY + 2, 12]: the board at each ply (mover's cups first)
O_STORE = O_BOARD + (MAXPLY + 2) * 12  # [MAXPLY + 2, 2]: mover's store, opponent's
O_HASH = O_STORE + (MAXPLY + 2) * 2  # [MAXPLY + 2]: the position's key
O_START = O_HASH + (MAXPLY + 2)  # [MAXPLY + 2]: the ply where the capture-free stretch began
O_CAPLO = O_START + (MAXPLY + 2)  # [MAXPLY + 2, 6]: the lowest cup each cup captures
O_CAP = O_CAPLO + (MAXPLY + 2) * 6  # [MAXPLY + 2, 6]: seeds captured by each cup
O_MOVES = O_CAP + (MAXPLY + 2) * 6  # [MAXPLY + 2, 6]: the legal cups in search order
O_KILL = O_MOVES + (MAXPLY + 2) * 6  # [MAXPLY + 2, 2]: killer moves
O_HKEY = O_KILL + (MAXPLY + 2) * 2  # [HIST]: the history's keys
O_HCNT = O_HKEY + HIST  # [HIST]: how often each occurred
O_SOW = O_HCNT + HIST  # [6, 61, 14]: the changes of 12 cups, the last cup, the opponent's gain
O_ZOB = O_SOW + 6 * 61 * 14  # [12, 64]: Zobrist keys of a cup's count
O_ZSIDE = O_ZOB + 12 * 64  # [2]: of the side to move
O_ZSTORE = O_ZSIDE + 2  # [64]: of the mover's store (Abapa only)
O_PREFIX = O_ZSTORE + 64  # [12, 25, 25]: the database's numbering (endgame_index)
O_CODES = O_PREFIX + 12 * 25 * 25  # [25, 256, 2]: each tier's code -> (f, g)
O_TIEROFF = O_CODES + 25 * 256 * 2  # [25]: where each tier starts in D
#: [LEARN_PHASES, LEARN_PHASE]: the learned model, per phase its most seeds, its weights of
#: material x seeds, own and opponent's best capture, and its table [12, 49] (learned.py)
O_LEARN = O_TIEROFF + 25
LEARN_PHASE = 4 + 12 * 49
LEARN_PHASES = 4
#: [2, 6]: history heuristic scores per side and cup
O_HSCORE = O_LEARN + LEARN_PHASES * LEARN_PHASE
O_SCR = O_HSCORE + 12  # [MAXPLY + 2, 6]: scratch (sort keys, capture order) per ply
O_TLOG = O_SCR + (MAXPLY + 2) * 6  # [TLOG]: the table slots filled (P_TLOGN of them)
TLOG = 4096
W_SIZE = O_TLOG + TLOG


# --- the clock ----------------------------------------------------------------------------
@njit(i64(i64), cache=True)
def clock_us(kind: int) -> int:
    """Microseconds of the wall clock (0) or of this thread's CPU time (1)."""
    with objmode(t="float64"):
        t = time.thread_time() if kind == 1 else time.perf_counter()
    return int(t * 1e6)


# --- the rules ----------------------------------------------------------------------------
@njit(i64(I64, i64), cache=True, inline="always")
def gen_moves(W: Ints, ply: int) -> int:
    """Every legal move of the board at ``ply``: the captures in ``O_CAP`` (and the
    lowest captured cup in ``O_CAPLO``), the legal cups (cup order) in ``O_MOVES``; the
    number of legal moves (``make_child`` then makes the board after one). The rules: a
    non-empty own cup; if the opponent's row is empty, only cups that feed it; a grand
    slam (a capture of the opponent's whole row) is forbidden unless every candidate is
    one (applet rules: then it captures) or captures nothing (Abapa)."""
    b = O_BOARD + ply * 12
    opp = 0
    for i in range(6, 12):
        opp += W[b + i]
    abapa = W[P_ABAPA]
    count = 0
    slams = 0
    m = ply * 6
    for cup in range(6):
        W[O_CAP + m + cup] = 0
        n = W[b + cup]
        if n == 0:
            continue
        s = O_SOW + (cup * 61 + n) * 14
        if opp == 0 and W[s + 13] == 0:
            continue  # does not feed the empty row
        last = W[s + 12]
        captured = 0
        j = last
        if last >= 6:
            while j >= 6:
                x = W[b + j] + W[s + j]
                if x < 2 or x > 3:
                    break
                captured += x
                j -= 1
            if captured and captured == opp + W[s + 13]:  # a grand slam
                if abapa:
                    captured = 0
                else:
                    slams += 1
                    W[O_CAP + m + cup] = -captured  # kept aside for now
                    W[O_CAPLO + m + cup] = j + 1
                    continue
        W[O_CAP + m + cup] = captured
        W[O_CAPLO + m + cup] = j + 1
        W[O_MOVES + m + count] = cup
        count += 1
    if count == 0 and slams:
        # every candidate is a grand slam: they are legal and capture (applet rules)
        for cup in range(6):
            c = W[O_CAP + m + cup]
            if c < 0:
                W[O_CAP + m + cup] = -c
                W[O_MOVES + m + count] = cup
                count += 1
    return count


@njit(i64(I64, i64, i64, i64), cache=True, inline="always")
def make_child(W: Ints, ply: int, cup: int, nxt: int) -> int:
    """Write the board after ``cup`` (of the board at ``ply``), seen from the opponent,
    at ``W[nxt:]``; the seeds captured."""
    b = O_BOARD + ply * 12
    s = O_SOW + (cup * 61 + W[b + cup]) * 14
    for i in range(6):
        W[nxt + i] = W[b + 6 + i] + W[s + 6 + i]
        W[nxt + 6 + i] = W[b + i] + W[s + i]
    cap = W[O_CAP + ply * 6 + cup]
    if cap > 0:
        for i in range(W[O_CAPLO + ply * 6 + cup] - 6, W[s + 12] - 5):
            W[nxt + i] = 0
    return int(cap)


@njit(i64(I64, i64, i64, i64), cache=True, inline="always")
def board_key(W: Ints, at: int, side: int, store: int) -> int:
    """The Zobrist key of the 12 cups at ``W[at:]`` with ``side`` to move (and, with the
    Abapa rules, the mover's store)."""
    h = W[O_ZSIDE + side]
    for i in range(12):
        h ^= W[O_ZOB + i * 64 + W[at + i]]
    if W[P_ABAPA]:
        h ^= W[O_ZSTORE + store]
    return int(h)


@njit(i64(I64, i64), cache=True, inline="always")
def stop_value(W: Ints, at: int) -> int:
    """Own seeds minus the opponent's of the board at ``W[at:]`` (times SCALE)."""
    s = 0
    for i in range(6):
        s += W[at + i] - W[at + 6 + i]
    return s * SCALE


# --- the evaluation -----------------------------------------------------------------------
@njit(i64(I64, i64, i64), cache=True)
def best_capture(W: Ints, at: int, lo: int) -> int:
    """The most the owner of cups lo..lo+5 (of the board at ``W[at:]``, mover first)
    captures with one sowing, ignoring the feeding and grand-slam rules."""
    best = 0
    for k in range(6):
        cup = lo + k
        n = W[at + cup]
        if n == 0:
            continue
        # the sowing table is for the mover's cups: turn the board for the opponent's
        if lo == 0:
            s = O_SOW + (cup * 61 + n) * 14
            last = W[s + 12]
            if last < 6:
                continue
            taken = 0
            j = last
            while j >= 6:
                x = W[at + j] + W[s + j]
                if x < 2 or x > 3:
                    break
                taken += x
                j -= 1
        else:
            s = O_SOW + (k * 61 + n) * 14
            last = W[s + 12]
            if last < 6:
                continue
            taken = 0
            j = last
            while j >= 6:  # cup j of the turned board is cup j - 6 of this one
                x = W[at + j - 6] + W[s + j]
                if x < 2 or x > 3:
                    break
                taken += x
                j -= 1
        if taken > best:
            best = taken
    return best


@njit(i64(I64, i64), cache=True)
def evaluate_learned(W: Ints, at: int) -> int:
    """The learned leaf value of the board at ``W[at:]`` (``learned.Model``, in
    hundredths: the model's ten-thousandths summed, then floored to hundredths)."""
    n = 0
    mat = 0
    for i in range(6):
        x = W[at + i]
        y = W[at + 6 + i]
        n += x + y
        mat += x - y
    p = O_LEARN
    last = O_LEARN + (LEARN_PHASES - 1) * LEARN_PHASE
    while W[p] < n and p < last:  # the phases' most seeds ascend; the last is 48
        p += LEARN_PHASE
    t = p + 4
    total = W[p + 1] * mat * n
    for i in range(12):
        total += W[t + i * 49 + W[at + i]]
    if W[p + 2] or W[p + 3]:
        total += W[p + 2] * best_capture(W, at, 0) + W[p + 3] * best_capture(W, at, 6)
    return int(total // 100)


@njit(i64(I64, i64), cache=True, inline="always")
def evaluate(W: Ints, at: int) -> int:
    """The leaf value of the board at ``W[at:]`` (``evaluate.evaluate``, in hundredths;
    with ``P_LEARN`` the learned one)."""
    if W[P_LEARN]:
        return evaluate_learned(W, at)
    mat = 0
    mob = 0
    small = 0
    kroo = 0
    for i in range(6):
        x = W[at + i]
        y = W[at + 6 + i]
        mat += x - y
        if x:
            mob += 1
        if y:
            mob -= 1
        if 0 < x < 3:
            small += 1
        if 0 < y < 3:
            small -= 1
        if x >= 12:
            kroo += x
        if y >= 12:
            kroo -= y
    v = W[P_WMAT] * mat + W[P_WMOB] * mob + W[P_WSMALL] * small + W[P_WKROO] * kroo
    if W[P_WTHREAT]:
        v -= W[P_WTHREAT] * (best_capture(W, at, 6) - best_capture(W, at, 0))
    return int(v)


# --- the endgame database -----------------------------------------------------------------
@njit(DB_BOUNDS, cache=True, inline="always")
def db_bounds(W: Ints, D: Codes, at: int, n: int) -> tuple[int, int]:
    """``(f, g)`` of the board at ``W[at:]`` holding ``n`` seeds (times SCALE)."""
    r = 0
    rem = n
    for i in range(11):
        c = W[at + i]
        r += W[O_PREFIX + (i * 25 + rem) * 25 + c]
        rem -= c
    code = D[W[O_TIEROFF + n] + r]
    t = O_CODES + (n * 256 + code) * 2
    return W[t] * SCALE, W[t + 1] * SCALE


@njit(i64(I64, i64), cache=True, inline="always")
def seeds(W: Ints, at: int) -> int:
    s = 0
    for i in range(12):
        s += W[at + i]
    return s


@njit(void(I64), cache=True, inline="always")
def _tick(W: Ints) -> None:
    W[P_NODES] += 1
    if W[P_NODES] >= W[P_NEXT]:
        W[P_NEXT] = W[P_NODES] + 2048
        if clock_us(W[P_CLOCK]) >= W[P_DEADLINE]:
            W[P_ABORT] = 1


# --- the search ---------------------------------------------------------------------------
@njit(i64(I64, TIERS, i64, i64, i64, i64, i64), cache=True)
def quiesce(W: Ints, D: Codes, ply: int, alpha: int, beta: int, depth: int, c: int) -> int:
    """Captures only, with the evaluation as the value of standing pat."""
    _tick(W)
    if W[P_ABORT]:
        return 0
    if ply > W[P_SELDEPTH]:
        W[P_SELDEPTH] = ply
    at = O_BOARD + ply * 12
    own = 0
    opp = 0
    for i in range(6):
        own += W[at + i]
        opp += W[at + 6 + i]
    n = own + opp
    if n <= W[P_DBMAX]:
        f, g = db_bounds(W, D, at, n)
        return int(min(max(c, f), g))
    # the game is over if the mover has no legal move: no seeds, or none that feeds
    if own == 0:
        return -opp * SCALE
    count = -1
    if opp == 0:
        count = gen_moves(W, ply)
        if count == 0:
            return own * SCALE
    best = evaluate(W, at)
    W[P_GUESS] += 1
    if best >= beta or depth <= 0 or ply >= MAXPLY:
        return best
    if best > alpha:
        alpha = best
    if count < 0:
        count = gen_moves(W, ply)
    # captures, largest first (cup order among equal ones)
    order = O_SCR + ply * 6
    k = 0
    for i in range(count):
        cup = W[O_MOVES + ply * 6 + i]
        if W[O_CAP + ply * 6 + cup] > 0:
            W[order + k] = cup
            k += 1
    if k == 0:
        return best
    for i in range(1, k):
        x = W[order + i]
        cx = W[O_CAP + ply * 6 + x]
        j = i - 1
        while j >= 0 and W[O_CAP + ply * 6 + W[order + j]] < cx:
            W[order + j + 1] = W[order + j]
            j -= 1
        W[order + j + 1] = x
    nxt = O_BOARD + (ply + 1) * 12
    for i in range(k):
        cup = W[order + i]
        cap = make_child(W, ply, cup, nxt)
        cs = cap * SCALE
        ms = W[O_STORE + ply * 2] + cap
        os_ = W[O_STORE + ply * 2 + 1]
        if W[P_ABAPA] and (2 * ms > W[P_TOTAL] or 2 * ms == 2 * os_ == W[P_TOTAL]):
            v = cs - stop_value(W, nxt)  # the majority ends the game
        else:
            W[O_STORE + (ply + 1) * 2] = os_
            W[O_STORE + (ply + 1) * 2 + 1] = ms
            v = cs - quiesce(W, D, ply + 1, cs - beta, cs - alpha, depth - 1,
                             stop_value(W, nxt))
        if W[P_ABORT]:
            return 0
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if v >= beta:
                    break
    return best


@njit(i64(I64, i64, i64), cache=True, inline="always")
def _repeated(W: Ints, ply: int, key: int) -> int:
    """How often the position ``key`` (to be entered at ``ply``) occurred already: on the
    path since its capture-free stretch began and, if that was before the root, in the
    game's history."""
    seen = 0
    start = W[O_START + ply - 1]
    lo = start if start > 0 else 1  # the root is in the history already
    q = ply - 2
    while q >= lo:
        if W[O_HASH + q] == key:
            seen += 1
        q -= 2
    if start == 0:
        for i in range(W[P_HISTN]):
            if W[O_HKEY + i] == key:
                seen += W[O_HCNT + i]
    return seen


@njit(void(I64, i64, i64, i64), cache=True, inline="always")
def _order(W: Ints, ply: int, count: int, tt_cup: int) -> None:
    """Sort the legal cups of ``ply`` in place: the table's move, captures (largest
    first), killer moves, then the others by history score (cup order among equals)."""
    m = O_MOVES + ply * 6
    key = O_SCR + ply * 6
    k1 = W[O_KILL + ply * 2]
    k2 = W[O_KILL + ply * 2 + 1]
    side = (W[P_SIDE] + ply) & 1
    for i in range(count):
        cup = W[m + i]
        cap = W[O_CAP + ply * 6 + cup]
        if cup == tt_cup:
            s = 1 << 40
        elif cap > 0:
            s = (1 << 38) + (cap << 8)
        elif W[P_KILLERS] and cup == k1:
            s = 1 << 37
        elif W[P_KILLERS] and cup == k2:
            s = 1 << 36
        elif W[P_HISTORY]:
            s = W[O_HSCORE + side * 6 + cup]
        else:
            s = 0
        W[key + i] = s
    for i in range(1, count):
        x = W[m + i]
        kx = W[key + i]
        j = i - 1
        while j >= 0 and W[key + j] < kx:
            W[m + j + 1] = W[m + j]
            W[key + j + 1] = W[key + j]
            j -= 1
        W[m + j + 1] = x
        W[key + j + 1] = kx


@njit(i64(I64, i64, i64), cache=True, inline="always")
def _enter(W: Ints, ply: int, cup: int) -> int:
    """Copy the child of ``cup`` to ply + 1 with its stores, key and stretch; its capture."""
    nxt = O_BOARD + (ply + 1) * 12
    cap = make_child(W, ply, cup, nxt)
    ms = W[O_STORE + ply * 2] + cap
    W[O_STORE + (ply + 1) * 2] = W[O_STORE + ply * 2 + 1]
    W[O_STORE + (ply + 1) * 2 + 1] = ms
    side = (W[P_SIDE] + ply + 1) & 1
    W[O_HASH + ply + 1] = board_key(W, nxt, side, W[O_STORE + (ply + 1) * 2])
    W[O_START + ply + 1] = ply + 1 if cap > 0 else W[O_START + ply]
    return cap


@njit(i64(I64, I64, TIERS, i64, i64, i64, i64, i64), cache=True)
def negamax(W: Ints, T: Ints, D: Codes, ply: int, depth: int, alpha: int, beta: int, c: int) -> int:
    """The value of the board at ``ply`` for its mover, ``depth`` plies deep, within
    ``(alpha, beta)``; ``c``: the mover's stop value where the capture-free stretch
    began (the database's convention). Principal variation search."""
    _tick(W)
    if W[P_ABORT]:
        return 0
    at = O_BOARD + ply * 12
    n = seeds(W, at)
    if n <= W[P_DBMAX]:
        f, g = db_bounds(W, D, at, n)
        return int(min(max(c, f), g))
    if depth <= 0 or ply >= MAXPLY:
        return quiesce(W, D, ply, alpha, beta, W[P_QDEPTH], c)
    count = gen_moves(W, ply)
    if count == 0:
        return stop_value(W, at)
    if ply > W[P_SELDEPTH]:
        W[P_SELDEPTH] = ply
    alpha0 = alpha
    guesses = W[P_GUESS]
    key = W[O_HASH + ply]
    slot = (key & W[P_TTMASK]) * 2
    tt_cup = -1
    if T[slot] == key:
        e = T[slot + 1]
        e_value = (e & 0xFFFFFFFF) - (1 << 31)
        e_depth = (e >> 32) & 0xFF
        e_flag = (e >> 40) & 0x3
        tt_cup = ((e >> 42) & 0x7) - 1
        if W[P_TTCUT] and e_depth >= depth and (
                e_flag == EXACT or (e_flag == LOWER and e_value >= beta)
                or (e_flag == UPPER and e_value <= alpha)):
            if not (e >> 53) & 1:
                W[P_GUESS] += 1  # the entry's value rests on a guess
            return int(e_value)
    _order(W, ply, count, tt_cup)
    best = -INF
    best_cup = W[O_MOVES + ply * 6]
    nxt = O_BOARD + (ply + 1) * 12
    replim = W[P_REPLIM]
    total = W[P_TOTAL]
    for i in range(count):
        cup = W[O_MOVES + ply * 6 + i]
        cap = _enter(W, ply, cup)
        cs = cap * SCALE
        if cap > 0:
            ms = W[O_STORE + (ply + 1) * 2 + 1]
            os_ = W[O_STORE + (ply + 1) * 2]
            cc = stop_value(W, nxt)
            if W[P_ABAPA] and (2 * ms > total or 2 * ms == 2 * os_ == total):
                v = cs - cc  # more than half captured: the game is over
            elif i == 0:
                v = cs - negamax(W, T, D, ply + 1, depth - 1, cs - beta, cs - alpha, cc)
            else:
                v = cs - negamax(W, T, D, ply + 1, depth - 1, cs - alpha - 1, cs - alpha, cc)
                if alpha < v < beta and not W[P_ABORT]:
                    v = cs - negamax(W, T, D, ply + 1, depth - 1, cs - beta, cs - v, cc)
        elif _repeated(W, ply + 1, W[O_HASH + ply + 1]) >= replim:
            v = -stop_value(W, nxt)  # the position repeats: the game ends, each keeps
        elif i == 0:
            v = -negamax(W, T, D, ply + 1, depth - 1, -beta, -alpha, -c)
        else:
            v = -negamax(W, T, D, ply + 1, depth - 1, -alpha - 1, -alpha, -c)
            if alpha < v < beta and not W[P_ABORT]:
                v = -negamax(W, T, D, ply + 1, depth - 1, -beta, -v, -c)
        if W[P_ABORT]:
            return 0
        if v > best:
            best = v
            best_cup = cup
            if v > alpha:
                alpha = v
                if v >= beta:
                    if cap == 0:
                        if W[P_KILLERS] and W[O_KILL + ply * 2] != cup:
                            W[O_KILL + ply * 2 + 1] = W[O_KILL + ply * 2]
                            W[O_KILL + ply * 2] = cup
                        if W[P_HISTORY]:
                            side = (W[P_SIDE] + ply) & 1
                            W[O_HSCORE + side * 6 + cup] += depth * depth
                    break
    flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
    old = T[slot + 1]
    if T[slot] != key or ((old >> 45) & 0xFF) != W[P_GEN] or ((old >> 32) & 0xFF) <= depth:
        if old == 0:  # an empty slot filled (an entry's word is never 0)
            logged = W[P_TLOGN]
            if logged < TLOG:
                W[O_TLOG + logged] = slot
            W[P_TLOGN] = logged + 1
        proven = 1 if W[P_GUESS] == guesses else 0  # nothing below it was a guess
        T[slot] = key
        T[slot + 1] = ((best + (1 << 31)) | (depth << 32) | (flag << 40)
                       | ((best_cup + 1) << 42) | (W[P_GEN] << 45) | (proven << 53))
    return best


@njit(i64(I64, I64, TIERS, i64, boolean, I64, I64, i64, I64), cache=True)
def root(W: Ints, T: Ints, D: Codes, depth: int, exact: bool, order: Ints, values: Ints,
         c: int, proven: Ints) -> int:
    """Every legal root move searched ``depth`` plies, in the order of ``order`` (cups;
    -1 ends it). With ``exact`` each gets its exact value; otherwise the others only
    an upper bound once a better move is known (with ``P_MARGIN``, once one better by
    more than the margin is known). ``values[k]``: the value of ``order[k]``;
    ``proven[k]``: 1 where it rests on no guess. The number of moves searched (fewer if
    the time ran out)."""
    gen_moves(W, 0)
    W[O_START] = 0
    alpha = -INF
    done = 0
    nxt = O_BOARD + 12
    total = W[P_TOTAL]
    below = W[P_MARGIN] + 1  # 0 without a margin
    for k in range(6):
        cup = order[k]
        if cup < 0:
            break
        guesses = W[P_GUESS]
        cap = _enter(W, 0, cup)
        cs = cap * SCALE
        lo = -INF if exact or done == 0 else alpha - below
        if cap > 0:
            ms = W[O_STORE + 3]
            os_ = W[O_STORE + 2]
            cc = stop_value(W, nxt)
            if W[P_ABAPA] and (2 * ms > total or 2 * ms == 2 * os_ == total):
                v = cs - cc
            else:
                v = cs - negamax(W, T, D, 1, depth - 1, -INF, cs - lo, cc)
        elif _repeated(W, 1, W[O_HASH + 1]) >= W[P_REPLIM]:
            v = -stop_value(W, nxt)
        else:
            v = -negamax(W, T, D, 1, depth - 1, -INF, -lo, -c)
        if W[P_ABORT]:
            return done
        values[k] = v
        proven[k] = 1 if W[P_GUESS] == guesses else 0
        done += 1
        if v > alpha:
            alpha = v
    return done


@njit(i64(I64, I64, i64), cache=True)
def tt_move(W: Ints, T: Ints, ply: int) -> int:
    """The table's move for the position at ``ply`` (its key in ``O_HASH``), or -1."""
    key = W[O_HASH + ply]
    slot = (key & W[P_TTMASK]) * 2
    if T[slot] != key:
        return -1
    return int(((T[slot + 1] >> 42) & 0x7) - 1)


@njit(i64(I64, I64, i64, I64), cache=True)
def principal_line(W: Ints, T: Ints, depth: int, line: Ints) -> int:
    """The expected line from the root's first child on (the root board at ply 0 and
    its first move's child at ply 1 set by the caller), from the table; its length."""
    k = 0
    ply = 1
    while k < depth and ply < MAXPLY:
        cup = tt_move(W, T, ply)
        if cup < 0:
            break
        count = gen_moves(W, ply)
        legal = False
        for i in range(count):
            if W[O_MOVES + ply * 6 + i] == cup:
                legal = True
        if not legal:
            break
        line[k] = cup
        k += 1
        _enter(W, ply, cup)
        ply += 1
    return k


@njit(i64(I64, i64, I64, I64), cache=True)
def play_moves(W: Ints, ply: int, cups: Ints, caps: Ints) -> int:
    """For tests: the legal cups of the board at ``ply`` (in cup order) into ``cups``,
    their captures into ``caps``; the count."""
    count = gen_moves(W, ply)
    for i in range(count):
        cup = W[O_MOVES + ply * 6 + i]
        cups[i] = cup
        caps[i] = W[O_CAP + ply * 6 + cup]
    return count


@njit(i64(I64, i64, I64), cache=True)
def play_one(W: Ints, cup: int, out: Ints) -> int:
    """For tests: play own ``cup`` on the board at ply 0 (its legal moves made by
    ``gen_moves``); the board after it (seen from the opponent) into ``out[:12]``, the
    seeds captured into ``out[12]``; the return value says how the game goes on: 0 it
    goes on, 1 the capture gave a player more than half of the seeds (Abapa), 2 the
    opponent has no legal move."""
    cap = _enter(W, 0, cup)
    nxt = O_BOARD + 12
    for i in range(12):
        out[i] = W[nxt + i]
    out[12] = cap
    ms = W[O_STORE + 3]
    os_ = W[O_STORE + 2]
    total = W[P_TOTAL]
    if W[P_ABAPA] and cap > 0 and (2 * ms > total or 2 * ms == 2 * os_ == total):
        return 1
    if gen_moves(W, 1) == 0:
        return 2
    return 0
