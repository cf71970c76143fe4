"""Bad input: every wrong move is refused with a clear message, and nothing changes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ludotheek.core.errors import IllegalMove
from ludotheek.games.aqua_romana import GAME, AquaState


def pos(**spec: Any) -> AquaState:
    return GAME.position(**spec)


def refused(state: AquaState, move: str, message: str) -> None:
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalMove, match=message):
        state.play(move)
    assert json.dumps(state.to_json(), sort_keys=True) == before


BUILD = pos(track={"T4": "curve", "T5": "joker", "T36": "straight"})


@pytest.mark.parametrize("move, message", [
    ("blue2 T4 curve z9 SE", "'z9' is not a square of the site"),
    ("blue2 T4 curve d0 SE", "'d0' is not a square"),
    ("blue2 T4 curve l2 SE", "'l2' is not a square"),
    ("blue2 T4 curve c3 SE", "blue2's tile goes on d2, the square in front of it"),
    ("blue2 T4 curve e5 SE", "blue2's tile goes on d2"),
    ("blue2 T4 curve d2 NE", "does not continue blue2's aqueduct, which enters d2 from the S"),
    ("blue2 T4 curve d2 EN", "write the curve rotation as NE"),
    ("blue2 T4 curve d2 NS", "'NS' is not a rotation of a curve"),
    ("blue2 T5 curve d2 SE", "the builder on T5 is not in sight of blue2, which stands on d3"),
    ("blue2 T7 curve d2 SE", "there is no master builder on T7"),
    ("blue2 T39 curve d2 SE", "'T39' is not a track space"),
    ("blue2 T4 straight d2 NS", "the curve builder on T4 builds only curve tiles"),
    ("blue2 T4 joker d2 NS", "the joker is a master builder, not a tile"),
    ("blue2 T4 tower d2 NS", "'tower' is not a kind"),
    ("blue9 T4 curve d2 SE", "there is no worker 'blue9'"),
    ("green2 T4 curve h2 SE", "green2 belongs to Green/Red; it is Blue/Yellow's turn"),
    ("blue2 T4 curve d2", "this move is written WORKER Tn KIND SQUARE ROTATION"),
    ("blue2  T4 curve d2 SE", "separate the words of a move by single spaces"),
    ("close none", "is not a move for now: Blue/Yellow builds"),
    ("pick joker", "is not a move for now"),
    ("place curve T9", "is not a move for now"),
    ("bonus curve e5 NE", "is not a move for now"),
    ("move T4", "a builder is moved only when no worker can build"),
    ("hello", "'hello' is not a move; Blue/Yellow builds: WORKER Tn KIND SQUARE ROTATION"),
    ("", "empty move"),
])
def test_bad_builds_are_refused(move: str, message: str) -> None:
    refused(BUILD, move, message)


def test_retired_worker_cannot_build() -> None:
    s = pos(track={"T36": "straight", "T4": "curve"}, retired={"blue1": 3},
            voluntary={"blue1": 0})
    refused(s, "blue1 T36 straight b3 EW", "blue1 has retired")


def test_bad_bonus_tiles_are_refused() -> None:
    s = pos(track={"T36": "curve", "T37": "straight", "T38": "bridge"},
            tiles={"f5": "bridge NS+EW"})
    s = s.play("blue1 T36 curve b3 NE")
    assert s.phase == "bonus"
    refused(s, "bonus curve b2 NE", r"may not lie in front of an open aqueduct end \(blue1 faces")
    refused(s, "bonus curve d2 NE", "may not lie in front of a reservoir outlet")
    refused(s, "bonus curve c3 NE", "c3 is part of a reservoir")
    refused(s, "bonus curve f5 NE", "f5 already holds a tile")
    refused(s, "bonus curve a1 NE", "a1 already holds a tile")
    refused(s, "bonus straight e5 NS", "the bonus tile is of the builder's kind: curve")
    refused(s, "bonus curve m5 NE", "'m5' is not a square")
    refused(s, "bonus curve e5 XY", "'XY' is not a rotation of a curve")
    refused(s, "blue3 T28 curve c4 NE", "is not a move for now: Blue/Yellow lays a bonus tile")


def test_closing_another_players_aqueduct_is_refused() -> None:
    s = BUILD.play("blue2 T4 curve d2 SE")
    assert s.phase == "close"
    refused(s, "close green1", "green1's aqueduct belongs to Green/Red")
    refused(s, "close red3", "a player closes only their own")
    refused(s, "close purple1", "there is no worker 'purple1'")
    s2 = pos(track={"T4": "curve"}, retired={"blue1": 2}, voluntary={"blue1": 0})
    s2 = s2.play("blue2 T4 curve d2 SE")
    refused(s2, "close blue1", "blue1's aqueduct is already closed")


def test_bad_picks_and_placements_are_refused() -> None:
    s = pos(tiles={"c4": "curve NE", "d4": "curve SW", "c5": "curve SE"},
            track={"T4": "straight"}, reserve=["curve", "joker"])
    s = s.play("blue3 T4 straight d5 NS")
    assert s.phase == "pick"
    refused(s, "pick bridge", r"the reserve has no bridge builder \(it holds: curve, joker\)")
    refused(s, "pick", "this move is written pick KIND or pick none")
    s = s.play("pick joker").play("pick curve")
    assert s.phase == "place" and s.to_move == 1
    refused(s, "place joker T9", r"holds no joker builder \(holds: curve\)")
    refused(s, "place curve T5", "T5 is taken by a straight builder")
    refused(s, "place curve T0", "'T0' is not a track space")


def test_bad_setup_placements_are_refused() -> None:
    s = GAME.new(seed=1, first=1).play("place curve T5")
    refused(s, "place bridge T5", "T5 is taken by a curve builder")
    refused(s, "place joker T6", "the joker starts in the reserve")
    s = s.play("place curve T6").play("place curve T7")
    refused(s, "place curve T8", "all three curve builders are placed")
    refused(s, "blue2 T5 curve d2 SE", "is not a move for now: Green/Red places a master")


def test_moves_after_the_end_are_refused() -> None:
    s = pos(track={"T5": "curve"}, no_tile=[1])
    s = s.play("move T5").play("close none")
    assert s.is_over
    refused(s, "move T6", "the game is over")
    assert s.legal_moves() == []


@pytest.mark.parametrize("bad", [None, 3, ["move", "T4"]])
def test_non_text_moves_are_refused(bad: object) -> None:
    with pytest.raises(IllegalMove, match="a move is text"):
        BUILD.play(bad)  # type: ignore[arg-type]
