"""What the public moves tell about the 1987 players' hidden tiles.

The 1987 player (:mod:`~ludotheek.games.akwaier.classic`) chooses its tile by a fixed
rule from its hand, so its move rules tiles out of the hand it held then:

- a **pass**: no tile it held could be placed;
- a **placement** that founds no chain while a chain was free: it held no tile with
  four empty neighbours (it would have founded on it);
- a **placement** of a tile worth ``v`` by the rule's merger values: it held no tile
  worth more, except one it would put off (worth less than 9, its survivor larger
  than ``BIG``); if the tile played is such a tile itself, none worth less but more
  than 0 either.

A tile ruled out at a move may have been drawn since: of the tiles a seat holds
now, at most as many as it drew from that move on are new. So the constraints are
nested by age: its youngest tile escapes every constraint but those of the passes
after its last placement, the next one also that placement's, and so on
(:func:`hidden_limits`). :func:`deal` then deals the unseen tiles so that each
seat's tiles keep these limits (the most constrained first, each the first fitting
tile of a shuffled pool).

Only public facts are used: the moves (every seat's, in order) replayed from the
start on a position without hands (board, chains, shares and cash are public). A
seat whose moves the 1987 rule could not have made (e.g. a person's, or the strong
player's: a buy of other than 3 shares when it could afford them) keeps no limits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheek.core.rng import Rng
from ludotheek.games.akwaier.board import EMPTY, NEIGH, NUM_CELLS, NUM_CHAINS
from ludotheek.games.akwaier.classic import buy_count, put_off, tile_value
from ludotheek.games.akwaier.core import (
    BUY,
    HAND,
    PLACE,
    SEATS,
    Core,
    is_legal,
    new_core,
)
from ludotheek.games.akwaier.notation import FAST, canonical, parse

_K_PLACE, _K_KEEP, _K_BUY, _K_PASS = 0, 1, 2, 3

#: at each level (0: a seat's youngest tile) the cells its tile cannot be
Limits = list[list[frozenset[int]]]


def consistent(core: Core, cell: int, found: int) -> bool:
    """Whether the 1987 rule could have made the mover place ``cell`` (founding
    ``found``, -1: none; ``cell`` -1: a pass) with some hand."""
    if cell < 0 or found >= 0:
        return True
    if 0 in core.sizes and all(core.board[n] == EMPTY for n in NEIGH[cell]):
        return False  # it would have founded a chain there
    return tile_value(core, core.mover, cell)[0] > 0


def ruled_out(core: Core, cell: int, found: int) -> frozenset[int]:
    """The empty cells the mover cannot have held when it placed ``cell`` (founding
    ``found``, -1: none; ``cell`` -1: a pass), if it plays by the 1987 rule."""
    m = core.mover
    board = core.board
    empty = [x for x in range(NUM_CELLS) if board[x] == EMPTY and x != cell]
    if cell < 0:
        return frozenset(x for x in empty if is_legal(board, x))
    if found >= 0:
        return frozenset()
    out: set[int] = set()
    if 0 in core.sizes:  # a chain was free: it held no tile to found one on
        out.update(x for x in empty if all(board[n] == EMPTY for n in NEIGH[x]))
    v, s = tile_value(core, m, cell)
    late = put_off(core.sizes, v, s)
    for x in empty:
        if x in out:
            continue
        w, t = tile_value(core, m, x)
        if (w > v and not put_off(core.sizes, w, t)) or (late and 0 < w < v):
            out.add(x)
    return frozenset(out)


def _classic_buy(core: Core, chain: int, asked: int) -> bool:
    """Whether the 1987 rule could buy so: 3 shares of a chain, or as many as the cash
    allows; nothing only if some chain is too dear."""
    if chain < 0:
        return any(core.sizes[c] and buy_count(core, c) == 0
                   for c in range(NUM_CHAINS))
    return asked == buy_count(core, chain)


def hidden_limits(options: Mapping[str, Any], moves: Sequence[str], me: int,
                  held: Sequence[int]) -> Limits:
    """For each seat, the cells its tiles cannot be, by level (0: its youngest tile;
    ``held[seat]`` levels); ``me`` and seats that did not play by the 1987 rule have
    none. ``moves`` are every decision of the game so far, in order."""
    core = new_core(0, dict(options))
    core.hands = [-1] * (SEATS * HAND)
    core.bag = ()
    # each seat's placements and passes: (the position before, cell or -1, found)
    actions: list[list[tuple[Core, int, int]]] = [[] for _ in range(SEATS)]
    classic = [s != me for s in range(SEATS)]
    for move in moves:
        kind, a, b = FAST.get(move) or FAST[canonical(move)]
        m = core.mover
        if kind in (_K_PLACE, _K_PASS) and core.phase == PLACE:
            cell, found = (a, b) if kind == _K_PLACE else (-1, -1)
            if classic[m]:
                if consistent(core, cell, found):
                    actions[m].append((core.copy(), cell, found))
                else:
                    classic[m] = False
            if cell >= 0:
                core.hands[m * HAND] = cell
        elif kind == _K_BUY and core.phase == BUY and classic[m] and \
                not _classic_buy(core, a, b):
            classic[m] = False
        op = parse(core, move)
        op[0](core, *op[1:])
    limits: Limits = []
    for s in range(SEATS):
        levels: list[frozenset[int]] = []
        if classic[s]:
            union: set[int] = set()
            drawn = 0  # tiles drawn from the action on (placements), the latest first
            acts = actions[s][::-1]
            i = 0
            for j in range(held[s]):
                while i < len(acts) and drawn + (acts[i][1] >= 0) <= j:
                    before, cell, found = acts[i]
                    drawn += cell >= 0
                    union |= ruled_out(before, cell, found)
                    i += 1
                levels.append(frozenset(union))
        limits.append(levels)
    return limits


def deal(core: Core, me: int, rng: Rng, limits: Limits) -> Core:
    """A copy of ``core`` with the tiles ``me`` cannot see dealt at random within
    ``limits`` (see the module's docstring; a tile waiting for ``keep`` stays), the
    rest in the bag. Depends only on what ``me`` sees, the limits and ``rng``."""
    c = core.copy()
    fixed = -1
    if c.pending is not None and c.mover != me:
        fixed = c.mover * HAND + c.pending[0]
    slots = [[i for i in range(s * HAND, s * HAND + HAND) if c.hands[i] >= 0 and i != fixed]
             for s in range(SEATS)]
    slots[me] = []
    pool = sorted([c.hands[i] for ss in slots for i in ss] + list(c.bag[c.bag_pos:]))
    rng.shuffle(pool)
    tasks = sorted(((j, s) for s in range(SEATS) for j in range(len(slots[s]))),
                   reverse=True)
    for j, s in tasks:
        no = limits[s][j] if j < len(limits[s]) else frozenset()
        k = 0
        while k < len(pool) and pool[k] in no:
            k += 1
        tile = pool.pop(k if k < len(pool) else 0)
        c.hands[slots[s][j]] = tile
    c.bag = tuple(pool)
    c.bag_pos = 0
    return c
