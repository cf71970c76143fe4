"""Haaienzee's guided game and diagrams show what they say (games/haaienzee/learn.py)."""

from __future__ import annotations

from typing import Any

from ludotheek.games.haaienzee import HaaienzeeState, learn
from ludotheek.learn import lessons
from tests.narrow import narrow

LESSON = learn.LESSON
STATES = [narrow(HaaienzeeState, s) for s in lessons.positions("haaienzee", LESSON.record)]


def _view(at: int) -> dict[str, Any]:
    return STATES[at].view(0)


def _choice(step: str) -> dict[str, Any]:
    s = LESSON.step(step)
    move = LESSON.record.moves[s.at]
    return next(c for c in _view(s.at)["choices"]["moves"] if c["move"] == move)


def _events(at: int, kind: str) -> list[dict[str, Any]]:
    return [e for e in _view(at)["events"] if e["type"] == kind]


def test_rule_placing_and_one_each_the_setup_steps() -> None:
    for step, colour in (("place1", "grey"), ("place2", "white"), ("place3", "brown")):
        s = LESSON.step(step)
        hex_, _facing, prey = narrow(str, LESSON.record.moves[s.at]).split()
        assert prey == colour and (STATES[s.at].shark_id or "").startswith("Y")
        assert hex_ in _view(s.at)["choices"]["hexes"]
    # the coach's spots are the best first catches of their colour
    first = STATES[0]
    assert learn.compare(first, "A1 E white", "K2 W grey")["expected"]["eats"] == 5


def test_rule_eat_line_turning_and_stop_on_line_at_the_eat_step() -> None:
    c = _choice("eat")
    assert c["turn"] == "R" and c["eats"] == 5
    at = LESSON.step("eat").at
    shorter = [m for m in _view(at)["choices"]["moves"] if m["turn"] == "R" and 0 < m["eats"] < 5]
    assert len(shorter) == 4, "it may stop on any hex of the line"
    assert _view(at + 1)["health"][0] == 7 + 5 - 1


def test_rule_growth_and_start_player_after_round_one() -> None:
    at = LESSON.step("growth").at
    grown = _events(at, "growth")
    assert [e["colour"] for e in grown] == ["white", "grey", "brown"]
    assert all(e["hexes"] for e in grown)
    v = _view(at)
    assert v["round"] == 2 and v["start_player"] == 1 and v["health"][1] < v["health"][0]


def test_rule_take_out_and_new_prey() -> None:
    out = _choice("take_out")
    assert out["prey"] == "empty" and out["eats"] == 0
    assert all(m["eats"] == 0 for m in _view(LESSON.step("take_out").at)["choices"]["moves"])
    new = _choice("new_prey")
    assert new["prey"] == "grey" and new["eats"] == 0
    shark = next(s for s in _view(LESSON.step("new_prey").at)["sharks"] if s["id"] == "Y2")
    assert shark["prey"] == "empty" and shark["taken_out"] == "white"


def test_rule_swim_empty_one_hex_into_empty_water() -> None:
    c = _choice("swim_empty")
    assert c["eats"] == 0 and c["hex"] == "F5" and c["turn"] == "R"


def test_rule_win_lead_the_lesson_ends_with_a_lead_of_ten() -> None:
    end = STATES[LESSON.step("won").at]
    assert end.is_over and end.end_reason == "lead_10" and end.winners() == [0]
    assert list(end.scores()) == [19, 6]


def test_the_other_ways_to_win_are_drawn_from_real_games() -> None:
    assert lessons.positions("haaienzee", learn.WIN_23)[-1].end_reason == "health_23"
    zero = lessons.positions("haaienzee", learn.WIN_0)[-1]
    assert zero.end_reason == "health_0" and zero.winners() == [0]


def test_refusals_say_why_a_hex_cannot_be_reached() -> None:
    at = LESSON.step("eat").at
    state = STATES[at]
    assert learn.refusal(state, "A1")["code"] == "not_ahead"
    assert learn.refusal(state, "F1") == {}   # reachable after turning right
    assert learn.refusal(STATES[0], "A1") == {} or learn.refusal(STATES[0], "A1")["code"] == \
        "not_empty"
    fishy = next(h for h, _ in _view(0)["fish"].items())
    assert learn.refusal(STATES[0], fishy)["code"] == "not_empty"
    swim = STATES[LESSON.step("swim_empty").at]
    # beyond the empty hex F5, whatever lies further west
    beyond = [h for h in ("F4", "F3") if learn.refusal(swim, h)]
    assert beyond and learn.refusal(swim, beyond[0])["code"] in ("one_empty",)


#: a game of the easy player (Yellow, seed 0) against the greedy one (Red, seed 1)
_ROUND_TEXT = (
    "E7 E grey | E6 E grey | C2 SW brown | C4 SW brown | L4 NW white | H4 SE white | "
    "R J9 | R J8 | L F5 | D4 | I4 | R I3 | R - | empty R - | F4 | L F6 | L K3 | L - | "
    "R J6 | white R J8 | R F3 | empty L - | L K4 | empty R H4 | L L6 | L K5 | grey E6 | "
    "R E2 | brown L H3 | L I6 | L M6 | L - | empty L - | R D2 | - | empty R - | L M7 | "
    "L K6 | - | R D3 | H2 | grey R - | L J10 | L G10 | white - | R E4 | L I1 | L I7 | "
    "- | L - | R A6 | L E5 | empty R - | L G9 | L - | empty R - | R A7 | empty - | "
    "white R - | L F8 | L J7 | white L - | R D10 | white - | R H2 | L F2 | R I7 | A4 | "
    "empty R - | L C5")
ROUND_GAME = _ROUND_TEXT.split(" | ")


def _round_state(plies: int) -> Any:
    from ludotheek.games.haaienzee import GAME

    state = GAME.new(seed=0)
    for move in ROUND_GAME[:plies]:
        state = state.play(move)
    return state


def _can_win_exhaustively(state: Any, opp: int, r0: int) -> bool:
    if state.is_over:
        return bool(state.winners() == [opp])
    if state.round != r0:
        return False
    results = [_can_win_exhaustively(state.play(m), opp, r0) for m in state.legal_moves()]
    return any(results) if state.to_move == opp else all(results)


def test_opponent_can_end_agrees_with_an_exhaustive_search() -> None:
    state = _round_state(70)   # Yellow's shark 3, the fifth turn of its round: Red leads 20-6
    assert state.to_move == 0 and state.step == 4
    for move in state.legal_moves():
        after = state.play(move)
        want = after.winners() == [1] if after.is_over else _can_win_exhaustively(
            after, 1, state.round)
        assert learn.opponent_can_end(state, move) == want, move
    # every move lets Red win: no warning, there is nothing else to do
    assert all(not learn.advice(state, m) or all(
        n["code"] != "haaienzee.opponent_can_end" for n in learn.advice(state, m))
        for m in state.legal_moves())


def test_a_warning_when_another_move_would_not_let_the_opponent_end_it() -> None:
    # the first turn of a round, Red ahead 10 to 4: only turning left to J10 keeps Red from
    # winning by the end of the round (an exhaustive search agrees; it takes minutes)
    state = _round_state(42)
    assert learn.opponent_can_end(state, "-") and not learn.opponent_can_end(state, "L J10")
    codes = [n["code"] for n in learn.advice(state, "-")]
    assert "haaienzee.opponent_can_end" in codes
    assert "haaienzee.opponent_can_end" not in [n["code"] for n in learn.advice(state, "L J10")]
