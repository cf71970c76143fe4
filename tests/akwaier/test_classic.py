"""The 1987 computer player, rule by rule (rules file, "The 1987 computer player")."""

from __future__ import annotations

from ludotheek.ai import players
from ludotheek.core.rng import Rng
from ludotheek.games.akwaier.classic import (
    ClassicPlayer,
    buy_choice,
    buy_target,
    classic_move,
    tile_values,
)
from tests.akwaier.helpers import pos

SEVEN = {c: f"{r}15" for c, r in zip("ABCDEFG", "ACEGIKM", strict=True)}
EIGHT = {**SEVEN, "H": "O15"}


def move(s: object, seed: int = 1) -> str:
    return ClassicPlayer(seed=seed).choose(s)  # type: ignore[arg-type]


def test_classic_is_registered_with_a_level() -> None:
    assert "classic" in players.names("akwaier")
    assert players.levels("akwaier")["classic"].player == "classic"


def test_classic_founds_on_the_first_free_tile_in_slot_order() -> None:
    s = pos(loose="E5", hands={0: "F5 H8 A1"})
    m = move(s)
    assert m.startswith("H8+")
    # the chain is drawn at random among the free ones
    assert {move(s, seed)[3] for seed in range(40)} == set("ABCDEFGH")
    s = pos(chains={c: v for c, v in SEVEN.items() if c != "D"} | {"H": "O15"},
            hands={0: "H8"})
    assert move(s) == "H8+D"


def test_classic_places_loose_when_no_chain_can_be_founded() -> None:
    s = pos(chains=EIGHT, hands={0: "H8"})
    assert move(s) == "H8"


def values(s: object) -> list[int]:
    return [v for v, _, _ in tile_values(s.core)]  # type: ignore[attr-defined]


def test_classic_tile_values() -> None:
    # slot 1: empty-neighboured (loose) 2; slot 2: illegal 0; slot 3: joins C where I hold
    # none 4; slot 4: B absorbed where I rank 1st: 10; slot 5: D survives, I rank 2nd: 5;
    # slot 6: joins E where I rank 3rd: 2; empty slots 0
    s = pos(chains={"B": "A1", "A": "A3-A6", "C": "H1", "D": "L1-L3", "F": "M5",
                    "E": "O10"},
            loose="E10", hands={0: "H8 E11 H2 A2 L4 O11"},
            shares={0: {"B": 2, "D": 2, "E": 1}, 1: {"D": 3}, 2: {"E": 4}, 3: {"E": 3}})
    assert values(s) == [2, 0, 4, 10, 5, 2, 0, 0]


def test_classic_rank_equal_shares_higher_seat_first() -> None:
    # I (seat 0) hold 2 of C, as do seats 3 and 4: they rank above me, I am 3rd: value 2
    s = pos(chains={"C": "H1"}, hands={0: "H2"}, shares={0: {"C": 2}, 3: {"C": 2},
                                                         4: {"C": 2}})
    assert values(s)[0] == 2
    # seat 5 with 2 shares: seats 3 and 4 rank below it... seat 5 is 1st
    s = pos(chains={"C": "H1"}, hands={5: "H2"}, to_move=5,
            shares={0: {"C": 2}, 3: {"C": 2}, 5: {"C": 2}})
    assert values(s)[0] == 5


def test_classic_takes_the_best_tile_ties_by_slot() -> None:
    s = pos(chains=EIGHT | {"C": "H1"}, hands={0: "J8 H2 L8"})
    assert move(s) == "H2"  # 4 beats the loose tiles' 2
    s = pos(chains=EIGHT, hands={0: "J8 L8"})
    assert move(s) == "J8"


def test_classic_puts_off_a_tile_that_grows_a_chain_beyond_15() -> None:
    big = EIGHT | {"A": "A1"}
    s = pos(chains={**big, "C": "H1-H14 G1-G2"}, hands={0: "I1 L8"})  # C: 16 tiles
    assert move(s) == "L8"  # value 4 < 9 and C > 15: the loose tile (2) goes first
    s = pos(chains={**big, "C": "H1-H14 G1"}, hands={0: "I1 L8"})  # C: 15 tiles
    assert move(s) == "I1"
    s = pos(chains={**big, "C": "H1-H14 G1-G2"}, hands={0: "I1 E5"}, loose="E6")
    assert move(s) == "I1"  # no later tile is worth anything


def test_classic_passes_when_no_tile_is_worth_anything() -> None:
    s = pos(chains=EIGHT, loose="E5", hands={0: "E4 E6"})
    assert move(s) == "pass"


def test_classic_keeps_the_first_largest_met_east_west_south_north() -> None:
    s = pos(chains={"A": "A1-A3", "B": "A5-A7"}, hands={0: "A4"}).play("A4")
    assert move(s) == "keep B"  # A5, east of A4, is met first
    s = pos(chains={"B": "A1-A3", "A": "A5-A7"}, hands={0: "A4"}).play("A4")
    assert move(s) == "keep A"


def test_classic_buys_where_its_rank_is_threatened() -> None:
    chains = {"A": "A1", "B": "C1", "C": "E1"}
    # A: I lead 6 to 5 (threatened); B: I am 4th
    s = pos(chains=chains, phase="buy", shares={0: {"A": 6, "B": 1}, 1: {"A": 5, "B": 5},
                                                2: {"B": 4}, 3: {"B": 3}})
    assert buy_choice(s.core, Rng.from_seed(1)) == "buy A 3"
    # I lead A by 5 and the players behind me are equal: a candidate, but skipped; B: I
    # am 2nd (2 against 1 and 1): the players ranked 3rd and 4th hold the same
    s = pos(chains=chains, phase="buy", shares={0: {"A": 6, "B": 2}, 1: {"A": 1, "B": 3},
                                                2: {"A": 1, "B": 1}, 3: {"B": 1}})
    assert buy_target(s.core, Rng.from_seed(1)) == 1


def test_classic_buys_a_random_chain_when_nothing_is_threatened() -> None:
    chains = {"A": "A1", "B": "C1", "C": "E1"}
    holders = {q: {"A": 9, "B": 9, "C": 9} for q in (1, 2, 3)}
    s = pos(chains=chains, phase="buy", shares=holders)
    targets = {buy_target(s.core, Rng.from_seed(seed)) for seed in range(30)}
    assert targets == {0, 1, 2}


def test_classic_buys_three_or_as_many_as_cash_allows() -> None:
    s = pos(chains={"C": "A1-A5"}, phase="buy", cash={0: 2700})
    assert classic_move(s.core, Rng.from_seed(1)) == "buy C 2"
    s = pos(chains={"C": "A1-A5", "A": "O1"}, phase="buy", cash={0: 1200},
            shares={0: {"C": 1}})
    # C is the target but costs 1310: nothing is bought
    assert classic_move(s.core, Rng.from_seed(1)) == "buy none"


def test_classic_analyse_explains() -> None:
    s = pos(chains={"A": "A1-A3", "B": "C1", **{c: f"{r}15" for c, r in
                                                zip("CDEFGH", "EGIKMO", strict=True)}},
            hands={0: "A4 L8"}, shares={0: {"A": 1}})
    a = ClassicPlayer(seed=1).analyse(s)
    assert a.move == "A4" and a.value == 5.0 and a.ranking[0] == ("A4", 5.0)
    assert "merger value" in a.reason
