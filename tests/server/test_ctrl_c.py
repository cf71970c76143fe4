"""Ctrl+C in the terminal that runs ``ludotheek serve`` (SIGINT to its whole process group, as
a terminal sends it): the server stops and says so, without a traceback. Before, the computer
worker (a process of the server's pool) got the same SIGINT and printed "Process
ForkServerProcess-1: Traceback ... KeyboardInterrupt" (seen by benchmarks/first_start.py on
2026-12-07); the worker now leaves Ctrl+C to the server, which stops its pool itself."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from tests.serverproc import ServerProcess

pytestmark = pytest.mark.slow


def _reply_stored(server: ServerProcess, gid: str) -> bool:
    return len(httpx.get(f"{server.url}/api/games/{gid}").json()["moves"]) >= 2


def test_ctrl_c_stops_the_server_and_its_workers_without_a_traceback(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "db.sqlite3", workers=1)
    with server:
        game = httpx.post(server.url + "/api/games", json={
            "game": "wari", "seats": [{"type": "person"},
                                      {"type": "computer", "level": "strong"}]}).json()
        token = game["seats"][0]["token"]
        played = httpx.post(f"{server.url}/api/games/{game['id']}/moves",
                            json={"move": "1", "version": 0},
                            headers={"Authorization": f"Bearer {token}"})
        assert played.status_code == 200, played.text
        deadline = time.monotonic() + 60
        while not _reply_stored(server, game["id"]) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _reply_stored(server, game["id"])  # the worker process is up and has worked
        assert server.proc is not None
        os.killpg(server.proc.pid, signal.SIGINT)
        try:
            server.proc.wait(30)
        except subprocess.TimeoutExpired:
            pytest.fail("the server did not stop on Ctrl+C within 30 s")
        # and none of its processes (the worker, the fork server) runs on
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                os.killpg(server.proc.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.2)
        else:
            pytest.fail("a process of the server's group runs on after Ctrl+C")
    log = server.log.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]
    assert "KeyboardInterrupt" not in log, log[-3000:]
