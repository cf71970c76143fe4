"""The money rules on their own: share prices, the split table, rounding."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ludotheek.games.akwaier import merger_payouts, share_price, split_fractions
from ludotheek.games.akwaier.money import BASE_PRICE, THRESHOLDS


@pytest.mark.parametrize("chain, base", list(BASE_PRICE.items()))
def test_rule_price_base_by_chain(chain: str, base: int) -> None:
    # one tile reaches the first threshold
    assert share_price(chain, 1, 0) == base + 100
    assert [share_price(ch, 1, 0) - 100 for ch in "ABCDEFGH"] == \
        [900, 900, 800, 700, 700, 600, 500, 400]


def test_rule_price_thresholds_1_2_3_4_5_10_15_20_25_36() -> None:
    steps = [share_price("H", n, 0) for n in range(1, 60)]
    rises = [n for n in range(2, 60) if steps[n - 1] > steps[n - 2]]
    assert rises == [2, 3, 4, 5, 10, 15, 20, 25, 36]
    assert THRESHOLDS == (1, 2, 3, 4, 5, 10, 15, 20, 25, 36)
    assert share_price("H", 36, 0) == 400 + 1000 == share_price("H", 225, 0)
    assert share_price("A", 9, 0) == 900 + 500
    assert share_price("A", 10, 0) == 900 + 600


def test_rule_price_manual_example_and_outstanding_shares() -> None:
    assert share_price("C", 5, 0) == 1300
    assert share_price("C", 5, 4) == 1340
    assert share_price("A", 3, 10) == 1300


def test_rule_price_of_a_chain_that_does_not_exist_is_zero() -> None:
    assert share_price("D", 0, 0) == 0
    assert share_price("D", 0, 7) == 0


@pytest.mark.parametrize("args", [("I", 3, 0), ("a", 3, 0), ("A", -1, 0), ("A", 2, -1),
                                  ("A", 2.5, 0), ("A", True, 0), ("A", 226, 0)])
def test_share_price_refuses_nonsense(args: tuple[object, object, object]) -> None:
    with pytest.raises(ValueError):
        share_price(*args)  # type: ignore[arg-type]


# --- the split table: every row of the manual's table --------------------------

F = Fraction
SPLIT = [
    ("one shareholder: all", [0, 0, 9, 0, 0, 0], [0, 0, 1, 0, 0, 0]),
    ("1, 2 and 3 equal: a third each", [5, 0, 5, 5, 0, 0], [F(1, 3), 0, F(1, 3), F(1, 3), 0, 0]),
    ("1 and 2 equal: half each", [2, 5, 5, 0, 0, 0], [0, F(1, 2), F(1, 2), 0, 0, 0]),
    ("2 and 3 equal: 2/3-1/6-1/6", [2, 2, 9, 0, 0, 0], [F(1, 6), F(1, 6), F(2, 3), 0, 0, 0]),
    ("2 to 4 equal: 2/3 and the rest in three", [9, 2, 2, 2, 0, 1],
     [F(2, 3), F(1, 9), F(1, 9), F(1, 9), 0, 0]),
    ("2 to 5 equal: the rest in four", [9, 2, 2, 2, 2, 0], [F(2, 3)] + [F(1, 12)] * 4 + [0]),
    ("2 to 6 equal: the rest in five", [1, 1, 1, 1, 1, 4], [F(1, 15)] * 5 + [F(2, 3)]),
    ("otherwise 2/3-1/3", [9, 4, 1, 0, 0, 0], [F(2, 3), F(1, 3), 0, 0, 0, 0]),
]


@pytest.mark.parametrize("holdings, want", [(h, w) for _, h, w in SPLIT],
                         ids=[name for name, _, _ in SPLIT])
def test_rule_split_table_every_row(holdings: list[int], want: list[Fraction]) -> None:
    got = split_fractions(holdings)
    assert got == [F(x) for x in want]
    assert sum(got) == 1


def test_rule_split_four_or_more_tied_share_equally() -> None:
    # DECISION: the port paid only three of four tied holders
    assert split_fractions([3, 3, 3, 3, 0, 1]) == [F(1, 4)] * 4 + [0, 0]
    assert split_fractions([2] * 6) == [F(1, 6)] * 6
    assert merger_payouts(1200, [3, 3, 3, 3, 0, 1]) == [300, 300, 300, 300, 0, 0]


def test_rule_split_players_without_shares_are_no_shareholders() -> None:
    assert split_fractions([7, 0, 0, 0, 0, 0]) == [1, 0, 0, 0, 0, 0]
    assert merger_payouts(500, [0, 0, 0, 0, 0, 0]) == [0] * 6


def test_rule_merger_manual_example_payouts() -> None:
    # A: 3 tiles at 1300, 10 shares held 6-3-1: pot 16,900
    assert merger_payouts(16_900, [6, 3, 1, 0, 0, 0]) == [11_267, 5_633, 0, 0, 0, 0]


def test_rule_rounding_each_payout_halves_away_from_zero() -> None:
    # halves: 1001 / 2 = 500.5 -> 501 each, so the payouts add up to the pot + 1
    assert merger_payouts(1001, [4, 4, 0, 0, 0, 0]) == [501, 501, 0, 0, 0, 0]
    # 3 split 2/3-1/6-1/6: 2 and 0.5 -> 1 and 1 (pot + 1)
    assert merger_payouts(3, [9, 2, 2, 0, 0, 0]) == [2, 1, 1, 0, 0, 0]
    # thirds: 100 -> 33.33 each, so the payouts add up to the pot - 1
    assert merger_payouts(100, [1, 1, 1, 0, 0, 0]) == [33, 33, 33, 0, 0, 0]
    # 2/3 of 16,900 = 11,266.67 -> 11,267; 1/3 = 5,633.33 -> 5,633
    assert sum(merger_payouts(16_900, [6, 3, 1, 0, 0, 0])) == 16_900


@pytest.mark.parametrize("pot, holdings", [(-1, [1] * 6), (1.5, [1] * 6), (10, [1, -1]),
                                           (10, []), (10, [1.0, 2])])
def test_merger_payouts_refuses_nonsense(pot: object, holdings: list[object]) -> None:
    with pytest.raises(ValueError):
        merger_payouts(pot, holdings)  # type: ignore[arg-type]
