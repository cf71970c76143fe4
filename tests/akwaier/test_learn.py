"""Akwaier's guided game and diagrams show what they say (games/akwaier/learn.py)."""

from __future__ import annotations

from typing import Any

from ludotheek.games.akwaier import learn
from ludotheek.learn import lessons
from tests.narrow import narrow

LESSON = learn.LESSON
STATES = lessons.positions("akwaier", LESSON.record)


def _view(at: int, seat: int | None = 0) -> dict[str, Any]:
    return STATES[at].view(seat)


def _tile(step: str) -> dict[str, Any]:
    s = LESSON.step(step)
    cell = narrow(str, LESSON.record.moves[s.at]).split("+")[0]
    return next(h for h in _view(s.at)["hand"] if h["cell"] == cell)


def _events(at: int, kind: str) -> list[dict[str, Any]]:
    return [e for e in _view(at)["events"] if e["type"] == kind]


def test_the_game_is_won_by_the_learner_when_a_chain_passes_100() -> None:
    end = STATES[-1]
    assert end.is_over and end.end_reason == "chain_over_100" and end.winners() == [0]
    assert max(c["tiles"] for c in _view(len(STATES) - 1)["chains"]) > 100


def test_rule_found_and_buying_at_the_start() -> None:
    assert _tile("found")["action"] == "loose" and "G" in _tile("found")["found"]
    at = LESSON.step("buy").at
    g = next(c for c in _view(at)["chains"] if c["chain"] == "G")
    assert g["price"] == 610 and g["tiles"] == 1 and g["outstanding"] == 1
    assert _view(at + 1)["players"][0]["shares"]["G"] == 4


def test_rule_join_and_loose() -> None:
    assert _tile("join")["action"] == "join" and _tile("join")["chains"] == ["C"]
    loose = _tile("loose")
    assert loose["action"] == "loose" and not loose["found"]   # all eight chains exist
    assert all(c["exists"] for c in _view(LESSON.step("loose").at)["chains"])


def test_rule_illegal_and_refound() -> None:
    at = LESSON.step("illegal").at
    hand = {h["cell"]: h for h in _view(at)["hand"]}
    assert hand["G10"]["action"] == "illegal" and not hand["G10"]["placeable"]
    assert "D" in hand["O4"]["found"]
    assert any(e["type"] == "merger" and e["chain"] == "D" for e in _view(at)["events"])


def test_rule_tie_keep_pot_split_and_exchange() -> None:
    tie = _tile("tie")
    assert tie["action"] == "merge" and tie["survivor"] is None and tie["tied"] == ["E", "H"]
    keep_at = LESSON.step("keep").at
    merger = _events(keep_at + 1, "merger")[0]
    assert merger["chain"] == "H" and merger["into"] == "E" and merger["pot"] == 62550
    assert sorted(p["amount"] for p in merger["paid"]) == [20850, 41700]
    before = _view(keep_at)["players"][0]["shares"]
    after = _view(keep_at + 1)["players"][0]["shares"]
    assert before["H"] == 13 and after["E"] == before.get("E", 0) + 6 and after["H"] == 0


def test_the_merger_of_three_pays_the_only_holder_all() -> None:
    at = LESSON.step("three").at
    mergers = _events(at + 1, "merger")
    assert [m["chain"] for m in mergers] == ["B", "D"]
    assert mergers[1]["paid"] == [{"seat": 0, "name": "OPA", "amount": 5100}] or \
        [p["amount"] for p in mergers[1]["paid"]] == [5100]


def test_the_diagram_of_a_tie_for_most_splits_equally() -> None:
    frame = learn.HOWTO.diagram("tie_split").frames[1]
    merger = next(e for e in _view(frame.at, None)["events"] if e["type"] == "merger")
    amounts = [p["amount"] for p in merger["paid"]]
    assert len(amounts) == 2 and amounts[0] == amounts[1]


def test_compare_and_the_merger_note() -> None:
    state = STATES[LESSON.step("keep").at]
    facts = learn.compare(state, "keep H", "keep E")
    assert facts["expected"]["gets"] == 20850 and facts["move"]["gets"] == 0
    note = learn.merger_note(state, "keep H")
    assert note is not None and note["mine"] == 0 and note["other"] > 0
    assert learn.merger_note(STATES[LESSON.step("join").at], "F13") is None
