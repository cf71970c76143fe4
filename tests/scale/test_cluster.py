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
    args = ("--redis", redis_server.url)
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
                acknowledged: list[str], rng: random.Random) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(timeout=10) as client:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            url = rng.choice([u for u, ok in zip(urls, alive) if ok])
            try:
                view = (await client.get(f"{url}/api/games/{gid}", headers=headers)).json()
                if view["over"]:
                    return
                if not view["legal_moves"]:
                    await asyncio.sleep(0.05)
                    continue
                move = rng.choice(view["legal_moves"])
                r = await client.post(f"{url}/api/games/{gid}/moves", headers=headers,
                                      json={"move": move, "version": view["version"]})
            except httpx.HTTPError:
                continue  # that web process is gone: the next try goes to another
            if r.status_code == 200:
                acknowledged.append(move)
            elif r.status_code != 409:
                raise AssertionError(f"{r.status_code}: {r.text}")
        raise AssertionError(f"game {gid} did not finish")


async def _scenario(site: dict[str, Any]) -> dict[str, list[str]]:
    webs: list[ServerProcess] = site["webs"]
    urls = [w.url for w in webs]
    alive = [True, True]
    games: dict[str, tuple[str, list[str]]] = {}
    async with httpx.AsyncClient(timeout=10) as client:
        for i in range(GAMES):
            r = await client.post(f"{urls[i % 2]}/api/games", json={
                "game": "wari", "seed": i, "options": {"seeds_per_cup": 3},
                "seats": [{"type": "person"}, {"type": "computer", "level": "easy"}]})
            assert r.status_code == 201, r.text
            games[r.json()["id"]] = (r.json()["seats"][0]["token"], [])
        # live updates cross processes: watch game 0 on B, move it through A
        first, (token, acks) = next(iter(games.items()))
        ws_url = urls[1].replace("http", "ws") + f"/api/games/{first}/live?token={token}"
        async with websockets.connect(ws_url) as ws:
            view = json.loads(await ws.recv())["view"]
            r = await client.post(f"{urls[0]}/api/games/{first}/moves",
                                  headers={"Authorization": f"Bearer {token}"},
                                  json={"move": view["legal_moves"][0], "version": 0})
            assert r.status_code == 200
            acks.append(view["legal_moves"][0])
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
    acknowledged = asyncio.run(_scenario(site))
    db = open_database(site["db"])
    try:
        assert site["webs"][0].proc.poll() is not None  # it really was killed
        for gid, acks in acknowledged.items():
            row = db.games.get(gid)
            assert row is not None and row.status == "over", gid
            person_moves = [m for i, m in enumerate(row.moves) if i % 2 == 0]
            assert person_moves == acks[: len(person_moves)] and len(acks) == len(person_moves)
    finally:
        db.close()
