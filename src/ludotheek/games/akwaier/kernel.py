"""Akwaier's rollouts compiled (numba): the strong player's simulations, deal, rollout
and judgement, for every candidate of one world in one call.

It is the same work as the pure engine's: ``State.determinize`` (the deal of the unseen
tiles), ``Core``'s ``do_*`` moves, ``playout.classic_playout`` (the 1987 policy, the
player's own purchases by ``evaluation.best_buy``, the guarded seat's) and
``evaluation.estimates``, written for the compiler, drawing the same random numbers
from the same SplitMix64 generator and doing the same float arithmetic in the same
order, so that its figures are the pure engine's to the last bit:
``tests/akwaier/test_kernel.py`` compares them (positions, random numbers left, every
seat's estimate) on thousands of positions of random games. ``fast.py`` drives it.

A position is one int64 array (the ``O_*`` and ``P_*`` offsets below: the board, chain
sizes, shares out, holdings, cash, hands, the bag, whose turn and phase, the tie waiting
to be settled); ``T`` holds the tables (neighbours, prices), ``F`` the evaluation's
weights at each turn (``evaluation._weights``, made by ``fast.tables``: the kernel
computes none of them itself). Two generators live in ``R`` (uint64): ``R[0]`` the
player's (deals, the rollouts' seeds), ``R[1]`` a rollout's.

(Coverage does not see compiled code: the tests call every function through numba.)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, types

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Words = npt.NDArray[np.uint64]

I64 = types.Array(types.int64, 1, "C")
F64 = types.Array(types.float64, 1, "C")
U64 = types.Array(types.uint64, 1, "C")
i64 = types.int64
f64 = types.float64
u64 = types.uint64
void = types.void

# --- the rules' constants (core.py, board.py, money.py; fast.py checks them) ---------------
NUM_CELLS = 225
NUM_CHAINS = 8
SEATS = 6
HAND = 8
LOOSE = 8
EMPTY = 9
PLACE, KEEP, BUY, OVER = 0, 1, 2, 3
MAX_TURNS = 210
END_SIZE = 100
PASS_LIMIT = 6
PER_SHARE = 10
#: the 1987 player's "big" survivor (classic.BIG)
BIG = 15

# --- a position -------------------------------------------------------------------------
O_BOARD = 0
O_SIZES = O_BOARD + NUM_CELLS
O_OUT = O_SIZES + NUM_CHAINS
O_SHARES = O_OUT + NUM_CHAINS  # seat * 8 + chain
O_CASH = O_SHARES + SEATS * NUM_CHAINS
O_HANDS = O_CASH + SEATS  # seat * 8 + slot
O_BAG = O_HANDS + SEATS * HAND
P_BAGLEN = O_BAG + NUM_CELLS
P_BAGPOS = P_BAGLEN + 1
P_MOVER = P_BAGLEN + 2
P_PHASE = P_BAGLEN + 3
P_TURN = P_BAGLEN + 4
P_PASSES = P_BAGLEN + 5
#: a tie waiting to be settled: 1 if there is one, its slot and cell, the chains touched
#: (P_PNCH of them at O_PCH) and the loose tiles (P_PNL at O_PL)
P_PENDING = P_BAGLEN + 6
P_PSLOT = P_PENDING + 1
P_PCELL = P_PENDING + 2
P_PNCH = P_PENDING + 3
O_PCH = P_PENDING + 4
P_PNL = O_PCH + 4
O_PL = P_PNL + 1
S_SIZE = O_PL + 4

# --- the tables in T ----------------------------------------------------------------------
T_NEIGH = 0  # cell * 4 + k: the neighbours east, west, south, north (-1: none)
T_PRICE = T_NEIGH + NUM_CELLS * 4  # chain * 226 + tiles: the price without shares out
PRICE_ROW = NUM_CELLS + 1
T_SIZE = T_PRICE + NUM_CHAINS * PRICE_ROW
#: F: per turn 0..F_TURNS-1, F_ROW weights: cash, share (not largest, largest), bonus
#: (not largest: 3 leads, largest: 3 leads), common
F_ROW = 10
F_TURNS = MAX_TURNS + 2

# --- an op (a candidate move, made by fast.op) ----------------------------------------------
OP_PLACE, OP_KEEP, OP_BUY, OP_PASS = 0, 1, 2, 3
#: kind, then place: slot, cell, found, chains (count, 4), loose (count, 4); keep: chain;
#: buy: chain, asked
OP_SIZE = 14

# --- the scratch array X ----------------------------------------------------------------------
X_TOUCH = 0  # chains count, 4 chains, loose count, 4 loose cells
X_VAL = 10  # the 1987 placement's candidates: 8 x (key, slot, cell, value, survivor)
X_TMP = X_VAL + 40  # 8 scratch ints
X_AFTER = X_TMP + 8  # a position (buying when the game ends)
X_SIZE = X_AFTER + S_SIZE
#: scratch floats: the estimates (6), a chain's terms (6), 8 chains' terms (48), totals (6),
#: values (6)
Y_EST = 0
Y_TERMS = 6
Y_ALL = 12
Y_TOTAL = 60
Y_VALUES = 66
Y_SIZE = 72

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_MAXU = np.uint64(0xFFFFFFFFFFFFFFFF)


# --- the generator (core/rng.py) ------------------------------------------------------------
@njit(u64(U64, i64), cache=True, inline="always")
def next64(R: Words, k: int) -> int:
    """The next output of generator ``R[k]`` (``Rng.next64``)."""
    z = R[k] + _GOLDEN
    R[k] = z
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))  # type: ignore[no-any-return]


@njit(i64(U64, i64, i64), cache=True)
def randbelow(R: Words, k: int, n: int) -> int:
    """A uniform integer in 0 .. n-1 from ``R[k]`` (``Rng.randbelow``: no modulo bias)."""
    un = np.uint64(n)
    rest = (_MAXU % un + np.uint64(1)) % un  # 2**64 mod n
    top = _MAXU - rest  # an output above this is drawn again (none when n divides 2**64)
    while True:
        x = next64(R, k)
        if x <= top:
            return int(x % un)


# --- reading a position -----------------------------------------------------------------------
@njit(i64(I64, I64, i64, i64), cache=True, inline="always")
def price_of(S: Ints, T: Ints, chain: int, extra: int) -> int:
    """The price of a share of ``chain`` with ``extra`` more shares out (0: no tiles)."""
    tiles = S[O_SIZES + chain]
    if tiles == 0:
        return 0
    return int(T[T_PRICE + chain * PRICE_ROW + tiles] + PER_SHARE * (S[O_OUT + chain] + extra))


@njit(i64(I64, I64, i64, I64), cache=True, inline="always")
def touch(S: Ints, T: Ints, cell: int, X: Ints) -> int:
    """``core.touch``: the chains next to ``cell`` (distinct, east, west, south, north) in
    ``X[1:5]`` (``X[0]`` of them) and the loose tiles in ``X[6:10]`` (``X[5]``); the
    number of chains."""
    nch = 0
    nl = 0
    for k in range(4):
        n = T[T_NEIGH + cell * 4 + k]
        if n < 0:
            break
        v = S[O_BOARD + n]
        if v < LOOSE:
            seen = False
            for j in range(nch):
                if X[X_TOUCH + 1 + j] == v:
                    seen = True
            if not seen:
                X[X_TOUCH + 1 + nch] = v
                nch += 1
        elif v == LOOSE:
            X[X_TOUCH + 6 + nl] = n
            nl += 1
    X[X_TOUCH] = nch
    X[X_TOUCH + 5] = nl
    return nch


@njit(i64(I64, I64, i64), cache=True, inline="always")
def wealth(S: Ints, T: Ints, seat: int) -> int:
    """Cash plus every share at its chain's price (``Core.wealth``)."""
    total = S[O_CASH + seat]
    for c in range(NUM_CHAINS):
        held = S[O_SHARES + seat * NUM_CHAINS + c]
        if held:
            total += held * price_of(S, T, c, 0)
    return total  # type: ignore[no-any-return]


@njit(i64(I64, i64), cache=True, inline="always")
def rank(S: Ints, chain: int) -> int:
    """The mover's place by shares in ``chain`` (``playout._rank``)."""
    seat = S[P_MOVER]
    mine = S[O_SHARES + seat * NUM_CHAINS + chain]
    r = 0
    for q in range(SEATS):
        x = S[O_SHARES + q * NUM_CHAINS + chain]
        if x > mine or (x == mine and q > seat):
            r += 1
    return r


# --- changing a position (core.py's do_* and their steps) ------------------------------------
@njit(void(I64, i64), cache=True, inline="always")
def end_turn(S: Ints, passed: int) -> None:
    """``Core._end_turn``: the next seat places, or the game is over."""
    S[P_TURN] += 1
    S[P_PASSES] = S[P_PASSES] + 1 if passed else 0
    biggest = 0
    for c in range(NUM_CHAINS):
        if S[O_SIZES + c] > biggest:
            biggest = S[O_SIZES + c]
    if biggest > END_SIZE or S[P_TURN] >= MAX_TURNS or S[P_PASSES] >= PASS_LIMIT:
        S[P_PHASE] = OVER
    else:
        S[P_MOVER] = (S[P_MOVER] + 1) % SEATS
        S[P_PHASE] = PLACE


@njit(void(I64, I64), cache=True, inline="always")
def after_placing(S: Ints, T: Ints) -> None:
    """To buying, unless the mover can buy nothing (``Core.buy_block``)."""
    cash = S[O_CASH + S[P_MOVER]]
    for c in range(NUM_CHAINS):
        if S[O_SIZES + c] and price_of(S, T, c, 0) <= cash:
            S[P_PHASE] = BUY
            return
    end_turn(S, 0)


@njit(void(I64, i64), cache=True, inline="always")
def draw(S: Ints, slot: int) -> None:
    pos = S[P_BAGPOS]
    at = O_HANDS + S[P_MOVER] * HAND + slot
    if pos < S[P_BAGLEN]:
        S[at] = S[O_BAG + pos]
        S[P_BAGPOS] = pos + 1
    else:
        S[at] = -1


@njit(i64(i64, i64), cache=True, inline="always")
def round_half_away(numerator: int, denominator: int) -> int:
    """``money.round_half_away`` of a numerator of at least 0."""
    q = numerator // denominator
    r = numerator - q * denominator
    if 2 * r >= denominator:
        q += 1
    return q


@njit(void(I64, I64, i64, i64), cache=True)
def dissolve(S: Ints, T: Ints, chain: int, survivor: int) -> None:
    """Pay out ``chain``'s pot (``money.merger_payouts``) and exchange its shares 2 for 1."""
    tiles = S[O_SIZES + chain]
    outstanding = S[O_OUT + chain]
    pot = (tiles + outstanding) * price_of(S, T, chain, 0)
    top = 0
    for s in range(SEATS):
        h = S[O_SHARES + s * NUM_CHAINS + chain]
        if h > top:
            top = h
    nfirst = 0
    second = 0
    for s in range(SEATS):
        h = S[O_SHARES + s * NUM_CHAINS + chain]
        if h == top:
            nfirst += 1
        elif h > second:
            second = h
    nsecond = 0
    for s in range(SEATS):
        if second and S[O_SHARES + s * NUM_CHAINS + chain] == second:
            nsecond += 1
    first_seen = False
    gained = 0
    for s in range(SEATS):
        at = O_SHARES + s * NUM_CHAINS
        h = S[at + chain]
        pay = 0
        if top > 0:
            if nfirst > 1 or second == 0:
                if h == top:
                    pay = round_half_away(pot, nfirst)
            elif h == top and not first_seen:
                pay = round_half_away(pot * 2, 3)
                first_seen = True
            elif h == second:
                pay = round_half_away(pot, 3 * nsecond)
        S[O_CASH + s] += pay
        S[at + survivor] += h // 2
        gained += h // 2
        S[at + chain] = 0
    S[O_OUT + survivor] += gained
    S[O_OUT + chain] = 0


@njit(void(I64, I64, i64, I64, i64, I64, i64, i64), cache=True)
def settle(S: Ints, T: Ints, cell: int, chains: Ints, nch: int, loose: Ints, nl: int,
           survivor: int) -> None:
    """``Core._settle``: the tile and its loose neighbours into ``survivor``, the other
    chains absorbed largest first, then alphabetical (``core.absorbed_order``)."""
    if nch > 1:
        order = np.empty(4, dtype=np.int64)
        na = 0
        for j in range(nch):
            c = chains[j]
            if c == survivor:
                continue
            # insert by (-size, chain)
            k = na
            while k > 0:
                p = order[k - 1]
                if S[O_SIZES + p] < S[O_SIZES + c] or (
                        S[O_SIZES + p] == S[O_SIZES + c] and p > c):
                    order[k] = p
                    k -= 1
                else:
                    break
            order[k] = c
            na += 1
        for j in range(na):
            dissolve(S, T, order[j], survivor)
        for i in range(NUM_CELLS):
            v = S[O_BOARD + i]
            if v < LOOSE:
                for j in range(na):
                    if v == order[j]:
                        S[O_BOARD + i] = survivor
        for j in range(na):
            a = order[j]
            S[O_SIZES + survivor] += S[O_SIZES + a]
            S[O_SIZES + a] = 0
    S[O_BOARD + cell] = survivor
    for j in range(nl):
        S[O_BOARD + loose[j]] = survivor
    S[O_SIZES + survivor] += 1 + nl


@njit(void(I64, I64, i64, i64, i64, I64, i64, I64, i64), cache=True)
def do_place(S: Ints, T: Ints, slot: int, cell: int, found: int, chains: Ints, nch: int,
             loose: Ints, nl: int) -> None:
    """``Core.do_place``."""
    m = S[P_MOVER]
    if found >= 0:
        S[O_BOARD + cell] = found
        S[O_SIZES + found] = 1
        S[O_SHARES + m * NUM_CHAINS + found] += 1
        S[O_OUT + found] += 1
    elif nch == 0:
        S[O_BOARD + cell] = LOOSE
    else:
        survivor = chains[0]
        if nch > 1:
            best = -1
            for j in range(nch):
                if S[O_SIZES + chains[j]] > best:
                    best = S[O_SIZES + chains[j]]
            tied = 0
            survivor = NUM_CHAINS
            for j in range(nch):
                c = chains[j]
                if S[O_SIZES + c] == best:
                    tied += 1
                    if c < survivor:
                        survivor = c
            if tied > 1:
                S[P_PHASE] = KEEP
                S[P_PENDING] = 1
                S[P_PSLOT] = slot
                S[P_PCELL] = cell
                S[P_PNCH] = nch
                for j in range(nch):
                    S[O_PCH + j] = chains[j]
                S[P_PNL] = nl
                for j in range(nl):
                    S[O_PL + j] = loose[j]
                return
        settle(S, T, cell, chains, nch, loose, nl, survivor)
    draw(S, slot)
    after_placing(S, T)


@njit(void(I64, I64, i64), cache=True)
def do_keep(S: Ints, T: Ints, chain: int) -> None:
    """``Core.do_keep``: settle the tie, ``chain`` survives."""
    S[P_PENDING] = 0
    settle(S, T, S[P_PCELL], S[O_PCH:O_PCH + 4], S[P_PNCH], S[O_PL:O_PL + 4], S[P_PNL], chain)
    draw(S, S[P_PSLOT])
    after_placing(S, T)


@njit(void(I64, I64, i64, i64), cache=True)
def do_buy(S: Ints, T: Ints, chain: int, asked: int) -> None:
    """``Core.do_buy``."""
    if chain >= 0:
        m = S[P_MOVER]
        price = price_of(S, T, chain, 0)
        n = min(asked, S[O_CASH + m] // price)
        if n > 0:
            S[O_SHARES + m * NUM_CHAINS + chain] += n
            S[O_OUT + chain] += n
            S[O_CASH + m] -= n * price
    end_turn(S, 0)


@njit(void(I64), cache=True)
def do_pass(S: Ints) -> None:
    end_turn(S, 1)


@njit(i64(I64, I64, i64), cache=True, inline="always")
def first_largest(S: Ints, chains: Ints, nch: int) -> int:
    best = -1
    pick = -1
    for j in range(nch):
        c = chains[j]
        if S[O_SIZES + c] > best:
            best = S[O_SIZES + c]
            pick = c
    return pick


# --- the 1987 policy (playout.py) -------------------------------------------------------------
@njit(void(I64, I64, U64, I64), cache=True)
def classic_place(S: Ints, T: Ints, R: Words, X: Ints) -> None:  # noqa: C901
    """``playout._classic_place``: random numbers from ``R[1]``."""
    m = S[P_MOVER]
    first = O_HANDS + m * HAND
    free = 0
    for c in range(NUM_CHAINS):
        if S[O_SIZES + c] == 0:
            free += 1
    if free:  # found on the first free tile, a free chain at random
        for slot in range(HAND):
            cell = S[first + slot]
            if cell < 0:
                continue
            lonely = True
            for k in range(4):
                n = T[T_NEIGH + cell * 4 + k]
                if n >= 0 and S[O_BOARD + n] != EMPTY:
                    lonely = False
                    break
            if lonely:
                pick = randbelow(R, 1, free)
                found = -1
                for c in range(NUM_CHAINS):
                    if S[O_SIZES + c] == 0:
                        if pick == 0:
                            found = c
                            break
                        pick -= 1
                do_place(S, T, slot, cell, found, X[X_TOUCH + 1:X_TOUCH + 5], 0,
                         X[X_TOUCH + 6:X_TOUCH + 10], 0)
                return
    count = 0
    for slot in range(HAND):
        cell = S[first + slot]
        if cell < 0:
            continue
        nch = touch(S, T, cell, X)
        value = 0
        survivor = -1
        if nch == 0:
            if X[X_TOUCH + 5]:
                continue
            value = 2
        else:
            survivor = first_largest(S, X[X_TOUCH + 1:X_TOUCH + 5], nch)
            for j in range(nch):
                c = X[X_TOUCH + 1 + j]
                if S[O_SHARES + m * NUM_CHAINS + c] > 0:
                    if rank(S, c) < 2:
                        w = 5 if c == survivor else 10
                    else:
                        w = 2
                else:
                    w = 4
                if w > value:
                    value = w
        key = slot - 16 * value
        # insert, ordered by key (all different: one entry a slot)
        k = count
        while k > 0 and X[X_VAL + (k - 1) * 5] > key:
            for f in range(5):
                X[X_VAL + k * 5 + f] = X[X_VAL + (k - 1) * 5 + f]
            k -= 1
        at = X_VAL + k * 5
        X[at] = key
        X[at + 1] = slot
        X[at + 2] = cell
        X[at + 3] = value
        X[at + 4] = survivor
        count += 1
    if count == 0:
        do_pass(S)
        return
    for i in range(count):
        at = X_VAL + i * 5
        value = X[at + 3]
        survivor = X[at + 4]
        if value < 9 and survivor >= 0 and S[O_SIZES + survivor] > BIG and i < count - 1:
            continue
        cell = X[at + 2]
        nch = touch(S, T, cell, X)
        do_place(S, T, X[at + 1], cell, -1, X[X_TOUCH + 1:X_TOUCH + 5], nch,
                 X[X_TOUCH + 6:X_TOUCH + 10], X[X_TOUCH + 5])
        return


@njit(void(I64, I64, U64, i64, I64), cache=True)
def classic_buy(S: Ints, T: Ints, R: Words, fallback: int, X: Ints) -> None:
    """``playout._classic_buy``: random numbers from ``R[1]``."""
    m = S[P_MOVER]
    target = -1
    found = 0
    counts = X[X_TMP:X_TMP + SEATS]
    existing = 0
    for c in range(NUM_CHAINS):
        if not S[O_SIZES + c]:
            continue
        existing += 1
        if target >= 0 or found >= 4:
            continue
        mine = S[O_SHARES + m * NUM_CHAINS + c]
        for s in range(SEATS):  # the holdings, most first
            h = S[O_SHARES + s * NUM_CHAINS + c]
            k = s
            while k > 0 and counts[k - 1] < h:
                counts[k] = counts[k - 1]
                k -= 1
            counts[k] = h
        n = rank(S, c)
        if n < 3 and (counts[n + 1] + 4 > mine or counts[n + 1] == counts[n + 2]):
            if not (n == 0 and mine - counts[1] > 4):
                target = c
                continue
            found += 1
    if target < 0:
        if not fallback:
            do_buy(S, T, -1, 0)
            return
        pick = randbelow(R, 1, existing)
        for c in range(NUM_CHAINS):
            if S[O_SIZES + c]:
                if pick == 0:
                    target = c
                    break
                pick -= 1
    price = price_of(S, T, target, 0)
    n = min(3, S[O_CASH + m] // price)
    do_buy(S, T, target if n > 0 else -1, n)


# --- the estimate of final wealth (evaluation.py) ------------------------------------------
@njit(i64(I64, i64, i64, i64), cache=True, inline="always")
def held(S: Ints, seat: int, chain: int, extra: int) -> int:
    """``seat``'s shares of ``chain``, the mover's with ``extra`` more."""
    h = S[O_SHARES + seat * NUM_CHAINS + chain]
    return int(h + extra if seat == S[P_MOVER] else h)


@njit(void(I64, F64, i64, i64, i64, i64, i64, F64, i64), cache=True, inline="always")
def add_pot_terms(S: Ints, F: Floats, b: int, pot: int, chain: int, extra: int, top: int,
                  Y: Floats, at: int) -> None:
    """The pot's part of ``add_chain_terms``: the bonus weights at ``F[b:b + 3]``, the
    most shares anyone holds ``top``."""
    nfirst = 0
    first = -1
    second = 0
    for s in range(SEATS):
        h = held(S, s, chain, extra)
        if h == top:
            nfirst += 1
            if first < 0:
                first = s
        elif h > second:
            second = h
    if nfirst > 1:
        for s in range(SEATS):
            if held(S, s, chain, extra) == top:
                Y[at + s] += F[b] * pot / nfirst
        return
    first_w = F[b + 1] if top - second <= 3 else F[b + 2]
    if not second:
        Y[at + first] += first_w * pot
        return
    Y[at + first] += first_w * pot * (2.0 / 3.0)
    nsecond = 0
    for s in range(SEATS):
        if held(S, s, chain, extra) == second:
            nsecond += 1
    for s in range(SEATS):
        if held(S, s, chain, extra) == second:
            Y[at + s] += F[b] * pot / (3 * nsecond)


@njit(void(I64, I64, F64, i64, i64, i64, i64, F64, i64), cache=True)
def add_chain_terms(S: Ints, T: Ints, F: Floats, row: int, chain: int, extra: int, big: int,
                    Y: Floats, at: int) -> None:
    """``evaluation.add_chain_terms`` of ``chain`` into ``Y[at:at + 6]``, with the weights
    of row ``row`` of ``F``, and the mover holding ``extra`` more shares of it (a
    purchase judged by ``buy_standings``)."""
    tiles = S[O_SIZES + chain]
    outstanding = S[O_OUT + chain] + extra
    if not tiles or not outstanding:
        return
    w = row * F_ROW
    price = T[T_PRICE + chain * PRICE_ROW + tiles] + PER_SHARE * outstanding
    share_value = F[w + 1 + big] * price
    top = 0
    for s in range(SEATS):
        h = held(S, s, chain, extra)
        if h:
            Y[at + s] += h * share_value
        if h > top:
            top = h
    add_pot_terms(S, F, w + 3 + 3 * big, (tiles + outstanding) * price, chain, extra, top,
                  Y, at)


@njit(i64(I64), cache=True, inline="always")
def largest(S: Ints) -> int:
    """The first of the largest chains (``max(range(8), key=sizes.__getitem__)``)."""
    pick = 0
    for c in range(1, NUM_CHAINS):
        if S[O_SIZES + c] > S[O_SIZES + pick]:
            pick = c
    return pick


@njit(void(I64, I64, F64, F64, i64), cache=True)
def estimates(S: Ints, T: Ints, F: Floats, Y: Floats, at: int) -> None:
    """``evaluation.estimates`` into ``Y[at:at + 6]``."""
    if S[P_PHASE] == OVER:
        for s in range(SEATS):
            Y[at + s] = float(wealth(S, T, s))
        return
    big = largest(S)
    w = S[P_TURN] * F_ROW
    for s in range(SEATS):
        Y[at + s] = F[w + 9] + F[w] * S[O_CASH + s]
    for c in range(NUM_CHAINS):
        add_chain_terms(S, T, F, S[P_TURN], c, 0, 1 if c == big else 0, Y, at)


@njit(f64(F64, i64, i64, f64), cache=True, inline="always")
def standing(Y: Floats, at: int, seat: int, rivalry: float) -> float:
    """``evaluation.standing`` of ``Y[at:at + 6]``."""
    best_other = -np.inf
    for s in range(SEATS):
        if s != seat and Y[at + s] > best_other:
            best_other = Y[at + s]
    return Y[at + seat] - rivalry * best_other  # type: ignore[no-any-return]


@njit(void(I64, I64, F64, f64, I64, F64), cache=True)
def best_buy_at_end(S: Ints, T: Ints, F: Floats, rivalry: float, X: Ints, Y: Floats) -> None:
    """``best_buy`` when the game ends after the purchase: each judged by the wealth,
    played on a copy of the position."""
    m = S[P_MOVER]
    best = -np.inf
    best_c = -1
    best_n = 0
    A = X[X_AFTER:X_AFTER + S_SIZE]
    for c in range(-1, NUM_CHAINS):
        most = 1
        if c >= 0:
            if not S[O_SIZES + c]:
                continue
            most = min(3, S[O_CASH + m] // price_of(S, T, c, 0))
        for n in range(1, most + 1):
            A[:] = S[:S_SIZE]
            do_buy(A, T, c, n if c >= 0 else 0)
            estimates(A, T, F, Y, Y_VALUES)
            value = standing(Y, Y_VALUES, m, rivalry)
            if value > best:
                best = value
                best_c = c
                best_n = n if c >= 0 else 0
    X[X_TMP] = best_c
    X[X_TMP + 1] = best_n


@njit(void(I64, I64, F64, f64, I64, F64), cache=True)
def best_buy(S: Ints, T: Ints, F: Floats, rivalry: float, X: Ints, Y: Floats) -> None:
    """``evaluation.best_buy`` (by ``buy_standings``): the purchase in ``X[X_TMP]`` (chain
    or -1) and ``X[X_TMP + 1]`` (shares)."""
    m = S[P_MOVER]
    cash = S[O_CASH + m]
    biggest = 0
    for c in range(NUM_CHAINS):
        if S[O_SIZES + c] > biggest:
            biggest = S[O_SIZES + c]
    if biggest > END_SIZE or S[P_TURN] + 1 >= MAX_TURNS:  # the game ends: the wealth
        best_buy_at_end(S, T, F, rivalry, X, Y)
        return
    best_c = -1
    best_n = 0
    big = largest(S)
    row = S[P_TURN] + 1
    w = row * F_ROW
    for c in range(NUM_CHAINS):
        for s in range(SEATS):
            Y[Y_ALL + c * SEATS + s] = 0.0
        add_chain_terms(S, T, F, row, c, 0, 1 if c == big else 0, Y, Y_ALL + c * SEATS)
    for s in range(SEATS):
        total = 0.0
        for c in range(NUM_CHAINS):
            total += Y[Y_ALL + c * SEATS + s]
        Y[Y_TOTAL + s] = F[w + 9] + F[w] * S[O_CASH + s] + total
    best = standing(Y, Y_TOTAL, m, rivalry)
    for c in range(NUM_CHAINS):
        if not S[O_SIZES + c]:
            continue
        price = price_of(S, T, c, 0)
        most = min(3, cash // price)
        for n in range(1, most + 1):
            for s in range(SEATS):
                Y[Y_TERMS + s] = 0.0
            add_chain_terms(S, T, F, row, c, n, 1 if c == big else 0, Y, Y_TERMS)
            for s in range(SEATS):
                Y[Y_VALUES + s] = Y[Y_TOTAL + s] - Y[Y_ALL + c * SEATS + s] + Y[Y_TERMS + s]
            Y[Y_VALUES + m] -= F[w] * n * price
            value = standing(Y, Y_VALUES, m, rivalry)
            if value > best:
                best = value
                best_c = c
                best_n = n
    X[X_TMP] = best_c
    X[X_TMP + 1] = best_n


# --- a rollout ----------------------------------------------------------------------------
@njit(i64(I64, I64, F64, U64, i64, i64, i64, i64, f64, I64, F64), cache=True)
def playout(S: Ints, T: Ints, F: Floats, R: Words, max_moves: int, guarded: int, own: int,
            own_buys: int, rivalry: float, X: Ints, Y: Floats) -> int:
    """``playout.classic_playout`` (no placements by the estimate): random numbers from
    ``R[1]``; the number of decisions made."""
    made = 0
    while S[P_PHASE] != OVER and made < max_moves:
        phase = S[P_PHASE]
        mover = S[P_MOVER]
        if mover == own and phase == BUY and own_buys > 0:
            best_buy(S, T, F, rivalry, X, Y)
            do_buy(S, T, X[X_TMP], X[X_TMP + 1])
            own_buys -= 1
        elif phase == BUY and mover == guarded:
            classic_buy(S, T, R, 0, X)
        elif phase == PLACE:
            classic_place(S, T, R, X)
        elif phase == BUY:
            classic_buy(S, T, R, 1, X)
        else:  # KEEP: the first of the largest chains touched survives
            do_keep(S, T, first_largest(S, S[O_PCH:O_PCH + 4], S[P_PNCH]))
        made += 1
    return made


@njit(void(I64, I64, I64, i64), cache=True)
def apply_op(S: Ints, T: Ints, ops: Ints, at: int) -> None:
    """Play the op at ``ops[at:at + OP_SIZE]`` (a candidate, ``fast.op``)."""
    kind = ops[at]
    if kind == OP_PLACE:
        do_place(S, T, ops[at + 1], ops[at + 2], ops[at + 3], ops[at + 5:at + 9], ops[at + 4],
                 ops[at + 10:at + 14], ops[at + 9])
    elif kind == OP_KEEP:
        do_keep(S, T, ops[at + 1])
    elif kind == OP_BUY:
        do_buy(S, T, ops[at + 1], ops[at + 2])
    else:
        do_pass(S)


@njit(void(I64, i64, U64), cache=True)
def deal(S: Ints, seat: int, R: Words) -> None:
    """``AkwaierState.determinize``: the tiles ``seat`` cannot see dealt anew, in order
    and then shuffled by ``R[0]``."""
    fixed = -1
    if S[P_PENDING] and S[P_MOVER] != seat:
        fixed = S[P_MOVER] * HAND + S[P_PSLOT]
    slots = np.empty(SEATS * HAND, dtype=np.int64)
    ns = 0
    for i in range(SEATS * HAND):
        if i // HAND != seat and S[O_HANDS + i] >= 0 and i != fixed:
            slots[ns] = i
            ns += 1
    rest = S[P_BAGLEN] - S[P_BAGPOS]
    unseen = np.empty(ns + rest, dtype=np.int64)
    for k in range(ns):
        unseen[k] = S[O_HANDS + slots[k]]
    for k in range(rest):
        unseen[ns + k] = S[O_BAG + S[P_BAGPOS] + k]
    unseen.sort()
    for i in range(ns + rest - 1, 0, -1):
        j = randbelow(R, 0, i + 1)
        t = unseen[i]
        unseen[i] = unseen[j]
        unseen[j] = t
    for k in range(ns):
        S[O_HANDS + slots[k]] = unseen[k]
    for k in range(rest):
        S[O_BAG + k] = unseen[ns + k]
    S[P_BAGLEN] = rest
    S[P_BAGPOS] = 0


#: a candidate's sums in ``world``'s ``acc``: the figure maximised (the standing), the
#: mover's estimate, its lead over the best other seat, every seat's estimate, the count
A_TOTAL, A_WEALTH, A_LEAD, A_SEATS, A_VISITS = 0, 1, 2, 3, 9
A_ROW = 10


@njit(void(I64, I64, F64, U64, i64, i64, I64, I64, i64, i64, i64, f64, F64, F64), cache=True)
def world(S0: Ints, T: Ints, F: Floats, R: Words, seat: int, dealt: int, ops: Ints,
          arms: Ints, depth: int, guarded: int, own_buys: int, rivalry: float,
          out: Floats, acc: Floats) -> None:
    """One world of the strong player's search: unless ``dealt``, the unseen tiles of
    ``S0`` dealt anew by ``R[0]`` (else ``S0`` is the world already), a rollout seed drawn
    from ``R[0]``, then for each candidate ``arms`` (indices into ``ops``): its op played
    on a copy of the world, the rollout (``seat``'s own purchases by the estimate for
    ``own_buys`` purchases, ``guarded``'s guarded; random numbers from a generator of
    that seed), every seat's estimate at its end in ``out[6 * k:6 * k + 6]`` (the k-th
    of ``arms``) and added to the candidate's sums in ``acc`` (``A_*``: as
    ``search.StrongPlayer`` adds them, in the same order)."""
    W = S0.copy()
    if not dealt:
        deal(W, seat, R)
    seed = next64(R, 0)
    X = np.zeros(X_SIZE, dtype=np.int64)
    Y = np.zeros(Y_SIZE, dtype=np.float64)
    A = np.empty(S_SIZE, dtype=np.int64)
    for k in range(len(arms)):
        arm = arms[k]
        A[:] = W
        R[1] = seed
        apply_op(A, T, ops, arm * OP_SIZE)
        playout(A, T, F, R, depth, guarded, seat, own_buys, rivalry, X, Y)
        at = k * SEATS
        estimates(A, T, F, out, at)
        best_other = -np.inf
        for s in range(SEATS):
            if s != seat and out[at + s] > best_other:
                best_other = out[at + s]
        mine = out[at + seat]
        row = arm * A_ROW
        acc[row + A_TOTAL] += mine - rivalry * best_other
        acc[row + A_WEALTH] += mine
        acc[row + A_LEAD] += mine - best_other
        for s in range(SEATS):
            acc[row + A_SEATS + s] += out[at + s]
        acc[row + A_VISITS] += 1.0
