"""The state view (what a page draws from), its events, the text picture and move sentences."""

from __future__ import annotations

import json

from click.testing import CliRunner

from ludotheek.cli import cli
from ludotheek.games.haaienzee import GAME
from tests.haaienzee.util import pos


def test_view_has_everything_to_draw_and_no_secrets() -> None:
    s = pos("white: G8 G9", {"Y1": "G7 E white"}, health=(9, 8), round=4, start=1,
            to_move="Y1")
    v = s.view(None)
    json.dumps(v)
    assert "seed" not in v and "rng" not in v
    assert v["phase"] == "turn" and v["round"] == 4 and v["start_player"] == 1
    assert v["to_move"] == 0 and v["shark_to_move"] == "Y1" and v["health"] == [9, 8]
    assert v["fish"] == {"G8": "white", "G9": "white"}
    assert v["sharks"][0] == {"id": "Y1", "seat": 0, "number": 1, "hex": "G7", "facing": "E",
                              "prey": "white", "taken_out": None, "just_taken_out": False}
    assert [sh["id"] for sh in v["sharks"]] == ["Y1", "Y2", "Y3", "R1", "R2", "R3"]
    assert v["winners"] == [] and v["end_reason"] is None and v["max_rounds"] == 100
    assert v["legal"] == s.legal_moves()
    assert len(v["board"]["hexes"]) == 127 and v["board"]["rows"][6] == 13
    assert v["board"]["hexes"][0] == {"hex": "A1", "row": 0, "place": 1, "x": 6}
    assert v["board"]["hexes"][57] == {"hex": "G1", "row": 6, "place": 1, "x": 0}
    by_move = {c["move"]: c for c in v["choices"]["moves"]}
    assert by_move["G9"] == {"move": "G9", "prey": None, "turn": None, "facing": "E",
                             "hex": "G9", "eats": 2}
    assert by_move["empty L F7"] == {"move": "empty L F7", "prey": "empty", "turn": "L",
                                     "facing": "NE", "hex": "F7", "eats": 0}
    assert set(by_move) == set(s.legal_moves())
    assert v == s.view(0) == s.view(1)  # nothing is hidden in Haaienzee


def test_view_in_the_setup_lists_hexes_and_free_colours() -> None:
    s = GAME.new(seed=1).play("A4 SE white").play("A5 SE grey").play("A6 SE grey")
    v = s.view(1)
    assert v["phase"] == "setup" and v["round"] == 0 and v["shark_to_move"] == "R2"
    assert v["choices"]["colours"] == ["white", "brown"]
    assert "A4" not in v["choices"]["hexes"] and "A7" in v["choices"]["hexes"]
    assert v["sharks"][2]["hex"] is None
    assert v["events"] == [{"type": "place", "shark": "Y2", "seat": 0, "hex": "A6",
                            "facing": "SE", "prey": "grey"}]


def test_events_of_a_new_game_are_the_schools() -> None:
    s = GAME.new(seed=2)
    assert [e["type"] for e in s.events] == ["school"] * 9
    assert sorted(h for e in s.events for h in e["hexes"]) == sorted(s.view(None)["fish"])


def test_events_of_a_turn_that_ends_a_round() -> None:
    s = pos("white: G5 G6 G7", {"R3": "G4 E white"}, to_move="R3", health=(10, 10))
    after = s.play("G6")
    assert after.events == (
        {"type": "swim", "shark": "R3", "from": "G4", "to": "G6", "path": ["G5", "G6"],
         "eaten": [{"hex": "G5", "colour": "white"}, {"hex": "G6", "colour": "white"}]},
        {"type": "health", "seat": 1, "shark": "R3", "eaten": 2, "change": 1, "health": 11},
        {"type": "growth", "colour": "white", "hexes": []},
        {"type": "growth", "colour": "grey", "hexes": []},
        {"type": "growth", "colour": "brown", "hexes": []},
        {"type": "round_end", "round": 1, "health": [10, 11]},
        {"type": "round_start", "round": 2, "start_player": 0},
    )
    assert after.last_move == "G6"


def test_events_of_prey_and_turn() -> None:
    s = pos("", {"Y1": "G7 E white"})
    assert s.play("empty L F7").events[:2] == (
        {"type": "prey", "shark": "Y1", "action": "take_out", "colour": "white"},
        {"type": "turn", "shark": "Y1", "direction": "L", "from": "E", "to": "NE"},
    )
    s = pos("", {"Y1": "G7 E empty"}, taken={"Y1": "grey"})
    assert s.play("brown -").events[0] == {"type": "prey", "shark": "Y1", "action": "put_in",
                                           "colour": "brown"}


def test_render_shows_fish_sharks_facing_prey_health_and_who_moves() -> None:
    s = pos("white: G8; grey: F3; brown: K2", {"Y1": "G7 SW white"}, health=(12, 5))
    text = s.render()
    assert "Y1↙" in text and " w " in text and " g " in text and " b " in text
    assert "Yellow health 12: Y1 G7 ↙SW white" in text
    assert "Red    health  5:" in text
    assert text.splitlines()[-1] == "Round 1, Yellow starts. Yellow shark 1 (Y1, on G7) to move."
    nl = s.render(None, "nl")
    assert "Geel gezondheid 12" in nl and nl.endswith("is aan zet.")
    emptied = pos("", {"Y1": "G7 E white"}).play("empty -")
    assert "Y1 G7 →E empty (just white taken out)" in emptied.render()
    over = pos(health=(1, 9)).play("-")
    assert over.render().splitlines()[-1] == "Game over: Red wins (health 0 or less). Round 1."
    assert GAME.new(seed=1).render().splitlines()[-1] == \
        "Setup: Yellow places shark 1 (colours left: white, grey, brown)."


def test_describe_move_in_english_and_dutch() -> None:
    s = pos("white: G8 G9", {"Y1": "G7 E white"})
    assert s.describe_move("G9") == "Yellow shark 1 swims to G9, eating 2 white fish (health +1)."
    assert s.describe_move("G9", "nl") == \
        "Gele haai 1 zwemt naar G9 en eet 2 witte vissen (gezondheid +1)."
    assert s.describe_move("-") == "Yellow shark 1 stays where it is (health -1)."
    assert s.describe_move("R -") == "Yellow shark 1 turns right to SE (health -1)."
    assert GAME.new(seed=1).describe_move("A4 SE white") == \
        "Yellow shark 1 starts on A4 facing SE, hunting white."


def test_command_line_plays_and_watches_a_game() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["play", "haaienzee", "--watch", "--level", "easy",
                                 "--seed", "3", "-o", "side=5"])
    assert result.exit_code == 0, result.output
    assert "Game over:" in result.output and "Yellow shark 1" in result.output
    result = runner.invoke(cli, ["play", "haaienzee", "--seed", "3"], input="Z9 NE pink\nquit\n")
    assert "Not allowed: hex Z9 is off the board" in result.output
