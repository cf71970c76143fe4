"""Fast playouts on a core, for search players (MCTS rollouts).

``random_step`` makes one uniformly random legal decision in place, with the
same choice among the legal moves as the generic random player, but without
building the moves as text or copying the position. ``fast_rollout`` is a
rollout function for :class:`ludotheek.ai.mcts.MCTSPlayer`. ``classic_step``
makes the decision of the 1987 player (``classic.py``) in place: the same choice,
drawing the same random numbers, about a third faster than choosing the move as
text and playing it (the strong player's rollouts).

>>> from ludotheek.games.akwaier import GAME
>>> end = fast_rollout(GAME.new(seed=1), Rng.from_seed(2), 10_000)
>>> end.is_over, end.core.problem()
(True, None)
"""

from __future__ import annotations

import math

from ludotheek.core.game import State
from ludotheek.core.rng import Rng
from ludotheek.games.akwaier.board import EMPTY, NEIGH, NUM_CHAINS
from ludotheek.games.akwaier.classic import BIG
from ludotheek.games.akwaier.core import (
    BUY,
    END_STOPPED,
    HAND,
    KEEP,
    OVER,
    PLACE,
    SEATS,
    Core,
    first_largest,
    touch,
)
from ludotheek.games.akwaier.evaluation import best_buy, estimates, standing
from ludotheek.games.akwaier.money import PER_SHARE, PRICE_BY_SIZE, price_of


def random_step(core: Core, rng: Rng) -> None:
    """One random legal decision of the player to move, played on ``core`` itself."""
    phase = core.phase
    if phase == PLACE:
        m = core.mover
        board, sizes = core.board, core.sizes
        free_chains = [c for c in range(NUM_CHAINS) if not sizes[c]]
        options: list[tuple[int, int, int, list[int], list[int]]] = []
        for slot, cell in enumerate(core.hands[m * HAND:m * HAND + HAND]):
            if cell < 0:
                continue
            chains, loose = touch(board, cell)
            if chains or not loose:
                options.append((slot, cell, -1, chains, loose))
                if not chains:
                    options.extend((slot, cell, c, chains, loose) for c in free_chains)
        if options:
            core.do_place(*rng.choice(options))
        else:
            core.do_pass()
    elif phase == KEEP:
        assert core.pending is not None
        core.do_keep(rng.choice(core.pending[4]))
    elif phase == BUY:
        m = core.mover
        cash = core.cash[m]
        buys = [(-1, 0)]
        for c in range(NUM_CHAINS):
            tiles = core.sizes[c]
            if tiles:
                most = min(3, cash // price_of(c, tiles, core.out[c]))
                buys.extend((c, n) for n in range(1, most + 1))
        core.do_buy(*rng.choice(buys))


def playout(core: Core, rng: Rng, max_moves: int) -> int:
    """Random decisions on ``core`` until the game ends or ``max_moves`` were made;
    the number made."""
    made = 0
    while core.phase != OVER and made < max_moves:
        random_step(core, rng)
        made += 1
    return made


def fast_rollout(state: State, rng: Rng, max_moves: int) -> State:
    """A rollout for :class:`~ludotheek.ai.mcts.MCTSPlayer`: random play to the end, or
    ``max_moves`` decisions and then the game is scored as it stands (wealth)."""
    from ludotheek.games.akwaier.rules import AkwaierState

    if not isinstance(state, AkwaierState):
        raise TypeError("fast_rollout plays Akwaier only")
    core = state.core.copy()
    playout(core, rng, max_moves)
    if core.phase != OVER:
        core.finish(END_STOPPED)
    return AkwaierState(core)


def _rank(col: list[int], seat: int) -> int:
    """``seat``'s place (0 = first) by shares; equal shares: the higher seat first."""
    mine = col[seat]
    r = 0
    for q in range(SEATS):
        x = col[q]
        if x > mine or (x == mine and q > seat):
            r += 1
    return r


# a search kernel (every rollout step of the strong player): one flat loop is faster
def _classic_place(core: Core, rng: Rng) -> None:  # noqa: C901
    m = core.mover
    hands, board, sizes, shares = core.hands, core.board, core.sizes, core.shares
    first = m * HAND
    if 0 in sizes:  # found on the first free tile, a free chain at random
        for slot in range(HAND):
            cell = hands[first + slot]
            if cell < 0:
                continue
            for n in NEIGH[cell]:
                if board[n] != EMPTY:
                    break
            else:
                free = [c for c in range(NUM_CHAINS) if not sizes[c]]
                core.do_place(slot, cell, rng.choice(free), [], [])
                return
    valued: list[tuple[int, int, int, int, list[int], list[int]]] = []
    for slot in range(HAND):
        cell = hands[first + slot]
        if cell < 0:
            continue
        chains, loose = touch(board, cell)
        if not chains:
            if not loose:
                valued.append((2, slot, cell, -1, chains, loose))
            continue
        survivor = first_largest(sizes, chains)
        value = 0
        for c in chains:
            col = shares[c::NUM_CHAINS]
            if col[m] > 0:
                w = (5 if c == survivor else 10) if _rank(col, m) < 2 else 2
            else:
                w = 4
            if w > value:
                value = w
        valued.append((value, slot, cell, survivor, chains, loose))
    if not valued:
        core.do_pass()
        return
    valued.sort(key=lambda t: t[1] - 16 * t[0])
    last = len(valued) - 1
    for i, (value, slot, cell, survivor, chains, loose) in enumerate(valued):
        if value < 9 and survivor >= 0 and sizes[survivor] > BIG and i < last:
            continue
        core.do_place(slot, cell, -1, chains, loose)
        return


def _classic_buy(core: Core, rng: Rng, fallback: bool = True) -> None:
    m = core.mover
    shares, sizes = core.shares, core.sizes
    existing = [c for c in range(NUM_CHAINS) if sizes[c]]
    target = -1
    found = 0
    for c in existing:
        col = shares[c::NUM_CHAINS]
        mine = col[m]
        counts = sorted(col, reverse=True)
        n = _rank(col, m)
        if n < 3 and (counts[n + 1] + 4 > mine or counts[n + 1] == counts[n + 2]):
            if not (n == 0 and mine - counts[1] > 4):
                target = c
                break
            found += 1
            if found >= 4:
                break
    if target < 0:
        if not fallback:
            core.do_buy(-1, 0)
            return
        target = rng.choice(existing)
    price = PRICE_BY_SIZE[target][sizes[target]] + PER_SHARE * core.out[target]
    n = min(3, core.cash[m] // price)
    core.do_buy(target if n > 0 else -1, n)


def classic_step(core: Core, rng: Rng) -> None:
    """The 1987 player's decision, played on ``core`` itself (see the module's docstring)."""
    phase = core.phase
    if phase == PLACE:
        _classic_place(core, rng)
    elif phase == BUY:
        _classic_buy(core, rng)
    elif phase == KEEP:
        assert core.pending is not None
        core.do_keep(first_largest(core.sizes, core.pending[2]))


def estimate_place(core: Core, rivalry: float) -> None:
    """The mover's placement as the one-ply estimate would choose it, played on ``core``
    itself: every legal tile (founding: one chain of each base price), the position
    right after it judged by :func:`~ludotheek.games.akwaier.evaluation.standing` of
    the estimates (a tie for the survivor settled by the 1987 rule); a pass if no tile
    is legal. The first of equals is played."""
    m = core.mover
    board, sizes = core.board, core.sizes
    free = [c for c in range(NUM_CHAINS) if not sizes[c]]
    founds: list[int] = []
    seen: set[int] = set()
    for c in free:  # look-alikes: the same base price gives the same prices and pots
        if PRICE_BY_SIZE[c][1] not in seen:
            seen.add(PRICE_BY_SIZE[c][1])
            founds.append(c)
    best: tuple[int, int, int, list[int], list[int]] | None = None
    best_value = -math.inf
    for slot, cell in enumerate(core.hands[m * HAND:m * HAND + HAND]):
        if cell < 0:
            continue
        chains, loose = touch(board, cell)
        if not chains and loose:
            continue
        for found in (founds if not chains and founds else [-1]):
            after = core.copy()
            after.do_place(slot, cell, found, chains, loose)
            if after.phase == KEEP:
                assert after.pending is not None
                after.do_keep(first_largest(after.sizes, after.pending[2]))
            value = standing(estimates(after), m, rivalry)
            if value > best_value:
                best_value = value
                best = (slot, cell, found, chains, loose)
    if best is None:
        core.do_pass()
    else:
        core.do_place(*best)


def classic_playout(core: Core, rng: Rng, max_moves: int, guarded: int = -1,
                    own: int = -1, own_buys: int = 0, rivalry: float = 0.5,
                    own_places: int = 0) -> int:
    """1987 decisions for every seat on ``core`` until the game ends or ``max_moves``
    were made; the number made. Seat ``guarded`` (if any) buys only where the 1987
    rule sees its place threatened, and nothing instead of a random chain. Seat
    ``own`` (if any) makes its first ``own_buys`` purchases and its first
    ``own_places`` placements as the one-ply estimate would
    (:func:`~ludotheek.games.akwaier.evaluation.best_buy`, :func:`estimate_place`,
    with ``rivalry``)."""
    made = 0
    while core.phase != OVER and made < max_moves:
        if core.mover == own and core.phase == BUY and own_buys > 0:
            core.do_buy(*best_buy(core, rivalry))
            own_buys -= 1
        elif core.mover == own and core.phase == PLACE and own_places > 0:
            estimate_place(core, rivalry)
            own_places -= 1
        elif core.phase == BUY and core.mover == guarded:
            _classic_buy(core, rng, False)
        else:
            classic_step(core, rng)
        made += 1
    return made
