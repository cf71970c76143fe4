"""A test for every rule of docs/rules/haaienzee.md (from ../shared/rules/haaienzee.md)."""

from __future__ import annotations

import re

import pytest

from ludotheek.core.errors import BadOption
from ludotheek.core.rng import Rng
from ludotheek.games import get
from ludotheek.games.haaienzee import GAME, HaaienzeeState, board
from ludotheek.games.haaienzee.board import DIRECTION_INDEX
from tests.haaienzee.util import pos

YELLOW, RED = 0, 1


def nbr(name: str, direction: str, side: int = 7) -> str:
    b = board(side)
    return b.names[b.nb[b.index[name]][DIRECTION_INDEX[direction]]]


def passes(state: HaaienzeeState, n: int) -> HaaienzeeState:
    for _ in range(n):
        state = state.play("-")
    return state


def fish_of(state: HaaienzeeState) -> dict[str, str]:
    return dict(state.to_json()["fish"])


def shark(state: HaaienzeeState, sid: str) -> dict[str, object]:
    return next(s for s in state.to_json()["sharks"] if s["id"] == sid)


# --- board, names and options --------------------------------------------------------

def test_rule_board_default_seven_on_a_side_127_hexes() -> None:
    b = GAME.new(seed=1).board
    assert b.side == 7 and b.size == 127
    assert [len(r) for r in b.rows] == [7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7]
    assert b.names[0] == "A1" and b.names[6] == "A7" and b.names[-1] == "M7"


@pytest.mark.parametrize("side, hexes", [(5, 61), (6, 91), (7, 127), (8, 169), (9, 217)])
def test_rule_option_side_5_to_9(side: int, hexes: int) -> None:
    s = GAME.new(seed=2, side=side)
    assert s.board.size == hexes and len(s.board.rows) == 2 * side - 1


@pytest.mark.parametrize("bad", [4, 10, "big"])
def test_rule_option_side_out_of_range_refused(bad: object) -> None:
    with pytest.raises(BadOption, match="side"):
        GAME.new(side=bad)


def test_rule_hex_names_rows_from_top_places_from_left_and_six_directions() -> None:
    # rows are horizontal: E/W stay in the row, NE/NW go up a row, SE/SW down a row
    assert [nbr("G7", d) for d in ("E", "W", "NE", "NW", "SE", "SW")] == \
        ["G8", "G6", "F7", "F6", "H7", "H6"]
    assert board(7).nb[0][DIRECTION_INDEX["NW"]] == -1  # off the board
    assert nbr("A1", "SW") == "B1" and nbr("A1", "SE") == "B2"
    assert nbr("M1", "NW") == "L1" and nbr("M1", "NE") == "L2"


# --- setup -----------------------------------------------------------------------------

def _draw_independently(seed: int, side: int) -> dict[str, str]:
    """The setup rule written again from the rules text, to compare with the engine."""
    b = board(side)
    rng = Rng.from_seed(seed)
    while True:
        fish: dict[int, str] = {}
        ok = True
        for colour in ("white", "grey", "brown"):
            for _ in range(3):
                empty = [h for h in range(b.size) if h not in fish]
                if not empty:
                    ok = False
                    break
                seed_hex = empty[rng.randbelow(len(empty))]
                for h in (seed_hex, *b.neighbours[seed_hex]):
                    fish.setdefault(h, colour)
            if not ok:
                break
        if ok and b.size - len(fish) >= 12:
            return {b.names[h]: c for h, c in sorted(fish.items())}


@pytest.mark.parametrize("seed, side", [(1, 7), (2, 7), (3, 5), (18, 5), (4, 9)])
def test_rule_setup_three_schools_per_colour_white_grey_brown(seed: int, side: int) -> None:
    s = GAME.new(seed=seed, side=side)
    assert fish_of(s) == _draw_independently(seed, side)
    schools = [e for e in s.events if e["type"] == "school"]
    assert [e["colour"] for e in schools] == ["white"] * 3 + ["grey"] * 3 + ["brown"] * 3
    b = s.board
    for e in schools:
        assert e["hexes"][0] == e["seed"]
        around = {b.names[n] for n in b.neighbours[b.index[e["seed"]]]}
        assert set(e["hexes"]) <= {e["seed"], *around}
    assert b.size - len(fish_of(s)) >= 12


def test_rule_setup_fish_drawn_again_when_fewer_than_12_hexes_stay_empty() -> None:
    s = GAME.new(seed=18, side=5)  # the first draw of seed 18 leaves fewer than 12 empty
    assert s.events[0] == {"type": "redraw", "times": 1}
    assert s.board.size - len(fish_of(s)) >= 12


def test_rule_setup_same_seed_same_sea_other_seed_other_sea() -> None:
    assert fish_of(GAME.new(seed=7)) == fish_of(GAME.new(seed=7))
    assert fish_of(GAME.new(seed=7)) != fish_of(GAME.new(seed=8))


def test_rule_setup_order_y1_r1_y2_r2_y3_r3_on_empty_hexes() -> None:
    s = GAME.new(seed=1)
    order = []
    while s.phase == "setup":
        order.append((s.shark_id, s.to_move))
        move = s.legal_moves()[0]
        hex_name = move.split()[0]
        assert hex_name not in fish_of(s)
        s = s.play(move)
    assert order == [("Y1", 0), ("R1", 1), ("Y2", 0), ("R2", 1), ("Y3", 0), ("R3", 1)]
    assert s.phase == "turn" and s.round == 1 and s.shark_id == "Y1"


def test_rule_setup_places_with_facing_and_prey() -> None:
    s = GAME.new(seed=1)
    free = next(n for n in s.board.names if n not in fish_of(s))
    s = s.play(f"{free} SW grey")
    assert shark(s, "Y1") == {"id": "Y1", "seat": 0, "number": 1, "hex": free, "facing": "SW",
                              "prey": "grey", "taken_out": None, "just_taken_out": False}
    assert s.events[0]["type"] == "place"


def test_rule_setup_one_shark_on_each_colour() -> None:
    s = GAME.new(seed=1)
    s = s.play(next(m for m in s.legal_moves() if m.endswith("white")))
    s = s.play(next(m for m in s.legal_moves() if m.endswith("white")))  # Red may hunt white too
    colours = {m.split()[2] for m in s.legal_moves()}
    assert colours == {"grey", "brown"}
    s = s.play(next(m for m in s.legal_moves() if m.endswith("brown")))
    s = s.play(s.legal_moves()[0])
    assert {m.split()[2] for m in s.legal_moves()} == {"grey"}


def test_rule_setup_every_empty_hex_direction_and_free_colour_is_a_move() -> None:
    s = GAME.new(seed=5)
    empty = s.board.size - len(fish_of(s))
    assert len(s.legal_moves()) == empty * 6 * 3
    assert len(set(s.legal_moves())) == len(s.legal_moves())


# --- turn order ----------------------------------------------------------------------

def test_rule_round_order_start_player_then_other_by_shark_number() -> None:
    s = pos()
    order = []
    for _ in range(6):
        order.append(s.shark_id)
        s = s.play("-")
    assert order == ["Y1", "R1", "Y2", "R2", "Y3", "R3"]
    s = pos(start=RED)
    order = []
    for _ in range(6):
        order.append(s.shark_id)
        s = s.play("-")
    assert order == ["R1", "Y1", "R2", "Y2", "R3", "Y3"]


def test_rule_yellow_starts_round_one() -> None:
    s = GAME.new(seed=3)
    while s.phase == "setup":
        s = s.play(s.legal_moves()[0])
    assert s.round == 1 and s.start == YELLOW and s.to_move == YELLOW


# --- swimming --------------------------------------------------------------------------

def test_rule_swim_into_an_empty_hex_moves_one_hex_and_ends() -> None:
    s = pos("white: G7", {"Y1": "G4 E white"})
    assert [m for m in s.legal_moves() if " " not in m] == ["-", "G5"]  # not G6, not G7
    after = s.play("G5")
    assert shark(after, "Y1")["hex"] == "G5" and after.health == (6, 7)
    assert after.shark_id == "R1"


@pytest.mark.parametrize("stop, eaten", [("G5", 1), ("G6", 2), ("G7", 3)])
def test_rule_swim_line_of_prey_stops_on_any_hex_of_it(stop: str, eaten: int) -> None:
    s = pos("white: G5 G6 G7; grey: G8", {"Y1": "G4 E white"})
    assert [m for m in s.legal_moves() if " " not in m] == ["-", "G5", "G6", "G7"]
    after = s.play(stop)
    assert shark(after, "Y1")["hex"] == stop
    left = fish_of(after)
    line = ["G5", "G6", "G7"]
    assert all(h not in left for h in line[:eaten])
    assert all(left[h] == "white" for h in line[eaten:])
    assert left["G8"] == "grey"
    assert after.health == (7 + eaten - 1, 7)
    swim = next(e for e in after.events if e["type"] == "swim")
    assert [e["hex"] for e in swim["eaten"]] == line[:eaten]


def test_rule_swim_never_goes_on_into_an_empty_hex_after_eating() -> None:
    s = pos("white: G5 G6 G8", {"Y1": "G4 E white"})  # G7 is empty
    assert [m for m in s.legal_moves() if " " not in m] == ["-", "G5", "G6"]


def test_rule_swim_line_ends_at_the_edge() -> None:
    s = pos("white: G10 G11 G12 G13", {"Y1": "G9 E white"}, )
    # the spare shark G13 of the helper is not used: G13 holds a fish here
    assert [m for m in s.legal_moves() if " " not in m] == ["-", "G10", "G11", "G12", "G13"]


def test_rule_swim_blocked_by_a_shark() -> None:
    s = pos("", {"Y1": "G4 E white", "R1": "G5 W grey"})
    assert [m for m in s.legal_moves() if " " not in m] == ["-"]
    s = pos("white: G5 G6", {"Y1": "G4 E white", "R1": "G7 W grey"})
    assert [m for m in s.legal_moves() if " " not in m] == ["-", "G5", "G6"]


def test_rule_swim_blocked_by_fish_it_does_not_hunt() -> None:
    s = pos("grey: G5", {"Y1": "G4 E white"})
    assert [m for m in s.legal_moves() if " " not in m] == ["-"]
    s = pos("white: G5; brown: G6", {"Y1": "G4 E white"})
    assert [m for m in s.legal_moves() if " " not in m] == ["-", "G5"]


def test_rule_swim_blocked_by_the_edge() -> None:
    s = pos("", {"Y1": "G1 W white"})
    assert [m for m in s.legal_moves() if m.split()[-1] != "-" and " " not in m] == []
    assert "-" in s.legal_moves()


def test_rule_turn_left_is_counter_clockwise_right_is_clockwise() -> None:
    s = pos("", {"Y1": "G7 E white"})
    assert shark(s.play("L -"), "Y1")["facing"] == "NE"
    assert shark(s.play("R -"), "Y1")["facing"] == "SE"
    s = pos("", {"Y1": "G7 NW white"})
    assert shark(s.play("L -"), "Y1")["facing"] == "W"
    assert shark(s.play("R -"), "Y1")["facing"] == "NE"


def test_rule_turn_then_swim_both_ways() -> None:
    s = pos("white: F7 E7; grey: H7", {"Y1": "G7 E white"})
    moves = s.legal_moves()
    assert {"L F7", "L E7"} <= set(moves)  # turn left to NE, eat one or two
    assert not any(m.startswith("R ") and m != "R -" for m in moves)  # grey blocks SE
    after = s.play("L E7")
    assert shark(after, "Y1") == {**shark(s, "Y1"), "hex": "E7", "facing": "NE"}
    assert after.health == (8, 7)
    s = pos("white: H7", {"Y1": "G7 E white"})
    after = s.play("R H7")
    assert shark(after, "Y1")["facing"] == "SE" and after.health == (7, 7)


def test_rule_turn_at_most_sixty_degrees() -> None:
    s = pos("", {"Y1": "G7 E white"})
    facings = {shark(s.play(m), "Y1")["facing"] for m in s.legal_moves()
               if not m.startswith("empty")}
    assert facings == {"E", "NE", "SE"}


# --- health ----------------------------------------------------------------------------

@pytest.mark.parametrize("move, change", [
    ("-", -1),            # a turn that does nothing
    ("L -", -1),          # only turning
    ("R H7", -1),         # swimming into an empty hex
    ("G8", 0),            # eating one fish
    ("G10", 2),           # eating three
    ("empty -", -1),      # taking the prey out
])
def test_rule_health_changes_by_fish_eaten_minus_one_after_every_turn(move: str,
                                                                      change: int) -> None:
    s = pos("white: G8 G9 G10", {"Y1": "G7 E white"}, health=(10, 10))
    after = s.play(move)
    assert after.health == (10 + change, 10)
    ev = next(e for e in after.events if e["type"] == "health")
    assert ev == {"type": "health", "seat": 0, "shark": "Y1", "eaten": change + 1,
                  "change": change, "health": 10 + change}


def test_rule_health_turn_that_does_nothing_costs_one_for_either_player() -> None:
    s = pos(health=(9, 5))
    s = s.play("-")
    assert s.health == (8, 5)
    s = s.play("-")
    assert s.health == (8, 4)


# --- growth ------------------------------------------------------------------------------

def test_rule_growth_empty_hex_touching_two_touching_fish_of_a_colour() -> None:
    s = pos("white: G5 G6")
    after = passes(s, 6)
    assert fish_of(after) == {"G5": "white", "G6": "white", "F5": "white", "H5": "white"}
    grown = [e for e in after.events if e["type"] == "growth"]
    assert grown == [{"type": "growth", "colour": "white", "hexes": ["F5", "H5"]},
                     {"type": "growth", "colour": "grey", "hexes": []},
                     {"type": "growth", "colour": "brown", "hexes": []}]


def test_rule_growth_needs_the_two_fish_to_touch_each_other() -> None:
    s = pos("grey: G5 G7")  # both touch G6, but not each other
    assert fish_of(passes(s, 6)) == {"G5": "grey", "G7": "grey"}


def test_rule_growth_only_after_all_six_sharks_moved() -> None:
    s = pos("white: G5 G6")
    assert fish_of(passes(s, 5)) == {"G5": "white", "G6": "white"}
    assert len(fish_of(passes(s, 6))) == 4


def test_rule_growth_not_under_a_shark() -> None:
    s = pos("brown: G5 G6", {"R2": "F5 NE white"})
    assert fish_of(passes(s, 6)) == {"G5": "brown", "G6": "brown", "H5": "brown"}


def test_rule_growth_decided_on_the_board_as_it_was_when_the_colour_began() -> None:
    # F5 grows (it touches G5 and G6). Hex by hex in reading order, F6 would then touch
    # F5 and G6, which touch each other, and grow too; the rule decides every white
    # hex on the board as it was when white's growth began, so F6 stays empty.
    assert nbr("F6", "W") == "F5" and nbr("F6", "SW") == "G6"
    s = pos("white: G5 G6")
    after = passes(s, 6)
    assert "F6" not in fish_of(after) and "F4" not in fish_of(after)
    # the same within grey and brown
    s = pos("grey: G5 G6; brown: C3 C4")
    grown = fish_of(passes(s, 6))
    assert grown == {"G5": "grey", "G6": "grey", "F5": "grey", "H5": "grey",
                     "C3": "brown", "C4": "brown", nbr("C3", "NE"): "brown",
                     nbr("C3", "SE"): "brown"}


def test_rule_growth_white_before_grey_before_brown() -> None:
    # G7 touches a white pair (G8, H7) and a grey pair (G6, F6): white comes first
    # C5 touches a grey pair and a brown pair: grey comes first
    c5 = {d: nbr("C5", d) for d in ("E", "SE", "W", "NW")}
    s = pos(f"white: G8 H7; grey: G6 F6 {c5['E']} {c5['SE']}; brown: {c5['W']} {c5['NW']}")
    after = fish_of(passes(s, 6))
    assert after["G7"] == "white"
    assert after["C5"] == "grey"


def test_rule_growth_a_hex_filled_by_white_is_not_filled_by_grey() -> None:
    s = pos("white: G8 H7; grey: G6 F6")
    after = passes(s, 6)
    white = next(e for e in after.events if e["type"] == "growth" and e["colour"] == "white")
    grey = next(e for e in after.events if e["type"] == "growth" and e["colour"] == "grey")
    assert "G7" in white["hexes"] and "G7" not in grey["hexes"]


# --- changing prey ----------------------------------------------------------------------

def test_rule_prey_taken_out_only_in_a_turn_without_eating() -> None:
    s = pos("white: G8 G9", {"Y1": "G7 E white"})
    moves = s.legal_moves()
    assert [m for m in moves if m.startswith("empty")] == [
        "empty -", "empty L -", "empty L F7", "empty R -", "empty R H7"]
    after = s.play("empty L F7")
    assert shark(after, "Y1")["prey"] == "empty"
    assert shark(after, "Y1")["taken_out"] == "white"
    assert shark(after, "Y1")["just_taken_out"] is True
    assert fish_of(after) == fish_of(s)


def test_rule_prey_change_takes_two_turns_without_eating() -> None:
    # Yellow stays lower in health, so Yellow starts every round and Y1 moves first
    s = pos("grey: G8", {"Y1": "G7 E white"}, health=(10, 12))
    s = s.play("empty -")                          # turn 1: take the white out
    s = passes(s, 5)
    assert s.shark_id == "Y1" and fish_of(s) == {"G8": "grey"}
    moves = s.legal_moves()
    assert "grey -" in moves and "grey G8" not in moves   # no eating in the put-in turn
    assert "white -" not in moves                         # not the colour taken out
    assert "G8" not in moves                              # empty: no eating at all
    s = s.play("grey -")                           # turn 2: grey goes in
    assert shark(s, "Y1")["prey"] == "grey" and shark(s, "Y1")["taken_out"] is None
    s = passes(s, 5)
    assert s.shark_id == "Y1" and s.health[0] == 10 - 6  # two turns of each shark
    s = s.play("G8")                               # turn 3: it eats
    assert s.health[0] == 10 - 6 + 0 and "G8" not in fish_of(s)


def test_rule_empty_shark_may_stay_empty_and_swim_into_empty_hexes() -> None:
    s = pos("white: G8", {"Y1": "G7 E empty"}, taken={"Y1": "white"})
    moves = s.legal_moves()
    assert "G8" not in moves and "L F7" in moves and "-" in moves
    assert [m.split()[0] for m in moves if m.split()[0] in ("grey", "brown")] != []
    after = s.play("L F7")
    assert shark(after, "Y1")["prey"] == "empty" and shark(after, "Y1")["taken_out"] == "white"
    assert shark(after, "Y1")["just_taken_out"] is False


def test_rule_new_prey_only_into_an_empty_shark() -> None:
    s = pos("", {"Y1": "G7 E white"})
    assert not any(m.split()[0] in ("grey", "brown", "white") for m in s.legal_moves())


# --- the start player ---------------------------------------------------------------------

def test_rule_start_player_lower_health_starts_next_round() -> None:
    s = passes(pos(health=(12, 10)), 6)
    assert s.round == 2 and s.start == RED and s.shark_id == "R1"
    s = passes(pos(health=(10, 12), start=RED), 6)
    assert s.start == YELLOW and s.shark_id == "Y1"
    assert s.events[-1] == {"type": "round_start", "round": 2, "start_player": YELLOW}


def test_rule_start_player_on_equal_health_the_one_who_did_not_start() -> None:
    s = passes(pos(health=(12, 12)), 6)
    assert s.start == RED
    s = passes(s, 6)
    assert s.start == YELLOW and s.round == 3


# --- the end --------------------------------------------------------------------------------

def test_rule_win_at_once_at_health_23() -> None:
    s = pos("white: G8 G9 G10", {"Y1": "G7 E white"}, health=(21, 5))
    end = s.play("G10")
    assert end.is_over and end.winners() == [YELLOW] and end.end_reason == "health_23"
    assert end.health == (23, 5) and end.legal_moves() == []
    assert end.events[-1] == {"type": "game_over", "winners": [0], "reason": "health_23"}
    assert s.play("G9").health == (22, 5) and not s.play("G9").is_over


def test_rule_lose_at_once_at_health_0_or_below() -> None:
    s = pos(health=(1, 9))
    end = s.play("-")
    assert end.is_over and end.winners() == [RED] and end.end_reason == "health_0"
    s = pos(health=(9, 1), to_move="R1")
    end = s.play("L -")
    assert end.winners() == [YELLOW] and end.health == (9, 0)


def test_rule_win_ten_ahead_after_a_complete_round() -> None:
    s = pos("white: G5 G6", health=(18, 7))
    mid = s.play("-")  # 17-7: ten ahead, but the round is not over
    assert not mid.is_over
    end = passes(mid, 5)  # 15-4
    assert end.is_over and end.winners() == [YELLOW] and end.end_reason == "lead_10"
    types = [e["type"] for e in end.events]
    assert types.index("growth") < types.index("game_over")  # after the growth
    assert "F5" in fish_of(end)
    s = pos(health=(7, 17))
    end = passes(s, 6)
    assert end.winners() == [RED] and end.health == (4, 14)
    s = pos(health=(7, 16))
    assert not passes(s, 6).is_over  # nine ahead is not enough


def test_rule_draw_after_round_100() -> None:
    s = pos(health=(12, 12), round=100)
    end = passes(s, 6)
    assert end.is_over and end.winners() == [] and end.end_reason == "round_limit"
    s = pos(health=(12, 12), round=99)
    assert passes(s, 6).round == 100


def test_rule_every_game_ends_within_606_moves() -> None:
    assert GAME.max_moves == 606
    s = get("haaienzee").new(seed=4)
    rng = Rng.from_seed(4)
    n = 0
    while not s.is_over:
        s = s.play(rng.choice(s.legal_moves()))
        n += 1
    assert n <= 606


def test_rule_resigning_loses() -> None:
    s = pos()
    end = s.resign(RED)
    assert end.winners() == [YELLOW] and end.end_reason == "resigned"


# --- notation ----------------------------------------------------------------------------

SETUP_MOVE = re.compile(r"^[A-Q]\d{1,2} (NE|E|SE|SW|W|NW) (white|grey|brown)$")
TURN_MOVE = re.compile(r"^((empty|white|grey|brown) )?([LR] )?([A-Q]\d{1,2}|-)$")


def test_rule_notation_setup_hex_direction_colour_in_documented_order() -> None:
    s = GAME.new(seed=1)
    moves = s.legal_moves()
    assert all(SETUP_MOVE.match(m) for m in moves)
    first_hex = moves[0].split()[0]
    assert [m for m in moves if m.split()[0] == first_hex] == [
        f"{first_hex} {d} {c}" for d in ("NE", "E", "SE", "SW", "W", "NW")
        for c in ("white", "grey", "brown")]


def test_rule_notation_turn_prey_turn_end_in_documented_order() -> None:
    s = pos("white: G8 G9; brown: H7", {"Y1": "G7 E white"})
    assert s.legal_moves() == ["-", "G8", "G9", "L -", "L F7", "R -",
                               "empty -", "empty L -", "empty L F7", "empty R -"]
    s = pos("", {"Y1": "G7 E empty"}, taken={"Y1": "grey"})
    assert s.legal_moves() == [
        "-", "G8", "L -", "L F7", "R -", "R H7",
        "white -", "white G8", "white L -", "white L F7", "white R -", "white R H7",
        "brown -", "brown G8", "brown L -", "brown L F7", "brown R -", "brown R H7"]
    assert all(TURN_MOVE.match(m) for m in s.legal_moves())
