"""Who is here, on a scaled-out site (issue 36): the host watches on one web process, the
friend takes the seat and plays through the other; the host hears "Anna has joined",
"Anna has gone" and "Anna is back" all the same (server/play/presence.py, the notices
over Redis: server/scaleout/cluster.py)."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from benchmarks.looprun import in_own_loop
from tests.serverproc import ServerProcess
from tests.services import Postgres, Redis


@pytest.fixture
def two_webs(postgres: Postgres, redis_server: Redis,
             tmp_path: Path) -> Iterator[list[ServerProcess]]:
    import psycopg

    name = "p" + uuid.uuid4().hex[:10]
    with psycopg.connect(postgres.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    db = postgres.url.rsplit("/", 1)[0] + "/" + name
    args = ("--redis", redis_server.url, "--presence-grace", "0.3")
    webs = [ServerProcess(db, workers=0, log_dir=tmp_path, args=args).start()
            for _ in range(2)]
    yield webs
    for web in webs:
        web.stop()


async def _next(ws: Any, kind: str, seat: int) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if msg["type"] == kind and msg.get("seat") == seat:
            return msg


async def _scenario(webs: list[ServerProcess]) -> None:
    a, b = (w.url for w in webs)
    async with httpx.AsyncClient(timeout=10) as client:
        made = (await client.post(f"{a}/api/games", json={"game": "wari", "seats": [
            {"type": "person", "name": "Host"}, {"type": "person", "invite": True}]})).json()
        gid, host = made["id"], made["seats"][0]["token"]
        async with websockets.connect(f"{a.replace('http', 'ws')}/api/games/{gid}/live"
                                      f"?token={host}") as ws_host:
            await ws_host.recv()
            r = await client.post(f"{b}/api/games/{gid}/seats/1/claim",
                                  json={"invite": made["seats"][1]["invite"], "name": "Anna"})
            assert r.status_code == 200, r.text
            token = r.json()["token"]
            assert await _next(ws_host, "joined", 1) == {"type": "joined", "seat": 1,
                                                         "name": "Anna"}
            friend = f"{b.replace('http', 'ws')}/api/games/{gid}/live?token={token}"
            async with websockets.connect(friend) as ws:
                await ws.recv()
            assert (await _next(ws_host, "gone", 1))["name"] == "Anna"
            async with websockets.connect(friend) as ws:
                await ws.recv()
                assert (await _next(ws_host, "back", 1))["name"] == "Anna"
            # her name is in the host's views on the other process too
            view = (await client.get(f"{a}/api/games/{gid}")).json()
            assert view["names"] == ["Host", "Anna"]


def test_the_host_on_one_process_hears_the_friend_on_the_other(
        two_webs: list[ServerProcess]) -> None:
    in_own_loop(_scenario(two_webs))
