"""Resignations and undos in records are actions, apart from the moves (issue 22): typed
entries in the application (ResignAction, UndoAction), objects in a record's JSON (format
2); records of format 1, which wrote them as texts, still read, to the same record and the
same positions."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheek.core.errors import BadRecord
from ludotheek.core.record import (
    FORMAT_VERSION,
    Record,
    ResignAction,
    UndoAction,
    action_of,
    is_action,
    read_entry,
)
from ludotheek.games import get, names
from tests.test_record_undo import with_undos

GOLDEN = Path(__file__).parent / "golden"


def _format_1(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a record's JSON of format 2) as format 1 wrote it: actions as texts."""
    def text(entry: Any) -> str:
        if isinstance(entry, str):
            return entry
        if entry["action"] == "undo":
            return f"undo {entry['to']}"
        return f"resign {entry['seat']}" if "seat" in entry else "resign"
    return {**data, "version": 1, "moves": [text(m) for m in data["moves"]]}


def test_rule_actions_are_written_apart_from_the_moves() -> None:
    rec = Record("wari", {}, 1, ("3", "9", UndoAction(to=1), "8", ResignAction(),
                                 ResignAction(seat=1)))
    data = rec.to_json()
    assert data["version"] == FORMAT_VERSION == 2
    assert data["moves"] == ["3", "9", {"action": "undo", "to": 1}, "8",
                             {"action": "resign"}, {"action": "resign", "seat": 1}]
    assert Record.from_json(json.loads(json.dumps(data))) == rec


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(names()), st.integers(0, 10_000), st.integers(1, 40))
def test_a_record_of_format_1_reads_as_its_format_2_form(game: str, seed: int,
                                                         steps: int) -> None:
    """The same game written both ways: the same record, every position the same."""
    moves, _ = with_undos(game, seed, steps, random.Random(seed))
    final = Record(game, {}, seed, tuple(moves)).replay()
    if final.to_move is not None and get(game).resignable:
        moves.append(ResignAction(seat=final.to_move))
    rec = Record(game, {}, seed, tuple(moves))
    new, old = rec.to_json(), _format_1(rec.to_json())
    assert Record.from_json(old) == Record.from_json(new) == rec
    assert [s.to_json() for s in Record.from_json(old).states()] == \
        [s.to_json() for s in Record.from_json(new).states()]
    assert all((isinstance(m, str) and action_of(m) is None) or isinstance(m, dict)
               for m in new["moves"])


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*/*.json")), ids=lambda p: p.stem)
def test_the_golden_records_of_format_1_read_and_replay_unchanged(path: Path) -> None:
    stored = json.loads(path.read_text(encoding="utf-8"))
    old = Record.from_json(stored["record"])
    again = Record.from_json(old.to_json())
    assert again == old and again.replay().to_json() == stored["final"]


def test_every_games_moves_are_apart_from_the_actions() -> None:
    """No game has a move spelled like an action (the reason format 1 could read them)."""
    for game in names():
        state = get(game).new(seed=3)
        rng = random.Random(3)
        for _ in range(60):
            if state.is_over:
                break
            assert not any(action_of(m) for m in state.legal_moves()), game
            state = state.play(rng.choice(state.legal_moves()))


@pytest.mark.parametrize(("entry", "code"), [
    ({"action": "pass"}, "record.action"),
    ({"action": "undo"}, "record.action"), ({"action": "undo", "to": "2"}, "record.action"),
    ({"action": "resign", "seat": True}, "record.action"),
    ({"action": "resign", "to": 1}, "record.action"), (3, "record.not_text")])
def test_a_format_2_record_refuses_an_action_written_otherwise(entry: Any, code: str) -> None:
    with pytest.raises(BadRecord) as refused:
        Record.from_json({"version": 2, "game": "wari", "seed": 1, "moves": ["3", entry]})
    assert refused.value.code == code


@pytest.mark.parametrize(("text", "action"), [
    ("resign", ResignAction()), ("resign 1", ResignAction(seat=1)),
    ("undo 2", UndoAction(to=2))])
def test_a_text_spelled_like_an_action_is_the_action_in_format_1_a_move_in_2(
        text: str, action: ResignAction | UndoAction) -> None:
    assert read_entry(text, 2, 1) == action and is_action(read_entry(text, 2, 1))
    assert read_entry(text, 2, 2) == text and not is_action(text)
    with pytest.raises(BadRecord) as refused:  # wari has no such move
        Record.from_json({"version": 2, "game": "wari", "seed": 1,
                          "moves": ["3", text]}).replay()
    assert refused.value.code == "record.illegal_move"


def test_a_record_of_a_newer_format_is_refused() -> None:
    with pytest.raises(BadRecord) as refused:
        Record.from_json({"version": 3, "game": "wari", "seed": 1, "moves": []})
    assert refused.value.code == "record.newer"


def test_a_malformed_action_of_format_1_is_refused() -> None:
    for text in ("undo x", "undo"):
        with pytest.raises(BadRecord) as refused:
            Record.from_json({"game": "wari", "seed": 1, "moves": ["3", text]})
        assert refused.value.code == "record.bad_undo"
    with pytest.raises(BadRecord) as refused:  # no seat number: the game's move, illegal
        Record.from_json({"game": "wari", "seed": 1, "moves": ["3", "resign x"]}).replay()
    assert refused.value.code == "record.illegal_move"
