"""Haaienzee's guided game and diagrams show what they say (games/haaienzee/learn.py)."""

from __future__ import annotations

from typing import Any

from ludotheek import lessons
from ludotheek.games.haaienzee import learn

LESSON = learn.LESSON
STATES = lessons.positions("haaienzee", LESSON.record)


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
        hex_, _facing, prey = LESSON.record.moves[s.at].split()
        assert prey == colour and STATES[s.at].shark_id.startswith("Y")
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
