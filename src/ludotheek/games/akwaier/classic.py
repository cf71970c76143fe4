"""The 1987 computer player ("classic"), as the rules file describes it.

1. If a chain can be founded, found one on the first free tile in hand-slot
   order, the chain drawn at random among the free ones.
2. Otherwise value each tile: 0 for an empty slot or an illegal tile, 2 for a
   loose placement; a tile touching chains gets the highest, over those chains c,
   of 10 (I hold shares in c, rank 1st or 2nd, and c is absorbed), 5 (the same,
   but c survives), 2 (I hold shares but rank lower) or 4 (I hold none).
3. Take the tiles best first (ties by slot); pass if the best is worth 0; skip a
   tile worth less than 9 whose survivor has more than 15 tiles while a later
   tile is worth something.
4. On a tie the survivor is the first largest chain met east, west, south, north.
5. Buy where my position is threatened (see :func:`buy_choice`), else a random
   existing chain: 3 shares, or as many as the cash allows.

Ranks: all six players by shares, most first, on equal shares the higher seat
first. The player's own seeded generator makes the random choices.
"""

from __future__ import annotations

from ludotheek.ai.base import Analysis, seeded
from ludotheek.core.game import State
from ludotheek.core.rng import Rng
from ludotheek.games.akwaier.board import CELL_NAMES, EMPTY, NEIGH, NUM_CHAINS
from ludotheek.games.akwaier.core import (
    BUY,
    HAND,
    KEEP,
    OVER,
    PLACE,
    Core,
    first_largest,
    touch,
)
from ludotheek.games.akwaier.money import price_of
from ludotheek.games.akwaier.notation import BUY_NAMES, BUY_NONE, FOUND_NAMES, KEEP_NAMES, PASS

#: a tile that makes its survivor bigger than this is put off
BIG = 15


def tile_value(core: Core, seat: int, cell: int) -> tuple[int, int]:
    """The rule's (value, survivor or -1) of ``cell`` in ``seat``'s hand (rule 2)."""
    chains, loose = touch(core.board, cell)
    if not chains:
        return (0 if loose else 2), -1
    shares = core.shares
    survivor = first_largest(core.sizes, chains)
    value = 0
    for c in chains:
        mine = shares[seat * NUM_CHAINS + c]
        if mine > 0:
            col = shares[c::NUM_CHAINS]
            ranked = sorted(col, reverse=True)
            rank = ranked.index(mine) + col[seat + 1:].count(mine)
            w = (5 if c == survivor else 10) if rank < 2 else 2
        else:
            w = 4
        if w > value:
            value = w
    return value, survivor


def put_off(sizes: list[int], value: int, survivor: int) -> bool:
    """Whether the rule puts off a tile of this value and survivor (rule 3): worth less
    than 9, making its survivor bigger than :data:`BIG`."""
    return value < 9 and survivor >= 0 and sizes[survivor] > BIG


def tile_values(core: Core) -> list[tuple[int, int, int]]:
    """(value, slot, survivor or -1) for each of the mover's hand slots."""
    m = core.mover
    out = []
    for slot, cell in enumerate(core.hands[m * HAND:m * HAND + HAND]):
        if cell < 0:
            out.append((0, slot, -1))
            continue
        value, survivor = tile_value(core, m, cell)
        out.append((value, slot, survivor))
    return out


def place_choice(core: Core, rng: Rng) -> str:
    """The 1987 player's placement (or founding, or pass) as a move."""
    m = core.mover
    hand = core.hands[m * HAND:m * HAND + HAND]
    sizes, board = core.sizes, core.board
    if 0 in sizes:
        for cell in hand:
            if cell >= 0:
                for n in NEIGH[cell]:
                    if board[n] != EMPTY:
                        break
                else:
                    free = [c for c in range(NUM_CHAINS) if not sizes[c]]
                    return FOUND_NAMES[cell][rng.choice(free)]
    ranked = sorted(tile_values(core), key=_best_first)
    if ranked[0][0] == 0:
        return PASS
    for i, (value, slot, survivor) in enumerate(ranked):
        if value == 0:
            break
        if put_off(sizes, value, survivor) and any(v > 0 for v, _, _ in ranked[i + 1:]):
            continue
        return CELL_NAMES[hand[slot]]
    return CELL_NAMES[hand[ranked[0][1]]]  # pragma: no cover - the last valued tile is taken


def _best_first(t: tuple[int, int, int]) -> int:
    return t[1] - 16 * t[0]


def keep_choice(core: Core) -> str:
    """On a tie: the first largest chain met in the order east, west, south, north."""
    assert core.pending is not None
    return KEEP_NAMES[first_largest(core.sizes, core.pending[2])]


def buy_target(core: Core, rng: Rng) -> int:
    """The chain the 1987 player buys: the first threatened position, else at random.

    A candidate is an existing chain (A→H, at most four) where my rank n is 1-3 and
    the player ranked n+1 has fewer than 4 shares less than me, or the players ranked
    n+1 and n+2 hold the same; the first candidate is taken, skipping one where I
    rank first and lead by more than 4.
    """
    m = core.mover
    shares, sizes = core.shares, core.sizes
    existing = [c for c in range(NUM_CHAINS) if sizes[c]]
    found = 0
    for c in existing:
        col = shares[c::NUM_CHAINS]
        mine = col[m]
        counts = sorted(col, reverse=True)  # the shares by rank
        # my rank: those with more, and those with as many in a higher seat
        n = counts.index(mine) + col[m + 1:].count(mine)
        if n < 3 and (counts[n + 1] + 4 > mine or counts[n + 1] == counts[n + 2]):
            if not (n == 0 and mine - counts[1] > 4):
                return c
            found += 1
            if found >= 4:
                break
    return rng.choice(existing)


def buy_count(core: Core, chain: int) -> int:
    """The shares of ``chain`` the rule buys: 3, or as many as the mover's cash allows."""
    return min(3, core.cash[core.mover] // price_of(chain, core.sizes[chain], core.out[chain]))


def buy_choice(core: Core, rng: Rng) -> str:
    """3 shares of :func:`buy_target`, or as many as the cash allows."""
    c = buy_target(core, rng)
    n = buy_count(core, c)
    return BUY_NAMES[c][n] if n > 0 else BUY_NONE


def classic_move(core: Core, rng: Rng) -> str:
    """The 1987 player's move in any phase of its turn."""
    phase = core.phase
    if phase == PLACE:
        return place_choice(core, rng)
    if phase == KEEP:
        return keep_choice(core)
    if phase == BUY:
        return buy_choice(core, rng)
    raise ValueError("the game is over")


def core_of(state: State) -> Core:
    core = getattr(state, "core", None)
    if not isinstance(core, Core):
        raise TypeError("the classic player plays Akwaier only")
    return core


class ClassicPlayer:
    """The computer player of the 1987 program (see the module's docstring)."""

    name = "classic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = seeded(seed)

    def choose(self, state: State, seconds: float | None = None) -> str:
        return classic_move(core_of(state), self.rng)

    def analyse(self, state: State, seconds: float | None = None) -> Analysis:
        core = core_of(state)
        if core.phase == OVER:
            raise ValueError("the game is over")
        move = classic_move(core, self.rng)
        ranking: list[tuple[str, float]] = []
        reason = _REASONS.get(core.phase, "")
        if core.phase == PLACE and "+" not in move and move != PASS:
            hand = core.hand(core.mover)
            ranking = [(CELL_NAMES[hand[slot]], float(v))
                       for v, slot, _ in sorted(tile_values(core), key=lambda t: (-t[0], t[1]))
                       if hand[slot] >= 0]
            reason = ("the tile with the best merger value (10: a chain where I rank 1st or "
                      "2nd is absorbed; 5: it survives; 4: I hold none; 2: a loose tile or a "
                      "small stake)")
        elif "+" in move:
            reason = "founding is free: a chain and a free share"
        value = dict(ranking).get(move)
        return Analysis(move, value, ranking, reason, {"player": "classic"})


_REASONS = {
    KEEP: "the first largest chain met east, west, south, north survives",
    BUY: "buy where my rank is threatened, else a random chain",
}
