"""Words between players on a scaled-out site (issue 36): two web processes over PostgreSQL
and Redis, each person connected to another one. A chat line said to one process reaches the
connections of the other (the Redis channel ludotheek:chat), each once; a takeback asked at one
and agreed to at the other takes the move back for both."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.serverproc import ServerProcess
from tests.services import Postgres, Redis


@pytest.fixture
def two_webs(postgres: Postgres, redis_server: Redis,
             tmp_path: Path) -> Iterator[list[ServerProcess]]:
    import psycopg

    name = "w" + uuid.uuid4().hex[:10]
    with psycopg.connect(postgres.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    db = postgres.url.rsplit("/", 1)[0] + "/" + name
    webs = [ServerProcess(db, workers=0, log_dir=tmp_path,
                          args=("--redis", redis_server.url)).start() for _ in range(2)]
    yield webs
    for web in webs:
        web.stop()


def _next(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` (others, such as views, are passed over)."""
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=15))
        if msg["type"] == kind:
            return msg


def test_chat_and_a_takeback_reach_the_other_process(two_webs: list[ServerProcess]) -> None:
    a, b = two_webs
    made = httpx.post(f"{a.url}/api/games", json={
        "game": "wari", "seats": [{"type": "person"}, {"type": "person"}]}).json()
    gid, (south, north) = made["id"], [s["token"] for s in made["seats"]]
    ws_url = {web: web.url.replace("http", "ws", 1) + f"/api/games/{gid}/live" for web in (a, b)}
    with connect(f"{ws_url[a]}?token={south}&chat=1") as at_a, \
            connect(f"{ws_url[b]}?token={north}&chat=1") as at_b:
        assert _next(at_a, "chat")["history"] and _next(at_b, "chat")["lines"] == []
        said = httpx.post(f"{a.url}/api/games/{gid}/chat", json={"phrase": "good_move"},
                          headers={"Authorization": f"Bearer {south}"})
        assert said.status_code == 200, said.text
        for ws in (at_a, at_b):
            assert [x["text"] for x in _next(ws, "chat")["lines"]] == ["good_move"]
        httpx.post(f"{b.url}/api/games/{gid}/chat", json={"text": "thanks"},
                   headers={"Authorization": f"Bearer {north}"})
        for ws in (at_a, at_b):  # once each: the process that stored it does not hear it twice
            assert [x["number"] for x in _next(ws, "chat")["lines"]] == [2]
        # south moves and asks at A; north agrees at B: the move is taken back for both
        httpx.post(f"{a.url}/api/games/{gid}/moves", json={"move": "3", "version": 0},
                   headers={"Authorization": f"Bearer {south}"})
        asked = httpx.post(f"{a.url}/api/games/{gid}/takeback", json={"version": 1},
                           headers={"Authorization": f"Bearer {south}"})
        assert asked.status_code == 200, asked.text
        assert _next(at_b, "chat")["lines"][0]["kind"] == "takeback"
        agreed = httpx.post(f"{b.url}/api/games/{gid}/takeback/answer",
                            json={"version": 1, "accept": True},
                            headers={"Authorization": f"Bearer {north}"})
        assert agreed.status_code == 200 and agreed.json()["version"] == 2, agreed.text
        while (view := _next(at_a, "view")["view"])["version"] < 2:
            pass
        assert view["moves"] == ["3", "undo 0"] and view["to_move"] == 0
    lines = httpx.get(f"{b.url}/api/games/{gid}/chat").json()["lines"]
    assert [x["kind"] for x in lines] == ["phrase", "text", "takeback", "takeback_yes"]
