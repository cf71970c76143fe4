"""A real ``ludotheek serve`` in a child process, for browser, crash and load tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    def __init__(self, db: Path, port: int | None = None, workers: int = 1,
                 extra_env: dict[str, str] | None = None,
                 args: tuple[str, ...] = ()) -> None:
        self.db = db
        self.port = port or free_port()
        self.workers = workers
        self.args = args
        self.env = {**os.environ, **(extra_env or {})}
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = db.parent / f"server-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

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

    def kill(self) -> None:
        """SIGKILL the whole process group (no clean shutdown at all)."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
