"""The fast, mutable core of the Akwaier rules (docs/rules/akwaier.md).

A :class:`Core` is one position in plain lists of small integers; its
``do_*`` methods change it in place and are only ever called with a move that
``notation.parse`` checked. The public, immutable :class:`AkwaierState`
(``rules.py``) copies a core before each move (copy-on-write); the self-test,
the computer players' look-ahead and fast playouts use a core directly.

Layout (all indices from 0):

- ``board[cell]`` (a bytearray): a chain 0-7 (A-H), ``LOOSE`` or ``EMPTY``;
  cell = row*15 + column
- ``sizes[chain]``, ``out[chain]``: tiles and outstanding shares of each chain
- ``shares[seat*8 + chain]``, ``cash[seat]``
- ``hands[seat*8 + slot]``: a cell, or -1 for an empty slot
- ``bag``: the undrawn tiles in drawing order (a tuple shared by every copy), drawn
  from ``bag_pos`` on
- ``events``: what the last move did, as tuples (``view.py`` spells them out)
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from ludotheek.core.rng import Rng
from ludotheek.games.akwaier.board import (
    CELL_NAMES,
    CHAINS,
    EMPTY,
    LOOSE,
    NEIGH,
    NUM_CELLS,
    NUM_CHAINS,
)
from ludotheek.games.akwaier.money import merger_payouts, price_of

SEATS = 6
HAND = 8
MAX_TURNS = 210
#: the game ends after a turn in which a chain has more tiles than this
END_SIZE = 100
#: ... or after this many passes in a row
PASS_LIMIT = SEATS

PLACE, KEEP, BUY, OVER = 0, 1, 2, 3
PHASES = ("place", "keep", "buy", "over")

#: why a game ended
END_CHAIN, END_TURNS, END_PASSES, END_STOPPED = (
    "chain_over_100", "turn_limit", "all_passed", "stopped")
#: why a turn had no buying
NO_CHAIN, NO_CASH = 0, 1

Event = tuple[Any, ...]


def touch(board: bytearray, cell: int) -> tuple[list[int], list[int]]:
    """The chains (distinct, in the order east, west, south, north) and the loose
    tiles next to ``cell``."""
    chains: list[int] = []
    loose: list[int] = []
    for n in NEIGH[cell]:
        v = board[n]
        if v < LOOSE:
            if v not in chains:
                chains.append(v)
        elif v == LOOSE:
            loose.append(n)
    return chains, loose


def is_legal(board: bytearray, cell: int) -> bool:
    """Whether a tile may be placed on ``cell``: not next to loose tiles unless it
    also touches a chain."""
    loose = False
    for n in NEIGH[cell]:
        v = board[n]
        if v < LOOSE:
            return True
        if v == LOOSE:
            loose = True
    return not loose


def first_largest(sizes: list[int], chains: list[int] | tuple[int, ...]) -> int:
    """The first of the largest ``chains`` in their order (the 1987 player's survivor)."""
    best, pick = -1, -1
    for c in chains:
        if sizes[c] > best:
            best, pick = sizes[c], c
    return pick


def absorbed_order(sizes: list[int], chains: list[int] | tuple[int, ...],
                   survivor: int) -> list[int]:
    """The chains a merger into ``survivor`` absorbs, largest first, then alphabetical."""
    return sorted((c for c in chains if c != survivor), key=lambda c: (-sizes[c], c))


def dissolution(sizes: list[int], out: list[int], shares: list[int], chain: int
                ) -> tuple[int, int, int, int, list[int], list[int]]:
    """What absorbing ``chain`` pays now: (tiles, outstanding shares, price, pot,
    payouts by seat, holdings by seat), with its size and price from before."""
    tiles, outstanding = sizes[chain], out[chain]
    price = price_of(chain, tiles, outstanding)
    pot = (tiles + outstanding) * price
    holdings = shares[chain::NUM_CHAINS]
    return tiles, outstanding, price, pot, merger_payouts(pot, holdings), holdings


class Core:
    """One Akwaier position; mutable. See the module's docstring for the layout."""

    __slots__ = ("bag", "bag_pos", "board", "cash", "end", "events", "hands", "last", "meta",
                 "mover", "out", "passes", "pending", "phase", "shares", "sizes", "turn")

    board: bytearray
    sizes: list[int]
    out: list[int]
    shares: list[int]
    cash: list[int]
    hands: list[int]
    bag: tuple[int, ...]
    bag_pos: int
    mover: int
    phase: int
    turn: int
    passes: int
    #: during KEEP: (slot, cell, chains, loose, tied)
    pending: tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None
    events: tuple[Event, ...]
    end: str | None
    last: str | None
    #: what never changes during a game: (seed, options)
    meta: tuple[int, dict[str, Any]]

    def copy(self) -> Core:
        n = Core.__new__(Core)
        n.board = self.board[:]
        n.sizes = self.sizes[:]
        n.out = self.out[:]
        n.shares = self.shares[:]
        n.cash = self.cash[:]
        n.hands = self.hands[:]
        n.bag = self.bag
        n.bag_pos = self.bag_pos
        n.mover = self.mover
        n.phase = self.phase
        n.turn = self.turn
        n.passes = self.passes
        n.pending = self.pending
        n.events = self.events
        n.end = self.end
        n.last = self.last
        n.meta = self.meta
        return n

    # --- reading ------------------------------------------------------
    def price(self, chain: int) -> int:
        return price_of(chain, self.sizes[chain], self.out[chain])

    def wealth(self, seat: int) -> int:
        """Cash plus every share at its chain's current price."""
        total = self.cash[seat]
        base = seat * NUM_CHAINS
        for c in range(NUM_CHAINS):
            held = self.shares[base + c]
            if held:
                total += held * price_of(c, self.sizes[c], self.out[c])
        return total

    def hand(self, seat: int) -> list[int]:
        return self.hands[seat * HAND:seat * HAND + HAND]

    def bag_left(self) -> int:
        return len(self.bag) - self.bag_pos

    def can_place(self, seat: int) -> bool:
        board = self.board
        for cell in self.hands[seat * HAND:seat * HAND + HAND]:
            if cell >= 0 and is_legal(board, cell):
                return True
        return False

    def buy_block(self, seat: int) -> int | None:
        """Why ``seat`` cannot buy anything (NO_CHAIN / NO_CASH), or None if it can."""
        cash = self.cash[seat]
        exists = False
        for c in range(NUM_CHAINS):
            tiles = self.sizes[c]
            if tiles:
                exists = True
                if price_of(c, tiles, self.out[c]) <= cash:
                    return None
        return NO_CASH if exists else NO_CHAIN

    def rank_of(self, seat: int, chain: int) -> int:
        """``seat``'s place (0 = first) among all six by shares in ``chain``; on equal
        shares the higher seat ranks first (the 1987 program's order)."""
        shares = self.shares
        mine = shares[seat * NUM_CHAINS + chain]
        r = 0
        for q in range(SEATS):
            x = shares[q * NUM_CHAINS + chain]
            if x > mine or (x == mine and q > seat):
                r += 1
        return r

    # --- changing (only with checked moves) ----------------------------
    def do_place(self, slot: int, cell: int, found: int, chains: list[int],
                 loose: list[int]) -> None:
        """Place the tile in ``slot`` on ``cell`` (founding chain ``found`` if >= 0)."""
        m = self.mover
        ev: list[Event]
        if found >= 0:
            self.board[cell] = found
            self.sizes[found] = 1
            self.shares[m * NUM_CHAINS + found] += 1
            self.out[found] += 1
            ev = [("found", m, cell, found)]
        elif not chains:
            self.board[cell] = LOOSE
            ev = [("place", m, cell, -1, ())]
        else:
            if len(chains) == 1:
                survivor = chains[0]
            else:
                sizes = self.sizes
                best = max(sizes[c] for c in chains)
                tied = sorted(c for c in chains if sizes[c] == best)
                if len(tied) > 1:
                    self.phase = KEEP
                    self.pending = (slot, cell, tuple(chains), tuple(loose), tuple(tied))
                    self.events = (("tie", m, cell, tuple(tied)),)
                    return
                survivor = tied[0]
            ev = [("place", m, cell, survivor, tuple(loose))]
            self._settle(cell, chains, loose, survivor, ev)
        self._draw(m, slot)
        self._after_placing(ev)

    def do_keep(self, chain: int) -> None:
        """Settle a tie: ``chain`` survives."""
        assert self.pending is not None
        slot, cell, chains, loose, _tied = self.pending
        self.pending = None
        m = self.mover
        ev: list[Event] = [("place", m, cell, chain, loose)]
        self._settle(cell, chains, loose, chain, ev)
        self._draw(m, slot)
        self._after_placing(ev)

    def do_buy(self, chain: int, asked: int) -> None:
        """Buy up to ``asked`` shares of ``chain`` (-1: nothing), as many as the cash allows."""
        m = self.mover
        if chain < 0:
            ev: list[Event] = [("buy", m, -1, 0, 0, 0)]
        else:
            price = price_of(chain, self.sizes[chain], self.out[chain])
            n = min(asked, self.cash[m] // price)
            if n > 0:
                self.shares[m * NUM_CHAINS + chain] += n
                self.out[chain] += n
                self.cash[m] -= n * price
            ev = [("buy", m, chain, asked, n, price)]
        self._end_turn(False, ev)

    def do_pass(self) -> None:
        self._end_turn(True, [("pass", self.mover)])

    def finish(self, reason: str) -> None:
        """End the game here (the turn in progress is not completed)."""
        self.phase = OVER
        self.end = reason
        self.events = (("end", reason),)

    # --- the steps of a turn --------------------------------------------
    def _settle(self, cell: int, chains: list[int] | tuple[int, ...],
                loose: list[int] | tuple[int, ...], survivor: int, ev: list[Event]) -> None:
        """Put the tile and its loose neighbours into ``survivor``, absorbing the other
        chains (largest first, then alphabetical) with their payouts and exchanges."""
        sizes = self.sizes
        board = self.board
        if len(chains) > 1:
            absorbed = absorbed_order(sizes, chains, survivor)
            for a in absorbed:
                ev.append(self._dissolve(a, survivor))
            relabel = bytearray(range(256))
            for a in absorbed:
                relabel[a] = survivor
            board = self.board = board.translate(relabel)
            for a in absorbed:
                sizes[survivor] += sizes[a]
                sizes[a] = 0
        board[cell] = survivor
        for n in loose:
            board[n] = survivor
        sizes[survivor] += 1 + len(loose)

    def _dissolve(self, chain: int, survivor: int) -> Event:
        """Pay out ``chain``'s pot and exchange its shares 2 for 1 into ``survivor``."""
        shares, cash = self.shares, self.cash
        tiles, outstanding, price, pot, pays, holdings = dissolution(
            self.sizes, self.out, shares, chain)
        gained = [h // 2 for h in holdings]
        for s in range(SEATS):
            cash[s] += pays[s]
            shares[s * NUM_CHAINS + survivor] += gained[s]
            shares[s * NUM_CHAINS + chain] = 0
        self.out[survivor] += sum(gained)
        self.out[chain] = 0
        return ("merger", chain, survivor, tiles, outstanding, price, pot,
                tuple(pays), tuple(holdings), tuple(gained))

    def _draw(self, seat: int, slot: int) -> None:
        pos = self.bag_pos
        if pos < len(self.bag):
            self.hands[seat * HAND + slot] = self.bag[pos]
            self.bag_pos = pos + 1
        else:
            self.hands[seat * HAND + slot] = -1

    def _after_placing(self, ev: list[Event]) -> None:
        block = self.buy_block(self.mover)
        if block is None:
            self.phase = BUY
            self.events = tuple(ev)
        else:
            ev.append(("no_buy", self.mover, block))
            self._end_turn(False, ev)

    def _end_turn(self, passed: bool, ev: list[Event]) -> None:
        self.turn += 1
        self.passes = self.passes + 1 if passed else 0
        reason = None
        if max(self.sizes) > END_SIZE:
            reason = END_CHAIN
        elif self.turn >= MAX_TURNS:
            reason = END_TURNS
        elif self.passes >= PASS_LIMIT:
            reason = END_PASSES
        if reason is None:
            self.mover = (self.mover + 1) % SEATS
            self.phase = PLACE
        else:
            self.phase = OVER
            self.end = reason
            ev.append(("end", reason))
        self.events = tuple(ev)

    # --- consistency ------------------------------------------------------
    def problem(self) -> str | None:
        """The first broken invariant, or None: chain sizes match the board, shares
        outstanding match the holdings, no negative cash or shares, no tile twice,
        bag + hands + board = 225 (the self-test's check 10)."""
        board = self.board
        for c in range(NUM_CHAINS):
            on_board = board.count(c)
            if on_board != self.sizes[c]:
                return f"chain {CHAINS[c]} counts {self.sizes[c]} tiles, the board {on_board}"
            held = sum(self.shares[c::NUM_CHAINS])
            if held != self.out[c]:
                return f"chain {CHAINS[c]} counts {self.out[c]} shares out, players hold {held}"
        for s in range(SEATS):
            if self.cash[s] < 0:
                return f"seat {s + 1} has negative cash {self.cash[s]}"
        if min(self.shares) < 0:
            return "a player holds a negative number of shares"
        elsewhere = [t for t in self.hands if t >= 0]
        elsewhere.extend(self.bag[self.bag_pos:])
        empty = board.count(EMPTY)
        if len(set(elsewhere)) != len(elsewhere):
            return "a tile is in the hands or the bag twice"
        if elsewhere:
            under = itemgetter(*elsewhere)(board)
            if (under.count(EMPTY) if len(elsewhere) > 1 else int(under == EMPTY)) \
                    != len(elsewhere):
                return "a tile in a hand or the bag lies on the board too"
        if len(elsewhere) != empty:
            return (f"{NUM_CELLS - empty} on the board + {len(elsewhere)} in the hands and "
                    f"the bag is not {NUM_CELLS}")
        return None

    def loose_problem(self) -> str | None:
        """A loose tile that touches another tile (loose tiles never do), or None."""
        board = self.board
        i = -1
        for _ in range(board.count(LOOSE)):
            i = board.index(LOOSE, i + 1)
            for n in NEIGH[i]:
                if board[n] != EMPTY:
                    return f"the loose tile {CELL_NAMES[i]} touches {CELL_NAMES[n]}"
        return None


def new_core(seed: int, options: dict[str, Any]) -> Core:
    """A new game: the 225 tiles shuffled by the seeded generator, 8 dealt to each
    seat (seat 1 first), seat 1 to move."""
    order = list(range(NUM_CELLS))
    Rng.from_seed(seed).shuffle(order)
    c = Core.__new__(Core)
    c.board = bytearray([EMPTY]) * NUM_CELLS
    c.sizes = [0] * NUM_CHAINS
    c.out = [0] * NUM_CHAINS
    c.shares = [0] * (SEATS * NUM_CHAINS)
    c.cash = [int(options["start_cash"])] * SEATS
    c.hands = order[:SEATS * HAND]
    c.bag = tuple(order[SEATS * HAND:])
    c.bag_pos = 0
    c.mover = 0
    c.phase = PLACE
    c.turn = 0
    c.passes = 0
    c.pending = None
    c.events = ()
    c.end = None
    c.last = None
    c.meta = (seed, options)
    return c
