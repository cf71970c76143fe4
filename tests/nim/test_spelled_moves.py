"""A game may have a move spelled like an action (issue 22): Spelled Nim's moves ``resign``
and ``undo 1`` are moves in the record, its JSON and text forms, the database and the
server, apart from the resignations and undos, which are typed entries."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ludotheek.core import registry
from ludotheek.core.record import (
    Entry,
    Record,
    ResignAction,
    UndoAction,
    effective_line,
    from_text,
    load,
    to_text,
)
from ludotheek.server import Settings, create_app
from ludotheek.server.api.answers import games as answers
from ludotheek.store import open_database
from tests.narrow import narrow
from tests.nim.spelled import PLUGIN, SpelledState
from tests.server.conftest import auth, fits, wait_version
from tests.test_cli import run

ENTRIES: tuple[Entry, ...] = ("resign", UndoAction(to=0), "undo 1", "3-5",
                              ResignAction(seat=1))


@pytest.fixture(autouse=True)
def spelled() -> Iterator[None]:
    registry.register(PLUGIN)
    yield
    registry.unregister(PLUGIN.name)


def test_rule_a_move_spelled_like_an_action_is_a_move() -> None:
    start = PLUGIN.game.new(seed=1)
    assert {"resign", "undo 1"} <= set(start.legal_moves())
    states = [narrow(SpelledState, s) for s in Record("spelled_nim", {}, 1, ENTRIES).states()]
    assert [s.heaps for s in states] == [(3, 4, 5), (2, 4, 5), (3, 4, 5), (1, 4, 5),
                                         (1, 4, 0), (1, 4, 0)]
    assert states[-1].is_over and states[-1].winners() == [0]  # seat 1 resigned
    assert effective_line(ENTRIES) == [3, 4, 5]  # the move "undo 1" took nothing back


def test_the_json_and_text_forms_keep_them_apart() -> None:
    rec = Record("spelled_nim", {}, 1, ENTRIES)
    data = rec.to_json()
    assert data["moves"] == ["resign", {"action": "undo", "to": 0}, "undo 1", "3-5",
                             {"action": "resign", "seat": 1}]
    assert Record.from_json(data) == rec
    text = to_text(rec)
    assert "1. 1: resign\n2. -: undo 0\n3. 1: undo 1\n4. 2: 3-5\n5. -: resign 1" in text
    assert from_text(text) == load(text) == rec
    assert from_text(text).replay() == rec.replay()


def test_the_database_keeps_them_apart(tmp_path: Path) -> None:
    path = tmp_path / "spelled.sqlite3"
    db = open_database(path)
    try:
        row = db.games.import_game("spelled_nim", {}, 1, [], ENTRIES, "over", None, None)
        got = db.games.get(row.id)
        assert got is not None and got.moves == ENTRIES
    finally:
        db.close()
    with sqlite3.connect(path) as conn:
        stored = [m for (m,) in conn.execute("SELECT move FROM moves ORDER BY number")]
    # the written form of the actions is the one of every earlier database
    assert stored == ['"resign"', "undo 0", '"undo 1"', "3-5", "resign 1"]


def test_the_server_plays_the_moves_and_resigns_apart(tmp_path: Path) -> None:
    app = create_app(tmp_path / "spelled.sqlite3", Settings(computer_workers=0,
                                                            requests_per_second=0))
    with TestClient(app) as client:
        r = client.post("/api/games", json={"game": "spelled_nim", "seats": [
            {"type": "person"}, {"type": "person"}]})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        first, second = (s["token"] for s in r.json()["seats"])
        for version, (token, move) in enumerate(((first, "resign"), (second, "undo 1"))):
            r = client.post(f"/api/games/{gid}/moves", json={"move": move, "version": version},
                            headers={"Authorization": f"Bearer {token}"})
            assert r.status_code == 200, r.text
            assert not r.json()["over"]
        assert r.json()["state"]["heaps"] == [0, 4, 5] and r.json()["moves"] == [
            "resign", "undo 1"]
        history = client.get(f"/api/games/{gid}/history").json()["moves"]
        assert [(m["move"], m["undo"], m["in_line"]) for m in history] == [
            ("resign", None, True), ("undo 1", None, True)]
        r = client.post(f"/api/games/{gid}/leave", json={"version": 2},
                        headers={"Authorization": f"Bearer {first}"})
        assert r.status_code == 200, r.text
        record = client.get(f"/api/games/{gid}/record").json()
        assert record["moves"] == ["resign", "undo 1", {"action": "resign"}]
        assert record["result"]["winners"] == [1]


def test_the_api_marks_each_entry_with_its_kind(tmp_path: Path) -> None:
    """A view lists the entries' ``kinds`` beside their texts and each history entry has
    its ``kind``: the move spelled ``undo 1`` is a move there, the undo and the
    resignation are actions (a page tells them apart by the kind, not by the text)."""
    app = create_app(tmp_path / "kinds.sqlite3", Settings(computer_workers=0,
                                                          requests_per_second=0))
    with TestClient(app) as client:
        r = client.post("/api/games", json={"game": "spelled_nim", "seed": 1, "seats": [
            {"type": "person"}, {"type": "computer", "level": "easy"}]})
        assert r.status_code == 201, r.text
        gid, token = r.json()["id"], r.json()["seats"][0]["token"]
        r = client.post(f"/api/games/{gid}/moves", json={"move": "undo 1", "version": 0},
                        headers=auth(token))
        assert r.status_code == 200, r.text
        assert r.json()["moves"] == ["undo 1"] and r.json()["kinds"] == ["move"]
        reply = wait_version(client, gid, 2, token)  # the computer answered
        r = client.post(f"/api/games/{gid}/undo", json={"version": 2}, headers=auth(token))
        assert r.status_code == 200, r.text
        view = r.json()
        fits(view, answers.View)
        assert view["moves"] == [*reply["moves"], "undo 0"]
        assert view["kinds"] == ["move", "move", "undo"]
        r = client.post(f"/api/games/{gid}/leave", json={"version": 3}, headers=auth(token))
        assert r.status_code == 200, r.text
        view = client.get(f"/api/games/{gid}", headers=auth(token)).json()
        assert view["over"] and view["kinds"] == ["move", "move", "undo", "resign"]
        assert len(view["kinds"]) == len(view["moves"])
        history = client.get(f"/api/games/{gid}/history").json()
        fits(history, answers.History)
        assert [(m["move"], m["kind"], m["undo"]) for m in history["moves"]] == [
            ("undo 1", "move", None), (reply["moves"][1], "move", None),
            ("undo 0", "undo", 0), (view["moves"][3], "resign", None)]
        replay = client.get(f"/api/games/{gid}/replay?at=1").json()
        fits(replay, answers.Replay)
        assert replay["moves"] == ["undo 1"] and replay["kinds"] == ["move"]


def test_the_command_line_plays_the_move_spelled_resign(tmp_path: Path) -> None:
    """In ``ludotheek play`` the word ``resign`` resigns, unless it is a legal move."""
    saved = tmp_path / "game.json"
    code, out = run(["play", "spelled_nim", "--seed", "1", "--level", "easy", "--save",
                     str(saved)], stdin="resign\nquit\n")
    assert code == 0, out
    record = Record.from_json(saved.read_text(encoding="utf-8"))
    assert record.moves[0] == "resign" and len(record.moves) == 2  # the computer's reply
    states = [narrow(SpelledState, s) for s in record.states()]
    assert states[1].heaps == (2, 4, 5) and states[-1].resigned is None
