"""A scaled-out site end to end: PostgreSQL, Redis, two web processes, two workers.

100 games (a scripted person against a computer player) are played through both
web processes; one web process and one worker are killed (SIGKILL) during play.
Every acknowledged move must be stored and every game must finish.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from benchmarks.looprun import in_own_loop
from ludotheek.store import open_database
from tests.serverproc import ServerProcess, WorkerProcess
from tests.services import Postgres, Redis

GAMES = 100


@pytest.fixture
def site(postgres: Postgres, redis_server: Redis,
         tmp_path: Path) -> Iterator[dict[str, Any]]:
    import psycopg

    name = "c" + uuid.uuid4().hex[:10]
    with psycopg.connect(postgres.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    db = postgres.url.rsplit("/", 1)[0] + "/" + name
    env = {"LUDOTHEEK_WORKER_HEARTBEAT_MS": "1500", "LUDOTHEEK_MAX_GAMES_PER_CLIENT": "1000"}
    # a scripted person moves faster than a real one: no per-connection message rate; and
    # its many players come from one address: no cap on its sockets
    args = ("--redis", redis_server.url, "--ws-rate", "0", "--max-sockets-per-address", "0")
    webs = [ServerProcess(db, workers=0, extra_env=env, log_dir=tmp_path, args=args).start()
            for _ in range(2)]
    workers = [WorkerProcess(db, redis_server.url, tmp_path / f"worker{i}.log",
                             extra_env=env).start() for i in range(2)]
    yield {"db": db, "webs": webs, "workers": workers, "logs": tmp_path}
    for w in workers:
        w.stop()
    for web in webs:
        web.stop()


async def _play(urls: list[str], alive: list[bool], gid: str, token: str,
                acknowledged: dict[int, str], rng: random.Random) -> None:
    """A person over the WebSocket of a live web process; on a lost connection, another.

    A move counts as acknowledged when a view comes back with it stored at its place.
    """
    deadline = time.monotonic() + 150
    last: dict[str, Any] = {}
    while time.monotonic() < deadline:
        url = rng.choice([u for u, ok in zip(urls, alive, strict=True) if ok])
        ws_url = url.replace("http", "ws") + f"/api/games/{gid}/live?token={token}"
        sent: tuple[int, str] | None = None
        try:
            async with websockets.connect(ws_url, open_timeout=5) as ws:
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 20))
                    if msg["type"] == "error":
                        assert msg["status"] == 409, msg
                        sent = None
                        continue
                    view = msg["view"]
                    last = {"url": url, "version": view["version"], "legal": view["legal_moves"],
                            "thinking": view["thinking"], "to_move": view["to_move"],
                            "sent": sent}
                    if sent is not None and len(view["moves"]) > sent[0]:
                        # our move is acknowledged when it is stored at its place; another
                        # move there means ours was refused (we had an old view)
                        if view["moves"][sent[0]] == sent[1]:
                            acknowledged[sent[0]] = sent[1]
                        sent = None
                    if view["over"]:
                        return
                    if view["legal_moves"] and sent is None:
                        sent = (view["version"], rng.choice(view["legal_moves"]))
                        await ws.send(json.dumps({"type": "move", "move": sent[1],
                                                  "version": sent[0]}))
        except (TimeoutError, OSError, websockets.ConnectionClosed):
            await asyncio.sleep(0.2)  # that web process is gone: try another
    raise AssertionError(f"game {gid} did not finish; last seen: {last}")


async def _scenario(site: dict[str, Any]) -> dict[str, dict[int, str]]:
    webs: list[ServerProcess] = site["webs"]
    urls = [w.url for w in webs]
    alive = [True, True]
    games: dict[str, tuple[str, dict[int, str]]] = {}
    async with httpx.AsyncClient(timeout=10) as client:
        for i in range(GAMES):
            r = await client.post(f"{urls[i % 2]}/api/games", json={
                "game": "wari", "seed": i, "options": {"seeds_per_cup": 3},
                "seats": [{"type": "person"}, {"type": "computer", "level": "easy"}]})
            assert r.status_code == 201, r.text
            games[r.json()["id"]] = (r.json()["seats"][0]["token"], {})
        # live updates cross processes: watch game 0 on B, move it through A
        first, (token, acks) = next(iter(games.items()))
        ws_url = urls[1].replace("http", "ws") + f"/api/games/{first}/live?token={token}"
        async with websockets.connect(ws_url) as ws:
            view = json.loads(await ws.recv())["view"]
            r = await client.post(f"{urls[0]}/api/games/{first}/moves",
                                  headers={"Authorization": f"Bearer {token}"},
                                  json={"move": view["legal_moves"][0], "version": 0})
            assert r.status_code == 200
            acks[0] = view["legal_moves"][0]
            pushed = json.loads(await asyncio.wait_for(ws.recv(), 5))["view"]
            assert pushed["version"] >= 1
    tasks = [asyncio.create_task(_play(urls, alive, gid, tok, acks, random.Random(n)))
             for n, (gid, (tok, acks)) in enumerate(games.items())]

    async def chaos() -> None:
        await asyncio.sleep(3)
        alive[0] = False
        webs[0].kill()  # a web process dies mid-play
        await asyncio.sleep(2)
        site["workers"][0].kill()  # and a worker with it

    await asyncio.gather(chaos(), *tasks)
    return {gid: acks for gid, (_tok, acks) in games.items()}


def test_two_web_processes_and_two_workers_survive_kills(site: dict[str, Any]) -> None:
    acknowledged = in_own_loop(_scenario(site))  # (a loop may already run here)
    db = open_database(site["db"])
    try:
        assert site["webs"][0].proc.poll() is not None  # it really was killed
        checked = 0
        for gid, acks in acknowledged.items():
            row = db.games.get(gid)
            assert row is not None and row.status == "over", gid
            for index, move in acks.items():
                assert row.moves[index] == move, (gid, index)
                checked += 1
        assert checked > 1000  # the people really played
    finally:
        db.close()
