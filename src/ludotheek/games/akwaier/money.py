"""The money rules: share prices and the split of a merger's pot.

These are the functions the engine itself uses; they are public so that the
figures can be checked on their own.

>>> share_price("C", 5, 0), share_price("C", 5, 4), share_price("D", 0, 0)
(1300, 1340, 0)
>>> merger_payouts(16_900, [6, 3, 1, 0, 0, 0])
[11267, 5633, 0, 0, 0, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ludotheek.games.akwaier.board import CHAIN_INDEX, CHAINS, NUM_CELLS

#: the base price of a share, by chain
BASE_PRICE: dict[str, int] = {
    "A": 900, "B": 900, "C": 800, "D": 700, "E": 700, "F": 600, "G": 500, "H": 400,
}
#: each size a chain reaches adds 100 to its price
THRESHOLDS: tuple[int, ...] = (1, 2, 3, 4, 5, 10, 15, 20, 25, 36)
#: each share outstanding (held by anyone) adds this much
PER_SHARE = 10


def _price_row(base: int) -> list[int]:
    row = [0]
    for tiles in range(1, NUM_CELLS + 1):
        row.append(base + 100 * sum(1 for t in THRESHOLDS if tiles >= t))
    return row


#: PRICE_BY_SIZE[chain][tiles]: the price without outstanding shares (0 for no tiles);
#: the engine reads prices from this table through :func:`price_of`
PRICE_BY_SIZE: list[list[int]] = [_price_row(BASE_PRICE[ch]) for ch in CHAINS]


def price_of(chain: int, tiles: int, outstanding: int) -> int:
    """The price of a share of chain index ``chain`` (0-7), unchecked: the engine's path."""
    if not tiles:
        return 0
    return PRICE_BY_SIZE[chain][tiles] + PER_SHARE * outstanding


def share_price(chain: str, tiles: int, outstanding: int) -> int:
    """The price of one share of ``chain`` (A-H) with ``tiles`` tiles and ``outstanding``
    shares held by anyone; 0 for a chain that does not exist (no tiles).

    >>> share_price("A", 3, 10)
    1300
    >>> share_price("H", 36, 0), share_price("H", 100, 0)
    (1400, 1400)
    """
    if chain not in CHAIN_INDEX:
        raise ValueError(f"there is no chain {chain!r}: the chains are A-H")
    for name, value in (("tiles", tiles), ("outstanding", outstanding)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number of at least 0, not {value!r}")
    if tiles > NUM_CELLS:
        raise ValueError(f"a chain has at most {NUM_CELLS} tiles, not {tiles}")
    return price_of(CHAIN_INDEX[chain], tiles, outstanding)


def _split(holdings: Sequence[int]) -> list[tuple[int, int]]:
    """Each seat's part of the pot as (numerator, denominator)."""
    top = max(holdings)
    n = len(holdings)
    if top <= 0:
        return [(0, 1)] * n  # nobody holds a share: nobody is paid
    firsts = [i for i in range(n) if holdings[i] == top]
    rest = [h for h in holdings if 0 < h < top]
    out = [(0, 1)] * n
    if len(firsts) > 1 or not rest:
        # one shareholder takes all; several tied for most share equally
        for i in firsts:
            out[i] = (1, len(firsts))
        return out
    second = max(rest)
    seconds = [i for i in range(n) if holdings[i] == second]
    out[firsts[0]] = (2, 3)
    for i in seconds:
        out[i] = (1, 3 * len(seconds))
    return out


def _check_holdings(holdings: Sequence[int]) -> list[int]:
    h = list(holdings)
    if not h:
        raise ValueError("holdings must list every seat's shares")
    for x in h:
        if isinstance(x, bool) or not isinstance(x, int) or x < 0:
            raise ValueError(f"holdings must be whole numbers of at least 0, not {x!r}")
    return h


def split_fractions(holdings: Sequence[int]) -> list[Fraction]:
    """Each seat's exact part of a merger's pot (the manual's split table).

    >>> [str(f) for f in split_fractions([9, 2, 2, 0, 0, 0])]
    ['2/3', '1/6', '1/6', '0', '0', '0']
    >>> [str(f) for f in split_fractions([2, 5, 5, 5, 5, 0])]  # four tied: equal parts
    ['0', '1/4', '1/4', '1/4', '1/4', '0']
    """
    return [Fraction(a, b) for a, b in _split(_check_holdings(holdings))]


def round_half_away(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded to the nearest whole number, halves away from 0.

    >>> round_half_away(5, 2), round_half_away(-5, 2), round_half_away(7, 3)
    (3, -3, 2)
    """
    q, r = divmod(abs(numerator), denominator)
    if 2 * r >= denominator:
        q += 1
    return q if numerator >= 0 else -q


def merger_payouts(pot: int, holdings: Sequence[int]) -> list[int]:
    """What each seat gets from a merger's ``pot``, given each seat's shares in the
    absorbed chain (by seat; six of each in the game).

    The largest shareholders take it all (equal parts when tied); otherwise 2/3
    go to the largest and 1/3 is split equally among all tied for second. Each
    payout is rounded on its own to the nearest unit, halves away from zero.

    >>> merger_payouts(1000, [0, 4, 0, 4, 0, 4])
    [0, 333, 0, 333, 0, 333]
    >>> merger_payouts(100, [9, 2, 2, 2, 2, 2])
    [67, 7, 7, 7, 7, 7]
    """
    if isinstance(pot, bool) or not isinstance(pot, int) or pot < 0:
        raise ValueError(f"the pot must be a whole number of at least 0, not {pot!r}")
    return [round_half_away(pot * a, b) for a, b in _split(_check_holdings(holdings))]
