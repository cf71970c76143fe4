"""Undo through the generic server: one person against computer players takes a decision
back. Every acknowledged move stays stored and the version only grows."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from ludotheek.core.record import Record, from_text, text_of
from ludotheek.server import Settings, create_app
from tests.server.conftest import auth

COMPUTERS = [{"type": "computer", "level": "classic"}] * 5


def new_game(client: TestClient, seats: list[dict[str, Any]] | None = None) -> tuple[str, str]:
    r = client.post("/api/games", json={"game": "akwaier", "seed": 11,
                                        "seats": seats or [{"type": "person"}, *COMPUTERS]})
    assert r.status_code == 201
    return r.json()["id"], r.json()["seats"][0]["token"]


def my_turn(client: TestClient, gid: str, token: str, timeout: float = 10) -> dict[str, Any]:
    """The view once seat 0 decides again (the computers have played)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view: dict[str, Any] = client.get(f"/api/games/{gid}", headers=auth(token)).json()
        if view["legal_moves"]:
            return view
        time.sleep(0.02)
    raise AssertionError("seat 0 never got the turn")


def play(client: TestClient, gid: str, token: str, move: str, version: int) -> dict[str, Any]:
    r = client.post(f"/api/games/{gid}/moves", json={"move": move, "version": version},
                    headers=auth(token))
    assert r.status_code == 200, r.text
    view: dict[str, Any] = r.json()
    return view


def undo(client: TestClient, gid: str, token: str | None, version: int) -> Any:
    return client.post(f"/api/games/{gid}/undo", json={"version": version}, headers=auth(token))


def a_round(client: TestClient, gid: str, token: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Seat 0 founds a chain and buys nothing (two decisions); the view before, and the
    view when it is seat 0's turn again."""
    start = my_turn(client, gid, token)
    found = next(m for m in start["legal_moves"] if "+" in m)
    after = play(client, gid, token, found, start["version"])
    assert after["to_move"] == 0 and after["state"]["phase"] == "buy"
    play(client, gid, token, "buy none", after["version"])
    return start, my_turn(client, gid, token)


def test_undo_returns_to_the_position_before_the_last_decision(client: TestClient) -> None:
    gid, token = new_game(client)
    start = my_turn(client, gid, token)
    assert not start["can_undo"]  # nothing decided yet
    assert undo(client, gid, token, start["version"]).status_code == 400
    first, second = a_round(client, gid, token)
    assert second["can_undo"]
    r = undo(client, gid, token, second["version"])
    assert r.status_code == 200
    back = r.json()
    # one version more; everything stored stays; the position is the one before the buy
    assert back["version"] == second["version"] + 1
    assert back["moves"][:-1] == second["moves"]
    assert back["moves"][-1] == f"undo {first['version'] + 1}"
    assert back["state"]["phase"] == "buy" and back["to_move"] == 0
    again = undo(client, gid, token, back["version"]).json()  # and the placement too
    assert again["moves"][-1] == f"undo {first['version']}"
    assert again["state"]["phase"] == "place" and again["state"]["hand"] == first["state"]["hand"]
    assert again["state"]["board"] == first["state"]["board"]
    assert not again["can_undo"]  # back at the start: nothing left to take back
    # the game goes on from there, and the computers play again
    a_round(client, gid, token)
    # the record replays to the same position, and its text form keeps the undos
    record = client.get(f"/api/games/{gid}/record").json()
    assert "seed" not in record  # Akwaier keeps it secret while the game runs
    final = client.get(f"/api/games/{gid}", headers=auth(token)).json()
    replayed = Record.from_json({**record, "seed": 11}).replay()
    assert replayed.view(0) == final["state"]
    text = client.get(f"/api/games/{gid}/record.txt").text
    assert "undo" in text
    assert [text_of(m) for m in from_text(text).moves] == final["moves"]


def test_the_history_marks_what_was_undone(client: TestClient) -> None:
    gid, token = new_game(client)
    first, second = a_round(client, gid, token)
    back = undo(client, gid, token, second["version"]).json()
    moves = client.get(f"/api/games/{gid}/history").json()["moves"]
    last = moves[-1]
    assert last["undo"] == first["version"] + 1 and last["seat"] == 0 and last["events"] == []
    assert not last["in_line"]
    undone = [m["number"] for m in moves if not m["in_line"] and m["undo"] is None]
    assert undone == list(range(first["version"] + 2, back["version"]))
    assert all(m["in_line"] for m in moves[:first["version"] + 1])


def test_undo_is_refused_where_it_is_not_sound(client: TestClient) -> None:
    two = client.post("/api/games", json={"game": "akwaier", "seats": [
        {"type": "person"}, {"type": "person"}, *COMPUTERS[:4]]}).json()
    gid2, anna = two["id"], two["seats"][0]["token"]
    view = client.get(f"/api/games/{gid2}", headers=auth(anna)).json()
    after = play(client, gid2, anna, view["legal_moves"][0], 0)
    assert not after["can_undo"]
    r = undo(client, gid2, anna, after["version"])
    assert r.status_code == 400 and "one person" in r.json()["error"]

    gid, token = new_game(client)
    _, second = a_round(client, gid, token)
    r = undo(client, gid, token, second["version"] - 1)
    assert r.status_code == 409 and r.json()["version"] == second["version"]
    assert undo(client, gid, None, second["version"]).status_code == 403
    assert undo(client, gid, "wrong", second["version"]).status_code == 403
    bad = client.post(f"/api/games/{gid}/undo", json={"version": 1, "to": 0},
                      headers=auth(token))
    assert bad.status_code == 400
    r = client.post(f"/api/games/{gid}/moves", json={"move": "undo 0",
                                                     "version": second["version"]},
                    headers=auth(token))
    assert r.status_code == 400 and "/undo" in r.json()["error"]
    assert client.get(f"/api/games/{gid}").json()["version"] == second["version"]


def test_undo_survives_a_new_app_on_the_same_database(db_path: Path) -> None:
    with TestClient(create_app(db_path, Settings(computer_workers=0))) as c:
        gid, token = new_game(c)
        _, second = a_round(c, gid, token)
        back = undo(c, gid, token, second["version"]).json()
        back = undo(c, gid, token, back["version"]).json()
    with TestClient(create_app(db_path, Settings(computer_workers=0))) as c:
        view = c.get(f"/api/games/{gid}", headers=auth(token)).json()
        assert view["version"] == back["version"] and view["state"] == back["state"]
        assert view["moves"] == back["moves"] and not view["can_undo"]
        a_round(c, gid, token)
        assert c.get(f"/api/games/{gid}", headers=auth(token)).json()["can_undo"]


def test_a_finished_game_cannot_be_undone(client: TestClient) -> None:
    r = client.post("/api/records", json={
        "format": "ludotheek-record", "version": 1, "game": "wari",
        "options": {"seeds_per_cup": 4}, "seed": 1, "moves": ["resign"],
        "seats": [{"type": "person"}, {"type": "computer", "level": "easy"}]})
    assert r.status_code == 201
    gid = r.json()["id"]
    view = client.get(f"/api/games/{gid}").json()
    assert view["over"] and not view["can_undo"]
    bad = client.post("/api/records", json={
        "format": "ludotheek-record", "version": 1, "game": "wari", "seed": 1,
        "options": {"seeds_per_cup": 4}, "moves": ["resign", "undo 0"]})
    assert bad.status_code == 400 and "over" in bad.json()["error"]


def test_an_undo_while_a_computer_thinks_starts_no_second_computer_turn(
        client: TestClient) -> None:
    """The turn the undo overtook ends quietly: each version is computed once."""
    import asyncio

    service = client.app.state.service  # type: ignore[attr-defined]
    original = service.pool.choose
    asked: list[int] = []

    async def slow(game: str, state: Any, level: str, seed: int, seconds: float) -> str:
        asked.append(seed)  # made from the game's version: one per version
        await asyncio.sleep(0.3)
        move: str = await original(game, state, level, seed, seconds)
        return move

    service.pool.choose = slow
    gid, token = new_game(client)
    start = my_turn(client, gid, token, timeout=30)
    found = next(m for m in start["legal_moves"] if "+" in m)
    after = play(client, gid, token, found, start["version"])
    play(client, gid, token, "buy none", after["version"])  # the computer starts thinking
    back = undo(client, gid, token, after["version"] + 1).json()
    assert back["state"]["phase"] == "buy" and not back["thinking"]
    play(client, gid, token, "buy none", back["version"])  # a new computer turn
    my_turn(client, gid, token, timeout=30)
    assert len(asked) == len(set(asked)), "a version was computed twice"
