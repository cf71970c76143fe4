"""Moves in the rules file's notation, checked against a position.

A turn is one or more moves of the same player:

- ``B7`` places the tile B7; ``H8+E`` places H8 and founds chain E on it;
- ``keep A`` chooses the survivor when the largest chains of a merger are tied;
- ``buy C 3`` buys up to 3 shares of C (as many as the cash allows), ``buy none`` nothing;
- ``pass`` when no tile in hand can be placed.

Case and extra spaces are forgiven (``b7``, ``keep a``, ``h8 + e``).
:func:`parse` turns a move into an *op* (a core method and its arguments)
only if it is legal, and otherwise raises :class:`IllegalMove` saying exactly
what is wrong; it never changes the position.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludotheek.core.errors import IllegalMove, quoted
from ludotheek.games.akwaier.board import (
    CELL_NAMES,
    CHAIN_INDEX,
    CHAINS,
    NUM_CELLS,
    NUM_CHAINS,
    cell_error,
)
from ludotheek.games.akwaier.core import BUY, HAND, KEEP, OVER, PLACE, Core, touch
from ludotheek.games.akwaier.names import seat_names

Op = tuple[Any, ...]

#: the moves as text, by their parts
FOUND_NAMES: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{CELL_NAMES[cell]}+{ch}" for ch in CHAINS) for cell in range(NUM_CELLS))
KEEP_NAMES: tuple[str, ...] = tuple(f"keep {ch}" for ch in CHAINS)
BUY_NAMES: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"buy {ch} {n}" for n in range(4)) for ch in CHAINS)
BUY_NONE = "buy none"
PASS = "pass"

_K_PLACE, _K_KEEP, _K_BUY, _K_PASS = range(4)
#: every well-formed move in its canonical spelling -> (kind, a, b)
FAST: dict[str, tuple[int, int, int]] = {PASS: (_K_PASS, 0, 0), BUY_NONE: (_K_BUY, -1, 0)}
for _cell in range(NUM_CELLS):
    FAST[CELL_NAMES[_cell]] = (_K_PLACE, _cell, -1)
    for _ch in range(NUM_CHAINS):
        FAST[FOUND_NAMES[_cell][_ch]] = (_K_PLACE, _cell, _ch)
for _ch in range(NUM_CHAINS):
    FAST[KEEP_NAMES[_ch]] = (_K_KEEP, _ch, 0)
    for _n in (1, 2, 3):
        FAST[BUY_NAMES[_ch][_n]] = (_K_BUY, _ch, _n)

#: the phase a wrong move is refused in, as the parameter ``phase`` of its code
_PHASE_WORD = {PLACE: "akwaier.place", KEEP: "akwaier.keep", BUY: "akwaier.buy"}
_PHASE_HINT = {
    PLACE: "place a tile (like B7, or H8+E to found E there), or pass if none can be placed",
    KEEP: "choose the surviving chain with keep",
    BUY: "buy shares (like buy C 3) or buy none",
}


def seat_name(core: Core, seat: int) -> str:
    return seat_names(core.meta[1])[seat]


def canonical(text: str) -> str:
    """The canonical spelling of a move written with other case or spacing."""
    t = " ".join(text.split())
    low = t.lower()
    if low in (PASS, BUY_NONE):
        return low
    if low.startswith("keep "):
        return "keep " + t[5:].replace(" ", "").upper()
    if low.startswith("buy "):
        parts = t[4:].split()
        if len(parts) == 2 and parts[1].isdigit():
            parts[1] = str(int(parts[1]))
        return "buy " + " ".join([parts[0].upper(), *parts[1:]]) if parts else low
    return t.replace(" ", "").upper()


def _malformed(move: str) -> IllegalMove:
    """What is wrong with a move that is not a well-formed move at all."""
    t = " ".join(move.split())
    low = t.lower()
    if not t:
        return IllegalMove("empty move: place a tile like B7, found with H8+E, keep A, buy C 3, "
                           "buy none or pass", code="akwaier.empty")
    if low == "keep" or low.startswith("keep "):
        rest = t[4:].strip()
        if rest:
            return IllegalMove(f"keep needs a chain A-H, like keep A, not {rest!r}",
                               code="akwaier.keep_chain", text=quoted(rest))
        return IllegalMove("keep needs a chain: keep A", code="akwaier.keep_nothing")
    if low == "buy" or low.startswith("buy "):
        parts = t[3:].split()
        if not parts:
            return IllegalMove("buy needs a chain and a number of shares (buy C 3), or buy none",
                               code="akwaier.buy_nothing")
        chain = parts[0].upper()
        if chain not in CHAIN_INDEX:
            return IllegalMove(f"there is no chain {parts[0]!r}: the chains are A-H",
                               code="akwaier.no_chain", chain=quoted(parts[0]))
        if len(parts) != 2:
            return IllegalMove(f"write buy {chain} 1, buy {chain} 2 or buy {chain} 3 (or buy none)",
                               code="akwaier.buy_form", chain=chain)
        count = parts[1]
        if not count.lstrip("-").isdigit():
            return IllegalMove(f"{count!r} is not a number of shares: buy {chain} 1-3",
                               code="akwaier.buy_count", count=quoted(count), chain=chain)
        n = int(count)
        if n > 3:
            return IllegalMove(f"at most 3 shares can be bought in a turn, not {n}",
                               code="akwaier.buy_max", count=n)
        if n < 1:
            return IllegalMove(f"buy at least 1 share (buy {chain} 1-3), or buy none",
                               code="akwaier.buy_min", chain=chain)
        return IllegalMove(f"write buy {chain} {n}", code="akwaier.buy_spelling", chain=chain,
                           count=n)
    if "+" in t:
        where, _, chain = t.replace(" ", "").partition("+")
        return cell_error(where) or IllegalMove(
            f"there is no chain {chain!r} to found: the chains are A-H",
            code="akwaier.no_chain", chain=quoted(chain))
    return cell_error(t) or IllegalMove(f"{move!r} is not a move", code="akwaier.not_a_move",
                                        move=quoted(move))


def parse(core: Core, move: object) -> Op:
    """The op for ``move`` in ``core``'s position; :class:`IllegalMove` if it is not legal."""
    if not isinstance(move, str):
        raise IllegalMove(f"a move is text like B7 or buy C 3, not {move!r}",
                          code="akwaier.not_text")
    spec = FAST.get(move)
    if spec is None:
        spec = FAST.get(canonical(move))
        if spec is None:
            raise _malformed(move)
    phase = core.phase
    if phase == OVER:
        raise IllegalMove("the game is over", code="move.game_over")
    kind, a, b = spec
    return _CHECKS[kind](core, a, b, phase)


def _wrong_phase(core: Core, phase: int, what: str) -> str:
    """Why ``what`` is not possible in this ``phase``."""
    name = seat_name(core, core.mover)
    return f"{what} is not possible now: {name} must {_PHASE_HINT[phase]}"


def _check_place(core: Core, cell: int, found: int, phase: int) -> Op:
    name = CELL_NAMES[cell]
    if phase != PLACE:
        raise IllegalMove(_wrong_phase(core, phase, f"placing {name}"),
                          code="akwaier.place_not_now", cell=name, seat=core.mover,
                          phase=_PHASE_WORD[phase])
    m = core.mover
    hand = core.hands[m * HAND:m * HAND + HAND]
    if cell not in hand:
        raise IllegalMove(f"{name} is not one of {seat_name(core, m)}'s tiles",
                          code="akwaier.not_in_hand", cell=name, seat=m)
    slot = hand.index(cell)
    chains, loose = touch(core.board, cell)
    if not chains and loose:
        around = ", ".join(CELL_NAMES[n] for n in loose)
        raise IllegalMove(f"{name} may not be placed: it touches the loose tile "
                          f"{around} and no chain, so a chain would appear unnoticed",
                          code="akwaier.touches_loose", cell=name, around=around)
    if found >= 0:
        ch = CHAINS[found]
        if chains or loose:
            raise IllegalMove(f"no chain can be founded on {name}: a chain is founded only "
                              f"on a cell whose four neighbours are all empty",
                              code="akwaier.found_here", cell=name)
        if core.sizes[found]:
            raise IllegalMove(f"chain {ch} already exists; it can be founded again only "
                              f"after it has been absorbed", code="akwaier.chain_exists",
                              chain=ch)
    return (Core.do_place, slot, cell, found, chains, loose)


def _check_keep(core: Core, chain: int, _b: int, phase: int) -> Op:
    if phase != KEEP:
        raise IllegalMove(f"keep {CHAINS[chain]}: there is no tie to settle now",
                          code="akwaier.keep_no_tie", chain=CHAINS[chain])
    assert core.pending is not None
    tied = core.pending[4]
    if chain not in tied:
        choices = " or ".join(CHAINS[c] for c in tied)
        raise IllegalMove(f"chain {CHAINS[chain]} is not one of the tied largest chains: "
                          f"keep {choices}", code="akwaier.keep_not_tied", chain=CHAINS[chain],
                          choices=choices)
    return (Core.do_keep, chain)


def _check_buy(core: Core, chain: int, count: int, phase: int) -> Op:
    if phase != BUY:
        raise IllegalMove(_wrong_phase(core, phase, "buying"), code="akwaier.buy_not_now",
                          seat=core.mover, phase=_PHASE_WORD[phase])
    if chain >= 0 and not core.sizes[chain]:
        raise IllegalMove(f"chain {CHAINS[chain]} does not exist, so its shares cannot be "
                          f"bought", code="akwaier.buy_no_chain", chain=CHAINS[chain])
    return (Core.do_buy, chain, count)


def _check_pass(core: Core, _a: int, _b: int, phase: int) -> Op:
    if phase != PLACE:
        raise IllegalMove(_wrong_phase(core, phase, "passing"), code="akwaier.pass_not_now",
                          seat=core.mover, phase=_PHASE_WORD[phase])
    if core.can_place(core.mover):
        raise IllegalMove("passing is allowed only when no tile in hand can be placed",
                          code="akwaier.pass_not_allowed")
    return (Core.do_pass,)


_CHECKS: tuple[Callable[[Core, int, int, int], Op], ...] = (
    _check_place, _check_keep, _check_buy, _check_pass)


def apply(core: Core, op: Op) -> None:
    """Carry out a checked op on ``core`` (in place)."""
    op[0](core, *op[1:])


def play_in_place(core: Core, move: str) -> None:
    """Check and play ``move`` on ``core`` itself (for playouts and the self-test)."""
    op = parse(core, move)
    op[0](core, *op[1:])
    core.last = move


def legal_moves(core: Core) -> list[str]:
    """Every legal move of the player to move, in a fixed order."""
    phase = core.phase
    if phase == PLACE:
        m = core.mover
        board = core.board
        foundable = [c for c in range(NUM_CHAINS) if not core.sizes[c]]
        moves: list[str] = []
        for cell in core.hands[m * HAND:m * HAND + HAND]:
            if cell < 0:
                continue
            chains, loose = touch(board, cell)
            if chains or not loose:
                moves.append(CELL_NAMES[cell])
                if not chains and foundable:  # no chain and no loose tile: all free
                    moves.extend(FOUND_NAMES[cell][c] for c in foundable)
        return moves or [PASS]
    if phase == KEEP:
        assert core.pending is not None
        return [KEEP_NAMES[c] for c in core.pending[4]]
    if phase == BUY:
        m = core.mover
        cash = core.cash[m]
        moves = [BUY_NONE]
        for c in range(NUM_CHAINS):
            if core.sizes[c]:
                most = min(3, cash // core.price(c))
                moves.extend(BUY_NAMES[c][n] for n in range(1, most + 1))
        return moves
    return []
