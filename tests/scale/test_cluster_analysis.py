"""An analysis on a scaled-out site: positions studied as Dramatiq jobs by the worker pool,
stored in PostgreSQL, the result the same as in one process; a worker killed while it
works loses nothing."""

from __future__ import annotations

import time
import uuid
from pathlib import Path
from typing import Any

import httpx

from ludotheek.analysis.local import analyse_record
from tests.analysis.helpers import finished_record
from tests.serverproc import ServerProcess, WorkerProcess
from tests.services import Postgres, Redis


def test_an_analysis_by_the_worker_pool(postgres: Postgres, redis_server: Redis,
                                        tmp_path: Path) -> None:
    import psycopg

    name = "a" + uuid.uuid4().hex[:10]
    with psycopg.connect(postgres.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    db = postgres.url.rsplit("/", 1)[0] + "/" + name
    env = {"LUDOTHEEK_WORKER_HEARTBEAT_MS": "1500"}
    web = ServerProcess(db, workers=0, extra_env=env, log_dir=tmp_path,
                        args=("--redis", redis_server.url)).start()
    workers = [WorkerProcess(db, redis_server.url, tmp_path / f"worker{i}.log",
                             extra_env=env).start() for i in range(2)]
    try:
        record = finished_record("haaienzee", 7)
        r = httpx.post(f"{web.url}/api/records", json=record.to_json())
        gid = r.json()["id"]
        answer: dict[str, Any] = httpx.post(f"{web.url}/api/games/{gid}/analysis").json()
        killed = False
        deadline = time.monotonic() + 120
        while answer["status"] == "running":
            assert time.monotonic() < deadline, answer
            if not killed and answer["done"] > 0:
                workers[0].kill()  # in the middle of its jobs: another worker takes them
                killed = True
            time.sleep(0.2)
            answer = httpx.get(f"{web.url}/api/games/{gid}/analysis").json()
        assert answer["status"] == "done", answer
        assert answer["result"] == analyse_record(record)
    finally:
        for w in workers:
            w.stop()
        web.stop()
