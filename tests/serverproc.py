"""A real ``ludotheek serve`` in a child process, for browser, crash and load tests."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ChildGroup:
    """A child process in its own process group (``start_new_session``), stopped as a whole."""

    #: seconds ``stop`` waits after SIGTERM before it sends SIGKILL
    stop_wait = 10.0
    proc: subprocess.Popen[bytes] | None

    def kill(self) -> None:
        """SIGKILL the whole process group (no clean shutdown at all)."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        """SIGTERM the process group; SIGKILL if it has not ended after ``stop_wait`` s."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(self.stop_wait)
            except subprocess.TimeoutExpired:
                self.kill()


class WorkerProcess(ChildGroup):
    """``ludotheek worker`` (the computer-player pool of a scaled-out site)."""

    stop_wait = 15.0

    def __init__(self, db: str, redis_url: str, log: Path, processes: int = 1,
                 extra_env: dict[str, str] | None = None) -> None:
        self.cmd = [sys.executable, "-m", "ludotheek", "worker", "--db", db, "--redis",
                    redis_url, "--processes", str(processes)]
        self.env = {**os.environ, **(extra_env or {})}
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> WorkerProcess:
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(self.cmd, stdout=log, stderr=subprocess.STDOUT,
                                         env=self.env, start_new_session=True)
        return self



class ServerProcess(ChildGroup):
    def __init__(self, db: Path | str, port: int | None = None, workers: int = 1,
                 extra_env: dict[str, str] | None = None, log_dir: Path | None = None,
                 args: tuple[str, ...] = ()) -> None:
        self.db = db
        self.port = port or free_port()
        self.workers = workers
        self.env = {**os.environ, **(extra_env or {})}
        self.proc: subprocess.Popen[bytes] | None = None
        folder = log_dir or (db.parent if isinstance(db, Path) else Path("/tmp"))
        self.log = folder / f"server-{self.port}.log"
        self.args = args

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def seed_of(self, gid: str) -> int:
        """The seed the server keeps for game ``gid``, read from its database (the API leaves
        it out while a game whose seed gives something away runs: issue 34)."""
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True) as conn:
            row = conn.execute("SELECT seed FROM games WHERE id = ?", (gid,)).fetchone()
        assert row is not None, f"no game {gid} in {self.db}"
        return int(row[0])

    def start(self, timeout: float = 30.0) -> ServerProcess:
        log = open(self.log, "ab")  # noqa: SIM115 - kept open for the child's lifetime
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ludotheek", "serve", "--port", str(self.port), "--no-open",
             "--db", str(self.db), "--computer-workers", str(self.workers), *self.args],
            stdout=log, stderr=subprocess.STDOUT, env=self.env, start_new_session=True)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the server did not start in time")

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
