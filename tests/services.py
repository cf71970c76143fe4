"""Real PostgreSQL and Redis servers for the tests of a scaled-out site.

They come from Debian's packages (``./test`` installs them when run as root); the
tests that need them are skipped with a clear reason when they are missing.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from tests.serverproc import free_port


def postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def have_postgres() -> bool:
    return postgres_bin() is not None


def have_redis() -> bool:
    return shutil.which("redis-server") is not None


def _as_postgres(cmd: list[str]) -> list[str]:
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


class Postgres:
    """A throw-away PostgreSQL cluster on a free port (trust authentication, loopback)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="ludotheek-pg-"))
        self.data = self.dir / "data"
        self.bin = postgres_bin()

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def new_database(self, prefix: str = "t") -> str:
        """A new, empty database of the cluster (a test's own); its URL."""
        import uuid

        import psycopg

        name = prefix + uuid.uuid4().hex[:10]
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url.rsplit("/", 1)[0] + "/" + name

    def start(self) -> Postgres:
        assert self.bin is not None
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        subprocess.run(_as_postgres([str(self.bin / "initdb"), "-D", str(self.data), "-A",
                                     "trust", "-U", "postgres", "--no-sync"]),
                       check=True, capture_output=True)
        subprocess.run(_as_postgres([
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.dir / "log"), "-w",
            "-o", f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                  "-c fsync=off -c max_connections=200", "start"]),
            check=True, capture_output=True)
        return self

    def stop(self) -> None:
        assert self.bin is not None
        subprocess.run(_as_postgres([str(self.bin / "pg_ctl"), "-D", str(self.data), "-m",
                                     "immediate", "stop"]), capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)


class Redis:
    def __init__(self) -> None:
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import redis

        client = redis.Redis.from_url(self.url)
        for _ in range(100):
            try:
                client.ping()
                return self
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("redis did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
