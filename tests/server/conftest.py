from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "server.sqlite3"


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    # the request rate limit has its own tests (test_limits.py); here it would only get in
    # the way of tests that poll
    app = create_app(db_path, Settings(computer_workers=0, requests_per_second=0))
    with TestClient(app) as c:
        yield c


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def new_wari(client: TestClient, north: dict[str, Any] | None = None,
             **options: Any) -> tuple[str, list[str | None]]:
    seats = [{"type": "person"}, north or {"type": "person"}]
    # a seed of one's own only against the computer (practice); between people the server's
    seed = {"seed": 1} if seats[1]["type"] == "computer" else {}
    r = client.post("/api/games", json={"game": "wari", "options": options, "seats": seats,
                                        **seed})
    assert r.status_code == 201, r.text
    data = r.json()
    return data["id"], [s["token"] for s in data["seats"]]


def fits(answer: Any, shape: type[msgspec.Struct]) -> None:
    """``answer`` (JSON data) is what ``shape`` (server/api/answers/games.py) declares: every field,
    nothing more, each of its type."""
    assert isinstance(answer, dict)
    assert set(answer) == {f.encode_name for f in msgspec.structs.fields(shape)}, shape
    assert msgspec.to_builtins(msgspec.convert(answer, shape)) == answer


def wait_version(client: TestClient, gid: str, version: int, token: str | None = None,
                 timeout: float = 10) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view: dict[str, Any] = client.get(f"/api/games/{gid}", headers=auth(token)).json()
        if view["version"] >= version and not view["thinking"]:
            return view
        time.sleep(0.02)
    raise AssertionError(f"game {gid} did not reach version {version}")
