"""The CPU a review of the 150-move Wari game takes, by today's code and this checkout's in
the same run (issue 39), with what the application provides its players: nothing (Python's
search: a process without the data folder's copies), the compiled search (``wari-search``),
and the compiled search with the endgame database (``wari-endgames``).

Each review runs in a process of its own (``--one``) with the sources of one checkout first
on the path and that checkout's data folder (``LUDOTHEEK_BUILDS=load``: used as it is, nothing
built; a copy of the compiled search is kept for one checkout, so each has its folder):

    nice .venv/bin/python -m benchmarks.review_wari_cpu --today /work/main/src \\
        --today-data DATA_MAIN --data DATA_HERE --out benchmarks/results/review-wari-cpu.json

The time: ``analysis.local.measure_quick`` of every studied position, in this process, the
data sets opened beforehand (their seconds apart).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "benchmarks" / "records" / "analysis-wari.json"
KINDS = ("python", "compiled", "compiled+db")


def one(kind: str, folder: Path) -> dict[str, Any]:
    """The review of :data:`RECORD` here, with the data sets of ``kind`` from ``folder``."""
    from ludotheek.analysis.local import measure_quick
    from ludotheek.analysis.plan import Plan
    from ludotheek.core import resources
    from ludotheek.core.record import Record
    from ludotheek.data import folder as data

    plan = Plan.of(Record.from_json(RECORD.read_text()))
    found = data.setup(folder)
    items: dict[str, Any] = {}
    t0 = time.process_time()
    if kind != "python":
        items["wari-search"] = found.get("wari-search")
    if kind == "compiled+db":
        items["wari-endgames"] = found.get("wari-endgames")
    if any(v is None for v in items.values()):
        raise SystemExit(f"{folder}: {kind} is not there (ludotheek build wari-search "
                         f"wari-endgames with this checkout)")
    opened = time.process_time() - t0
    with resources.using(resources.StaticResources(items)):
        w0, c0 = time.monotonic(), time.process_time()
        measures = measure_quick(plan)
        wall, cpu = time.monotonic() - w0, time.process_time() - c0
    return {"kind": kind, "positions": len(measures), "cpu_s": round(cpu, 3),
            "wall_s": round(wall, 3), "cpu_ms_per_position": round(1000 * cpu / len(measures), 2),
            "data_load_cpu_s": round(opened, 2)}


def run(src: Path, folder: Path, kind: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{ROOT}", "LUDOTHEEK_DATA": str(folder),
           "LUDOTHEEK_BUILDS": "load"}
    env.pop("NUMBA_CACHE_DIR", None)  # the data folder's (data.setup)
    out = subprocess.run([sys.executable, "-m", "benchmarks.review_wari_cpu", "--one", kind,
                          "--data", str(folder)], env=env, cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--today", type=Path, help="today's sources (main's src)")
    ap.add_argument("--today-data", type=Path, help="today's data folder")
    ap.add_argument("--data", type=Path, required=True, help="this checkout's data folder")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--one", choices=KINDS, help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    if args.one:
        print(json.dumps(one(args.one, args.data)))
        return
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load0 = os.getloadavg()[0]
    sides = [("this", ROOT / "src", args.data)]
    if args.today:
        sides.insert(0, ("today", args.today, args.today_data or args.data))
    rows = []
    for r in range(args.rounds):
        for kind in KINDS:
            for name, src, folder in sides:
                rows.append({"round": r, "code": name, **run(src, folder, kind)})
                print(json.dumps(rows[-1]), flush=True)
    if args.out:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                capture_output=True, text=True).stdout.strip()
        args.out.write_text(json.dumps({
            "what": "issue 39: the CPU of a review of the 150-move Wari game, today's code "
                    f"({args.today}) and this checkout's, by what the players are given",
            "command": "python -m benchmarks.review_wari_cpu " + " ".join(sys.argv[1:]),
            "date": started, "load_average": [load0, os.getloadavg()[0]], "commit": commit,
            "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
