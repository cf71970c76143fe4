"""A test for every rule of docs/rules/wari.md (from ../shared/rules/wari.md), named after it."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheek.core.errors import BadOption, IllegalMove
from ludotheek.games import get
from ludotheek.games.wari import GAME, WariState
from tests.narrow import narrow

NORTH, SOUTH = 1, 0


def pos(board: list[int], to_move: int = SOUTH, stores: tuple[int, int] = (0, 0),
        **options: Any) -> WariState:
    return GAME.position(board, stores, to_move, **options)


# --- board, options and players -------------------------------------------------

def test_rule_board_twelve_cups_south_1_to_6_north_7_to_12() -> None:
    s = narrow(WariState, get("wari").new())
    assert s.board == (4,) * 12 and s.stores == (0, 0)
    assert s.legal_moves() == ["1", "2", "3", "4", "5", "6"]
    assert s.play("1").legal_moves() == ["7", "8", "9", "10", "11", "12"]


@pytest.mark.parametrize("n", [3, 4, 5])
def test_rule_option_seeds_per_cup_3_to_5(n: int) -> None:
    assert sum(GAME.new(seeds_per_cup=n).board) == 12 * n


@pytest.mark.parametrize("bad", [2, 6, "many", None])
def test_rule_option_seeds_per_cup_out_of_range_refused(bad: object) -> None:
    with pytest.raises(BadOption, match="seeds_per_cup"):
        GAME.new(seeds_per_cup=bad)


def test_rule_option_first_player() -> None:
    assert GAME.new().to_move == SOUTH
    assert GAME.new(first="north").to_move == NORTH
    with pytest.raises(BadOption, match="first"):
        GAME.new(first="east")


# --- sowing ----------------------------------------------------------------------

def test_rule_sowing_one_by_one_counter_clockwise() -> None:
    # the seed's example: South plays cup 5 holding four seeds -> 6, 7, 8, 9 get one more
    s = pos([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]).play("5")
    assert s.board == (4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4)
    # 7 follows 6 and 1 follows 12
    s = pos([4] * 12, to_move=NORTH).play("11")
    assert s.board == (5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 0, 5)


def test_rule_sowing_skips_the_origin_cup_with_12_or_more() -> None:
    # the seed's example: cup 5 holds 14: the last seed ends in cup 8, cup 5 stays empty
    # and cups 6, 7 and 8 get two each
    board = [0, 0, 0, 0, 14, 0, 5, 5, 5, 5, 5, 5]
    s = pos(board).play("5")
    assert s.board[4] == 0
    assert s.board[5] == 2 and s.board[6] == 7 and s.board[7] == 7
    assert s.board[8] == 6 and s.board[3] == 1 and s.board[0] == 1
    assert sum(s.board) + sum(s.stores) == sum(board)


def test_rule_sowing_exactly_11_does_not_reach_the_origin() -> None:
    s = pos([0, 0, 11, 0, 0, 0, 9, 9, 9, 9, 9, 9]).play("3")
    assert s.board[2] == 0 and s.board[1] == 1


# --- capture ---------------------------------------------------------------------

@pytest.mark.parametrize("before, captured", [(1, 2), (2, 3), (0, 0), (3, 0)])
def test_rule_capture_two_or_three_in_the_last_cup(before: int, captured: int) -> None:
    board = [0, 0, 0, 0, 0, 1, before, 0, 0, 0, 0, 4]
    s = pos(board).play("6")
    assert s.stores == (captured, 0)
    assert s.board[6] == (0 if captured else before + 1)


def test_rule_capture_chain_goes_backwards_while_2_or_3() -> None:
    # South sows 3 from cup 6 into 7, 8, 9 -> 3, 2, 3: all three captured
    board = [1, 0, 0, 0, 0, 3, 2, 1, 2, 4, 0, 0]
    s = pos(board).play("6")
    assert s.stores == (8, 0)
    assert s.board[6:9] == (0, 0, 0) and s.board[9] == 4


def test_rule_capture_chain_stops_at_one_or_four_or_more() -> None:
    board = [1, 0, 0, 0, 0, 3, 3, 1, 2, 4, 0, 0]  # 7 becomes 4: the chain stops at 8
    s = pos(board).play("6")
    assert s.stores == (5, 0) and s.board[6] == 4


def test_rule_capture_chain_stops_at_the_players_own_row() -> None:
    # North sows 3 from 11 into 12, 1, 2; 1 and 2 captured, not beyond South's first cup
    board = [1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 3, 2]
    s = pos(board, to_move=NORTH).play("11")
    assert s.stores == (0, 5)
    assert s.board[11] == 3  # North's own cup 12 is never captured


def test_rule_no_capture_on_own_side() -> None:
    s = pos([0, 1, 1, 0, 0, 0, 4, 4, 4, 4, 4, 4]).play("2")
    assert s.stores == (0, 0) and s.board[2] == 2


def test_rule_full_lap_can_capture_a_cup_that_held_0_or_1() -> None:
    # 13 seeds from cup 1 (skips itself): cups 2..12 get one, then 2 and 3 one more;
    # the last lands in cup 3 (own side): no capture
    s = pos([13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]).play("1")
    assert s.stores == (0, 0)
    # from cup 6 with 12 seeds the last lands in cup 7 after a lap: 0 -> 2 is captured
    s = pos([1, 0, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0]).play("6")
    assert s.stores == (2, 0) and s.board[6] == 0


# --- legal moves ------------------------------------------------------------------

def test_rule_empty_cup_is_illegal() -> None:
    s = pos([0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4])
    assert "1" not in s.legal_moves()
    with pytest.raises(IllegalMove, match="cup 1 is empty"):
        s.play("1")


def test_rule_feeding_an_empty_opponent_is_compulsory() -> None:
    s = pos([1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0])
    assert s.legal_moves() == ["5"]
    with pytest.raises(IllegalMove, match="does not reach North's empty row"):
        s.play("1")


def test_rule_grand_slam_is_forbidden_when_another_move_exists() -> None:
    s = pos([1, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0])
    assert s.legal_moves() == ["1"]
    with pytest.raises(IllegalMove, match="grand slam"):
        s.play("6")


def test_rule_forced_grand_slam_captures_and_ends_the_game() -> None:
    s = pos([0, 0, 0, 1, 0, 2, 1, 2, 0, 0, 0, 0])
    # cup 4 (1 seed) -> cup 5: no capture, legal; make every candidate a grand slam instead:
    s = pos([0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0], stores=(10, 10))
    assert s.legal_moves() == ["6"]
    end = s.play("6")
    assert end.is_over and end.end_reason == "no_seeds"
    assert end.stores == (15, 10)
    assert end.winners() == [SOUTH]


# --- the end -----------------------------------------------------------------------

def test_rule_end_a_player_to_move_has_no_seeds() -> None:
    # after South's forced grand slam North, to move, has nothing: the game is over and
    # the seeds left (all on South's side) go to South
    s = pos([1, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0], stores=(3, 4))
    assert s.legal_moves() == ["1"]
    s = pos([0, 0, 0, 0, 3, 2, 1, 2, 0, 0, 0, 0], stores=(3, 4))
    assert s.legal_moves() == ["5", "6"]  # both capture everything: both allowed
    end = s.play("6")
    assert end.end_reason == "no_seeds" and end.to_move is None
    assert end.stores == (3 + 5 + 3, 4) and end.board == (0,) * 12


def test_rule_end_b_opponent_empty_and_no_move_feeds() -> None:
    # North plays its last seed across; South then cannot reach North's row
    s = pos([0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1], to_move=NORTH, stores=(20, 20))
    end = s.play("12")
    assert end.is_over and end.end_reason == "cannot_feed"
    assert end.stores == (20 + 3, 20)  # South takes the seeds on its own side
    assert end.winners() == [SOUTH]


def test_rule_the_winner_has_more_seeds_and_equal_is_a_draw() -> None:
    s = pos([0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1], to_move=NORTH, stores=(20, 23))
    end = s.play("12")
    assert end.stores == (23, 23) and end.winners() == [] and end.is_over


def test_rule_resignation_loses_whatever_the_count() -> None:
    s = pos([4] * 12, stores=(20, 0))
    assert "resign" not in s.legal_moves()
    end = s.resign(SOUTH)
    assert end.is_over and end.winners() == [NORTH] and end.end_reason == "resign_south"
    assert s.resign(NORTH).winners() == [SOUTH]
    with pytest.raises(IllegalMove, match="over"):
        end.resign(NORTH)


def _cycle_state(**options: Any) -> WariState:
    # one seed each, six cups apart: they chase each other round the board for ever
    return pos([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], **options)


def test_rule_repetition_third_occurrence_ends_the_game() -> None:
    s = _cycle_state()
    plies = 0
    while not s.is_over:
        (move,) = s.legal_moves()
        s = s.play(move)
        plies += 1
    # after 12 plies the two seeds have swapped places: the same board, South to move;
    # the start is the first occurrence, so the third comes at ply 24
    assert plies == 24
    assert s.end_reason == "repetition"
    assert s.stores == (1, 1) and s.winners() == []


def test_rule_repetition_off_plays_on() -> None:
    s = _cycle_state(repetition=False)
    for _ in range(200):
        (move,) = s.legal_moves()
        s = s.play(move)
    assert not s.is_over
    stopped = s.adjudicate()
    assert stopped.is_over and stopped.end_reason == "stopped" and stopped.stores == (1, 1)


def test_rule_repetition_counts_only_since_the_last_capture() -> None:
    s = GAME.new()
    s = s.play("3")
    assert len(s._hist) == 2
    # a capture clears the history: no earlier position can come back
    cap = pos([1, 0, 0, 0, 0, 3, 2, 1, 2, 4, 0, 0]).play("6")
    assert cap.last_capture == 8 and len(cap._hist) == 1


# --- notation and bad input ----------------------------------------------------------

@pytest.mark.parametrize(
    "move, message",
    [
        ("13", "there is no cup 13"),
        ("0", "there is no cup 0"),
        ("x", "'x' is not a cup number"),
        ("", "empty move"),
        ("8", "cup 8 is not South's"),
        ("03", "write the cup as '3'"),
    ],
)
def test_bad_input_says_what_is_wrong_and_changes_nothing(move: str, message: str) -> None:
    s = GAME.new()
    before = s.to_json()
    with pytest.raises(IllegalMove, match=message):
        s.play(move)
    assert s.to_json() == before


def test_bad_input_not_text() -> None:
    with pytest.raises(IllegalMove, match="as text"):
        GAME.new().play(3)  # type: ignore[arg-type]


def test_bad_input_after_the_end() -> None:
    end = GAME.new().resign(0)
    with pytest.raises(IllegalMove, match="the game is over"):
        end.play("3")
