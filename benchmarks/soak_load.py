"""Sustained load: many concurrent games for minutes, next to a bare WebSocket echo.

``--games`` scripted clients each play Wari against the computer (``--level``, by
default *novice*, an instant level: the greedy player until 2026-12-02 12:34, a 2-ply
search at temperature 1.4 since) over the game's WebSocket,
closed loop, for ``--seconds``: move, wait for the view that
acknowledges it (the round trip that is timed), wait for the computer's reply,
move again; a finished game is followed by a new one. Every acknowledged move
is written down and looked up in the database at the end (a lost move is one
acknowledged but not stored at its place). Errors are every error message,
closed connection, failed request and round trip without an answer in 30 s.

The baseline is the stack's own limit: a bare WebSocket echo app (Starlette on
uvicorn, the same options as ``ludotheek serve``, in its own process like the
server) that answers each message with a text as long as an average game view,
driven by the same number of connections in the same closed loop, for
``--echo-seconds`` split before and after the games. The clients of both are spread
over ``--client-processes`` processes (the same number for both), started together.
Reported: throughput and p50/p99 round trip of both, and their ratios; the CPU time
of the web process (its computer-player workers apart) and of the clients per move and
per round trip.

    python -m benchmarks.soak_load --games 500 --seconds 600 [--echo-seconds 120]
        [--client-processes 3] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx
import msgspec
import websockets

from benchmarks.looprun import in_own_loop
from tests.serverproc import ServerProcess, free_port

TIMEOUT = 30.0
#: the clients read the server's messages with msgspec (the server writes them with it),
#: which reads JSON faster than the standard library: less of the clients' CPU per move
decode = msgspec.json.Decoder().decode
#: one address plays every game, and a scripted client may move faster than a person: the
#: limits per address and the WebSocket rate per connection (20/s) are switched off
SERVER_ARGS = ("--requests-per-second", "0", "--max-games-per-client", "100000000",
               "--ws-rate", "0", "--max-sockets-per-address", "0")
#: the computer's level, an instant one: the greedy player until Wari's eight-level ladder
#: (2026-12-02 12:34), a 2-ply search at temperature 1.4 since (figures before and after it
#: are not comparable)
LEVEL = "novice"
#: the processes the clients are spread over (the echo's and the games' alike): one client
#: process at 0.4 ms of CPU per move (two views read, a move sent) cannot drive more than
#: about 2,500 moves a second, which capped the ratio to the echo near 0.16 whatever the
#: server did (docs/performance.md, "Throughput, fourth round")
CLIENT_PROCESSES = 3


@dataclass
class Phase:
    """Round trips of one phase."""

    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list, repr=False)
    errors: list[str] = field(default_factory=list, repr=False)

    def figures(self) -> dict[str, Any]:
        lat = sorted(self.latencies)

        def pct(p: float) -> float:
            return round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 2) if lat else 0.0

        return {"round_trips": len(lat), "seconds": round(self.seconds, 1),
                "per_second": round(len(lat) / self.seconds, 1) if self.seconds else 0.0,
                "p50_ms": pct(0.50), "p99_ms": pct(0.99), "max_ms": pct(1.0),
                "errors": len(self.errors), "error_samples": self.errors[:5]}


# --- the echo app: the same stack, nothing of ludotheek --------------------------------------

def echo_app(reply_bytes: int) -> Any:
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket

    payload = json.dumps({"type": "view", "pad": "x" * max(0, reply_bytes - 27)})

    async def echo(ws: WebSocket) -> None:
        await ws.accept()
        try:
            while True:
                await ws.receive_text()
                await ws.send_text(payload)
        except Exception:  # the client went away
            return

    return Starlette(routes=[WebSocketRoute("/echo", echo)])


def serve_echo(port: int, reply_bytes: int) -> None:
    import uvicorn

    uvicorn.run(echo_app(reply_bytes), host="127.0.0.1", port=port, log_level="warning",
                ws_max_size=1 << 20, ws_per_message_deflate=False)


class EchoProcess:
    def __init__(self, reply_bytes: int) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "benchmarks.soak_load", "--serve-echo", str(self.port),
             str(reply_bytes)], start_new_session=True)

    async def wait(self) -> None:
        for _ in range(300):
            try:
                async with websockets.connect(f"ws://127.0.0.1:{self.port}/echo"):
                    return
            except OSError:
                await asyncio.sleep(0.1)
        raise RuntimeError("the echo server did not start")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(10)


async def echo_phase(port: int, connections: int, start: float, stop: float) -> Phase:
    """``connections`` echo clients from the instant ``start`` to ``stop`` (monotonic)."""
    phase = Phase()
    message = json.dumps({"type": "move", "move": "3", "version": 12})

    async def client() -> None:
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/echo", max_size=2**20,
                                          compression=None, open_timeout=TIMEOUT) as ws:
                while time.monotonic() < stop:
                    sent = time.perf_counter()
                    await ws.send(message)
                    await asyncio.wait_for(ws.recv(), TIMEOUT)
                    phase.latencies.append(time.perf_counter() - sent)
        except Exception as exc:
            phase.errors.append(repr(exc))

    await asyncio.sleep(max(0.0, start - time.monotonic()))
    await asyncio.gather(*(client() for _ in range(connections)))
    phase.seconds = time.monotonic() - start
    return phase


# --- the games ---------------------------------------------------------------------------

@dataclass
class Games(Phase):
    #: acknowledged client moves: (game, version before the move, move)
    acked: list[tuple[str, int, str]] = field(default_factory=list, repr=False)
    views: int = 0
    #: "views" messages: a move and the computer's reply told together
    together: int = 0
    view_bytes: int = 0
    games_started: int = 0
    games_finished: int = 0


async def play(url: str, http: httpx.AsyncClient, phase: Games, stop: float,
               rng: random.Random, level: str, together: bool = True) -> None:
    """One client: games against the computer, one after another, until ``stop``."""
    while time.monotonic() < stop:
        r = await http.post("/api/games", json={
            "game": "wari", "seed": rng.randrange(2**31),
            "seats": [{"type": "person"}, {"type": "computer", "level": level}]})
        if r.status_code != 201:
            phase.errors.append(f"create: {r.status_code} {r.text[:200]}")
            await asyncio.sleep(1)
            continue
        phase.games_started += 1
        gid, token = r.json()["id"], r.json()["seats"][0]["token"]
        ws_url = (url.replace("http", "ws") + f"/api/games/{gid}/live?token={token}"
                  + ("&views=1" if together else ""))
        async with websockets.connect(ws_url, max_size=2**20, compression=None,
                                      open_timeout=TIMEOUT) as ws:
            sent_at: float | None = None
            sent: tuple[str, int, str] | None = None
            over = False
            while not over:
                if sent_at is None and time.monotonic() >= stop:
                    return
                text = await asyncio.wait_for(ws.recv(), TIMEOUT)
                msg = decode(text)
                # a move and the computer's instant reply come as one "views" message
                # (asked by views=1; a server without it sends a "view" message each)
                if msg["type"] == "views":
                    views = msg["views"]
                    phase.together += 1
                elif msg["type"] == "view":
                    views = [msg["view"]]
                else:
                    phase.errors.append(f"{msg.get('type')}: {str(msg)[:200]}")
                    sent_at = sent = None
                    continue
                phase.views += len(views)
                phase.view_bytes += len(text)
                for view in views:
                    if sent is not None and sent_at is not None and view["version"] > sent[1]:
                        if view["moves"][sent[1]] != sent[2]:
                            phase.errors.append(f"game {gid}: another move at {sent[1]}")
                        phase.latencies.append(time.perf_counter() - sent_at)
                        phase.acked.append(sent)
                        sent_at = sent = None
                    if view["over"]:
                        phase.games_finished += 1
                        over = True
                        break
                if over:
                    break
                view = views[-1]
                if sent_at is None and view["legal_moves"] and not view["thinking"]:
                    if time.monotonic() >= stop:
                        return
                    move = rng.choice(view["legal_moves"])
                    sent = (gid, view["version"], move)
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "move", "move": move,
                                              "version": view["version"]}))


async def games_phase(url: str, clients: list[int], start: float, stop: float,
                      level: str, together: bool = True) -> Games:
    """The clients numbered ``clients`` (each its own seeds) from ``start`` to ``stop``."""
    phase = Games()
    # idle connections are dropped before uvicorn's own 5 s keep-alive ends, so that no
    # request goes out on a connection the server is closing at that moment
    limits = httpx.Limits(max_connections=50, keepalive_expiry=2.0)
    async with httpx.AsyncClient(base_url=url, timeout=TIMEOUT, limits=limits) as http:
        async def client(i: int) -> None:
            try:
                await play(url, http, phase, stop, random.Random(i), level, together)
            except Exception as exc:
                phase.errors.append(f"client {i}: {exc!r}")

        await asyncio.sleep(max(0.0, start - time.monotonic()))
        await asyncio.gather(*(client(i) for i in clients))
        phase.seconds = time.monotonic() - start
    return phase


# --- the clients' processes --------------------------------------------------------------

def _part(pipe: Connection, kind: str, target: str | int, clients: list[int],
          level: str, together: bool) -> None:
    """One client process: says it is ready, gets the instants to start and stop (the
    same monotonic clock in every process), plays its share of the phase and sends back
    its round trips and its own CPU time."""
    pipe.send("ready")
    start, stop = pipe.recv()
    cpu = time.process_time()
    phase: Phase
    if kind == "echo":
        assert isinstance(target, int)
        phase = asyncio.run(echo_phase(target, len(clients), start, stop))
    else:
        assert isinstance(target, str)
        phase = asyncio.run(games_phase(target, clients, start, stop, level, together))
    pipe.send((phase, time.process_time() - cpu))
    pipe.close()


async def in_processes(kind: str, target: str | int, connections: int, seconds: float,
                       processes: int, level: str = LEVEL,
                       together: bool = True) -> tuple[Phase, float]:
    """A phase played by ``connections`` clients spread over ``processes`` processes
    (client ``i`` in process ``i % processes``), all starting at one instant once every
    process is ready: one Python process at a few tenths of a millisecond of CPU per
    move cannot drive more than a few thousand moves a second, whatever the server
    does. Returns the phase (everyone's round trips) and the clients' CPU seconds."""
    ctx = multiprocessing.get_context("spawn")
    parts = []
    for p in range(min(processes, connections)):
        ours, theirs = ctx.Pipe()
        proc = ctx.Process(target=_part, args=(theirs, kind, target,
                                               list(range(p, connections, processes)), level,
                                               together),
                           daemon=True)
        proc.start()
        parts.append((proc, ours))
    loop = asyncio.get_running_loop()
    try:
        for _, pipe in parts:
            if await loop.run_in_executor(None, pipe.recv) != "ready":
                raise RuntimeError("a client process did not start")
        start = time.monotonic() + 0.2
        for _, pipe in parts:
            pipe.send((start, start + seconds))
        done = [await loop.run_in_executor(None, pipe.recv) for _, pipe in parts]
    finally:
        for proc, _ in parts:
            proc.join(30)
            if proc.is_alive():
                proc.kill()
    whole: Phase = Games() if kind == "games" else Phase()
    for phase, _cpu in done:
        whole.latencies += phase.latencies
        whole.errors += phase.errors
        whole.seconds = max(whole.seconds, phase.seconds)
        if isinstance(whole, Games) and isinstance(phase, Games):
            whole.acked += phase.acked
            whole.views += phase.views
            whole.together += phase.together
            whole.view_bytes += phase.view_bytes
            whole.games_started += phase.games_started
            whole.games_finished += phase.games_finished
    return whole, sum(cpu for _, cpu in done)


def lost_moves(db: Path, acked: list[tuple[str, int, str]]) -> tuple[int, int]:
    """(acknowledged moves not in the database at their place, moves in the database)."""
    conn = sqlite3.connect(db)
    stored = {(g, n - 1): m for g, n, m in conn.execute(
        "SELECT game_id, number, move FROM moves")}
    conn.close()
    return sum(stored.get((g, v)) != m for g, v, m in acked), len(stored)


def cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU time (user + system) used so far by process ``pid``, and by its live descendants.

    The figure per move does not depend on how busy the machine is, as the round trips
    per second do: the measure to compare two versions of the server on a shared machine.
    The children (the computer-player worker processes) are counted apart: an instant
    level never reaches them, but their start (loading or compiling the searches of the
    levels that do) costs seconds of CPU in the first minute.
    """
    tick = os.sysconf("SC_CLK_TCK")
    used: dict[int, float] = {}
    parent: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
        parent[int(entry.name)] = int(fields[1])  # fields[1]: the parent

    def descends(p: int) -> bool:  # the workers are the forkserver's children
        while p in parent and p > 1:
            p = parent[p]
            if p == pid:
                return True
        return False

    own = used.get(pid, 0.0)
    children = sum(t for p, t in used.items() if p != pid and descends(p))
    return own, children


# --- the run -------------------------------------------------------------------------------

async def measure(folder: Path, games: int, seconds: float, echo_seconds: float,
                  level: str = LEVEL, processes: int = CLIENT_PROCESSES,
                  together: bool = True) -> dict[str, Any]:
    db = folder / "load.sqlite3"
    with ServerProcess(db, workers=1, args=SERVER_ARGS) as server:
        async with httpx.AsyncClient(base_url=server.url) as http:  # a view's size
            r = await http.post("/api/games", json={"game": "wari", "seats": [
                {"type": "person"}, {"type": "computer", "level": level}]})
            view = (await http.get(f"/api/games/{r.json()['id']}")).text
        reply_bytes = len(json.dumps({"type": "view", "view": json.loads(view)}))
        echo = EchoProcess(reply_bytes)
        try:
            await echo.wait()
            echo_cpu = cpu_seconds(echo.proc.pid)[0]
            before, echo_client = await in_processes("echo", echo.port, games,
                                                     echo_seconds / 2, processes)
            echo_cpu = cpu_seconds(echo.proc.pid)[0] - echo_cpu
            assert server.proc is not None
            server_cpu, workers_cpu = cpu_seconds(server.proc.pid)
            played, game_client = await in_processes("games", server.url, games, seconds,
                                                     processes, level, together)
            assert isinstance(played, Games)
            server_cpu, workers_cpu = (b - a for a, b in zip((server_cpu, workers_cpu),
                                                             cpu_seconds(server.proc.pid)))
            after, _ = await in_processes("echo", echo.port, games, echo_seconds / 2,
                                          processes)
        finally:
            echo.stop()
    lost, stored = lost_moves(db, played.acked)
    echo_all = Phase(before.seconds + after.seconds, before.latencies + after.latencies,
                     before.errors + after.errors)
    g, e = played.figures(), echo_all.figures()
    return {
        "games": games, "seconds": seconds, "level": level, "python": sys.version.split()[0],
        "client_processes": processes, "views_together": together,
        "game": {**g, "acknowledged_moves": len(played.acked), "lost_moves": lost,
                 "moves_in_database": stored, "games_started": played.games_started,
                 "games_finished": played.games_finished, "views": played.views,
                 "views_per_second": round(played.views / played.seconds, 1),
                 "views_messages": played.together,
                 "mean_view_bytes": round(played.view_bytes / max(1, played.views)),
                 "server_cpu_seconds": round(server_cpu, 2),
                 "computer_workers_cpu_seconds": round(workers_cpu, 2),
                 "server_cpu_ms_per_move": round(1000 * server_cpu / max(1, len(played.acked)),
                                                 3),
                 # the clients' own processes, which share the machine with the servers
                 "client_cpu_ms_per_move": round(
                     1000 * game_client / max(1, len(played.acked)), 3)},
        "echo": {**e, "reply_bytes": reply_bytes,
                 "server_cpu_ms_per_round_trip": round(
                     1000 * echo_cpu / max(1, len(before.latencies)), 3),
                 "client_cpu_ms_per_round_trip": round(
                     1000 * echo_client / max(1, len(before.latencies)), 3),
                 "before": before.figures(),
                 "after": after.figures()},
        "ratio": {
            "round_trips_per_second": round(g["per_second"] / e["per_second"], 3)
            if e["per_second"] else None,
            "p50": round(g["p50_ms"] / e["p50_ms"], 2) if e["p50_ms"] else None,
            "p99": round(g["p99_ms"] / e["p99_ms"], 2) if e["p99_ms"] else None,
        },
    }


def run(games: int, seconds: float, echo_seconds: float, folder: Path | None = None,
        level: str = LEVEL, processes: int = CLIENT_PROCESSES,
        together: bool = True) -> dict[str, Any]:
    """Measure in ``folder`` (kept: the database and the server's log), or a temporary one.
    ``together``: the clients ask for a move and the computer's instant reply in one
    ``views`` message (``views=1``)."""
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        return in_own_loop(measure(folder, games, seconds, echo_seconds, level, processes,
                                   together))
    with tempfile.TemporaryDirectory() as tmp:
        return in_own_loop(measure(Path(tmp), games, seconds, echo_seconds, level,
                                   processes, together))


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--serve-echo":
        serve_echo(int(sys.argv[2]), int(sys.argv[3]))
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--echo-seconds", type=float, default=120,
                    help="seconds of echo, half before the games and half after")
    ap.add_argument("--folder", type=Path, default=None,
                    help="keep the database and the server's log here")
    ap.add_argument("--level", default=LEVEL, help="the computer's level (default: %(default)s)")
    ap.add_argument("--client-processes", type=int, default=CLIENT_PROCESSES,
                    help="processes the clients are spread over, the echo's and the games' "
                         "alike (default: %(default)s)")
    ap.add_argument("--separate-views", action="store_true",
                    help="do not ask for views=1: the reply in a view message of its own")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    result = run(args.games, args.seconds, args.echo_seconds, args.folder, args.level,
                 args.client_processes, not args.separate_views)
    if args.json:
        print(json.dumps(result, indent=1))
        return
    g, e, r = result["game"], result["echo"], result["ratio"]
    print(f"{args.games} concurrent Wari games for {g['seconds']:.0f} s: "
          f"{g['acknowledged_moves']} client moves ({g['per_second']:.0f}/s, "
          f"{g['views_per_second']:.0f} views/s), p50 {g['p50_ms']} ms, p99 {g['p99_ms']} ms; "
          f"errors {g['errors']}, lost moves {g['lost_moves']}; server CPU "
          f"{g['server_cpu_ms_per_move']} ms a client move")
    print(f"bare echo, {args.games} connections, {e['seconds']:.0f} s: {e['per_second']:.0f} "
          f"round trips/s, p50 {e['p50_ms']} ms, p99 {e['p99_ms']} ms; errors {e['errors']}; "
          f"echo server CPU {e['server_cpu_ms_per_round_trip']} ms a round trip")
    print(f"games / echo: throughput {r['round_trips_per_second']}, p50 {r['p50']}x, "
          f"p99 {r['p99']}x")
    for sample in g["error_samples"] + e["error_samples"]:
        print("error:", sample, file=sys.stderr)


if __name__ == "__main__":
    main()
