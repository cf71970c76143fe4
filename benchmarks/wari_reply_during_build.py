"""Wari's reply at the default level (``normal``) while the endgame table builds (issue 39:
under 100 ms at the 95th percentile while it builds), and the build's memory.

Three phases of ``--seconds`` each, in this order: no build; a build of ``wari-endgames``
at idle priority (``ludotheek build --idle``, as a server's background build runs); the
same build niced by 10 (how background builds ran before issue 39). In each, ``normal``
plays itself from seeded random openings in this process (as a server's computer worker
would) and every move's wall-clock time is kept; the build goes into a folder of its own
(``--force``, so each phase builds from the start), its peak resident memory (VmHWM) and
CPU time are read from /proc, and how far it got from its manifest.

    LUDOTHEEK_DATA=<data folder with wari-search> nice -n 0 \\
        .venv/bin/python benchmarks/wari_reply_during_build.py --seconds 120
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from ludotheek.ai import players
from ludotheek.data import folder as resources
from ludotheek.games import get


def _at(values: list[float], fraction: float) -> float:
    return sorted(values)[int(fraction * (len(values) - 1))]


def _ms(values: list[float]) -> dict[str, float]:
    return {"moves": len(values), "p50_ms": round(1000 * _at(values, 0.5), 1),
            "p95_ms": round(1000 * _at(values, 0.95), 1),
            "max_ms": round(1000 * max(values), 1),
            "mean_ms": round(1000 * statistics.mean(values), 1)}


def _proc(pid: int) -> tuple[int, float]:
    """The process's peak resident memory (kB) and CPU seconds so far."""
    hwm = 0
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                hwm = int(line.split()[1])
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rpartition(")")[2].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return hwm, (int(fields[11]) + int(fields[12])) / ticks


def _replies(seconds: float, seed: int) -> list[float]:
    """Wall-clock seconds of each ``normal`` move for ``seconds``."""
    game = get("wari")
    walls: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        level = [players.for_level("wari", "normal", seed=seed + k) for k in (0, 100)]
        state = game.new(seed=seed)
        pick = random.Random(seed)
        seed += 1
        for _ in range(4):
            state = state.play(pick.choice(state.legal_moves()))
        while not state.is_over and time.monotonic() < end:
            player, think = level[state.to_move or 0]
            start = time.perf_counter()
            move = player.choose(state, think)
            walls.append(time.perf_counter() - start)
            state = state.play(move)
    return walls


def _phase(how: list[str] | None, seconds: float, max_seeds: int) -> dict[str, Any]:
    load = os.getloadavg()
    if how is None:
        return {"build": "none", "load_at_start": load, **_ms(_replies(seconds, 1))}
    folder = Path(tempfile.mkdtemp(prefix="wari-build-"))
    build = subprocess.Popen(
        [sys.executable, "-m", "ludotheek", "build", "wari-endgames", "--force", "--quiet",
         "--folder", str(folder), "--max-seeds", str(max_seeds), *how],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen = {"hwm_kb": 0, "cpu_s": 0.0}

    def watch() -> None:
        while build.poll() is None:
            try:
                hwm, cpu = _proc(build.pid)
            except (OSError, ValueError):
                break
            seen["hwm_kb"], seen["cpu_s"] = max(seen["hwm_kb"], hwm), cpu
            time.sleep(0.5)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    time.sleep(3)  # its start (imports): then it builds
    walls = _replies(seconds, 1)
    ended = build.poll() is not None
    build.kill()
    build.wait()
    watcher.join()
    manifest = folder / "wari-endgames" / resources.MANIFEST
    try:
        info = json.loads(manifest.read_text())["values"].get("info") or {}
    except (OSError, ValueError):
        info = {}
    return {"build": " ".join(how), "load_at_start": load, **_ms(walls),
            "build_finished": ended, "tiers_built": len(info.get("tiers", [])),
            "build_peak_rss_mb": round(seen["hwm_kb"] / 1024, 1),
            "build_cpu_s": round(seen["cpu_s"], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--max-seeds", type=int, default=18)
    parser.add_argument("--phases", default="none,idle,nice",
                        help="which phases, in order (none, idle, nice)")
    args = parser.parse_args()
    resources.setup()
    resources.preload()
    _replies(2, 1000)  # the one-time loads: not part of any phase
    kinds = {"none": None, "idle": ["--idle"], "nice": ["--nice", "10"]}
    out = {"date": time.strftime("%Y-%m-%d %H:%M"), "cores": os.cpu_count(),
           "seconds": args.seconds, "max_seeds": args.max_seeds, "phases": []}
    for name in args.phases.split(","):
        out["phases"].append(_phase(kinds[name], args.seconds, args.max_seeds))
        print(json.dumps(out["phases"][-1]), flush=True)
    out["load_at_end"] = os.getloadavg()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
