"""Wari's guided game and diagrams show what they say (games/wari/learn.py)."""

from __future__ import annotations

from ludotheek.games.wari import learn
from ludotheek.games.wari.rules import WariState, sow_and_capture
from ludotheek.learn import lessons
from tests.narrow import narrow

LESSON = learn.LESSON
STATES = [narrow(WariState, s) for s in lessons.positions("wari", LESSON.record)]


def _at(step: str) -> tuple[WariState, str]:
    s = LESSON.step(step)
    return STATES[s.at], narrow(str, LESSON.record.moves[s.at]) if s.play else ""


def _captured_cups(state: WariState, move: str) -> int:
    after, _ = sow_and_capture(state.board, int(move) - 1)
    before = state.board
    return sum(1 for i in range(6, 12) if after[i] == 0 and before[i] + 1 >= 2)


def test_rule_capture_the_capture_step_captures() -> None:
    state, move = _at("capture")
    assert sow_and_capture(state.board, int(move) - 1)[1] == 2
    others = [m for m in state.legal_moves() if m != move]
    assert all(sow_and_capture(state.board, int(m) - 1)[1] == 0 for m in others)


def test_rule_capture_chain_the_chain_step_captures_two_cups() -> None:
    state, move = _at("chain")
    after = STATES[LESSON.step("chain").at + 1]
    assert after.stores[0] - state.stores[0] == 5
    assert _captured_cups(state, move) == 2


def test_rule_big_cup_the_big_step_sows_twelve_and_skips_its_cup() -> None:
    state, move = _at("big")
    assert state.board[int(move) - 1] == 12
    after = STATES[LESSON.step("big").at + 1]
    assert after.board[int(move) - 1] == 0
    assert after.stores[0] > state.stores[0]


def test_rule_stores_north_captured_before_the_note() -> None:
    at = LESSON.step("north_captures").at
    assert STATES[at].stores[1] > STATES[at - 1].stores[1]


def test_rule_feeding_and_empty_cup_at_the_feed_step() -> None:
    state, move = _at("feed")
    assert not any(state.board[6:])
    own = [str(c + 1) for c in range(6) if state.board[c]]
    assert state.legal_moves() == [move] and len(own) > 1
    assert state.board[5] == 0   # cup 6 is empty


def test_rule_grand_slam_the_slam_step_forbids_one() -> None:
    state, move = _at("slam")
    assert "6" not in state.legal_moves() and state.board[5] > 0
    after, _ = sow_and_capture(state.board, 5)
    assert not any(after[6:])
    assert move in state.legal_moves()


def test_rule_end_the_end_step_ends_the_game_south_winning() -> None:
    state, move = _at("end")
    after = state.play(move)
    assert after.is_over and after.end_reason == "cannot_feed"
    assert after.winners() == [0] and tuple(after.stores) == (25, 23)
    assert STATES[LESSON.step("result").at] == after


def test_the_diagrams_show_their_captions() -> None:
    howto = learn.HOWTO
    big = howto.diagram("big").frames
    assert STATES[big[0].at].board[5] == 12
    feed = howto.diagram("feed").frames[0]
    assert not any(STATES[feed.at].board[6:])
    slam = howto.diagram("slam").frames[0]
    assert STATES[slam.at].legal_moves() == ["1", "2"]


def test_compare_and_refusal_give_the_facts_the_coach_words() -> None:
    state, move = _at("capture")
    facts = learn.compare(state, "1", move)
    assert facts == {"move": {"cup": "1", "seeds": 5, "captures": 0},
                     "expected": {"cup": "2", "seeds": 5, "captures": 2}}
    feed, _ = _at("feed")
    assert learn.refusal(feed, "1")["code"] == "feed"
    assert learn.refusal(feed, "6")["code"] == "empty"
    assert learn.refusal(feed, "9")["code"] == "not_own"
    slam, _ = _at("slam")
    assert learn.refusal(slam, "6")["code"] == "slam"
    assert learn.refusal(slam, "x") == {}
