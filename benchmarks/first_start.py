"""The first start of a fresh clone (issue 39: the lobby within 60 s, a second start within 5 s).

Clones the repository into a new folder and runs ``./start serve --no-open --port PORT`` with
empty package caches (uv's and pip's pointed at new empty folders: the shared caches are not
touched) and a new data folder, and times, from the start of ``./start``:

- each line the start prints (the install's steps: uv, the download, "Installed in");
- the lobby: until ``/healthz`` answers;
- the first computer move: a Wari game against ``normal``, South's first move played at
  once, until the computer's reply is stored;
- the compile of Wari's search in the background (``wari-search``'s manifest says built);

then stops the server (SIGINT, as Ctrl+C), checks that no build it started runs on, and
starts it again (the second start: until ``/healthz`` answers). The load average is printed
beside each figure (the machine may be shared).

    python3 benchmarks/first_start.py [--repo .] [--port 8765]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any


def _get(url: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method="POST" if data else "GET")
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def _until(what: Any, seconds: float, every: float = 0.1) -> float:
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        try:
            if what():
                return time.monotonic()
        except OSError:
            pass
        time.sleep(every)
    raise TimeoutError


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def _start(folder: Path, port: int, env: dict[str, str], log: list[tuple[float, str]],
           t0: float) -> subprocess.Popen[str]:
    proc = subprocess.Popen(["./start", "serve", "--no-open", "--port", str(port)], cwd=folder,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            log.append((time.monotonic() - t0, line.rstrip()))

    threading.Thread(target=read, daemon=True).start()
    return proc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", default=str(Path(__file__).resolve().parents[1]))
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--keep", action="store_true", help="keep the clone and its folders")
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="ludotheek-first-start-"))
    clone, data = base / "clone", base / "data"
    subprocess.run(["git", "clone", "-q", args.repo, str(clone)], check=True)
    env = {**os.environ, "UV_CACHE_DIR": str(base / "uv-cache"),
           "PIP_CACHE_DIR": str(base / "pip-cache"), "LUDOTHEEK_DATA": str(data),
           "UV_NO_PROGRESS": "1"}
    env.pop("VIRTUAL_ENV", None)
    env.pop("PYTHONPATH", None)
    url = f"http://127.0.0.1:{args.port}"
    out: dict[str, Any] = {"date": time.strftime("%Y-%m-%d %H:%M"), "load_at_start": _load()}
    log: list[tuple[float, str]] = []
    t0 = time.monotonic()
    proc = _start(clone, args.port, env, log, t0)
    try:
        lobby = _until(lambda: _get(url + "/healthz")["ok"], 600)
        out["lobby_s"] = round(lobby - t0, 1)
        out["load_at_lobby"] = _load()
        made = _get(url + "/api/games", {"game": "wari", "seed": 1, "options": {}, "seats": [
            {"type": "person"}, {"type": "computer", "level": "normal"}]})
        gid, token = made["id"], made["seats"][0]["token"]
        moved = time.monotonic()
        _get(f"{url}/api/games/{gid}/moves", {"move": "3", "version": 0}, token)
        reply = _until(lambda: _get(f"{url}/api/games/{gid}")["version"] >= 2, 120, 0.02)
        out["first_computer_move_s"] = round(reply - moved, 2)
        manifest = data / "wari-search" / "manifest.json"
        compiled = _until(lambda: manifest.exists() and "_built" in json.loads(
            manifest.read_text())["values"], 900, 0.5)
        out["compiled_s"] = round(compiled - t0, 1)
        out["load_at_compiled"] = _load()
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(60)
    out["start_lines"] = [f"{t:6.1f} s  {line}" for t, line in log
                          if not line.startswith(("INFO:", " + ", "limits:"))]
    locks = [p for p in data.glob("*/build.lock")]
    out["builds_left_running"] = [str(p.parent.name) for p in locks]
    second: list[tuple[float, str]] = []
    t1 = time.monotonic()
    proc = _start(clone, args.port, env, second, t1)
    try:
        out["second_start_s"] = round(_until(lambda: _get(url + "/healthz")["ok"], 120) - t1, 2)
        out["load_at_second"] = _load()
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(60)
    print(json.dumps(out, indent=1))
    if not args.keep:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
