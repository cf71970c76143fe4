"""A move and the computer's instant reply, stored together and told as one ``views``
message to a connection that asks for it (``?views=1``; server/play/moves.py
``commit_with_reply``), as two ``view`` messages to the others."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app
from ludotheek.server.computer import pool as computer
from tests.server.conftest import new_wari, wait_version

COMPUTER = {"type": "computer", "level": "novice"}  # an instant level


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    app = create_app(db_path, Settings(computer_workers=0, requests_per_second=0))
    with TestClient(app) as c:
        yield c


def inline_from_the_start(monkeypatch: pytest.MonkeyPatch, inline: bool = True) -> None:
    """Instant levels asked on the event loop from their first move (a slow move on a busy
    machine does not send them back to the threads), or never."""
    monkeypatch.setattr(computer, "INLINE_AFTER", 0 if inline else 10**9)
    monkeypatch.setattr(computer, "INLINE_LIMIT", 10.0)


def stored(db: Path, gid: str) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return [m for (m,) in conn.execute(
            "SELECT move FROM moves WHERE game_id = ? ORDER BY number", (gid,))]
    finally:
        conn.close()


def play_first_move(client: TestClient, views: bool) -> tuple[str, list[dict[str, Any]]]:
    """South's first move over a connection with or without ``views=1``: the game and the
    views received until the computer's reply (version 2)."""
    gid, (south, _) = new_wari(client, COMPUTER)
    got: list[dict[str, Any]] = []
    ask = "&views=1" if views else ""
    with client.websocket_connect(f"/api/games/{gid}/live?token={south}{ask}") as ws:
        assert ws.receive_json()["view"]["version"] == 0
        ws.send_json({"type": "move", "move": "3", "version": 0})
        while not got or got[-1]["version"] < 2:
            msg = ws.receive_json()
            got += msg["views"] if msg["type"] == "views" else [msg["view"]]
    return gid, got


def test_a_move_and_its_instant_reply_come_as_one_views_message(
        monkeypatch: pytest.MonkeyPatch, client: TestClient, db_path: Path) -> None:
    inline_from_the_start(monkeypatch)
    gid, (south, _) = new_wari(client, COMPUTER)
    with client.websocket_connect(f"/api/games/{gid}/live?token={south}&views=1") as ws, \
            client.websocket_connect(f"/api/games/{gid}/live") as spectator:
        assert ws.receive_json()["view"]["version"] == 0
        assert spectator.receive_json()["view"]["version"] == 0
        ws.send_json({"type": "move", "move": "3", "version": 0})
        msg = ws.receive_json()
        assert msg["type"] == "views" and set(msg) == {"type", "views"}
        first, second = msg["views"]
        # the person's move with the computer to move; then its reply, South to move
        assert first["version"] == 1 and first["moves"] == ["3"] and first["to_move"] == 1
        assert first["thinking"] and first["legal_moves"] == []
        assert second["version"] == 2 and second["moves"][0] == "3"
        assert second["to_move"] == 0 and not second["thinking"] and second["legal_moves"]
        # a connection that did not ask gets the same two views, a message each
        one, two = spectator.receive_json(), spectator.receive_json()
        assert one["type"] == two["type"] == "view"
        assert [one["view"]["version"], two["view"]["version"]] == [1, 2]
        assert one["view"]["thinking"] and two["view"]["moves"] == second["moves"]
        assert one["view"]["seat"] is None and one["view"]["state"] == first["state"]
        # both moves were stored before anyone heard of them
        assert stored(db_path, gid) == second["moves"]
        ws.send_json({"type": "move", "move": second["legal_moves"][0], "version": 2})
        assert [v["version"] for v in ws.receive_json()["views"]] == [3, 4]
    assert stored(db_path, gid) == wait_version(client, gid, 4)["moves"]


def test_the_reply_told_with_the_move_is_the_one_its_turn_would_have_played(
        monkeypatch: pytest.MonkeyPatch, client: TestClient) -> None:
    inline_from_the_start(monkeypatch, inline=False)  # asked in a thread, a turn of its own
    _, apart = play_first_move(client, views=True)
    inline_from_the_start(monkeypatch)  # asked on the event loop, told with the move
    _, together = play_first_move(client, views=True)
    assert [v["version"] for v in apart] == [1, 2] == [v["version"] for v in together]
    assert apart[1]["moves"] == together[1]["moves"]
    # and without views=1 the same two views come one by one
    _, single = play_first_move(client, views=False)
    assert [v["moves"] for v in single] == [v["moves"] for v in together]


def test_a_stale_move_stores_neither_it_nor_its_reply(
        monkeypatch: pytest.MonkeyPatch, client: TestClient, db_path: Path) -> None:
    inline_from_the_start(monkeypatch)
    gid, (south, _) = new_wari(client, COMPUTER)
    with client.websocket_connect(f"/api/games/{gid}/live?token={south}&views=1") as ws:
        ws.receive_json()
        ws.send_json({"type": "move", "move": "3", "version": 0})
        ws.receive_json()
        ws.send_json({"type": "move", "move": "3", "version": 0})
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "game.version"
    assert len(stored(db_path, gid)) == 2


def test_a_move_over_http_keeps_the_computers_turn_of_its_own(
        monkeypatch: pytest.MonkeyPatch, client: TestClient) -> None:
    """The page moves over HTTP and shows the answer (the view after its move); the reply
    comes after it, as before, also to a connection that takes ``views``."""
    inline_from_the_start(monkeypatch)
    gid, (south, _) = new_wari(client, COMPUTER)
    with client.websocket_connect(f"/api/games/{gid}/live?token={south}&views=1") as ws:
        ws.receive_json()
        r = client.post(f"/api/games/{gid}/moves", json={"move": "3", "version": 0},
                        headers={"Authorization": f"Bearer {south}"})
        assert r.status_code == 200 and r.json()["moves"][0] == "3"
        one, two = ws.receive_json(), ws.receive_json()
        assert (one["type"], one["view"]["version"]) == ("view", 1)
        assert (two["type"], two["view"]["version"]) == ("view", 2)


def test_a_reply_computed_in_a_thread_does_not_hold_up_the_answer(
        monkeypatch: pytest.MonkeyPatch, client: TestClient) -> None:
    """A level still asked in a thread may wait for one (each is shared by every game):
    the person's move is answered first, the reply comes in its own turn."""
    inline_from_the_start(monkeypatch, inline=False)
    gid, (south, _) = new_wari(client, COMPUTER)
    with client.websocket_connect(f"/api/games/{gid}/live?token={south}&views=1") as ws:
        ws.receive_json()
        ws.send_json({"type": "move", "move": "3", "version": 0})
        one, two = ws.receive_json(), ws.receive_json()
        assert (one["type"], one["view"]["version"], one["view"]["thinking"]) == ("view", 1, True)
        assert (two["type"], two["view"]["version"]) == ("view", 2)
