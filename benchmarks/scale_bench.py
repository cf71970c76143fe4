"""A scaled-out site measured: computer moves/s with 1, 2 and 4 workers, and web
throughput with 1 and 2 web processes, on real PostgreSQL and Redis.

    python -m benchmarks.scale_bench [--seconds 20] [--json]

Computer moves: 40 Wari games between two computer players at LEVEL (default
"strong": a search with a time limit of about a second per move, so the figure
shows how many turns the pool plays at once) and at "normal" (a 4-ply search, a
millisecond or two, so the figure is mostly the cost of a job itself). Web
throughput: 200 games between scripted people over WebSocket (server_load's
clients), moves/s and p50/p99 round trips.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

from benchmarks.server_load import run
from tests.serverproc import ServerProcess, WorkerProcess
from tests.services import Postgres, Redis


def fresh_db(pg: Postgres) -> str:
    import psycopg

    name = "b" + uuid.uuid4().hex[:10]
    with psycopg.connect(pg.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return pg.url.rsplit("/", 1)[0] + "/" + name


def computer_moves(pg: Postgres, redis: Redis, workers: int, level: str, seconds: float,
                   logs: Path) -> float:
    db = fresh_db(pg)
    env = {"LUDOTHEEK_MAX_GAMES_PER_CLIENT": "10000"}
    with ServerProcess(db, workers=0, extra_env=env, log_dir=logs,
                       args=("--redis", redis.url, *NO_CLIENT_LIMITS)) as web:
        pool = [WorkerProcess(db, redis.url, logs / f"w{workers}-{i}.log").start()
                for i in range(workers)]
        try:
            time.sleep(2)  # let the workers start
            ids = []
            for i in range(40):
                r = httpx.post(f"{web.url}/api/games", json={
                    "game": "wari", "seed": i, "seats": [{"type": "computer", "level": level},
                                                         {"type": "computer", "level": level}]})
                ids.append(r.json()["id"])
            start_versions = _versions(web.url, ids)
            t0 = time.perf_counter()
            time.sleep(seconds)
            moved = sum(_versions(web.url, ids)) - sum(start_versions)
            return moved / (time.perf_counter() - t0)
        finally:
            for w in pool:
                w.kill()


def _versions(url: str, ids: list[str]) -> list[int]:
    return [httpx.get(f"{url}/api/games/{gid}").json()["version"] for gid in ids]


#: every client comes from one address, and a scripted client moves faster than a person:
#: the limits per address and per connection (docs/reliability.md) are off
NO_CLIENT_LIMITS = ("--max-games-per-client", "100000", "--requests-per-second", "0",
                    "--ws-rate", "0", "--max-sockets-per-address", "0")


def web_throughput(pg: Postgres, redis: Redis, processes: int, moves: int,
                   logs: Path) -> dict[str, float]:
    """200 games between scripted people over WebSocket (server_load's clients)."""
    db = fresh_db(pg)
    env = {"LUDOTHEEK_MAX_GAMES_PER_CLIENT": "10000"}
    args = ("--redis", redis.url, "--workers", str(processes), *NO_CLIENT_LIMITS)
    with ServerProcess(db, workers=0, extra_env=env, log_dir=logs, args=args) as web:
        time.sleep(1.5)
        result = asyncio.run(run(web.url, 200, moves, "person"))
    return {"moves_per_second": result["moves_per_second"], "p99_ms": result["p99_ms"],
            "p50_ms": result["p50_ms"], "errors": result["errors"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--level", default="strong")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    pg, redis = Postgres().start(), Redis().start()
    out: dict[str, Any] = {"computer_moves_per_second": {}, "web": {}}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            logs = Path(tmp)
            for level in (args.level, "normal"):
                rates = {n: computer_moves(pg, redis, n, level, args.seconds, logs)
                         for n in (1, 2, 4)}
                out["computer_moves_per_second"][level] = rates
            for n in (1, 2):
                out["web"][n] = web_throughput(pg, redis, n, 20, logs)
    finally:
        redis.stop()
        pg.stop()
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for level, rates in out["computer_moves_per_second"].items():
        base = rates[1] or float("nan")
        print(f"computer moves/s at level {level}: " + ", ".join(
            f"{n} worker{'s' if n > 1 else ''} {r:.1f} ({r / base:.2f}×)"
            for n, r in rates.items()))
    base = out["web"][1]["moves_per_second"]
    for n, w in out["web"].items():
        print(f"web, {n} process{'es' if n > 1 else ''}: {w['moves_per_second']:.0f} moves/s "
              f"({w['moves_per_second'] / base:.2f}×), p99 {w['p99_ms']:.0f} ms")


if __name__ == "__main__":
    main()
