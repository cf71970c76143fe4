"""Shared by the fair-play attacks of issue 34 (chosen seeds, engine help, rating farms):
a server, profiles, rated games."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app
from tests.server.conftest import auth


def serve(tmp_path: Path) -> Iterator[TestClient]:
    """A server on a new database whose computer players think at most 0.2 s."""
    app = create_app(tmp_path / "security.sqlite3",
                     Settings(computer_workers=0, requests_per_second=0,
                              max_computer_seconds=0.2))
    with TestClient(app) as c:
        yield c


def new_profile(client: TestClient, name: str) -> dict[str, Any]:
    r = client.post("/api/profiles", json={"name": name})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def rated_game(client: TestClient, game: str, me: dict[str, Any],
               others: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A rated game with ``me`` on seat 0 and ``others`` on the other seats."""
    r = client.post("/api/games", json={
        "game": game, "rated": True,
        "seats": [{"type": "person", "profile": me["secret"]}, *others], **extra})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def move(client: TestClient, gid: str, token: str, text: str) -> dict[str, Any]:
    version = client.get(f"/api/games/{gid}", headers=auth(token)).json()["version"]
    r = client.post(f"/api/games/{gid}/moves", json={"move": text, "version": version},
                    headers=auth(token))
    assert r.status_code == 200, r.text
    view: dict[str, Any] = r.json()
    return view


def my_turn(client: TestClient, gid: str, token: str, timeout: float = 30) -> dict[str, Any]:
    """The seat's view once it is to move again (or the game is over)."""
    deadline = time.monotonic() + timeout
    while True:
        view: dict[str, Any] = client.get(f"/api/games/{gid}", headers=auth(token)).json()
        if view["legal_moves"] or view["status"] != "active":
            return view
        assert time.monotonic() < deadline, f"game {gid}: the computers did not answer"
        time.sleep(0.01)
