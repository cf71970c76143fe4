"""Issue 34, hole 3: engine help in a rated game in progress.

The attack: in a rated game against the computer, ``/hint`` was refused (403), but
``POST /api/games/ID/analysis`` without any token answered 202 with the current position's
best move, and ``POST /api/games/ID/try {"at": v}`` made an unrated copy whose hint was
allowed. Now every route that tells an engine's opinion of a game in progress answers the
hint's 403 (``ratings.no_hints``) while a rated game runs, and ``hint.people`` while a game
between people runs; once the game is over anyone may analyse it, as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.security.fairplay import move, new_profile, rated_game, serve
from tests.server.conftest import auth, wait_version


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from serve(tmp_path)


def _asks(client: TestClient, gid: str, token: str | None, at: int,
          legal: str) -> dict[str, Any]:
    """Every way of asking an engine about game ``gid``: its answers by name."""
    out = {
        "POST analysis": client.post(f"/api/games/{gid}/analysis", headers=auth(token)),
        "GET analysis": client.get(f"/api/games/{gid}/analysis", headers=auth(token)),
        "POST try": client.post(f"/api/games/{gid}/try", json={"at": at},
                                headers=auth(token)),
    }
    if token is not None:  # the seat's own questions (the token is needed for them)
        out["GET hint"] = client.get(f"/api/games/{gid}/hint", headers=auth(token))
        out["GET advice?move"] = client.get(f"/api/games/{gid}/advice?move={legal}",
                                            headers=auth(token))
    return out


def _refused_over_the_socket(client: TestClient, gid: str, token: str | None,
                             code: str) -> None:
    query = f"?token={token}" if token else ""
    with client.websocket_connect(f"/api/games/{gid}/live{query}") as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_json({"type": "analyse"})
        error = ws.receive_json()
        assert error["type"] == "error" and error["status"] == 403, error
        assert error["code"] == code
        ws.send_json({"type": "ping"})  # the connection stays
        assert ws.receive_json() == {"type": "pong"}


def test_no_engine_help_in_a_rated_game_in_progress(client: TestClient) -> None:
    anna = new_profile(client, "Anna")
    game = rated_game(client, "wari", anna, [{"type": "computer", "level": "normal"}])
    gid, token = game["id"], game["seats"][0]["token"]
    move(client, gid, token, "3")
    view = wait_version(client, gid, 2, token)
    before = client.get(f"/api/games/{gid}/record").json()
    for who in (None, token):  # a stranger, and the player herself
        for what, r in _asks(client, gid, who, view["version"], view["legal_moves"][0]).items():
            assert r.status_code == 403, (what, r.status_code, r.text)
            assert r.json()["code"] == "ratings.no_hints", (what, r.json())
        _refused_over_the_socket(client, gid, who, "ratings.no_hints")
    assert client.get(f"/api/games/{gid}").json()["engine_help"] is False  # the page's cue
    # nothing was made: no copy of the game, no analysis, the game as it was
    assert [g["id"] for g in client.get("/api/games").json()["games"]] == [gid]
    assert client.get(f"/api/games/{gid}/record").json() == before
    assert "[%" not in client.get(f"/api/games/{gid}/record.txt").text
    # once it is over, anyone may analyse it and try again from a position
    move(client, gid, token, "resign")
    assert client.get(f"/api/games/{gid}").json()["engine_help"] is True
    r = client.post(f"/api/games/{gid}/analysis")
    assert r.status_code in (200, 202), r.text
    r = client.post(f"/api/games/{gid}/try", json={"at": 2})
    assert r.status_code == 201, r.text


def test_no_engine_help_in_a_game_between_people_in_progress(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "aqua_romana", "seats": [
        {"type": "person"}, {"type": "person"}]})
    assert r.status_code == 201, r.text
    gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
    first = tokens[client.get(f"/api/games/{gid}").json()["to_move"]]  # the seat to move
    view = client.get(f"/api/games/{gid}", headers=auth(first)).json()
    for who in (None, first):
        for what, r in _asks(client, gid, who, 0, view["legal_moves"][0]).items():
            assert r.status_code == 403, (what, r.status_code, r.text)
            assert r.json()["code"] == "hint.people", (what, r.json())
        _refused_over_the_socket(client, gid, who, "hint.people")
    assert view["engine_help"] is False
    # what the rules let every seat see while choosing is not an engine's opinion: given
    r = client.get(f"/api/games/{gid}/advice", headers=auth(first))
    assert r.status_code == 200, r.text


def test_a_practice_game_against_the_computer_keeps_its_help(client: TestClient) -> None:
    """Unrated, one person against the computer: hint, analysis, advice and try again."""
    r = client.post("/api/games", json={"game": "wari", "seats": [
        {"type": "person"}, {"type": "computer", "level": "normal"}]})
    gid, token = r.json()["id"], r.json()["seats"][0]["token"]
    view = client.get(f"/api/games/{gid}", headers=auth(token)).json()  # South begins
    assert view["engine_help"] is True
    answers = _asks(client, gid, token, 0, view["legal_moves"][0])
    assert {what: r.status_code for what, r in answers.items()} == {
        "POST analysis": 202, "GET analysis": 200, "POST try": 201, "GET hint": 200,
        "GET advice?move": 200}, {what: r.text for what, r in answers.items()}
