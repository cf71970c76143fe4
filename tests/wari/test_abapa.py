"""The Abapa rules (``rules=abapa``), a test per rule, and the comparison with OpenSpiel's
``oware`` move by move: from a file of 1,100 OpenSpiel games (always), and live on
1,000 fresh random games where ``pyspiel`` is installed (the ``bench`` extra)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from ludotheek.core.errors import BadOption
from ludotheek.core.rng import Rng
from ludotheek.games.wari import GAME, WariState

SOUTH, NORTH = 0, 1
GAMES_FILE = Path(__file__).with_name("openspiel_oware.jsonl.gz")


def pos(board: list[int], to_move: int = SOUTH, stores: tuple[int, int] = (0, 0),
        **options: Any) -> WariState:
    return GAME.position(board, stores, to_move, rules="abapa", **options)


# --- the rules ----------------------------------------------------------------------

def test_rule_abapa_is_an_option_and_the_applet_rules_stay_the_default() -> None:
    assert GAME.new().abapa is False
    assert GAME.new(rules="abapa").abapa is True
    with pytest.raises(BadOption, match="rules must be one of applet, abapa"):
        GAME.new(rules="oware")


def test_rule_abapa_repetition_cannot_be_switched_off() -> None:
    with pytest.raises(BadOption, match="repetition cannot be off"):
        GAME.new(rules="abapa", repetition=False)


def test_rule_abapa_grand_slam_is_legal_but_captures_nothing() -> None:
    s = pos([1, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0])
    assert s.legal_moves() == ["1", "6"]  # the applet's rules forbid 6 here
    after = s.play("6")
    assert after.last_capture == 0 and after.stores == (0, 0)
    assert after.board == (1, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0)
    assert not after.is_over


def test_rule_abapa_a_capture_that_leaves_a_seed_is_no_grand_slam() -> None:
    # the last seed lands in cup 8 (captures 8 and 7); cup 9 keeps its seed
    s = pos([0, 0, 0, 0, 0, 2, 1, 2, 1, 5, 5, 5], stores=(13, 14))
    after = s.play("6")
    assert after.last_capture == 5 and after.board[6:9] == (0, 0, 1) and not after.is_over


def test_rule_abapa_feeding_is_compulsory() -> None:
    s = pos([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0])
    assert s.legal_moves() == ["6"]


def test_rule_abapa_more_than_half_captured_ends_the_game() -> None:
    s = pos([0, 0, 0, 0, 0, 2, 1, 2, 0, 4, 0, 0], stores=(21, 18))
    after = s.play("6")  # captures 3 + 2 = 5: South has 26 of 48
    assert after.is_over and after.end_reason == "majority"
    assert after.stores == (26, 18 + 4) and after.winners() == [SOUTH]


def test_rule_abapa_half_each_is_a_draw() -> None:
    # 24 each can only come at an end (a capture to 24-24 would be a grand slam)
    s = pos([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0], stores=(22, 24))
    after = s.play("6")
    assert after.last_capture == 0  # the grand slam takes nothing; North cannot feed
    assert after.is_over and after.end_reason == "cannot_feed" and after.stores == (22, 26)
    end = pos([0] * 11 + [1], NORTH, (23, 24)).play("12")
    assert end.end_reason == "cannot_feed" and end.stores == (24, 24) and end.winners() == []


def test_rule_abapa_a_position_met_twice_ends_the_game() -> None:
    # one seed each, six cups apart: after 12 plies the same board comes back
    s = pos([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], stores=(23, 23))
    plies = 0
    while not s.is_over:
        (move,) = s.legal_moves()
        s = s.play(move)
        plies += 1
    assert plies == 12 and s.end_reason == "repetition"
    assert s.stores == (24, 24)


def test_rule_abapa_the_player_who_cannot_feed_takes_the_rest() -> None:
    s = pos([0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1], to_move=NORTH, stores=(20, 20))
    end = s.play("12")
    assert end.is_over and end.end_reason == "cannot_feed" and end.stores == (23, 20)


def test_rule_abapa_round_trips_and_replays() -> None:
    s = GAME.new(seed=3, rules="abapa")
    for move in ("3", "9", "4"):
        s = s.play(move)
    again = GAME.from_json(s.to_json())
    assert again.to_json() == s.to_json() and again.abapa


# --- the comparison with OpenSpiel -----------------------------------------------------

def _houses(state: WariState) -> str:
    return " ".join(str(x) for x in state.board)


def _compare(seeds: int, steps: list[list[Any]], actions: list[int],
             returns: list[int], where: str) -> None:
    """Replay OpenSpiel's ``actions`` with our engine, checking every recorded step."""
    state = GAME.new(seeds_per_cup=seeds, rules="abapa")
    for ply, (player, s0, s1, houses, mask, terminal) in enumerate(steps):
        at = f"{where}, ply {ply}"
        assert state.is_over == terminal, f"{at}: game over differs"
        if terminal:
            assert list(state.stores) == [s0, s1], f"{at}: final scores differ"
            break
        assert state.to_move == player, f"{at}: player to move differs"
        assert list(state.stores) == [s0, s1], f"{at}: scores differ"
        assert _houses(state) == houses, f"{at}: boards differ"
        ours = sum(1 << (c % 6) for c in state.legal_cups())
        assert ours == mask, f"{at}: legal moves differ"
        state = state.play(str(6 * player + actions[ply] + 1))
    winners = state.winners()
    ours_returns = [0, 0] if not winners else [1, -1] if winners == [0] else [-1, 1]
    assert ours_returns == returns, f"{where}: results differ"


def test_abapa_agrees_with_openspiel_oware_on_its_recorded_games() -> None:
    """The file: 1,000 random games with 4 seeds a house and 50 each with 3 and 5, written
    by ``benchmarks/wari_openspiel_games.py`` running OpenSpiel (no code of ours)."""
    with gzip.open(GAMES_FILE, "rt", encoding="utf-8") as fh:
        games = [json.loads(line) for line in fh]
    assert len(games) == 1100
    ends = set()
    for g in games:
        _compare(g["seeds"], g["steps"], g["actions"], g["returns"],
                 f"{g['seeds']} seeds, seed {g['seed']}")
        ends.add(len(g["steps"]))
    assert len(ends) > 100  # games of many lengths


def test_abapa_agrees_with_openspiel_oware_live() -> None:
    """1,000 fresh random games (our generator chooses), played in both engines at once."""
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("oware")
    rng = Rng.from_seed(20261201)
    reasons: dict[str | None, int] = {}
    for g in range(1000):
        ours = GAME.new(rules="abapa")
        theirs = game.new_initial_state()
        while not ours.is_over:
            assert not theirs.is_terminal(), f"game {g}: OpenSpiel ended first"
            mover = ours.to_move
            assert theirs.current_player() == mover
            assert [c % 6 for c in ours.legal_cups()] == theirs.legal_actions(), f"game {g}"
            cup = rng.choice(ours.legal_cups())
            ours = ours.play(str(cup + 1))
            theirs.apply_action(cup % 6)
            _, scores, houses = theirs.observation_string(0).split(" | ")
            assert [int(x) for x in scores.split()] == list(ours.stores), f"game {g}"
            if not ours.is_over:
                assert houses == _houses(ours), f"game {g}"
        assert theirs.is_terminal(), f"game {g}: ours ended first"
        r = theirs.returns()
        w = ours.winners()
        assert (r[0] > 0, r[1] > 0) == (w == [0], w == [1]), f"game {g}"
        reasons[ours.end_reason] = reasons.get(ours.end_reason, 0) + 1
    assert set(reasons) >= {"majority", "repetition"}
