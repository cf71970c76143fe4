"""Aqua Romana's guided game and diagrams show what they say (games/aqua_romana/learn.py)."""

from __future__ import annotations

from typing import Any

from ludotheek.games.aqua_romana import learn
from ludotheek.learn import lessons
from tests.narrow import narrow

LESSON = learn.LESSON
STATES = lessons.positions("aqua_romana", LESSON.record)


def _view(at: int) -> dict[str, Any]:
    return STATES[at].view(0)


def _after(step: str, kind: str) -> list[dict[str, Any]]:
    return [e for e in _view(LESSON.step(step).at + 1)["events"] if e["type"] == kind]


def _move(step: str) -> list[str]:
    return narrow(str, LESSON.record.moves[LESSON.step(step).at]).split()


def test_the_learner_plays_blue_and_yellow_and_wins() -> None:
    assert _view(0)["seats"][0]["colours"] == ["blue", "yellow"]
    end = STATES[-1]
    assert end.is_over and end.end_reason == "no_tile_round" and list(end.scores()) == [25, 17]


def test_rule_sight_the_worker_sees_the_ends_of_its_row_and_column() -> None:
    worker = next(w for w in _view(LESSON.step("sight").at)["workers"] if w["worker"] == "blue2")
    assert sorted(worker["sight"]) == [4, 14, 27, 36]
    assert int(_move("sight")[1][1:]) in worker["builders_in_sight"]


def test_rule_rotation_two_rotations_and_the_bonus_after_a_corner() -> None:
    at = LESSON.step("rotation").at
    w = _move("rotation")
    rotations = [m.split()[4] for m in STATES[at].legal_moves() if m.split()[:4] == w[:4]]
    assert len(rotations) == 2 and w[4] in rotations
    assert _after("rotation", "builder")[0]["corners"] == 1
    assert _view(LESSON.step("bonus").at)["phase"] == "bonus"


def test_rule_neutral_one_tile_lengthens_two_aqueducts_and_closes_one() -> None:
    flows = _after("several", "flow")
    assert {f["worker"] for f in flows} == {"yellow1", "yellow3"}
    y3 = next(f for f in flows if f["worker"] == "yellow3")
    assert y3["added"] == 3 and y3["closed"] == "edge"
    assert _after("several", "retire")[0]["podium"] == 5


def test_rule_pick_and_reserve_place() -> None:
    assert _move("pick") == ["pick", "bridge"]
    at = LESSON.step("place").at
    assert _view(at)["phase"] == "place" and _move("place")[1] == "bridge"


def test_rule_joker_builds_another_kind_and_closes_green_for_nothing() -> None:
    at = LESSON.step("joker").at
    space = int(_move("joker")[1][1:])
    assert _view(at)["track"][space - 1]["builder"] == "joker"
    closed = _after("joker", "closed")
    assert closed == [{"type": "closed", "worker": "green1", "seat": 1, "reason": "blank",
                       "length": 0}] or (closed[0]["worker"] == "green1"
                                         and closed[0]["length"] == 0)


def test_the_zero_step_scores_nothing_and_the_no_build_step_moves_a_builder() -> None:
    at = LESSON.step("zero").at
    assert STATES[at].legal_moves() == [LESSON.record.moves[at]]
    assert _after("zero", "retire")[0]["podium"] == 0
    assert not _view(LESSON.step("no_build").at)["step"]["can_build"]


def test_rule_close_vol_yellow_one_to_podium_nine() -> None:
    retire = {r["worker"]: r for r in _view(LESSON.step("voluntary").at)["step"]["retire"]}
    assert retire["yellow1"]["podium"] == 9
    assert _after("voluntary", "retire")[0]["podium"] == 9


def test_compare_counts_squares_and_points() -> None:
    at = LESSON.step("voluntary").at
    facts = learn.compare(STATES[at], "close none", "close yellow1")
    assert facts["expected"]["gain"] == 9 and facts["move"]["gain"] == 0
