"""Bad input: a clear message, nothing changed."""

from __future__ import annotations

import pytest

from ludotheek.core.errors import IllegalMove
from ludotheek.games.haaienzee import GAME, HaaienzeeState
from tests.haaienzee.util import frozen, pos


def refused(state: HaaienzeeState, move: str, message: str) -> None:
    before = frozen(state)
    legal = state.legal_moves()
    with pytest.raises(IllegalMove, match=message):
        state.play(move)
    assert frozen(state) == before
    assert state.legal_moves() == legal


def setup_state() -> HaaienzeeState:
    """Seed 1: B1 holds a grey fish; Y1 is placed on A4 hunting white, R1 is to place."""
    return GAME.new(seed=1).play("A4 SE white")


def turn_state() -> HaaienzeeState:
    return pos("white: G8 G9; grey: F7", {"Y1": "G7 E white", "R1": "H7 E grey"})


@pytest.mark.parametrize("state, move, message", [
    (setup_state(), "Z1 NE grey", r"hex Z1 is off the board: the rows are A-M"),
    (setup_state(), "A9 NE grey", r"hex A9 is off the board: row A has places 1-7"),
    (setup_state(), "A0 NE grey", r"row A has places 1-7"),
    (turn_state(), "N1", r"hex N1 is off the board: the rows are A-M"),
    (turn_state(), "R G14", r"hex G14 is off the board: row G has places 1-13"),
    (GAME.new(seed=1, side=5), "F9 NE white", r"hex F9 is off the board: row F has places 1-8"),
])
def test_hex_off_the_board(state: HaaienzeeState, move: str, message: str) -> None:
    refused(state, move, message)


@pytest.mark.parametrize("state, move", [
    (setup_state(), "A5 N grey"),
    (setup_state(), "A5 NNW grey"),
    (turn_state(), "N -"),
    (turn_state(), "S G8"),
])
def test_direction_that_does_not_exist(state: HaaienzeeState, move: str) -> None:
    refused(state, move, r"there is no direction '\w+'; the directions are E, W, NE, NW, SE, SW")


def test_turning_more_than_sixty_degrees() -> None:
    refused(turn_state(), "W -", r"a shark turns at most 60 degrees: .* faces E, so it can face "
                                 r"NE \('L'\) or SE \('R'\), not W")


@pytest.mark.parametrize("state, move", [
    (setup_state(), "A5 NE pink"),
    (turn_state(), "pink -"),
    (turn_state(), "purple R G8"),
])
def test_colour_that_does_not_exist(state: HaaienzeeState, move: str) -> None:
    refused(state, move, r"there is no fish colour '\w+'")


def test_placing_on_a_fish() -> None:
    refused(setup_state(), "B1 NE grey",
            r"hex B1 holds a grey fish; a shark starts on an empty hex")


def test_placing_on_a_shark() -> None:
    refused(setup_state(), "A4 NE grey",
            r"hex A4 is taken by Yellow shark 1 \(Y1\); a shark starts on an empty hex")


def test_placing_with_empty_prey() -> None:
    refused(setup_state(), "A5 NE empty", r"a shark starts hunting a colour")


def test_second_shark_with_the_same_starting_prey() -> None:
    s = setup_state().play("A5 SE grey")  # Red's first shark; Yellow's second is next
    refused(s, "A6 SE white", r"Yellow shark 1 \(Y1\) already hunts white: Yellow's three "
                              r"sharks start on white, grey and brown, one each \(still free: "
                              r"grey or brown\)")
    s = s.play("A6 SE grey")  # Red's second shark is next
    refused(s, "A7 SE grey", r"Red shark 1 \(R1\) already hunts grey")


def test_eating_with_an_empty_shark() -> None:
    s = pos("white: G8; grey: F7", {"Y1": "G7 E empty"}, taken={"Y1": "white"})
    refused(s, "G8", r"Yellow shark 1 \(Y1\) is empty and cannot eat the white fish on G8")
    refused(s, "L F7", r"is empty and cannot eat the grey fish on F7")


def test_eating_in_the_turn_the_prey_is_taken_out_or_put_in() -> None:
    refused(turn_state(), "empty G8", r"a shark cannot eat in the turn its prey is taken out")
    s = pos("grey: G8", {"Y1": "G7 E empty"}, taken={"Y1": "white"})
    refused(s, "grey G8", r"a shark cannot eat in the turn it gets a new prey")


def test_taking_back_the_prey_just_taken_out() -> None:
    s = turn_state().play("empty -")
    s = s.play("-").play("-").play("-").play("-").play("-")
    assert s.shark_id == "R1"  # equal health: Red starts round 2
    s = s.play("-")
    assert s.shark_id == "Y1"
    refused(s, "white -", r"white was taken out of Yellow shark 1 \(Y1\); its new prey must be "
                          r"another colour \(grey or brown\), or it stays empty")
    assert "grey -" in s.legal_moves() and "brown -" in s.legal_moves()


def test_new_prey_while_hunting_and_empty_when_empty() -> None:
    refused(turn_state(), "grey -", r"Yellow shark 1 \(Y1\) hunts white: to hunt grey take its "
                                    r"prey out first")
    refused(turn_state(), "white G8", r"already hunts white: leave the colour out")
    s = pos("", {"Y1": "G7 E empty"}, taken={"Y1": "white"})
    refused(s, "empty -", r"Yellow shark 1 \(Y1\) is already empty")


@pytest.mark.parametrize("state, move, message", [
    (turn_state(), "R1: -", r"it is Yellow shark 1 \(Y1\)'s turn, not Red shark 1 \(R1\)'s"),
    (turn_state(), "Y2: L -", r"it is Yellow shark 1 \(Y1\)'s turn, not Yellow shark 2 \(Y2\)'s"),
    (setup_state(), "Y2: A5 SE grey", r"it is Red shark 1 \(R1\)'s turn, not Yellow shark 2"),
    (turn_state(), "Q3: -", r"there is no shark Q3"),
    (turn_state(), "Y4: -", r"there is no shark Y4"),
])
def test_moving_a_shark_that_is_not_to_move(state: HaaienzeeState, move: str,
                                            message: str) -> None:
    refused(state, move, message)


def test_naming_the_shark_to_move_is_allowed() -> None:
    s = turn_state()
    assert s.play("Y1: G9").to_json() == s.play("G9").to_json()
    assert s.play("G1: G9").to_json() == s.play("G9").to_json()  # G for geel


@pytest.mark.parametrize("move, message", [
    ("G10", r"the line of white fish ahead of Yellow shark 1 \(Y1\) ends at G9 \(G10 is empty\)"
            r": it can swim to G8 or G9, or stay"),
    ("H8", r"H8 is not straight ahead of Yellow shark 1 \(Y1\) \(on G7, facing E\)"),
    ("L F7", r"the grey fish on F7 blocks the way: Yellow shark 1 \(Y1\) hunts white"),
    ("R H7", r"Red shark 1 \(R1\) on H7 blocks the way"),
    ("L", r"does not say where the shark ends"),
    ("L R -", r"a turn is written \[prey\] \[L/R\] hex, in that order"),
    ("G8 G9", r"name one hex, the one the shark ends on, last"),
    ("", r"empty move"),
])
def test_impossible_swims(move: str, message: str) -> None:
    refused(turn_state(), move, message)


def test_edge_and_empty_hex_messages() -> None:
    s = pos("", {"Y1": "G1 W white"})
    refused(s, "G2", r"faces the edge of the sea: it cannot swim")
    s = pos("", {"Y1": "G4 E white"})
    refused(s, "G6", r"after swimming into an empty hex a shark stops: .* can swim to G5 only")


def test_lenient_spellings_mean_the_canonical_move() -> None:
    s = turn_state()
    assert s.play("g9").to_json() == s.play("G9").to_json()
    assert s.play("links -").to_json() == s.play("L -").to_json()
    assert s.play("NE -").to_json() == s.play("L -").to_json()  # a facing instead of L
    assert s.play("leeg -").to_json() == s.play("empty -").to_json()
    setup = GAME.new(seed=1)
    assert setup.play("a4 se WIT").to_json() == setup.play("A4 SE white").to_json()
    assert setup.play("A4 ZO wit").to_json() == setup.play("A4 SE white").to_json()


def test_the_game_over_refuses_moves() -> None:
    end = pos(health=(1, 9)).play("-")
    refused(end, "-", r"the game is over")
    with pytest.raises(IllegalMove, match="the game is over"):
        end.resign(0)
    with pytest.raises(IllegalMove, match="no seat 2"):
        pos().resign(2)
