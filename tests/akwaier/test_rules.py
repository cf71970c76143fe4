"""A test for every rule of docs/rules/akwaier.md (from ../shared/rules/akwaier.md)."""

from __future__ import annotations

import pytest

from ludotheek.core.errors import BadOption, IllegalMove
from ludotheek.core.rng import Rng
from ludotheek.games import get
from ludotheek.games.akwaier import GAME
from ludotheek.games.akwaier.board import CELL_NAMES
from tests.akwaier.helpers import at, events, full_board, hand, held, pos, size

# --- players and seats ---------------------------------------------------------

def test_rule_six_seats_named_by_language() -> None:
    assert GAME.new().names == ["OPA", "OMA", "BROER", "ZUS", "PA", "MA"]
    assert GAME.new(language="en").names == ["GRANDPA", "GRANDMA", "BROTHER", "SISTER",
                                              "DAD", "MUM"]
    assert get("akwaier").seat_names({"language": "en"})[5] == "MUM"
    assert GAME.new().num_players == 6


def test_rule_a_persons_name_replaces_their_seats_name() -> None:
    assert GAME.new(names="3:jan").names == ["OPA", "OMA", "JAN", "ZUS", "PA", "MA"]
    assert GAME.new(names="Jan").names[0] == "JAN"  # no seat given: seat 1
    assert GAME.new(names="4:").names[3] == "MENS"  # empty: MENS / HUMAN
    assert GAME.new(names="4:", language="en").names[3] == "HUMAN"
    assert GAME.new(names="2:alexandra").names[1] == "ALEXANDR"  # at most 8 letters
    six = GAME.new(names=["an", "", "*", "", "", "Piet"]).names
    assert six == ["AN", "OMA", "MENS", "ZUS", "PA", "PIET"]
    assert GAME.new(names="an,,piet").names[:3] == ["AN", "OMA", "PIET"]


@pytest.mark.parametrize("bad", ["7:JAN", ["a"] * 7, [3], "1:\x00"])
def test_rule_names_option_refuses_nonsense(bad: object) -> None:
    with pytest.raises(BadOption, match="names"):
        GAME.new(names=bad)


def test_rule_start_cash_25000_and_option() -> None:
    assert GAME.new().core.cash == [25_000] * 6
    assert GAME.new(start_cash=1000).core.cash == [1000] * 6
    with pytest.raises(BadOption, match="start_cash"):
        GAME.new(start_cash=-5)


def test_rule_seat_1_starts_and_play_goes_round() -> None:
    s = GAME.new(seed=3)
    seen: list[int | None] = []
    while len(seen) < 8:
        if s.phase == "place":
            seen.append(s.to_move)
        move = s.legal_moves()[0]
        s = s.play("buy none" if s.phase == "buy" else move)
    assert seen == [0, 1, 2, 3, 4, 5, 0, 1]


# --- board and tiles -----------------------------------------------------------

def test_rule_225_tiles_shuffled_by_the_seed_8_dealt_seat_1_first() -> None:
    s = GAME.new(seed=7)
    data = s.to_json()
    order = list(range(225))
    Rng.from_seed(7).shuffle(order)
    assert [t for h in data["hands"] for t in h] == [CELL_NAMES[i] for i in order[:48]]
    assert data["bag"] == [CELL_NAMES[i] for i in order[48:]]
    assert len(set(data["bag"]) | {t for h in data["hands"] for t in h}) == 225
    assert GAME.new(seed=8).to_json()["bag"] != data["bag"]


def test_rule_cells_named_row_then_column() -> None:
    s = pos(hands={0: "B7"}).play("B7")
    assert s.to_json()["board"][1][6] == "#"  # row B is the second, column 7 the seventh


def test_rule_draw_into_the_slot_of_the_tile_just_played() -> None:
    s = pos(hands={0: "A1 C3 E5 G7"})
    first_in_bag = s.to_json()["bag"][0]
    t = s.play("C3")
    assert hand(t, 0)[:4] == ["A1", first_in_bag, "E5", "G7"]
    assert t.to_json()["bag"][0] != first_in_bag


def test_rule_the_last_tile_in_the_bag_is_drawn_then_slots_stay_empty() -> None:
    mine = "A1 A3 A5 A7 A9 A11 A13 A15"
    s = full_board(hands={0: mine}, bag="I1")
    t = s.play("A1")
    assert hand(t, 0)[0] == "I1" and t.to_json()["bag"] == []
    s = full_board(hands={0: mine}, bag="")
    assert s.to_json()["bag"] == [] and s.view(0)["bag"] == 0
    t = s.play("A1")
    assert hand(t, 0)[0] is None
    assert t.view(0)["players"][0]["tiles"] == 7


def test_rule_tiles_are_never_exchanged_an_unplaceable_tile_stays() -> None:
    s = pos(loose="E5", hands={0: "E4 H8"})
    t = s.play("H8")
    assert hand(t, 0)[0] == "E4"


# --- placing a tile: the legality table ----------------------------------------

def test_rule_all_neighbours_empty_loose_tile_or_found() -> None:
    s = pos(hands={0: "H8"})
    assert s.legal_moves() == ["H8"] + [f"H8+{c}" for c in "ABCDEFGH"]
    t = s.play("H8")
    assert at(t, "H8") == "#" and sum(t.core.sizes) == 0
    assert events(t, "place")[0]["chain"] is None


def test_rule_off_board_neighbours_count_as_empty() -> None:
    assert "A1+C" in pos(hands={0: "A1"}).legal_moves()
    assert "O15" in pos(loose="A1", hands={0: "O15"}).legal_moves()


def test_rule_found_only_while_fewer_than_8_chains_exist() -> None:
    seven = {c: f"{r}1" for c, r in zip("ABCDEFG", "ACEGIKM", strict=True)}
    s = pos(chains=seven, hands={0: "H8"})
    assert s.legal_moves() == ["H8", "H8+H"]
    s = pos(chains={**seven, "H": "O1"}, hands={0: "H8"})
    assert s.legal_moves() == ["H8"]
    with pytest.raises(IllegalMove, match="chain A already exists"):
        s.play("H8+A")


def test_rule_founding_gives_a_chain_of_1_and_a_free_share() -> None:
    s = pos(hands={0: "H8"})
    t = s.play("H8+E")
    assert at(t, "H8") == "E" and size(t, "E") == 1
    assert held(t, 0, "E") == 1 and t.core.cash[0] == s.core.cash[0]
    assert events(t, "found")[0]["chain"] == "E"


def test_rule_one_chain_the_tile_and_its_loose_neighbours_join_it() -> None:
    s = pos(loose="E5 G5 C5", chains={"B": "F6-F7"}, hands={0: "F5"})
    t = s.play("F5")
    assert [at(t, c) for c in ("F5", "E5", "G5")] == ["B", "B", "B"]
    assert size(t, "B") == 5
    # absorbing is not transitive: C5 is two cells away from F5 and stays loose
    assert at(t, "C5") == "#"
    assert events(t, "place")[0]["absorbed_loose"] == ["G5", "E5"]


def test_rule_loose_neighbours_but_no_chain_is_illegal() -> None:
    s = pos(loose="E5", hands={0: "F5 H8"})
    assert "F5" not in s.legal_moves()
    with pytest.raises(IllegalMove, match="touches the loose tile E5 and no chain"):
        s.play("F5")


def test_rule_two_chains_merge_into_the_largest() -> None:
    s = pos(chains={"A": "A1-A3", "B": "A5-A10"}, hands={0: "A4"})
    t = s.play("A4")
    assert t.phase == "buy" and size(t, "B") == 10 and size(t, "A") == 0


def test_rule_a_player_with_no_legal_tile_passes_no_buying_no_drawing() -> None:
    s = pos(loose="E5", chains={"C": "A1-A5"}, hands={0: "E4 E6"})
    assert s.legal_moves() == ["pass"]
    t = s.play("pass")
    assert t.to_move == 1 and t.phase == "place" and t.turn == 1
    assert hand(t, 0)[:2] == ["E4", "E6"] and t.to_json()["bag"] == s.to_json()["bag"]
    assert t.core.cash == s.core.cash and events(t, "pass")
    with pytest.raises(IllegalMove, match="only when no tile"):
        pos(hands={0: "H8"}).play("pass")


def test_rule_an_empty_hand_passes() -> None:
    s = full_board(hands={0: ""}, bag="I1-I5")
    assert s.legal_moves() == ["pass"]


# --- merger --------------------------------------------------------------------

def manual_merger() -> tuple:  # type: ignore[type-arg]
    s = pos(chains={"A": "A1-A3", "B": "A5-A10"}, hands={0: "A4"},
            shares={0: {"A": 6}, 1: {"A": 3}, 2: {"A": 1}})
    return s, s.play("A4")


def test_rule_merger_manual_example() -> None:
    s, t = manual_merger()
    (m,) = events(t, "merger")
    assert (m["chain"], m["into"], m["tiles"], m["outstanding"], m["price"], m["pot"]) == \
        ("A", "B", 3, 10, 1300, 16_900)
    assert m["payouts"] == [11_267, 5_633, 0, 0, 0, 0]
    assert [t.core.cash[q] - s.core.cash[q] for q in range(6)] == m["payouts"]
    assert [held(t, q, "B") for q in range(3)] == [3, 1, 0]
    assert [held(t, q, "A") for q in range(3)] == [0, 0, 0]
    assert m["exchange"] == [
        {"seat": 0, "name": "OPA", "gave": 6, "got": 3},
        {"seat": 1, "name": "OMA", "gave": 3, "got": 1},
        {"seat": 2, "name": "BROER", "gave": 1, "got": 0}]


def test_rule_merger_uses_size_and_price_from_before() -> None:
    # price of B after the merger is higher, but the pot of A uses A's own figures
    _, t = manual_merger()
    assert events(t, "merger")[0]["price"] == 1300


def test_rule_exchange_two_for_one_rounded_down_odd_share_lost() -> None:
    s = pos(chains={"A": "A1-A3", "B": "A5-A10"}, hands={0: "A4"},
            shares={0: {"A": 5, "B": 1}, 3: {"A": 1}, 4: {"A": 4}})
    t = s.play("A4")
    assert [held(t, q, "B") for q in range(6)] == [1 + 2, 0, 0, 0, 2, 0]
    assert t.core.out[1] == 5 and t.core.out[0] == 0


def test_rule_absorbed_chain_can_be_founded_again() -> None:
    _, t = manual_merger()
    assert t.view(None)["chains"][0]["foundable"] is True
    u = pos(chains={"A": "A1-A3", "B": "A5-A10"}, hands={0: "A4", 1: "H8"}) \
        .play("A4").play("buy none")
    assert "H8+A" in u.legal_moves()


def test_rule_merger_loose_neighbours_join_the_survivor() -> None:
    s = pos(chains={"A": "B1-B3", "B": "B5-B10"}, loose="C4", hands={0: "B4"},
            shares={0: {"A": 1}})
    t = s.play("B4")
    assert at(t, "C4") == "B" and size(t, "B") == 3 + 6 + 1 + 1


def test_rule_tie_the_placing_player_chooses_among_the_tied_only() -> None:
    s = pos(chains={"A": "A1-A3", "B": "A5-A7"}, hands={0: "A4"})
    t = s.play("A4")
    assert t.phase == "keep" and t.to_move == 0
    assert t.legal_moves() == ["keep A", "keep B"]
    assert events(t, "tie")[0]["tied"] == ["A", "B"]
    assert at(t, "A4") == "." and t.view(0)["pending"]["cell"] == "A4"
    u = t.play("keep A")
    assert (size(u, "A"), size(u, "B")) == (7, 0) and u.phase == "buy"
    v = t.play("keep B")
    assert (size(v, "A"), size(v, "B")) == (0, 7)


def test_rule_tie_among_two_of_three_chains() -> None:
    s = pos(chains={"A": "B1-B3", "C": "A4", "B": "B5-B7"}, hands={0: "B4"})
    t = s.play("B4")
    assert t.legal_moves() == ["keep A", "keep B"]
    with pytest.raises(IllegalMove, match="chain C is not one of the tied largest"):
        t.play("keep C")
    u = t.play("keep B")
    assert size(u, "B") == 3 + 1 + 3 + 1 and size(u, "A") == size(u, "C") == 0
    # absorbed: largest first (A, 3 tiles), then C
    assert [m["chain"] for m in events(u, "merger")] == ["A", "C"]


def test_rule_three_chains_two_payouts() -> None:
    s = pos(chains={"A": "B1", "C": "A2", "B": "B3-B8"}, hands={0: "B2"},
            shares={0: {"A": 2, "C": 2}})
    t = s.play("B2")
    pots = [(m["chain"], m["pot"], m["payouts"][0]) for m in events(t, "merger")]
    assert pots == [("A", 3060, 3060), ("C", 2760, 2760)]  # equal size: alphabetical
    assert size(t, "B") == 9
    assert t.core.cash[0] == s.core.cash[0] + 3060 + 2760


def test_rule_absorbed_chains_largest_first() -> None:
    s = pos(chains={"A": "B1", "C": "A1-A2", "B": "B3-B8"}, hands={0: "B2"},
            shares={0: {"A": 2, "C": 2}})
    t = s.play("B2")
    assert [m["chain"] for m in events(t, "merger")] == ["C", "A"]


# --- buying --------------------------------------------------------------------

def test_rule_buy_at_most_three_of_one_chain() -> None:
    s = pos(chains={"C": "A1-A5", "D": "O1"}, phase="buy")
    assert s.legal_moves() == ["buy none", "buy C 1", "buy C 2", "buy C 3",
                               "buy D 1", "buy D 2", "buy D 3"]
    with pytest.raises(IllegalMove, match="at most 3 shares"):
        s.play("buy C 4")
    t = s.play("buy C 3")
    assert held(t, 0, "C") == 3 and t.to_move == 1


def test_rule_all_shares_of_one_purchase_cost_the_price_before_it() -> None:
    s = pos(chains={"C": "A1-A5"}, phase="buy")
    t = s.play("buy C 3")
    assert t.core.cash[0] == 25_000 - 3 * 1300
    assert t.core.price(2) == 1330


def test_rule_short_cash_buys_as_many_as_it_allows() -> None:
    s = pos(chains={"C": "A1-A5"}, cash={0: 3000}, phase="buy")
    assert s.legal_moves() == ["buy none", "buy C 1", "buy C 2"]
    t = s.play("buy C 3")
    assert (held(t, 0, "C"), t.core.cash[0]) == (2, 400)
    assert events(t, "buy")[0] | {"text": ""} == {
        "type": "buy", "seat": 0, "name": "OPA", "chain": "C", "asked": 3, "bought": 2,
        "price": 1300, "cost": 2600, "text": ""}


def test_rule_cash_may_reach_exactly_zero() -> None:
    t = pos(chains={"C": "A1-A5"}, cash={0: 2600}, phase="buy").play("buy C 3")
    assert (held(t, 0, "C"), t.core.cash[0]) == (2, 0)


def test_rule_buy_none() -> None:
    s = pos(chains={"C": "A1-A5"}, phase="buy")
    t = s.play("buy none")
    assert t.core.cash == s.core.cash and t.core.shares == s.core.shares and t.to_move == 1


def test_rule_buying_follows_placing_founding_and_mergers() -> None:
    assert pos(hands={0: "H8"}).play("H8+A").phase == "buy"
    assert pos(chains={"C": "A1-A5"}, hands={0: "B1"}).play("B1").phase == "buy"
    assert manual_merger()[1].phase == "buy"


def test_rule_no_buying_when_nothing_can_be_bought() -> None:
    # DECISION: with no chain, or too little cash for any share, the turn ends at once
    t = pos(hands={0: "H8"}).play("H8")
    assert t.to_move == 1 and events(t, "no_buy")[0]["reason"] == "no_chain"
    t = pos(chains={"C": "A1-A5"}, hands={0: "H8"}, cash={0: 1299}).play("H8")
    assert t.to_move == 1 and events(t, "no_buy")[0]["reason"] == "no_cash"


def test_rule_no_share_limit_and_no_selling() -> None:
    s = pos(chains={"C": "A1-A5"}, shares={0: {"C": 300}}, phase="buy")
    assert held(s.play("buy C 3"), 0, "C") == 303
    assert not any(m.startswith("sell") for m in s.legal_moves())


# --- end of the game -----------------------------------------------------------

def test_rule_end_after_a_turn_in_which_a_chain_grew_beyond_100() -> None:
    s = pos(chains={"A": "A1-F15 G1-G10"}, hands={0: "G11"})
    assert size(s, "A") == 100
    t = s.play("G11")
    assert size(t, "A") == 101 and not t.is_over and t.phase == "buy"  # the turn goes on
    u = t.play("buy none")
    assert u.is_over and u.end_reason == "chain_over_100" and u.to_move is None
    assert events(u, "end")[0]["reason"] == "chain_over_100"
    v = pos(chains={"A": "A1-F15 G1-G9"}, hands={0: "G10"}).play("G10").play("buy none")
    assert size(v, "A") == 100 and not v.is_over


def test_rule_end_once_210_turns_have_been_played() -> None:
    s = pos(hands={0: "H8"}, turn=209)
    t = s.play("H8")  # no chain: no buying, the turn ends
    assert t.turn == 210 and t.is_over and t.end_reason == "turn_limit"
    s = pos(hands={0: "H8"}, turn=208)
    t = s.play("H8")
    assert t.turn == 209 and not t.is_over


def test_rule_end_after_six_passes_in_a_row() -> None:
    s = pos(loose="E5", hands={0: "E4 E6"}, passes=5)
    t = s.play("pass")
    assert t.is_over and t.end_reason == "all_passed"
    s = pos(loose="E5", hands={0: "E4 E6"}, passes=4)
    assert not s.play("pass").is_over
    # a placement starts the count again
    s = pos(loose="E5", hands={0: "H8"}, passes=5)
    t = s.play("H8")
    assert not t.is_over and t.core.passes == 0


def test_rule_wealth_is_cash_plus_shares_at_current_price() -> None:
    s = pos(chains={"C": "A1-A5"}, shares={0: {"C": 4}, 1: {"C": 1}}, cash={0: 100})
    assert s.scores()[0] == 100 + 4 * 1350
    assert s.scores()[1] == 25_000 + 1350


def test_rule_rank_by_wealth_equal_wealth_shares_a_place() -> None:
    s = pos(hands={0: "H8"}, turn=209, cash={0: 30_000, 3: 30_000, 5: 1})
    t = s.play("H8")
    assert t.winners() == [0, 3]
    assert t.standings() == [(1, 0, 30_000), (1, 3, 30_000), (3, 1, 25_000),
                             (3, 2, 25_000), (3, 4, 25_000), (6, 5, 1)]
    assert [r["place"] for r in t.view(None)["standings"]] == [1, 1, 3, 3, 3, 6]


def test_rule_adjudicate_ends_the_game_scored_by_wealth() -> None:
    s = pos(chains={"C": "A1-A5"}, shares={2: {"C": 3}})
    t = s.adjudicate()
    assert t.is_over and t.end_reason == "stopped" and t.winners() == [2]
    assert t.adjudicate() is t


# --- notation ------------------------------------------------------------------

def test_rule_notation_forgives_case_and_spaces() -> None:
    s = pos(hands={0: "H8"})
    t = s.play("h8 + e")
    assert at(t, "H8") == "E" and t.view(None)["last_move"] == "H8+E"
    assert held(t.play(" Buy  e  2 "), 0, "E") == 3
    assert held(t.play("buy E 03"), 0, "E") == 4
    u = pos(chains={"A": "A1-A3", "B": "A5-A7"}, hands={0: "A4"}).play("a4").play("KEEP b")
    assert size(u, "B") == 7
    assert pos(loose="E5", hands={0: "E4"}).play("PASS").to_move == 1


# --- bad input: a clear message, nothing changed -------------------------------

BAD = [
    ({"hands": {0: "F5 H8"}}, "A1", "A1 is not one of OPA's tiles"),
    ({"hands": {0: "F5 H8"}}, "P3", "there is no row P"),
    ({"hands": {0: "F5 H8"}}, "A16", "there is no column 16"),
    ({"hands": {0: "F5 H8"}}, "B", "'B' is not a cell"),
    ({"hands": {0: "F5 H8"}}, "", "empty move"),
    ({"hands": {0: "F5 H8"}}, "H8+Z", "no chain 'Z' to found"),
    ({"hands": {0: "F5 H8"}, "chains": {"B": "F6"}}, "F5+A", "no chain can be founded on F5"),
    ({"hands": {0: "F5 H8"}, "chains": {"E": "A1"}}, "H8+E", "chain E already exists"),
    ({"hands": {0: "F5 H8"}}, "keep A", "no tie to settle"),
    ({"hands": {0: "F5 H8"}}, "keep", "keep needs a chain"),
    ({"hands": {0: "F5 H8"}}, "keep Q", "keep needs a chain A-H, like keep A, not 'Q'"),
    ({"hands": {0: "F5 H8"}}, "F5 H8", "'F5 H8' is not a cell"),
    ({"hands": {0: "F5 H8"}}, "buy", "buy needs a chain and a number"),
    ({"hands": {0: "F5 H8"}}, "buy C 3", "buying is not possible now: OPA must place a tile"),
    ({"chains": {"C": "A1-A5"}, "phase": "buy"}, "buy C 4", "at most 3 shares"),
    ({"chains": {"C": "A1-A5"}, "phase": "buy"}, "buy C 0", "buy at least 1 share"),
    ({"chains": {"C": "A1-A5"}, "phase": "buy"}, "buy C", "write buy C 1"),
    ({"chains": {"C": "A1-A5"}, "phase": "buy"}, "buy C x", "not a number of shares"),
    ({"chains": {"C": "A1-A5"}, "phase": "buy"}, "buy D 1", "chain D does not exist"),
    ({"chains": {"C": "A1-A5"}, "phase": "buy"}, "buy Z 1", "there is no chain 'Z'"),
    ({"chains": {"C": "A1-A5"}, "phase": "buy"}, "A1", "placing A1 is not possible now"),
    ({"chains": {"C": "A1-A5"}, "phase": "buy"}, "pass", "passing is not possible now"),
]


@pytest.mark.parametrize("where, move, message", BAD, ids=[b[1] or "empty" for b in BAD])
def test_rule_bad_input_clear_message_nothing_changed(where: dict, move: str,  # type: ignore[type-arg]
                                                      message: str) -> None:
    s = pos(**where)
    before = s.to_json()
    with pytest.raises(IllegalMove, match=message.replace("(", r"\(").replace("+", r"\+")):
        s.play(move)
    assert s.to_json() == before


def test_rule_bad_input_non_text_and_game_over() -> None:
    s = pos(hands={0: "H8"})
    with pytest.raises(IllegalMove, match="a move is text"):
        s.play(7)  # type: ignore[arg-type]
    over = s.adjudicate()
    with pytest.raises(IllegalMove, match="the game is over"):
        over.play("H8")
    assert over.legal_moves() == []
